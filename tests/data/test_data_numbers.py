"""Every number in data/ is checked for type and range when its file loads, so a broken
one stops the launch naming the file, the entry and the field — never a crash at the
first reaction window or at setup. The walk below finds every numeric value (and every
numeric mapping key) of every data file and breaks it in each way a number can be
broken: a new number cannot slip in unchecked."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

import main
from game.cards import DATA_DIR, DataError, read_yaml
from game.daotam.deck import load_deck as load_daotam
from game.ganjifa.deck import load_deck as load_ganjifa
from game.kowah.deck import load_deck as load_kowah
from game.mascarade.data import load_rules as load_mascarade
from game.windows import read_timing
from scenes.screens.rules_doc import load_rules as load_rules_doc

Path_ = list[Any]        # keys and list positions from the top of a file


def _game(loader: Callable[[Path], Any]) -> Callable[[Path], Any]:
    def load(path: Path) -> Any:
        loader(path)
        read_timing(path, "timing")
    return load


LOADERS: dict[str, Callable[[Path], Any]] = {
    "ganjifa.yaml": _game(load_ganjifa),
    "kowah.yaml": _game(load_kowah),
    "daotam.yaml": _game(load_daotam),
    "mascarade.yaml": _game(load_mascarade),
    "timing.yaml": lambda path: read_timing(path),
    **{f"rules/{g}.yaml": (lambda path, g=g: load_rules_doc(g, path))
       for g in ("ganjifa", "kowah", "daotam", "mascarade")},
}


def numeric_leaves(node: Any, path: Path_) -> Iterator[tuple[Path_, bool]]:
    """(path, is_key) of every number: values, and mapping keys that are numbers."""
    if isinstance(node, dict):
        for k, v in node.items():
            if isinstance(k, (int, float)) and not isinstance(k, bool):
                yield [*path, k], True
            yield from numeric_leaves(v, [*path, k])
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from numeric_leaves(v, [*path, i])
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        yield path, False


def data_files() -> list[str]:
    return sorted(p.relative_to(DATA_DIR).as_posix() for p in DATA_DIR.rglob("*.yaml")
                  if p.parent.name != "i18n")


def test_every_data_file_has_a_loader():
    """i18n files hold text only (a number there is refused as not text)."""
    assert sorted(LOADERS) == data_files()


def _cases() -> list[tuple[str, Path_, bool]]:
    out = []
    for rel in data_files():
        for path, is_key in numeric_leaves(read_yaml(DATA_DIR / rel), []):
            out.append((rel, path, is_key))
    return out


CASES = _cases()


def test_the_walk_finds_the_numbers():
    found = {(rel, ".".join(map(str, p))) for rel, p, _ in CASES}
    assert ("timing.yaml", "false_start_lock_s") in found
    assert ("daotam.yaml", "timing.challenge_window_s") in found
    assert ("daotam.yaml", "players.min") in found
    assert ("mascarade.yaml", "sets.2") in found
    assert len(CASES) > 150


def breakages(value: Any, in_timing: bool) -> list[Any]:
    out: list[Any] = ["soon", True, -1, 10**12, math.nan, math.inf, None]
    if isinstance(value, int) and not in_timing:
        out.append(value + 0.5)              # a count is a whole number
    return out


def broken_copy(tmp_path: Path, rel: str, path: Path_, is_key: bool, bad: Any) -> Path:
    data = read_yaml(DATA_DIR / rel)
    node = data
    for k in path[:-1]:
        node = node[k]
    last = path[-1]
    if is_key:
        node[bad if bad is not None else "~"] = node.pop(last)
    else:
        node[last] = bad
    target = tmp_path / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return target


def names_the_place(err: DataError, path: Path_, is_key: bool) -> bool:
    """The message names the field (or, for a key, the entry) that holds the number."""
    words = [str(k) for k in path if isinstance(k, str)]
    if is_key:
        return words[-1] in err.entry or words[-1] in err.field
    return words[-1] in err.field or words[-1] in err.entry


@pytest.mark.parametrize(("rel", "path", "is_key"), CASES,
                         ids=[f"{r}:{'.'.join(map(str, p))}" for r, p, _ in CASES])
def test_every_number_is_checked_at_load(tmp_path, rel, path, is_key):
    in_timing = rel == "timing.yaml" or path[0] == "timing"
    value = path[-1] if is_key else None
    if not is_key:
        node = read_yaml(DATA_DIR / rel)
        for k in path:
            node = node[k]
        value = node
    for bad in breakages(value, in_timing):
        target = broken_copy(tmp_path, rel, path, is_key, bad)
        with pytest.raises(DataError) as info:
            LOADERS[rel](target)
        err = info.value
        assert Path(err.file).name == target.name, (bad, str(err))
        assert names_the_place(err, path, is_key), (bad, str(err))


@pytest.mark.parametrize(("rel", "old", "new", "field"), [
    ("daotam.yaml", "challenge_window_s: 3.0", "challenge_window_s: soon", "challenge_window_s"),
    ("daotam.yaml", "race_window_s: 2.0", "race_window_s: -2.0", "race_window_s"),
    ("daotam.yaml", "players: {min: 3, max: 5}", "players: {min: 5, max: 3}", "min"),
    ("timing.yaml", "false_start_lock_s: 1.0", "false_start_lock_s: .nan", "false_start_lock_s"),
    ("timing.yaml", "ai_window_delay_s: [0.8, 2.4]", "ai_window_delay_s: [2.4, 0.8]",
     "ai_window_delay_s"),
    ("mascarade.yaml", "min_players: 2 ", "min_players: 14 ", "min_players"),
])
def test_the_launch_check_refuses_them_before_any_window(tmp_path, monkeypatch, rel, old, new, field):
    """main.check_data, as the launch runs it, over a copy of data/ with one number broken."""
    import shutil

    import game.cards
    import game.windows
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    text = (data / rel).read_text(encoding="utf-8")
    assert old in text
    (data / rel).write_text(text.replace(old, new, 1), encoding="utf-8")
    import game.daotam.deck
    import game.ganjifa.deck
    import game.kowah.deck
    import game.mascarade.data
    import scenes.core.i18n
    import scenes.screens.rules_doc
    for mod in (game.cards, game.windows, game.daotam.deck, game.ganjifa.deck, game.kowah.deck,
                game.mascarade.data, scenes.core.i18n, scenes.screens.rules_doc):
        if hasattr(mod, "DATA_DIR"):
            monkeypatch.setattr(mod, "DATA_DIR", data)
    caches = [game.windows._shared_timing, game.windows._game_timing, game.daotam.deck.default_deck,
              game.ganjifa.deck.default_deck, game.kowah.deck.default_deck,
              game.mascarade.data.default_rules]
    for c in caches:
        c.cache_clear()
    try:
        with pytest.raises(DataError) as info:
            main.check_data()
    finally:
        for c in caches:
            c.cache_clear()
    err = info.value
    assert Path(err.file).name == Path(rel).name and field in err.field, str(err)
