"""Đạo Tâm card faces and tokens (scenes/art/daotam_faces.py, art direction §3.3, issue 18).

- Every pair of card kinds — Cương, Nhu, Tà Khí, a Tâm Niệm of each stage, Tĩnh Tâm, each
  Ảo Niệm, Môn Sinh — differs in silhouette: the edge maps of their pictures
  (tests/ui/silhouette.py) under normal vision, protan, deutan and tritan share less than
  :data:`LIKE` of their union; the check is not blind: two kinds drawn with the same symbol
  (or emblem) reach it.
- The art variants of a Chiêu Thức kind change only the faint ornament: the same edges, other pixels.
- The two token sides differ in silhouette under every kind of vision.
- An opened Tâm Niệm (13u at 1280x720) shows its title at 12 px or more, in both languages.
- The zoom shows every card's name, kind (Tâm Niệm, Tĩnh Tâm, Ảo Niệm), full text and a Tâm
  Niệm's principle in full, in both languages.

**The threshold.** ``likeness`` is the intersection over union of two edge maps, each
thickened by a pixel. The same symbol drawn twice (an art variant, or a kind drawn with
another's symbol) measures above 0.95; the faces as drawn measure at most ~0.55 (two
symbols of the same size cross each other's outline here and there). :data:`LIKE` = 0.7
sits between the two with room on both sides: below it, at least 30 % of the outline pixels
belong to one face only, i.e. a whole shape differs, not a shade.
"""

from __future__ import annotations

import pygame
import pytest

from game.daotam.deck import default_deck
from scenes.art import daotam_faces as F
from scenes.core import i18n
from scenes.core import layout_check as lc
from scenes.tables.daotam.layout import card_size
from scenes.tables.daotam.token import DAO_TAM, TA_NIEM, token_face
from tests.ui.silhouette import CVD, edges, likeness

LIKE = 0.7                          # see the module's docstring
READ_PX = 12                        # the overlap check's readable size at 1280x720
SAME = 0.95                         # the same symbol, another ornament
HAND = card_size(22 * 7.2)          # a hand card at 1280x720 (22u)
OPENED = card_size(13 * 7.2)        # an opened Tâm Niệm at 1280x720 (13u)
ART = (96, 96)                      # pictures are compared at one size

KINDS = {
    "Cương": F.Spec("cuong"), "Nhu": F.Spec("nhu"), "Tà Khí": F.Spec("ta_khi"),
    "Học Đạo": F.Spec("tam_niem", stage="hoc_dao"), "Hiểu Đạo": F.Spec("tam_niem", stage="hieu_dao"),
    "Hành Đạo": F.Spec("tam_niem", stage="hanh_dao"), "Tĩnh Tâm": F.Spec("tinh_tam"),
    **{cid: F.Spec("ao_niem", card=cid) for cid in ("an_tham", "an_san", "an_si", "an_man")},
    "Môn Sinh": F.Spec("mon_sinh", number=1),
}


@pytest.fixture(autouse=True)
def fresh_faces():
    """Faces painted by this test only (a monkeypatched painter must not stay cached)."""
    F.face.cache_clear()
    yield
    F.face.cache_clear()
    i18n.set_lang("en")


def picture(spec: F.Spec, size: tuple[int, int] = HAND) -> pygame.Surface:
    """The face's picture box (text is no silhouette: the specs carry none), at ART."""
    face = F.face(spec, size)
    return pygame.transform.smoothscale(face.image.subsurface(face.art).copy(), ART)


def edge_maps(img: pygame.Surface) -> dict[str, pygame.mask.Mask]:
    return {kind: edges(img, kind) for kind in CVD}


def worst(a: dict, b: dict) -> float:
    return max(likeness(a[kind], b[kind]) for kind in CVD)


def test_every_pair_of_card_kinds_differs_in_silhouette_under_every_vision():
    maps = {name: edge_maps(picture(spec)) for name, spec in KINDS.items()}
    names = list(maps)
    alike = [f"{a} ~ {b}: {worst(maps[a], maps[b]):.2f}" for i, a in enumerate(names) for b in names[i + 1:]
             if worst(maps[a], maps[b]) >= LIKE]
    assert not alike, "faces alike in shape:\n" + "\n".join(alike)


