"""The statistics the screen shows, on a small history whose answers are known."""

from __future__ import annotations

import pytest

from game import history
from game.history.queries import streaks
from game.history.record import build

DAY = 86400.0
T0 = 1_780_000_000.0


def _rec(seats, winners, scores, t, assisted=False, game="ganjifa"):
    log = {"version": 1, "game": game, "seed": 1, "options": {}, "seats": seats,
           "actions": [[0, ["play", 1]]], "over": True}
    return build(log, winners, scores, "most_cards", assisted=assisted, finished_at=t,
                 duration_s=60)


H, E, N = "human", "easy", "normal"
GAMES = [
    # seats,        winners, scores,        day
    ([H, E, E],     [0],     [60, 30, 30],  0),    # easy: W
    ([H, E, E],     [1],     [20, 70, 30],  0),    # easy: L
    ([E, H, E],     [1],     [30, 60, 30],  1),    # easy: W (seat 1)
    ([E, E, H],     [2],     [30, 30, 60],  1),    # easy: W (seat 2)
    ([H, N, N],     [1],     [0, 80, 40],   2),    # normal: L
    ([H, N, N],     [0, 1],  [50, 50, 20],  2),    # normal: shared first place counts: W
    ([H, H, N],     [2],     [30, 30, 60],  3),    # party vs normal: L
]


@pytest.fixture
def reader(tmp_path):
    r = history.Recorder(tmp_path / "h.db")
    for i, (seats, winners, scores, day) in enumerate(GAMES):
        r.record(_rec(seats, winners, scores, T0 + day * DAY + i))
    r.record(_rec([H, E, E], [0], [2, 0, 0], T0 + 5 * DAY, assisted=True))
    r.record(_rec([H, E, E], [0], [3, 0, 0], T0 + 5 * DAY + 1, game="kowah"))
    r.close()
    out = history.HistoryReader.open(tmp_path / "h.db")
    yield out
    out.close()


def test_streaks():
    assert streaks([]) == (0, 0)
    assert streaks([1, 1, 0, 1, 1, 1, 0]) == (0, 3)
    assert streaks([0, 1, 1]) == (2, 2)


def test_per_level_vs_ais(reader):
    s = reader.stats("ganjifa", "ai")
    assert [row.level for row in s.levels] == ["easy", "normal"]
    easy, normal = s.levels
    assert (easy.played, easy.wins, easy.streak, easy.best_streak) == (4, 3, 2, 2)
    assert easy.win_rate == 0.75
    assert easy.avg_share == pytest.approx((0.5 + 20 / 120 + 0.5 + 0.5) / 4)
    assert easy.avg_score == pytest.approx((60 + 20 + 60 + 60) / 4)
    assert (normal.played, normal.wins, normal.streak, normal.best_streak) == (2, 1, 1, 1)
    assert s.total.played == 6 and s.total.wins == 4
    assert (s.total.streak, s.total.best_streak) == (1, 2)


def test_modes_split_and_all_modes(reader):
    assert reader.stats("ganjifa", "party").total.played == 1
    party = reader.stats("ganjifa", "party")
    assert party.levels[0].avg_score == 30          # the mean of both human seats
    assert reader.stats("ganjifa", "assisted").total.wins == 1
    everything = reader.stats("ganjifa")
    assert everything.total.played == 8 and everything.total.wins == 5
    assert reader.stats("kowah").total.played == 1
    assert reader.stats("mascarade").empty


def test_win_rate_over_time(reader):
    s = reader.stats("ganjifa", per=3)
    assert [(b.first, b.games, b.wins) for b in s.over_time] == [(1, 3, 2), (4, 3, 2), (7, 2, 1)]
    days = reader.per_day("ganjifa")
    assert [(d.games, d.wins) for d in days] == [(2, 1), (2, 2), (2, 1), (1, 0), (1, 1)]


def test_results_per_seat(reader):
    seats = {row.seat: row for row in reader.stats("ganjifa", "ai").seats}
    assert (seats[0].played, seats[0].wins) == (4, 2)
    assert (seats[1].played, seats[1].wins) == (1, 1)
    assert (seats[2].played, seats[2].wins) == (1, 1)
    assert seats[1].games == 6 and seats[1].seat_wins == 4      # whoever sat there


def test_recent_list_newest_first_without_logs(reader):
    rows = reader.recent("ganjifa", limit=3)
    assert [r["finished_at"] for r in rows] == sorted((r["finished_at"] for r in rows), reverse=True)
    assert rows[0]["assisted"] and "actions" not in rows[0]
    full = reader.record(rows[0]["id"])
    assert full["actions"] == [[0, ["play", 1]]] and full["id"] == rows[0]["id"]
    assert reader.record(10_000) is None
    assert reader.counts_by_game() == {"ganjifa": 8, "kowah": 1}
