"""Ganjifa rules engine (shared/rules/ganjifa.md). Pure Python, seeded, no I/O.

Seats are numbered in the direction of play (counter-clockwise on the table):
the next seat is always ``(i + 1) % 3``.

The Dukal give-up is a sequence of single-card ``("give", card)`` actions by each
opponent in turn: a giver is done after exactly N cards, so N+1 is refused and the
Dukal does not resolve on N−1. This keeps ``legal_actions`` small and enumerable.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.core import Action, Event, IllegalAction, Result
from game.ganjifa.deck import Deck, default_deck

LEAD, FOLLOW, GIVE, OVER = "lead", "follow", "give", "over"


def legal_follow(
    hand: list[int], led_suit: int, trump: int, mode: str = "choice",
    n_suits: int = 10, per_suit: int = 12,
) -> list[int]:
    """The cards a follower may play to a trick led in ``led_suit`` (rules 13–14, R5)."""
    same = [c for c in hand if c // per_suit == led_suit]
    if same:
        return same
    trumps = [c for c in hand if c // per_suit == trump]
    if mode == "strict" and trumps:
        return trumps
    nxt = next_held_suit(hand, led_suit, n_suits, per_suit)
    if nxt == trump:
        return trumps
    return sorted(trumps + [c for c in hand if c // per_suit == nxt])


def next_held_suit(hand: list[int], led_suit: int, n_suits: int = 10, per_suit: int = 12) -> int:
    """First suit after ``led_suit`` in avatar order (wrapping) of which the hand holds a card."""
    held = {c // per_suit for c in hand}
    for k in range(1, n_suits + 1):
        s = (led_suit + k) % n_suits
        if s in held:
            return s
    raise ValueError("empty hand")


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick or Dukal, public to everyone."""

    kind: str                               # "trick" or "dukal"
    leader: int
    plays: tuple[tuple[int, int], ...]      # (seat, card) in the order played
    winner: int


@dataclass(frozen=True, slots=True)
class GanjifaView:
    """Everything one seat may know (``seat=None``: the public view, ``hand=None``)."""

    seat: int | None
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    captured: tuple[int, ...]               # capture-pile counts
    trump: int
    time: str
    void_rule: str
    dealer: int
    phase: str
    turn: int | None
    leader: int
    trick_no: int
    trick: tuple[tuple[int, int], ...]      # current single-card trick so far
    dukal: tuple[int, ...]                  # cards of a Dukal being answered, else ()
    gives: tuple[tuple[int, tuple[int, ...]], ...]   # per giver, cards given so far
    give_count: int                          # N while a Dukal is answered, else 0
    history: tuple[Trick, ...]


