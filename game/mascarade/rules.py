"""Mascarade rules engine (shared/rules/mascarade.md). Pure Python, seeded, no I/O.

Positions hold face-down cards: each seat owns one (``small_table_mode = official``: two
or three, §12); the rest lie in the middle. Seats are numbered clockwise, in the
direction of play: ``(s + 1) % n`` is ``s``'s left neighbour. Characters are indices into
:data:`game.mascarade.data.CHARACTER_IDS`.

Actions (tuples):

* turn: ``("swap", own, other, bit)`` — ``bit`` 1 exchanges, 0 does not (§5; the public
  event is the same either way); ``("peek", own)``; ``("announce", character, own)``;
* the claim ask (§7.2), one seat at a time clockwise from the announcer's left, each a
  one-seat :class:`~game.core.Window` (timers optional, off by default, see
  ``data/mascarade.yaml``): ``("claim", own)`` or ``("pass",)``;
* power choices by the power user (§8): ``("bishop", seat)`` on a tie, ``("witch", seat)``
  or ``("decline",)``, ``("fool", a, b, bit)``, ``("spy", pos)`` then
  ``("spy_swap", bit)``, ``("inquire", seat)``; the Inquisitor's target answers
  ``("guess", character, own)`` in public.

Why the claim ask is a window of one seat rather than one window for everybody: §7.2
asks one player at a time and each answer is public and seen by the players asked after
them, so a simultaneous window would change the game; a one-seat window still lets the
Match time an answer (optional) and the table draw a ring per seat, and because claim
answers are public (§11.1, §11.4) it needs no hand-off (``private=False``).

Fast paths (search, the arena's random seats): :meth:`MascaradeState.apply` checks the
action against the legal list and refuses anything else with a reason; ``apply_trusted``
plays a listed action without the check; ``advance`` also makes no events (one move path,
``_play``, makes them only when asked); ``playout(rng, limit, windows=None)`` plays random
legal moves to the end, answering the claim windows itself (or as a judge says); ``clone``
copies only what moves change. The turn's and the claim answer's legal moves are tuples
made once per layout and set and shared by every game and clone.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from game.core import OVER, Action, Event, IllegalAction, OneSeatAtATime, Result, Window, new_event
from game.descriptor import Truth
from game.mascarade.chars import (  # noqa: F401  (re-exported: the engine's names)
    BANK,
    BISHOP,
    CHEAT,
    CLAIM,
    COURT,
    FOOL,
    INQUISITOR,
    JUDGE,
    KING,
    PEASANT,
    POWER,
    QUEEN,
    SPY,
    THIEF,
    TURN,
    WIDOW,
    WITCH,
)
from game.mascarade.data import Rules, SetError, check_set, default_rules
from game.mascarade.options import check_options
from game.mascarade.powers import next_power, power_action

PASS: Action = ("pass",)
DECLINE: Action = ("decline",)


#: Layout tuples (owner, protected, hands, middle) by (seats, cards a seat, cards, small mode).
_LAYOUTS: dict[tuple, tuple] = {}
#: Turn and claim legal-move tuples by (owner, protected, charset): see _shared_acts.
_ACTS: dict[tuple, tuple] = {}
#: The claim ask's windows by (id, seat asked, announcer): immutable, the same in every
#: game (a Window costs microseconds to make; a hand asks dozens).
_WINDOWS: dict[tuple, Window] = {}
#: Sets that passed check_set, by (id(rules), cards, seats, extra) -> the rules (kept alive,
#: so the id is not reused).
_SETS_OK: dict[tuple, Rules] = {}


def _check_set_once(r: Rules, cards: list[int], n: int, extra: int) -> None:
    """:func:`check_set`, remembered for a set that passed (every game of a table checks
    the same one)."""
    key = (id(r), tuple(cards), n, extra)
    if _SETS_OK.get(key) is not r:
        check_set(r, cards, n, extra)
        _SETS_OK[key] = r


@dataclass(frozen=True)
class MascaradeView:
    """What one seat may know (``seat=None``: the public view). ``private`` lists that
    seat's own secrets in order: ``("swap", a, b, bit)``, ``("peek", pos, card)``,
    ``("spy", own, own_card, pos, card)``, ``("fool", a, b, bit)``, ``("spy_swap", bit)``."""

    seat: int | None
    n_seats: int
    owner: tuple[int | None, ...]   # per position: owning seat or None (middle)
    protected: tuple[bool, ...]     # per position: a protected card (§12.2)
    hands: tuple[tuple[int, ...], ...]   # per seat: its positions
    charset: tuple[int, ...]        # characters in the game, sorted (public, §2.6)
    initial: tuple[int, ...]        # the initial layout, public (§2.5)
    coins: tuple[int, ...]
    courthouse: int
    bank_issued: int
    turn: int | None
    turn_no: int
    phase: str
    forced: bool                    # the turn seat may only swap
    announced: tuple[int, int, int] | None   # (seat, character, position)
    claims: tuple[tuple[int, int], ...]   # (seat, position) of the claimants so far, announcer first
    answered: tuple[tuple[int, str], ...]   # (seat, "claim" | "pass") in asking order
    asked: int | None               # the seat being asked
    faceup: tuple[tuple[int, int], ...]   # (position, character) shown right now
    pending: tuple[str, int] | None   # (kind, seat) of a power choice being waited for
    private: tuple[tuple[str | int, ...], ...]
    options: dict[str, int | str | bool | tuple[str, ...] | None]
    start_coins: int = 0            # each seat's coins at the start (the rules' number, public)
    total_coins: int = 0            # coins in the box
    bank: int = 0                   # the bank as shown: what is left of the box, never below 0


class MascaradeState(OneSeatAtATime):
    """One game of Mascarade for 2–13 seats."""

    def __init__(self, n_seats: int, seed: int = 0, options: dict | None = None,
                 rules: Rules | None = None) -> None:
        self.rules = rules or default_rules()
        r = self.rules
        if not r.min_players <= n_seats <= r.max_players:
            raise ValueError(f"Mascarade is for {r.min_players}–{r.max_players} players, "
                             f"not {n_seats}")
        self.n_seats = n = n_seats
        self.options = check_options(r, options or {})
        o = self.options
        self.seed = seed
        self.rng = random.Random(seed)
        self.small = o["small_table_mode"] == "official" and n in r.small_sets
        cards = self._choose_set()
        per = r.cards_per_player[n] if self.small else 1
        self.rng.shuffle(cards)
        self.cards: list[int] = cards
        self.initial: tuple[int, ...] = tuple(cards)
        n_pos = len(cards)
        key = (n, per, n_pos, self.small)
        lay = _LAYOUTS.get(key)
        if lay is None:
            lay = _LAYOUTS[key] = (
                tuple(p // per if p < n * per else None for p in range(n_pos)),
                tuple(self.small and per == 3 and p < n * per and p % 3 == 2 for p in range(n_pos)),
                tuple(tuple(range(s * per, s * per + per)) for s in range(n)),
                tuple(range(n * per, n_pos)))
        self.owner: tuple = lay[0]          # per position: the owning seat, None: the middle
        self.protected: tuple = lay[1]
        self.hands: tuple = lay[2]
        self.middle: tuple = lay[3]
        self.charset: tuple = tuple(sorted(set(cards)))
        if o["first_player"] == "fixed_seat":
            if o["first_seat"] >= n:
                raise ValueError(f"option first_seat must be below {n}, got {o['first_seat']}")
            self.first = o["first_seat"]
        else:
            self.first = self.rng.randrange(n)
        self.coins: list[int] = [r.start_coins] * n
        self.court = 0
        self.bank_issued = 0
        self.turn = self.first
        self.turn_no = 1
        self.phase = TURN
        self.revealed_at: list[int] = [-1] * n       # turn number of the seat's latest reveal
        self.revealed_pos: list[int] = [-1] * n
        self.faceup: dict[int, int] = {}
        self.private: list[list[tuple]] = [[] for _ in range(n)]
        self.window_id = 0
        # the announcement being resolved
        self.ann: tuple | None = None                # (seat, character, position)
        self.claims: list[tuple[int, int]] = []
        self.answered: list[tuple[int, str]] = []
        self.to_ask: list[int] = []
        self.users: list[tuple[int, int]] = []       # power users still to act
        self.fined: list[int] = []
        self.power_applied = False
        self.cheat_winner: int | None = None
        self.pending: tuple | None = None            # (kind, seat, *data)
        self._result: Result | None = None
        # Legal-move tuples that depend only on the layout and the set: see _shared_acts.
        self._acts_cache: tuple | None = None
        self._window_cache: Window | None = None      # the open claim window's description, made once
        # numbers the hot paths read, looked up once
        self._swap_turns = r.forced_swap_turns
        self._far = bool(o["forced_swap_after_reveal"])
        self._max_turns = o["max_turns"]
        self._win_coins = r.win_coins
        self._fine = r.fine

    # ------------------------------------------------------------------ setup
    def _choose_set(self) -> list[int]:
        r, o, n = self.rules, self.options, self.n_seats
        extra = o["extra_middle_cards"]
        if self.small:
            if o["characters"] is not None:
                raise ValueError("the official small-table mode uses its own set")
            return list(r.small_sets[n])
        ids = {c.id: c.index for c in r.characters} if o["characters"] is not None \
            or o["extra_characters"] is not None else {}
        if o["characters"] is not None:
            cards = [ids[c] for c in o["characters"]]
            implied = len(cards) - r.card_count(n)
            if extra and implied != extra:
                raise ValueError(f"option characters gives {implied} extra cards, "
                                 f"extra_middle_cards says {extra}")
            try:
                check_set(r, cards, n, max(0, implied))
            except SetError as err:
                raise ValueError(f"custom set refused: {err}") from None
            return cards
        base = list(r.sets[n])
        if o["extra_characters"] is not None:
            extras = [ids[c] for c in o["extra_characters"]]
            if extra and len(extras) != extra:
                raise ValueError(f"extra_characters names {len(extras)} cards, "
                                 f"extra_middle_cards says {extra}")
            extra = len(extras)
        elif extra:
            extras = self._pick_extras(base, extra)
        else:
            extras = []
        for c in extras:
            if c in base and c != PEASANT:
                raise ValueError(f"extra {r.characters[c].id} is already in the set")
        try:
            _check_set_once(r, base + extras, n, extra)
        except SetError as err:
            raise ValueError(f"extra middle cards refused: {err}") from None
        return base + extras

    def _pick_extras(self, base: list[int], k: int) -> list[int]:
        """The host's pick of ``k`` extra cards (§2.2 DECISION), here seeded: one of the
        picks that keep §3.3."""
        r, n = self.rules, self.n_seats
        if n < 6:
            raise ValueError("extra middle cards need 6 or more players")
        if r.card_count(n, k) > r.max_cards:
            raise ValueError(f"{r.card_count(n, k)} cards: never more than {r.max_cards}")
        pool: list[int] = []
        for c in r.characters:
            pool += [c.index] * (c.copies - base.count(c.index))
        picks = []
        for combo in sorted(set(combinations(sorted(pool), k))):
            try:
                check_set(r, base + list(combo), n, k)
            except SetError:
                continue
            picks.append(list(combo))
        if not picks:
            raise ValueError(f"no {k} extra cards keep the set valid at {n} players")
        return self.rng.choice(picks)

    def deal_events(self) -> list[Event]:
        """The initial public reveal (§2.5): every seat sees the whole layout."""
        return [Event("setup", None, {
            "layout": list(self.initial), "owner": list(self.owner),
            "protected": list(self.protected), "charset": list(self.charset),
            "first": self.first, "coins": list(self.coins)}),
            Event("turn", self.turn, {"turn": self.turn_no, "forced": self.forced()})]

    # --------------------------------------------------------------- queries
    def active_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == TURN:
            return (self.turn,)
        if phase == CLAIM:
            return (self.to_ask[0],)
        if phase == POWER:
            return (self.pending[1],)
        return ()

    def window(self) -> Window | None:
        if self.phase != CLAIM:
            return None
        w = self._window_cache
        if w is None or w.id != self.window_id:       # a new id for every seat asked
            key = (self.window_id, self.to_ask[0], self.ann[0])
            w = _WINDOWS.get(key)
            if w is None:
                if len(_WINDOWS) >= 20_000:
                    _WINDOWS.clear()
                w = _WINDOWS[key] = Window(key[0], "claim", (key[1],), ("claim",), PASS,
                                           "claim_ask_s", "ai_claim_delay_s", None, False, key[2])
            self._window_cache = w
        return w

    def forced(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the turn seat) may only swap on its turn (§4.2, §4.4)."""
        seat = self.turn if seat is None else seat
        if self.turn_no <= self._swap_turns:
            return True
        return self._far and self.revealed_at[seat] == self.turn_no - 1

    def _forced_pos(self, seat: int) -> int | None:
        """The card a post-reveal forced swap must use (official mode, §12.3)."""
        if (self.turn_no > self._swap_turns and self.small and self._far
                and self.revealed_at[seat] == self.turn_no - 1):
            return self.revealed_pos[seat]
        return None

    def swap_pairs(self, seat: int) -> list[tuple[int, int]]:
        """(own, other) pairs ``seat`` may swap-or-not (§5.1, §12). Own pairs: own < other."""
        own = self.hands[seat]
        out: list[tuple[int, int]] = []
        for a in own:
            if self.protected[a]:
                continue
            for b in range(len(self.cards)):
                if b == a or self.owner[b] != seat and self.protected[b]:
                    continue
                if self.owner[b] == seat:
                    if self.protected[b]:
                        out.append((a, b))
                    elif a < b:
                        out.append((a, b))
                else:
                    out.append((a, b))
        fp = self._forced_pos(seat)
        if fp is not None and fp >= 0:
            out = [p for p in out if fp in p]
        return out

    def fool_pairs(self, fool: int) -> list[tuple[int, int]]:
        """Two cards of players other than the Fool, never middle or protected (§8.5,
        §12.3); in the one-card game, two different players."""
        cands = [p for p in range(len(self.cards))
                 if self.owner[p] is not None and self.owner[p] != fool and not self.protected[p]]
        return [(a, b) for a, b in combinations(cands, 2)
                if self.small or self.owner[a] != self.owner[b]]

    def legal_actions(self, seat: int) -> list[Action]:
        acts = self._legal(seat)
        return list(acts) if acts else []

    def _legal(self, seat: int) -> tuple[Action, ...] | list[Action] | None:
        """The legal actions of ``seat`` (None or empty: none), not to be mutated: the
        turn's and the claim ask's are tuples made once (see :meth:`_shared_acts`)."""
        phase = self.phase
        if phase == TURN:
            if seat != self.turn:
                return None
            free, forced, _, by_pos = self._acts_cache or self._shared_acts()
            tn = self.turn_no
            if tn > self._swap_turns and not (self._far and self.revealed_at[seat] == tn - 1):
                acts = free[seat]
                if acts is None:
                    acts = free[seat] = tuple(self._turn_actions(seat, False))
                return acts
            if tn > self._swap_turns and self.small:      # a post-reveal swap of that card
                key = (seat, self.revealed_pos[seat])
                acts = by_pos.get(key)
                if acts is None:
                    acts = by_pos[key] = tuple(self._turn_actions(seat, True))
                return acts
            acts = forced[seat]
            if acts is None:
                acts = forced[seat] = tuple(self._turn_actions(seat, True))
            return acts
        if phase == CLAIM:
            if seat != self.to_ask[0]:
                return None
            claim = (self._acts_cache or self._shared_acts())[2]
            acts = claim[seat]
            if acts is None:
                acts = claim[seat] = (PASS, *(("claim", p) for p in self.hands[seat]))
            return acts
        if phase == POWER and seat == self.pending[1]:
            return self._power_actions()
        return None

    def _shared_acts(self) -> tuple[list, list, list, dict]:
        """Per seat, filled when first asked: the free turn's actions, the forced swap's,
        the claim answer's; and (seat, position) -> a post-reveal forced swap of that one
        card (§12.3). They depend only on the layout and the set, so every game (and clone)
        with the same ones shares them; looked up at the first legal-move question, so a
        position set up by hand before it (tests) gets its own."""
        key = (self.owner, self.protected, self.charset)
        got = _ACTS.get(key)
        if got is None:
            n = self.n_seats
            got = _ACTS[key] = ([None] * n, [None] * n, [None] * n, {})
        self._acts_cache = got
        return got

    def _turn_actions(self, seat: int, forced: bool) -> list[Action]:
        acts: list[Action] = [("swap", a, b, bit) for a, b in self.swap_pairs(seat)
                              for bit in (0, 1)]
        if not forced:
            own = self.hands[seat]
            acts += [("peek", p) for p in own]
            acts += [("announce", c, p) for c in self.charset for p in own
                     if not self.protected[p]]
        return acts

    def _power_actions(self) -> list[Action]:
        kind, seat = self.pending[0], self.pending[1]
        n = self.n_seats
        if kind == "bishop":
            return [("bishop", t) for t in self.pending[2]]
        if kind == "witch":
            acts: list[Action] = [("witch", t) for t in range(n) if t != seat]
            return acts + [DECLINE] if self.options["witch_may_decline"] else acts
        if kind == "fool":
            return [("fool", a, b, bit) for a, b in self.fool_pairs(seat) for bit in (0, 1)]
        if kind == "spy_look":
            own = self.pending[2]
            return [("spy", p) for p in range(len(self.cards))
                    if p != own and not (self.owner[p] != seat and self.protected[p])]
        if kind == "spy_swap":
            return [("spy_swap", 0), ("spy_swap", 1)]
        if kind == "inquire":
            return [("inquire", t) for t in range(n) if t != seat]
        if kind == "guess":
            return [("guess", c, p) for c in self.charset for p in self.hands[seat]]
        raise AssertionError(kind)

    # ------------------------------------------------------------------ apply
    def apply(self, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, tuple) or action not in (self._legal(seat) or ()):
            raise self.refusal(seat, action)     # no legal action when over / not seat's move
        events: list[Event] = []
        self._play(seat, action, events)
        return events

    def apply_trusted(self, seat: int, action: Action) -> list[Event]:
        """:meth:`apply` without the check: for an action taken from
        ``legal_actions(seat)`` of this very position (the arena, a search). Anything else
        goes through :meth:`apply` (or the Match), which refuses it with a reason."""
        events: list[Event] = []
        self._play(seat, action, events)
        return events

    def advance(self, seat: int, action: Action) -> None:
        """:meth:`apply_trusted` without events (nobody reads them: the arena's random
        seats, a search's playouts): the same move, the same state after it."""
        self._play(seat, action, None)

    #: ``playout`` answers the claim ask's windows itself, with a judge if given one.
    playout_windows = True

    def playout(self, rng: random.Random, limit: int,
                windows: Callable[[MascaradeState, Window, random.Random], list] | None = None
                ) -> int:
        """Play on from here with every seat choosing uniformly at random among its legal
        actions (``legal[int(rng.random() * len(legal))]``, ``legal_actions`` order),
        without events, until the game is over or ``limit`` actions were played; returns
        the number played.

        The claim ask's one-seat windows: with ``windows=None`` (search) the seat asked
        answers, uniformly claim or pass, in asking order (the window's tie-break order,
        :func:`game.ai.search.next_actor`), as the Match submits them when nobody's timer
        runs out. With a judge (the arena's), ``windows(state, window, rng)`` is called once
        for each window, when it opens, and returns ``[(seat, action), ...]`` in the order
        they are submitted (the arena's: by reaction time, defaults at the deadline); they
        are played in that order until the window closes.

        The search fast path: ``clone()`` (cheap: see there), then ``playout`` (or
        :meth:`advance` action by action) on the clone."""
        rand = rng.random
        play, legal = self._play, self._legal
        steps = 0
        while steps < limit:
            phase = self.phase
            if phase == CLAIM:
                if windows is not None:
                    w = self.window()
                    before = steps
                    for seat, action in windows(self, w, rng):
                        play(seat, action, None)
                        steps += 1
                        if self.phase != CLAIM or self.window_id != w.id or steps >= limit:
                            break
                    if steps == before:
                        break           # the judge answered nothing: the caller sees it unfinished
                    continue
                seat = self.to_ask[0]
            elif phase == TURN:
                seat = self.turn
            elif phase == POWER:
                seat = self.pending[1]
            else:
                break
            acts = legal(seat)
            play(seat, acts[int(rand() * len(acts))], None)
            steps += 1
        return steps

    def _play(self, seat: int, action: Action, ev: list[Event] | None) -> None:
        """Play a legal ``action``; its events are appended to ``ev`` (None: none made)."""
        phase = self.phase
        if phase == TURN:
            kind = action[0]
            if kind == "swap":
                _, a, b, bit = action
                if bit:
                    cards = self.cards
                    cards[a], cards[b] = cards[b], cards[a]
                self.private[seat].append(action)
                if ev is not None:
                    ev.append(new_event(("swap", seat, {"a": a, "b": b}, None)))
                    ev.append(new_event(("swap_bit", seat, {"a": a, "b": b, "bit": bit}, seat)))
            elif kind == "peek":
                pos = action[1]
                card = self.cards[pos]
                self.private[seat].append(("peek", pos, card))
                if ev is not None:
                    ev.append(new_event(("peek", seat, {"pos": pos}, None)))
                    ev.append(new_event(("peek_result", seat, {"pos": pos, "card": card}, seat)))
            else:
                self._announce(seat, action[1], action[2], ev)
                return
            self._end_turn(seat, ev)
        elif phase == CLAIM:
            self._answer(seat, action, ev)
        else:
            power_action(self, seat, action, ev)
    def why_illegal(self, seat: int, action: Any) -> str:
        """A sentence saying why ``seat`` may not play ``action`` now (the text of the
        IllegalAction that :meth:`apply` would raise); the state is left unchanged."""
        return str(self.refusal(seat, action))

    def refusal(self, seat: int, action: Any) -> IllegalAction:
        """The IllegalAction :meth:`apply` raises for ``action``: a plain English sentence
        (no rule numbers) plus an ``err.`` key and parameters the table shows in the
        player's language. The state is left unchanged."""
        if self.phase == OVER:
            return IllegalAction("The game is over.", "mascarade.over")
        if seat not in self.active_seats():
            return IllegalAction(f"It is not seat {seat}'s move.", "not_your_turn", seat=seat)
        kind = action[0] if isinstance(action, tuple) and action else action
        names = [c.id for c in self.rules.characters]
        if self.phase == TURN:
            if kind in ("peek", "announce") and self.turn_no <= self.rules.forced_swap_turns:
                turn = self.rules.forced_swap_turns + 1
                return IllegalAction(f"The game opens with swaps only: peeking and announcing "
                                     f"start at turn {turn}.", "mascarade.swap_only_start",
                                     turn=turn)
            if kind in ("peek", "announce") and self.forced(seat):
                return IllegalAction("Your card was revealed last turn, so this turn you may only "
                                     "swap (or only pretend to).", "mascarade.swap_only_revealed")
            if kind == "announce" and len(action) >= 2 and isinstance(action[1], int) \
                    and 0 <= action[1] < len(names) and action[1] not in self.charset:
                return IllegalAction(f"The {names[action[1]].capitalize()} is not in this game's set.",
                                     "mascarade.not_in_set", char=action[1])
            if kind == "announce":
                return IllegalAction("You may announce only with your own card (not a "
                                     "protected one).", "mascarade.announce_own")
            if kind == "swap":
                return IllegalAction("A swap takes your own card and one other card: never your "
                                     "own card twice, never an opponent's protected card.",
                                     "mascarade.swap_pair")
        if self.phase == CLAIM:
            return IllegalAction("Answer the claim: claim too, or pass.", "mascarade.claim_answer")
        if self.phase == POWER:
            what = self.pending[0]
            if what == "fool":
                return IllegalAction("The Fool swaps the cards of two other players, never "
                                     "middle cards.", "mascarade.fool_pair")
            if what == "inquire":
                return IllegalAction("The Inquisitor questions another player, never a middle "
                                     "card.", "mascarade.inquire_target")
            if what == "guess":
                return IllegalAction("Name a character that is in this game's set.", "mascarade.guess")
            return IllegalAction(f"Waiting for the {what} choice; {action!r} is not one of them.",
                                 "mascarade.power_choice")
        return IllegalAction(f"{action!r} is not a legal move now.", "mascarade.not_now")

    def _announce(self, seat: int, char: int, pos: int, ev: list[Event] | None) -> None:
        n = self.n_seats
        self.ann = (seat, char, pos)
        self.claims = [(seat, pos)]
        self.answered = []
        self.to_ask = [(seat + k) % n for k in range(1, n)]
        self.phase = CLAIM
        self.window_id += 1
        if ev is not None:
            ev.append(new_event(("announce", seat, {"character": char, "pos": pos}, None)))

    def _answer(self, seat: int, action: Action, ev: list[Event] | None) -> None:
        to_ask = self.to_ask
        del to_ask[0]
        if action[0] == "claim":
            self.claims.append((seat, action[1]))
            self.answered.append((seat, "claim"))
            if ev is not None:
                ev.append(new_event(("claim", seat, {"pos": action[1], "character": self.ann[1]},
                                     None)))
        else:
            self.answered.append((seat, "pass"))
            if ev is not None:
                ev.append(new_event(("pass", seat, {"character": self.ann[1]}, None)))
        if to_ask:
            self.window_id += 1
        else:
            self._resolve(ev)

    def _resolve(self, ev: list[Event] | None) -> None:
        """The claim ask is over: reveal if contested, then the powers (§7.3, §7.4)."""
        seat, char, pos = self.ann
        claims = self.claims
        if len(claims) == 1:
            self.users = [(seat, pos)]
            self.fined = []
        else:
            cards, faceup = self.cards, self.faceup
            turn_no = self.turn_no
            for s, p in claims:
                faceup[p] = cards[p]
                self.revealed_at[s] = turn_no
                self.revealed_pos[s] = p
            if ev is not None:
                ev.append(new_event(("reveal", None, {"cards": [(p, cards[p]) for _, p in claims],
                                                      "why": "claim"}, None)))
            self.users = users = [(s, p) for s, p in claims if cards[p] == char]
            self.fined = [s for s, p in claims if cards[p] != char]
            if (char == FOOL or char == SPY) and users:
                self._hide(ev)      # §7.4 b DECISION: face down before a secret swap
        self.phase = POWER
        self.power_applied = False
        next_power(self, ev)

    def _hide(self, ev: list[Event] | None) -> None:
        if self.faceup:
            if ev is not None:
                ev.append(new_event(("hide", None, {"positions": sorted(self.faceup)}, None)))
            self.faceup.clear()

    # ------------------------------------------------------------ bookkeeping
    def move(self, src: Any, dst: Any, amount: int, why: str) -> list[Event]:
        """Coins from ``src`` to ``dst`` (a seat, ``"bank"`` or ``"court"``). A seat pays
        at most what it holds (§9.1); the bank is unlimited (§1.2)."""
        events: list[Event] = []
        self._move(src, dst, amount, why, events)
        return events

    def _move(self, src: Any, dst: Any, amount: int, why: str, ev: list[Event] | None) -> None:
        """:meth:`move`, its event appended to ``ev`` (None: no event)."""
        if src.__class__ is int:
            amount = min(amount, self.coins[src])
        elif src == COURT:
            amount = min(amount, self.court)
        if amount <= 0:
            if ev is not None:
                ev.append(new_event(("coins", None, {"src": src, "dst": dst, "amount": 0,
                                                     "why": why}, None)))
            return
        if src.__class__ is int:
            self.coins[src] -= amount
        elif src == COURT:
            self.court -= amount
        else:
            self.bank_issued += amount
        if dst.__class__ is int:
            self.coins[dst] += amount
        elif dst == COURT:
            self.court += amount
        else:
            self.bank_issued -= amount
        if ev is not None:
            ev.append(new_event(("coins", None, {"src": src, "dst": dst, "amount": amount,
                                                 "why": why}, None)))

    def checkpoint(self, name: str) -> list[Event]:
        """§10.3 at C1 or C2: Cheat, then 13 or more, then bankruptcy."""
        events: list[Event] = []
        self._checkpoint(name, events)
        return events

    def _checkpoint(self, name: str, ev: list[Event] | None) -> None:
        coins = self.coins
        if self.cheat_winner is not None:
            self._end((self.cheat_winner,), "cheat", name, ev)
            return
        win = self._win_coins
        if max(coins) >= win:
            self._end(tuple(s for s in range(self.n_seats) if coins[s] >= win), "thirteen", name, ev)
        elif 0 in coins:
            top = max(coins)
            self._end(tuple(s for s in range(self.n_seats) if coins[s] == top), "bankrupt", name, ev)

    def _end(self, winners: tuple[int, ...], reason: str, at: str, ev: list[Event] | None) -> None:
        self.phase = OVER
        self.pending = None
        self._result = Result(winners, tuple(self.coins), reason,
                              {"turns": self.turn_no, "checkpoint": at})
        self._hide(ev)
        if ev is not None:
            ev.append(new_event(("end", None, {"winners": list(winners), "reason": reason,
                                               "coins": list(self.coins)}, None)))

    def finish_announcement(self, ev: list[Event] | None) -> None:
        """After every power: C1, the fines, C2, cards face down, next turn (§7.4–§7.5);
        the events appended to ``ev`` (None: none made)."""
        if self.power_applied:
            self._checkpoint("C1", ev)
            if self.phase == OVER:
                return
        for s in self.fined:
            self._move(s, COURT, self._fine, "fine", ev)
        self._checkpoint("C2", ev)
        if self.phase == OVER:
            return
        self._hide(ev)
        seat = self.ann[0]
        self.ann, self.claims, self.answered, self.users, self.fined = None, [], [], [], []
        self.pending = None
        self._end_turn(seat, ev)

    def _end_turn(self, seat: int, ev: list[Event] | None) -> None:
        self.turn = turn = (seat + 1) % self.n_seats
        self.turn_no = turn_no = self.turn_no + 1
        self.phase = TURN
        if turn_no > self._max_turns:
            top = max(self.coins)
            self._end(tuple(s for s in range(self.n_seats) if self.coins[s] == top),
                      "turn_limit", "guard", ev)
        elif ev is not None:
            forced = turn_no <= self._swap_turns or (self._far and self.revealed_at[turn] == turn_no - 1)
            ev.append(new_event(("turn", turn, {"turn": turn_no, "forced": forced}, None)))

    # ------------------------------------------------------------ views, copies
    def view(self, seat: int | None) -> MascaradeView:
        pend = None if self.pending is None else (self.pending[0], self.pending[1])
        return MascaradeView(
            seat=seat, n_seats=self.n_seats, owner=self.owner, protected=self.protected,
            hands=self.hands, charset=self.charset, initial=self.initial,
            coins=tuple(self.coins), courthouse=self.court, bank_issued=self.bank_issued,
            turn=None if self.phase == OVER else self.turn, turn_no=self.turn_no,
            phase=self.phase, forced=self.phase == TURN and self.forced(),
            announced=self.ann, claims=tuple(self.claims), answered=tuple(self.answered),
            asked=self.to_ask[0] if self.phase == CLAIM else None,
            faceup=tuple(sorted(self.faceup.items())), pending=pend,
            private=tuple(self.private[seat]) if seat is not None else (),
            options=dict(self.options), start_coins=self.rules.start_coins,
            total_coins=self.rules.total_coins, bank=self.bank())

    def clone(self) -> MascaradeState:
        """An independent copy (search clones one per world or playout, so it is cheap):
        the mutable fields are copied, the rest shared. The RNG is shared too: it is
        drawn from only while the game is set up (the set, the deal, the first player),
        never by a move, so no clone's play can change another's. (A move that ever
        draws from it must copy it here.)"""
        st = object.__new__(self.__class__)
        d = st.__dict__
        d.update(self.__dict__)
        d["cards"] = self.cards[:]
        d["coins"] = self.coins[:]
        d["revealed_at"] = self.revealed_at[:]
        d["revealed_pos"] = self.revealed_pos[:]
        d["faceup"] = self.faceup.copy()
        d["private"] = [p[:] for p in self.private]
        d["claims"] = self.claims[:]
        d["answered"] = self.answered[:]
        d["to_ask"] = self.to_ask[:]
        d["users"] = self.users[:]
        d["fined"] = self.fined[:]
        d["options"] = self.options.copy()
        return st

    def bank(self) -> int:
        """The bank as shown (§1.2): what is left of 194 coins, never below 0."""
        return max(0, self.rules.total_coins - self.rules.start_coins * self.n_seats
                   - self.bank_issued)


