"""Privacy on the wire, over every game: what a phone is sent (its screen message: the
presenter's screen and the seat's wire view) is byte-identical for two games that differ
only in the cards that seat cannot see (the other hands, the deck order), at every step
of seeded playouts. The phone is never sent the state, another seat's view, the deck or
the RNG — so nothing of them can reach its bytes."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from game import registry, wire
from game.match import Match, Seat
from party.room import Room
from tests.party.fakes import FakeConn

GAMES = sorted(registry.GAMES)


def sent_screen(match: Match, seat: int, code: str) -> str:
    """The screen message one phone on ``seat`` is sent for ``match`` now."""
    room = Room(match.game, ["phone"] * len(match.seats), code=code)
    conn = FakeConn()
    room.slots[seat].token, room.slots[seat].conn, room.slots[seat].name = "t", conn, "P"
    room.start()
    room.publish(match, 1.0)
    return next(text for text in conn.texts if '"type":"screen"' in text)


def with_state(match: Match, state) -> Match:
    other = copy.copy(match)
    other.state = state
    return other


@pytest.mark.parametrize("game", GAMES)
def test_other_seats_hidden_cards_never_change_a_phones_bytes(game):
    info = registry.info(game)
    n = max(info.min_seats, min(4, info.max_seats))
    checked = differed = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        match = Match(game, [Seat("phone") for _ in range(n)], seed=seed, timers=False)
        for step in range(60):
            if match.is_over():
                break
            if step % 6 == 0:
                for seat in range(n):
                    redealt = wire.contract(game).redeal_hidden(match.state, seat, rng)
                    mine = sent_screen(match, seat, "ABCD")
                    theirs = sent_screen(with_state(match, redealt), seat, "ABCD")
                    assert mine == theirs, f"{game} seed {seed} step {step} seat {seat}"
                    checked += 1
                    differed += pickle.dumps(match.state) != pickle.dumps(redealt)   # it did redeal
            seat = match.active_seats()[0]
            match.submit(seat, rng.choice(match.legal_actions(seat)))
    assert checked >= 2 * n
    assert differed >= checked // 2, "the redeal seldom changed the hidden cards: the test sees little"
