"""Coins that fly (issue 18, art direction §4.5): every coin movement the log shows is
coins in flight on arcs — a fine one coin per liar to the courthouse, the bank paying,
the Witch's swap of whole fortunes — at most six in the air per move; a stack's count
changes when its coins land (never before). Speed 0 and the skip (Space) finish at once;
reduced motion flies nothing and throws no confetti."""

from __future__ import annotations

import pygame

from tests.ui.helpers import key
from tests.ui.mascarade_drive import frame
from tests.ui.mascarade_replay import index_of, played, replay_from


def _fined():
    """A match with a liar fined after a reveal; the index of its claim's reveal."""
    match = played(6, lambda m: any(e.kind == "coins" and e.data["why"] == "fine" for e in m.events))
    fine = index_of(match, "coins", lambda d: d["why"] == "fine")
    reveal = max(i for i, e in enumerate(match.events[:fine]) if e.kind == "reveal")
    return match, reveal, fine


def _to_court(fx) -> int:
    """How many coins are in the air toward the courthouse now."""
    g = fx.coins
    if g is None:
        return 0
    return sum(1 for f in g.flights if f.dst == "court" for s in f.starts if s <= g.t < s + f.dur)


def test_a_fine_flies_to_the_courthouse_and_counts_change_when_it_lands():
    match, reveal, fine = _fined()
    liar = match.events[fine].data["src"]
    app, table = replay_from(match, reveal)
    fx = table.fx
    court0, liar0 = table.model.court, table.model.coins[liar]
    frames = []
    for _ in range(200):
        table.update(1 / 60)
        table.draw(app.screen)
        frames.append((_to_court(fx), len(fx.in_air()), fx.shown_coins("court"), fx.shown_coins(liar)))
        if table.cursor > fine and not table.anim.busy:
            break
    flying = [f for f in frames if f[0] and f[1]]
    assert flying, "no coin flew to the courthouse"
    assert all(n <= 6 for _, n, _, _ in frames)
    # while the first fine is in the air the courthouse has not counted it yet
    first = next(i for i, f in enumerate(frames) if f[0] and f[1])
    assert frames[first][2] == court0
    courts = [f[2] for f in frames]
    assert courts == sorted(courts), "the courthouse's count went down"
    rise = next(i for i, c in enumerate(courts) if c > court0)
    assert rise > first, "the courthouse counted the fine before it landed"
    assert table.model.court > court0 and courts[-1] == table.model.court
    assert frames[-1][3] == table.model.coins[liar] < liar0


def public_through(match, last: int) -> int:
    return sum(1 for e in match.events[:last + 1] if e.to is None)


def test_speed_zero_and_the_skip_finish_at_once():
    match, reveal, fine = _fined()
    app, table = replay_from(match, reveal, speed=0.0)
    for _ in range(2):                    # the events taken, then their motions done
        table.update(1 / 60)
        assert not table.fx.in_air()
    assert table.model.applied >= public_through(match, fine) and table.fx.coins is None
    app, table = replay_from(match, reveal, speed=1.0)
    for _ in range(200):                  # run until the fines are in the air
        frame(app, 1 / 60)
        if table.fx.in_air():
            break
    assert table.fx.in_air()
    key(pygame.K_SPACE)                   # the table's skip
    frame(app, 0.0)
    assert table.fx.coins is None and not table.fx.in_air()
    assert table.model.applied >= public_through(match, fine)
    assert table.fx.shown_coins("court") == table.model.court


def test_reduced_motion_flies_no_coins_and_throws_no_confetti():
    match = played(5, lambda m: m.is_over())
    end = index_of(match, "end")
    start = max(i for i, e in enumerate(match.events[:end]) if e.kind == "coins" and e.data["amount"])
    seen = {}
    for reduced in (False, True):
        app, table = replay_from(match, start - 1, reduced=reduced)
        coins = confetti = 0
        for _ in range(400):
            table.update(1 / 60)
            coins += len(table.fx.in_air())
            confetti += len(table.fx.confetti())
            if table.match.is_over() and not table.anim.busy:
                break
        assert table.model.coins == list(match.events[end].data["coins"])
        seen[reduced] = (coins, confetti)
    assert seen[False][0] > 0 and seen[False][1] >= 24      # the checks can see them
    assert seen[True] == (0, 0)


def test_the_witch_swaps_whole_fortunes_in_flight():
    match = played(6, lambda m: any(e.kind == "witch" and e.data["target"] is not None for e in m.events),
                   seeds=range(1, 200))
    w = index_of(match, "witch", lambda d: d["target"] is not None)
    ev = match.events[w]
    app, table = replay_from(match, w)
    a, b = ev.seat, ev.data["target"]
    before = (table.model.coins[a], table.model.coins[b])
    stacks = []
    for _ in range(120):
        table.update(1 / 60)
        if table.fx.coins is not None and ev in table.fx.coins.events:
            stacks += [n for _, _, n in table.fx.in_air()]
        if table.cursor > w and not table.anim.busy:
            break
    assert {n for n in stacks if n > 1} == {n for n in before if n > 1}, (stacks, before)
    assert (table.model.coins[a], table.model.coins[b]) == (before[1], before[0])
