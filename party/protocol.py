"""The phone → server messages, PROTOCOL 1: every text a phone sends is checked here first.

:func:`parse` turns the raw WebSocket text into a dict the room may trust — the right
version, a known type, exactly that type's fields with the right types and sizes — or
raises :class:`ProtocolError` with the code the phone is sent back (``bad_message``,
``too_big``, ``bad_version``; ``bad_name`` for a name too long, so the page can say how
long a name may be). It never raises anything else, whatever the input.

The schema is the small table :data:`SCHEMA` below rather than a JSON Schema run by the
``jsonschema`` package: five message types with a handful of scalar fields are checked
in a few lines, the limits that matter here (bytes, nesting depth, integer range,
surrogates, duplicate keys, NaN) are not all expressible in JSON Schema anyway, and the
app gains no dependency for it.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Callable
from typing import Any

PROTOCOL = 1
MAX_BYTES = 4096            # one message, as UTF-8
NAME_MAX = 20               # characters, after trimming (party.room checks 1..20 too)
ACTION_DEPTH = 6            # lists inside lists, the action itself being the first
MAX_INT = 2**53             # JavaScript's exact integers: seq, ids, ints in actions
TEXT_MAX = 64               # a code, secret, token or a string inside an action
LANGS = ("en", "vi")


class ProtocolError(ValueError):
    """A message refused before the room sees it; ``code`` is what the phone is told."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


# ------------------------------------------------------------------ field checks
def _text(limit: int = TEXT_MAX) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if not isinstance(value, str) or len(value) > limit or not _encodable(value):
            raise ProtocolError("bad_message")
        return value
    return check


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")         # a lone surrogate ("\ud800") could not be sent back
    except UnicodeEncodeError:
        return False
    return True


def _name(value: Any) -> Any:
    if not isinstance(value, str) or not _encodable(value):
        raise ProtocolError("bad_message")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs") for ch in value):
        raise ProtocolError("bad_message")
    if len(value.strip()) > NAME_MAX:
        raise ProtocolError("bad_name", max=NAME_MAX)
    return value


def _count(value: Any) -> Any:
    """A positive integer a JavaScript number holds exactly."""
    if type(value) is not int or not 0 < value < MAX_INT:
        raise ProtocolError("bad_message")
    return value


def _id(value: Any) -> Any:
    if type(value) is not int or not 0 <= value < MAX_INT:
        raise ProtocolError("bad_message")
    return value


def _seat(value: Any) -> Any:
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < 64:
        raise ProtocolError("bad_message")
    return value


def _number(value: Any) -> Any:
    if type(value) is int:
        ok = abs(value) < MAX_INT           # before any float(): a 4000-digit int overflows it
    else:
        ok = type(value) is float and math.isfinite(value) and abs(value) < MAX_INT
    if not ok:
        raise ProtocolError("bad_message")
    return value


def _time(value: Any) -> Any:
    return None if value is None else _number(value)


def _lang(value: Any) -> Any:
    if not isinstance(value, str) or value not in LANGS:
        raise ProtocolError("bad_message")
    return value


def _maybe_lang(value: Any) -> Any:
    return None if value is None else _lang(value)


def _action(value: Any, depth: int = 1) -> Any:
    """A JSON list of null / bool / int / short str / such lists, at most ACTION_DEPTH deep."""
    if not isinstance(value, list) or depth > ACTION_DEPTH:
        raise ProtocolError("bad_message")
    for item in value:
        if isinstance(item, list):
            _action(item, depth + 1)
        elif item is None or isinstance(item, bool):
            pass
        elif type(item) is int:
            if abs(item) >= MAX_INT:
                raise ProtocolError("bad_message")
        elif isinstance(item, str):
            _text()(item)
        else:
            raise ProtocolError("bad_message")
    return value


_REQUIRED = object()
#: type → {field: (check, default)}; a default of _REQUIRED makes the field required.
SCHEMA: dict[str, dict[str, tuple[Callable[[Any], Any], Any]]] = {
    "hello": {"token": (_text(), _REQUIRED), "lang": (_maybe_lang, None)},
    "join": {"code": (_text(16), _REQUIRED), "secret": (_text(), _REQUIRED),
             "seat": (_seat, None), "name": (_name, _REQUIRED), "lang": (_maybe_lang, None)},
    "intent": {"seq": (_count, _REQUIRED), "action": (_action, _REQUIRED), "t": (_time, None)},
    "pong": {"id": (_id, _REQUIRED), "c": (_number, _REQUIRED)},
    "lang": {"lang": (_lang, _REQUIRED)},
}


# ------------------------------------------------------------------ parsing
def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ProtocolError("bad_message")
    return out


def _no_constant(name: str) -> Any:
    raise ProtocolError("bad_message")          # NaN, Infinity, -Infinity


def parse(raw: str | bytes) -> dict:
    """The validated message (with its optional fields filled by their defaults), or
    :class:`ProtocolError`."""
    if isinstance(raw, str):
        if len(raw) > MAX_BYTES:                # cheap first: a char is at least a byte
            raise ProtocolError("too_big")
        try:
            data = raw.encode("utf-8")
        except UnicodeEncodeError:
            raise ProtocolError("bad_message") from None
    elif isinstance(raw, (bytes, bytearray, memoryview)):
        data = bytes(raw)
    else:
        raise ProtocolError("bad_message")
    if len(data) > MAX_BYTES:
        raise ProtocolError("too_big")
    try:
        msg = json.loads(data.decode("utf-8"), object_pairs_hook=_no_duplicates,
                         parse_constant=_no_constant)
    except ProtocolError:
        raise
    except (ValueError, RecursionError):        # bad JSON, bad UTF-8, absurd nesting
        raise ProtocolError("bad_message") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message")
    version = msg.get("v")
    if type(version) is not int or version != PROTOCOL:
        raise ProtocolError("bad_version")
    kind = msg.get("type")
    fields = SCHEMA.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError("bad_message")
    if any(key not in fields for key in msg if key not in ("v", "type")):
        raise ProtocolError("bad_message")
    out: dict[str, Any] = {"v": PROTOCOL, "type": kind}
    for key, (check, default) in fields.items():
        if key in msg:
            out[key] = check(msg[key])
        elif default is _REQUIRED:
            raise ProtocolError("bad_message")
        else:
            out[key] = default
    return out
