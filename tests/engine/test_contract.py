"""The engine contract, checked over every registered game (OpenSpiel's habit).

Parametrised by ``game.registry.GAMES``: a game gets every check here by registering.
What a game must provide: ``rules.new_game``, ``rules.check_invariants`` (optional),
``ai.make_agent`` and a contract module (``GameInfo.contract``, default
``<module>.contract``) with ``SCHEMA``, ``WIRE_TYPES`` and
``redeal_hidden(state, seat, rng)`` — a copy whose cards ``seat`` cannot see are dealt
again — and, optionally, ``REVEAL_EVENTS`` (kinds that show cards face up for a moment).
No game is named here.

- seeded random playouts at every seat count keep the game's invariants and the generic
  ones (an active seat has a legal action, a result exactly when over);
- views are declared, typed frozen dataclasses holding only plain values (no state, RNG,
  list or dict of hands reachable), and every view, action list and event round-trips
  through JSON (game.wire);
- a seat's view, legal actions and every AI level's decision ignore the cards it cannot
  see; no event shows a seat a value its view after the event does not;
- seed + log replay to the identical events and result;
- an illegal action raises IllegalAction and leaves the state byte-identical;
- a match saved in the middle of an open reaction window (or of a hand, for games
  without windows) loads to the identical state.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import importlib
import json
import random
import types
import typing
from typing import Any

import pytest

from game import registry, wire
from game.core import IllegalAction, action_from_json
from game.match import Match, Seat

from .snapshots import state_fields

GAMES = sorted(registry.GAMES)
MAX_STEPS = 5000            # a hand this long is an engine bug
LEVELS = ("random", "easy", "normal", "hard")
SEEDS_PER_COUNT = 2


def seat_counts(game: str) -> list[int]:
    info = registry.info(game)
    return list(range(info.min_seats, info.max_seats + 1))


def edge_counts(game: str) -> list[int]:
    """The fewest and the most seats (the costlier differential checks run at these)."""
    return sorted({registry.info(game).min_seats, registry.info(game).max_seats})


EVERY_COUNT = [(g, n) for g in GAMES for n in seat_counts(g)]
EDGE_COUNT = [(g, n) for g in GAMES for n in edge_counts(g)]


def rules_of(game: str) -> Any:
    return importlib.import_module(registry.info(game).module + ".rules")


def state_bytes(st: Any) -> bytes:
    """The state serialised: every field (caches left out) and the RNG's state, as text
    (``repr``: unlike a pickle, it does not depend on which equal strings are one object,
    so a state rebuilt from a JSON log serialises alike)."""
    fields = {k: v for k, v in state_fields(st).items() if "cache" not in k}
    return repr((sorted(fields.items()), st.rng.getstate())).encode()


def random_game(game: str, n: int, seed: int, stop: int = MAX_STEPS):
    """Yield ``(step, state, seat, legal, action)`` before each action of a seeded random
    game; the action is applied when the next item is asked for. Stops at the end of the
    game or after ``stop`` actions."""
    st = registry.new_game(game, n, seed)
    rng = random.Random(f"{game}:{n}:{seed}")
    for step in range(min(stop, MAX_STEPS)):
        if st.is_over():
            return
        where = f"{game} n={n} seed={seed} step={step}"
        seats = st.active_seats()
        assert seats, f"{where}: no active seat in a running game"
        assert st.result() is None, f"{where}: a result before the end"
        seat = rng.choice(seats)
        legal = st.legal_actions(seat)
        assert legal, f"{where}: active seat {seat} has no legal action"
        action = rng.choice(legal)
        yield step, st, seat, legal, action
        st.apply(seat, action)
    assert stop < MAX_STEPS, f"{game} n={n} seed={seed}: not over after {MAX_STEPS} actions"


def positions(game: str, n: int, seeds: range, stops: tuple[int, ...]):
    """``(seed, step, state)``: copies of seeded random games' states after ``stops``
    actions (a game that ends sooner gives fewer)."""
    for seed in seeds:
        for step, st, *_ in random_game(game, n, seed, max(stops) + 1):
            if step in stops:
                yield seed, step, st.clone()


# ------------------------------------------------------------------ typed, plain values
def conforms(value: Any, hint: Any, path: str, problems: list[str]) -> None:
    """Append to ``problems`` where ``value`` is not of the declared type ``hint`` or holds
    anything but None/bool/int/str, tuples, str-keyed dicts, declared dataclasses, enums."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint in (tuple, list, dict, set, object):
        problems.append(f"{path}: declared {hint!r}, not a precise type")
        return
    if origin in (typing.Union, types.UnionType):
        for arm in args:
            sub: list[str] = []
            conforms(value, arm, path, sub)
            if not sub:
                return
        problems.append(f"{path}: {type(value).__name__} {value!r:.60} is not {hint}")
        return
    if hint is type(None) or hint is None:
        if value is not None:
            problems.append(f"{path}: {value!r:.60} is not None")
        return
    if hint in (bool, str):
        if type(value) is not hint:
            problems.append(f"{path}: {value!r:.60} is not a {hint.__name__}")
        return
    if hint is int:
        if type(value) is not int:
            problems.append(f"{path}: {value!r:.60} is not an int")
        return
    if origin is tuple:
        if type(value) is not tuple:
            problems.append(f"{path}: a {type(value).__name__}, declared a tuple")
            return
        if len(args) == 2 and args[1] is Ellipsis:
            for i, x in enumerate(value):
                conforms(x, args[0], f"{path}[{i}]", problems)
        elif len(args) != len(value):
            problems.append(f"{path}: {len(value)} items, declared {len(args)}")
        else:
            for i, (x, arm) in enumerate(zip(value, args, strict=True)):
                conforms(x, arm, f"{path}[{i}]", problems)
        return
    if origin is dict:
        if type(value) is not dict:
            problems.append(f"{path}: a {type(value).__name__}, declared a dict")
            return
        for k, x in value.items():
            conforms(k, args[0], f"{path} key", problems)
            conforms(x, args[1], f"{path}.{k}", problems)
        return
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if not isinstance(value, hint):
            problems.append(f"{path}: {value!r:.60} is not a {hint.__name__}")
        return
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if type(value) is not hint:
            problems.append(f"{path}: a {type(value).__name__}, declared {hint.__name__}")
            return
        walk_dataclass(value, path, problems)
        return
    problems.append(f"{path}: declared {hint!r}, which is no plain wire type")


