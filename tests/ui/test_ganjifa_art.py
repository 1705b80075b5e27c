"""Procedural Ganjifa card art renders headless, at every size, and keeps suits apart."""

import time

import pygame
import pytest

from game.ganjifa.deck import default_deck
from scenes.art import shapes
from scenes.art.ganjifa_cards import (
    BACK_RED,
    SUIT_GROUND,
    SUIT_SIGN,
    GanjifaArt,
    pip_layout,
)
from scenes.art.ganjifa_signs import SIGN_KEYS, SIGN_OF_SUIT, sign_ops


@pytest.fixture(scope="module")
def art():
    pygame.init()
    return GanjifaArt(default_deck())


def _centre(surf):
    w, h = surf.get_size()
    return surf.get_at((w // 2, h // 2))


def _alpha_ink(surf):
    """Number of clearly visible pixels."""
    return pygame.mask.from_surface(surf, 64).count()


def test_no_display_mode_needed():
    pygame.init()
    if pygame.display.get_surface() is not None:   # an earlier test opened a window
        pygame.display.quit()
        pygame.display.init()
    assert pygame.display.get_surface() is None
    art = GanjifaArt(default_deck())
    surf = art.face(0, 60)
    assert surf.get_size() == (60, 60)


@pytest.mark.parametrize("diameter", [40, 122])
def test_every_face_renders(art, diameter):
    deck = art.deck
    for card in range(deck.size):
        surf = art.face(card, diameter)
        assert surf.get_size() == (diameter, diameter)
        assert surf.get_flags() & pygame.SRCALPHA
        assert _centre(surf).a == 255, deck.card_id(card)
        # Round: the corners are transparent, the rim is opaque.
        assert surf.get_at((0, 0)).a == 0
        assert surf.get_at((diameter // 2, 1)).a > 0


@pytest.mark.parametrize("diameter", [30, 48, 75, 160, 200])
def test_sizes_from_tiny_to_large(art, diameter):
    for card in (0, 1, 2, 11, 66, 119):
        surf = art.face(card, diameter)
        assert surf.get_size() == (diameter, diameter)
        assert _centre(surf).a == 255


def test_faces_are_cached_and_cleared(art):
    a = art.face(5, 90)
    assert art.face(5, 90) is a
    art.clear()
    b = art.face(5, 90)
    assert b is not a
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_ground_is_the_suit_colour(art):
    deck = art.deck
    for suit in range(len(deck.suits)):
        card = deck.card(suit, "1")
        surf = art.face(card, 160)
        # Just inside the darkened ring at 3 o'clock: flat ground.
        px = surf.get_at((160 // 2 + int(0.40 * 160), 160 // 2))
        g = SUIT_GROUND[suit]
        assert max(abs(px[i] - g[i]) for i in range(3)) <= 12, (suit, px, g)


def test_faces_of_different_suits_differ(art):
    deck = art.deck
    for rank in ("R", "M", "1", "5", "10"):
        seen = set()
        for suit in range(len(deck.suits)):
            raw = pygame.image.tobytes(art.face(deck.card(suit, rank), 100), "RGBA")
            assert raw not in seen
            seen.add(raw)


def test_signs_differ_by_shape_not_only_colour(art):
    """Suits must be told apart by shape: the same-colour mini signs differ in outline."""
    masks = []
    for suit in range(10):
        surf = art.sign(suit, 64, (255, 255, 255))
        assert surf.get_size() == (64, 64)
        masks.append(pygame.mask.from_surface(surf, 127))
    for i in range(10):
        for j in range(i + 1, 10):
            a, b = masks[i], masks[j]
            overlap = a.overlap_area(b, (0, 0))
            union = a.count() + b.count() - overlap
            assert overlap / union < 0.8, (SUIT_SIGN[i], SUIT_SIGN[j])


def test_ranks_of_a_suit_differ(art):
    deck = art.deck
    raws = {pygame.image.tobytes(art.face(deck.card(3, r.id), 90), "RGBA") for r in deck.ranks}
    assert len(raws) == len(deck.ranks)


def test_pip_count_grows_with_rank(art):
    deck = art.deck
    inks = [_alpha_ink(art.sign(0, 32, (255, 255, 255)))]
    assert inks[0] > 0
    for n in range(1, 11):
        size, centres = pip_layout(n)
        assert len(centres) == n
        for x, y in centres:                       # every pip inside the pip field
            assert (x * x + y * y) ** 0.5 + size / 2 <= 0.26 + 1e-9
    assert deck.size == 120


def test_back_has_no_identity(art):
    a = art.back(110)
    assert a.get_size() == (110, 110)
    assert art.back(110) is a
    for card in (0, 57, 119):
        art.face(card, 110)
    raw = pygame.image.tobytes(a, "RGBA")
    art.clear()
    assert pygame.image.tobytes(art.back(110), "RGBA") == raw
    c = _centre(a)
    assert max(abs(c[i] - BACK_RED[i]) for i in range(3)) <= 16


def test_trump_mark(art):
    deck = art.deck
    card = deck.card(6, "3")
    plain = art.face(card, 120)
    sun = art.face(card, 120, "sun")
    moon = art.face(card, 120, "moon")
    assert sun is not plain and sun.get_size() == (120, 120)
    top = pygame.Rect(40, 0, 40, 20)

    def region(s):
        return pygame.image.tobytes(s.subsurface(top), "RGBA")

    assert region(sun) != region(plain)
    assert region(moon) != region(sun)
    # The mark lives at 12 o'clock only: the bottom half is unchanged.
    low = pygame.Rect(0, 70, 120, 50)
    assert (pygame.image.tobytes(sun.subsurface(low), "RGBA")
            == pygame.image.tobytes(plain.subsurface(low), "RGBA"))


@pytest.mark.parametrize("lifted", [False, True])
def test_shadow(art, lifted):
    surf, (dx, dy) = art.shadow(100, lifted, u=7.2)
    w, h = surf.get_size()
    assert w > 100 and h > 100
    # Offset down-right (0.25u, 0.45u) or lifted (0.6u, 1.1u), minus the spread padding.
    pad = (w - 100) // 2
    ox, oy = (0.6, 1.1) if lifted else (0.25, 0.45)
    assert dx + pad == round(ox * 7.2) and dy + pad == round(oy * 7.2)
    # Darkest (three stacked copies) ≈ 27 % black, never opaque.
    alpha = surf.get_at((w // 2, h // 2)).a
    assert 55 <= alpha <= 80
    assert surf.get_at((0, 0)).a == 0
    assert art.shadow(100)[0].get_size()[0] > 0        # default u works headless


def test_generic_drop_shadow():
    sil = pygame.Surface((40, 60), pygame.SRCALPHA)
    sil.fill((200, 10, 10, 255))
    surf, off = shapes.drop_shadow(sil, 8.0)
    assert surf.get_width() > 40 and off[0] < 2 + 1
    assert surf.get_at((surf.get_width() // 2, surf.get_height() // 2))[:3] == (0, 0, 0)


def test_badges_and_mini_signs(art):
    for kind in ("sun", "moon"):
        b = art.badge(kind, 40)
        assert b.get_size() == (40, 40)
        assert _alpha_ink(b) > 200
    assert _alpha_ink(art.badge("sun", 40)) != _alpha_ink(art.badge("moon", 40))
    for suit in range(10):
        token = art.sign(suit, 24)
        assert token.get_size() == (24, 24) and _centre(token).a == 255
        bare = art.sign(suit, 24, (20, 20, 20))
        assert 0 < _alpha_ink(bare) < 24 * 24


def test_sign_data():
    assert set(SIGN_KEYS) == set(SIGN_OF_SUIT.values())
    assert [SIGN_OF_SUIT[s.id] for s in default_deck().suits] == list(SIGN_KEYS)
    for key in SIGN_KEYS:
        for op in sign_ops(key):
            pts = op[1] if op[0] not in ("dot", "cutdot") else [op[1]]
            for x, y in pts:
                assert -0.05 <= x <= 1.05 and -0.05 <= y <= 1.05, key


def test_path_parser():
    (poly,) = shapes.parse_path("M 0 0 L 1 0 Q 1 1 0 1 Z", steps=4)
    assert poly[0] == (0.0, 0.0) and poly[1] == (1.0, 0.0)
    assert poly[-1] == pytest.approx((0.0, 1.0))
    assert len(poly) == 2 + 4
    cubic = shapes.parse_path("M 0 0 C 0 1 1 1 1 0")[0]
    assert cubic[-1] == pytest.approx((1.0, 0.0))
    assert max(y for _, y in cubic) == pytest.approx(0.75, abs=0.01)
    assert len(shapes.parse_path("M 0 0 L 1 0 L 1 1 Z M 2 2 L 3 2 L 3 3 Z")) == 2


def test_crescent_shape():
    poly = shapes.crescent(0.5, 0.5, 0.4, 0.7, 0.4, 0.35)
    assert len(poly) > 10
    # Every point is inside the outer disc and not strictly inside the bite.
    for x, y in poly:
        assert (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.4**2 + 1e-9
        assert (x - 0.7) ** 2 + (y - 0.4) ** 2 >= 0.35**2 - 1e-6


def test_render_speed():
    """All 120 faces at 122 px well under 2 s (typically ~0.1 s)."""
    pygame.init()
    art = GanjifaArt(default_deck())
    t = time.perf_counter()
    for card in range(120):
        art.face(card, 122)
    assert time.perf_counter() - t < 2.0
