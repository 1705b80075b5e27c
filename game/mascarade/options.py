"""Game options (§13 flags plus the set choice of §2.2/§3): defaults, command-line
strings, validation. ``ValueError`` with a readable sentence on anything wrong."""

from __future__ import annotations

from typing import Any

from game.mascarade.data import Rules

EXTRA_KEYS = ("first_seat", "characters", "extra_characters", "max_turns")


def _bool(name: str, value: Any) -> bool:
    if isinstance(value, str) and value.lower() in ("true", "false", "on", "off", "1", "0"):
        return value.lower() in ("true", "on", "1")
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise ValueError(f"option {name} must be true or false, got {value!r}")


def id_list(name: str, value: Any) -> list[str]:
    """A list of character ids from a list or a ``judge+king+…`` / ``judge king`` string
    (commas separate options on the arena's command line)."""
    if isinstance(value, str):
        return [p for p in value.replace("+", " ").replace("|", " ").replace(",", " ").split() if p]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ValueError(f"option {name} must be a list of character ids, got {value!r}")


_DEFAULTS: dict[int, tuple[Rules, dict]] = {}     # id(rules) -> (rules, its defaults)


def check_options(rules: Rules, options: dict) -> dict:
    """Options with defaults filled in (a new dict)."""
    if not options:                                 # every new game of the arena
        got = _DEFAULTS.get(id(rules))
        if got is None or got[0] is not rules:
            got = _DEFAULTS[id(rules)] = (rules, _check_options(rules, {}))
        return dict(got[1])
    return _check_options(rules, options)


def _check_options(rules: Rules, options: dict) -> dict:
    unknown = set(options) - set(rules.flags) - set(EXTRA_KEYS)
    if unknown:
        raise ValueError(f"unknown Mascarade option(s): {', '.join(sorted(unknown))}")
    out: dict[str, Any] = {}
    for name, allowed in rules.flags.items():
        value = options.get(name, allowed[0])
        if isinstance(allowed[0], bool):
            value = _bool(name, value)
        elif isinstance(allowed[0], int):
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {name} must be one of {allowed}, got {value!r}")
        if value not in allowed:
            raise ValueError(f"option {name} must be one of "
                             f"{', '.join(str(a).lower() for a in allowed)}, got {value!r}")
        out[name] = value
    seat = options.get("first_seat", 0)
    if isinstance(seat, str) and seat.isdigit():
        seat = int(seat)
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(f"option first_seat must be a seat number, got {seat!r}")
    out["first_seat"] = seat
    limit = options.get("max_turns", rules.max_turns)
    if isinstance(limit, str) and limit.isdigit():
        limit = int(limit)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 5:
        raise ValueError(f"option max_turns must be an integer of 5 or more, got {limit!r}")
    out["max_turns"] = limit
    ids = {c.id for c in rules.characters}
    for key in ("characters", "extra_characters"):
        if key in options and options[key] not in (None, "", []):
            lst = id_list(key, options[key])
            bad = [c for c in lst if c not in ids]
            if bad:
                raise ValueError(f"option {key}: unknown character {bad[0]!r} "
                                 f"(known: {', '.join(sorted(ids))})")
            out[key] = tuple(lst)     # immutable: views hand it out
        else:
            out[key] = None
    return out