def new_game(n_seats: int, seed: int = 0, options: dict | None = None) -> MascaradeState:
    return MascaradeState(n_seats, seed, options)


def check_invariants(state: MascaradeState) -> list[str]:
    """What must hold in any reachable position (empty list: fine)."""
    bad: list[str] = []
    r = state.rules
    total = sum(state.coins) + state.court - state.bank_issued
    if total != r.start_coins * state.n_seats:
        bad.append(f"coins not conserved: players+court-bank_issued = {total}")
    if min(state.coins) < 0 or state.court < 0:
        bad.append(f"negative coins: {state.coins}, court {state.court}")
    if sorted(state.cards) != sorted(state.initial):
        bad.append("the cards are not a permutation of the initial layout")
    over = state.phase == OVER
    if over != (state._result is not None):
        bad.append("phase and result disagree")
    if not over and 0 in state.coins and state.phase == TURN:
        bad.append("a bankrupt player in a running game")
    if not over and any(c >= r.win_coins for c in state.coins) and state.phase == TURN:
        bad.append("a player at 13+ in a running game")
    if state.phase == TURN and state.faceup:
        bad.append("cards face up between turns")
    if state.phase == CLAIM and not state.to_ask:
        bad.append("claim ask with nobody to ask")
    if state.phase == POWER and state.pending is None:
        bad.append("power phase without a pending choice")
    return bad


def first_seat_count() -> int:
    """The seat count the setup screen starts at (``first_game_players`` in the data: the
    rules suggest 4–8 players for a first game)."""
    return default_rules().first_game_players


def truth(state: MascaradeState) -> Truth:
    """What a finished replay reveals: the character at each seat's positions, and the
    middle's."""
    return Truth(tuple(tuple(state.cards[p] for p in positions) for positions in state.hands),
                 tuple(state.cards[p] for p in state.middle or ()))
