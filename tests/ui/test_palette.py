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


# --- with the display sliders at their extremes (scenes.core.grade) ----------------------------
# The grade changes the table, not the cards (art-direction §5): every combination of the
# sliders' ends must keep the UI inks readable on each table, for every kind of colour
# vision, and leave the card art (whose suits the tests above check) exactly as designed.

CVD = (None, "protan", "deutan", "tritan")
INKS = ("IVORY", "GOLD", "MUTED")       # drawn straight on the table (labels, banners, rings)


def _styles():
    from scenes.core import nav
    from scenes.tables.registry import TABLES
    from scenes.widgets.panel import MENU_TOP
    return {**{g: nav.resolve(info.table).style for g, info in TABLES.items()}, "menu": MENU_TOP}


def _grounds(style, g):
    """The table's median and lightest 10 × 10 px patch at 320 × 180 under grade ``g``."""
    import pygame

    from scenes.tables import felt
    small = pygame.transform.smoothscale(felt.graded_surface(style, (320, 180), g), (32, 18))
    cells = sorted((tuple(small.get_at((x, y)))[:3] for x in range(32) for y in range(18)),
                   key=colour.relative_luminance)
    return cells[len(cells) // 2], cells[-1]


def _seen(rgb, kind):
    return colour.simulate(rgb, kind) if kind else rgb


@pytest.mark.parametrize("table", ["ganjifa", "kowah", "daotam", "mascarade", "menu"])
def test_table_inks_read_at_every_slider_extreme(table):
    from scenes.core import grade, theme
    style = _styles()[table]
    ground, pool = _grounds(style, grade.NEUTRAL)
    designed = {(ink, kind): colour.contrast_ratio(_seen(getattr(theme, ink), kind), _seen(pool, kind))
                for ink in INKS for kind in CVD}
    for g in grade.EXTREMES:
        ground, pool = _grounds(style, g)
        for ink in INKS:
            for kind in CVD:
                rgb = _seen(getattr(theme, ink), kind)
                on_table = colour.contrast_ratio(rgb, _seen(ground, kind))
                on_pool = colour.contrast_ratio(rgb, _seen(pool, kind))
                what = f"{ink} on {table} ({kind or 'normal vision'}, {g})"
                assert on_table >= 4.5, f"{what}: {on_table:.2f}"
                assert on_pool >= 3.0, f"{what}, light pool: {on_pool:.2f}"
                assert on_pool >= 0.97 * designed[ink, kind], f"{what}: the sliders wash it out"


def test_gold_and_paper_stay_apart_from_their_tables_at_every_extreme():
    from scenes.art import kowah_cards as kc
    from scenes.core import grade
    styles = _styles()
    for g in grade.EXTREMES:
        for kind in CVD:
            ganjifa, _ = _grounds(styles["ganjifa"], g)
            kowah, _ = _grounds(styles["kowah"], g)
            assert colour.contrast_ratio(_seen(GOLD, kind), _seen(ganjifa, kind)) >= 4.5, (g, kind)
            assert colour.contrast_ratio(_seen(kc.PAPER, kind), _seen(kowah, kind)) >= 4.5, (g, kind)


def test_card_art_is_not_graded():
    """Suits are checked above on the designed palette: the sliders must leave cards alone."""
    import pygame

    from game.ganjifa.deck import default_deck
    from scenes.art.ganjifa_cards import GanjifaArt
    from scenes.art.kowah_cards import KowahArt
    from scenes.core import grade

    def faces():
        g, k = GanjifaArt(default_deck()), KowahArt()
        return [pygame.image.tobytes(s, "RGBA") for s in
                (g.face(0, 90), g.face(57, 90), g.back(90), k.face("coins", 3, 120), k.back(120))]

    try:
        designed = faces()
        for g in (grade.EXTREMES[0], grade.EXTREMES[-1]):
            grade.set_current(g)
            assert faces() == designed, g
    finally:
        grade.set_current(grade.NEUTRAL)
