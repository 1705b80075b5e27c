"""data/mascarade.yaml loads, carries the §3 tables and §13 flags, and broken copies fail
with a DataError naming the file, the entry and the field."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from game.cards import DATA_DIR, DataError
from game.mascarade.data import CHARACTER_IDS, check_set, default_rules, load_rules

SOURCE = DATA_DIR / "mascarade.yaml"


def original() -> dict:
    return yaml.safe_load(SOURCE.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "mascarade_broken.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def broken(tmp_path: Path, change) -> DataError:
    data = copy.deepcopy(original())
    change(data)
    with pytest.raises(DataError) as err:
        load_rules(write(tmp_path, data))
    return err.value


def test_shipped_file_matches_the_rules():
    r = load_rules(SOURCE)
    assert r == default_rules()
    assert [c.id for c in r.characters] == list(CHARACTER_IDS)
    assert r.start_coins == 6 and r.win_coins == 13 and r.total_coins == 194
    assert r.by_id("peasant").copies == 2
    assert {c.id for c in r.characters if c.money} == {"queen", "king", "widow", "fool", "peasant"}
    assert sorted(r.sets) == list(range(2, 14))
    for c in r.characters:
        assert c.name["vi"].strip() and c.name["en"].strip() and c.power["vi"] and c.power["en"]
    assert r.by_id("fool").name["vi"] == "Thằng Điên"
    assert r.flags["widow_mode"][0] == "exact10"
    assert r.flags["small_table_mode"] == ("post", "official")
    assert r.cards_per_player == {2: 3, 3: 2}


@pytest.mark.parametrize("change, entry, field, words", [
    (lambda d: d["characters"][0].update(colour="red"), "character 'judge'", "colour",
     "unknown field"),
    (lambda d: d["characters"][3]["name"].pop("vi"), "character 'fool'", "name.vi",
     "translation is missing"),
    (lambda d: d["characters"][5]["power"].pop("en"), "character 'thief'", "power.en",
     "translation is missing"),
    (lambda d: d.update(sets_typo={}), "(top)", "sets_typo", "unknown field"),
    (lambda d: d["sets"][5].remove("judge") or d["sets"][5].append("fool"), "sets[5]", "-",
     "Judge"),
    (lambda d: d["sets"][7].append("peasant") or d["sets"][7].remove("thief"), "sets[7]", "-",
     "Peasant"),
    (lambda d: d["sets"][9].remove("cheat") or d["sets"][9].append("jester"), "sets[9]", "[8]",
     "unknown character"),
    (lambda d: d["sets"][4].__setitem__(slice(None), ["judge", "bishop", "thief", "cheat",
                                                    "witch", "spy"]), "sets[4]", "-",
     "bring money"),
    (lambda d: d["sets"].pop(11), "(top)", "sets[11]", "missing"),
    (lambda d: d["flags"].update(widow_mode=[]), "flags", "widow_mode", "allowed values"),
    (lambda d: d["small_table"]["cards_per_player"].update({3: 3}), "small_table",
     "cards_per_player.3", "must make 6"),
])
def test_broken_copies_name_file_entry_field(tmp_path, change, entry, field, words):
    err = broken(tmp_path, change)
    assert err.file.endswith("mascarade_broken.yaml")
    assert err.entry == entry and err.field == field
    assert words in err.problem


def test_custom_set_validation():
    r = default_rules()
    ids = lambda *names: [r.index(x) for x in names]   # noqa: E731
    check_set(r, ids("judge", "bishop", "king", "queen", "witch", "cheat"), 4)
    with pytest.raises(ValueError, match="Judge"):
        check_set(r, ids("spy", "bishop", "king", "queen", "witch", "cheat"), 4)
    with pytest.raises(ValueError, match="third"):
        check_set(r, ids("judge", "bishop", "king", "spy", "witch", "cheat"), 4)
