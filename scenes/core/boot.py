"""The first scene: straight to a table when --game is given, else the menu."""

from __future__ import annotations

import random

from game import registry
from game.match import SEAT_KINDS
from game.saves import HUMAN_KINDS
from scenes.core import nav, session
from scenes.screens.setup_options import fresh_options
from scenes.tables import registry as tables


def first_scene(app):
    opts = app.opts
    if not opts.game:
        return nav.make(app, "menu")
    if opts.game not in tables.playable():
        raise SystemExit(f"--game: {opts.game!r} has no table; use {', '.join(tables.playable())}")
    info = registry.info(opts.game)
    seats = [s.strip() for s in opts.seats.split(",")] if opts.seats else (
        ["human"] + ["normal"] * (info.min_seats - 1))
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise SystemExit(f"--seats: {opts.game} needs {info.min_seats}–{info.max_seats} seats")
    bad = [s for s in seats if s not in SEAT_KINDS]
    if bad:
        raise SystemExit(f"--seats: unknown kind {bad[0]!r}; use {', '.join(SEAT_KINDS)}")
    if opts.autoplay:
        seats = ["normal" if s in HUMAN_KINDS else s for s in seats]
    if session.uses_phones(seats) and not session.phones_offered(opts.game):
        raise SystemExit(f"--seats: {opts.game} cannot be played from phones yet")
    options = dict(opts.options)
    if opts.time and any(spec.key == "time" for spec in registry.option_specs(opts.game)):
        options.setdefault("time", opts.time)
    options = fresh_options(opts.game, options)
    seed = opts.seed if opts.seed is not None else random.randrange(1, 100000)
    if session.uses_phones(seats):      # the phones join first (the server starts there)
        return nav.make(app, "join", opts.game, seats, seed, options)
    match = session.start(opts.game, seats, seed, options)
    return nav.make(app, "table", match, fresh=True)
