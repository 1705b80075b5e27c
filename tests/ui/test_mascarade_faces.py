"""Mascarade's card art (issue 18 item 1, art direction §4.4).

* Every pair of the twelve characters differs in silhouette, not only in colour: each face
  is rendered 130 px tall, cropped to its oval cartouche (the mask, headwear, costume and
  prop medallion; the shared gold ring is left out by keeping only the pixels 3 px inside
  the oval) and reduced to an edge map as a normal, protan, deutan and tritan viewer sees
  it (``tests.ui.silhouette``). Threshold 0.75: two different characters share at most
  0.58 of their edges (the closest pair is the Judge and the Bishop, two white voltos under
  different headwear); one character drawn with another's portrait (the prop medallion and
  the accent still its own) shares 0.94 — the test shows the measure catches that.
* The back is one picture whatever the card, the language or what was painted before, and
  it cannot carry an identity: it is painted without reading the characters at all.
* The name plate is whole at 12 px or more, measured by the overlap check's recorder at
  the size shown, at the card heights the table itself uses at 1280 × 720 for 4, 8 and 13
  seats; every face at the art direction's smallest seat card (12u) writes its name.
* The zoom (the enlarged card) writes the character's full power, in English and in
  Vietnamese, and the face's short power text only where it reads at 12 px.
"""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from game.mascarade.data import default_rules
from game.match import Match, Seat
from scenes.art import mascarade_masks as masks
from scenes.core import fonts, layout_check
from scenes.core.i18n import set_lang
from scenes.kit.zoom import paint_panel
from scenes.tables.mascarade import MascaradeTable
from scenes.tables.mascarade import cards as mc
from tests.ui.helpers import make_app
from tests.ui.silhouette import CVD, edges, likeness

H = 130             # px: a face of a mid-sized table
ALIKE = 0.75        # edge maps sharing this much are "the same picture"
CHARS = {c.id: c.index for c in default_rules().characters}


@pytest.fixture(autouse=True)
def english():
    set_lang("en")
    yield
    set_lang("en")


def cartouche_edges(char: int) -> dict[str, pygame.mask.Mask]:
    """The face's oval cartouche as edge maps, per viewer, 3 px inside the oval."""
    img = mc.paint_face(char, H)
    x, y, w, h = mc.face_layout(H).oval
    crop = img.subsurface(pygame.Rect(round(x), round(y), round(w), round(h))).copy()
    inside = pygame.Surface(crop.get_size(), pygame.SRCALPHA)
    inside.fill((0, 0, 0, 0))
    pygame.draw.ellipse(inside, (255, 255, 255, 255), inside.get_rect().inflate(-6, -6))
    keep = pygame.mask.from_surface(inside)
    return {kind: edges(crop, kind).overlap_mask(keep, (0, 0)) for kind in CVD}


@pytest.fixture(scope="module")
def maps() -> dict[str, dict[str, pygame.mask.Mask]]:
    set_lang("en")
    return {cid: cartouche_edges(i) for cid, i in CHARS.items()}


def test_twelve_portraits():
    assert set(masks.PORTRAITS) == set(CHARS)


@pytest.mark.parametrize("a, b", list(combinations(sorted(CHARS), 2)))
def test_faces_differ_in_silhouette_for_every_viewer(maps, a, b):
    for kind in CVD:
        assert likeness(maps[a][kind], maps[b][kind]) < ALIKE, (a, b, kind)


def test_the_measure_catches_one_mask_on_two_characters(maps, monkeypatch):
    monkeypatch.setitem(masks.PORTRAITS, "bishop", masks.PORTRAITS["judge"])
    copy = cartouche_edges(CHARS["bishop"])
    for kind in CVD:
        assert likeness(maps["judge"][kind], copy[kind]) >= ALIKE, kind


