"""Undo against AIs (game/undo.py) and the ``assisted`` mark (Match, saves)."""

from __future__ import annotations

import json

import pytest

from game import undo
from game.match import Match, Seat
from game.saves import parse_save
from game.storage import SaveError


def _match(game: str, seed: int, humans: int = 1, path=None) -> Match:
    n = 4 if game in ("daotam", "mascarade") else 3
    kinds = ["human"] * humans + ["normal"] * (n - humans)
    return Match(game, [Seat(k) for k in kinds], seed, think_scale=0.0, save_path=path)


def play(match: Match, human_moves: int, pick=lambda legal, n: legal[n % len(legal)]) -> None:
    """Seat 0 makes ``human_moves`` moves (AIs in between); stops at the end of the hand."""
    now, done = 0.0, 0
    while done < human_moves and not match.is_over():
        if 0 in match.active_seats():
            match.submit(0, pick(match.legal_actions(0), len(match.log)))
            done += 1
        else:
            now += 1.0
            match.tick(now)


def until_human(match: Match) -> None:
    now = 0.0
    while 0 not in match.active_seats() and not match.is_over():
        now += 1.0
        match.tick(now)


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
def test_undo_equals_a_fresh_replay_of_the_shorter_log(game: str, tmp_path) -> None:
    m = _match(game, 21, path=tmp_path / "s.json")
    play(m, 9)
    until_human(m)
    keep = undo.undo_point(m.log, 0)
    old_log = list(m.log)
    back = undo.rewound(m, 0)
    assert back.log == old_log[:keep]
    end = keep
    while end < len(old_log) and old_log[end][0] == 0:
        end += 1
    assert end > keep and all(s != 0 for s, _ in old_log[end:])     # only AI moves dropped after it
    fresh = Match(game, [Seat(s.kind) for s in back.seats], 21, think_scale=0.0)
    for seat, action in old_log[:keep]:
        fresh.submit(seat, action)
    assert back.view(0) == fresh.view(0) and back.view(None) == fresh.view(None)
    assert back.active_seats() == (0,)
    assert back.assisted and not fresh.assisted
    saved = json.loads((tmp_path / "s.json").read_text())
    assert saved["assisted"] is True and len(saved["actions"]) == keep


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
def test_after_undo_the_ais_choose_the_same_again(game: str) -> None:
    m = _match(game, 8)
    play(m, 7)
    until_human(m)
    a = undo.rewound(m, 0)
    b = Match.from_json(a.to_json(), think_scale=0.0)
    for x in (a, b):            # the same human moves after the undo ...
        play(x, 5, pick=lambda legal, n: legal[-1])
        until_human(x)
    assert a.log == b.log       # ... and the AIs answer exactly alike


def test_undo_takes_back_a_whole_dukal_give_up() -> None:
    log = [(1, ("dukal", (1, 2, 3))), (0, ("give", 5)), (0, ("give", 9)), (0, ("give", 7))]
    assert undo.undo_point(log, 0) == 1
    assert undo.undo_point([(1, ("play", 3))], 0) is None
    assert undo.undo_point([(0, ("draw",)), (0, ("discard", 4)), (1, ("draw",))], 0) == 1


def test_undo_is_refused_where_not_allowed() -> None:
    party = _match("kowah", 2, humans=2)
    play(party, 2)
    assert undo.refusal(party, 0) == "hints.undo_party"
    for game in ("daotam", "mascarade"):
        assert undo.refusal(_match(game, 2), 0) == "hints.undo_game"
    fresh = _match("ganjifa", 2)
    if 0 not in fresh.active_seats() or not fresh.log:
        assert undo.refusal(fresh, 0) in ("hints.undo_nothing", None)
    assert undo.refusal(_match("kowah", 3), 0) == "hints.undo_nothing"
    with pytest.raises(ValueError):
        undo.rewound(party, 0)


def test_assisted_is_saved_and_restored_and_old_saves_lack_it() -> None:
    m = _match("kowah", 4)
    play(m, 3)
    data = m.to_json()
    assert data["assisted"] is False
    m.assisted = True
    again = Match.from_json(m.to_json(), think_scale=0.0)
    assert again.assisted is True and again.log == m.log
    old = dict(data)
    del old["assisted"]
    assert parse_save(old).assisted is False
    assert Match.from_json(old, think_scale=0.0).assisted is False
    with pytest.raises(SaveError):
        parse_save({**data, "assisted": "yes"})
