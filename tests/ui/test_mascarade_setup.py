"""Mascarade's setup starts at a count the rules suggest for a first game (issue 15: it
started at 2 players; the rules suggest 4–8), read from data/mascarade.yaml, and still
offers every count from 2 to 13. A broken value in the data names its field."""

from __future__ import annotations

import pytest

from game import registry
from game.cards import DataError
from game.mascarade.data import default_rules
from scenes.core import nav
from tests.data.test_mascarade_yaml import broken
from tests.ui.helpers import make_app


def test_a_fresh_mascarade_setup_seats_you_and_four_ais():
    app = make_app()
    setup = nav.reset(app, "setup", "mascarade")
    app.step()
    assert setup.seats == ["human", "normal", "normal", "normal", "normal"]
    assert len(setup.seats) == default_rules().first_game_players == 5
    assert 4 <= len(setup.seats) <= 8                       # the rules' first-game range
    assert setup.count_row.values == list(range(2, 14))     # every count is still offered
    setup.set_seat_count(2)
    assert setup.seats == ["human", "normal"]
    setup.set_seat_count(13)
    assert len(setup.seats) == 13


def test_seats_given_to_the_setup_are_kept():
    """Deal again / a deal code bring their own seats: the suggestion is only a start."""
    app = make_app()
    setup = nav.reset(app, "setup", "mascarade", ["human", "hard", "easy"])
    assert setup.seats == ["human", "hard", "easy"]
    assert registry.first_seat_count("kowah") == 3        # a game without a suggestion


@pytest.mark.parametrize("value, words", [(1, "between 2 and 13"), (14, "between 2 and 13"),
                                          ("five", "must be int")])
def test_a_bad_first_game_count_names_its_field(tmp_path, value, words):
    err = broken(tmp_path, lambda d: d.update(first_game_players=value))
    assert isinstance(err, DataError) and "first_game_players" in str(err) and words in str(err)
