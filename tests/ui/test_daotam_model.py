"""The Đạo Tâm table's pygame-free model: picks become the engine's claim action."""

from __future__ import annotations

from game.daotam.rules import new_game
from scenes.tables.daotam.model import DaoTamModel, hand_cards, picks_for


def test_hand_cards_and_picks_make_the_engine_claim():
    cards = hand_cards((1, 2, 1))
    assert cards == ["cuong", "nhu", "nhu", "ta_khi"]
    m = DaoTamModel()
    m.picked = picks_for(cards, ("ta_khi", "nhu"))
    assert m.claim_action(cards, "nhu") == ("claim", ("nhu", "ta_khi"), "nhu")
    m.toggle(m.picked[0])
    assert m.claim_action(cards, "cuong") == ("claim", ("nhu",), "cuong")
    m.clear()
    assert m.picked == []


def test_every_legal_claim_is_reachable_by_picks():
    st = new_game(4, seed=11)
    seat = st.turn
    cards = hand_cards(tuple(st.hands[seat]))
    for act in st.legal_actions(seat):
        if act[0] != "claim":
            continue
        m = DaoTamModel(picked=picks_for(cards, act[1]))
        assert m.claim_action(cards, act[2]) == act


def test_the_model_imports_no_pygame():
    import ast
    from pathlib import Path
    tree = ast.parse(Path("scenes/tables/daotam/model.py").read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(n.split(".")[0] in ("pygame", "scenes") for n in names), names