class GanjifaState:
    """One hand of Ganjifa for three seats."""

    def __init__(
        self, seed: int = 0, options: dict | None = None, deck: Deck | None = None,
        hands: list[list[int]] | None = None, dealer: int | None = None,
    ) -> None:
        self.deck = deck or default_deck()
        self.n_seats = self.deck.players
        self.options = self._check_options(options or {})
        self.trump = self.deck.trumps[self.options["time"]]
        self.rng = random.Random(seed)
        self.seed = seed
        n = self.n_seats
        self.dealer = self.rng.randrange(n) if dealer is None else dealer
        if hands is None:
            hands, self.packets = self._deal()
        else:
            self.packets = []
            self._check_explicit_deal(hands)
        self.hands: list[list[int]] = [sorted(h) for h in hands]
        self.captured: list[list[int]] = [[] for _ in range(n)]
        self.trick: list[tuple[int, int]] = []
        self.history: list[Trick] = []
        self.trick_no = 0
        self.dukal: tuple[int, ...] = ()
        self.gives: list[tuple[int, list[int]]] = []
        opener = self.deck.card(self.trump, self.deck.ranks[self.deck.raja_rank].id)
        holder = next((s for s in range(n) if opener in self.hands[s]), 0)
        self.leader = self.turn = holder
        self.phase = LEAD
        self._result: Result | None = None

    # ------------------------------------------------------------------ setup
    def _check_options(self, options: dict) -> dict:
        out = {}
        for key, (default, values) in self.deck.options.items():
            value = options.get(key, default)
            if value not in values:
                raise ValueError(f"option {key} must be one of {values}, got {value!r}")
            out[key] = value
        unknown = set(options) - set(out)
        if unknown:
            raise ValueError(f"unknown Ganjifa option(s): {', '.join(sorted(unknown))}")
        return out

    def _deal(self) -> tuple[list[list[int]], list[tuple[int, int]]]:
        """Shuffle, then packets of four counter-clockwise from the dealer's next seat."""
        cards = list(range(self.deck.size))
        self.rng.shuffle(cards)
        n, k = self.n_seats, self.deck.deal_packet
        hands: list[list[int]] = [[] for _ in range(n)]
        packets = []
        pos, seat = 0, (self.dealer + 1) % n
        while pos < len(cards):
            hands[seat].extend(cards[pos:pos + k])
            packets.append((seat, k))
            pos += k
            seat = (seat + 1) % n
        return hands, packets

    def _check_explicit_deal(self, hands: list[list[int]]) -> None:
        if len(hands) != self.n_seats:
            raise ValueError(f"need {self.n_seats} hands, got {len(hands)}")
        flat = [c for h in hands for c in h]
        if len(set(flat)) != len(flat) or any(not 0 <= c < self.deck.size for c in flat):
            raise ValueError("explicit deal has duplicate or unknown cards")

    @classmethod
    def from_deal(cls, hands: list[list[int | str]], options: dict | None = None,
                  dealer: int = 0, deck: Deck | None = None, **state: object) -> GanjifaState:
        """Start from an explicit deal (cards as ints or ids like ``"rama-R"``), for tests.

        Extra keyword arguments (``trick_no``, ``leader``, ``turn``, ``phase``) set a
        mid-hand position directly.
        """
        deck = deck or default_deck()
        parsed = [[deck.parse(c) if isinstance(c, str) else c for c in h] for h in hands]
        st = cls(seed=0, options=options, deck=deck, hands=parsed, dealer=dealer)
        for key, value in state.items():
            if key not in ("trick_no", "leader", "turn", "phase"):
                raise TypeError(key)
            setattr(st, key, value)
        if "leader" in state and "turn" not in state:
            st.turn = st.leader
        return st

    # ------------------------------------------------------------- contract
    def active_seats(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result | None:
        return self._result

    def reaction_deadline(self, seat: int) -> float | None:
        return None

    def timeout_action(self, seat: int) -> Action | None:
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.turn:
            return []
        hand = self.hands[seat]
        if self.phase == GIVE:
            return [("give", c) for c in hand]
        if self.phase == FOLLOW:
            return [("play", c) for c in self._follow_set(hand)]
        if self.trick_no == 0:
            return [("play", self._opening_card())]
        # "dukal" < "play": Dukals first keeps the list sorted (engine contract)
        acts: list[Action] = [("dukal", d) for d in self.dukals(seat)]
        return acts + [("play", c) for c in hand]

    def _follow_set(self, hand: list[int]) -> list[int]:
        d = self.deck
        return legal_follow(hand, self.trick[0][1] // d.per_suit, self.trump,
                            self.options["void_rule"], len(d.suits), d.per_suit)

    def _opening_card(self) -> int:
        return self.trump * self.deck.per_suit + self.deck.raja_rank

    def dukals(self, seat: int) -> list[tuple[int, ...]]:
        """Every Dukal the seat could lead from its hand (any sub-run of ≥ 3 numerals)."""
        d = self.deck
        per = d.per_suit
        hand = set(self.hands[seat])
        limit = min(len(h) for h in self.hands)
        out = []
        for s in range(len(d.suits)):
            raja, mantri = s * per + d.raja_rank, s * per + d.mantri_rank
            if raja not in hand or mantri not in hand:
                continue
            by_value = {d.ranks[c % per].value: c for c in hand
                        if c // per == s and d.ranks[c % per].kind == "numeral"}
            values = sorted(by_value)
            for i in range(len(values)):
                run = [values[i]]
                for v in values[i + 1:]:
                    if v != run[-1] + 1:
                        break
                    run.append(v)
                    if len(run) >= d.dukal_min_run and len(run) + 2 <= limit:
                        out.append(tuple(sorted([raja, mantri] + [by_value[x] for x in run])))
        return sorted(out)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action; on IllegalAction nothing has changed."""
        if self.phase == OVER:
            raise IllegalAction("The hand is over.", "over")
        if seat != self.turn:
            raise IllegalAction("It is not your turn.", "not_your_turn")
        if not isinstance(action, tuple) or len(action) != 2:
            raise IllegalAction(f"Unknown action {action!r}.", "unknown_action")
        kind, arg = action
        if kind == "play":
            return self._play(seat, arg)
        if kind == "dukal":
            return self._dukal(seat, arg)
        if kind == "give":
            return self._give(seat, arg)
        raise IllegalAction(f"Unknown action {kind!r}.", "unknown_action")

    # ---------------------------------------------------------------- moves
    def _need_in_hand(self, seat: int, card: object) -> int:
        if not isinstance(card, int) or card not in self.hands[seat]:
            raise IllegalAction("That card is not in your hand.", "not_in_hand")
        return card

    def _play(self, seat: int, card: object) -> list[Event]:
        if self.phase == GIVE:
            raise IllegalAction("Choose the cards you give up to the Dukal.", "must_give",
                                n=len(self.dukal))
        c = self._need_in_hand(seat, card)
        d = self.deck
        if self.phase == LEAD and self.trick_no == 0 and c != self._opening_card():
            raise IllegalAction(
                f"The first trick must be led with the Raja of {d.suits[self.trump].name['en']}.",
                "opening", trump=self.trump)
        if self.phase == FOLLOW and c not in self._follow_set(self.hands[seat]):
            raise self._follow_error(seat)
        self.hands[seat].remove(c)
        self.trick.append((seat, c))
        events = [Event("play", seat, {"card": c, "lead": self.phase == LEAD})]
        if len(self.trick) == self.n_seats:
            events += self._finish_trick()
        else:
            self.phase = FOLLOW
            self.turn = (seat + 1) % self.n_seats
        return events

    def _follow_error(self, seat: int) -> IllegalAction:
        d = self.deck
        hand = self.hands[seat]
        led = self.trick[0][1] // d.per_suit
        led_name = d.suits[led].name["en"]
        if any(c // d.per_suit == led for c in hand):
            return IllegalAction(f"You must follow {led_name}.", "must_follow", led=led)
        has_trump = any(c // d.per_suit == self.trump for c in hand)
        nxt = next_held_suit(hand, led, len(d.suits), d.per_suit)
        trump_name, next_name = d.suits[self.trump].name["en"], d.suits[nxt].name["en"]
        if has_trump and (self.options["void_rule"] == "strict" or nxt == self.trump):
            return IllegalAction(f"You have no {led_name}: play a trump ({trump_name}).",
                                 "void_trump", led=led, trump=self.trump)
        if has_trump:
            return IllegalAction(
                f"You have no {led_name}: play a trump ({trump_name}) or {next_name}.",
                "void_choice", led=led, trump=self.trump, next=nxt)
        return IllegalAction(f"You have no {led_name} and no trump: play {next_name}.",
                             "void_next", led=led, next=nxt)

    def _winner(self, plays: list[tuple[int, int]]) -> int:
        d, per = self.deck, self.deck.per_suit
        led = plays[0][1] // per
        best_seat, best_key = plays[0][0], (-1, -1)
        for seat, c in plays:
            s = c // per
            key = (2, d.strength[c]) if s == self.trump else (1, d.strength[c]) if s == led else (0, 0)
            if key > best_key:
                best_seat, best_key = seat, key
        return best_seat

    def _finish_trick(self) -> list[Event]:
        winner = self._winner(self.trick)
        cards = [c for _, c in self.trick]
        self.captured[winner].extend(cards)
        self.history.append(Trick("trick", self.leader, tuple(self.trick), winner))
        self.trick = []
        self.trick_no += 1
        self.leader = self.turn = winner
        self.phase = LEAD
        events = [Event("trick", winner, {"cards": cards, "winner": winner})]
        return events + self._maybe_over()

    def _dukal(self, seat: int, cards: object) -> list[Event]:
        d, per = self.deck, self.deck.per_suit
        if self.phase != LEAD:
            raise IllegalAction("A Dukal can only be led, never played to a trick.", "dukal_follow")
        if self.trick_no == 0:
            raise IllegalAction("No Dukal on the first trick: lead the trump Raja.", "dukal_first",
                                trump=self.trump)
        if not isinstance(cards, tuple) or not all(isinstance(c, int) for c in cards):
            raise IllegalAction("A Dukal is a set of cards.", "dukal_shape")
        if len(set(cards)) != len(cards) or any(c not in self.hands[seat] for c in cards):
            raise IllegalAction("Those cards are not all in your hand.", "not_in_hand")
        suits = {c // per for c in cards}
        if len(suits) != 1:
            raise IllegalAction("A Dukal must be of one suit.", "dukal_suits")
        s = suits.pop()
        ranks = [d.ranks[c % per] for c in cards]
        kinds = [r.kind for r in ranks]
        if kinds.count("raja") != 1 or kinds.count("mantri") != 1:
            raise IllegalAction("A Dukal needs that suit's Raja and Mantri.", "dukal_courts")
        values = sorted(r.value for r in ranks if r.kind == "numeral")
        if len(values) < d.dukal_min_run:
            raise IllegalAction(f"A Dukal needs at least {d.dukal_min_run} numerals.",
                                "dukal_short", k=d.dukal_min_run)
        if any(b != a + 1 for a, b in zip(values, values[1:], strict=False)):
            raise IllegalAction("The numerals of a Dukal must be one unbroken run.", "dukal_run")
        n = len(cards)
        for other in range(self.n_seats):
            if len(self.hands[other]) < n:
                raise IllegalAction(f"A Dukal of {n} is more than seat {other + 1} holds.",
                                    "dukal_size", n=n, seat=other)
        for c in cards:
            self.hands[seat].remove(c)
        self.dukal = tuple(sorted(cards))
        self.gives = [((seat + k) % self.n_seats, []) for k in range(1, self.n_seats)]
        self.phase = GIVE
        self.turn = self.gives[0][0]
        return [Event("dukal", seat, {"cards": list(self.dukal), "suit": s, "n": n})]

    def _give(self, seat: int, card: object) -> list[Event]:
        if self.phase != GIVE:
            raise IllegalAction("There is no Dukal to give cards to.", "no_dukal")
        c = self._need_in_hand(seat, card)
        n = len(self.dukal)
        giver = next(g for g in self.gives if g[0] == seat)
        if len(giver[1]) >= n:  # unreachable: the turn moves on after N cards
            raise IllegalAction(f"You have already given {n} cards.", "given_enough", n=n)
        self.hands[seat].remove(c)
        giver[1].append(c)
        events = [Event("give", seat, {"card": c, "left": n - len(giver[1])})]
        if len(giver[1]) < n:
            return events
        pending = [g for g in self.gives if len(g[1]) < n]
        if pending:
            self.turn = pending[0][0]
            return events
        plays = [(self.leader, c) for c in self.dukal]
        for g_seat, g_cards in self.gives:
            plays += [(g_seat, c) for c in g_cards]
        cards = [c for _, c in plays]
        self.captured[self.leader].extend(cards)
        self.history.append(Trick("dukal", self.leader, tuple(plays), self.leader))
        self.dukal, self.gives = (), []
        self.trick_no += 1
        self.turn = self.leader
        self.phase = LEAD
        events.append(Event("dukal_won", self.leader, {"cards": cards, "winner": self.leader}))
        return events + self._maybe_over()

    def _maybe_over(self) -> list[Event]:
        if any(self.hands):
            return []
        self.phase = OVER
        scores = tuple(len(c) for c in self.captured)
        top = max(scores)
        winners = tuple(s for s in range(self.n_seats) if scores[s] == top)
        self._result = Result(winners, scores, "shared" if len(winners) > 1 else "most_cards")
        return [Event("over", None, {"winners": list(winners), "scores": list(scores)})]

    # ----------------------------------------------------------------- views
    def view(self, seat: int | None) -> GanjifaView:
        return GanjifaView(
            seat=seat,
            hand=tuple(self.hands[seat]) if seat is not None else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            captured=tuple(len(c) for c in self.captured),
            trump=self.trump, time=self.options["time"], void_rule=self.options["void_rule"],
            dealer=self.dealer, phase=self.phase,
            turn=None if self.phase == OVER else self.turn,
            leader=self.leader, trick_no=self.trick_no, trick=tuple(self.trick),
            dukal=self.dukal, gives=tuple((s, tuple(c)) for s, c in self.gives),
            give_count=len(self.dukal), history=tuple(self.history),
        )

    def deal_events(self) -> list[Event]:
        """The deal as events: public packets, and each seat's hand to that seat only."""
        events = [Event("deal", None, {"dealer": self.dealer, "packets": self.packets,
                                       "trump": self.trump, "time": self.options["time"]})]
        events += [Event("hand", s, {"cards": list(self.hands[s])}, to=s)
                   for s in range(self.n_seats)]
        return events

    def clone(self) -> GanjifaState:
        st = object.__new__(GanjifaState)
        st.__dict__.update(self.__dict__)
        st.hands = [list(h) for h in self.hands]
        st.captured = [list(c) for c in self.captured]
        st.trick = list(self.trick)
        st.history = list(self.history)
        st.gives = [(s, list(c)) for s, c in self.gives]
        st.rng = random.Random()
        st.rng.setstate(self.rng.getstate())
        return st

    @classmethod
    def from_view(cls, view: GanjifaView, hands: list[list[int]], deck: Deck | None = None) -> GanjifaState:
        """A full state matching a public view plus a guess of every hand (for search).

        Capture piles keep their counts only (card identities do not matter to play).
        """
        st = object.__new__(GanjifaState)
        st.deck = deck or default_deck()
        st.n_seats = st.deck.players
        st.options = {"void_rule": view.void_rule, "time": view.time}
        st.trump, st.seed = view.trump, 0
        st.rng = random.Random(0)
        st.dealer, st.packets = view.dealer, []
        st.hands = [sorted(h) for h in hands]
        st.captured = [[-1] * n for n in view.captured]
        st.trick = list(view.trick)
        st.history = []
        st.trick_no, st.dukal = view.trick_no, view.dukal
        st.gives = [(s, list(c)) for s, c in view.gives]
        st.leader, st.phase = view.leader, view.phase
        st.turn = view.turn if view.turn is not None else view.leader
        st._result = None
        return st


def new_game(n_seats: int = 3, seed: int = 0, options: dict | None = None) -> GanjifaState:
    state = GanjifaState(seed=seed, options=options)
    if n_seats != state.n_seats:
        raise ValueError(f"Ganjifa is for {state.n_seats} players")
    return state
