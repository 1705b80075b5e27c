"""A small slice of the conformance run (the full one: ``python -m
game.mascarade.conformance --games 10000``): 50 seeded random games per count 2–13."""

from __future__ import annotations

from game.mascarade import conformance


def test_random_games_conserve_coins_and_replay():
    report = conformance.run(50, range(2, 14), seed=11)
    assert report["violations"] == 0, report["samples"]
    assert report["replay_mismatches"] == 0, report["samples"]
    for n, row in report["counts"].items():
        assert sum(row["end_reasons"].values()) == 50
        assert "turn_limit" not in row["end_reasons"], n


def test_flag_variants_are_exercised():
    opts = [conformance.options_for(8, i) for i in range(32)]
    assert {"small_table_mode": "official"} in [conformance.options_for(3, i) for i in range(32)]
    assert {"extra_middle_cards": 2} in opts and {"widow_mode": "topup", "witch_may_decline": False,
                                                 "thief_two_player": "once"} in opts
    assert conformance.options_for(3, 7) == {}        # no extras below 6 players
