"""Views, legal actions and events as JSON: what a second front end receives.

Every message is an envelope ``{"wire": WIRE_VERSION, "game": name, "schema": n,
"kind": ..., "value": ...}``. ``kind`` is ``"view"`` (a frozen dataclass the game
declares), ``"action"`` (a tuple), ``"actions"`` (a list of them: the legal actions) or
``"event"`` (a :class:`~game.core.Event`). ``schema`` is the game's own version of
its wire types (``SCHEMA`` in the game's contract module, found through the registry);
a message from an older or newer build is refused with a sentence saying which, never
a crash.

Values: None, bool, int and str as themselves; tuples as lists (read back as tuples);
a declared dataclass as ``{"$type": name, field: ...}``; a declared Enum as
``{"$enum": name, "value": ...}``; a dict with str keys as an object. Anything else
(a list, a set, a state, an RNG, a float) is refused: a view holds only plain values.
Event data are JSON data already: their lists stay lists, their tuples arrive as lists.

Encoding reads the object only; nothing here runs on the engines' hot path.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
from types import ModuleType
from typing import Any

from game import registry
from game.core import Event

WIRE_VERSION = 1
KINDS = ("view", "action", "actions", "event")
MAX_DEPTH = 32          # a view is a few levels deep; deeper input is damage


class WireError(ValueError):
    """A message this build cannot encode or read; ``str(err)`` says why."""


# ------------------------------------------------------------------ the games' types
def contract(game: str) -> ModuleType:
    """The game's contract module (``GameInfo.contract``, else ``<module>.contract``)."""
    info = registry.info(game)
    name = getattr(info, "contract", "") or f"{info.module}.contract"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        raise WireError(f"{game}: no contract module {name!r} (it declares SCHEMA and "
                        f"WIRE_TYPES)") from err


def schema(game: str) -> int:
    """The game's wire schema version."""
    return int(contract(game).SCHEMA)


def wire_types(game: str) -> dict[str, type]:
    """The dataclasses and enums the game's views may hold, by class name."""
    types = getattr(contract(game), "WIRE_TYPES", ())
    return {t.__name__: t for t in types}


_OWNER: dict[type, str] = {}


def game_of(cls: type) -> str | None:
    """The registered game that declares ``cls`` as a wire type (None: none does)."""
    if cls not in _OWNER:
        for name in registry.GAMES:
            try:
                types = wire_types(name)
            except WireError:
                continue
            for t in types.values():
                _OWNER.setdefault(t, name)
    return _OWNER.get(cls)


# ------------------------------------------------------------------ encoding
def _enc(v: Any, types: dict[str, type], depth: int, path: str) -> Any:
    if depth > MAX_DEPTH:
        raise WireError(f"{path}: nested deeper than {MAX_DEPTH}")
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, enum.Enum):
        name = type(v).__name__
        if types.get(name) is not type(v):
            raise WireError(f"{path}: enum {name} is not a declared wire type")
        return {"$enum": name, "value": _enc(v.value, types, depth + 1, path)}
    if isinstance(v, int):
        return v
    if isinstance(v, tuple) and type(v) is tuple:
        return [_enc(x, types, depth + 1, f"{path}[{i}]") for i, x in enumerate(v)]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        name = type(v).__name__
        if types.get(name) is not type(v):
            raise WireError(f"{path}: {name} is not a declared wire type")
        out: dict[str, Any] = {"$type": name}
        for f in dataclasses.fields(v):
            out[f.name] = _enc(getattr(v, f.name), types, depth + 1, f"{path}.{f.name}")
        return out
    if isinstance(v, dict) and type(v) is dict:
        out = {}
        for k, x in v.items():
            if not isinstance(k, str) or k.startswith("$"):
                raise WireError(f"{path}: dict key {k!r} is not a plain name")
            out[k] = _enc(x, types, depth + 1, f"{path}.{k}")
        return out
    raise WireError(f"{path}: a {type(v).__name__} cannot go on the wire")


def _data(v: Any, depth: int, path: str) -> Any:
    """Event data: JSON values (lists and tuples both become lists)."""
    if depth > MAX_DEPTH:
        raise WireError(f"{path}: nested deeper than {MAX_DEPTH}")
    if v is None or isinstance(v, (bool, str, int)) and not isinstance(v, enum.Enum):
        return v
    if isinstance(v, (list, tuple)):
        return [_data(x, depth + 1, f"{path}[{i}]") for i, x in enumerate(v)]
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            if not isinstance(k, (str, int)) or isinstance(k, bool):
                raise WireError(f"{path}: dict key {k!r} is not a plain name")
            out[str(k)] = _data(x, depth + 1, f"{path}.{k}")
        return out
    raise WireError(f"{path}: a {type(v).__name__} cannot go on the wire")


