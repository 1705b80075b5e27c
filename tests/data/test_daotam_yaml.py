"""data/daotam.yaml (rules §2.3) loads with every card in the §3 vocabulary, and broken
copies fail with a DataError naming the file, the card and the field (rules §6 case 1)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from game.cards import DATA_DIR, DataError
from game.daotam import effects
from game.daotam.deck import STAGES, default_deck, load_deck
from game.daotam.rules import DaoTamState, check_invariants
from game.windows import load_timing

SOURCE = DATA_DIR / "daotam.yaml"


def original() -> dict:
    return yaml.safe_load(SOURCE.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict, name: str = "daotam_broken.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def card(data: dict, cid: str) -> dict:
    return next(c for c in data["decks"]["chinh_dao"] if c["id"] == cid)


def test_shipped_file_matches_the_rules():
    d = load_deck(SOURCE)
    assert d == default_deck()
    assert d.chieu_counts() == (15, 15, 25)
    ids = d.chinh_list()
    assert len(ids) == 20 and ids.count("tinh_tam") == 6
    tn = [c for c in d.chinh_dao if c.type == "tam_niem"]
    assert sorted(c.id for c in tn) == [f"tn{i:02d}" for i in range(1, 11)]
    assert all(c.id == f"tn{c.principle:02d}" for c in tn)
    by_stage = {s: sorted(c.id for c in tn if c.stage == s) for s in STAGES}
    assert by_stage == {"hoc_dao": ["tn04", "tn06", "tn10"], "hieu_dao": ["tn02", "tn03", "tn08"],
                        "hanh_dao": ["tn01", "tn05", "tn07", "tn09"]}
    assert sorted(c.id for c in d.chinh_dao if c.type == "ao_niem") == \
        ["an_man", "an_san", "an_si", "an_tham"]
    assert d.rules == {"start_hand": 5, "dao_tam": 3, "refill_target": 5, "hand_cap": 10,
                       "round_limit_turns": 80}
    for c in list(d.chinh_dao) + list(d.chieu_thuc):
        for lang in ("vi", "en"):
            assert c.name[lang].strip() and c.text[lang].strip()
    assert d.by_id["tn06"].static("refill_target") == 6
    assert d.by_id["tn01"].static("shout_unstealable") is True


def test_timing_numbers_of_r17_come_from_the_yaml():
    t = load_timing("daotam")
    assert t["challenge_window_s"] == 3.0 and t["race_window_s"] == 2.0
    assert t["false_start_lock_s"] == 1.0 and t["ai_challenge_delay_s"] == [0.8, 2.4]
    assert t["ai_shout_delay_s"]["actor"]["normal"] == [0.25, 0.6]
    assert t["ai_shout_delay_s"]["others"]["normal"] == [0.35, 0.9]


def test_every_primitive_the_cards_use_is_registered_once_and_used():
    used = set()

    def walk(nodes):
        for n in nodes:
            if n[0] == "if":
                used.add(("cond", n[1]))
                walk(n[2])
                walk(n[3])
            else:
                used.add(("eff", n[1]))
                if n[1] == "replace_challenger_reward":
                    walk(n[2])
    for c in default_deck().chinh_dao:
        for ab in c.abilities:
            used.update(("trig", t) for t in ab.triggers)
            if ab.condition:
                used.add(("cond", ab.condition))
            walk(ab.effects)
    assert {x for k, x in used if k == "eff"} == set(effects.EFFECTS)
    assert {x for k, x in used if k == "cond"} == set(effects.CONDITIONS)
    assert {x for k, x in used if k == "trig"} == set(effects.TRIGGERS)
    with pytest.raises(ValueError, match="registered twice"):
        effects.effect("heal", int)(lambda *a: None)


@pytest.mark.parametrize("mutate,entry,field,problem", [
    (lambda d: card(d, "tn02")["abilities"][0].update(trigger="on_sneeze"),
     "card 'tn02'", "abilities[0].trigger", "unknown trigger 'on_sneeze'"),
    (lambda d: card(d, "tn02")["abilities"][0].update(condition="is_tuesday"),
     "card 'tn02'", "abilities[0].condition", "unknown condition 'is_tuesday'"),
    (lambda d: card(d, "an_san")["abilities"][0].update(effects=[{"lose_everything": 1}]),
     "card 'an_san'", "abilities[0].effects[0].lose_everything", "unknown effect"),
    (lambda d: card(d, "tinh_tam")["abilities"][0]["effects"][0].update({"if": "sunny"}),
     "card 'tinh_tam'", "abilities[0].effects[0].if", "unknown condition 'sunny'"),
    (lambda d: card(d, "tn07")["abilities"][0]["effects"][0]["discard_from_hand"].update(kind="x"),
     "card 'tn07'", "abilities[0].effects[0].discard_from_hand.kind", "parameter 'kind'"),
    (lambda d: card(d, "tn05")["abilities"][0].update(mode="instead"),
     "card 'tn05'", "abilities[0].mode", "cannot take mode 'instead'"),
    (lambda d: card(d, "tn09")["abilities"][0]["effects"][0].update(
        replace_challenger_reward={"draw_gold": 1}),
     "card 'tn09'", "abilities[0].effects[0].replace_challenger_reward.effects[0].draw_gold",
     "unknown effect"),
    (lambda d: card(d, "tn01")["name"].pop("vi"), "card 'tn01'", "name.vi", "translation is missing"),
    (lambda d: card(d, "tn01")["text"].update(en=" "), "card 'tn01'", "text.en",
     "translation is missing"),
    (lambda d: card(d, "tn03").update(colour="red"), "card 'tn03'", "colour", "unknown field"),
    # a wrong count names the card to fix, not the validation key it disagrees with
    (lambda d: d["decks"]["chieu_thuc"][2].update(copies=24), "card 'ta_khi'", "copies",
     "24 copies, but validation.chieu_thuc_per_kind.ta_khi says 25"),
    (lambda d: card(d, "tinh_tam").update(copies=5), "card 'tinh_tam'", "copies",
     "validation.chinh_dao_per_type.tinh_tam says 6"),
    (lambda d: card(d, "tn04").update(stage="hanh_dao"), "cards 'tn01', 'tn04', 'tn05', 'tn07', 'tn09'",
     "stage", "5 Tâm Niệm of stage 'hanh_dao'"),
    (lambda d: d["decks"]["chinh_dao"].append(dict(card(d, "an_san"), id="an_moi")),
     "cards 'an_tham', 'an_san', 'an_si', 'an_man', 'an_moi'", "type", "5 cards of type 'ao_niem'"),
    (lambda d: card(d, "tn07")["abilities"][0]["effects"][0]["discard_from_hand"].update(max=0),
     "card 'tn07'", "abilities[0].effects[0].discard_from_hand.max", "whole number 1–10"),
    # only when every card agrees with the per-kind numbers is the total to blame
    (lambda d: d["validation"].update(chieu_thuc_total=54), "(top).validation", "chieu_thuc_total",
     "add up to 55"),
    (lambda d: d["players"].update(min=5, max=3), "(top).players", "min", "must not exceed max"),
    (lambda d: d["rules"].update(hand_cap="ten"), "(top).rules", "hand_cap", "must be int"),
])
def test_broken_copies_name_file_card_and_field(tmp_path, mutate, entry, field, problem):
    data = copy.deepcopy(original())
    mutate(data)
    with pytest.raises(DataError) as err:
        load_deck(write(tmp_path, data))
    e = err.value
    assert e.file.endswith("daotam_broken.yaml")
    assert (e.entry, e.field) == (entry, field), str(e)
    assert problem in e.problem, str(e)


def test_a_new_card_of_existing_primitives_needs_no_code(tmp_path):
    """A house Ảo Niệm "Hoài Nghi": lose 1 Đạo Tâm, then draw 2 Chiêu Thức."""
    data = copy.deepcopy(original())
    data["decks"]["chinh_dao"].append({
        "id": "an_hoai_nghi", "type": "ao_niem",
        "name": {"vi": "Hoài Nghi", "en": "Doubt"},
        "text": {"vi": "Mất 1 Đạo Tâm, rồi rút 2 lá Chiêu Thức.",
                 "en": "Lose 1 Đạo Tâm, then draw 2 Chiêu Thức cards."},
        "abilities": [{"trigger": "on_draw",
                       "effects": [{"lose_dao_tam": 1}, {"draw_chieu_thuc": 2}]}]})
    data["validation"]["chinh_dao_total"] = 21
    data["validation"]["chinh_dao_per_type"]["ao_niem"] = 5
    deck = load_deck(write(tmp_path, data, "daotam_house.yaml"))
    assert len(deck.chinh_list()) == 21
    # seat 0 claims truly, seat 1 challenges wrongly: seat 0 draws the house card
    st = DaoTamState.from_deal(3, [[2, 2, 1], [1, 1, 3], [1, 1, 3]], [2] * 10,
                               [c for c in deck.chinh_list() if c != "an_hoai_nghi"] + ["an_hoai_nghi"],
                               deck=deck)
    st.apply(0, ("claim", ("cuong",), "cuong"))
    st.apply(1, ("challenge",))
    assert st.dao_tam[0] == 2 and st.dao_tam[1] == 2
    assert sum(st.hands[0]) == 4 + 2           # 4 left + 2 drawn; refill to 5 draws nothing
    assert "an_hoai_nghi" in st.disc_cd
    assert check_invariants(st, conservation=False) == []


def test_every_refusal_of_the_engine_has_a_player_text_in_both_languages():
    import re

    source = (Path(__file__).parents[2] / "game" / "daotam" / "rules.py").read_text("utf-8")
    keys = set(re.findall(r'"daotam\.(\w+)"', source))
    assert len(keys) >= 10
    for lang in ("en", "vi"):
        err = yaml.safe_load((DATA_DIR / "i18n" / f"{lang}.yaml").read_text("utf-8"))["err"]
        assert keys <= set(err["daotam"]), (lang, keys - set(err["daotam"]))
        assert {"not_your_turn", "unknown_action"} <= set(err)
