"""A replay reproduces the recorded events exactly (issue 11's figure), for a sample of
seeded games of every game played headless by AI seats; stepping back lands on the very
state stepping forward left; hidden truth only once the game is over."""

from __future__ import annotations

import json
import random

import pytest

from game.match import Match, Seat
from game.replay import NotOver, Replay
from game.storage import SaveError

SEATS = {"ganjifa": 3, "kowah": 3, "daotam": [3, 4, 5], "mascarade": [2, 5, 9]}
LEVELS = ("random", "easy", "normal")


def play(game: str, n: int, seed: int) -> Match:
    rng = random.Random(seed)
    m = Match(game, [Seat(rng.choice(LEVELS)) for _ in range(n)], seed=seed, think_scale=0)
    t = 0.0
    while not m.is_over() and t < 50_000:
        t += 0.25
        m.tick(t)
    assert m.is_over()
    return m


def cases():
    for game, counts in SEATS.items():
        counts = counts if isinstance(counts, list) else [counts]
        for k, seed in enumerate((3, 41, 977)):
            yield game, counts[k % len(counts)], seed


def tup(events):
    return [tuple(e) for e in events]


@pytest.mark.parametrize("game,n,seed", list(cases()))
def test_replay_reproduces_the_recorded_events_exactly(game, n, seed):
    m = play(game, n, seed)
    record = json.loads(json.dumps({**m.to_json(), "winners": list(m.result().winners)}))
    r = Replay(record, every=7)
    assert r.over and r.length == len(m.log)
    assert tup(r.events(r.length, everything=True)) == tup(m.events)
    # step by step: each move's events, the concatenation, and a Match built at any step
    seen = tup(r.step_events(0))
    while r.pos < r.length:
        seen += tup(r.forward())
    assert seen == tup(m.events)
    for step in (0, 1, r.length // 3, r.length - 1, r.length):
        rebuilt = r.match_at(step)
        assert tup(rebuilt.events) == tup(r.events(step, everything=True))
        assert rebuilt.log == list(m.log[:step])
    assert r.match_at(r.length).is_over()
    # per-seat: what each seat saw is exactly what the Match showed that seat
    for s in range(n):
        assert tup(r.events(r.length, seat=s)) == tup(e for e in m.events if e.visible_to(s))


@pytest.mark.parametrize("game", list(SEATS))
def test_stepping_back_lands_on_the_state_forward_left(game):
    n = SEATS[game] if isinstance(SEATS[game], int) else SEATS[game][0]
    m = play(game, n, 5)
    r = Replay(m.to_json(), every=5)
    views = []
    for step in range(r.length + 1):
        r.seek(step)
        views.append([repr(r.view(s)) for s in range(n)])
    for step in range(r.length, -1, -1):
        r.seek(step)
        assert [repr(r.view(s)) for s in range(n)] == views[step]
        r.back()
    assert r.pos == 0


def test_the_hidden_truth_waits_for_the_end():
    m = Match("mascarade", [Seat("human")] + [Seat("easy") for _ in range(4)], seed=8, think_scale=0)
    t = 0.0
    while len(m.log) < 12:
        t += 0.25
        m.tick(t)
        if 0 in m.active_seats():
            m.submit(0, m.legal_actions(0)[0])
    r = Replay(m.to_json())
    assert not r.over
    r.seek(r.length)
    with pytest.raises(NotOver):
        r.full_state()
    with pytest.raises(NotOver):
        r.hidden_events()
    with pytest.raises(NotOver):
        r.events(everything=True)
    assert all(e.visible_to(0) for e in r.events(seat=0))


def test_hidden_events_name_mascarade_swaps_and_daotam_claims():
    masc = Replay(play("mascarade", 5, 3).to_json())
    kinds = {e.kind for _, e in masc.hidden_events(masc.length)}
    assert "swap_bit" in kinds
    dt = Replay(play("daotam", 4, 3).to_json())
    assert "claim_cards" in {e.kind for _, e in dt.hidden_events(dt.length)}


@pytest.mark.parametrize("bad,key", [
    ("nonsense", "save.not_a_save"),
    ({"version": 1, "game": "chess", "seed": 1, "seats": ["human"], "actions": []}, "save.unknown_game"),
    ({"version": 1, "game": "kowah", "seed": 1, "seats": ["human"] * 3,
      "actions": [[2, ["play", 1]]]}, "save.no_replay"),
    ({"version": 1, "game": "kowah", "seed": 1, "seats": ["human"] * 9, "actions": []}, "save.bad_setup"),
])
def test_a_bad_record_says_why(bad, key):
    with pytest.raises(SaveError) as err:
        Replay(bad)
    assert err.value.key == key


def test_export_then_import_gives_the_same_game(tmp_path):
    from game.replay import export_record, import_record
    m = play("kowah", 3, 12)
    path = export_record(m.to_json(), tmp_path / "exports")
    assert path.parent.name == "exports" and path.stat().st_size < 20_000
    again = Replay(import_record(path))
    assert tup(again.events(again.length, everything=True)) == tup(m.events)
    assert export_record(m.to_json(), tmp_path / "exports") != path


@pytest.mark.parametrize("content,key", [
    (None, "replay.no_file"), (b"\xff\xfe", "save.damaged"), (b"{}", "save.not_a_save"),
    (b'{"version": 1, "game": "kowah", "seed": 1, "seats": ["human","human","human"], '
     b'"actions": [[0, ["nonsense"]]]}', "save.no_replay"),
])
def test_a_bad_file_is_refused_with_a_reason(tmp_path, content, key):
    from game.replay import import_record
    path = tmp_path / "x.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        import_record(path)
    assert err.value.key == key


def test_a_rematch_gives_the_human_the_next_seats_cards():
    from game.replay import rotated
    seats = ["human", "normal", "hard"]
    again = rotated(seats)
    assert again == ["hard", "human", "normal"] and rotated(["human", "easy"]) == ["easy", "human"]
    first = Match("kowah", [Seat(k) for k in seats], seed=31)
    second = Match("kowah", [Seat(k) for k in again], seed=31)
    human = again.index("human")
    assert second.view(human).hand == first.view(1).hand      # the next seat's cards
    assert second.view(human).hand != first.view(0).hand


def test_record_of_adds_the_result():
    from game.replay import record_of
    m = play("ganjifa", 3, 2)
    record = record_of(m)
    assert record["winners"] == list(m.result().winners) and Replay(record).over
