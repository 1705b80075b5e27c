"""The kit's card pieces both tables stand on: the legal-action cache, the card-art
interface and its warm-up queue, the hand strip's focus keys."""

from __future__ import annotations

import pygame

from game.match import Match, Seat
from scenes.kit.card_art import CardArt, WarmQueue, standard_size
from scenes.kit.trick.hand_strip import HandStrip, cycle
from scenes.kit.trick.legal import LegalCache
from tests.ui.helpers import make_app


class CountingMatch:
    def __init__(self) -> None:
        self.log: list = []
        self.asked = 0

    def legal_actions(self, seat: int) -> list[tuple]:
        self.asked += 1
        return [("play", 3), ("play", 5), ("dukal", (1, 2))]


def test_the_legal_cache_asks_the_engine_once_per_state():
    match = CountingMatch()
    cache = LegalCache(lambda acts: {a[1] for a in acts if a[0] == "play"})
    assert cache.get(match, 0, True) == {3, 5}
    assert cache.get(match, 0, True) == {3, 5} and match.asked == 1
    assert cache.get(match, 0, False) == set() and match.asked == 1, "no asking for a seat that may not act"
    match.log.append("x")
    cache.get(match, 0, True)
    cache.get(match, 1, True)
    assert match.asked == 3


def test_standard_size_and_the_warm_queue():
    assert standard_size((40, 20, 30), 25, 99) == 30
    assert standard_size((40, 20, 30), 41, 99) == 99
    done: list[int] = []
    q = WarmQueue()
    q.reset(lambda i=i: done.append(i) for i in range(3))
    q.run_one()
    assert done == [2] and len(q) == 2, "last added first"
    q.run_for(10.0)
    assert done == [2, 1, 0] and not q


def test_focus_keys_cycle_along_the_strip():
    assert cycle([4, 7, 9], None, True) == 4 and cycle([4, 7, 9], None, False) == 7
    assert cycle([4, 7, 9], 9, True) == 4 and cycle([4, 7, 9], 7, False) == 4
    strip = HandStrip()
    strip.focus = None
    assert strip.strip_focus_key(pygame.K_RIGHT, [4, 7, 9]) and strip.focus == 4
    assert strip.strip_focus_key(pygame.K_DOWN, [4, 7, 9], [7, 9]) and strip.focus == 7
    assert not strip.strip_focus_key(pygame.K_UP, [4, 7, 9]), "↑/↓ only where the table names playable cards"
    assert not strip.strip_focus_key(pygame.K_a, [4, 7, 9])


def test_both_tables_draw_through_the_card_art_interface():
    from scenes.tables.ganjifa import GanjifaTable
    from scenes.tables.kowah import KowahTable
    app = make_app()
    for cls, game in ((GanjifaTable, "ganjifa"), (KowahTable, "kowah")):
        table = cls(app, Match(game, [Seat("human"), Seat("normal"), Seat("normal")], 3))
        assert isinstance(table.cards, CardArt)
        face, back = table.cards.face(0, 40), table.cards.back(40)
        assert face.get_height() == back.get_height() == 40
        shadow, off = table.cards.shadow(40)
        assert shadow.get_width() >= face.get_width() and len(off) == 2


def test_the_pygame_free_kit_pieces_import_no_pygame():
    import subprocess
    import sys
    from pathlib import Path
    code = ("import sys; import scenes.kit.card_art, scenes.kit.trick.legal, scenes.kit.trick.model_field; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
