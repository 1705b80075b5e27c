"""The "phone" seat kind on the pygame side: ``--seats`` takes it, ``--autoplay`` gives it
to an AI like a screen seat, and tables and the statistics name it as a person."""

from __future__ import annotations

import pytest

from game.history import build
from scenes.core.boot import first_scene
from scenes.core.i18n import t
from scenes.screens.stats_text import seat_name
from tests.ui.helpers import make_app


def test_seats_phone_on_the_command_line_opens_the_join_panel_with_those_seats():
    from scenes.core import phone_host
    app = make_app(game="kowah", seats="phone,normal,phone", seed=3)
    panel = first_scene(app)
    try:
        assert type(panel).__name__ == "JoinPanel" and panel.seats == ["phone", "normal", "phone"]
        assert [s.kind for s in panel.party.room.slots] == ["phone", "normal", "phone"]
        assert panel.party.room.phone_seats() == [0, 2]
    finally:
        phone_host.end(app)


def test_autoplay_gives_phone_seats_to_the_ai_too():
    app = make_app(game="ganjifa", seats="phone,human,hard", seed=3, autoplay=True)
    table = first_scene(app)
    assert [s.kind for s in table.match.seats] == ["normal", "normal", "hard"]
    table.match.close()


def test_an_unknown_seat_kind_names_phone_among_the_choices():
    app = make_app(game="ganjifa", seats="fone,human,hard", seed=3)
    with pytest.raises(SystemExit, match="phone"):
        first_scene(app)


def test_the_statistics_name_a_phone_seat_as_a_person():
    rec = build({"game": "ganjifa", "seed": 1, "options": {}, "seats": ["phone", "normal", "human"],
                 "actions": [], "version": 1}, winners=[0], scores=[60, 30, 30])
    assert seat_name(rec, 0) == t("seat.player", n=1) and seat_name(rec, 2) == t("seat.player", n=3)
    solo = build({"game": "ganjifa", "seed": 1, "options": {}, "seats": ["phone", "hard", "hard"],
                  "actions": [], "version": 1}, winners=[0], scores=[60, 30, 30])
    assert seat_name(solo, 0) == t("seat.you")
