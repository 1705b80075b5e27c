"""Adding a game touches its own engine package, its own table, its data files and one
registry line each side. Held here with a throwaway game written to tmp_path: a tiny
ruleset with 2–4 seats and one YAML option, and a tiny TableScene subclass, registered with
one call each; it shows on the menu, its setup screen follows its seat range and option,
a match starts and the table draws. No module of the project is edited for it.
"""

from __future__ import annotations

import textwrap

import pygame
import pytest

from game import registry
from game.match import SEAT_KINDS
from game.registry import GameInfo
from scenes import i18n, nav
from scenes.tables import registry as tables
from scenes.tables.base import TableScene
from scenes.tables.registry import TableInfo
from tests.ui.helpers import click, make_app

RULES = '''
from game.core import Event, IllegalAction, Result


class TinyState:
    """Each seat in turn takes one card from its pile; the last one to take wins."""

    def __init__(self, n_seats, seed, options):
        if set(options) - {"cards"}:
            raise ValueError(f"unknown tiny option(s): {sorted(set(options) - {'cards'})}")
        self.n_seats, self.turn = n_seats, 0
        self.left = [int(options.get("cards", 3))] * n_seats

    def active_seats(self):
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat):
        return [("take",)] if seat in self.active_seats() else []

    def apply(self, seat, action):
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"Seat {seat} may not {action!r} now.", "illegal")
        self.left[seat] -= 1
        self.turn = (self.turn + 1) % self.n_seats
        return [Event("take", seat, {"left": self.left[seat]})]

    def window(self):
        return None

    def view(self, seat):
        return {"left": tuple(self.left), "turn": self.turn}

    def is_over(self):
        return not any(self.left)

    def result(self):
        if not self.is_over():
            return None
        last = (self.turn - 1) % self.n_seats
        return Result((last,), tuple(int(s == last) for s in range(self.n_seats)))

    def clone(self):
        import copy
        return copy.deepcopy(self)

    def deal_events(self):
        return []


def new_game(n_seats=2, seed=0, options=None):
    return TinyState(n_seats, seed, options or {})
'''

AI = '''
class Taker:
    level, think_delay = "normal", 0.0

    def observe(self, events):
        pass

    def decide(self, view, legal):
        return legal[0]


def make_agent(level, seat, seed):
    return Taker()
'''

PROGRESS = '''
def progress(view):
    return "progress.tiny", {"left": sum(view["left"])}
'''

TABLE = '''
from scenes.tables.base import TableScene


class TinyTable(TableScene):
    rules_game = "tiny"

    def __init__(self, app, match, viewer=None, fresh=False):
        self.drawn = 0
        super().__init__(app, match, viewer)

    def draw_game(self, surface):
        self.drawn += 1
        left = self.match.view(None)["left"]
        for seat in range(self.n):
            self.plates.draw(surface, seat, self.plates.anchor(seat),
                            [self.seat_name(seat), str(left[seat])])
'''

YAML = '''
game: tiny
options:
  cards: {default: 3, values: [2, 3], label: tiny.cards, choice_label: "tiny.cards_{value}"}
'''

STRINGS = {"menu.play_tiny": "Tiny Takes", "game.tiny": "Tiny Takes", "short.tiny": "Tiny",
           "tiny.cards": "Cards each", "tiny.cards_2": "Two", "tiny.cards_3": "Three",
           "progress.tiny": "{left} left"}


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    """The throwaway game on disk, its strings in both languages, the registries restored
    afterwards."""
    pkg = tmp_path / "tinygame"
    pkg.mkdir()
    for name, text in {"__init__": "", "rules": RULES, "ai": AI, "progress": PROGRESS}.items():
        (pkg / f"{name}.py").write_text(textwrap.dedent(text), encoding="utf-8")
    (tmp_path / "tinytable.py").write_text(TABLE, encoding="utf-8")
    (tmp_path / "tiny.yaml").write_text(YAML, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))
    monkeypatch.setattr(tables, "TABLES", dict(tables.TABLES))
    for lang in ("en", "vi"):     # what the game's lines in data/i18n/*.yaml would say
        for key, text in STRINGS.items():
            monkeypatch.setitem(i18n.strings(lang), key, text)
    # the one line each registry gets:
    registry.register(GameInfo("tiny", "tinygame", 2, 4, data=str(tmp_path / "tiny.yaml")))
    tables.register(TableInfo("tiny", "tinytable:TinyTable", ("bottom", "top")))
    return "tiny"


def seat_rows(setup) -> list:
    return [r for r in setup.rows if getattr(r, "values", None) == list(SEAT_KINDS)]


def test_a_registered_game_is_on_the_menu_and_plays(tiny):
    app = make_app()
    menu = nav.reset(app, "menu")
    app.step()
    assert menu.games[-1] == "tiny" and menu.games == tables.playable()
    button = next(b for b in menu.row.buttons if b.label == "Tiny Takes")
    click(button.rect.center)
    app.step()

    setup = app.stack.top
    assert setup.game == "tiny"
    # the seat rows follow the engine's range: min seats at first, a Players row to add more
    rows = seat_rows(setup)
    assert [r.label() for r in rows] == ["Seat 1 (bottom)", "Seat 2 (top)"]
    assert setup.count_row is not None and setup.count_row.values == [2, 3, 4]
    click(setup.count_row.parts()["forward"].center)
    app.step()
    assert [r.label() for r in seat_rows(setup)] == ["Seat 1 (bottom)", "Seat 2 (top)", "Seat 3"]
    click(setup.count_row.parts()["forward"].center)
    click(setup.count_row.parts()["forward"].center)       # 4 is the most: stays 4
    app.step()
    assert len(setup.seats) == 4 and len(seat_rows(setup)) == 4
    click(setup.count_row.parts()["back"].center)
    app.step()
    assert setup.seats == ["human", "normal", "normal"]
    # the YAML option: its label, choices and default
    cards = next(r for r in setup.rows if r.label() == "Cards each")
    assert cards.values == [2, 3] and cards.text() == "Three" and setup.options["cards"] == 3
    click(cards.button.rect.center)
    app.step()
    assert setup.options["cards"] == 2
    for i in range(1, 3):           # AIs of a game registered at run time would think in the
        setup.seats[i] = "human"    # worker process, which only knows the GAMES lines
    click(setup.start_button.rect.center)
    app.step()

    table = app.stack.top
    while not isinstance(table, TableScene):        # hot seat: the first handoff screen
        table.confirm()
        app.step()
        table = app.stack.top
    assert type(table).__name__ == "TinyTable"
    assert table.match.game == "tiny" and len(table.match.seats) == 3
    assert table.match.options == {"cards": 2}
    drawn = table.drawn
    app.step()
    assert table.drawn > drawn
    assert pygame.display.get_surface().get_size() == (1280, 720)


def test_the_registered_game_deals_again_with_its_seats_and_option(tiny):
    from game.match import Match, Seat
    app = make_app()
    match = Match("tiny", [Seat("human")] * 3, seed=7, options={"cards": 2})
    again = nav.reset(app, "deal_again", match)
    assert again.game == "tiny" and len(again.seats) == 3 and again.options == {"cards": 2}
    assert again.seed == 8