@functools.cache
def hints_of(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def walk_dataclass(obj: Any, path: str, problems: list[str]) -> None:
    cls = type(obj)
    if not cls.__dataclass_params__.frozen:
        problems.append(f"{path}: {cls.__name__} is not frozen")
    hints = hints_of(cls)
    for f in dataclasses.fields(cls):
        conforms(getattr(obj, f.name), hints[f.name], f"{path}.{f.name}", problems)
    if hasattr(obj, "__dict__") and set(vars(obj)) - {f.name for f in dataclasses.fields(cls)}:
        problems.append(f"{path}: undeclared attributes {sorted(set(vars(obj)))}")


def check_view(game: str, view: Any, where: str) -> None:
    problems: list[str] = []
    declared = wire.wire_types(game).values()
    assert type(view) in declared, f"{where}: {type(view).__name__} is not in WIRE_TYPES"
    walk_dataclass(view, "view", problems)
    assert not problems, f"{game} {where}: " + "; ".join(problems[:5])
    assert wire.from_json(wire.dumps(view)) == view, f"{game} {where}: view round trip"


# ------------------------------------------------------------------ the checks
@pytest.mark.parametrize("game", GAMES)
def test_wire_types_are_typed_frozen_dataclasses(game):
    mod = wire.contract(game)
    assert isinstance(mod.SCHEMA, int) and mod.SCHEMA >= 1
    assert callable(mod.redeal_hidden)
    assert mod.WIRE_TYPES, f"{game}: no wire types"
    for cls in mod.WIRE_TYPES:
        if issubclass(cls, enum.Enum):
            continue
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            assert f.name in hints, f"{cls.__name__}.{f.name} has no annotation"
        assert wire.game_of(cls) == game


@pytest.mark.parametrize("game,n", EVERY_COUNT)
def test_random_playouts_keep_invariants_and_round_trip(game, n):
    """Every seat count: the game's invariants after each action, a result exactly at the
    end; every seat's view (first seed; then the acting seat's) and the public view are
    plain, typed values, and they and the legal actions survive JSON."""
    check = getattr(rules_of(game), "check_invariants", None)
    for seed in range(SEEDS_PER_COUNT):
        st = None
        for step, st, seat, legal, _action in random_game(game, n, seed):
            where = f"n={n} seed={seed} step={step}"
            for viewer in (None, *range(n)) if seed == 0 else (None, seat):
                check_view(game, st.view(viewer), f"{where} viewer={viewer}")
            assert wire.from_json(wire.dumps(legal, game)) == legal, where
            if check is not None:
                assert check(st) == [], f"{game} {where}"
        assert st is not None and st.is_over(), f"{game} n={n}: never over"
        assert st.result() is not None and not st.active_seats(), f"{game} n={n}: bad end"
        if check is not None:
            assert check(st) == [], f"{game} n={n} seed={seed}: at the end"


def replayed(game: str, n: int, seed: int) -> tuple[list, list[str], Any, bytes]:
    """A seeded random game's log, all its events as wire text, its result and its final
    state serialised."""
    st = registry.new_game(game, n, seed)
    events = list(st.deal_events()) if hasattr(st, "deal_events") else []
    rng = random.Random(f"{game}:{n}:{seed}:log")
    log = []
    while not st.is_over():
        assert len(log) < MAX_STEPS
        seat = rng.choice(st.active_seats())
        action = rng.choice(st.legal_actions(seat))
        log.append((seat, action))
        events += st.apply(seat, action)
    return log, [wire.dumps(e, game) for e in events], st.result(), state_bytes(st)


@pytest.mark.parametrize("game,n", EVERY_COUNT)
def test_seed_and_log_replay_identically(game, n):
    log, events, result, final = replayed(game, n, 7)
    st = registry.new_game(game, n, 7)
    again = list(st.deal_events()) if hasattr(st, "deal_events") else []
    for seat, action in json.loads(json.dumps(log)):        # as a save stores it
        again += st.apply(seat, action_from_json(action))
    assert [wire.dumps(e, game) for e in again] == events
    assert st.result() == result
    assert state_bytes(st) == final
    for text in events:                             # and every event survives JSON
        assert wire.dumps(wire.from_json(text), game) == text


# ------------------------------------------------------------------ hidden information
STOPS = (0, 1, 4, 11, 25, 60)


def redeal(game: str, st: Any, seat: int | None, rng: random.Random) -> Any:
    return wire.contract(game).redeal_hidden(st, seat, rng)


def agent(game: str, level: str, seat: int, seed: int) -> Any:
    """A deterministic agent: "hard" without its clock (``time_budget=None``)."""
    ai = importlib.import_module(registry.info(game).module + ".ai")
    if level == "hard":
        return ai.make_agent(level, seat, seed, time_budget=None)
    return ai.make_agent(level, seat, seed)


def decision(game: str, level: str, seat: int, st: Any, seen: list) -> Any:
    a = agent(game, level, seat, 5)
    a.observe(seen)
    return a.decide(st.view(seat), st.legal_actions(seat))


@pytest.mark.parametrize("game,n", EDGE_COUNT)
def test_hidden_cards_change_no_view_and_no_decision(game, n):
    """States that differ only in cards a seat cannot see give that seat the same view
    and legal actions, and every AI level the same decision (fixed seed, no clock)."""
    rng = random.Random(3)
    changed = decided = 0
    for seed, step, st in positions(game, n, range(2), STOPS):
        events = list(st.deal_events()) if hasattr(st, "deal_events") else []
        for seat in range(n):
            where = f"{game} n={n} seed={seed} step={step} seat={seat}"
            alt = redeal(game, st, seat, rng)
            changed += state_bytes(alt) != state_bytes(st)
            assert wire.dumps(alt.view(seat)) == wire.dumps(st.view(seat)), where
            assert alt.view(seat) == st.view(seat), where
            assert alt.active_seats() == st.active_seats(), where
            assert alt.window() == st.window(), where
            if seat not in st.active_seats():
                continue
            assert alt.legal_actions(seat) == st.legal_actions(seat), where
            seen = [e for e in events if e.visible_to(seat)]
            for level in LEVELS if step in (1, 11) else LEVELS[:3]:
                assert decision(game, level, seat, alt, seen) == \
                    decision(game, level, seat, st, seen), f"{where} {level}"
                decided += 1
    assert changed, f"{game}: redeal_hidden never changed a hidden card"
    assert decided, f"{game}: no decision compared"


def shown_to(game: str, e: Any) -> Any:
    """An event as wire text; for the game's ``REVEAL_EVENTS`` (cards shown face up for a
    moment, by the rules) only its kind, seats and data keys."""
    if e.kind in getattr(wire.contract(game), "REVEAL_EVENTS", ()):
        return (e.kind, e.seat, e.to, sorted(e.data))
    return wire.dumps(e, game)


@pytest.mark.parametrize("game,n", EDGE_COUNT)
def test_no_event_shows_a_seat_more_than_its_view(game, n):
    """The same action in two worlds that differ only in cards its actor cannot see: a seat
    (or the public) whose view afterwards is the same in both worlds must have been shown
    the same events. A public event carrying a hidden card fails here."""
    rng = random.Random(4)
    compared = 0
    for seed, step, st in positions(game, n, range(3), STOPS + (2, 3, 7, 18, 40)):
        actor = st.active_seats()[0]
        action = random.Random(step).choice(st.legal_actions(actor))
        alt = redeal(game, st, actor, rng)
        ev, alt_ev = st.apply(actor, action), alt.apply(actor, action)
        for seat in (None, *range(n)):
            if wire.dumps(st.view(seat)) != wire.dumps(alt.view(seat)):
                continue        # the action showed this seat something: it may differ
            shown = [shown_to(game, e) for e in ev if e.visible_to(seat)]
            alt_shown = [shown_to(game, e) for e in alt_ev if e.visible_to(seat)]
            assert shown == alt_shown, f"{game} n={n} seed={seed} step={step} seat={seat}"
            compared += bool(shown)
    assert compared, f"{game}: no event compared"


# ------------------------------------------------------------------ illegal actions
def illegal_candidates(st: Any, seat: int, n: int) -> list[tuple[int, Any]]:
    """(seat, action) pairs the rules must refuse: unknown kinds, wrong arguments, extra
    items, another seat's move, a move out of turn."""
    legal = st.legal_actions(seat)
    out: list[tuple[int, Any]] = [(seat, ("no_such_action",)), (seat, ("no_such_action", 1))]
    for a in legal[:3]:
        out.append((seat, a + ("extra",)))
        if len(a) > 1:
            out.append((seat, (a[0],) + (10**6,) * (len(a) - 1)))
            out.append((seat, (a[0],) + ("?",) * (len(a) - 1)))
    idle = [s for s in range(n) if s not in st.active_seats()]
    if idle:
        out += [(idle[0], a) for a in legal[:2]]
    return [(s, a) for s, a in out if s not in st.active_seats() or a not in st.legal_actions(s)]


@pytest.mark.parametrize("game,n", EDGE_COUNT)
def test_illegal_action_leaves_the_state_byte_identical(game, n):
    tried = 0
    for seed, step, st in positions(game, n, range(2), STOPS):
        seat = st.active_seats()[0]
        for who, action in illegal_candidates(st, seat, n):
            before = state_bytes(st)
            with pytest.raises(IllegalAction) as err:
                st.apply(who, action)
            assert str(err.value), f"{game}: {action!r} refused without a reason"
            assert state_bytes(st) == before, \
                f"{game} n={n} seed={seed} step={step}: {who} {action!r} changed the state"
            tried += 1
    assert tried


# ------------------------------------------------------------------ save and load
def open_window_position(game: str, n: int, seed: int) -> tuple[Match, bool, bool]:
    """A match of human seats driven by seeded random moves until a reaction window is
    open with an answer already in (a seat that answered without closing it; a one-seat
    window: as soon as it opens); for a game
    without windows, the middle of a hand. Returns the match, whether a window is open and
    whether the game opened any window at all."""
    m = Match(game, [Seat("human") for _ in range(n)], seed, think_scale=0.0)
    rng = random.Random(seed)
    answered_in: int | None = None      # the window id an answer went into
    seen = False
    for _ in range(MAX_STEPS):
        st = m.state
        if st.is_over():
            break
        w = st.window()
        seen = seen or w is not None
        if w is not None and (w.id == answered_in or len(w.seats) == 1):
            return m, True, True    # answered in part, or a one-seat window still open
        waiting = [s for s in st.active_seats() if w is not None and s in w.seats]
        if waiting:
            quiet = [a for a in st.legal_actions(waiting[0]) if a[0] not in w.closes_on]
            if quiet:
                m.submit(waiting[0], rng.choice(quiet))
                answered_in = w.id
                continue
        seat = rng.choice(st.active_seats())
        m.submit(seat, rng.choice(st.legal_actions(seat)))
    return m, False, seen


def same_match(game: str, a: Match, b: Match, n: int) -> None:
    assert state_bytes(a.state) == state_bytes(b.state)
    assert a.state.window() == b.state.window()
    assert a.active_seats() == b.active_seats()
    for seat in (None, *range(n)):
        assert wire.dumps(a.view(seat)) == wire.dumps(b.view(seat))
    for seat in a.active_seats():
        assert a.legal_actions(seat) == b.legal_actions(seat)


@pytest.mark.parametrize("game,n", EDGE_COUNT)
def test_save_and_load_mid_window(game, n):
    windows = seen = 0
    for seed in range(12):
        m, in_window, saw = open_window_position(game, n, seed)
        seen += saw
        if not in_window:
            # no window in this game (or this deal): save in the middle of the hand
            m = Match(game, [Seat("human") for _ in range(n)], seed, think_scale=0.0)
            rng = random.Random(seed)
            while len(m.log) < 9 and not m.is_over():
                seat = rng.choice(m.active_seats())
                m.submit(seat, rng.choice(m.legal_actions(seat)))
        windows += in_window
        text = json.dumps(m.to_json())
        back = Match.from_json(json.loads(text))
        same_match(game, m, back, n)
        if not m.is_over():          # and both go on alike
            seat = m.active_seats()[0]
            action = m.legal_actions(seat)[0]
            assert [wire.dumps(e, game) for e in m.submit(seat, action)] == \
                [wire.dumps(e, game) for e in back.submit(seat, action)]
            same_match(game, m, back, n)
        m.close()
        back.close()
        if windows >= 3:
            break
    assert windows or not seen, f"{game} n={n}: windows open, but none was saved mid-way"
