"""The trigger / condition / effect vocabulary of Đạo Tâm (rules §3), one registered
Python function per primitive. ``data/daotam.yaml`` may name only what is registered
here; the loader (:mod:`game.daotam.deck`) refuses anything else.

An effect runs as ``run(state, owner, params, card)``: it changes the state through the
state's small primitives (``draw_chieu_thuc``, ``queue``, ``lose`` …) and appends its
events to ``state.out``. Effects that start a further resolution (a Chính Đạo draw, a
loss that may trigger tn10) queue steps instead of recursing, so that every step — and
everything it triggers — resolves before the next one (R10, R12.3, R16).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# ------------------------------------------------------------------------ triggers
#: trigger -> whether ``mode: instead`` is allowed on it (§3.1)
TRIGGERS: dict[str, bool] = {
    "static": False,
    "on_draw": False,
    "on_turn_start": False,
    "on_lose_dao_tam": False,
    "on_caught_lying": True,
    "on_catch_liar": True,
    "on_wrong_challenge_against_you": False,
    "on_claim_unchallenged": False,
    "on_shout_stolen_from_you": False,
    "on_receive_pushed_ta_khi": False,
    "on_draw_ao_niem": True,
}
MODES = ("after", "instead")

# ---------------------------------------------------------------------- conditions
CONDITIONS: dict[str, Callable[[Any, int], bool]] = {}


def condition(name: str) -> Callable:
    def deco(fn: Callable[[Any, int], bool]) -> Callable[[Any, int], bool]:
        if name in CONDITIONS:
            raise ValueError(f"condition {name!r} registered twice")
        CONDITIONS[name] = fn
        return fn
    return deco


@condition("claim_truthful")
def _claim_truthful(st: Any, owner: int) -> bool:
    return bool(st.ctx.get("truthful"))


@condition("no_public_play")
def _no_public_play(st: Any, owner: int) -> bool:
    h = st.hands[owner]
    return h[0] == 0 or h[1] == 0


@condition("has_ta_niem")
def _has_ta_niem(st: Any, owner: int) -> bool:
    return st.living(owner) and st.dao_tam[owner] < st.max_dao_tam


# ------------------------------------------------------------------------- effects
@dataclass(frozen=True)
class EffectSpec:
    name: str
    parse: Callable[[Any], Any]                 # YAML value -> params (ValueError if bad)
    run: Callable[[Any, int, Any, str], None] | None   # None: a static modifier
    usable: Callable[[Any, int, Any], bool] | None = None   # for optional abilities


EFFECTS: dict[str, EffectSpec] = {}


def effect(name: str, parse: Callable[[Any], Any], static: bool = False,
           usable: Callable[[Any, int, Any], bool] | None = None) -> Callable:
    def deco(fn: Callable) -> Callable:
        if name in EFFECTS:
            raise ValueError(f"effect {name!r} registered twice")
        EFFECTS[name] = EffectSpec(name, parse, None if static else fn, usable)
        return fn
    return deco


# ------------------------------------------------------------- parameter parsers
def _count(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 10:
        raise ValueError(f"must be a whole number 1–10, got {v!r}")
    return v


def _true(v: Any) -> bool:
    if v is not True:
        raise ValueError(f"must be true, got {v!r}")
    return True


class ParamError(ValueError):
    """A bad effect parameter; ``field`` names it (``max``, ``reward.kind``…)."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"parameter {field!r} {problem}")
        self.field, self.problem = field, problem


def _mapping(v: Any, fields: dict[str, Callable[[Any], Any]], optional: tuple[str, ...] = ()) -> dict:
    if not isinstance(v, dict):
        raise ValueError(f"must be a mapping with {', '.join(fields)}, got {v!r}")
    unknown = [k for k in v if k not in fields]
    if unknown:
        raise ParamError(str(unknown[0]), f"is unknown (known: {', '.join(fields)})")
    out = {}
    for k, check in fields.items():
        if k not in v:
            if k in optional:
                continue
            raise ParamError(k, "is missing")
        try:
            out[k] = check(v[k])
        except ParamError as err:
            raise ParamError(f"{k}.{err.field}", err.problem) from None
        except ValueError as err:
            raise ParamError(k, str(err)) from None
    return out


