"""One game, one package: everything the engine side knows about a game comes from the
descriptor its own package declares, so shared code (game/*.py, game/ai/, game/history/,
main.py) names no game — not in code, not in a docstring or comment. The registry's lines
are the one exception. (The scenes side has its own test.)"""

from __future__ import annotations

import importlib
import re
import unicodedata
from pathlib import Path

import pytest

from game import registry
from game.descriptor import HANDOFFS, GameInfo, Truth
from game.history.synthetic import play_out

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = {"game/registry.py"}          # the registry's one line per game


def shared_files() -> list[Path]:
    """The engine side's shared modules: game/*.py, game/ai/**, game/history/**, main.py."""
    game = ROOT / "game"
    files = [*game.glob("*.py"), *(game / "ai").rglob("*.py"), *(game / "history").rglob("*.py"),
             ROOT / "main.py"]
    return sorted(f for f in files if f.relative_to(ROOT).as_posix() not in ALLOWED)


def folded(text: str) -> str:
    """Lower case, no diacritics (đ as d), no spaces between words: "Đạo Tâm" → "daotam"."""
    text = unicodedata.normalize("NFD", text.lower().replace("đ", "d"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[\s_\-]+", "", text)


def names_in(text: str, names: list[str]) -> list[str]:
    flat = folded(text)
    return [n for n in names if folded(n) in flat]


def game_names() -> list[str]:
    """Every spelling of every registered game: its name and its package's last part."""
    out = set()
    for g in registry.GAMES.values():
        out |= {g.name, g.module.rpartition(".")[2]}
    return sorted(out)


def test_the_check_sees_a_game_in_any_spelling():
    names = game_names()
    assert len(names) >= 4
    assert names_in("(Đạo Tâm R7.2)", ["daotam"]) == ["daotam"]
    assert names_in("from game.daotam import rules", ["daotam"]) == ["daotam"]
    assert names_in("a trick game's rule 5", names) == []


def test_shared_engine_code_names_no_game():
    files = shared_files()
    assert ROOT / "game" / "match.py" in files and ROOT / "game" / "ai" / "worker.py" in files
    found = {f.relative_to(ROOT).as_posix(): names_in(f.read_text(encoding="utf-8"), game_names())
             for f in files}
    assert {f: n for f, n in found.items() if n} == {}


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_each_game_declares_its_descriptor_in_its_own_package(game):
    info = registry.info(game)
    assert importlib.import_module(info.module).GAME is info
    assert info.handoff in HANDOFFS and info.intents
    assert re.fullmatch(r"[A-Z]{2}", info.code_prefix)
    assert info.min_seats <= registry.first_seat_count(game) <= info.max_seats
    assert info.min_seats <= registry.sample_seats(game) <= info.max_seats
    assert registry.explainer(game) is not None
    registry.data_checks(game)


def test_deal_code_prefixes_tell_the_games_apart():
    prefixes = [g.code_prefix for g in registry.GAMES.values()]
    assert len(set(prefixes)) == len(prefixes)


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_a_finished_game_reveals_every_seat_hand_as_plain_data(game):
    n = registry.sample_seats(game)
    match = play_out(game, n, seed=5)
    truth = registry.truth(game, match.state)
    assert isinstance(truth, Truth) and len(truth.hands) == n
    assert all(isinstance(h, tuple) for h in truth.hands)
    cards = [c for h in (*truth.hands, truth.middle) for c in h]
    assert all(isinstance(c, (int, str)) for c in cards)
    assert truth == registry.truth(game, match.state.clone())      # pure: same state, same truth
    for lang in ("en", "vi"):                                       # every card has a name
        assert all(registry.card_name(game, c, lang) not in ("", str(c)) for c in cards)


def test_a_small_game_registers_with_few_fields(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))
    info = registry.register(GameInfo("solo", "no_such_package_xyz", 1, 2))
    assert registry.info("solo") is info and info.code_prefix == "SO"
    assert registry.card_name("solo", 7, "en") == "7"           # a game that names no card
    assert registry.explainer("solo") is None             # the package is not even there
    with pytest.raises(ValueError, match="handoff"):
        registry.register(GameInfo("bad", "x", 1, 2, handoff="sometimes"))
    with pytest.raises(ValueError, match="seats"):
        registry.register(GameInfo("bad", "x", 3, 2))
