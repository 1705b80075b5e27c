"""Every string a scene draws has every glyph, in the font the renderer picks for it.

Covered: the UI strings (data/i18n), the rules texts of every game (titles, headings,
paragraphs, picture captions), every name in data/*.yaml and the card names built from
them, the Chinese marks the Kowah card art draws, and every non-ASCII string literal in
scenes/. Two independent checks: the font file the renderer picks (scenes.core.fonts'
fallback chain) really maps the character (read with fontTools), and the rendered
character has ink and is not the missing-glyph box.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont

from game.cards import DATA_DIR, LANGS, read_yaml
from game.ganjifa.deck import default_deck as ganjifa_deck
from game.kowah.deck import default_deck as kowah_deck
from scenes.art import kowah_cards
from scenes.core import fonts
from scenes.core.font_cmap import code_points
from scenes.core.i18n import strings
from scenes.screens.rules_doc import load_rules, rule_games

SCENES = Path(__file__).resolve().parents[2] / "scenes"
WEIGHTS = tuple(fonts.WEIGHTS)
NOT_A_GLYPH = "\ue000"        # private use: in no bundled font, so it draws the missing box
# Drawn today but in no bundled font, each with where. Fix the scene, then delete the entry:
# test_known_missing_glyphs_are_still_drawn_and_missing fails once an entry is stale.
KNOWN_MISSING: dict[str, str] = {}   # a character a scene draws that no bundled font has


@cache
def cmap(path: Path) -> frozenset[int]:
    """The code points the font file really maps to glyphs (fontTools, not our reader)."""
    with TTFont(str(path)) as font:
        return frozenset(font.getBestCmap())


def uncovered(text: str, weight: str = "regular") -> list[str]:
    """Characters of ``text`` the font the renderer picks for them does not have."""
    return [ch for ch in text if not ch.isspace() and ch not in KNOWN_MISSING
            and ord(ch) not in cmap(fonts.font_file_for(ch, weight))]


def bad(texts: dict[str, str], weight: str) -> dict[str, str]:
    out = {where: "".join(uncovered(s, weight)) for where, s in texts.items()}
    return {where: chars for where, chars in out.items() if chars}


# --------------------------------------------------------------- what scenes draw
def rules_texts(lang: str) -> dict[str, str]:
    return {f"{game}[{i}]": s for game in rule_games()
            for i, s in enumerate(load_rules(game).texts(lang))}


def data_names(lang: str) -> dict[str, str]:
    """Every {vi, en} text in data/*.yaml (names, signs, variants, templates)."""
    out: dict[str, str] = {}

    def walk(where: str, node: object) -> None:
        if isinstance(node, dict):
            if set(node) == set(LANGS):
                out[where] = str(node[lang])
                return
            for k, v in node.items():
                walk(f"{where}.{k}", v)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(f"{where}[{i}]", v)

    for path in sorted(DATA_DIR.glob("*.yaml")):
        walk(path.name, read_yaml(path))
    return out


def card_names(lang: str) -> dict[str, str]:
    g, k = ganjifa_deck(), kowah_deck()
    out = {f"ganjifa card {c}": g.card_name(c, lang) for c in range(g.size)}
    out |= {f"kowah card {c}": k.card_name(c, lang) for c in range(k.kinds)}
    return out


def scene_literals() -> dict[str, str]:
    """Non-ASCII string constants in scenes/ (docstrings left out)."""
    out: dict[str, str] = {}
    for path in sorted(SCENES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and node.body and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs and not node.value.isascii()):
                out[f"{path.relative_to(SCENES)}:{node.lineno}"] = node.value
    return out


def everything(lang: str) -> dict[str, str]:
    return (strings(lang) | rules_texts(lang) | data_names(lang) | card_names(lang)
            | scene_literals())


# --------------------------------------------------------------- the checks
@pytest.fixture(scope="module", autouse=True)
def _font():
    pygame.font.init()
    yield


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("weight", WEIGHTS)
def test_every_ui_string_has_every_glyph(lang, weight):
    assert bad(strings(lang), weight) == {}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("weight", WEIGHTS)
def test_every_rules_text_has_every_glyph(lang, weight):
    # Kowah's rules name 萬, 老千, 紅花, 白花: Be Vietnam Pro has none of them.
    assert bad(rules_texts(lang), weight) == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_in_the_data_files_has_every_glyph(lang):
    for weight in WEIGHTS:
        assert bad(data_names(lang) | card_names(lang), weight) == {}


def test_every_string_literal_in_scenes_has_every_glyph():
    assert bad(scene_literals(), "regular") == {}


def test_the_kowah_card_art_finds_its_chinese_marks_in_the_cjk_subset():
    marks = kowah_cards.GLYPHS + kowah_cards.CJK_NUMERALS + "".join(
        c for _, c in kowah_cards.HONOURS.values())
    assert [ch for ch in marks if ord(ch) not in cmap(fonts.CJK_FONT)] == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_drawn_character_renders_with_ink(lang):
    """The renderer itself: each character leaves ink and is not the missing-glyph box."""
    chars = sorted({ch for s in everything(lang).values() for ch in s
                    if not ch.isspace() and ch not in KNOWN_MISSING})

    def pixels(ch: str) -> bytes:
        return pygame.image.tobytes(fonts.text(ch, 32, (255, 255, 255)), "RGBA")

    box = pixels(NOT_A_GLYPH)
    blank = [ch for ch in chars if max(pixels(ch)[3::4], default=0) == 0 or pixels(ch) == box]
    assert blank == []


def test_known_missing_glyphs_are_still_drawn_and_missing():
    drawn = {ch for lang in LANGS for s in everything(lang).values() for ch in s}
    for ch, where in KNOWN_MISSING.items():
        assert ch in drawn, f"{ch!r} is no longer drawn ({where}): delete it from KNOWN_MISSING"
        assert ord(ch) not in cmap(fonts.font_file_for(ch)), f"{ch!r} has a glyph now"


def test_the_renderer_picks_the_cjk_subset_for_chinese_and_be_vietnam_for_the_rest():
    assert fonts.font_file_for("萬") == fonts.CJK_FONT
    assert fonts.font_file_for("ệ", "bold") == fonts.WEIGHTS["bold"]
    assert fonts.runs("Myriads (萬) x") == ((0, "Myriads ("), (1, "萬"), (0, ") x"))


def test_our_cmap_reader_agrees_with_fonttools():
    for path in [*fonts.WEIGHTS.values(), fonts.CJK_FONT]:
        assert code_points(path) == cmap(path), path.name


def test_the_check_can_fail():
    # Not in any bundled font: the helpers must report them.
    assert uncovered("a\u2191\ue000") == ["\u2191", "\ue000"]
    assert bad({"x": "餅"}, "regular") == {"x": "餅"}


def test_vietnamese_diacritics_render_with_the_bundled_font():
    assert uncovered("Lượt của bạn · Đồng hạng nhất · ỗ ể Ấ ự ỹ") == []


def test_a_mixed_line_keeps_the_line_height_and_measures_as_it_draws():
    from scenes.screens.dialog import wrap
    for s in ["Myriads (萬)", "Ngàn Già (老千), Hoa Đỏ (紅花)", "plain"]:
        img = fonts.text(s, 30, (0, 0, 0), "bold")
        assert img.get_size() == fonts.size(s, 30, "bold")
        assert img.get_height() == fonts.font(30, "bold").get_height()
    # the CJK run is as wide as the CJK font makes it, not the missing-glyph box
    assert fonts.size("萬萬", 30)[0] == fonts.cjk_font(30).size("萬萬")[0]
    width = fonts.size("老千 紅花", 24)[0]
    assert wrap("老千 紅花 白花", 24, width) == ["老千 紅花", "白花"]
