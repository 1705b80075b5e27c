"""Adding a game touches its own folders and one registry line each side (issue 16,
item 6). Held here with a throwaway fifth game written to tmp_path as exactly three
folders (``FILES``): its engine package (descriptor, rules with a hidden pile and a
``truth``, agents, progress, hints; no deck module), its table package (a tiny
TableScene subclass, no front) and its data folder (its YAML with one option, its
strings in both languages, its rules document), registered with one call each. It passes
the launch's data check (and a broken file of its own stops the launch by name), shows
on the menu, its setup follows its seat range and option, its AI seat plays in the agent
worker process to the end, F1 shows its rules, H its hint, the results' Replay shows
what really happened faces up, and the statistics count it. No module of the project is
edited for it.
"""

from __future__ import annotations

import sys
import textwrap
import time

import pygame
import pytest

from game import registry
from scenes.core import nav
from scenes.tables import registry as tables
from scenes.tables.base import TableScene
from scenes.tables.registry import TableInfo
from tests.ui.helpers import click, make_app

RULES = """
import copy
import random

from game.core import Event, IllegalAction, Result
from game.descriptor import Truth


class TinyState:
    \"\"\"Each seat is dealt a face-down pile; in turn a seat takes one or two cards of it
    (only it sees which); the last one to take wins.\"\"\"

    def __init__(self, n_seats, seed, options):
        if set(options) - {"cards"}:
            raise ValueError(f"unknown tiny option(s): {sorted(set(options) - {'cards'})}")
        n = int(options.get("cards", 3))
        deck = list(range(n_seats * n))
        random.Random(seed).shuffle(deck)
        self.n_seats, self.turn = n_seats, 0
        self.piles = [deck[i * n:(i + 1) * n] for i in range(n_seats)]
        self.taken = [[] for _ in range(n_seats)]

    def active_seats(self):
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat):
        if seat not in self.active_seats():
            return []
        return [("take", k) for k in (1, 2) if k <= len(self.piles[seat])]

    def apply(self, seat, action):
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"Seat {seat} may not {action!r} now.", "illegal")
        k = action[1]
        took, self.piles[seat] = self.piles[seat][:k], self.piles[seat][k:]
        self.taken[seat] += took
        self.last = seat
        self.turn = (self.turn + 1) % self.n_seats
        while self.piles[self.turn] == [] and not self.is_over():
            self.turn = (self.turn + 1) % self.n_seats
        return [Event("take", seat, {"n": k}), Event("took", seat, {"cards": took}, seat)]

    def window(self):
        return None

    def view(self, seat):
        return {"left": tuple(len(p) for p in self.piles), "turn": self.turn,
                "mine": tuple(self.taken[seat]) if seat is not None else ()}

    def is_over(self):
        return not any(self.piles)

    def result(self):
        if not self.is_over():
            return None
        return Result((self.last,), tuple(int(s == self.last) for s in range(self.n_seats)))

    def clone(self):
        return copy.deepcopy(self)

    def deal_events(self):
        return []


def new_game(n_seats=2, seed=0, options=None):
    return TinyState(n_seats, seed, options or {})


def truth(state):
    return Truth(tuple(tuple(sorted(h)) for h in state.taken))


def card_name(card, lang):
    return ("lá " if lang == "vi" else "card ") + str(card)
"""

AI = """
class Taker:
    level, think_delay = "normal", 0.0

    def observe(self, events):
        pass

    def decide(self, view, legal):
        return legal[-1]


def make_agent(level, seat, seed):
    return Taker()
"""

PROGRESS = """
def progress(view):
    return "progress.tiny", {"left": sum(view["left"])}
"""

HINTS = """
from game.hints import Hint


def explain(view, legal, level, events, seed):
    return Hint(legal[-1], "hints.tiny.take", {"n": legal[-1][1]})
"""

ENGINE_INIT = """
from pathlib import Path

from game.descriptor import GameInfo

GAME = GameInfo("tiny", "tinygame", 2, 4, data=str(Path(__file__).parents[1] / "tinydata" / "tiny.yaml"),
                card_name="rules:card_name", prefix="TI")
"""

TABLE = """
import pygame

from scenes.core import fonts
from scenes.tables.base import TableScene


class TinyTable(TableScene):
    rules_game = "tiny"

    def __init__(self, app, match, viewer=None, fresh=False):
        self.drawn = 0
        self.faces = set()          # every card face drawn (by the table, or the replay's panel)
        super().__init__(app, match, viewer)

    def draw_game(self, surface):
        self.drawn += 1
        left = self.match.view(None)["left"]
        for seat in range(self.n):
            self.plates.draw(surface, seat, self.plates.anchor(seat),
                            [self.seat_name(seat), str(left[seat])])

    def draw_card(self, surface, sprite):
        x, y = sprite.pos
        w, h = round(sprite.size * 0.7), round(sprite.size)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, (240, 230, 200), rect)
        if sprite.card is not None:
            self.faces.add(sprite.card)
            img = fonts.text(str(sprite.card), max(10, h // 3), (40, 30, 20))
            surface.blit(img, img.get_rect(center=rect.center))
"""

