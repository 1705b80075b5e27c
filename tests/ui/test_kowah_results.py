"""The end of a Kowah hand shows one result, inside the window, with the deal number.

Drawing is checked at the blit layer: the frame is drawn onto a surface that records
every blit (and which text each blitted image shows), then the rects are compared with
the window's rect.
"""

from __future__ import annotations

import pygame
import pytest

from scenes.core import fonts, i18n
from scenes.screens.results import ResultsScene, fitted
from tests.ui.helpers import click, post
from tests.ui.test_kowah_table import fixed_table, settle, step

WIN = (["1C 2C 3C 4C 6C 8C 1S 2S", "5C 5C 7S 7S 7M 9C 9S 9M", "1M 2M 3M 4M 6M 8M 3S 4S"], "5C 6S 6M")
MANY_KNOWN = "1C 2C 3C 4C 6C 8C 1S 2S 9M"


class RecordingSurface(pygame.Surface):
    """A screen stand-in that remembers where each image went."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[pygame.Rect, int]] = []
        self.sources: list[pygame.Surface] = []      # alive, so no id is reused meanwhile

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        size = source.get_size() if area is None else pygame.Rect(area).size
        self.blits.append((pygame.Rect(tuple(dest)[:2], size), id(source)))
        self.sources.append(source)
        return super().blit(source, dest, area, special_flags)


@pytest.fixture
def text_ids(monkeypatch):
    """id of each rendered text image → its string, for every scene's text."""
    seen: dict[int, str] = {}
    real = fonts.text

    def text(s, *args, **kw):
        img = real(s, *args, **kw)
        seen[id(img)] = s
        return img

    text.cache_clear = real.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(fonts, "text", text)
    return seen


def won_hand(size=(1280, 720), lang="en"):
    """Seat 1 (AI) wins on the 5 of Coins seat 0 (you) draws; the results panel is up."""
    i18n.set_lang(lang)
    app, table = fixed_table(*WIN, declared={1: "5C"})
    i18n.set_lang(lang)
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    app.step()
    settle(app, table)
    click(table.geometry.stock_point())
    step(app)
    for _ in range(5):
        app.step()
    assert table.match.is_over() and isinstance(app.stack.top, ResultsScene)
    return app, table


def draw_recorded(app) -> RecordingSurface:
    surf = RecordingSurface(app.size)
    app.stack.draw(surf)
    return surf


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 500)])
def test_no_text_runs_off_the_window_at_the_end_of_a_hand(text_ids, size, lang):
    app, table = won_hand(size, lang)
    # an opponent who took many cards in the open: a long "Known:" row beside the left edge
    left = min(range(1, 3), key=lambda s: table.geometry.zone(s)[0])
    table.known = [[] for _ in table.known]
    table.known[left] = [table.deck.parse(c) for c in MANY_KNOWN.split()]
    surf = draw_recorded(app)
    bounds = surf.get_rect()
    texts = [(r, text_ids[i]) for r, i in surf.blits if i in text_ids]
    assert any(s == table.showcase.result_headline() for _, s in texts)
    off = [(s, r) for r, s in texts if not bounds.contains(r)]
    assert not off, f"text off the window: {off}"
    # the known cards (minis) stay inside too, and inside the opponent's half
    heights = {r.height for r, _ in surf.blits}
    ids = {id(table.card_paint.mini(c, h)) for c in table.known[left] for h in heights}
    minis = [r for r, i in surf.blits if i in ids]
    assert len(minis) == len(MANY_KNOWN.split())
    assert all(bounds.contains(r) and r.right <= size[0] / 2 for r in minis)


def test_the_results_panel_is_the_only_result_shown(monkeypatch, text_ids):
    app, table = won_hand()
    banners: list[str] = []
    real = table.showcase._banner
    monkeypatch.setattr(table.showcase, "_banner", lambda surface, title, *a, **k: (banners.append(title),
                                                                          real(surface, title, *a, **k)))
    surf = draw_recorded(app)
    assert banners == [], "the table's win banner is drawn under the results panel"
    drawn = [text_ids[i] for _, i in surf.blits if i in text_ids]
    headline = table.showcase.result_headline()
    assert drawn.count(headline) == 1, f"the result is said {drawn.count(headline)} times"
    # the table's own showcase is back once the panel is gone
    app.stack.pop()
    draw_recorded(app)
    assert banners, "without the panel the table shows its banner"


@pytest.mark.parametrize("lang,label", [("en", "Deal #1"), ("vi", "Ván số 1")])
def test_results_show_the_deal_number(text_ids, lang, label):
    app, table = won_hand(lang=lang)
    assert table.match.seed == 1
    surf = draw_recorded(app)
    drawn = [(r, text_ids[i]) for r, i in surf.blits if i in text_ids]
    rects = [r for r, s in drawn if s == label]
    assert any(app.stack.top.panel.contains(r) for r in rects), f"{label!r} not drawn on the results panel"


def test_results_show_the_deal_number_for_ganjifa(text_ids):
    from game.autoplay import play_first_legal
    from game.match import Match, Seat
    from scenes.tables.ganjifa import GanjifaTable
    from tests.ui.helpers import make_app
    app = make_app()
    match = Match("ganjifa", [Seat("random") for _ in range(3)], 12345)
    play_first_legal(match)
    table = GanjifaTable(app, match)
    app.stack.reset(table)
    table.over_shown = True
    app.stack.push(ResultsScene(app, table))
    app.step()
    surf = draw_recorded(app)
    assert "Deal #12345" in [text_ids[i] for _, i in surf.blits if i in text_ids]


def test_fitted_text_never_exceeds_its_width():
    pygame.init()
    for width in (1, 5, 40, 200):
        assert fitted("Won on the White Flower drawn by AI 2 · Normal", 40, width, (255, 255, 255)).get_width() \
            <= width
