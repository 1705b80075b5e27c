"""The in-app rules texts (data/rules/*.yaml): shape, both languages, length, diacritics."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

RULES_DIR = Path(__file__).resolve().parents[2] / "data" / "rules"
GAMES = ("ganjifa", "kowah")
LANGS = ("vi", "en")
MAX_PARAGRAPH = 400
VI_MARKS = set("ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ")


def load(game: str) -> dict:
    text = (RULES_DIR / f"{game}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert isinstance(data, dict), f"{game}.yaml: top level must be a mapping"
    return data


def texts(data: dict, lang: str) -> list[str]:
    """Title, then every heading and paragraph, in order, in one language."""
    out = [data["title"][lang]]
    for section in data["sections"]:
        out.append(section["heading"][lang])
        out.extend(p[lang] for p in texts_of(section))
    return out


def texts_of(section: dict) -> list[dict]:
    """The text paragraphs of a section (card pictures are checked by scenes.screens.rules_doc)."""
    return [p for p in section["paragraphs"] if not (isinstance(p, dict) and "picture" in p)]


@pytest.fixture(params=GAMES)
def rules(request) -> tuple[str, dict]:
    return request.param, load(request.param)


def test_top_level_shape(rules):
    game, data = rules
    assert set(data) == {"game", "title", "sections"}, f"{game}: unexpected keys {sorted(data)}"
    assert data["game"] == game
    assert isinstance(data["sections"], list)
    assert 6 <= len(data["sections"]) <= 9, f"{game}: {len(data['sections'])} sections"


def test_every_text_has_both_languages(rules):
    game, data = rules
    entries = [("title", data["title"])]
    for i, section in enumerate(data["sections"]):
        assert set(section) == {"heading", "paragraphs"}, f"{game} section {i}: {sorted(section)}"
        entries.append((f"section {i} heading", section["heading"]))
        assert section["paragraphs"], f"{game} section {i} has no paragraphs"
        for j, para in enumerate(texts_of(section)):
            entries.append((f"section {i} paragraph {j}", para))
    for where, entry in entries:
        assert isinstance(entry, dict), f"{game} {where}: must be a {{vi, en}} mapping"
        assert set(entry) == set(LANGS), f"{game} {where}: languages {sorted(entry)}"
        for lang in LANGS:
            value = entry[lang]
            assert isinstance(value, str) and value.strip(), f"{game} {where}: empty {lang}"


def test_languages_have_same_structure(rules):
    game, data = rules
    # Both languages live in the same entries, so the counts match by construction;
    # check it explicitly so a future split into per-language files keeps the promise.
    counts = {lang: [len(s["paragraphs"]) for s in data["sections"]] for lang in LANGS}
    assert counts["vi"] == counts["en"], game
    assert len(texts(data, "vi")) == len(texts(data, "en")), game


def test_paragraphs_fit_on_screen(rules):
    game, data = rules
    for i, section in enumerate(data["sections"]):
        for j, para in enumerate(texts_of(section)):
            for lang in LANGS:
                n = len(para[lang])
                assert n <= MAX_PARAGRAPH, f"{game} section {i} paragraph {j} {lang}: {n} chars"


def test_vietnamese_has_diacritics(rules):
    game, data = rules
    vi = "".join(texts(data, "vi")).lower()
    assert VI_MARKS & set(vi), f"{game}: Vietnamese text has no Vietnamese diacritics"
    # Each Vietnamese heading and paragraph should read as Vietnamese, not copied English.
    en = texts(data, "en")
    for k, line in enumerate(texts(data, "vi")):
        if k == 0:
            continue  # the title may be the same proper name in both languages
        assert line != en[k], f"{game}: Vietnamese text {k} is identical to the English"
