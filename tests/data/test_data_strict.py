"""Every data file (decks, rules texts, UI strings) refuses bytes that are not UTF-8 and
fields nobody reads, naming the file, the entry and the field — before, the first gave a
bare UnicodeDecodeError and the second loaded silently (a typo'd field was ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest

import scenes.core.i18n as i18n
from game.cards import DATA_DIR, DataError
from game.ganjifa.deck import load_deck as load_ganjifa
from game.kowah.deck import load_deck as load_kowah
from scenes.screens.rules_doc import load_rules


def broken_copy(tmp_path: Path, rel: str, old: str, new: bytes) -> Path:
    """A copy of data/<rel> under tmp_path/data with the first ``old`` replaced by bytes."""
    raw = (DATA_DIR / rel).read_bytes()
    needle = old.encode("utf-8")
    assert needle in raw, old
    target = tmp_path / "data" / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(raw.replace(needle, new, 1))
    return target


def load_rules_from(tmp_path: Path, monkeypatch, game: str):
    return load_rules(game, tmp_path / "data" / "rules" / f"{game}.yaml")


def load_strings_from(tmp_path: Path, monkeypatch, lang: str) -> dict:
    for other in ("vi", "en"):                 # the untouched language, as shipped
        dst = tmp_path / "data" / "i18n" / f"{other}.yaml"
        if not dst.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes((DATA_DIR / "i18n" / f"{other}.yaml").read_bytes())
    monkeypatch.setattr(i18n, "DATA_DIR", tmp_path / "data")
    caches = [f for f in (getattr(i18n, "_flat", None), i18n.strings) if f is not None]
    for f in caches:
        f.cache_clear()
    try:
        return i18n.strings(lang)
    finally:
        for f in caches:
            f.cache_clear()


# (file, text to replace, replacement bytes, loader, expected entry, expected field)
CASES = {
    # not UTF-8 (Latin-1 bytes where UTF-8 was)
    "ganjifa suit sign in Latin-1": ("ganjifa.yaml", "sign: {vi: rùa", b"sign: {vi: r\xf9a",
                                     "ganjifa", "suits[1]", "sign.vi"),
    "kowah suit name in Latin-1": ("kowah.yaml", "{vi: Chuỗi", b"{vi: Chu\xf4i",
                                   "kowah", "suits[1]", "name.vi"),
    "rules heading in Latin-1": ("rules/kowah.yaml", '"Mục tiêu"', b'"M\xf9c ti\xeau"',
                                 "rules:kowah", "sections[0]", "heading.vi"),
    "i18n string in Latin-1": ("i18n/vi.yaml", 'quit: "Thoát"', b'quit: "Tho\xe1t"',
                               "i18n:vi", "menu", "quit"),
    # unknown fields
    "ganjifa rank with a typo": ("ganjifa.yaml", '{id: "3", value: 3}', b'{id: "3", vaule: 3, value: 3}',
                                 "ganjifa", "ranks[4]", "vaule"),
    "ganjifa numeral with a name": ("ganjifa.yaml", '{id: "5", value: 5}',
                                    b'{id: "5", value: 5, name: {vi: x, en: y}}',
                                    "ganjifa", "ranks[6]", "name"),
    "ganjifa suit with a typo": ("ganjifa.yaml", "    order: ace_high\n    name: {vi: Kurma",
                                 b"    order: ace_high\n    ordr: ten_high\n    name: {vi: Kurma",
                                 "ganjifa", "suit 'kurma'", "ordr"),
    "ganjifa unknown top field": ("ganjifa.yaml", "players: 3", b"players: 3\nplayer: 4",
                                  "ganjifa", "(top)", "player"),
    "ganjifa unknown language": ("ganjifa.yaml", "sign: {vi: rùa, en: tortoise}",
                                 "sign: {vi: rùa, en: tortoise, vn: rùa}".encode(),
                                 "ganjifa", "suit 'kurma'", "sign.vn"),
    "kowah suit with a typo": ("kowah.yaml", "    short: S\n", b"    short: S\n    chineese: x\n",
                               "kowah", "suit 'strings'", "chineese"),
    "kowah honour with a typo": ("kowah.yaml", "honours:", None, "kowah", "honour", "colour"),
    "kowah multiplier typo": ("kowah.yaml", "multipliers:", b"multipliers:\n  self_draw: 3",
                              "kowah", "(top).multipliers", "self_draw"),
    "rules section with a typo": ("rules/kowah.yaml", '  - heading: {vi: "Mục tiêu", en: "Goal"}',
                                  '  - heading: {vi: "Mục tiêu", en: "Goal"}\n    paragrahps: []'.encode(),
                                  "rules:kowah", "sections[0]", "paragrahps"),
    "rules paragraph in a third language": ("rules/kowah.yaml", 'en: "Kowah, also called',
                                            b'fr: "x", en: "Kowah, also called',
                                            "rules:kowah", "sections[0].paragraphs[0]", "fr"),
    "i18n key only in vi": ("i18n/vi.yaml", '  quit: "Thoát"\n',
                            '  quit: "Thoát"\n  qiut: "Thoát"\n'.encode(), "i18n:vi", "menu", "qiut"),
    "i18n key only in en": ("i18n/en.yaml", '  quit: "Quit"\n', b'  quit: "Quit"\n  qiut: "Quit"\n',
                            "i18n:en", "menu", "qiut"),
    # a key deleted from one file is reported against that file, whichever language loads
    # first (the launch loads vi first; it used to blame vi.yaml for en.yaml's gap)
    "i18n key deleted from en": ("i18n/en.yaml", '  quit: "Quit"\n', b"", "i18n:vi", "menu", "quit"),
    "i18n key deleted from vi": ("i18n/vi.yaml", '  quit: "Thoát"\n', b"", "i18n:en", "menu", "quit"),
    "i18n value not text": ("i18n/en.yaml", '  quit: "Quit"\n', b"  quit: 7\n", "i18n:en", "menu", "quit"),
    "i18n key renamed in vi": ("i18n/vi.yaml", "\n  continue: ", b"\n  contniue: ", "i18n:en", "menu",
                               "contniue"),
}


def load(kind: str, path: Path, tmp_path: Path, monkeypatch):
    if kind == "ganjifa":
        return load_ganjifa(path)
    if kind == "kowah":
        return load_kowah(path)
    if kind.startswith("rules:"):
        return load_rules_from(tmp_path, monkeypatch, kind.split(":")[1])
    return load_strings_from(tmp_path, monkeypatch, kind.split(":")[1])


@pytest.mark.parametrize("case", list(CASES))
def test_broken_data_names_file_entry_and_field(tmp_path, monkeypatch, case):
    rel, old, new, kind, entry, field = CASES[case]
    if new is None:                      # the honour typo: add a field to the first honour
        text = (DATA_DIR / rel).read_text(encoding="utf-8")
        start = text.index("honours:")
        first_id = text.index("  - id:", start)
        line_end = text.index("\n", first_id)
        old, new = text[first_id:line_end + 1], (text[first_id:line_end + 1] + "    colour: red\n").encode()
    path = broken_copy(tmp_path, rel, old, new)
    with pytest.raises(DataError) as info:
        load(kind, path, tmp_path, monkeypatch)
    err = info.value
    msg = str(err)
    assert Path(err.file).name == path.name and path.name in msg, msg
    assert err.entry.startswith(entry) and err.field == field, (err.entry, err.field, msg)
    assert f"'{field}'" in msg
    if "Latin-1" in case:
        assert "not UTF-8" in msg and "line" in msg


def test_shipped_files_are_clean():
    """The files as shipped pass the same strict checks."""
    load_ganjifa(DATA_DIR / "ganjifa.yaml")
    load_kowah(DATA_DIR / "kowah.yaml")
    for game in ("ganjifa", "kowah"):
        load_rules(game)
    i18n.strings.cache_clear()
    assert i18n.strings("vi").keys() == i18n.strings("en").keys()


def test_non_utf8_names_the_line_even_outside_any_entry(tmp_path):
    path = tmp_path / "ganjifa.yaml"
    path.write_bytes(b"# comment with a Latin-1 \xe9\n" + (DATA_DIR / "ganjifa.yaml").read_bytes())
    with pytest.raises(DataError) as info:
        load_ganjifa(path)
    assert info.value.entry == "line 1" and "not UTF-8" in str(info.value)
