"""Đạo Tâm rules engine (shared/rules/daotam.md R1–R17). Pure Python, seeded, no I/O.

Seats are numbered clockwise (R3.1). Chiêu Thức cards are counted by kind (0 Cương,
1 Nhu, 2 Tà Khí: a hand is ``[c, n, t]``); Chính Đạo cards are ids.

Actions:

* phase ``turn`` (the actor): ``("claim", kinds, call)`` — ``kinds`` a sorted tuple of 1–2
  kind names, ``call`` ``"cuong"`` or ``"nhu"`` (R5); or ``("public",)`` (R7);
* phase ``challenge`` (a reaction window, R6): ``("challenge",)`` or ``("pass",)``;
* phase ``race`` (a reaction window, R7.2): ``("shout",)`` or ``("pass",)``;
* phase ``push`` (a possessed seat, R12.3): ``("push", target)``;
* phase ``option`` (an optional ability, tn07 / tn10): ``("use",)`` or ``("decline",)``.

Resolution runs a stack of small steps (``self.steps``, the next one last): an effect
that starts a further resolution queues steps in front of the rest, so every event and
everything it triggers resolves before the next (R10, R12.3, R16). After every step the
win conditions are checked (R13, R16); a decision (a window, a push, an option) stops
the run until the seat answers. Time never enters: the windows are described by
:meth:`window` and judged by the Match (R17).

Fast paths for drivers that read no events (search, the arena's random seats):
:meth:`advance` (``apply`` without checks or events), :meth:`playout` (random play to
the end, windows in tie-break order or by a judge) and :meth:`clone`. ``apply`` alone
validates; events are built only while ``loud`` (every ``_emit`` is guarded by it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core import OVER, Action, Event, IllegalAction, Landing, Result, Window, new_event
from game.daotam import intents
from game.daotam.deck import STAGES, Deck, default_deck
from game.daotam.effects import CONDITIONS, EFFECTS, KINDS
from game.descriptor import Truth
from game.shuffle import shuffle

CUONG, NHU, TA_KHI = 0, 1, 2
CALLS = ("cuong", "nhu")
LIVING, POSSESSED, OUT = "living", "possessed", "out"
TURN, CHALLENGE, RACE, PUSH, OPTION = "turn", "challenge", "race", "push", "option"
PUBLIC: Action = ("public",)
PASS: Action = ("pass",)
CHALLENGE_A: Action = ("challenge",)
SHOUT: Action = ("shout",)
KHAI_SANG, TRU_VUNG, ROUND_LIMIT = "khai_sang", "tru_vung", "round_limit"


def _step_handlers(cls: type) -> dict[str, Any]:
    """``step kind -> cls._s_<kind>`` (looked up once per class, not once per step)."""
    table = cls.__dict__.get("_STEP_HANDLERS")
    if table is None:
        table = {name[3:]: getattr(cls, name) for name in dir(cls) if name.startswith("_s_")}
        cls._STEP_HANDLERS = table
    return table


def _claim_actions(hand: list[int]) -> list[Action]:
    out: list[Action] = []
    for a in range(3):
        if hand[a]:
            for call in CALLS:
                out.append(("claim", (KINDS[a],), call))
    for a in range(3):
        for b in range(a, 3):
            if (hand[a] >= 2) if a == b else (hand[a] and hand[b]):
                for call in CALLS:
                    out.append(("claim", (KINDS[a], KINDS[b]), call))
    return out


#: cards of a well-formed claim (1–2 kind names, any order) -> (sorted kinds, count per kind)
_CLAIMS: dict[tuple[str, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
for _a in range(3):
    _CLAIMS[(KINDS[_a],)] = ((_a,), tuple(int(k == _a) for k in range(3)))
    for _b in range(3):
        _ks = tuple(sorted((_a, _b)))
        _CLAIMS[(KINDS[_a], KINDS[_b])] = (_ks, tuple(_ks.count(k) for k in range(3)))

#: A turn's legal actions depend only on the hand's kind counts: built once per hand.
_TURN_ACTS: dict[tuple[int, int, int], tuple[Action, ...]] = {}


#: the state's flat lists, copied by clone()
_CLONE_LISTS = ("deck_ct", "disc_up", "disc_down", "table", "deck_cd", "disc_cd", "resolving",
                "shield", "dao_tam", "ta_niem_left", "status", "skip", "si_me", "reveal_log",
                "steps", "waiting", "out")
#: (phase, seats, actor) -> a Window of that kind: what playout's judge is given
_WINDOW_LIKE: dict[tuple[str, tuple[int, ...], int], Window] = {}
#: n_seats -> per seat, the other seats clockwise from it
_CLOCKWISE: dict[int, tuple[tuple[int, ...], ...]] = {}


def _turn_acts(h: list[int]) -> tuple[Action, ...]:
    """The turn actions of a hand ``[c, n, t]`` (claims, then the public play), made once
    per hand of counts."""
    key = (h[0], h[1], h[2])
    acts = _TURN_ACTS.get(key)
    if acts is None:
        made = _claim_actions(h)
        if h[CUONG] and h[NHU]:
            made.append(PUBLIC)
        acts = _TURN_ACTS[key] = tuple(made)
    return acts


#: id(deck) -> (deck, the Chiêu Thức pile by kind, the Chính Đạo ids) before the shuffle
_PILES: dict[int, tuple[Deck, tuple[int, ...], tuple[str, ...]]] = {}


def _piles(deck: Deck) -> tuple[tuple[int, ...], tuple[str, ...]]:
    got = _PILES.get(id(deck))
    if got is None or got[0] is not deck:
        cc = deck.chieu_counts()
        got = _PILES[id(deck)] = (deck, tuple(k for k in range(3) for _ in range(cc[k])),
                                  tuple(deck.chinh_list()))
    return got[1], got[2]


@dataclass(frozen=True)
class DaoTamView:
    """What one seat may know (R15). ``seat=None``: the public view (``hand=None``)."""

    seat: int | None
    n_seats: int
    hand: tuple[int, int, int] | None
    hand_sizes: tuple[int, ...]
    revealed_hands: tuple[tuple[int, int, int] | None, ...]   # Si Mê (R15.1)
    status: tuple[str, ...]
    dao_tam: tuple[int, ...]
    ta_niem_left: tuple[int, ...]       # possessed players' Nhập Ma turns left
    opened: tuple[tuple[str | None, ...], ...]   # per seat, per stage (STAGES order)
    shield: tuple[bool, ...]
    skip: tuple[bool, ...]
    deck_left: int
    discard_size: int
    discard_face_up: tuple[int, int, int]   # face-up cards in the discard, by kind
    cd_deck_left: int
    cd_discard: tuple[str, ...]
    reveal_log: tuple[tuple[str, str], ...]  # revealed since the last reshuffle (R15.3)
    turn: int
    first: int
    round: int
    round_limit: int
    phase: str
    claim: tuple[int, int, str] | None      # (actor, count, call) of the open claim
    claim_cards: tuple[str, ...] | None     # the actor's own face-down cards (actor only)
    waiting: tuple[int, ...]
    pending: tuple[str, ...]                # push: (card kinds still to place); option: (card,)
    refill_target: tuple[int, ...]
    hand_cap: int
    caught: tuple[tuple[int, int], ...]     # per seat (challenged claims, caught lies)


class DaoTamState:
    """One game of Đạo Tâm for 3–5 seats."""

    def __init__(self, n_seats: int, seed: int = 0, options: dict | None = None,
                 deck: Deck | None = None, _deal: bool = True) -> None:
        self.deck = deck or default_deck()
        if not self.deck.min_players <= n_seats <= self.deck.max_players:
            raise ValueError(f"Đạo Tâm takes {self.deck.min_players}–{self.deck.max_players} "
                             f"players, not {n_seats}")
        self.options = dict(options or {})
        unknown = set(self.options) - {"first", *self.deck.options} if self.options else ()
        if unknown:
            raise ValueError(f"unknown Đạo Tâm option {sorted(unknown)[0]!r}")
        for key, spec in self.deck.options.items():     # timers: read by the Match (R17)
            if key in self.options and self.options[key] not in spec["values"]:
                raise ValueError(f"Đạo Tâm option {key!r} is one of {list(spec['values'])}, "
                                 f"not {self.options[key]!r}")
        r = self.deck.rules
        self.n_seats = n_seats
        self.seed = seed
        self.rng = random.Random(seed)
        self.max_dao_tam = r["dao_tam"]
        self.hand_cap = r["hand_cap"]
        self.round_limit = math.ceil(r["round_limit_turns"] / n_seats)
        self.hands = [[0, 0, 0] for _ in range(n_seats)]
        self.deck_ct: list[int] = []
        self.disc_up = [0, 0, 0]
        self.disc_down = [0, 0, 0]
        self.table = [0, 0, 0]            # face-down claim / revealed cards in flight
        self.deck_cd: list[str] = []
        self.disc_cd: list[str] = []
        self.resolving: list[str] = []
        self.opened: list[dict[str, str]] = [{} for _ in range(n_seats)]
        self.shield: list[str | None] = [None] * n_seats
        self.dao_tam = [self.max_dao_tam] * n_seats
        self.ta_niem_left = [0] * n_seats
        self.status = [LIVING] * n_seats
        self.skip = [False] * n_seats
        self.si_me = [0] * n_seats        # 1: armed for the next own turn, 2: this turn
        self.reveal_log: list[tuple[str, Any]] = []
        self.first = 0
        self.turn = 0
        self.round = 1
        self.turns = 0
        self.phase = TURN
        self.steps: list[tuple] = []
        self.wins_dirty = False       # a step changed who is living or what is opened
        self.ctx: dict[str, Any] = {}
        self.claim: tuple[int, tuple[int, ...], str] | None = None
        self.waiting: list[int] = []
        self._window_seats: tuple[int, ...] = ()
        self.window_seq = 0
        self._window_cache: Window | None = None     # the open window's description, made once
        self.pending: tuple = ()          # push: kinds to place; option: (seat, card, ability)
        self.out: list[Event] = []
        self.loud = True        # events are made (False inside advance and playout)
        self._result: Result | None = None
        self.stats = {"claims": 0, "lies": 0, "challenges": 0, "caught": 0, "public": 0,
                      "stolen": 0, "chinh_dao": 0, "tam_niem": 0, "falls": 0, "pushes": 0,
                      "reshuffles": 0}
        self.caught = [[0, 0] for _ in range(n_seats)]
        if _deal:
            self._deal()

    # ------------------------------------------------------------------ setup
    def _deal(self) -> None:
        ct, cd = _piles(self.deck)
        self.deck_ct = list(ct)
        shuffle(self.rng, self.deck_ct)
        self.deck_cd = list(cd)
        shuffle(self.rng, self.deck_cd)
        first = self.options.get("first")
        self.first = self.rng.randrange(self.n_seats) if first is None else int(first) % self.n_seats
        for _ in range(self.deck.rules["start_hand"]):
            for s in range(self.n_seats):
                self.hands[s][self.deck_ct.pop()] += 1
        self.turn = self.first
        self.out = []
        self._start_turn()
        self._run()
        self._initial = self.out
        self.out = []

    @classmethod
    def from_deal(cls, n_seats: int, hands: list[list[int]], deck_ct: list[int],
                  deck_cd: list[str], first: int = 0, seed: int = 0,
                  disc_up: list[int] | None = None, disc_down: list[int] | None = None,
                  disc_cd: list[str] | None = None, deck: Deck | None = None,
                  **fields: Any) -> DaoTamState:
        """A game from an explicit deal (tests, bug reports). ``deck_ct``/``deck_cd``: the
        draw piles, the next card LAST. ``fields`` set any other attribute (``dao_tam``,
        ``opened`` …) before the first turn starts."""
        st = cls(n_seats, seed, {"first": first}, deck=deck, _deal=False)
        st.hands = [list(h) for h in hands]
        st.deck_ct, st.deck_cd = list(deck_ct), list(deck_cd)
        st.disc_up, st.disc_down = list(disc_up or [0, 0, 0]), list(disc_down or [0, 0, 0])
        st.disc_cd = list(disc_cd or [])
        for k, v in fields.items():
            if not hasattr(st, k):
                raise AttributeError(k)
            setattr(st, k, v)
        st.first = st.turn = first
        st._start_turn()
        st._run()
        st._initial = st.out
        st.out = []
        return st

    def deal_events(self) -> list[Event]:
        ev = [Event("deal", None, {"first": self.first, "sizes": [sum(h) for h in self.hands],
                                   "round_limit": self.round_limit})]
        ev += [Event("hand", s, {"hand": list(h)}, to=s) for s, h in enumerate(self.hands)]
        return ev + list(self._initial)

    # -------------------------------------------------------------- contract
    def active_seats(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase in (CHALLENGE, RACE):
            return tuple(self.waiting)
        if self.phase == OPTION:
            return (self.pending[0],)
        return (self.turn,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result | None:
        return self._result

    def window(self) -> Window | None:
        phase = self.phase
        if phase != CHALLENGE and phase != RACE:
            return None
        w = self._window_cache
        if (w is not None and w.id == self.window_seq and w.kind == phase
                and w.seats is self._window_seats and w.actor == self.turn):
            return w
        w = self._window_cache = self._make_window()
        return w

    def _make_window(self) -> Window | None:
        if self.phase == CHALLENGE:
            return Window(self.window_seq, "challenge", self._window_seats, ("challenge",), PASS,
                          "challenge_window_s", "ai_challenge_delay_s", None, False, self.turn)
        if self.phase == RACE:
            return Window(self.window_seq, "race", self._window_seats, ("shout",), PASS,
                          "race_window_s", "ai_shout_delay_s", "false_start_lock_s", False,
                          self.turn)
        return None

    def intent_action(self, seat: int, intent: Action, landing: Landing) -> Action | None:
        """What a real-time intent (the buzzer, a pass) means where it landed on the
        Match clock: R6.3, R7.2 (game.daotam.intents)."""
        return intents.meaning(self, seat, intent, landing)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == CHALLENGE:
            return [PASS, CHALLENGE_A] if seat in self.waiting else []
        if phase == RACE:
            return [PASS, SHOUT] if seat in self.waiting else []
        if seat not in self.active_seats():
            return []
        if self.phase == TURN:
            return list(_turn_acts(self.hands[seat]))
        if self.phase == CHALLENGE:
            return [PASS, CHALLENGE_A]
        if self.phase == RACE:
            return [PASS, SHOUT]
        if self.phase == PUSH:
            return [("push", t) for t in self._push_targets()]
        return [("use",), ("decline",)]

    # ----------------------------------------------------------------- apply
    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("The game is over.", "daotam.over")
        if seat not in self.active_seats():
            raise IllegalAction("It is not your turn.", "not_your_turn")
        if not isinstance(action, tuple) or not action:
            raise IllegalAction(f"Unknown action {action!r}.", "unknown_action")
        kind = action[0]
        self.out = []
        if self.phase == TURN:
            if kind == "claim":
                self._claim(seat, action)
            elif kind == "public":
                self._public(seat, action)
            else:
                raise IllegalAction("Make a hidden claim or a public play.", "daotam.turn_action")
        elif self.phase in (CHALLENGE, RACE):
            self._react(seat, action)
        elif self.phase == PUSH:
            if kind != "push" or len(action) != 2 or action[1] not in self._push_targets():
                raise IllegalAction("Push the Tà Khí to a living player whose hand is not full.",
                                    "daotam.push_target")
            self._push(seat, action[1])
        else:
            if action not in (("use",), ("decline",)):
                raise IllegalAction("Use the ability or decline it.", "daotam.option")
            self._option(seat, action[0] == "use")
        self._run()
        out, self.out = self.out, []
        return out

    # ------------------------------------------------------------- fast paths
    def advance(self, seat: int, action: Action) -> None:
        """:meth:`apply` for a trusted action (one of ``legal_actions(seat)`` right now):
        no checks and no events (returns None), the same state afterwards and the same
        draws from the state's RNG. For drivers that read no events (the arena with
        blind seats, search); an unlisted action here corrupts the state."""
        self.loud = False
        try:
            self._do(seat, action)
            self._run()
        finally:
            self.loud = True

    def _do(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase == TURN:
            if action is PUBLIC or action[0] == "public":
                self._public_do(seat)
            else:
                self._claim_do(seat, _CLAIMS[action[1]][0], action[2])
        elif phase == CHALLENGE or phase == RACE:
            self._react_do(seat, action[0] == "pass")
        elif phase == PUSH:
            self._push(seat, action[1])
        else:
            self._option(seat, action[0] == "use")

    #: :meth:`playout` takes a ``windows`` judge (the arena passes its timed one)
    playout_windows = True

    def playout(self, rng: random.Random, limit: int,
                windows: Callable[[DaoTamState, Window, random.Random], list] | None = None) -> int:
        """Play on from here with every seat choosing uniformly among its legal actions
        (``legal_actions`` order, ``legal[int(rng.random() * len(legal))]``), no events,
        until the game ends or ``limit`` actions were played; returns the number played.
        The state's own RNG deals as :meth:`apply` would; choices come from ``rng``.

        Reaction windows: with ``windows=None`` (search) the seats answer one at a time in
        tie-break order (``game.ai.search.next_actor``: the first seat of ``window().seats``
        still waiting answers next, uniformly pass or the closing answer), so a window
        ends at its first closing answer. With a judge, ``windows(state, window, rng)`` is
        called once when a window opens (with a description of it: ``window()``'s, but its
        ``id`` may be an earlier window's of the same kind, seats and actor; making a new
        one per window cost a tenth of a playout) and returns ``[(seat, action), ...]``, the answers
        of the seats still to answer in the order they are submitted (the arena's judge:
        by reaction time on a fake clock, then tie-break order, defaults at the deadline);
        they are played in that order until the window closes.

        For search: ``clone()`` then ``playout(rng, limit)``; the clone shares nothing
        mutable with the original."""
        self.loud = False
        try:
            return self._playout(rng, limit, windows)
        finally:
            self.loud = True

    def _playout(self, rng: random.Random, limit: int, windows: Any) -> int:
        rand = rng.random
        run = self._run
        claims = _CLAIMS
        steps = 0
        fresh = True        # the first run checks wins after its first step (see _run)
        while steps < limit:
            phase = self.phase
            if phase == TURN:
                seat = self.turn
                acts = _turn_acts(self.hands[seat])
                a = acts[int(rand() * len(acts))]
                if a is PUBLIC:
                    self._public_do(seat)
                else:
                    self._claim_do(seat, claims[a[1]][0], a[2])
            elif phase == CHALLENGE or phase == RACE:
                if windows is None:
                    waiting = self.waiting
                    for seat in self._window_seats:
                        if seat in waiting:
                            break
                    self._react_do(seat, rand() < 0.5)      # legal: [PASS, closing]
                else:
                    wid = self.window_seq
                    key = (phase, self._window_seats, self.turn)
                    w = _WINDOW_LIKE.get(key)
                    if w is None:
                        w = _WINDOW_LIKE[key] = self._make_window()
                    for seat, a in windows(self, w, rng):
                        if (self.window_seq != wid or (self.phase != CHALLENGE and self.phase != RACE)
                                or steps >= limit):
                            break
                        self._react_do(seat, a[0] == "pass")
                        if self.steps and self.phase == TURN:   # else run() has nothing to do
                            run(fresh)
                            fresh = False
                        steps += 1
                    continue
            elif phase == PUSH:
                targets = self._push_targets()
                self._push(self.turn, targets[int(rand() * len(targets))])
            elif phase == OPTION:
                self._option(self.pending[0], rand() < 0.5)     # legal: [use, decline]
            else:
                break
            if self.steps and self.phase == TURN:       # else run() has nothing to do
                run(fresh)
                fresh = False
            steps += 1
        return steps

    # ------------------------------------------------------------ turn actions
    def _claim(self, seat: int, action: Action) -> None:
        if len(action) != 3:
            raise IllegalAction("A hidden claim names its cards and a call.", "daotam.claim_form")
        cards, call = action[1], action[2]
        if call not in CALLS:
            raise IllegalAction("Call \"Cương\" or \"Nhu\".", "daotam.claim_call")
        try:
            parsed = _CLAIMS.get(cards)       # every well-formed claim, parsed ahead
        except TypeError:                     # unhashable: refused below
            parsed = None
        if parsed is None:
            if not isinstance(cards, tuple) or not 1 <= len(cards) <= 2:
                raise IllegalAction("A hidden claim puts 1 or 2 cards face down.",
                                    "daotam.claim_count")
            raise IllegalAction(f"Unknown card in the claim: {cards!r}.", "daotam.claim_card")
        ks, need = parsed
        h = self.hands[seat]
        if need[0] > h[0] or need[1] > h[1] or need[2] > h[2]:
            raise IllegalAction("You do not hold those cards.", "daotam.claim_not_held")
        self._claim_do(seat, ks, call)

    def _claim_do(self, seat: int, ks: tuple[int, ...], call: str) -> None:
        """A checked claim: ``ks`` its sorted kinds (held), ``call`` one of CALLS."""
        h = self.hands[seat]
        table = self.table
        for k in ks:
            h[k] -= 1
            table[k] += 1
        call_k = 0 if call == "cuong" else 1
        truthful = ks[0] == call_k and ks[-1] == call_k      # ks: 1 or 2 kinds
        self.claim = (seat, ks, call)
        self.ctx = {"truthful": truthful}
        self.stats["claims"] += 1
        self.stats["lies"] += not truthful
        if self.loud:
            self._emit("claim", seat, {"count": len(ks), "call": call})
            self._emit("claim_cards", seat, {"cards": [KINDS[k] for k in ks]}, to=seat)
        seats = self._others_clockwise(seat)
        if not seats:
            self.queue([("unchallenged",)])
            return
        self._open(CHALLENGE, seats)

    def _public(self, seat: int, action: Action) -> None:
        if action != PUBLIC:
            raise IllegalAction("A public play is exactly one Cương and one Nhu.", "daotam.public_form")
        h = self.hands[seat]
        if not (h[CUONG] and h[NHU]):
            raise IllegalAction("A public play needs one Cương and one Nhu in your hand.",
                                "daotam.public_needs_pair")
        self._public_do(seat)

    def _public_do(self, seat: int) -> None:
        """A checked public play (the hand holds a Cương and a Nhu)."""
        h = self.hands[seat]
        h[CUONG] -= 1
        h[NHU] -= 1
        self.disc_up[CUONG] += 1
        self.disc_up[NHU] += 1
        self.reveal_log += [("ct", "cuong"), ("ct", "nhu")]
        self.stats["public"] += 1
        self.ctx = {}
        if self.loud:
            self._emit("public", seat, {"cards": ["cuong", "nhu"]})
        seats = (seat,) if self.static(seat, "shout_unstealable") else \
            (seat, *self._others_clockwise(seat))
        self._open(RACE, seats)

    def _open(self, phase: str, seats: tuple[int, ...]) -> None:
        self.window_seq += 1
        self.phase = phase
        self._window_seats = seats
        self.waiting = list(seats)
        if self.loud:
            self._emit("window", self.turn, {"kind": phase, "seats": list(seats), "id": self.window_seq})

    def _react(self, seat: int, action: Action) -> None:
        closing = CHALLENGE_A if self.phase == CHALLENGE else SHOUT
        if action not in (PASS, closing):
            raise IllegalAction(f"Answer {closing[0]} or pass in this window.", "daotam.window_answer")
        self._react_do(seat, action == PASS)

    def _react_do(self, seat: int, passed: bool) -> None:
        """A checked window answer of a waiting seat: a pass, or the closing answer."""
        actor = self.turn
        self.waiting.remove(seat)
        if passed:
            if self.loud:
                self._emit("pass", seat, {"window": self.phase})
            if self.waiting:
                return
            self.waiting = []
            if self.phase == CHALLENGE:
                self.queue([("unchallenged",)])
            else:
                if self.loud:
                    self._emit("race_won", None, {"winner": None})
                self.queue([("refill", actor), ("end_turn",)])
            self.phase = TURN
            return
        self.waiting = []
        if self.phase == CHALLENGE:
            self.phase = TURN
            self._challenged(seat)
        else:
            self.phase = TURN
            if self.loud:
                self._emit("race_won", seat, {"winner": seat})
            if seat == actor:
                self.queue([("draw_cd", actor, "race"), ("refill", actor), ("end_turn",)])
            else:
                self.stats["stolen"] += 1
                self.queue([("draw_cd", seat, "race"),
                            *self._fires(actor, "on_shout_stolen_from_you"),
                            ("refill", actor), ("end_turn",)])

    def _challenged(self, challenger: int) -> None:
        actor, ks, call = self.claim            # type: ignore[misc]
        self.stats["challenges"] += 1
        self.caught[actor][0] += 1
        truthful = self.ctx["truthful"]
        if self.loud:
            self._emit("challenge", challenger, {"actor": actor})
            self._emit("reveal", actor, {"cards": [KINDS[k] for k in ks], "call": call,
                                         "truthful": truthful})
        self.reveal_log += [("ct", KINDS[k]) for k in ks]
        self.ctx["challenger"] = challenger
        if not truthful:
            self.caught[actor][1] += 1
            self.stats["caught"] += 1
            self.ctx["caught_dest"] = "hand"
            self.queue([*self._fires(actor, "on_caught_lying"),
                        *self._fires(challenger, "on_catch_liar"),
                        ("move_caught", actor), ("lose", actor, "caught"),
                        ("reward", challenger), ("refill", actor), ("end_turn",)])
        else:
            for k in ks:
                self.table[k] -= 1
                self.disc_up[k] += 1
            self.queue([("lose", challenger, "wrong_challenge"), ("draw_cd", actor, "true_claim"),
                        *self._fires(actor, "on_wrong_challenge_against_you"),
                        ("refill", actor), ("end_turn",)])

    def _push_targets(self) -> list[int]:
        return [s for s in range(self.n_seats)
                if self.status[s] == LIVING and sum(self.hands[s]) < self.hand_cap]

    def _push(self, seat: int, target: int) -> None:
        self.table[TA_KHI] -= 1
        self.hands[target][TA_KHI] += 1
        self.stats["pushes"] += 1
        self.pending = self.pending[1:]
        self.phase = TURN
        if self.loud:
            self._emit("push", seat, {"to": target})
        self.queue([*self._fires(target, "on_receive_pushed_ta_khi")])

    def _option(self, seat: int, use: bool) -> None:
        _, card, index = self.pending
        self.pending = ()
        self.phase = TURN
        if self.loud:
            self._emit("option", seat, {"card": card, "use": use})
        if use:
            ab = self.deck.by_id[card].abilities[index]
            self.queue([("eff", seat, node, card) for node in ab.effects])

    # ------------------------------------------------------------- step runner
    def queue(self, steps: list[tuple]) -> None:
        """Run ``steps`` next, in order, before anything already queued."""
        self.steps.extend(reversed(steps))

    def _run(self, fresh: bool = True) -> None:
        steps = self.steps
        handlers = _HANDLERS if type(self) is DaoTamState else _step_handlers(type(self))
        # The win conditions (R13, R16) are checked after every step that changed who is
        # living or what is opened (``_fall``, ``_s_ma_end``, ``_s_resolve_cd`` flag it),
        # and, ``fresh``, after the first step of a run (a test may have changed the state
        # between; playout's later runs pass False: its own moves change neither).
        if fresh:
            self.wins_dirty = True
        while self.phase == TURN and steps and self._result is None:
            step = steps.pop()
            size = len(step)
            if size == 2:
                handlers[step[0]](self, step[1])
            elif size == 1:
                handlers[step[0]](self)
            elif step[0] != "fire" or step[3]:   # a fire step for no opened card does nothing
                handlers[step[0]](self, *step[1:])
            if self.wins_dirty:
                self.wins_dirty = False
                self._check_wins()
        if self._result is not None:
            self.steps.clear()
            self.phase = OVER

    def _fires(self, seat: int, trigger: str) -> list[tuple]:
        """``[self._fire_step(seat, trigger)]``, or ``[]`` while ``seat`` has no card opened
        (such a step does nothing: it is not queued)."""
        cards = self.opened[seat]
        return [("fire", seat, trigger, tuple(cards.values()))] if cards else []

    def _fire_step(self, seat: int, trigger: str) -> tuple:
        """A step firing ``trigger`` for ``seat``'s cards opened NOW (R10.1: a card opened
        later in the same resolution does not fire for this event)."""
        return ("fire", seat, trigger, tuple(self.opened[seat].values()))

    def _s_fire(self, seat: int, trigger: str, cards: tuple[str, ...]) -> None:
        if self.status[seat] != LIVING:
            return
        steps: list[tuple] = []
        for cid in cards:
            if cid not in self.opened[seat].values():
                continue
            for i, ab in enumerate(self.deck.by_id[cid].abilities):
                if trigger not in ab.triggers:
                    continue
                if ab.condition is not None and not CONDITIONS[ab.condition](self, seat):
                    continue
                if ab.optional:
                    steps.append(("ask", seat, cid, i))
                else:
                    steps += [("eff", seat, node, cid) for node in ab.effects]
        self.queue(steps)

    def _s_ask(self, seat: int, card: str, index: int) -> None:
        if self.status[seat] != LIVING:
            return
        ab = self.deck.by_id[card].abilities[index]
        if not all(EFFECTS[n[1]].usable is None or EFFECTS[n[1]].usable(self, seat, n[2])
                   for n in ab.effects if n[0] == "do"):
            return
        self.pending = (seat, card, index)
        self.phase = OPTION
        if self.loud:
            self._emit("ask", seat, {"card": card})

    def _s_eff(self, seat: int, node: tuple, card: str) -> None:
        if node[0] == "if":
            branch = node[2] if CONDITIONS[node[1]](self, seat) else node[3]
            self.queue([("eff", seat, n, card) for n in branch])
            return
        EFFECTS[node[1]].run(self, seat, node[2], card)

    # ---------------------------------------------------------- turn structure
    def _start_turn(self) -> None:
        seat = self.turn
        self.turns += 1
        self.ctx = {}
        if self.status[seat] == POSSESSED:
            if self.loud:
                self._emit("turn", seat, {"round": self.round, "ma": True})
            self._ma_turn(seat)
            return
        if self.loud:
            self._emit("turn", seat, {"round": self.round})
        if self.si_me[seat] == 1:
            self.si_me[seat] = 2
        if self.skip[seat]:                                   # R4.1
            self.skip[seat] = False
            if self.loud:
                self._emit("skipped", seat, {"why": "an_man"})
            self.queue([("end_turn",)])
            return
        hand = self.hands[seat]
        if (hand[0] or hand[1] or hand[2]) and not self.opened[seat] \
                and self.status[seat] == LIVING:
            # the usual turn: the steps below (empty_check, act) would only wait for the
            # actor; wait now
            self.phase = TURN
            self.steps.clear()
            return
        steps: list[tuple] = []
        if sum(self.hands[seat]) == 0:                        # R4.2
            steps.append(("refill", seat))
        steps += [("empty_check", seat), *self._fires(seat, "on_turn_start"), ("act", seat)]
        self.queue(steps)

    def _s_empty_check(self, seat: int) -> None:
        if self.status[seat] == LIVING and sum(self.hands[seat]) == 0:
            if self.loud:
                self._emit("skipped", seat, {"why": "no_cards"})
            steps = self.steps
            if steps[-1][0] == "fire":
                steps.pop()         # the ("fire", on_turn_start) step, if queued, ...
            steps.pop()             # ... and the ("act",) step go
            self.queue([("end_turn",)])

    def _s_act(self, seat: int) -> None:
        if self.status[seat] != LIVING:
            self.queue([("end_turn",)])
            return
        if sum(self.hands[seat]) == 0:
            if self.loud:
                self._emit("skipped", seat, {"why": "no_cards"})
            self.queue([("end_turn",)])
            return
        self.phase = TURN
        self.steps.clear()          # waiting for the actor's action: nothing else is queued

    def _ma_turn(self, seat: int) -> None:
        self.ta_niem_left[seat] -= 1                          # R12.3.1
        drawn = self._draw_ct_cards(2)
        if self.loud:
            self._emit("ma_draw", seat, {"cards": [KINDS[k] for k in drawn],
                                         "left": self.ta_niem_left[seat]})
        self.reveal_log += [("ct", KINDS[k]) for k in drawn]
        steps: list[tuple] = []
        for k in drawn:
            self.table[k] += 1
            steps.append(("ma_card", seat, k))
        steps += [("ma_end", seat), ("end_turn",)]
        self.queue(steps)

    def _s_ma_card(self, seat: int, k: int) -> None:
        if k != TA_KHI:
            self.table[k] -= 1
            self.disc_up[k] += 1
            return
        if not self._push_targets():                          # R8.4: nowhere below the cap
            self.table[k] -= 1
            self.disc_up[k] += 1
            if self.loud:
                self._emit("push_discarded", seat, {})
            return
        self.pending = (TA_KHI,)
        self.phase = PUSH
        if self.loud:
            self._emit("push_choice", seat, {"targets": self._push_targets()})

    def _s_ma_end(self, seat: int) -> None:
        if self.ta_niem_left[seat] <= 0:
            self.status[seat] = OUT
            self.wins_dirty = True
            if self.loud:
                self._emit("out", seat, {})

    def _s_end_turn(self) -> None:
        seat = self.turn
        if self.si_me[seat] == 2:
            self.si_me[seat] = 0
            if self.loud:
                self._emit("si_me_over", seat, {})
        self.claim = None
        self.ctx = {}
        s = seat
        for _ in range(self.n_seats * (self.round_limit + 2)):
            s = (s + 1) % self.n_seats
            if s == self.first:                              # R3.3: a round ends
                if self.round >= self.round_limit:
                    self._round_limit()
                    return
                self.round += 1
            if self.status[s] != OUT:
                break
        self.turn = s
        self._start_turn()

    # --------------------------------------------------- claim resolution steps
    def _s_unchallenged(self) -> None:
        actor, ks, _ = self.claim                            # type: ignore[misc]
        for k in ks:
            self.table[k] -= 1
            self.disc_down[k] += 1
        if self.loud:
            self._emit("unchallenged", actor, {"count": len(ks)})
        self.queue([*self._fires(actor, "on_claim_unchallenged"), ("refill", actor),
                    ("end_turn",)])

    def _s_move_caught(self, actor: int) -> None:
        _, ks, _ = self.claim                                # type: ignore[misc]
        dest = self.ctx.get("caught_dest", "hand")
        for k in ks:
            self.table[k] -= 1
            if dest == "hand" and self.status[actor] == LIVING:
                self._to_hand(actor, k, shown=True)
            else:
                self.disc_up[k] += 1
        if self.loud:
            self._emit("caught_cards", actor, {"to": dest, "cards": [KINDS[k] for k in ks]})

    def _s_reward(self, challenger: int) -> None:
        reward = self.ctx.get("reward")
        if reward is None:
            self.draw_chieu_thuc(challenger, 1, why="reward")
        else:
            effects, card = reward
            self.queue([("eff", challenger, node, card) for node in effects])

    # ------------------------------------------------------------ card moves
    def _draw_ct_cards(self, n: int) -> list[int]:
        out = []
        for _ in range(n):
            if not self.deck_ct:
                if not self._reshuffle_ct():
                    break
            out.append(self.deck_ct.pop())
        return out

    def _reshuffle_ct(self) -> bool:
        pile = [k for k in range(3) for _ in range(self.disc_up[k] + self.disc_down[k])]
        if not pile:
            return False
        shuffle(self.rng, pile)
        self.deck_ct = pile
        self.disc_up, self.disc_down = [0, 0, 0], [0, 0, 0]
        self.reveal_log = [e for e in self.reveal_log if e[0] != "ct"]
        self.stats["reshuffles"] += 1
        if self.loud:
            self._emit("reshuffle", None, {"deck": "chieu_thuc", "size": len(pile)})
        return True

    def _to_hand(self, seat: int, k: int, shown: bool = False) -> bool:
        """One card into a hand, or face up to the discard if the hand is full (R8.4);
        ``shown``: the card is already in the reveal log."""
        if sum(self.hands[seat]) >= self.hand_cap:
            self.disc_up[k] += 1
            if not shown:
                self.reveal_log.append(("ct", KINDS[k]))
            if self.loud:
                self._emit("cap_discard", seat, {"card": KINDS[k]})
            return False
        self.hands[seat][k] += 1
        return True

    def draw_chieu_thuc(self, seat: int, n: int, why: str = "") -> None:
        """Draw n Chiêu Thức into ``seat``'s hand (cap: excess discarded face up)."""
        if self.status[seat] != LIVING:
            return
        drawn = self._draw_ct_cards(n)
        kept = [k for k in drawn if self._to_hand(seat, k)]
        if self.loud:
            self._emit("draw", seat, {"n": len(drawn), "why": why})
        if kept:
            if self.loud:
                self._emit("drew", seat, {"cards": [KINDS[k] for k in kept]}, to=seat)

    def refill_target(self, seat: int) -> int:
        value = self.static(seat, "refill_target")
        return self.deck.rules["refill_target"] if value is None else value

    def _s_refill(self, seat: int) -> None:
        if self.status[seat] != LIVING:
            return
        need = self.refill_target(seat) - sum(self.hands[seat])
        if need > 0:
            self.draw_chieu_thuc(seat, need, why="refill")

    def discard_from_hand(self, seat: int, kind: int, n: int, face_up: bool, why: str) -> None:
        self.hands[seat][kind] -= n
        if face_up:
            self.disc_up[kind] += n
            self.reveal_log += [("ct", KINDS[kind])] * n
        else:
            self.disc_down[kind] += n
        if self.loud:
            self._emit("discard", seat, {"card": KINDS[kind] if face_up else None, "n": n, "why": why})

    def reveal_top(self, seat: int, n: int, keep: int, why: str) -> None:
        drawn = self._draw_ct_cards(n)
        if self.loud:
            self._emit("reveal_top", seat, {"cards": [KINDS[k] for k in drawn], "why": why})
        self.reveal_log += [("ct", KINDS[k]) for k in drawn]
        for k in drawn:
            if k == keep and self.status[seat] == LIVING:
                self._to_hand(seat, k, shown=True)
            else:
                self.disc_up[k] += 1

    # ---------------------------------------------------------- Chính Đạo
    def _s_draw_cd(self, seat: int, why: str) -> None:
        if self.status[seat] != LIVING:
            return
        redraw = why in self.deck.by_id and self._negates_card(self.deck.by_id[why])
        if redraw and all(self.deck.by_id[c].type == "ao_niem"
                                          for c in self.deck_cd + self.disc_cd):
            if self.loud:
                self._emit("cd_skipped", seat, {"why": "only_ao_niem"})   # R10.3 guard
            return
        if not self.deck_cd:
            if not self.disc_cd:
                if self.loud:
                    self._emit("cd_skipped", seat, {"why": "empty"})
                return
            self.deck_cd = self.disc_cd
            self.disc_cd = []
            shuffle(self.rng, self.deck_cd)
            self.reveal_log = [e for e in self.reveal_log if e[0] != "cd"]
            if self.loud:
                self._emit("reshuffle", None, {"deck": "chinh_dao", "size": len(self.deck_cd)})
        cid = self.deck_cd.pop()
        self.resolving.append(cid)
        self.stats["chinh_dao"] += 1
        self.reveal_log.append(("cd", cid))
        if self.loud:
            self._emit("chinh_dao", seat, {"card": cid, "why": why})
        card = self.deck.by_id[cid]
        if card.type == "ao_niem" and self._negates_ao(seat):
            self.queue([self._fire_step(seat, "on_draw_ao_niem"), ("resolve_cd", seat, cid)])
        else:
            self.queue([("resolve_cd", seat, cid)])

    def _negates_ao(self, seat: int) -> bool:
        return any(self._negates_card(self.deck.by_id[cid]) for cid in self.opened[seat].values())

    @staticmethod
    def _negates_card(card: Any) -> bool:
        """Whether the card cancels Ảo Niệm draws (tn08): its redraws are guarded (R10.3)."""
        return any("on_draw_ao_niem" in ab.triggers and ab.mode == "instead"
                   for ab in card.abilities)

    def _s_resolve_cd(self, seat: int, cid: str) -> None:
        if cid not in self.resolving:
            return                                   # negated (tn08): already discarded
        card = self.deck.by_id[cid]
        if card.type == "tam_niem":
            self.resolving.remove(cid)
            if self.status[seat] == LIVING and card.stage not in self.opened[seat]:
                self.opened[seat][card.stage] = cid
                self.wins_dirty = True
                self.stats["tam_niem"] += 1
                if self.loud:
                    self._emit("open", seat, {"card": cid, "stage": card.stage})
            else:
                self.disc_cd.append(cid)
                if self.loud:
                    self._emit("cd_discard", seat, {"card": cid, "why": "duplicate_stage"})
            return
        steps: list[tuple] = []
        for ab in card.abilities:
            if "on_draw" in ab.triggers:
                steps += [("eff", seat, node, cid) for node in ab.effects]
        steps.append(("finish_cd", seat, cid))
        self.queue(steps)

    def _s_finish_cd(self, seat: int, cid: str) -> None:
        if cid in self.resolving:
            self.resolving.remove(cid)
            self.disc_cd.append(cid)

    def negate_resolving(self, seat: int) -> None:
        cid = self.resolving.pop()
        self.disc_cd.append(cid)
        if self.loud:
            self._emit("negated", seat, {"card": cid})

    def keep_shield(self, seat: int, card: str, max_held: int) -> None:
        if self.status[seat] == LIVING and self.shield[seat] is None and max_held >= 1:
            self.resolving.remove(card)
            self.shield[seat] = card
            if self.loud:
                self._emit("shield", seat, {"card": card})
        else:
            if self.loud:
                self._emit("cd_discard", seat, {"card": card, "why": "shield_held"})

    def heal(self, seat: int, n: int, card: str) -> None:
        if self.status[seat] != LIVING:
            return                                       # R11.3
        k = min(n, self.max_dao_tam - self.dao_tam[seat])
        if k:
            self.dao_tam[seat] += k
            if self.loud:
                self._emit("heal", seat, {"n": k, "dao_tam": self.dao_tam[seat]})

    def set_revealed(self, seat: int, card: str) -> None:
        if self.status[seat] == LIVING:
            self.si_me[seat] = 1
            if self.loud:
                self._emit("si_me", seat, {"hand": list(self.hands[seat])})

    def set_skip(self, seat: int, card: str) -> None:
        if self.status[seat] == LIVING:
            self.skip[seat] = True
            if self.loud:
                self._emit("skip_set", seat, {})

    # --------------------------------------------------------- Đạo Tâm loss
    def _s_lose(self, seat: int, why: str) -> None:
        if self.status[seat] != LIVING:
            return
        if self.shield[seat] is not None:                # R11.1
            self.disc_cd.append(self.shield[seat])
            self.shield[seat] = None
            if self.loud:
                self._emit("shield_used", seat, {"why": why})
            return
        self.dao_tam[seat] -= 1
        if self.loud:
            self._emit("lose", seat, {"why": why, "dao_tam": self.dao_tam[seat]})
        if self.dao_tam[seat] > 0:
            self.queue([*self._fires(seat, "on_lose_dao_tam")])
            return
        self._fall(seat)

    def _fall(self, seat: int) -> None:
        """R12.2: Nhập Ma at once."""
        self.status[seat] = POSSESSED
        self.wins_dirty = True
        self.ta_niem_left[seat] = self.max_dao_tam
        self.stats["falls"] += 1
        for k in range(3):
            self.disc_down[k] += self.hands[seat][k]
        self.hands[seat] = [0, 0, 0]
        lost = list(self.opened[seat].values())
        self.disc_cd += lost
        self.opened[seat] = {}
        if self.shield[seat] is not None:
            self.disc_cd.append(self.shield[seat])
            self.shield[seat] = None
        self.skip[seat] = False
        self.si_me[seat] = 0
        if self.loud:
            self._emit("nhap_ma", seat, {"lost": lost})

    # ------------------------------------------------------------------ wins
    def _check_wins(self) -> None:
        if self._result is not None:
            return
        status = self.status
        alive = status.count(LIVING)
        if alive == 1:
            self._win([status.index(LIVING)], TRU_VUNG)
            return
        opened, full = self.opened, len(STAGES)
        if alive and max(map(len, opened)) >= full:     # cheap test first: rarely true
            for s, st in enumerate(status):
                if st == LIVING and len(opened[s]) == full:
                    self._win([s], KHAI_SANG)
                    return
        if not alive:                                   # R13.3 safeguard (no card does it)
            self._win([], TRU_VUNG)

    def _round_limit(self) -> None:
        living = [s for s in range(self.n_seats) if self.status[s] == LIVING]
        key = {s: (len(self.opened[s]), self.dao_tam[s], -self.hands[s][TA_KHI]) for s in living}
        best = max(key.values())
        if self.loud:
            self._emit("limit", None, {"hands": [list(h) for h in self.hands]})
        self._win([s for s in living if key[s] == best], ROUND_LIMIT)

    def _win(self, winners: list[int], reason: str) -> None:
        scores = tuple(1 if s in winners else 0 for s in range(self.n_seats))
        details = {"turns": self.turns, "rounds": self.round, **self.stats}
        self._result = Result(tuple(winners), scores, reason, details)
        if self.loud:
            self._emit("win", None, {"winners": list(winners), "reason": reason})

    # --------------------------------------------------------------- helpers
    def living(self, seat: int) -> bool:
        return self.status[seat] == LIVING

    def static(self, seat: int, name: str) -> Any:
        for cid in self.opened[seat].values():
            v = self.deck.by_id[cid].static(name)
            if v is not None:
                return v
        return None

    def _others_clockwise(self, seat: int) -> tuple[int, ...]:
        n = self.n_seats
        order = _CLOCKWISE.get(n)
        if order is None:
            order = _CLOCKWISE[n] = tuple(tuple((s + i) % n for i in range(1, n))
                                          for s in range(n))
        status = self.status
        if status.count(LIVING) == n:
            return order[seat]
        return tuple(s for s in order[seat] if status[s] == LIVING)

    def _emit(self, kind: str, seat: int | None, data: dict, to: int | None = None) -> None:
        self.out.append(new_event((kind, seat, data, to)))

    # ------------------------------------------------------------------ view
    def view(self, seat: int | None) -> DaoTamView:
        n = self.n_seats
        claim = None
        cards = None
        if self.claim is not None and self.phase == CHALLENGE:
            a, ks, call = self.claim
            claim = (a, len(ks), call)
            if seat == a:
                cards = tuple(KINDS[k] for k in ks)
        pending: tuple = ()
        if self.phase == PUSH:
            pending = ("ta_khi",)
        elif self.phase == OPTION:
            pending = (self.pending[1],)
        return DaoTamView(
            seat=seat, n_seats=n,
            hand=None if seat is None else tuple(self.hands[seat]),   # type: ignore[arg-type]
            hand_sizes=tuple(sum(h) for h in self.hands),
            revealed_hands=tuple(tuple(self.hands[s]) if self.si_me[s] else None   # type: ignore[misc]
                                 for s in range(n)),
            status=tuple(self.status), dao_tam=tuple(self.dao_tam),
            ta_niem_left=tuple(self.ta_niem_left),
            opened=tuple(tuple(o.get(st) for st in STAGES) for o in self.opened),
            shield=tuple(s is not None for s in self.shield), skip=tuple(self.skip),
            deck_left=len(self.deck_ct),
            discard_size=sum(self.disc_up) + sum(self.disc_down),
            discard_face_up=tuple(self.disc_up),   # type: ignore[arg-type]
            cd_deck_left=len(self.deck_cd), cd_discard=tuple(self.disc_cd),
            reveal_log=tuple(self.reveal_log), turn=self.turn, first=self.first,
            round=self.round, round_limit=self.round_limit, phase=self.phase,
            claim=claim, claim_cards=cards, waiting=tuple(self.waiting), pending=pending,
            refill_target=tuple(self.refill_target(s) for s in range(n)),
            hand_cap=self.hand_cap, caught=tuple(tuple(c) for c in self.caught))   # type: ignore[misc]

    # ----------------------------------------------------------------- clone
    def clone(self) -> DaoTamState:
        """An independent copy: the same position and the same RNG state, sharing only
        what is never changed in place (the deck, options, tuples). Search clones a
        world, then plays it with ``advance`` / ``playout``."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        rng = self.rng
        copy = d["rng"] = type(rng).__new__(type(rng))   # no seeding: the state is set next
        copy.setstate(rng.getstate())
        for name in _CLONE_LISTS:
            d[name] = d[name][:]
        d["hands"] = [h[:] for h in self.hands]
        d["opened"] = [o.copy() for o in self.opened]
        d["caught"] = [c[:] for c in self.caught]
        d["ctx"] = self.ctx.copy()
        d["stats"] = self.stats.copy()
        return new


_HANDLERS = _step_handlers(DaoTamState)


def rematch_first(result: Result, previous_first: int, n_seats: int) -> int:
    """R2.3: Môn Sinh #1 of a rematch goes to the seat after the previous winner; after a
    shared win, after the winner who came first in turn order from the previous #1.
    Pass it as the ``first`` option of the next game."""
    if not result.winners:
        return (previous_first + 1) % n_seats
    first_winner = min(result.winners, key=lambda s: (s - previous_first) % n_seats)
    return (first_winner + 1) % n_seats


def new_game(n_seats: int = 4, seed: int = 0, options: dict | None = None) -> DaoTamState:
    return DaoTamState(n_seats, seed, options)


def check_invariants(st: DaoTamState, conservation: bool = True) -> list[str]:
    """Broken rules of the state, as sentences (empty: all well). ``conservation=False``
    for constructed states that do not hold all 55 + 20 cards (rules §6)."""
    bad: list[str] = []
    cc = st.deck.chieu_counts()
    for k in range(3):
        total = (st.deck_ct.count(k) + st.disc_up[k] + st.disc_down[k] + st.table[k]
                 + sum(h[k] for h in st.hands))
        if conservation and total != cc[k]:
            bad.append(f"{KINDS[k]}: {total} cards, not {cc[k]}")
        if min(st.disc_up[k], st.disc_down[k], st.table[k]) < 0 or any(h[k] < 0 for h in st.hands):
            bad.append(f"{KINDS[k]}: a negative count")
    cds = st.deck_cd + st.disc_cd + st.resolving + [c for o in st.opened for c in o.values()] \
        + [c for c in st.shield if c is not None]
    if conservation and sorted(cds) != sorted(st.deck.chinh_list()):
        bad.append(f"Chính Đạo: {len(cds)} cards / wrong ids")
    for s in range(st.n_seats):
        if st.status[s] == LIVING:
            if not 1 <= st.dao_tam[s] <= st.max_dao_tam:
                bad.append(f"seat {s}: living with {st.dao_tam[s]} Đạo Tâm")
            if st.shield[s] is not None and st.dao_tam[s] != st.max_dao_tam:
                bad.append(f"seat {s}: a shield beside a Tà Niệm")
        else:
            if st.dao_tam[s] or sum(st.hands[s]) or st.opened[s] or st.shield[s] or st.skip[s]:
                bad.append(f"seat {s}: {st.status[s]} but holds Đạo Tâm, cards or flags")
        if sum(st.hands[s]) > st.hand_cap:
            bad.append(f"seat {s}: {sum(st.hands[s])} cards, over the cap")
        for stage, cid in st.opened[s].items():
            if st.deck.by_id[cid].stage != stage:
                bad.append(f"seat {s}: {cid} opened as {stage}")
    if st.phase != OVER and st.phase == TURN and st.steps:
        bad.append("steps left over while waiting for a turn action")
    if st.phase not in (OVER,) and not st.active_seats():
        bad.append("no active seat")
    return bad


def truth(state: DaoTamState) -> Truth:
    """What a finished replay reveals: every seat's hand, one kind name per card."""
    return Truth(tuple(tuple(KINDS[k] for k in range(len(h)) for _ in range(h[k]))
                       for h in state.hands))