YAML = """
game: tiny
options:
  cards: {default: 3, values: [2, 3], label: tiny.cards, choice_label: "tiny.cards_{value}"}
"""

STRINGS = {
    "en": """
menu: {play_tiny: "Tiny Takes"}
game: {tiny: "Tiny Takes"}
short: {tiny: "Tiny"}
tiny: {cards: "Cards each", cards_2: "Two", cards_3: "Three"}
progress: {tiny: "{left} left"}
hints: {tiny: {take: "Take {n}: the last to take wins."}}
""",
    "vi": """
menu: {play_tiny: "Bốc Bài Tí Hon"}
game: {tiny: "Bốc Bài Tí Hon"}
short: {tiny: "Tí Hon"}
tiny: {cards: "Số lá mỗi người", cards_2: "Hai", cards_3: "Ba"}
progress: {tiny: "còn {left} lá"}
hints: {tiny: {take: "Bốc {n} lá: ai bốc sau cùng thì thắng."}}
""",
}

RULES_DOC = """
game: tiny
title: {vi: "Bốc Bài Tí Hon", en: "Tiny Takes, the rules"}
sections:
  - heading: {vi: "Mục tiêu", en: "Goal"}
    paragraphs:
      - {vi: "Đến lượt, bốc một hoặc hai lá từ chồng bài úp của mình. Ai bốc lá cuối cùng thì thắng.",
         en: "On your turn take one or two cards from your own face-down pile. Whoever takes the last card wins."}
"""

#: Every file the fifth game is: its engine package, its table package, its data folder.
FILES = {
    "tinygame/__init__.py": ENGINE_INIT, "tinygame/rules.py": RULES, "tinygame/ai.py": AI,
    "tinygame/progress.py": PROGRESS, "tinygame/hints.py": HINTS,
    "tinytable/__init__.py": TABLE,
    "tinydata/tiny.yaml": YAML, "tinydata/i18n/tiny.en.yaml": STRINGS["en"],
    "tinydata/i18n/tiny.vi.yaml": STRINGS["vi"], "tinydata/rules/tiny.yaml": RULES_DOC,
}


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    """The throwaway game on disk as its three folders, and the registries restored
    afterwards. Nothing else: its strings and rules come from its own data folder."""
    import importlib
    for name, text in FILES.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))
    monkeypatch.setattr(tables, "TABLES", dict(tables.TABLES))
    # the one line each registry gets:
    registry.register(importlib.import_module("tinygame").GAME)
    tables.register(TableInfo("tiny", "tinytable:TinyTable", ("bottom", "top")))
    yield "tiny"
    for mod in [m for m in sys.modules if m.split(".")[0] in ("tinygame", "tinytable")]:
        del sys.modules[mod]


def seat_rows(setup) -> list:
    return [r for r in setup.rows if r in setup.seat_rows]


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

    # the AI seats think in the worker process (its registry learns the game from ours)
    assert table.match._host is not None
    assert table.submit(("take", 1))
    deadline = time.perf_counter() + 60            # a guard against a hang, not a timing check
    while len(table.match.log) < 3:
        app.step()
        assert time.perf_counter() < deadline, table.match.log
    assert [s for s, _ in table.match.log] == [0, 1, 2]
    assert [len(table.match.decision_times[s]) for s in (1, 2)] == [1, 1]    # decided there


def test_the_registered_game_deals_again_with_its_seats_and_option(tiny):
    from game.match import Match, Seat
    app = make_app()
    match = Match("tiny", [Seat("human")] * 3, seed=7, options={"cards": 2})
    again = nav.reset(app, "deal_again", match)
    assert again.game == "tiny" and len(again.seats) == 3 and again.options == {"cards": 2}
    assert again.seed == 8


def test_the_launch_check_passes_with_the_registered_game(tiny):
    """main.check_data validates every registered game through its descriptor: a game
    with no deck module (this one) starts, and a broken option or timing in its own YAML,
    a broken string or a broken rules document in its data folder stops the launch with
    the file's name."""
    import main
    from game.cards import DataError
    path = registry.info(tiny).data_path
    folder = path.parent
    # each file is read once per process: broken in the order the launch reads them
    broken = [(path, YAML.replace("default: 3", "default: 9"), "tiny.yaml"),
              (path, YAML + "timing:\n  false_start_lock_s: soon\n", "false_start_lock_s"),
              (folder / "rules" / "tiny.yaml", RULES_DOC.replace("game: tiny", "game: tinny"),
               "tinny"),
              (folder / "i18n" / "tiny.vi.yaml", STRINGS["vi"].replace("cards_3:", "card_3:"),
               "tiny.vi.yaml")]
    for file, text, named in broken:
        good = file.read_text(encoding="utf-8")
        file.write_text(text, encoding="utf-8")
        with pytest.raises(DataError) as err:
            main.check_data()
        assert named in str(err.value) + str(getattr(err.value, "file", "")), (named, str(err.value))
        file.write_text(good, encoding="utf-8")
    main.check_data()


