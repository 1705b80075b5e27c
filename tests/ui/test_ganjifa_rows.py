"""A full Ganjifa hand (40 cards) in rows of at most 20 (art direction §1.3): spaced no
tighter than the fan's step, every card reachable by a click and by the keys, and every
suit tab naming its suit (whole or in the short form of the i18n data) at 720p and 1080p."""

from __future__ import annotations

import pygame
import pytest

from scenes.core import fonts
from scenes.core.i18n import t
from scenes.tables.ganjifa.hand import MEDALLION, STEP_MIN
from tests.ui.helpers import click, key, strings_drawn
from tests.ui.test_ganjifa_hand import check_groups, check_tabs, index_points, open_table, settle

SIZES = [(1280, 720), (1920, 1080)]


def full_table(seed: int, size, lang: str = "en"):
    app, table = open_table(seed, lang=lang, size=size)
    settle(app, table)
    assert len(table.hand) == 40 and table.confirmed_viewer
    return app, table


def rows_of(table) -> list[list]:
    rows = sorted({s.row for s in table.slots})
    return [sorted((s for s in table.slots if s.row == r), key=lambda s: s.centre[0]) for r in rows]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed", [3, 7])
def test_a_full_hand_sits_in_rows_of_at_most_20_and_every_card_is_clickable(seed, size):
    app, table = full_table(seed, size)
    rows = rows_of(table)
    assert all(len(r) <= 20 for r in rows), [len(r) for r in rows]
    d = table.hand_d
    for row in rows:                    # no card covers more of its neighbour than the fan's step
        for a, b in zip(row, row[1:], strict=False):
            assert b.centre[0] - a.centre[0] >= STEP_MIN * d - 0.5, (a.card, b.card)
    upper, lower = rows
    assert lower[0].centre[1] - upper[0].centre[1] >= (0.5 + MEDALLION[1] + MEDALLION[2]) * d, \
        "the lower row reaches the upper row's index medallions"
    check_groups(table, list(range(len(table.deck.suits))))
    check_tabs(table)
    w, h = size
    for card in table.geometry._sorted_hand():   # all 40, each by a real click on what is drawn of it
        drawn = dict(table.geometry._drawn_slots())
        for p in index_points(drawn[card], d):
            assert 0 <= p[0] < w and 0 <= p[1] < h and table.geometry.card_at(p) == card, (card, p)
        click(table.geometry.grab_point(card))
        app.step()
        assert table.focus == card, f"a click on card {card} did not reach it"


def test_the_keys_walk_both_rows():
    """←/→ walk every card, the upper row then the lower, and wrap; ↑/↓ only the playable
    ones, in the same order."""
    app, table = full_table(7, (1280, 720))
    order = [s.card for row in rows_of(table) for s in row]
    table.focus = None
    seen = []
    for _ in range(len(order) + 1):
        key(pygame.K_RIGHT)
        app.step()
        seen.append(table.focus)
    assert seen == order + order[:1]
    legal = table.controls.legal_cards()
    assert 0 < len(legal) < len(order)
    table.focus = None
    seen = []
    for _ in range(len(legal)):
        key(pygame.K_DOWN)
        app.step()
        seen.append(table.focus)
    assert seen == [c for c in order if c in legal]
    key(pygame.K_UP)
    app.step()
    assert table.focus == seen[-2]


def check_tab_labels(table, names: bool) -> None:
    """Each tab's label fits the tab as drawn (measured with its font) and ends before the
    next tab of its row; with ``names``, every label names its suit (whole, or its short
    form), otherwise a label may be the sign alone."""
    from scenes.core.i18n import lang
    u = table.app.u
    tabs = table.painter._tabs()
    for tab in tabs:
        sd = table.deck.suits[tab["suit"]]
        name, short = sd.name[lang()], t(f"ganjifa.tab_short.{sd.id}")
        text = tab["text"]
        if names:
            assert text == short or text.startswith(name), f"the {name} tab says {text!r}"
        else:
            assert text in ("", short) or text.startswith(name), f"the {name} tab says {text!r}"
        if text:
            drawn = fonts.font(tab["px"], "semibold").size(text)[0]
            assert tab["sign_px"] + round(0.9 * u) + drawn <= tab["rect"].width, f"{text!r} overflows its tab"
        same_row = sorted((x["rect"] for x in tabs if x.get("row", 0) == tab.get("row", 0)), key=lambda r: r.x)
        after = [r for r in same_row if r.x > tab["rect"].x]
        if after:
            assert tab["rect"].right <= after[0].x, f"the {name} tab runs into the next"
    table.hand_layer.clear()            # and the labels are what the hand layer draws
    texts = strings_drawn(lambda: table.painter._draw_hand(table.app.screen))
    assert {tab["text"] for tab in tabs if tab["text"]} <= set(texts)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_every_suit_tab_names_its_suit_at_720p_and_1080p(size, lang):
    for seed in (3, 5, 7, 8, 13):
        app, table = full_table(seed, size, lang)
        check_tab_labels(table, names=True)
        check_tabs(table)


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_tabs_stay_graceful_at_640x400(lang):
    for seed in (3, 5, 7):
        app, table = full_table(seed, (640, 400), lang)
        check_tab_labels(table, names=False)
        check_tabs(table)
        check_groups(table, list(range(len(table.deck.suits))))