def test_the_back_is_one_picture_that_carries_nothing(monkeypatch):
    def raw(s: pygame.Surface) -> bytes:
        return pygame.image.tobytes(s, "RGBA")

    heights = (59, 86, 130)
    first = {h: raw(mc.MascaradeCards().back(h)) for h in heights}
    cards = mc.MascaradeCards()
    for c in CHARS.values():
        cards.face(c, 86)
    set_lang("vi")
    assert all(raw(cards.back(h)) == first[h] for h in heights)

    def nobody():
        raise AssertionError("the back read the characters")

    monkeypatch.setattr(mc, "default_rules", nobody)
    monkeypatch.setattr(mc, "character_name", lambda *_: nobody())
    assert all(raw(mc.paint_back(h)) == first[h] for h in heights)


def table_card_height(n: int, lang: str) -> tuple[int, float]:
    """The card height the Mascarade table itself uses with ``n`` seats at 1280 × 720."""
    app = make_app(size=(1280, 720), lang=lang)
    table = MascaradeTable(app, Match("mascarade", [Seat("human")] + [Seat("normal")] * (n - 1), 3, {}))
    app.stack.push(table)
    table.draw(app.screen)
    return table.card_h, app.u


def plate_texts(char: int, height: int) -> list[layout_check.Text]:
    with layout_check.recording():
        img = mc.paint_face(char, height)
        return list(layout_check.frame(img).texts)


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("n", [4, 8, 13])
def test_the_name_plate_reads_at_12px_at_the_tables_card_heights(n, lang):
    height, u = table_card_height(n, lang)
    set_lang(lang)
    if height >= round(12 * u):                 # §4.3's smallest seat card: names on the faces
        assert mc.faces_named(height), height
    for cid, c in CHARS.items():
        name = mc.character_name(c)
        fit = mc.face_name(c, height)
        texts = plate_texts(c, height)
        if fit is None:
            assert not mc.faces_named(height)
            assert name not in " ".join(t.s for t in texts)
            continue
        lines = [t for t in texts if t.s in fit[0]]
        assert " ".join(t.s for t in lines) == name, (cid, height, [t.s for t in texts])
        assert all(t.px >= 12 for t in lines), (cid, height, [(t.s, t.px) for t in lines])
        card = pygame.Rect((0, 0), mc.card_size(height))
        assert all(card.contains(t.rect) for t in lines), (cid, height)


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_every_face_at_the_smallest_seat_card_writes_its_name(lang):
    set_lang(lang)
    assert mc.faces_named(round(12 * 7.2))


def test_the_face_prints_its_short_power_only_at_12px_or_more():
    for height in (86, 158, 238, 345):
        px = mc.face_layout(height).power_px
        texts = [t for t in plate_texts(CHARS["inquisitor"], height) if t.s not in mc.character_name(CHARS["inquisitor"])]
        if px is None:
            assert not texts, height
        else:
            assert texts and all(t.px >= 12 for t in texts), (height, [(t.s, t.px) for t in texts])
    assert mc.shows_power(238) and not mc.shows_power(86)


def lines_drawn(paint) -> list[str]:
    """Every line rendered through ``fonts.text`` while ``paint()`` runs."""
    drawn: list[str] = []
    real = fonts.text

    def spy(s, px, *a, **kw):
        drawn.append(s)
        return real(s, px, *a, **kw)

    fonts.text = spy
    try:
        paint()
    finally:
        fonts.text = real
    return drawn


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_zoom_writes_the_full_power(lang):
    app = make_app(size=(1280, 720), lang=lang)
    match = Match("mascarade", [Seat("human")] + [Seat("normal")] * 12, 3, {})
    table = MascaradeTable(app, match)
    app.stack.push(table)
    table.model.faceup = dict(enumerate(match.state.cards))
    table.draw(app.screen)
    seen: set[int] = set()
    for pos, char in sorted(table.model.faceup.items()):
        if char in seen:
            continue
        seen.add(char)
        card = table.zoom_at(table.pos_rects[pos].center)
        assert card is not None and card.key == ("mascarade", char)
        power = default_rules().characters[char].power[lang]
        drawn = lines_drawn(lambda card=card: paint_panel(card, app.size))
        runs = {" ".join(drawn[i:j]) for i in range(len(drawn)) for j in range(i + 1, len(drawn) + 1)}
        assert power in runs, (lang, char, drawn)
    assert len(seen) == 12
