"""game.wire: the JSON a second front end receives, and what it refuses."""

from __future__ import annotations

import dataclasses
import enum
import json
import random

import pytest

from game import registry, wire
from game.core import Event
from game.ganjifa.rules import Trick
from game.mascarade.rules import new_game as new_mascarade

from .test_contract import check_view


def a_view(game: str = "ganjifa", steps: int = 30):
    st = registry.new_game(game, registry.info(game).min_seats, 5)
    rng = random.Random(5)
    for _ in range(steps):
        seat = st.active_seats()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st.view(0)


def test_envelope_names_wire_version_game_schema_and_kind():
    v = a_view()
    data = wire.to_json(v)
    assert (data["wire"], data["game"], data["schema"], data["kind"]) == \
        (wire.WIRE_VERSION, "ganjifa", wire.schema("ganjifa"), "view")
    assert data["value"]["$type"] == "GanjifaView"
    assert all(t["$type"] == "Trick" for t in data["value"]["history"])
    back = wire.from_json(wire.dumps(v))
    assert back == v and type(back.history[0]) is Trick and type(back.trick) is tuple


def test_actions_and_events_round_trip():
    legal = [("give", (3, 7, 9)), ("play", 4), ("pass",)]
    assert wire.from_json(wire.dumps(legal, "ganjifa")) == legal
    assert wire.from_json(json.dumps(wire.to_json(("give", (3, 7)), "kowah"))) == ("give", (3, 7))
    e = Event("deal", None, {"packets": [[0, 4], [1, 4]], "trump": 2}, None)
    assert wire.from_json(wire.dumps(e, "kowah")) == e


@pytest.mark.parametrize("change,reason", [
    (lambda d: d | {"wire": wire.WIRE_VERSION + 1}, "newer than this build"),
    (lambda d: d | {"wire": 0}, "older than this build"),
    (lambda d: {k: v for k, v in d.items() if k != "wire"}, "no wire version"),
    (lambda d: d | {"schema": d["schema"] + 1}, "ganjifa schema 2 is newer"),
    (lambda d: d | {"schema": 0}, "ganjifa schema 0 is older"),
    (lambda d: d | {"game": "chess"}, "unknown game 'chess'"),
    (lambda d: d | {"kind": "state"}, "unknown message kind 'state'"),
    (lambda d: d | {"value": d["value"] | {"$type": "GanjifaState"}}, "unknown type 'GanjifaState'"),
    (lambda d: d | {"value": {k: v for k, v in d["value"].items() if k != "hand"}},
     "missing ['hand']"),
    (lambda d: d | {"value": d["value"] | {"rng": 1}}, "unknown ['rng']"),
    (lambda d: d | {"value": d["value"] | {"turn": 1.5}}, "a float is not a wire value"),
])
def test_other_versions_and_unknown_types_are_refused_with_a_reason(change, reason):
    data = change(wire.to_json(a_view()))
    with pytest.raises(wire.WireError, match=reason.replace("[", r"\[").replace("]", r"\]")):
        wire.from_json(data)


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"view"', "[" * 100_000])
def test_damaged_text_is_refused(text):
    with pytest.raises(wire.WireError):
        wire.from_json(text)


def test_what_is_not_plain_data_cannot_be_sent():
    st = registry.new_game("kowah", 3, 1)
    with pytest.raises(wire.WireError, match="cannot go on the wire"):
        wire.to_json(st, "kowah")
    with pytest.raises(wire.WireError, match="Random cannot go on the wire"):
        wire.to_json(("play", st.rng), "kowah")
    with pytest.raises(wire.WireError, match="list cannot go on the wire"):
        wire.to_json(("give", [1, 2]), "kowah")
    with pytest.raises(wire.WireError, match="belongs to ganjifa, not kowah"):
        wire.to_json(a_view(), "kowah")
    with pytest.raises(wire.WireError, match="which game"):
        wire.to_json(("pass",))


def test_mascarade_custom_set_is_plain_in_the_view():
    """A chosen character set is public, but it was a list shared with the state: the
    view handed out a mutable reference into the game (and a list is no wire value)."""
    st = new_mascarade(6, 2, {"characters": "judge+king+queen+bishop+thief+cheat"})
    v = st.view(1)
    assert v.options["characters"] == ("judge", "king", "queen", "bishop", "thief", "cheat")
    check_view("mascarade", v, "custom set")
    assert wire.from_json(wire.dumps(v)) == v


class Suit(enum.Enum):
    CUPS = "cups"
    SWORDS = "swords"


@dataclasses.dataclass(frozen=True)
class Pip:
    suit: Suit
    rank: int


def test_declared_enums_and_nested_dataclasses_round_trip(monkeypatch):
    """A game may declare enums and nested dataclasses among its wire types."""
    declared = wire.wire_types("ganjifa") | {"Suit": Suit, "Pip": Pip}
    monkeypatch.setattr(wire, "wire_types", lambda game: declared)
    action = ("lead", Pip(Suit.SWORDS, 7), None)
    data = wire.to_json(action, "ganjifa")
    assert data["value"][1] == {"$type": "Pip", "suit": {"$enum": "Suit", "value": "swords"},
                                "rank": 7}
    assert wire.from_json(json.dumps(data)) == action
    bad = json.loads(json.dumps(data))
    bad["value"][1]["suit"]["value"] = "coins"
    with pytest.raises(wire.WireError, match="not a valid Suit"):
        wire.from_json(bad)
    bad["value"][1]["suit"]["$enum"] = "Colour"
    with pytest.raises(wire.WireError, match="unknown enum 'Colour'"):
        wire.from_json(bad)
    monkeypatch.setattr(wire, "wire_types", lambda game: {})
    with pytest.raises(wire.WireError, match="Pip is not a declared wire type"):
        wire.to_json(action, "ganjifa")
