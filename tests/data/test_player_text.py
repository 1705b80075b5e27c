"""Player text (UI strings, rules texts, card names) names no program identifiers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parents[2] / "data"
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")     # void_rule, rediscard_taken_card
IN_PARENS = re.compile(r"\(\s*[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s*\)")


def player_strings() -> Iterator[tuple[str, str]]:
    """(where, text) for every string a player can read: all i18n values, and every value
    under a ``vi``/``en`` key in the other data files."""
    def walk(node: object, where: str, text: bool) -> Iterator[tuple[str, str]]:
        if isinstance(node, dict):
            for k, v in node.items():
                yield from walk(v, f"{where}.{k}", text or k in ("vi", "en"))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from walk(v, f"{where}[{i}]", text)
        elif isinstance(node, str) and text:
            yield where, node

    for path in sorted(DATA.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        yield from walk(data, str(path.relative_to(DATA)), path.parent.name == "i18n")


def test_the_scan_sees_ui_strings_rules_and_card_names():
    places = {where.split(".")[0] for where, _ in player_strings()}
    assert {"i18n/vi", "i18n/en", "rules/ganjifa", "rules/kowah"} <= places


def test_no_snake_case_identifier_in_parentheses_in_player_text():
    bad = [(w, m.group()) for w, s in player_strings() for m in IN_PARENS.finditer(s)]
    assert not bad, bad


def test_no_snake_case_identifier_anywhere_in_player_text():
    bad = [(w, m.group()) for w, s in player_strings() for m in SNAKE.finditer(s)]
    assert not bad, bad


def test_one_spelling_of_the_app_title():
    title = "Bàn Bài — Card Table"
    readme = (DATA.parent / "README.md").read_text(encoding="utf-8")
    assert readme.splitlines()[0] == f"# {title}"
    for lang in ("vi", "en"):
        strings = yaml.safe_load((DATA / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))
        assert strings["menu"]["title"] == title
    texts = [s for _, s in player_strings()] + [readme]
    odd = [s for s in texts for variant in ("Bàn bài", "Card table") if variant in s]
    assert not odd, odd
