"""data/ganjifa.yaml loads, and broken copies fail with a DataError that names the file,
the entry and the field."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from game.cards import DATA_DIR, DataError
from game.ganjifa.deck import default_deck, load_deck

SOURCE = DATA_DIR / "ganjifa.yaml"


def original() -> dict:
    return yaml.safe_load(SOURCE.read_text(encoding="utf-8"))


def suit(data: dict, sid: str) -> dict:
    return next(s for s in data["suits"] if s["id"] == sid)


def write(tmp_path: Path, data: dict | str, name: str = "ganjifa_broken.yaml") -> Path:
    path = tmp_path / name
    text = data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True,
                                                             sort_keys=False)
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_file_loads_and_matches_the_rules():
    deck = load_deck(SOURCE)
    assert deck == default_deck()
    assert deck.size == 120 and deck.players == 3 and deck.deal_packet == 4
    assert deck.direction == "counter_clockwise" and deck.dukal_min_run == 3
    assert [s.id for s in deck.suits][6:8] == ["rama", "krishna"]
    assert deck.trumps == {"day": 6, "night": 7}
    assert deck.options["void_rule"] == ("choice", ("choice", "strict"))
    assert deck.options["time"] == ("day", ("day", "night"))
    assert [s.order for s in deck.suits] == ["ace_high"] * 5 + ["ten_high"] * 5
    for s in deck.suits:
        assert s.name["vi"] and s.name["en"] and s.sign["vi"] and s.sign["en"]


def test_an_unchanged_copy_loads(tmp_path):
    """The round trip through yaml.safe_dump is faithful, so each failure below is the edit."""
    assert load_deck(write(tmp_path, original())) == load_deck(SOURCE)


def broken(case: str) -> dict:
    data = copy.deepcopy(original())
    if case == "missing translation":
        del suit(data, "rama")["name"]["en"]
    elif case == "empty translation":
        suit(data, "kalki")["sign"]["vi"] = "  "
    elif case == "wrong type":
        data["deck_size"] = "120"
    elif case == "wrong type in a suit":
        suit(data, "buddha")["order"] = 7
    elif case == "duplicate suit":
        data["suits"][7] = copy.deepcopy(suit(data, "rama"))
    elif case == "wrong deck_size":
        data["deck_size"] = 121
    elif case == "unknown trump suit":
        data["trumps"]["day"] = "vishnu"
    elif case == "unknown rank order":
        suit(data, "matsya")["order"] = "sideways"
    elif case == "rank order misses a rank":
        data["rank_orders"]["ace_high"].remove("7")
    elif case == "duplicate rank":
        data["ranks"][3]["id"] = "1"
    elif case == "bad option default":
        data["options"]["void_rule"]["default"] = "lenient"
    elif case == "suits not a list":
        data["suits"] = {"matsya": 1}
    else:
        raise AssertionError(case)
    return data


# case -> (entry, field, words in the problem)
EXPECT = {
    "missing translation": ("suit 'rama'", "name.en", "translation is missing"),
    "empty translation": ("suit 'kalki'", "sign.vi", "translation is missing"),
    "wrong type": ("(top)", "deck_size", "must be int"),
    "wrong type in a suit": ("suit 'buddha'", "order", "must be str"),
    "duplicate suit": ("suit 'rama'", "id", "duplicate"),
    "wrong deck_size": ("(top)", "deck_size", "121"),
    "unknown trump suit": ("(top).trumps", "day", "vishnu"),
    "unknown rank order": ("suit 'matsya'", "order", "sideways"),
    "rank order misses a rank": ("(top).rank_orders", "ace_high", "every rank"),
    "duplicate rank": ("ranks[3]", "id", "duplicate"),
    "bad option default": ("options.void_rule", "default", "lenient"),
    "suits not a list": ("(top)", "suits", "must be list"),
}


@pytest.mark.parametrize("case", list(EXPECT))
def test_broken_copy_names_file_entry_and_field(tmp_path, case):
    path = write(tmp_path, broken(case))
    with pytest.raises(DataError) as info:
        load_deck(path)
    entry, field, words = EXPECT[case]
    err = info.value
    msg = str(err)
    assert path.name in msg, msg
    assert entry in msg and f"'{field}'" in msg and words in msg, msg
    assert (err.entry, err.field) == (entry, field)
    assert Path(err.file) == path


@pytest.mark.parametrize("text", [
    "game: ganjifa\nsuits: [unclosed\nranks: []\n",
    "game: ganjifa\n  players: 3\n bad: indent\n",
    "game: ganjifa\nname: {vi: x, en: y\n",
])
def test_invalid_yaml_syntax_names_the_file_and_line(tmp_path, text):
    path = write(tmp_path, text, "syntax.yaml")
    with pytest.raises(DataError) as info:
        load_deck(path)
    msg = str(info.value)
    assert "syntax.yaml" in msg and "line" in msg and "YAML" in msg, msg


def test_not_a_mapping_and_missing_file(tmp_path):
    with pytest.raises(DataError, match="list.yaml.*mapping"):
        load_deck(write(tmp_path, "- just\n- a list\n", "list.yaml"))
    with pytest.raises(DataError, match="absent.yaml.*cannot read"):
        load_deck(tmp_path / "absent.yaml")


def test_yaml_is_loaded_safely(tmp_path):
    """safe_load only: a Python object tag is refused, never executed."""
    text = SOURCE.read_text(encoding="utf-8") + "\nhook: !!python/object/apply:os.system ['true']\n"
    with pytest.raises(DataError, match="not valid YAML"):
        load_deck(write(tmp_path, text, "unsafe.yaml"))
