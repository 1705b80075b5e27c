"""The phone page's files (party/web/) without a browser: served as they are (no CDN, no
build step), fonts that exist, and the page's own words in both languages."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "party" / "web"
FILES = ("index.html", "phone.css", "phone.js")


def text(name: str) -> str:
    return (WEB / name).read_text(encoding="utf-8")


def test_the_page_loads_nothing_from_elsewhere():
    for name in FILES:
        body = text(name)
        assert not re.search(r"https?://|(src|href|url)\s*[=(]\s*[\"']?//", body), name
        assert "@import" not in body, name


def test_the_page_asks_only_for_files_that_exist():
    html = text("index.html")
    for ref in re.findall(r'(?:src|href)="/([^"]+)"', html):
        assert (WEB / ref).is_file(), ref
    fonts = re.findall(r'url\("/fonts/([^"]+)"\)', text("phone.css"))
    assert fonts, "the bundled font is declared"
    for font in fonts:
        assert (ROOT / "assets" / "fonts" / font).is_file(), font


def page_words() -> dict[str, dict[str, str]]:
    js = text("phone.js")
    block = js[js.index("const TEXT = {"):js.index("const LANGS")]
    out = {}
    for lang in ("en", "vi"):
        part = re.search(lang + r": \{(.*?)\n    \},", block, re.S).group(1)
        out[lang] = dict(re.findall(r'(\w+): "((?:[^"\\]|\\.)*)"', part))
    return out


def test_every_page_word_is_in_both_languages_with_the_same_fields():
    words = page_words()
    assert len(words["en"]) > 20
    assert words["en"].keys() == words["vi"].keys()
    for key, en in words["en"].items():
        vi = words["vi"][key]
        assert set(re.findall(r"\{\w+\}", en)) == set(re.findall(r"\{\w+\}", vi)), key
    assert "Vào bàn" in words["vi"].values()        # written with its diacritics
