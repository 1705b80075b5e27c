"""The key bindings: every remappable key of the tables, by name, with its default.

A binding belongs to a group: ``common`` (hint, undo: on every table) or one game. Two
bindings clash when they could be live at the same moment — same group, or one of them
common — and share a key; a clash is refused, never silently resolved. Some keys stay
fixed for everybody (:data:`RESERVED`: Esc, F1, F11, Space, Enter, Tab, the arrows,
Backspace) and some for one game (:data:`GAME_RESERVED`, e.g. Mascarade's 1–9 that pick
a choice by its number); no binding may take them.

The player's changes live in ``Settings.keys`` as ``{binding: key name}`` (pygame's key
names, e.g. ``"q"``, ``"left shift"``), only where they differ from the default. Whatever
that dict holds — an unknown binding, a key name pygame does not know, a reserved key, two
bindings on one key (a hand-edited or damaged file) — the affected bindings fall back to
their defaults (:func:`resolve`); nothing raises.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

GROUPS = ("common", "ganjifa", "kowah", "daotam", "mascarade")
DAOTAM_SEATS = 5


@dataclass(frozen=True)
class Binding:
    name: str       # "daotam.buzz1"
    group: str      # "common" or a game
    default: int    # the pygame key code


def _bindings() -> dict[str, Binding]:
    out: list[Binding] = []

    def add(group: str, short: str, key: int) -> None:
        out.append(Binding(f"{group}.{short}", group, key))

    add("common", "hint", pygame.K_h)
    add("common", "undo", pygame.K_u)
    add("common", "zoom", pygame.K_z)
    add("ganjifa", "last", pygame.K_l)
    add("ganjifa", "dukal", pygame.K_d)
    add("kowah", "stock", pygame.K_s)
    add("kowah", "discard", pygame.K_t)
    add("kowah", "checki", pygame.K_c)
    add("kowah", "later", pygame.K_n)
    buzz = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5)
    peek = (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t)
    passes = (pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_f, pygame.K_g)
    for i in range(DAOTAM_SEATS):
        add("daotam", f"buzz{i + 1}", buzz[i])
    for i in range(DAOTAM_SEATS):
        add("daotam", f"peek{i + 1}", peek[i])
    for i in range(DAOTAM_SEATS):
        add("daotam", f"pass{i + 1}", passes[i])
    add("daotam", "cuong", pygame.K_c)
    add("daotam", "nhu", pygame.K_n)
    add("daotam", "public", pygame.K_p)
    add("mascarade", "log", pygame.K_l)
    add("mascarade", "odds", pygame.K_k)
    add("mascarade", "peek", pygame.K_p)
    add("mascarade", "announce", pygame.K_a)
    add("mascarade", "exchange", pygame.K_e)
    add("mascarade", "keep", pygame.K_n)
    add("mascarade", "claim", pygame.K_c)
    add("mascarade", "pass", pygame.K_x)
    return {b.name: b for b in out}


BINDINGS: dict[str, Binding] = _bindings()

# Keys no binding may take: the app's own (Esc pause, F1 rules, F11 fullscreen, Space
# skips an animation) and the navigation every table shares (Enter, Tab, arrows,
# Backspace clears a pick).
RESERVED: frozenset[int] = frozenset({
    pygame.K_ESCAPE, pygame.K_F1, pygame.K_F11, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER,
    pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE,
})
# Keys fixed within one game: Mascarade picks a choice by its number; Đạo Tâm's Y takes
# an option.
GAME_RESERVED: dict[str, frozenset[int]] = {
    "mascarade": frozenset(range(pygame.K_1, pygame.K_9 + 1)),
    "daotam": frozenset({pygame.K_y}),
}

# "Far apart" for five players at one keyboard: each seat's buzzer, peek and pass keys
# stacked in one column, the five columns spread over the whole main block.
FAR_APART: dict[str, str] = {
    "daotam.buzz1": "1", "daotam.peek1": "q", "daotam.pass1": "a",
    "daotam.buzz2": "4", "daotam.peek2": "r", "daotam.pass2": "f",
    "daotam.buzz3": "7", "daotam.peek3": "i", "daotam.pass3": "k",
    "daotam.buzz4": "0", "daotam.peek4": "o", "daotam.pass4": "l",
    "daotam.buzz5": "=", "daotam.peek5": "]", "daotam.pass5": "'",
}

_LABELS = {pygame.K_MINUS: "-", pygame.K_EQUALS: "=", pygame.K_BACKSPACE: "BS"}


def key_label(key: int) -> str:
    """How a key is written on screen ("Q", "1", "=", "LEFT SHIFT")."""
    return _LABELS.get(key) or pygame.key.name(key).upper() or f"#{key}"


def key_name(key: int) -> str:
    """The name a key is saved under in settings.json (pygame's)."""
    return pygame.key.name(key)


def key_code(name: Any) -> int | None:
    """The key a saved name means, or None for anything pygame does not know."""
    if not isinstance(name, str) or not name:
        return None
    try:
        code = pygame.key.key_code(name)
    except (ValueError, TypeError, pygame.error):
        return None
    return code if code != pygame.K_UNKNOWN else None


def live_together(a: Binding, b: Binding) -> bool:
    """Whether two bindings can answer at the same moment (and so must differ)."""
    return a.group == b.group or "common" in (a.group, b.group)


def refused(name: str, key: int) -> bool:
    """A key no binding ``name`` may take (the app's own, or fixed in its game)."""
    group = BINDINGS[name].group
    if key in RESERVED:
        return True
    if group == "common":
        return any(key in keys for keys in GAME_RESERVED.values())
    return key in GAME_RESERVED.get(group, frozenset())


def clash_with(keys: Mapping[str, int], name: str, key: int) -> str | None:
    """The other binding that already holds ``key`` where ``name`` is live, or None."""
    mine = BINDINGS[name]
    for other, k in keys.items():
        if other != name and k == key and live_together(mine, BINDINGS[other]):
            return other
    return None


def resolve(overrides: Any) -> dict[str, int]:
    """Every binding's key: the defaults with the saved ``overrides`` that are valid.

    An override is dropped (the default comes back) when its binding is unknown, its key
    name unknown or reserved, or it ends up sharing a key with a binding live at the same
    time; valid swaps (two overrides trading keys) are kept."""
    keys = {n: b.default for n, b in BINDINGS.items()}
    kept: dict[str, int] = {}
    if isinstance(overrides, Mapping):
        for name, raw in overrides.items():
            code = key_code(raw)
            if name in BINDINGS and code is not None and not refused(name, code):
                kept[name] = code
    keys.update(kept)
    while True:
        bad = [n for n in kept if clash_with(keys, n, keys[n]) is not None]
        if not bad:
            return keys
        for n in bad:
            keys[n] = BINDINGS[n].default
            del kept[n]


@lru_cache(maxsize=8)
def _resolved(frozen: tuple[tuple[str, Any], ...]) -> dict[str, int]:
    return resolve(dict(frozen))


def _frozen(settings: Any) -> tuple[tuple[str, Any], ...]:
    raw = getattr(settings, "keys", None)
    if not isinstance(raw, Mapping):
        return ()
    return tuple(sorted((str(k), v) for k, v in raw.items() if isinstance(v, str | int)))


def keys_of(settings: Any) -> dict[str, int]:
    """Every binding's key under ``settings`` (cached per distinct set of overrides, once
    pygame can read key names)."""
    if not pygame.get_init():
        return resolve(dict(_frozen(settings)))
    return _resolved(_frozen(settings))


def key(settings: Any, name: str) -> int:
    """The key bound to ``name`` under ``settings``."""
    return keys_of(settings)[name]


def label(settings: Any, name: str) -> str:
    """The key bound to ``name`` as shown on screen."""
    return key_label(key(settings, name))


def daotam_keys(settings: Any, kind: str) -> tuple[int, ...]:
    """Đạo Tâm's per-seat keys of one kind ("buzz", "peek" or "pass"), seat 1 first."""
    keys = keys_of(settings)
    return tuple(keys[f"daotam.{kind}{i + 1}"] for i in range(DAOTAM_SEATS))


def rebind(settings: Any, name: str, new: int) -> str | None:
    """Bind ``name`` to ``new`` in ``settings.keys``; returns why not (a reserved key:
    ``"reserved"``, or the name of the binding that holds it) and changes nothing then."""
    if refused(name, new):
        return "reserved"
    keys = keys_of(settings)
    other = clash_with(keys, name, new)
    if other is not None:
        return other
    saved = {k: v for k, v in (settings.keys or {}).items() if k in BINDINGS and k != name} \
        if isinstance(settings.keys, Mapping) else {}
    if new != BINDINGS[name].default:
        saved[name] = key_name(new)
    settings.keys = saved
    return None


def reset(settings: Any) -> None:
    """Every binding back to its default."""
    settings.keys = {}


def apply_far_apart(settings: Any) -> None:
    """Đạo Tâm's five seats' keys spread over the keyboard (:data:`FAR_APART`). Đạo Tâm's
    other changes, and a hint or undo key on one of those keys, go back to their defaults."""
    taken = set(FAR_APART.values())
    saved = {k: v for k, v in (settings.keys or {}).items()
             if k in BINDINGS and not k.startswith("daotam.") and v not in taken} \
        if isinstance(settings.keys, Mapping) else {}
    saved.update(FAR_APART)
    settings.keys = {k: v for k, v in saved.items() if key_code(v) != BINDINGS[k].default}


_current: Any = None        # the running app's settings (App sets it; None: the defaults)


def use(settings: Any) -> None:
    """The settings whose bindings on-screen text names (``{key.group.name}`` in i18n)."""
    global _current
    _current = settings


def key_now(name: str) -> int:
    """The key bound now to ``name`` (the settings in use, else the default)."""
    return key(_current, name)


def label_now(name: str) -> str:
    """The label of the key bound now to ``name`` (the settings in use, else the default)."""
    return label(_current, name)


def binding_label(name: str) -> str:
    """What a binding does, in the player's language ("Buzzer, seat 2")."""
    from scenes.i18n import t
    group, short = name.split(".", 1)
    for kind in ("buzz", "peek", "pass"):
        if group == "daotam" and short.startswith(kind) and short[len(kind):].isdigit():
            return t(f"keymap.seat_{kind}", n=int(short[len(kind):]))
    return t("keymap.hint_key" if short == "hint" else f"keymap.{short}")


def group_label(group: str) -> str:
    from scenes.i18n import t
    return t("keymap.common") if group == "common" else t(f"short.{group}")


def full_label(name: str) -> str:
    """A binding named with its group, for a refusal ("Đạo Tâm · Buzzer, seat 2")."""
    return f"{group_label(BINDINGS[name].group)} · {binding_label(name)}"
