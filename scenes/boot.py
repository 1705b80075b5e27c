"""The first scene: straight to a table when --game is given, else the menu."""

from __future__ import annotations

import random

from game import registry
from game.match import SEAT_KINDS
from scenes import session
from scenes.menu import MenuScene
from scenes.setup import clock_time_of_day


def first_scene(app):
    opts = app.opts
    if not opts.game:
        return MenuScene(app)
    info = registry.info(opts.game)
    seats = [s.strip() for s in opts.seats.split(",")] if opts.seats else (
        ["human"] + ["normal"] * (info.min_seats - 1))
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise SystemExit(f"--seats: {opts.game} needs {info.min_seats}–{info.max_seats} seats")
    bad = [s for s in seats if s not in SEAT_KINDS]
    if bad:
        raise SystemExit(f"--seats: unknown kind {bad[0]!r}; use {', '.join(SEAT_KINDS)}")
    if opts.autoplay:
        seats = ["normal" if s == "human" else s for s in seats]
    options = dict(opts.options)
    if opts.game == "ganjifa":
        options.setdefault("time", opts.time or clock_time_of_day())
    seed = opts.seed if opts.seed is not None else random.randrange(1, 100000)
    match = session.start(opts.game, seats, seed, options)
    return session.make_table(app, match, fresh=True)