def test_two_kinds_drawn_with_one_symbol_are_caught(monkeypatch):
    """The check sees a kind drawn with another kind's symbol, and an Ảo Niệm with another's emblem."""
    monkeypatch.setitem(F.SYMBOLS, "nhu", F.sym_cuong)
    assert worst(edge_maps(picture(KINDS["Cương"])), edge_maps(picture(KINDS["Nhu"]))) >= LIKE
    real = F._emblem
    monkeypatch.setattr(F, "_emblem", lambda s, card, c, r, col: real(s, "an_si" if card == "an_san" else card, c, r, col))
    F.face.cache_clear()
    assert worst(edge_maps(picture(KINDS["an_san"])), edge_maps(picture(KINDS["an_si"]))) >= LIKE


def test_art_variants_change_the_ornament_never_the_symbol():
    deck = default_deck()
    for card in deck.chieu_thuc:
        kind, n = card.id, card.art_variants
        assert len(set(F.KIND_ORNAMENTS[kind][:n])) == n, f"{kind}: {n} variants need {n} ornaments"
        first = picture(F.Spec(kind))
        base = edge_maps(first)
        for v in range(1, n):
            img = picture(F.Spec(kind, variant=v))
            assert worst(base, edge_maps(img)) >= SAME, f"{kind} variant {v} changes the symbol"
            assert pygame.image.tobytes(img, "RGBA") != pygame.image.tobytes(first, "RGBA"), \
                f"{kind} variant {v} looks the same as variant 0"


@pytest.mark.parametrize("diameter", [round(6 * 7.2), round(4.5 * 7.2)])
def test_the_two_token_sides_differ_in_silhouette(diameter):
    """Inside the rings (the rings are the same shape on both sides by design)."""
    def inner(face: str) -> pygame.Surface:
        img = token_face(face, diameter)
        return img.subsurface(img.get_rect().inflate(-round(diameter * 0.3), -round(diameter * 0.3))).copy()
    a, b = edge_maps(inner(DAO_TAM)), edge_maps(inner(TA_NIEM))
    assert worst(a, b) < LIKE, f"token sides alike at {diameter} px: {worst(a, b):.2f}"


def drawn_texts(img: pygame.Surface) -> list[lc.Text]:
    return list(lc.frame(img).texts)


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_an_opened_tam_niem_shows_its_title_at_12_px_at_720p(lang):
    from scenes.tables.daotam.cards import card_words, chinh_dao
    deck = default_deck()
    i18n.set_lang(lang)
    with lc.recording():
        pygame.display.set_mode((320, 200))
        for card in deck.chinh_dao:
            if card.type != "tam_niem":
                continue
            short_title, short = card_words(card.id, lang)
            title = card.name[lang]
            img = chinh_dao(card.type, card.stage, card.principle, title, OPENED, card=card.id,
                            text=card.text[lang], short=short, short_title=short_title)
            texts = drawn_texts(img)
            small = [f"{tx.s!r} {tx.px} px" for tx in texts if tx.px < READ_PX]
            assert not small, f"{card.id} ({lang}) at {OPENED}: text below {READ_PX} px: {small}"
            words = " ".join(tx.s for tx in texts).replace("- ", "-")      # "Self-" / "Review"
            assert any(name and name in words for name in (title, short_title)), \
                f"{card.id} ({lang}) at {OPENED}: no title among {[tx.s for tx in texts]}"


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_zoom_shows_every_card_s_full_text(lang):
    from scenes.kit.zoom import paint_panel
    from scenes.tables.daotam.cards import DaoTamCards
    from scenes.tables.daotam.zoom import KINDS as CT
    from scenes.tables.daotam.zoom import DaoTamZoom

    class Table:
        deck = default_deck()
    table = Table()
    table.card_faces = DaoTamCards(table)
    zoom = DaoTamZoom(table)
    i18n.set_lang(lang)
    rect = pygame.Rect(10, 10, 50, 70)
    cards = [(zoom._zoom_ct(k, rect), table.deck.chieu_thuc[CT.index(k)]) for k in CT]
    cards += [(zoom._zoom_cd(c.id, rect), c) for c in table.deck.chinh_dao]
    with lc.recording():
        pygame.display.set_mode((1280, 720))
        for zc, card in cards:
            shown = " ".join(tx.s for tx in drawn_texts(paint_panel(zc, (620, 346))))
            for part in (card.name[lang], zc.kind, card.text[lang], (getattr(card, "gloss", None) or {}).get(lang, "")):
                assert " ".join(part.split()) in shown, f"{card.id} ({lang}): the zoom leaves out {part!r}"
            kind = {"tam_niem": "Tâm Niệm", "tinh_tam": "Tĩnh Tâm", "ao_niem": "Ảo Niệm"}.get(getattr(card, "type", ""))
            assert kind is None or kind in zc.kind, f"{card.id} ({lang}): the zoom calls it {zc.kind!r}"
