"""Deal codes on the table and the results panel; Rematch, Replay and Export on the
results panel; the setup screen's deal-code row (typing a code plays that deal)."""

from __future__ import annotations

import json

import pygame

from game.autoplay import play_first_legal
from game.dealcode import encode
from game.match import Match, Seat
from scenes.core.i18n import t
from scenes.screens.replay import ReplayScene
from scenes.screens.results import ResultsScene
from scenes.screens.setup import SetupScene
from scenes.tables.base import TableScene
from scenes.tables.ganjifa import GanjifaTable
from tests.ui.helpers import click, key, make_app, post, strings_drawn

SEATS = ["human", "normal", "hard"]


def finished(app, seed=2024, options=None):
    match = Match("ganjifa", [Seat(k) for k in SEATS], seed, options or {"time": "night"})
    play_first_legal(match)
    table = GanjifaTable(app, match)
    app.stack.reset(table)
    table.over_shown = True
    results = ResultsScene(app, table)
    app.stack.push(results)
    app.step()
    return table, results


def button(results, key_):
    return next(b for b in results.row.buttons if b.label == t(key_))


def test_the_table_header_and_the_results_show_the_deal_code():
    app = make_app()
    table, results = finished(app)
    code = encode("ganjifa", 3, {"time": "night", "void_rule": "choice"}, 2024)
    assert table.header.deal_code() == code
    assert "· " + t("replay.code", code=code) in strings_drawn(lambda: table.draw(app.screen))
    assert t("replay.code", code=code) in strings_drawn(lambda: results.draw(app.screen))
    assert "Deal #2024" in strings_drawn(lambda: results.draw(app.screen))


def test_rematch_deals_the_same_cards_with_the_seats_turned():
    app = make_app()
    table, results = finished(app)
    first = table.match
    click(button(results, "replay.rematch").rect.center)
    app.step()
    new = app.stack.top
    assert isinstance(new, TableScene) and new is not table
    m = new.match
    assert m.seed == first.seed and m.options == first.options
    assert [s.kind for s in m.seats] == ["hard", "human", "normal"]
    fresh = Match("ganjifa", [Seat("human") for _ in range(3)], first.seed, first.options)
    assert m.view(1).hand == fresh.view(1).hand          # the human holds seat 1's cards now
    assert new.viewer == 1
    m.close()


def test_export_and_replay_from_the_results(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    app = make_app()
    table, results = finished(app)
    click(button(results, "replay.export_short").rect.center)
    app.step()
    files = list((tmp_path / "exports").glob("ganjifa-2024-*.json"))
    assert len(files) == 1
    data = json.loads(files[0].read_text())
    assert data["winners"] == list(table.match.result().winners) and data["actions"]
    assert results.note.startswith(t("replay.exported", path="")[:5])
    click(button(results, "replay.watch").rect.center)
    app.step()
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.replay.over


def type_text(text: str) -> None:
    for ch in text:
        post(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch)


def open_code_row(game="ganjifa"):
    app = make_app()
    setup = SetupScene(app, game, seed=42)
    app.stack.push(setup)
    app.step()
    click(setup.code_row.button.rect.center)
    app.step()
    assert setup.code_row.editing
    return app, setup


def test_the_code_row_shows_the_code_of_the_deal_being_set_up():
    app = make_app()
    setup = SetupScene(app, "kowah", seed=77, options={"rediscard_taken_card": False})
    app.stack.push(setup)
    app.step()
    assert setup.code_row.text() == encode("kowah", 3, {"rediscard_taken_card": False}, 77)


def test_typing_a_code_sets_the_deal_and_its_options():
    app, setup = open_code_row()
    code = encode("ganjifa", 3, {"time": "day", "void_rule": "strict"}, 31337)
    type_text(code.lower())
    key(pygame.K_RETURN)
    app.step()
    assert not setup.code_row.editing and setup.seed == 31337
    assert setup.options["time"] == "day" and setup.options["void_rule"] == "strict"


def test_a_code_of_another_game_opens_that_games_setup():
    app, setup = open_code_row()
    code = encode("mascarade", 7, {}, 555)
    type_text(code)
    key(pygame.K_RETURN)
    app.step()
    top = app.stack.top
    assert isinstance(top, SetupScene) and top.game == "mascarade"
    assert top.seed == 555 and len(top.seats) == 7


def test_a_mistyped_code_says_why_and_keeps_typing():
    app, setup = open_code_row()
    code = encode("ganjifa", 3, {}, 31337)
    bad = code[:-1] + ("A" if code[-1] != "A" else "B")
    type_text(bad)
    key(pygame.K_RETURN)
    app.step()
    row = setup.code_row
    assert row.editing and row.warning and row.note() == t("replay.code_check")
    assert setup.seed == 42
    assert t("replay.code_check") in strings_drawn(lambda: setup.draw(app.screen))
    key(pygame.K_ESCAPE)
    app.step()
    assert not row.editing and app.stack.top is setup
