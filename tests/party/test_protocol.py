"""party.protocol: every phone message is checked against PROTOCOL 1 before the room sees it."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from party import protocol
from party.protocol import MAX_BYTES, ProtocolError, parse

GOOD = {
    "hello": {"v": 1, "type": "hello", "token": "abc_DEF-123"},
    "join": {"v": 1, "type": "join", "code": "ABCD", "secret": "s3cret", "seat": 2,
             "name": "Lan", "lang": "vi"},
    "intent": {"v": 1, "type": "intent", "seq": 7, "action": ["play", 3, [1, [2, None]], True],
               "t": 1234.5},
    "pong": {"v": 1, "type": "pong", "id": 0, "c": 99.25},
    "lang": {"v": 1, "type": "lang", "lang": "en"},
}


def raw(msg: dict) -> str:
    return json.dumps(msg, ensure_ascii=False)


def code_of(data) -> str:
    with pytest.raises(ProtocolError) as err:
        parse(data)
    return err.value.code


@pytest.mark.parametrize("kind", sorted(GOOD))
def test_every_good_message_parses_to_itself(kind):
    msg = GOOD[kind]
    out = parse(raw(msg))
    assert {k: out[k] for k in msg} == msg
    assert parse(raw(msg).encode("utf-8")) == out


def test_optional_fields_get_their_defaults():
    assert parse('{"v":1,"type":"intent","seq":1,"action":[]}')["t"] is None
    out = parse('{"v":1,"type":"join","code":"ABCD","secret":"x","name":"A"}')
    assert out["seat"] is None and out["lang"] is None
    assert parse('{"v":1,"type":"hello","token":"t"}')["lang"] is None


# every field of every type, malformed every way → bad_message
NOT_TEXT = [None, 1, 1.5, True, [], {}, ["x"]]
BAD_FIELDS = {
    ("hello", "token"): NOT_TEXT + ["x" * 65, "\ud800"],
    ("hello", "lang"): [1, "fr", "EN", [], {}, True],
    ("join", "code"): NOT_TEXT + ["A" * 17],
    ("join", "secret"): NOT_TEXT + ["s" * 65, "\udfff"],
    ("join", "seat"): [-1, 64, 1.0, "1", True, [], {}, 2**60],
    ("join", "name"): NOT_TEXT + ["a\x00b", "tab\there", "\u202eevil", "\ud83d"],
    ("join", "lang"): [1, "de", [], {}, False],
    ("intent", "seq"): [0, -1, 2**53, 2**64, 1.0, 1.5, "1", None, True, [], {}],
    ("intent", "action"): [None, 1, "play", {}, {"a": 1}, [1.5], [{"a": 1}], ["x" * 65],
                           [[[[[[[1]]]]]]], [2**53], [-(2**53)], ["\ud800"]],
    ("intent", "t"): ["1", True, [], {}, 2**60, -(2**60)],
    ("pong", "id"): [-1, 2**53, 1.0, "1", None, True, [], {}],
    ("pong", "c"): ["1", None, True, [], {}, 2**60],
    ("lang", "lang"): [None, 1, "", "english", "VI", [], {}],
}


@pytest.mark.parametrize(("kind", "field", "value"),
                         [(k, f, v) for (k, f), vs in BAD_FIELDS.items() for v in vs])
def test_a_malformed_field_is_bad_message(kind, field, value):
    msg = dict(GOOD[kind], **{field: value})
    assert code_of(json.dumps(msg)) == "bad_message"


@pytest.mark.parametrize(("kind", "field"), [("hello", "token"), ("join", "code"),
                                             ("join", "secret"), ("join", "name"),
                                             ("intent", "seq"), ("intent", "action"),
                                             ("pong", "id"), ("pong", "c"), ("lang", "lang")])
def test_a_missing_required_field_is_bad_message(kind, field):
    msg = {k: v for k, v in GOOD[kind].items() if k != field}
    assert code_of(raw(msg)) == "bad_message"


@pytest.mark.parametrize("kind", sorted(GOOD))
def test_an_unknown_field_is_refused(kind):
    assert code_of(raw(dict(GOOD[kind], seat_for="1"))) == "bad_message"
    if kind != "join":
        assert code_of(raw(dict(GOOD[kind], seat=1))) == "bad_message"   # no acting for a seat


def test_action_depth_six_is_the_limit():
    six = [[[[[["x"]]]]]]
    assert parse(raw(dict(GOOD["intent"], action=six)))["action"] == six
    assert code_of(raw(dict(GOOD["intent"], action=[six]))) == "bad_message"


def test_infinite_and_nan_times_are_refused():
    for bad in ("NaN", "Infinity", "-Infinity", "1e999"):
        assert code_of('{"v":1,"type":"intent","seq":1,"action":[],"t":' + bad + "}") == "bad_message"


def test_names_longer_than_twenty_are_bad_name_with_the_limit():
    assert parse(raw(dict(GOOD["join"], name="  " + "n" * 20 + "  ")))["name"].strip() == "n" * 20
    with pytest.raises(ProtocolError) as err:
        parse(raw(dict(GOOD["join"], name="n" * 21)))
    assert err.value.code == "bad_name" and err.value.params == {"max": 20}


@pytest.mark.parametrize("text", [
    "", "null", "1", '"hello"', "[]", "[1,2]", "{", '{"v":1,', "\xff", "{'v':1}",
    '{"v":1,"type":"hello","token":"a","token":"b"}',            # duplicate key
    '{"v":1,"type":"bogus"}', '{"v":1,"type":1}', '{"v":1,"type":null}', '{"v":1}',
    '{"v":1,"type":["hello"],"token":"a"}',
])
def test_not_a_message_is_bad_message(text):
    assert code_of(text) == "bad_message"


@pytest.mark.parametrize("text", [
    '{"type":"hello","token":"a"}', '{"v":2,"type":"hello","token":"a"}',
    '{"v":"1","type":"hello","token":"a"}', '{"v":1.0,"type":"hello","token":"a"}',
    '{"v":true,"type":"hello","token":"a"}', '{"v":null,"type":"hello","token":"a"}',
    '{"v":0,"type":"hello","token":"a"}',
])
def test_another_version_is_bad_version(text):
    assert code_of(text) == "bad_version"


def test_size_limit_in_bytes():
    msg = raw(GOOD["hello"])
    exact = msg[:-1] + " " * (MAX_BYTES - len(msg)) + "}"
    assert len(exact.encode()) == MAX_BYTES
    assert parse(exact)["token"] == GOOD["hello"]["token"]
    assert code_of(exact[:-1] + " }") == "too_big"
    assert code_of(exact.encode()[:-1] + b" }") == "too_big"
    # counted in UTF-8 bytes, not characters: 1400 "ạ" are 4200 bytes
    wide = '{"v":1,"type":"hello","token":"a","x":"' + "ạ" * 1400 + '"}'
    assert len(wide) < MAX_BYTES and code_of(wide) == "too_big"


def test_absurd_nesting_and_huge_numbers_are_bad_message():
    assert code_of("[" * 4000) == "bad_message"
    assert code_of("[" * 2000 + "]" * 2000) == "bad_message"
    assert code_of('{"v":1,"type":"pong","id":1,"c":' + "9" * 4000 + "}") == "bad_message"


def test_not_text_is_bad_message():
    assert code_of(None) == "bad_message"
    assert code_of(12) == "bad_message"
    assert code_of(b"\x80\x81") == "bad_message"


def test_the_schema_table_names_every_type_the_room_takes():
    assert set(protocol.SCHEMA) == {"hello", "join", "intent", "pong", "lang"}


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=5000))
def test_fuzz_bytes_only_ever_raise_protocol_error(data):
    try:
        out = parse(data)
    except ProtocolError as err:
        assert err.code in ("bad_message", "too_big", "bad_version", "bad_name")
    else:
        assert out["type"] in protocol.SCHEMA


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(GOOD)), st.dictionaries(
    st.sampled_from(["v", "type", "token", "code", "secret", "seat", "name", "lang", "seq",
                     "action", "t", "id", "c", "other"]), json_values, max_size=6))
def test_fuzz_json_messages_only_ever_raise_protocol_error(kind, changes):
    msg = dict(GOOD[kind], **changes)
    try:
        text = json.dumps(msg)
    except (ValueError, TypeError):
        return
    try:
        out = parse(text)
    except ProtocolError as err:
        assert err.code in ("bad_message", "too_big", "bad_version", "bad_name")
        return
    # what passes is exactly the schema's shape
    assert out["v"] == 1 and set(out) == set(protocol.SCHEMA[out["type"]]) | {"v", "type"}
    json.dumps(out, ensure_ascii=False).encode("utf-8")      # and can be echoed back
