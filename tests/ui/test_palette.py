"""Palette checks (art-direction §0, §1.2, §6.10): suits stay apart for colour-blind
players, and every ink reads on its ground."""

from itertools import combinations

import pytest

from scenes.art import colour
from scenes.art.ganjifa_cards import (
    BACK_RED,
    BLACK_INK,
    GOLD,
    IVORY,
    SUIT_GROUND,
    SUIT_INK,
    TABLE_BASE,
)

# Sharma, Wu & Dalal (2005) reference pairs for CIEDE2000.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA)
def test_ciede2000_matches_reference(lab1, lab2, expected):
    assert colour.ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert colour.ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_lab_of_white_and_black():
    assert colour.rgb_to_lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert colour.rgb_to_lab((0, 0, 0)) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)


def test_simulation_keeps_greys_grey():
    for kind in ("protan", "deutan", "tritan"):
        r, g, b = colour.simulate((128, 128, 128), kind)
        assert abs(r - g) < 2 and abs(g - b) < 2


def test_ten_suit_grounds_are_distinct():
    assert len(SUIT_GROUND) == 10 and len(set(SUIT_GROUND)) == 10
    assert colour.min_pairwise_delta_e(SUIT_GROUND) >= 12


@pytest.mark.parametrize("kind", ["protan", "deutan", "tritan"])
def test_suit_grounds_survive_colour_blindness(kind):
    worst = min(
        (colour.delta_e(colour.simulate(a, kind), colour.simulate(b, kind)), i, j)
        for (i, a), (j, b) in combinations(enumerate(SUIT_GROUND), 2)
    )
    assert worst[0] >= 12, f"suits {worst[1]} and {worst[2]} too close for {kind}: {worst[0]:.1f}"


@pytest.mark.parametrize("suit", range(10))
def test_suit_ink_is_text_contrast(suit):
    assert SUIT_INK[suit] in (IVORY, BLACK_INK)
    assert colour.contrast_ratio(SUIT_INK[suit], SUIT_GROUND[suit]) >= 4.5


def test_other_pairs():
    # Medallion numerals: black ink on ivory (text).
    assert colour.contrast_ratio(BLACK_INK, IVORY) >= 4.5
    # Marks: gold rim on the table and on the back red (>= 3:1, doc says 7.4 and 4.6).
    assert colour.contrast_ratio(GOLD, TABLE_BASE) >= 7
    assert colour.contrast_ratio(GOLD, BACK_RED) >= 4.5


def test_contrast_ratio_bounds():
    assert colour.contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert colour.contrast_ratio((10, 20, 30), (10, 20, 30)) == pytest.approx(1.0)
