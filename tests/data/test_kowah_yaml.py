"""data/kowah.yaml loads, carries every rule number, and broken copies fail with a
DataError that names the file, the entry and the field."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from game.cards import DATA_DIR, DataError
from game.kowah.deck import default_deck, load_deck
from game.kowah.rules import KowahState

SOURCE = DATA_DIR / "kowah.yaml"


def original() -> dict:
    return yaml.safe_load(SOURCE.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict | str, name: str = "kowah_broken.yaml") -> Path:
    path = tmp_path / name
    text = data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True,
                                                             sort_keys=False)
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_file_matches_the_rules():
    d = load_deck(SOURCE)
    assert d == default_deck()
    assert d.size == 120 and d.kinds == 30 and d.copies == 4
    assert d.players == 3 and d.hand_size == 8 and d.deal_packet == 2
    assert d.direction == "clockwise"
    assert d.multipliers == {"self_drawn": 3, "opponent_draw": 1, "opponent_discard": 1}
    assert d.options["rediscard_taken_card"]["default"] is True
    assert d.options["max_turns_without_stock_draw"]["default"] == 300
    assert [s.id for s in d.suits] == ["coins", "strings", "myriads"]
    assert d.numbers == tuple(range(1, 10))
    assert [h.id for h in d.honours] == ["old_thousand", "red_flower", "white_flower"]
    assert [h.chinese for h in d.honours] == ["老千", "紅花", "白花"]
    assert d.number_chinese == tuple("一二三四五六七八九")
    assert "".join(s.chinese for s in d.suits) == "餅索萬"
    assert {e.id for e in d.excluded} == {"white_snake", "green_snake", "monk"}
    assert [d.card_id(c) for c in d.red_cards] == ["9S", "OT", "RF"]
    for item in list(d.suits) + list(d.honours) + list(d.excluded):
        assert item.name["vi"].strip() and item.name["en"].strip()
    assert d.variant["en"] == "exposed-pair wait"


def test_card_names_ids_and_keys():
    d = default_deck()
    assert d.card_id(d.parse("5c")) == "5C"
    assert d.card_name(d.parse("5M"), "en") == "5 of Myriads"
    assert d.card_name(d.parse("RF"), "vi") == "Hoa Đỏ"
    assert d.chinese(d.parse("3M")) == "三萬"
    assert d.keys[d.parse("5C")] == d.keys[d.parse("5S")] == d.keys[d.parse("5M")]
    assert len({d.keys[d.parse(h)] for h in ("OT", "RF", "WF", "1C")}) == 4
    assert d.suit_of(d.parse("OT")) is None and d.number_of(d.parse("OT")) is None
    assert d.build() == sorted(d.build())     # display order: suits 1-9, then honours
    with pytest.raises(KeyError):
        d.parse("10C")


def test_an_unchanged_copy_loads(tmp_path):
    assert load_deck(write(tmp_path, original())) == load_deck(SOURCE)


def _edit(case: str) -> dict:
    data = copy.deepcopy(original())
    if case == "missing translation":
        del data["suits"][1]["name"]["vi"]
    elif case == "empty translation":
        data["honours"][2]["name"]["en"] = "  "
    elif case == "wrong type":
        data["copies"] = "4"
    elif case == "count mismatch":
        data["deck_size"] = 132
    elif case == "hand size":
        data["hand_size"] = 7
    elif case == "bad multiplier":
        data["multipliers"]["self_drawn"] = 0
    elif case == "missing multiplier":
        del data["multipliers"]["opponent_draw"]
    elif case == "number order":
        data["numbers"][3]["value"] = 7
    elif case == "duplicate honour":
        data["honours"][1]["short"] = "OT"
    elif case == "bad direction":
        data["direction"] = "sideways"
    elif case == "bad flag values":
        data["options"]["rediscard_taken_card"]["values"] = ["yes", "no"]
    elif case == "guard default out of range":
        data["options"]["max_turns_without_stock_draw"]["default"] = 5
    elif case == "unknown option":
        data["options"]["wild_honours"] = {"default": False, "values": [True, False]}
    elif case == "unknown red card":
        data["red_cards"] = ["9S", "10S"]
    elif case == "card name template":
        data["card_name"]["en"] = "{suit}"
    return data


CASES = [
    ("missing translation", "suit 'strings'", "name.vi"),
    ("empty translation", "honour 'white_flower'", "name.en"),
    ("wrong type", "(top)", "copies"),
    ("count mismatch", "(top)", "deck_size"),
    ("hand size", "(top)", "hand_size"),
    ("bad multiplier", "(top).multipliers", "self_drawn"),
    ("missing multiplier", "(top).multipliers", "opponent_draw"),
    ("number order", "numbers[3]", "value"),
    ("duplicate honour", "honour 'red_flower'", "short"),
    ("bad direction", "(top)", "direction"),
    ("bad flag values", "options.rediscard_taken_card", "values"),
    ("guard default out of range", "options.max_turns_without_stock_draw", "default"),
    ("unknown option", "(top).options", "wild_honours"),
    ("unknown red card", "(top)", "red_cards"),
    ("card name template", "(top)", "card_name.en"),
]


@pytest.mark.parametrize("case,entry,field", CASES, ids=[c[0] for c in CASES])
def test_broken_copies_name_file_entry_and_field(tmp_path, case, entry, field):
    path = write(tmp_path, _edit(case))
    with pytest.raises(DataError) as err:
        load_deck(path)
    e = err.value
    assert (e.entry, e.field) == (entry, field), str(e)
    assert e.file == str(path) and path.name in str(e)


def test_not_yaml_and_missing_file(tmp_path):
    with pytest.raises(DataError) as err:
        load_deck(write(tmp_path, "players: [3\n"))
    assert "not valid YAML" in str(err.value)
    with pytest.raises(DataError):
        load_deck(tmp_path / "nowhere.yaml")


def test_rule_numbers_come_from_the_data(tmp_path):
    """Change the multipliers and the guard default in a copy: the engine follows."""
    data = copy.deepcopy(original())
    data["multipliers"] = {"self_drawn": 5, "opponent_draw": 2, "opponent_discard": 2}
    data["options"]["max_turns_without_stock_draw"]["default"] = 40
    deck = load_deck(write(tmp_path, data))
    st = KowahState.from_deal(["7C 7S 7M 9C 9C 9S 2C 2C", "1C 1S 3M 4C 4S 6M 8C 8S",
                               "1M 3C 3S 4M 6C 6S 8M RF"], "2C OT", declared={0: "2C"},
                              opening=False, deck=deck)
    assert st.guard_limit == 40
    st.apply(0, ("draw",))
    assert st.result().details["multiplier"] == 5 and st.result().scores == (5, 0, 0)
