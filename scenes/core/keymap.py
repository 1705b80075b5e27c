"""The key bindings: every remappable key of the tables, by name, with its default.

A binding belongs to a group: ``common`` (hint, undo, zoom: on every table) or one game,
whose table package declares its bindings in its front (scenes.tables.front). Two
bindings clash when they could be live at the same moment — same group, or one of them
common — and share a key; a clash is refused, never silently resolved. Some keys stay
fixed for everybody (:data:`RESERVED`: Esc, F1, F11, Space, Enter, Tab, the arrows,
Backspace) and some for one game (:data:`GAME_RESERVED`, e.g. 1–9 where a choice is picked
by its number); no binding may take them.

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


@dataclass(frozen=True)
class Binding:
    name: str       # "<game>.buzz1"
    group: str      # "common" or a game
    default: int    # the pygame key code


def _fronts() -> dict[str, Any]:
    from scenes.tables.registry import fronts
    return fronts()


def _bindings() -> dict[str, Binding]:
    out = [Binding(f"common.{short}", "common", key)
           for short, key in (("hint", pygame.K_h), ("undo", pygame.K_u), ("zoom", pygame.K_z))]
    for game, front in _fronts().items():
        out += [Binding(f"{game}.{short}", game, key) for short, key in front.keys]
    return {b.name: b for b in out}


BINDINGS: dict[str, Binding] = _bindings()
#: ``common`` first, then each game with keys, in table order.
GROUPS: tuple[str, ...] = tuple(dict.fromkeys(b.group for b in BINDINGS.values()))

# Keys no binding may take: the app's own (Esc pause, F1 rules, F11 fullscreen, Space
# skips an animation) and the navigation every table shares (Enter, Tab, arrows,
# Backspace clears a pick).
RESERVED: frozenset[int] = frozenset({
    pygame.K_ESCAPE, pygame.K_F1, pygame.K_F11, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER,
    pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE,
})
# Keys fixed within one game (its front's ``reserved_keys``, e.g. a choice picked by its
# number).
GAME_RESERVED: dict[str, frozenset[int]] = {
    game: front.reserved_keys for game, front in _fronts().items() if front.reserved_keys}

# "Far apart" for several players at one keyboard: the presets of the games' fronts
# (each seat's keys stacked in one column, the columns spread over the main block).
FAR_APART: dict[str, str] = {
    f"{game}.{short}": key for game, front in _fronts().items() for short, key in front.far_apart.items()}

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


def seat_keys(settings: Any, game: str, kind: str) -> tuple[int, ...]:
    """A game's per-seat keys of one kind (its front's ``seat_keys``, e.g. "buzz"), seat 1
    first."""
    keys = keys_of(settings)
    out: list[int] = []
    while f"{game}.{kind}{len(out) + 1}" in keys:
        out.append(keys[f"{game}.{kind}{len(out) + 1}"])
    return tuple(out)


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
    """The per-seat keys spread over the keyboard (:data:`FAR_APART`). The other changes
    of the games with such a preset, and a hint or undo key on one of those keys, go back
    to their defaults."""
    taken = set(FAR_APART.values())
    spread = {BINDINGS[k].group for k in FAR_APART}
    saved = {k: v for k, v in (settings.keys or {}).items()
             if k in BINDINGS and BINDINGS[k].group not in spread and v not in taken} \
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
    from scenes.core.i18n import t
    group, short = name.split(".", 1)
    kinds = _fronts()[group].seat_keys if group in _fronts() else ()
    for kind in kinds:
        if short.startswith(kind) and short[len(kind):].isdigit():
            return t(f"keymap.seat_{kind}", n=int(short[len(kind):]))
    return t("keymap.hint_key" if short == "hint" else f"keymap.{short}")


def group_label(group: str) -> str:
    from scenes.core.i18n import t
    return t("keymap.common") if group == "common" else t(f"short.{group}")


def full_label(name: str) -> str:
    """A binding named with its group, for a refusal ("<game> · Buzzer, seat 2")."""
    return f"{group_label(BINDINGS[name].group)} · {binding_label(name)}"
