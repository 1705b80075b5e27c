"""The two Đạo Tâm decks and the rule numbers, loaded from ``data/daotam.yaml``.

Chiêu Thức cards are interchangeable within a kind, so the engine counts them:
kind 0 = Cương, 1 = Nhu, 2 = Tà Khí (:data:`game.daotam.effects.KINDS`). Chính Đạo cards
are named by id (``tn01`` … ``tn10``, ``tinh_tam`` ×6, ``an_tham`` …). Abilities are
parsed into small tuples over the registered primitives (:mod:`game.daotam.effects`):

* ``Ability(triggers, condition, mode, optional, effects)``;
* an effect node is ``("do", name, params)`` or ``("if", condition, then, else)``.

Every error names the file, the card and the field (:class:`game.cards.DataError`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.cards import DATA_DIR, DataError, Reader, read_yaml
from game.daotam.effects import CONDITIONS, EFFECTS, KINDS, MODES, TRIGGERS, ParamError
from game.options import accept_setup_fields
from game.windows import check_timing

STAGES = ("hoc_dao", "hieu_dao", "hanh_dao")
OPTION_KEYS = ("timers",)           # rule options the engine accepts (besides "first")
TYPES = ("tam_niem", "tinh_tam", "ao_niem")
RULE_KEYS = {"start_hand": (1, 20), "dao_tam": (1, 10), "refill_target": (1, 20),
             "hand_cap": (1, 55), "round_limit_turns": (3, 10000)}


class _Bad(ValueError):
    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field, self.problem = field, problem


@dataclass(frozen=True, slots=True)
class Ability:
    triggers: tuple[str, ...]
    condition: str | None
    mode: str
    optional: bool
    effects: tuple


@dataclass(frozen=True, slots=True)
class ChieuThuc:
    id: str
    kind: int
    copies: int
    art_variants: int
    name: dict[str, str]
    text: dict[str, str]


@dataclass(frozen=True, slots=True)
class ChinhDao:
    id: str
    type: str
    copies: int
    stage: str | None
    principle: int | None
    name: dict[str, str]
    gloss: dict[str, str] | None
    text: dict[str, str]
    abilities: tuple[Ability, ...]

    def static(self, name: str) -> Any:
        """The value of a static modifier this card carries, or None."""
        for ab in self.abilities:
            if "static" in ab.triggers:
                for node in ab.effects:
                    if node[0] == "do" and node[1] == name:
                        return node[2]
        return None


@dataclass(frozen=True)
class Deck:
    name: dict[str, str]
    min_players: int
    max_players: int
    rules: dict[str, int]
    stages: dict[str, dict[str, str]]
    chieu_thuc: tuple[ChieuThuc, ...]       # by kind index
    chinh_dao: tuple[ChinhDao, ...]
    by_id: dict[str, ChinhDao]
    options: dict[str, dict] = field(default_factory=dict)   # key -> {default, values}

    def chieu_counts(self) -> tuple[int, int, int]:
        return tuple(c.copies for c in self.chieu_thuc)   # type: ignore[return-value]

    def chinh_list(self) -> list[str]:
        """Every Chính Đạo card id, copies repeated, in YAML order."""
        return [c.id for c in self.chinh_dao for _ in range(c.copies)]


# ---------------------------------------------------------------- ability parsing
def parse_effects(raw: Any, where: str = "effects") -> tuple:
    """A list of effect entries → effect nodes. Raises :class:`_Bad` naming the field."""
    if not isinstance(raw, list) or not raw:
        raise _Bad(where, "must be a non-empty list of effects")
    out = []
    for j, item in enumerate(raw):
        f = f"{where}[{j}]"
        if not isinstance(item, dict):
            raise _Bad(f, f"an effect is a one-key mapping, got {item!r}")
        if "if" in item:
            unknown = [k for k in item if k not in ("if", "then", "else")]
            if unknown:
                raise _Bad(f"{f}.{unknown[0]}", "unknown field (an 'if' has then/else)")
            cond = item["if"]
            if cond not in CONDITIONS:
                raise _Bad(f"{f}.if", f"unknown condition {cond!r} (known: {', '.join(sorted(CONDITIONS))})")
            then = parse_effects(item.get("then"), f"{f}.then")
            other = parse_effects(item["else"], f"{f}.else") if "else" in item else ()
            out.append(("if", cond, then, other))
            continue
        if len(item) != 1:
            raise _Bad(f, f"an effect is a one-key mapping, got keys {', '.join(map(str, item))}")
        (name, value), = item.items()
        spec = EFFECTS.get(name)
        if spec is None:
            raise _Bad(f"{f}.{name}", f"unknown effect (known: {', '.join(sorted(EFFECTS))})")
        try:
            params = spec.parse(value)
        except _Bad as err:
            raise _Bad(f"{f}.{name}.{err.field}", err.problem) from None
        except ParamError as err:
            raise _Bad(f"{f}.{name}.{err.field}", str(err)) from None
        except ValueError as err:
            raise _Bad(f"{f}.{name}", str(err)) from None
        out.append(("do", name, params))
    return tuple(out)


def _parse_ability(r: Reader, raw: Any, i: int) -> Ability:
    f = f"abilities[{i}]"
    if not isinstance(raw, dict):
        raise r.fail(f, "an ability is a mapping")
    unknown = [k for k in raw if k not in ("trigger", "condition", "mode", "optional", "effects")]
    if unknown:
        raise r.fail(f"{f}.{unknown[0]}", "unknown field (known: trigger, condition, mode, "
                                         "optional, effects)")
    trig = raw.get("trigger")
    triggers = tuple(trig) if isinstance(trig, list) else (trig,)
    if not triggers or trig is None:
        raise r.fail(f"{f}.trigger", "is missing")
    mode = raw.get("mode", "after")
    if mode not in MODES:
        raise r.fail(f"{f}.mode", f"must be one of {', '.join(MODES)}, got {mode!r}")
    for t in triggers:
        if t not in TRIGGERS:
            raise r.fail(f"{f}.trigger", f"unknown trigger {t!r} (known: {', '.join(TRIGGERS)})")
        if mode == "instead" and not TRIGGERS[t]:
            raise r.fail(f"{f}.mode", f"trigger {t!r} cannot take mode 'instead'")
    cond = raw.get("condition")
    if cond is not None and cond not in CONDITIONS:
        raise r.fail(f"{f}.condition", f"unknown condition {cond!r} "
                                       f"(known: {', '.join(sorted(CONDITIONS))})")
    optional = raw.get("optional", False)
    if not isinstance(optional, bool):
        raise r.fail(f"{f}.optional", f"must be true or false, got {optional!r}")
    try:
        effects = parse_effects(raw.get("effects"), "effects")
    except _Bad as err:
        raise r.fail(f"{f}.{err.field}", err.problem) from None
    statics = [n for n in effects if n[0] == "do" and EFFECTS[n[1]].run is None]
    if ("static" in triggers) != bool(statics) or statics and len(statics) != len(effects):
        raise r.fail(f"{f}.effects", "static modifiers go (only) under trigger 'static'")
    return Ability(triggers, cond, mode, optional, effects)


# ----------------------------------------------------------------------- loading
def load_deck(path: str | Path | None = None) -> Deck:
    """Read and validate a Đạo Tâm YAML file. Raises :class:`DataError`."""
    path = Path(path) if path else DATA_DIR / "daotam.yaml"
    top = Reader(path, "(top)", read_yaml(path))
    top.choice("game", ("daotam",), "daotam")
    name = top.names("name")
    pl = top.sub("players")
    lo, hi = pl.int("min", 2, 10), pl.int("max", 2, 10)
    if lo > hi:
        raise pl.fail("min", f"must not exceed max ({hi})")
    pl.done()
    rr = top.sub("rules")
    rules = {k: rr.int(k, a, b) for k, (a, b) in RULE_KEYS.items()}
    rr.done()
    check_timing(path, "timing", top.get("timing", dict))   # used by game.windows.load_timing
    options = _options(top) if "options" in top.data else {}
    sr = top.sub("stages")
    stages = {s: Reader(path, f"stages.{s}", {"name": sr.get(s, dict)}).names("name")
              for s in STAGES}
    sr.done()
    decks = top.sub("decks")

    chieu: list[ChieuThuc | None] = [None] * len(KINDS)
    for i, raw in enumerate(decks.list("chieu_thuc")):
        r = Reader(path, f"decks.chieu_thuc[{i}]", raw)
        cid = r.str("id")
        r.entry = f"card '{cid}'"
        kind = KINDS.index(r.choice("kind", KINDS))
        if chieu[kind] is not None:
            raise r.fail("kind", f"a second card of kind {KINDS[kind]!r}")
        chieu[kind] = ChieuThuc(cid, kind, r.int("copies", 1, 100), r.int("art_variants", 1, 20, 1),
                                r.names("name"), r.names("text"))
        r.done()
    for k, c in enumerate(chieu):
        if c is None:
            raise decks.fail("chieu_thuc", f"no card of kind {KINDS[k]!r}")

    chinh: list[ChinhDao] = []
    for i, raw in enumerate(decks.list("chinh_dao")):
        r = Reader(path, f"decks.chinh_dao[{i}]", raw)
        cid = r.str("id")
        r.entry = f"card '{cid}'"
        if any(c.id == cid for c in chinh) or cid in {c.id for c in chieu if c}:
            raise r.fail("id", f"duplicate card id {cid!r}")
        ctype = r.choice("type", TYPES)
        copies = r.int("copies", 1, 100, 1)
        stage = principle = gloss = None
        if ctype == "tam_niem":
            stage = r.choice("stage", STAGES)
            principle = r.int("principle", 1, 10)
            gloss = r.names("gloss")
            if copies != 1:
                raise r.fail("copies", "every Tâm Niệm is a single card")
        abilities = tuple(_parse_ability(r, a, j) for j, a in enumerate(r.list("abilities")))
        if ctype != "tam_niem" and not any("on_draw" in a.triggers for a in abilities):
            raise r.fail("abilities", f"a {ctype} card needs an on_draw ability")
        chinh.append(ChinhDao(cid, ctype, copies, stage, principle, r.names("name"), gloss,
                              r.names("text"), abilities))
        r.done()
    decks.done()

    v = top.sub("validation")
    # The cards are checked before the totals, so that a wrong count names the card (or
    # the cards) to fix; a total is blamed only when every card agrees with the rest.
    per_kind = v.sub("chieu_thuc_per_kind")
    for c in chieu:
        want = per_kind.int(KINDS[c.kind], 0, 1000)   # type: ignore[union-attr]
        if c.copies != want:                           # type: ignore[union-attr]
            raise DataError(path, f"card '{c.id}'", "copies",   # type: ignore[union-attr]
                            f"{c.copies} copies, but validation.chieu_thuc_per_kind."   # type: ignore[union-attr]
                            f"{KINDS[c.kind]} says {want}")   # type: ignore[union-attr]
    per_kind.done()
    per_type = v.sub("chinh_dao_per_type")
    for t in TYPES:
        cards = [c for c in chinh if c.type == t]
        have, want = sum(c.copies for c in cards), per_type.int(t, 0, 1000)
        if have != want:
            where = f"validation.chinh_dao_per_type.{t} says {want}"
            if len(cards) == 1 or sum(c.copies > 1 for c in cards) == 1:
                c = next(c for c in cards if c.copies > 1) if len(cards) > 1 else cards[0]
                raise DataError(path, f"card '{c.id}'", "copies",
                                f"{c.copies} copies make {have} cards of type {t!r}, but {where}")
            raise _cards_error(path, cards, "type", f"{have} cards of type {t!r}, but {where}")
    per_type.done()
    per_stage = v.sub("tam_niem_per_stage")
    wants = {s: per_stage.int(s, 0, 100) for s in STAGES}
    for s in sorted(STAGES, key=lambda s: sum(c.stage == s for c in chinh) <= wants[s]):
        cards = [c for c in chinh if c.stage == s]      # an over-full stage first: its cards
        if len(cards) != wants[s]:                      # hold the one with the wrong stage
            raise _cards_error(path, cards, "stage", f"{len(cards)} Tâm Niệm of stage {s!r}, "
                                                     f"but validation.tam_niem_per_stage.{s} says {wants[s]}")
    per_stage.done()
    ct_total = sum(c.copies for c in chieu if c)
    if ct_total != v.int("chieu_thuc_total", 1, 1000):
        raise v.fail("chieu_thuc_total", f"the Chiêu Thức cards add up to {ct_total} "
                                         f"(and agree with chieu_thuc_per_kind)")
    cd_total = sum(c.copies for c in chinh)
    if cd_total != v.int("chinh_dao_total", 1, 1000):
        raise v.fail("chinh_dao_total", f"the Chính Đạo cards add up to {cd_total} "
                                        f"(and agree with chinh_dao_per_type)")
    principles = [c.principle for c in chinh if c.type == "tam_niem"]
    if len(set(principles)) != len(principles):
        raise v.fail("tam_niem_per_stage", "two Tâm Niệm share a principle")
    v.done()
    if rules["refill_target"] > rules["hand_cap"]:
        raise top.fail("rules.refill_target", "must not exceed hand_cap")
    top.done()
    return Deck(name, lo, hi, rules, stages, tuple(chieu), tuple(chinh),   # type: ignore[arg-type]
                {c.id: c for c in chinh}, options)


def _cards_error(path: Path, cards: list[ChinhDao], field: str, problem: str) -> DataError:
    """A count that several cards make together: the entry names them all."""
    if not cards:
        return DataError(path, "decks.chinh_dao", field, problem)
    if len(cards) == 1:
        return DataError(path, f"card '{cards[0].id}'", field, problem)
    return DataError(path, "cards " + ", ".join(f"'{c.id}'" for c in cards), field, problem)


def _options(top: Reader) -> dict[str, dict]:
    """The ``options:`` section: today only ``timers`` (R17 ``timers_enabled``, a flag)."""
    opts = top.sub("options")
    out: dict[str, dict] = {}
    for key in list(opts.data):
        if key not in OPTION_KEYS:
            raise opts.fail(str(key), f"unknown option (known: {', '.join(OPTION_KEYS)})")
        r = Reader(opts.file, f"options.{key}", opts.get(key, dict))
        values = r.list("values")
        if sorted(values) != [False, True] or not all(isinstance(v, bool) for v in values):
            raise r.fail("values", "must be [true, false]")
        out[str(key)] = {"default": r.get("default", bool), "values": tuple(values)}
        accept_setup_fields(r)       # label, choice_label: the setup screen's (game.options)
        r.done()
    opts.done()
    return out


@lru_cache(maxsize=1)
def default_deck() -> Deck:
    return load_deck()


def card_name(card: Any, lang: str) -> str:
    """A Chiêu Thức card's name in ``lang``; ``card`` is its kind's name or index."""
    kind = KINDS.index(card) if isinstance(card, str) else int(card)
    return default_deck().chieu_thuc[kind].name.get(lang, KINDS[kind])


__all__ = ["Ability", "ChieuThuc", "ChinhDao", "Deck", "load_deck", "default_deck", "STAGES",
           "TYPES", "DataError", "parse_effects"]