def test_the_engine_side_asks_the_descriptor(tiny):
    """Deal codes, made-up histories, saves' progress, hints and replay truth of the
    registered game come from its descriptor, with defaults for what it leaves out."""
    import main
    from game import dealcode, hints, saves
    from game.history import synthetic
    code = dealcode.encode(tiny, 3, {"cards": 2}, 41)
    assert code.startswith("TI-") and dealcode.decode(code) == dealcode.Deal(tiny, 3, {"cards": 2}, 41)
    assert registry.first_seat_count(tiny) == 2 == registry.sample_seats(tiny)
    match = synthetic.play_out(tiny, 2, seed=3)
    assert match.is_over()
    assert saves.progress(tiny, match.view(None)) == ("progress.tiny", {"left": 0})
    assert hints.explainer(tiny).__name__ == "tinygame.hints"
    truth = registry.truth(tiny, match.state)
    assert sorted(c for h in truth.hands for c in h) == list(range(6)) and truth.middle == ()
    assert registry.card_name(tiny, 3, "vi") == "lá 3"
    assert tiny in main.build_parser().format_help()


def _until(app, done, what):
    deadline = time.perf_counter() + 60            # a guard against a hang, not a timing check
    while not done():
        app.step()
        assert time.perf_counter() < deadline, what


def test_the_fifth_game_from_its_own_folders_goes_through_the_whole_app(tiny, tmp_path, monkeypatch):
    """The launch check, the menu, the setup, a table whose AI seat plays in the worker to
    the end, the rules viewer (F1) with the game's own document, a hint (H), the results'
    Replay faces up through the game's truth, and the game's statistic: all from the
    game's folders and its two registry lines."""
    import main
    from game import history
    from scenes.core.i18n import set_lang, t
    from scenes.screens.replay import ReplayScene
    from scenes.screens.results import ResultsScene
    from scenes.screens.rules_viewer import RulesScene
    from tests.ui.helpers import key, strings_drawn
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.*")
                  if "__pycache__" not in p.parts) == sorted(FILES)
    main.check_data()                                   # the real startup check
    app = make_app()
    app.recorder = history.Recorder(tmp_path / "h.db")
    for lang, label in (("vi", "Bốc Bài Tí Hon"), ("en", "Tiny Takes")):
        set_lang(lang)
        menu = nav.reset(app, "menu")
        app.step()
        assert label in [b.label for b in menu.row.buttons]
    click(next(b for b in menu.row.buttons if b.label == "Tiny Takes").rect.center)
    app.step()
    setup = app.stack.top
    assert setup.game == "tiny" and setup.count_row.values == [2, 3, 4]
    assert setup.seats == ["human", "normal"] and setup.options == {"cards": 3}
    click(setup.start_button.rect.center)
    app.step()
    table = app.stack.top
    assert type(table).__name__ == "TinyTable" and table.match._host is not None

    key(pygame.K_F1)                                    # the rules viewer, on the game's tab
    app.step()
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.game == "tiny"
    drawn = strings_drawn(lambda: rules.draw(app.screen))
    assert any("Tiny Takes, the rules" in s for s in drawn), drawn
    key(pygame.K_ESCAPE)
    app.step()
    assert app.stack.top is table

    key(pygame.K_h)                                     # a hint from the game's hints module
    hint = "Take 2: the last to take wins."
    _until(app, lambda: any(hint in s for s in strings_drawn(lambda: table.draw(app.screen))), "hint")

    while not table.match.is_over():                    # the human takes one, the AI in the worker
        if table.viewer_can_act and table.match.legal_actions(0):
            assert table.submit(("take", 1))
        app.step()
        assert len(table.match.log) < 20
    assert [len(table.match.decision_times[1])] == [sum(s == 1 for s, _ in table.match.log)]
    _until(app, lambda: isinstance(app.stack.top, ResultsScene), "results")
    results = app.stack.top

    app.recorder.flush()                                # the recorded statistic
    reader = history.HistoryReader.open(tmp_path / "h.db")
    (row,) = reader.recent()
    assert reader.record(row["id"])["game"] == "tiny"
    reader.close()

    click(next(b for b in results.row.buttons if b.label == t("replay.watch")).rect.center)
    app.step()
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.replay.over
    key(pygame.K_END)
    app.step()
    key(pygame.K_f)                                     # faces up: what really happened
    drawn = strings_drawn(app.step)
    assert replay.faces_up
    truth = registry.truth("tiny", replay.replay.full_state())
    assert t("replay.truth") in drawn
    took = next(e for e in replay.replay.step_events(1) if e.kind == "took").data["cards"]
    line = "1. Player 1: took (" + ", ".join(f"card {c}" for c in took) + ")"
    assert line in drawn, drawn                         # the private event, by the game's card names
    assert replay.table.faces >= {c for h in truth.hands for c in h}   # every held card, face up
    key(pygame.K_ESCAPE)
    app.step()

    stats = nav.push(app, "stats", game="tiny")
    app.step()
    assert stats.game == "tiny" and not stats.stats.empty
    assert "Tiny · 1" in strings_drawn(lambda: stats.draw(app.screen))      # its tab: one game