KINDS = ("cuong", "nhu", "ta_khi")


def _kind(v: Any) -> int:
    if v not in KINDS:
        raise ValueError(f"must be one of {', '.join(KINDS)}, got {v!r}")
    return KINDS.index(v)


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ValueError(f"must be true or false, got {v!r}")
    return v


def _choice(*allowed: str) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if v not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}, got {v!r}")
        return v
    return check


def _effect_list(v: Any) -> tuple:
    """An inline effect (``replace_challenger_reward: {draw_chinh_dao: 1}``)."""
    from game.daotam.deck import parse_effects  # the shared effect-list parser
    return parse_effects([v] if isinstance(v, dict) else v)


# ------------------------------------------------------------------ the primitives
def _has_kind(st: Any, owner: int, p: dict) -> bool:
    return st.hands[owner][p["kind"]] > 0


@effect("draw_chieu_thuc", _count)
def draw_chieu_thuc(st: Any, owner: int, n: int, card: str) -> None:
    st.draw_chieu_thuc(owner, n, why=card)


@effect("draw_chinh_dao", _count)
def draw_chinh_dao(st: Any, owner: int, n: int, card: str) -> None:
    st.queue([("draw_cd", owner, card)] * n)


@effect("heal", _count)
def heal(st: Any, owner: int, n: int, card: str) -> None:
    st.heal(owner, n, card)


@effect("lose_dao_tam", _count)
def lose_dao_tam(st: Any, owner: int, n: int, card: str) -> None:
    st.queue([("lose", owner, card)] * n)


@effect("cycle", lambda v: _mapping(v, {"kind": _kind, "max": _count}), usable=_has_kind)
def cycle(st: Any, owner: int, p: dict, card: str) -> None:
    k = min(p["max"], st.hands[owner][p["kind"]])
    if k:
        st.discard_from_hand(owner, p["kind"], k, face_up=True, why=card)
        st.draw_chieu_thuc(owner, k, why=card)


@effect("discard_from_hand",
        lambda v: _mapping(v, {"kind": _kind, "max": _count, "face_up": _bool}, ("face_up",)),
        usable=_has_kind)
def discard_from_hand(st: Any, owner: int, p: dict, card: str) -> None:
    k = min(p["max"], st.hands[owner][p["kind"]])
    if k:
        st.discard_from_hand(owner, p["kind"], k, face_up=p.get("face_up", True), why=card)


@effect("keep_as_shield", lambda v: _mapping(v, {"max_held": _count}))
def keep_as_shield(st: Any, owner: int, p: dict, card: str) -> None:
    st.keep_shield(owner, card, p["max_held"])


@effect("reveal_top_chieu_thuc",
        lambda v: _mapping(v, {"n": _count, "keep_kind": _kind, "rest": _choice("discard")}))
def reveal_top_chieu_thuc(st: Any, owner: int, p: dict, card: str) -> None:
    st.reveal_top(owner, p["n"], p["keep_kind"], card)


@effect("reveal_hand", lambda v: _mapping(v, {"until": _choice("end_of_next_own_turn")}))
def reveal_hand(st: Any, owner: int, p: dict, card: str) -> None:
    st.set_revealed(owner, card)


@effect("skip_next_turn", _true)
def skip_next_turn(st: Any, owner: int, p: bool, card: str) -> None:
    st.set_skip(owner, card)


@effect("negate", _true)
def negate(st: Any, owner: int, p: bool, card: str) -> None:
    st.negate_resolving(owner)


@effect("set_caught_cards_destination", _choice("discard"))
def set_caught_cards_destination(st: Any, owner: int, dest: str, card: str) -> None:
    st.ctx["caught_dest"] = dest


@effect("replace_challenger_reward", _effect_list)
def replace_challenger_reward(st: Any, owner: int, effects: tuple, card: str) -> None:
    st.ctx["reward"] = (effects, card)


@effect("refill_target", lambda v: _mapping({"n": v}, {"n": _count})["n"], static=True)
def _refill_target(*_: Any) -> None:
    """Static: the owner's refill target (read by ``state.refill_target``)."""


@effect("shout_unstealable", _true, static=True)
def _shout_unstealable(*_: Any) -> None:
    """Static: only the owner's shout counts in the owner's races."""
