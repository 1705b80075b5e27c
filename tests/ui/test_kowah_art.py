"""Kowah card art: sizes, distinctness, bundled CJK glyphs, palette contrast and
colour-blind separation (art-direction §2, §6.10). Headless: no display mode is set."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pygame
import pytest

from scenes.art import kowah_cards as kc

try:  # shared palette maths, when the helper module is present
    from scenes.art.colour import contrast_ratio, delta_e, simulate
except ImportError:  # pragma: no cover - self-contained fallback
    _MACHADO = {  # Machado, Oliveira & Fernandes 2009, severity 1.0, linear RGB
        "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
        "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                   (-0.011820, 0.042940, 0.968881)),
        "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
    }

    def _lin(v: float) -> float:
        v /= 255.0
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def _gam(v: float) -> float:
        v = min(1.0, max(0.0, v))
        return 255.0 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)

    def simulate(rgb, kind):
        lin = [_lin(c) for c in rgb[:3]]
        return tuple(_gam(sum(m * c for m, c in zip(row, lin, strict=True)))
                     for row in _MACHADO[kind])

    def _lab(rgb):
        r, g, b = (_lin(c) for c in rgb[:3])
        xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
               0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
               0.0193339 * r + 0.1191920 * g + 0.9503041 * b)
        f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
             for t in (xyz[0] / 0.95047, xyz[1], xyz[2] / 1.08883)]
        return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])

    def delta_e(c1, c2):  # CIEDE2000, kL = kC = kH = 1
        (l1, a1, b1), (l2, a2, b2) = _lab(c1), _lab(c2)
        cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
        g = 0.5 * (1 - math.sqrt(cb ** 7 / (cb ** 7 + 25 ** 7)))
        a1, a2 = a1 * (1 + g), a2 * (1 + g)
        c1p, c2p = math.hypot(a1, b1), math.hypot(a2, b2)
        h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1p else 0.0
        h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2p else 0.0
        dh = 0.0 if c1p * c2p == 0 else (h2 - h1 + 180) % 360 - 180
        dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
        lb, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
        if c1p * c2p == 0:
            hb = h1 + h2
        elif abs(h1 - h2) <= 180:
            hb = (h1 + h2) / 2
        else:
            hb = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
        t = (1 - 0.17 * math.cos(math.radians(hb - 30)) + 0.24 * math.cos(math.radians(2 * hb))
             + 0.32 * math.cos(math.radians(3 * hb + 6)) - 0.2 * math.cos(math.radians(4 * hb - 63)))
        sl = 1 + 0.015 * (lb - 50) ** 2 / math.sqrt(20 + (lb - 50) ** 2)
        sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
        rt = (-math.sin(math.radians(60 * math.exp(-(((hb - 275) / 25) ** 2))))
              * 2 * math.sqrt(cbp ** 7 / (cbp ** 7 + 25 ** 7)))
        dl, dc = (l2 - l1) / sl, (c2p - c1p) / sc
        return math.sqrt(dl ** 2 + dc ** 2 + (dH / sh) ** 2 + rt * dc * (dH / sh))

    def contrast_ratio(c1, c2):
        def lum(c):
            r, g, b = (_lin(v) for v in c[:3])
            return 0.2126 * r + 0.7152 * g + 0.0722 * b

        hi, lo = sorted((lum(c1), lum(c2)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)


ALL_CARDS = [(s, n) for s in kc.SUITS for n in range(1, 10)] + [("honours", n) for n in (1, 2, 3)]


@pytest.fixture(scope="module")
def art():
    pygame.init()
    return kc.KowahArt()


def test_deck_has_thirty_distinct_faces():
    assert len(ALL_CARDS) == 30
    assert kc.card_name("honours", 1) == "Old Thousand"
    assert kc.card_name("honours", 2) == "Red Flower"
    assert kc.card_name("honours", 3) == "White Flower"
    assert kc.card_name("myriads", 3) == "3 of Myriads"


@pytest.mark.parametrize("height", [96, 202, 400])
def test_every_face_renders_with_card_proportions(art, height):
    assert pygame.display.get_surface() is None  # works without a display mode
    for suit, number in ALL_CARDS:
        face = art.face(suit, number, height)
        assert face.get_size() == (round(height / 3.2), height), (suit, number)
        assert face.get_flags() & pygame.SRCALPHA
        w, h = face.get_size()
        assert abs(h / w - 3.2) < 0.06
        # rounded corners are transparent, the middle is solid card
        assert face.get_at((0, 0)).a < 128
        assert face.get_at((w - 1, h - 1)).a < 128
        assert face.get_at((w // 2, h // 2)).a == 255


def test_faces_differ(art):
    images = {(s, n): pygame.image.tobytes(art.face(s, n, 160), "RGBA") for s, n in ALL_CARDS}
    for a, b in itertools.combinations(images, 2):
        assert images[a] != images[b], (a, b)
    back = pygame.image.tobytes(art.back(160), "RGBA")
    assert back not in images.values()


def test_band_is_suit_ink_and_field_is_paper(art):
    h = 320
    for suit, number in ALL_CARDS:
        face = art.face(suit, number, h)
        w = face.get_width()
        ink = kc.SEAL_RED if suit == "honours" else kc.SUIT_INK[suit]
        # the index band's left edge, top and bottom (rotated copy), is solid suit ink
        for y in (round(0.09 * h), round(0.91 * h)):
            px = face.get_at((round(0.1 * w), y))
            assert max(abs(px[i] - ink[i]) for i in range(3)) <= 6, (suit, number, y)
        # paper between the band and the field frame
        px = face.get_at((w // 2, round(0.185 * h)))
        assert max(abs(px[i] - kc.PAPER[i]) for i in range(3)) <= 6, (suit, number)


def test_nine_of_strings_is_printed_in_seal_red(art):
    def reds(surface):
        w, h = surface.get_size()
        return sum(1 for x in range(0, w, 2) for y in range(round(0.25 * h), round(0.75 * h), 2)
                   if surface.get_at((x, y))[:3] == kc.SEAL_RED)

    assert reds(art.face("strings", 9, 240)) > 50
    assert reds(art.face("strings", 8, 240)) == 0


def test_cache_mini_back_shadow_clear(art):
    a = art.face("coins", 5, 180)
    assert art.face("coins", 5, 180) is a
    back = art.back(180)
    assert back.get_size() == (round(180 / 3.2), 180)
    for suit, number in ALL_CARDS:
        mini = art.mini(suit, number, 58)
        assert mini.get_size() == (kc.mini_width(58), 58)
        assert mini.get_at((mini.get_width() // 2, 29)).a == 255
    shadow, off = art.shadow(202)
    lifted, loff = art.shadow(202, lifted=True)
    assert shadow.get_width() > round(202 / 3.2) and shadow.get_height() > 202
    assert off[1] < loff[1] and off[0] < loff[0]  # a lifted card casts a further shadow
    assert max(shadow.get_at((x, shadow.get_height() // 2)).a
               for x in range(shadow.get_width())) <= 0.3 * 255
    art.clear()
    assert art.face("coins", 5, 180) is not a


def test_bad_cards_are_rejected(art):
    for suit, number in [("coins", 0), ("coins", 10), ("honours", 4), ("flowers", 1)]:
        with pytest.raises(ValueError):
            art.face(suit, number, 100)


# --- bundled CJK glyphs ----------------------------------------------------------------------

REQUIRED = "一二三四五六七八九萬老千紅白花"


def _ink(font: pygame.font.Font, ch: str) -> bytes:
    return pygame.image.tobytes(font.render(ch, True, (0, 0, 0), (255, 255, 255)), "RGB")


def test_cjk_subset_has_a_real_glyph_for_every_character():
    pygame.font.init()
    path = kc.CJK_FONT
    assert path.is_file()
    assert path.stat().st_size < 40_000  # a subset, not the 10 MB face
    assert (path.parent / "OFL-NotoSerifTC.txt").is_file()
    assert set(kc.GLYPHS) == set(REQUIRED)
    font = pygame.font.Font(str(path), 48)
    missing = _ink(font, "万")  # the simplified form is deliberately absent → .notdef
    assert font.metrics("万")[0][:4] == (0, 0, 0, 0)
    for ch in REQUIRED:
        minx, maxx, miny, maxy, adv = font.metrics(ch)[0]
        assert adv > 0 and (maxx > minx or maxy > miny), ch
        assert _ink(font, ch) != missing, ch
    renders = {_ink(font, ch) for ch in REQUIRED}
    assert len(renders) == len(REQUIRED)  # fifteen different shapes


def test_only_traditional_forms_are_bundled():
    font = pygame.font.Font(str(kc.CJK_FONT), 48)
    for simplified in "万红":
        assert font.metrics(simplified)[0][:4] == (0, 0, 0, 0)


def test_art_uses_no_character_outside_the_subset():
    source = Path(kc.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r"[\u3400-\u9fff]", source))
    assert used <= set(REQUIRED), used - set(REQUIRED)
    for _, chars in kc.HONOURS.values():
        assert set(chars) <= set(REQUIRED)
    assert set(kc.CJK_NUMERALS) <= set(REQUIRED)


# --- palette -------------------------------------------------------------------------------


def test_palette_matches_art_direction():
    assert kc.PAPER == (0xF3, 0xEC, 0xD8)
    assert kc.INK == (0x1B, 0x17, 0x12)
    assert kc.SEAL_RED == (0xC1, 0x27, 0x2D)
    assert kc.SUIT_INK["coins"] == (0x1B, 0x17, 0x12)
    assert kc.SUIT_INK["strings"] == (0x1C, 0x74, 0x68)
    assert kc.SUIT_INK["myriads"] == (0x5B, 0x3B, 0x8C)
    assert kc.BACK == (0xD9, 0xB1, 0x3B)
    assert kc.TABLE == (0x1E, 0x4A, 0x42)


def test_text_contrast_on_paper_and_bands():
    # suit inks and seal red print text on paper, and carry paper-coloured numerals
    for name, ink in [*kc.SUIT_INK.items(), ("seal", kc.SEAL_RED), ("ink", kc.INK)]:
        assert contrast_ratio(ink, kc.PAPER) >= 4.5, name
    # ivory card against the jade table, and the back's ink border on mustard
    assert contrast_ratio(kc.PAPER, kc.TABLE) >= 4.5
    assert contrast_ratio(kc.INK, kc.BACK) >= 3.0
    assert contrast_ratio(kc.EDGE, kc.PAPER) >= 3.0


def test_suit_inks_survive_colour_blindness():
    inks = [kc.SUIT_INK["coins"], kc.SUIT_INK["strings"], kc.SUIT_INK["myriads"], kc.SEAL_RED]
    for kind in ("protan", "deutan", "tritan"):
        seen = [simulate(c, kind) for c in inks]
        worst = min(delta_e(a, b) for a, b in itertools.combinations(seen, 2))
        assert worst >= 10, (kind, worst)
    assert min(delta_e(a, b) for a, b in itertools.combinations(inks, 2)) >= 10
