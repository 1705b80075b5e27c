"""The Ganjifa and Kowah zooms carry each card's full text, in both languages: Ganjifa its
suit, rank order, what it beats in its suit and whether it is trump now; Kowah its suit
and number (or what an honour's characters mean) and what it makes triples and pairs with."""

from __future__ import annotations

import pygame
import pytest

from scenes.core.i18n import set_lang, t
from tests.ui.test_zoom import table_at


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    set_lang("en")


def _all_text(z) -> str:
    return " ".join((z.title, z.kind, z.text, z.note))


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_ganjifa_zoom_says_what_the_card_beats_and_whether_it_is_trump(lang):
    app, table = table_at("ganjifa", lang=lang)
    set_lang(lang)
    d = table.deck
    trump = table.card_paint._trump_suit()
    other = (trump + 1) % len(d.suits)
    zoom = table.zoomer._zoom_card

    def card(suit: int, rank: str) -> int:
        return d.card(suit, rank)

    texts = {}
    for suit in (trump, other):
        for rank in ("R", "M", "5"):
            z = zoom(card(suit, rank), (100, 100), 80)
            texts[(suit, rank)] = z
            assert "zoom." not in _all_text(z), f"a missing i18n key: {_all_text(z)}"
            assert d.suits[suit].name[lang] in z.text
    sname = d.suits[other].name[lang]
    assert t("zoom.ganjifa_beats_all", suit=sname) in texts[(other, "R")].text, "the Raja beats its whole suit"
    low = "1" if d.suits[other].order == "ten_high" else "10"
    assert t("zoom.ganjifa_beats_none", suit=sname) in zoom(card(other, low), (100, 100), 80).text
    mantri = texts[(other, "M")].text
    assert "1–10" in mantri and t("zoom.ganjifa_beats", cards="1–10", suit=sname) in mantri
    five = texts[(other, "5")].text
    assert ("6–10" if d.suits[other].order == "ace_high" else "1–4") in five
    assert t("zoom.ganjifa_trump_now") in texts[(trump, "5")].note
    assert t("zoom.ganjifa_not_trump", trump=d.suits[trump].name[lang]) == texts[(other, "5")].note


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_kowah_zoom_says_suit_number_and_the_honours_meaning(lang):
    app, table = table_at("kowah", lang=lang)
    set_lang(lang)
    d = table.deck
    zoom = table.zoomer._zoom_card
    rect = pygame.Rect(100, 100, 40, 120)
    five = next(c for c in range(d.n_numerals) if d.number_of(c) == 5 and d.suit_of(c) == 1)
    z = zoom(five, rect)
    assert "zoom." not in _all_text(z)
    suit = d.suits[1].name[lang]
    assert t("zoom.kowah_numeral", n=5, suit=suit, card=d.card_name(five, lang)) in z.text
    assert suit in z.kind and "5" in z.text
    for h in d.honours:
        card = d.n_numerals + h.index
        z = zoom(card, rect)
        assert "zoom." not in _all_text(z)
        assert t(f"zoom.kowah_gloss.{h.id}") in z.note, f"{h.id}: what its characters mean"
        assert h.chinese[0] in z.note and t("zoom.kowah_honour_rule", card=h.name[lang]) in z.text
