"""Every UI string and card name renders with the bundled font and no missing glyph."""

from functools import cache

import pygame
import pytest
from fontTools.ttLib import TTFont

from game.ganjifa.deck import default_deck
from scenes import fonts
from scenes.i18n import strings


@cache
def cmap(weight: str) -> frozenset[int]:
    """The code points the bundled font file really maps to glyphs."""
    with TTFont(str(fonts.WEIGHTS[weight])) as font:
        return frozenset(font.getBestCmap())


def missing(text: str, weight: str = "regular") -> list[str]:
    return [ch for ch in text if not ch.isspace() and ord(ch) not in cmap(weight)]


@pytest.fixture(scope="module", autouse=True)
def _font():
    pygame.font.init()
    yield


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("weight", ["regular", "semibold", "bold"])
def test_every_ui_string_has_every_glyph(lang, weight):
    bad = {k: missing(v, weight) for k, v in strings(lang).items()}
    assert {k: v for k, v in bad.items() if v} == {}


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_card_and_suit_names_have_every_glyph(lang):
    deck = default_deck()
    texts = [deck.card_name(c, lang) for c in range(deck.size)]
    texts += [s.sign[lang] for s in deck.suits] + [deck.name[lang]]
    assert [t for t in texts if missing(t, "bold")] == []


def test_the_check_can_fail():
    # A CJK character is not in Be Vietnam Pro: the helper must report it.
    assert missing("a萬") == ["萬"]


def test_vietnamese_diacritics_render_with_the_bundled_font():
    assert missing("Lượt của bạn · Đồng hạng nhất · ỗ ể Ấ ự ỹ") == []