def to_json(obj: Any, game: str | None = None) -> dict:
    """The envelope for a view, an action, a list of actions or an event.

    ``game`` may be left out for a view (its class says which game declares it)."""
    if isinstance(obj, Event):
        kind = "event"
    elif isinstance(obj, tuple):
        kind = "action"
    elif isinstance(obj, list):
        kind = "actions"
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        kind = "view"
        owner = game_of(type(obj))
        if owner is None:
            raise WireError(f"{type(obj).__name__} is no registered game's wire type")
        if game is not None and game != owner:
            raise WireError(f"{type(obj).__name__} belongs to {owner}, not {game}")
        game = owner
    else:
        raise WireError(f"a {type(obj).__name__} cannot go on the wire")
    if game is None:
        raise WireError(f"say which game this {kind} belongs to")
    types = wire_types(game)
    if kind == "event":
        value: Any = {"kind": obj.kind, "seat": obj.seat, "to": obj.to,
                      "data": _data(obj.data, 1, "event.data")}
    elif kind == "actions":
        for i, a in enumerate(obj):
            if not isinstance(a, tuple):
                raise WireError(f"actions[{i}]: a {type(a).__name__}, not an action tuple")
        value = _enc(tuple(obj), types, 0, "actions")
    else:
        value = _enc(obj, types, 0, kind)
    return {"wire": WIRE_VERSION, "game": game, "schema": schema(game), "kind": kind,
            "value": value}


def dumps(obj: Any, game: str | None = None) -> str:
    """:func:`to_json` as compact text (sorted keys: equal values, equal text)."""
    return json.dumps(to_json(obj, game), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False)


# ------------------------------------------------------------------ decoding
def _dec(v: Any, types: dict[str, type], depth: int, path: str) -> Any:
    if depth > MAX_DEPTH:
        raise WireError(f"{path}: nested deeper than {MAX_DEPTH}")
    if v is None or isinstance(v, (bool, str, int)):
        return v
    if isinstance(v, list):
        return tuple(_dec(x, types, depth + 1, f"{path}[{i}]") for i, x in enumerate(v))
    if isinstance(v, dict):
        if "$enum" in v:
            cls = types.get(v["$enum"]) if isinstance(v["$enum"], str) else None
            if cls is None or not issubclass(cls, enum.Enum):
                raise WireError(f"{path}: unknown enum {v['$enum']!r}")
            try:
                return cls(_dec(v.get("value"), types, depth + 1, path))
            except ValueError as err:
                raise WireError(f"{path}: {err}") from err
        if "$type" in v:
            name = v["$type"]
            cls = types.get(name) if isinstance(name, str) else None
            if cls is None or not dataclasses.is_dataclass(cls):
                raise WireError(f"{path}: unknown type {name!r}")
            names = [f.name for f in dataclasses.fields(cls)]
            given = set(v) - {"$type"}
            if given != set(names):
                missing, extra = sorted(set(names) - given), sorted(given - set(names))
                raise WireError(f"{path}: {name} fields differ (missing {missing}, "
                                f"unknown {extra})")
            return cls(**{n: _dec(v[n], types, depth + 1, f"{path}.{n}") for n in names})
        return {k: _dec(x, types, depth + 1, f"{path}.{k}") for k, x in v.items()}
    raise WireError(f"{path}: a {type(v).__name__} is not a wire value")


def _versions(data: dict) -> str:
    wire = data.get("wire")
    if not isinstance(wire, int) or isinstance(wire, bool):
        raise WireError(f"not a wire message (no wire version: {wire!r:.40})")
    if wire != WIRE_VERSION:
        side = "newer" if wire > WIRE_VERSION else "older"
        raise WireError(f"wire format {wire} is {side} than this build's {WIRE_VERSION}")
    game = data.get("game")
    if not isinstance(game, str) or game not in registry.GAMES:
        raise WireError(f"unknown game {game!r:.40}")
    theirs, ours = data.get("schema"), schema(game)
    if not isinstance(theirs, int) or isinstance(theirs, bool):
        raise WireError(f"{game}: no schema version ({theirs!r:.40})")
    if theirs != ours:
        side = "newer" if theirs > ours else "older"
        raise WireError(f"{game} schema {theirs} is {side} than this build's {ours}")
    return game


def from_json(data: dict | str | bytes) -> Any:
    """The view, action, actions or event an envelope holds. WireError, with a reason,
    for anything else: bad JSON, another version, an unknown game, type or field."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as err:
            raise WireError(f"not JSON ({err})") from err
    if not isinstance(data, dict):
        raise WireError(f"not a wire message (a {type(data).__name__})")
    game = _versions(data)
    kind, value = data.get("kind"), data.get("value")
    types = wire_types(game)
    if kind == "event":
        if not isinstance(value, dict) or set(value) != {"kind", "seat", "to", "data"}:
            raise WireError("event: needs exactly kind, seat, to and data")
        if not isinstance(value["kind"], str) or not isinstance(value["data"], dict):
            raise WireError("event: kind must be text and data an object")
        for key in ("seat", "to"):
            if value[key] is not None and (not isinstance(value[key], int)
                                           or isinstance(value[key], bool)):
                raise WireError(f"event: {key} must be a seat number or null")
        return Event(value["kind"], value["seat"], value["data"], value["to"])
    if kind == "action":
        if not isinstance(value, list):
            raise WireError("action: not a list")
        return _dec(value, types, 0, "action")
    if kind == "actions":
        if not isinstance(value, list) or not all(isinstance(a, list) for a in value):
            raise WireError("actions: not a list of lists")
        return list(_dec(value, types, 0, "actions"))
    if kind == "view":
        if not isinstance(value, dict) or "$type" not in value:
            raise WireError("view: not a typed object")
        return _dec(value, types, 0, "view")
    raise WireError(f"unknown message kind {kind!r:.40}; known: {', '.join(KINDS)}")
