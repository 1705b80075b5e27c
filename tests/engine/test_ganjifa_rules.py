"""Ganjifa rules engine: every edge case of shared/rules/ganjifa.md §5 (cases 1–40).

Each test names the case number(s) it covers. Seats are numbered in the direction of
play (0 = bottom, 1 = right-hand, 2 = left-hand); suits in avatar order:
matsya 0, kurma 1, varaha 2, narasimha 3, vamana 4, parashurama 5, rama 6,
krishna 7, buddha 8, kalki 9.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from game.core import Event, IllegalAction
from game.ganjifa import ai as gai
from game.ganjifa import rules
from game.ganjifa.deck import default_deck
from game.ganjifa.rules import GanjifaState, legal_follow, new_game


def steps(limit: int = 400):
    """Loop guard: a hand ends after at most 120 actions, so a longer loop is an engine bug."""
    yield from range(limit)
    raise AssertionError(f"the game did not end within {limit} steps")


D = default_deck()
PER = D.per_suit
MATSYA, KURMA, VARAHA, NARASIMHA, VAMANA = 0, 1, 2, 3, 4
PARASHURAMA, RAMA, KRISHNA, BUDDHA, KALKI = 5, 6, 7, 8, 9


# ----------------------------------------------------------------- helpers
def c(text: str) -> int:
    return D.parse(text)


def cs(*texts: str) -> list[int]:
    return [D.parse(t) for t in texts]


def suit_cards(suit: int) -> list[int]:
    return list(range(suit * PER, suit * PER + PER))


def make(hands, time="day", void_rule="choice", **state) -> GanjifaState:
    return GanjifaState.from_deal(hands, options={"time": time, "void_rule": void_rule}, **state)


def snapshot(st: GanjifaState):
    """A deep picture of everything a refused action must leave untouched."""
    return (
        st.view(None),
        tuple(st.view(s) for s in range(st.n_seats)),
        tuple(tuple(h) for h in st.hands),
        tuple(tuple(x) for x in st.captured),
        tuple(st.trick),
        st.dukal,
        tuple((s, tuple(g)) for s, g in st.gives),
        st.rng.getstate(),
        st.result(),
        st.active_seats(),
        tuple(tuple(st.legal_actions(s)) for s in range(st.n_seats)),
    )


def assert_illegal(st: GanjifaState, seat: int, action, key: str | None = None) -> IllegalAction:
    before = snapshot(st)
    with pytest.raises(IllegalAction) as info:
        st.apply(seat, action)
    assert snapshot(st) == before, f"refused {action!r} changed the state"
    assert str(info.value).strip(), "an IllegalAction needs a readable message"
    if key is not None:
        assert info.value.key == key, (info.value.key, str(info.value))
    return info.value


def plays(st: GanjifaState, seat: int) -> list[int]:
    return sorted(a[1] for a in st.legal_actions(seat) if a[0] == "play")


def dukal_actions(st: GanjifaState, seat: int) -> list[tuple]:
    return [a[1] for a in st.legal_actions(seat) if a[0] == "dukal"]


def play_trick(cards: list[str], time: str = "day", leader: int = 0) -> int:
    """Play one single-card trick (cards in play order from ``leader``); return the winner."""
    hands: list[list[int]] = [[], [], []]
    for k, card in enumerate(cards):
        hands[(leader + k) % 3].append(c(card))
    st = make(hands, time=time, trick_no=1, leader=leader)
    for k, card in enumerate(cards):
        st.apply((leader + k) % 3, ("play", c(card)))
    return st.history[-1].winner


def random_game(seed: int, options: dict | None = None, dukal_bias: float = 0.6):
    """A whole hand by a random policy that likes Dukals; yields (state, seat, action, events)."""
    st = new_game(3, seed, options or {})
    rng = random.Random(seed * 7919 + 1)
    for _ in steps():
        if st.is_over():
            break
        (seat,) = st.active_seats()
        legal = st.legal_actions(seat)
        duk = [a for a in legal if a[0] == "dukal"]
        action = rng.choice(duk) if duk and rng.random() < dukal_bias else rng.choice(legal)
        events = st.apply(seat, action)
        yield st, seat, action, events


def finished_state(pre_captured: tuple[int, int, int]) -> GanjifaState:
    """The last trick, led by seat 1, whose capture piles already hold ``pre_captured``.

    Seat 1 leads Matsya 1, seat 2 follows Matsya 2, seat 0 (void) trumps with Rama 1 and
    takes the last 3 cards."""
    hands = [[c("rama-1")], [c("matsya-1")], [c("matsya-2")]]
    rest = [x for x in range(D.size) if x not in {h[0] for h in hands}]
    st = make(hands, trick_no=39, leader=1)
    piles, pos = [], 0
    for n in pre_captured:
        piles.append(rest[pos:pos + n])
        pos += n
    assert pos == len(rest), "piles + hands must make 120"
    st.captured = piles
    return st


# ============================================================ deck and deal
def test_case01_deck_has_120_distinct_cards():
    """Case 1: 120 distinct cards, 10 suits x {Raja, Mantri, 1..10}."""
    deck = list(range(D.size))
    assert D.size == 120 and len(set(deck)) == 120
    assert [s.id for s in D.suits] == [
        "matsya", "kurma", "varaha", "narasimha", "vamana",
        "parashurama", "rama", "krishna", "buddha", "kalki"]
    assert [r.id for r in D.ranks] == ["R", "M"] + [str(v) for v in range(1, 11)]
    ids = [D.card_id(x) for x in deck]
    assert len(set(ids)) == 120
    assert all(D.parse(i) == x for i, x in zip(ids, deck, strict=True))
    per_suit = Counter(D.suit_of(x) for x in deck)
    assert per_suit == {s: 12 for s in range(10)}
    assert c("rama-R") == RAMA * 12 + 0 and c("kalki-10") == 119 and c("matsya-1") == 2


@pytest.mark.parametrize("seed", [0, 1, 2, 17, 12345])
def test_case02_deal_is_three_disjoint_hands_of_40(seed):
    """Case 2: 40 each, pairwise disjoint, union is the deck, seeded."""
    st = new_game(3, seed, {})
    assert [len(h) for h in st.hands] == [40, 40, 40]
    flat = [x for h in st.hands for x in h]
    assert sorted(flat) == list(range(120))
    again = new_game(3, seed, {})
    assert again.hands == st.hands and again.dealer == st.dealer
    other = new_game(3, seed + 1000, {})
    assert other.hands != st.hands


@pytest.mark.parametrize("seed", range(6))
def test_case02_deal_is_four_card_packets_counter_clockwise(seed, monkeypatch):
    """Case 2: packets of four, first to the dealer's next seat, dealer last in each round."""
    st = new_game(3, seed, {})
    dealer = st.dealer
    packets = st.packets
    assert len(packets) == 30 and all(k == 4 for _, k in packets)
    assert [s for s, _ in packets] == [(dealer + 1 + i) % 3 for i in range(30)]
    for r in range(10):
        assert packets[3 * r + 2][0] == dealer, "the dealer receives last in each round"
    # With an identity shuffle, packet i is cards 4i..4i+3: check hands are made of packets.
    # (the deal's shuffle is random.shuffle inlined: game.shuffle.shuffled_range)
    monkeypatch.setattr(rules, "shuffled_range", lambda rng, size: list(range(size)))
    st2 = new_game(3, seed, {})
    for i in range(30):
        seat = (st2.dealer + 1 + i) % 3
        assert set(range(4 * i, 4 * i + 4)) <= set(st2.hands[seat])
    # The deal events make the packets public and each hand private to its seat.
    deal, *hands = st.deal_events()
    assert deal.kind == "deal" and deal.to is None and deal.data["dealer"] == dealer
    assert [e.to for e in hands] == [0, 1, 2]
    assert [sorted(e.data["cards"]) for e in hands] == [sorted(h) for h in st.hands]


def _order(suit: int) -> list[str]:
    cards = suit_cards(suit)
    return [D.rank_of(x).id for x in sorted(cards, key=lambda x: -D.strength[x])]


def test_case03_rank_order_first_five_and_last_five():
    """Case 3: first five R > M > 1 > … > 10; last five R > M > 10 > … > 1."""
    ace_high = ["R", "M"] + [str(v) for v in range(1, 11)]
    ten_high = ["R", "M"] + [str(v) for v in range(10, 0, -1)]
    for s in range(5):
        assert _order(s) == ace_high, D.suits[s].id
    for s in range(5, 10):
        assert _order(s) == ten_high, D.suits[s].id
    # and in play: a first-five trick and a last-five trick
    assert play_trick(["matsya-10", "matsya-1", "matsya-2"]) == 1
    assert play_trick(["kalki-1", "kalki-10", "kalki-9"]) == 1
    assert play_trick(["krishna-M", "krishna-10", "krishna-R"]) == 2


@pytest.mark.parametrize("suit", range(10))
def test_case04_rank_direction_same_by_day_and_night(suit):
    """Case 4: only the trump changes between day and night, never the rank direction."""
    rng = random.Random(suit)
    for _ in range(20):
        three = rng.sample(suit_cards(suit), 3)
        names = [D.card_id(x) for x in three]
        expected = max(range(3), key=lambda k: D.strength[three[k]])
        assert play_trick(names, "day") == expected
        assert play_trick(names, "night") == expected
    assert make([[], [], []], time="day").trump == RAMA
    assert make([[], [], []], time="night").trump == KRISHNA


# ============================================================ opening trick
@pytest.mark.parametrize("time,trump", [("day", "rama"), ("night", "krishna")])
def test_case05_case06_opening_lead_is_the_trump_raja(time, trump):
    """Case 5 (day, Rama) and case 6 (night, Krishna): holder leads, only that card."""
    holders = set()
    for seed in range(30):
        st = new_game(3, seed, {"time": time})
        raja = c(f"{trump}-R")
        assert st.trump == (RAMA if time == "day" else KRISHNA)
        holder = next(s for s in range(3) if raja in st.hands[s])
        holders.add(holder)
        assert st.active_seats() == (holder,)
        assert st.legal_actions(holder) == [("play", raja)]
        for other in range(3):
            if other != holder:
                assert st.legal_actions(other) == []
                assert_illegal(st, other, ("play", st.hands[other][0]), "not_your_turn")
        wrong = next(x for x in st.hands[holder] if x != raja)
        assert_illegal(st, holder, ("play", wrong), "opening")
        st.apply(holder, ("play", raja))
        assert st.trick == [(holder, raja)]
    assert holders == {0, 1, 2}, "the opener must follow the card, not a fixed seat"


def test_case07_no_dukal_on_trick_one():
    """Case 7: the trump-Raja holder with a complete Dukal elsewhere may not lead it."""
    duk = cs("matsya-R", "matsya-M", "matsya-1", "matsya-2", "matsya-3")
    hands = [
        cs("kurma-1", "kurma-2", "kurma-3", "kurma-4", "kurma-5", "kurma-6"),
        [c("rama-R")] + duk,
        cs("varaha-1", "varaha-2", "varaha-3", "varaha-4", "varaha-5", "varaha-6"),
    ]
    st = make(hands)
    assert st.active_seats() == (1,)
    assert st.legal_actions(1) == [("play", c("rama-R"))]
    assert_illegal(st, 1, ("dukal", tuple(sorted(duk))), "dukal_first")
    st.apply(1, ("play", c("rama-R")))
    st.apply(2, ("play", c("varaha-1")))
    st.apply(0, ("play", c("kurma-1")))
    # From trick 2 on the same Dukal is a legal lead.
    assert st.turn == 1 and tuple(sorted(duk)) in dukal_actions(st, 1)


def test_case08_trump_raja_wins_trick_one_constructed():
    """Case 8: the trump Raja beats the trump Mantri and the trump 10."""
    hands = [cs("rama-M", "matsya-1"), cs("rama-10", "matsya-2"), cs("rama-R", "matsya-3")]
    st = make(hands)
    assert st.turn == 2
    st.apply(2, ("play", c("rama-R")))
    st.apply(0, ("play", c("rama-M")))
    st.apply(1, ("play", c("rama-10")))
    assert st.history[0].winner == 2 and st.turn == 2 and len(st.captured[2]) == 3


@pytest.mark.parametrize("time", ["day", "night"])
def test_case08_trump_raja_wins_trick_one_random(time):
    """Case 8: whatever the others play on trick 1, the trump Raja's holder wins it."""
    for seed in range(200):
        st = new_game(3, seed, {"time": time})
        rng = random.Random(seed)
        holder = st.turn
        for _ in range(3):
            (seat,) = st.active_seats()
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        assert st.history[0].winner == holder
        assert st.turn == holder and st.trick_no == 1


# ================================================================ following
def test_case09_holding_the_led_suit_must_follow():
    """Case 9: only led-suit cards; trumps and other suits are refused."""
    hand = cs("matsya-4", "matsya-R", "rama-3", "kurma-5", "kalki-R")
    assert sorted(legal_follow(hand, MATSYA, RAMA)) == sorted(cs("matsya-4", "matsya-R"))
    assert sorted(legal_follow(hand, MATSYA, RAMA, "strict")) == sorted(cs("matsya-4", "matsya-R"))
    st = make([cs("matsya-9", "buddha-1"), hand, cs("varaha-1", "varaha-2")],
              trick_no=1, leader=0)
    st.apply(0, ("play", c("matsya-9")))
    assert plays(st, 1) == sorted(cs("matsya-4", "matsya-R"))
    for bad in ("rama-3", "kurma-5", "kalki-R"):
        assert_illegal(st, 1, ("play", c(bad)), "must_follow")
    st.apply(1, ("play", c("matsya-4")))


def test_case10_void_with_trumps_and_other_suits():
    """Case 10: void → all trumps plus the next held suit; any other suit is illegal."""
    hand = cs("varaha-2", "varaha-9", "rama-1", "rama-M", "kalki-5", "narasimha-3")
    legal = legal_follow(hand, MATSYA, RAMA, "choice")
    assert sorted(legal) == sorted(cs("varaha-2", "varaha-9", "rama-1", "rama-M"))
    st = make([cs("matsya-9", "buddha-1"), hand, cs("matsya-1", "matsya-2")],
              trick_no=1, leader=0)
    st.apply(0, ("play", c("matsya-9")))
    assert plays(st, 1) == sorted(legal)
    for bad in ("kalki-5", "narasimha-3"):
        err = assert_illegal(st, 1, ("play", c(bad)), "void_choice")
        assert "Varaha" in str(err) and "Rama" in str(err)
    st.apply(1, ("play", c("rama-1")))  # a trump is one free choice
    st2 = make([cs("matsya-9", "buddha-1"), hand, cs("matsya-1", "matsya-2")],
               trick_no=1, leader=0)
    st2.apply(0, ("play", c("matsya-9")))
    st2.apply(1, ("play", c("varaha-9")))  # the next held suit is the other


def test_case11_void_without_trumps_is_next_held_suit():
    """Case 11: void and no trumps → exactly the next held suit."""
    hand = cs("narasimha-3", "narasimha-R", "buddha-1", "kalki-2")
    assert sorted(legal_follow(hand, MATSYA, RAMA)) == sorted(cs("narasimha-3", "narasimha-R"))
    assert sorted(legal_follow(hand, VAMANA, RAMA)) == [c("buddha-1")]
    third = cs("matsya-1", "matsya-2", "matsya-3", "matsya-4")
    st = make([cs("matsya-9", "matsya-8"), hand, third], trick_no=1, leader=0)
    st.apply(0, ("play", c("matsya-9")))
    assert plays(st, 1) == sorted(cs("narasimha-3", "narasimha-R"))
    assert_illegal(st, 1, ("play", c("buddha-1")), "void_next")


def test_case12_next_held_suit_wraps_from_kalki_to_matsya():
    """Case 12: led Kalki, void in Kalki, holding Matsya → Matsya is the next held suit."""
    hand = cs("matsya-5", "varaha-1", "buddha-7")
    assert legal_follow(hand, KALKI, RAMA) == [c("matsya-5")]
    with_trump = hand + cs("rama-4")
    assert sorted(legal_follow(with_trump, KALKI, RAMA)) == sorted(cs("matsya-5", "rama-4"))
    # only later suits held: the walk goes round to the first one after Kalki
    assert legal_follow(cs("varaha-1", "buddha-7"), KALKI, RAMA) == [c("varaha-1")]
    st = make([cs("kalki-9", "kalki-8"), hand, cs("kalki-1", "kalki-2", "kalki-3")],
              trick_no=1, leader=0)
    st.apply(0, ("play", c("kalki-9")))
    assert plays(st, 1) == [c("matsya-5")]
    assert_illegal(st, 1, ("play", c("buddha-7")), "void_next")


def test_case13_led_vamana_next_held_is_rama():
    """Case 13: led Vamana, no Parashurama, holds Rama."""
    rama = cs("rama-2", "rama-R")
    day_hand = rama + cs("buddha-4", "matsya-1")
    # by day Rama is both trump and the next held suit: all Rama, nothing else
    assert sorted(legal_follow(day_hand, VAMANA, RAMA)) == sorted(rama)
    # by night with Krishna: Krishna trumps plus the Rama cards
    night_hand = day_hand + cs("krishna-3", "krishna-9")
    assert sorted(legal_follow(night_hand, VAMANA, KRISHNA)) == sorted(
        rama + cs("krishna-3", "krishna-9"))
    # by night without Krishna: Rama cards only
    assert sorted(legal_follow(day_hand, VAMANA, KRISHNA)) == sorted(rama)
    for time, hand, expected in (
        ("day", day_hand, rama),
        ("night", night_hand, rama + cs("krishna-3", "krishna-9")),
        ("night", day_hand, rama),
    ):
        n = len(hand)
        lead = cs(*[f"vamana-{v}" for v in range(1, n + 1)])
        third = cs(*[f"kurma-{v}" for v in range(1, n + 1)])
        st = make([lead, hand, third], time=time, trick_no=1, leader=0)
        st.apply(0, ("play", c("vamana-1")))
        assert plays(st, 1) == sorted(expected), time
        assert_illegal(st, 1, ("play", c("buddha-4")))
        assert_illegal(st, 1, ("play", c("matsya-1")))


def test_case14_led_trump_and_void_in_trump():
    """Case 14: led suit = trump, void in trump → next held suit after the trump."""
    hand = cs("krishna-2", "krishna-M", "kalki-4", "matsya-1")
    assert sorted(legal_follow(hand, RAMA, RAMA)) == sorted(cs("krishna-2", "krishna-M"))
    assert legal_follow(cs("buddha-6", "matsya-1"), RAMA, RAMA) == [c("buddha-6")]
    # night: trump Krishna led, void → Buddha, and strict changes nothing (no trump held)
    assert legal_follow(cs("buddha-6", "rama-1"), KRISHNA, KRISHNA) == [c("buddha-6")]
    assert legal_follow(cs("buddha-6", "rama-1"), KRISHNA, KRISHNA, "strict") == [c("buddha-6")]
    st = make([cs("rama-R", "rama-5", "rama-6", "rama-7"), hand,
               cs("rama-1", "rama-2", "rama-3", "rama-4")], trick_no=1, leader=0)
    st.apply(0, ("play", c("rama-5")))
    assert plays(st, 1) == sorted(cs("krishna-2", "krishna-M"))
    assert_illegal(st, 1, ("play", c("kalki-4")), "void_next")


def test_case15_strict_void_rule_flag():
    """Case 15: void_rule="strict" forces a trump when one is held (R5 regression guard)."""
    hand = cs("varaha-2", "varaha-9", "rama-1", "rama-M", "kalki-5")
    assert sorted(legal_follow(hand, MATSYA, RAMA, "strict")) == sorted(cs("rama-1", "rama-M"))
    assert sorted(legal_follow(hand, MATSYA, RAMA, "choice")) == sorted(
        cs("varaha-2", "varaha-9", "rama-1", "rama-M"))
    no_trump = cs("varaha-2", "kalki-5")
    assert legal_follow(no_trump, MATSYA, RAMA, "strict") == [c("varaha-2")]
    for rule, expected in (("strict", cs("rama-1", "rama-M")),
                           ("choice", cs("varaha-2", "varaha-9", "rama-1", "rama-M"))):
        st = make([cs("matsya-9", "matsya-8", "matsya-7", "matsya-6", "matsya-5"), hand,
                   cs("matsya-1", "matsya-2", "matsya-3", "matsya-4", "matsya-10")],
                  void_rule=rule, trick_no=1, leader=0)
        assert st.view(0).void_rule == rule
        st.apply(0, ("play", c("matsya-9")))
        assert plays(st, 1) == sorted(expected)
        if rule == "strict":
            assert_illegal(st, 1, ("play", c("varaha-2")), "void_trump")
    with pytest.raises(ValueError):
        new_game(3, 0, {"void_rule": "lenient"})
    assert new_game(3, 0, {}).options["void_rule"] == "choice"


# ============================================================= trick winner
def test_case16_highest_trump_wins():
    """Case 16: several trumps → the highest trump (10 beats 9; Mantri beats 10)."""
    assert play_trick(["matsya-5", "rama-9", "rama-10"]) == 2
    assert play_trick(["matsya-5", "rama-10", "rama-9"]) == 1
    assert play_trick(["rama-M", "rama-10", "rama-1"]) == 0
    # by night Rama is no trump: Krishna 1 beats a Rama 10
    assert play_trick(["matsya-5", "rama-10", "krishna-1"], "night") == 2
    # a lone low trump beats the led suit's Raja
    assert play_trick(["kalki-R", "kalki-M", "rama-1"]) == 2


def test_case17_highest_led_suit_card_without_trump():
    """Case 17: first-five led suit: 1 beats 10; last-five led suit: 10 beats 1."""
    assert play_trick(["matsya-10", "matsya-1", "kurma-1"]) == 1
    assert play_trick(["vamana-1", "vamana-10", "vamana-2"]) == 0
    assert play_trick(["kalki-1", "kalki-10", "buddha-10"]) == 1
    assert play_trick(["parashurama-10", "parashurama-1", "parashurama-9"]) == 0


def test_case18_off_suit_raja_never_wins():
    """Case 18: a Raja of a non-led, non-trump suit played by a void player never wins."""
    assert play_trick(["matsya-10", "kurma-R", "matsya-9"]) == 2
    assert play_trick(["matsya-10", "kurma-R", "varaha-R"]) == 0
    assert play_trick(["kalki-1", "matsya-R", "krishna-R"], "day") == 0
    # built as a real follow: seat 1 is void in Matsya and holds Kurma (next suit)
    st = make([cs("matsya-10", "buddha-1"), cs("kurma-R", "kurma-2"), cs("matsya-9", "buddha-2")],
              trick_no=1, leader=0)
    st.apply(0, ("play", c("matsya-10")))
    assert plays(st, 1) == sorted(cs("kurma-R", "kurma-2"))
    st.apply(1, ("play", c("kurma-R")))
    st.apply(2, ("play", c("matsya-9")))
    assert st.history[-1].winner == 2


def test_case19_winner_captures_three_and_leads():
    """Case 19: the capture pile grows by 3 and the winner leads next."""
    st = make([cs("matsya-10", "buddha-1"), cs("matsya-1", "buddha-2"), cs("matsya-9", "buddha-3")],
              trick_no=1, leader=0)
    for seat, card in ((0, "matsya-10"), (1, "matsya-1"), (2, "matsya-9")):
        events = st.apply(seat, ("play", c(card)))
    assert [len(p) for p in st.captured] == [0, 3, 0]
    assert sorted(st.captured[1]) == sorted(cs("matsya-10", "matsya-1", "matsya-9"))
    assert st.turn == 1 and st.leader == 1 and st.phase == "lead" and st.trick == []
    assert st.active_seats() == (1,)
    assert events[-1] == Event("trick", 1, {"cards": cs("matsya-10", "matsya-1", "matsya-9"),
                                            "winner": 1})
    assert st.view(None).history[-1].winner == 1


# ========================================================== Dukal legality
def dukal_position(leader_cards: list[str], filler: int = 8, **state) -> GanjifaState:
    """Seat 0 leads trick 2 holding ``leader_cards``; the others hold Buddha/Kalki fillers."""
    own = cs(*leader_cards)
    pool = [x for x in suit_cards(BUDDHA) + suit_cards(KALKI) + suit_cards(VARAHA)
            if x not in own]
    size = max(len(own), filler)
    # padding: Narasimha numerals only (no Raja), so it can never form a Dukal itself
    own += [x for x in suit_cards(NARASIMHA)[2:] if x not in own][: size - len(own)]
    hands = [own, pool[:size], pool[size:2 * size]]
    opts = {"trick_no": 1, "leader": 0}
    opts.update(state)
    return make(hands, **opts)


def test_case20_raja_mantri_three_four_five_is_legal():
    """Case 20: R + M + 3-4-5 led after trick 1 is a legal Dukal of size 5."""
    duk = tuple(sorted(cs("kurma-R", "kurma-M", "kurma-3", "kurma-4", "kurma-5")))
    st = dukal_position(["kurma-R", "kurma-M", "kurma-3", "kurma-4", "kurma-5"])
    assert ("dukal", duk) in st.legal_actions(0)
    events = st.apply(0, ("dukal", duk))
    assert events == [Event("dukal", 0, {"cards": list(duk), "suit": KURMA, "n": 5})]
    assert st.phase == "give" and st.turn == 1 and st.view(None).give_count == 5


def _resolve_gives(st: GanjifaState, choose=lambda hand, n: hand[:n]) -> list[Event]:
    events = []
    n = len(st.dukal)
    for giver in ((st.leader + 1) % 3, (st.leader + 2) % 3):
        for card in choose(list(st.hands[giver]), n):
            assert st.turn == giver
            events += st.apply(giver, ("give", card))
    return events


def test_case21_low_run_in_first_five_suit_wins_anyway():
    """Case 21: R + M + 8-9-10 of Matsya is legal and wins though seat 1 holds Matsya 1, 2."""
    duk_names = ["matsya-R", "matsya-M", "matsya-8", "matsya-9", "matsya-10"]
    hands = [cs(*duk_names, "buddha-1"),
             cs("matsya-1", "matsya-2", "rama-10", "rama-M", "kalki-R", "kalki-M"),
             cs("varaha-1", "varaha-2", "varaha-3", "varaha-4", "varaha-5", "varaha-6")]
    st = make(hands, trick_no=1, leader=0)
    duk = tuple(sorted(cs(*duk_names)))
    assert ("dukal", duk) in st.legal_actions(0)
    st.apply(0, ("dukal", duk))
    _resolve_gives(st)
    assert len(st.captured[0]) == 15 and st.history[-1].winner == 0
    assert c("matsya-1") in st.captured[0] and c("rama-10") in st.captured[0]


def test_case22_too_few_numerals():
    """Case 22: R + M + two numerals is not a Dukal."""
    st = dukal_position(["kalki-R", "kalki-M", "kalki-3", "kalki-4"], filler=8)
    assert dukal_actions(st, 0) == []
    assert_illegal(st, 0, ("dukal", tuple(cs("kalki-R", "kalki-M", "kalki-3", "kalki-4"))),
                   "dukal_short")
    st2 = dukal_position(["vamana-R", "vamana-M", "vamana-3", "vamana-4", "vamana-5"])
    assert_illegal(st2, 0, ("dukal", tuple(cs("vamana-R", "vamana-M", "vamana-3", "vamana-4"))),
                   "dukal_short")


def test_case23_needs_both_raja_and_mantri():
    """Case 23: Mantri + 3 numerals without the Raja, or Raja + 3 without the Mantri: illegal."""
    st = dukal_position(["kurma-R", "kurma-M", "kurma-3", "kurma-4", "kurma-5", "kurma-6"])
    for bad in (["kurma-M", "kurma-3", "kurma-4", "kurma-5"],
                ["kurma-R", "kurma-3", "kurma-4", "kurma-5"],
                ["kurma-M", "kurma-3", "kurma-4", "kurma-5", "kurma-6"],
                ["kurma-R", "kurma-3", "kurma-4", "kurma-5", "kurma-6"]):
        assert_illegal(st, 0, ("dukal", tuple(sorted(cs(*bad)))), "dukal_courts")
    no_raja = dukal_position(["kurma-M", "kurma-3", "kurma-4", "kurma-5"])
    no_mantri = dukal_position(["kurma-R", "kurma-3", "kurma-4", "kurma-5"])
    assert dukal_actions(no_raja, 0) == [] and dukal_actions(no_mantri, 0) == []


def test_case24_runs_must_be_consecutive_and_not_wrap():
    """Case 24: 3-4-6 is illegal; 9-10-1 (a wrap) is illegal."""
    st = dukal_position(["buddha-R", "buddha-M", "buddha-3", "buddha-4", "buddha-6",
                         "buddha-9", "buddha-10", "buddha-1"])
    assert dukal_actions(st, 0) == []
    assert_illegal(st, 0, ("dukal", tuple(sorted(cs("buddha-R", "buddha-M", "buddha-3",
                                                   "buddha-4", "buddha-6")))), "dukal_run")
    assert_illegal(st, 0, ("dukal", tuple(sorted(cs("buddha-R", "buddha-M", "buddha-9",
                                                   "buddha-10", "buddha-1")))), "dukal_run")


def test_case25_mixed_suits_are_illegal():
    """Case 25: the cards of a Dukal are of one suit."""
    st = dukal_position(["kurma-R", "kurma-M", "kurma-3", "kurma-4", "varaha-5", "varaha-R"])
    assert dukal_actions(st, 0) == []
    assert_illegal(st, 0, ("dukal", tuple(sorted(cs("kurma-R", "kurma-M", "kurma-3", "kurma-4",
                                                   "varaha-5")))), "dukal_suits")
    assert_illegal(st, 0, ("dukal", tuple(sorted(cs("kurma-R", "varaha-R", "kurma-M", "kurma-3",
                                                   "kurma-4")))), "dukal_suits")


def test_case26_two_separate_runs_are_illegal():
    """Case 26: 3-4-5 plus 8-9 in one Dukal is not one run."""
    names = ["kalki-R", "kalki-M", "kalki-3", "kalki-4", "kalki-5", "kalki-8", "kalki-9"]
    st = dukal_position(names, filler=10)
    assert_illegal(st, 0, ("dukal", tuple(sorted(cs(*names)))), "dukal_run")
    offered = dukal_actions(st, 0)
    assert offered == [tuple(sorted(cs("kalki-R", "kalki-M", "kalki-3", "kalki-4", "kalki-5")))]


def test_case27_any_sub_run_is_legal():
    """Case 27: holding 3-4-5-6-7, R + M + 4-5-6 is legal; every sub-run of ≥ 3 is offered."""
    names = ["vamana-R", "vamana-M"] + [f"vamana-{v}" for v in range(3, 8)]
    st = dukal_position(names, filler=10)
    offered = dukal_actions(st, 0)
    courts = cs("vamana-R", "vamana-M")
    expected = sorted(tuple(sorted(courts + cs(*[f"vamana-{v}" for v in range(a, b + 1)])))
                      for a in range(3, 8) for b in range(a + 2, 8))
    assert offered == expected and len(expected) == 6
    sub = tuple(sorted(cs("vamana-R", "vamana-M", "vamana-4", "vamana-5", "vamana-6")))
    st.apply(0, ("dukal", sub))
    assert st.dukal == sub and st.view(None).give_count == 5
    assert c("vamana-3") in st.hands[0] and c("vamana-7") in st.hands[0]


def test_case28_dukal_as_a_follow_is_illegal():
    """Case 28: a follower can never play a Dukal (nor during a give-up)."""
    duk = ["kurma-R", "kurma-M", "kurma-3", "kurma-4", "kurma-5"]
    hands = [cs("buddha-1", "buddha-2", "buddha-3", "buddha-4", "buddha-5", "buddha-6"),
             cs(*duk, "kalki-1"),
             cs("kalki-2", "kalki-3", "kalki-4", "kalki-5", "kalki-6", "kalki-7")]
    st = make(hands, trick_no=1, leader=0)
    st.apply(0, ("play", c("buddha-1")))
    assert all(a[0] == "play" for a in st.legal_actions(1))
    assert_illegal(st, 1, ("dukal", tuple(sorted(cs(*duk)))), "dukal_follow")
    # the same seat, answering somebody else's Dukal, cannot counter with its own
    st2 = make([cs("varaha-R", "varaha-M", "varaha-1", "varaha-2", "varaha-3", "varaha-4"),
                cs(*duk, "kalki-1"),
                cs("kalki-2", "kalki-3", "kalki-4", "kalki-5", "kalki-6", "kalki-7")],
               trick_no=1, leader=0)
    st2.apply(0, ("dukal", tuple(sorted(cs("varaha-R", "varaha-M", "varaha-1", "varaha-2",
                                           "varaha-3")))))
    assert all(a[0] == "give" for a in st2.legal_actions(1))
    assert_illegal(st2, 1, ("dukal", tuple(sorted(cs(*duk)))), "dukal_follow")


@settings(max_examples=150, deadline=None)
@given(seed=hst.integers(0, 2**31 - 1), night=hst.booleans())
def test_case29_trump_dukal_never_offered(seed, night):
    """Case 29: the trump Raja is always captured on trick 1, so no trump Dukal ever appears."""
    st = new_game(3, seed, {"time": "night" if night else "day"})
    trump_raja = st.trump * PER + D.raja_rank
    holder = st.turn
    rng = random.Random(seed)
    for _ in steps():
        if st.is_over():
            break
        (seat,) = st.active_seats()
        legal = st.legal_actions(seat)
        for a in legal:
            if a[0] == "dukal":
                assert D.suit_of(a[1][0]) != st.trump
        duk = [a for a in legal if a[0] == "dukal"]
        st.apply(seat, rng.choice(duk) if duk and rng.random() < 0.7 else rng.choice(legal))
        if st.trick_no == 1 and not st.trick:
            assert trump_raja in st.captured[holder]
            assert st.history[0].plays[0] == (holder, trump_raja)
    assert st.history[0].winner == holder


def test_case30_dukal_bigger_than_a_hand_is_rejected():
    """Case 30: a synthetic opponent with fewer than N cards makes the Dukal illegal."""
    duk = tuple(sorted(cs("kurma-R", "kurma-M", "kurma-3", "kurma-4", "kurma-5")))
    hands = [list(duk), cs("kalki-1", "kalki-2", "kalki-3", "kalki-4"),
             cs("buddha-1", "buddha-2", "buddha-3", "buddha-4", "buddha-5")]
    st = make(hands, trick_no=3, leader=0)
    assert dukal_actions(st, 0) == []
    err = assert_illegal(st, 0, ("dukal", duk), "dukal_size")
    assert err.params.get("seat") == 1
    # with one more card for seat 1 the same Dukal is fine
    hands[1].append(c("kalki-5"))
    st2 = make(hands, trick_no=3, leader=0)
    assert dukal_actions(st2, 0) == [duk]


# ========================================================= Dukal resolution
def give_position(**kw) -> GanjifaState:
    duk = cs("kurma-R", "kurma-M", "kurma-3", "kurma-4", "kurma-5")
    hands = [duk + cs("kurma-6", "buddha-1"),
             cs("kurma-1", "kurma-2", "rama-M", "rama-10", "kalki-R", "kalki-M", "kalki-1"),
             cs("varaha-1", "varaha-2", "varaha-3", "rama-1", "rama-2", "kurma-7", "kurma-8")]
    st = make(hands, trick_no=2, leader=0, **kw)
    st.apply(0, ("dukal", tuple(sorted(duk))))
    return st


def test_case31_each_opponent_gives_exactly_n():
    """Case 31: N−1 leaves the Dukal unresolved, N+1 is refused; any suits may be given."""
    st = give_position()
    n = 5
    assert st.phase == "give" and st.turn == 1
    assert_illegal(st, 1, ("play", st.hands[1][0]), "must_give")
    assert_illegal(st, 2, ("give", st.hands[2][0]), "not_your_turn")
    assert_illegal(st, 1, ("give", c("varaha-1")), "not_in_hand")
    # seat 1 gives its Kurma (the Dukal's suit) and its trumps: all allowed
    gift1 = cs("kurma-1", "kurma-2", "rama-M", "rama-10", "kalki-R")
    assert sorted(a[1] for a in st.legal_actions(1)) == sorted(st.hands[1])
    for k, card in enumerate(gift1[: n - 1]):
        events = st.apply(1, ("give", card))
        assert events == [Event("give", 1, {"card": card, "left": n - 1 - k})]
    # N−1 given: not resolved, seat 1 still to act
    assert st.phase == "give" and st.turn == 1 and st.active_seats() == (1,)
    assert [len(p) for p in st.captured] == [0, 0, 0] and st.history == []
    st.apply(1, ("give", gift1[-1]))
    assert st.turn == 2 and st.phase == "give"
    # an (N+1)-th card from seat 1 is refused: the turn has moved on
    assert_illegal(st, 1, ("give", c("kalki-M")), "not_your_turn")
    gift2 = cs("varaha-1", "rama-1", "rama-2", "kurma-7")
    for card in gift2:
        st.apply(2, ("give", card))
    assert st.phase == "give" and st.turn == 2 and st.history == []
    events = st.apply(2, ("give", c("kurma-8")))
    assert st.phase == "lead" and st.turn == 0
    assert events[-1].kind == "dukal_won"
    # after resolution neither giver may add a card
    assert_illegal(st, 2, ("give", c("varaha-2")), "not_your_turn")
    assert_illegal(st, 1, ("give", c("kalki-M")), "not_your_turn")
    assert_illegal(st, 0, ("give", c("buddha-1")), "no_dukal")
    assert [len(h) for h in st.hands] == [2, 2, 2]


def test_case32_leader_captures_3n_leads_again_gives_are_public():
    """Case 32: leader takes 3N and leads; given cards are visible to every seat in turn."""
    st = give_position()
    first = cs("kalki-1", "kalki-M", "kurma-1", "rama-10", "kurma-2")
    all_events = []
    for card in first:
        all_events += st.apply(1, ("give", card))
    # seat 2 chooses after seeing seat 1's gives, in its own view and in the public one
    for viewer in (None, 0, 1, 2):
        v = st.view(viewer)
        assert v.gives[0] == (1, tuple(first)) and v.dukal == st.dukal
    assert all(e.to is None for e in all_events)
    assert [e.data["card"] for e in all_events] == first
    for card in cs("varaha-1", "varaha-2", "varaha-3", "kurma-7", "kurma-8"):
        all_events += st.apply(2, ("give", card))
    assert len(st.captured[0]) == 15
    assert st.turn == 0 and st.leader == 0 and st.phase == "lead"
    last = st.history[-1]
    assert last.kind == "dukal" and last.winner == 0 and last.leader == 0
    assert [s for s, _ in last.plays] == [0] * 5 + [1] * 5 + [2] * 5
    assert set(first) <= set(st.captured[0])
    won = all_events[-1]
    assert won.kind == "dukal_won" and won.to is None and len(won.data["cards"]) == 15
    # the leader may now lead again, including another single card
    assert st.legal_actions(0) == [("play", x) for x in sorted(st.hands[0])]


def test_case33_dukal_with_whole_hand_ends_the_game():
    """Case 33: a Dukal of the leader's last cards ends the hand and scores it."""
    duk = cs("kalki-R", "kalki-M", "kalki-3", "kalki-4", "kalki-5")
    hands = [duk, cs("matsya-1", "matsya-2", "matsya-3", "rama-1", "rama-2"),
             cs("varaha-1", "varaha-2", "varaha-3", "varaha-4", "varaha-5")]
    st = make(hands, trick_no=30, leader=0)
    held = {x for h in hands for x in h}
    rest = [x for x in range(120) if x not in held]
    st.captured = [rest[:35], rest[35:70], rest[70:]]
    st.apply(0, ("dukal", tuple(sorted(duk))))
    assert not st.is_over()
    events = _resolve_gives(st)
    assert st.is_over() and st.active_seats() == () and st.phase == "over"
    assert st.legal_actions(0) == [] and st.view(None).turn is None
    res = st.result()
    assert res.scores == (50, 35, 35) and res.winners == (0,) and sum(res.scores) == 120
    assert events[-1] == Event("over", None, {"winners": [0], "scores": [50, 35, 35]})
    assert_illegal(st, 0, ("play", c("kalki-R")), "over")


# ================================================== invariants and scoring
def test_case34_invariants_after_every_trick_and_dukal():
    """Case 34: after each trick/Dukal all hands are equal and captured + hands = 120."""
    dukals = 0
    for seed in range(150):
        for st, _seat, action, events in random_game(seed):
            if any(e.kind in ("trick", "dukal_won") for e in events):
                sizes = {len(h) for h in st.hands}
                assert len(sizes) == 1, (seed, [len(h) for h in st.hands])
                assert sum(len(h) for h in st.hands) + sum(len(p) for p in st.captured) == 120
                assert sorted([x for h in st.hands for x in h]
                              + [x for p in st.captured for x in p]) == list(range(120))
            dukals += action[0] == "dukal"
    assert dukals > 20, "the random policy should exercise Dukals"


def test_case35_case36_scores_sum_to_120_and_winner_is_the_top_score():
    """Case 35: scores add up to 120. Case 36: a single top score wins alone."""
    singles = 0
    for seed in range(150):
        steps = list(random_game(seed, {"time": "night" if seed % 2 else "day"}))
        st = steps[-1][0]
        res = st.result()
        assert sum(res.scores) == 120
        assert res.scores == tuple(len(p) for p in st.captured) == st.view(None).captured
        top = max(res.scores)
        assert res.winners == tuple(s for s in range(3) if res.scores[s] == top)
        singles += len(res.winners) == 1
    assert singles > 0
    st = finished_state((47, 40, 30))
    st.apply(1, ("play", c("matsya-1")))
    st.apply(2, ("play", c("matsya-2")))
    st.apply(0, ("play", c("rama-1")))
    assert st.result().scores == (50, 40, 30)
    assert st.result().winners == (0,) and st.result().reason == "most_cards"


@pytest.mark.parametrize("pre,scores,winners", [
    ((42, 45, 30), (45, 45, 30), (0, 1)),      # case 37: two-way tie
    ((42, 30, 45), (45, 30, 45), (0, 2)),      # case 37: two-way tie, other pair
    ((37, 40, 40), (40, 40, 40), (0, 1, 2)),   # case 38: three-way tie
])
def test_case37_case38_ties_share_the_win(pre, scores, winners):
    """Cases 37 and 38: every seat tied for the top score wins."""
    st = finished_state(pre)
    st.apply(1, ("play", c("matsya-1")))
    st.apply(2, ("play", c("matsya-2")))
    events = st.apply(0, ("play", c("rama-1")))
    res = st.result()
    assert res.scores == scores and res.winners == winners and res.reason == "shared"
    assert events[-1].data == {"winners": list(winners), "scores": list(scores)}


def assert_play_order(history) -> None:
    for t in history:
        seats = [s for s, _ in t.plays]
        nxt, after = (t.leader + 1) % 3, (t.leader + 2) % 3
        if t.kind == "trick":
            assert seats == [t.leader, nxt, after]
        else:
            n = seats.count(t.leader)
            assert n >= 5 and seats == [t.leader] * n + [nxt] * n + [after] * n


def test_case39_turn_order_is_counter_clockwise():
    """Case 39: seat 0 → 1 → 2 → 0 in every trick and every give-up."""
    for seed in range(100):
        for st, seat, action, _ in random_game(seed):
            if st.phase == "follow" or action[0] == "dukal":
                assert st.turn == (seat + 1) % 3
        assert_play_order(st.history)


def test_case39_turn_order_with_humans_and_ais_in_a_match():
    """Case 39: the same order whoever sits where (a human seat among AI seats)."""
    from game.match import Match, Seat

    for human in range(3):
        kinds = ["random", "easy", "random"]
        kinds[human] = "human"
        m = Match("ganjifa", [Seat(k) for k in kinds], seed=human + 5, think_scale=0.0)
        rng = random.Random(human)
        now = 0.0
        for _ in steps():
            if m.is_over():
                break
            (seat,) = m.active_seats()
            if seat == human:
                m.submit(seat, rng.choice(m.legal_actions(seat)))
            else:
                now += 1.0
                m.tick(now)
        assert_play_order(m.state.history)
        assert len(m.log) == sum(len(t.plays) for t in m.state.history) - sum(
            len(t.plays) // 3 - 1 for t in m.state.history if t.kind == "dukal")
        assert {s for s, _ in m.log} == {0, 1, 2}


@pytest.mark.parametrize("block", range(10))
def test_case40_random_policy_fuzz_never_illegal(block):
    """Case 40: 10⁴ random-policy games (10 blocks of 1000) with legality asserted each step."""
    for seed in range(block * 1000, block * 1000 + 1000):
        st = new_game(3, seed, {"time": "night" if seed % 2 else "day",
                                "void_rule": "strict" if seed % 3 == 0 else "choice"})
        agents = [gai.make_agent("random", s, seed * 3 + s) for s in range(3)]
        for _ in steps():
            if st.is_over():
                break
            (seat,) = st.active_seats()
            legal = st.legal_actions(seat)
            assert legal, seed
            action = agents[seat].decide(st.view(seat), legal)
            assert action in legal, (seed, action)
            st.apply(seat, action)
        assert sum(st.result().scores) == 120


def _agent_levels():
    levels = []
    for level in ("random", "easy", "normal", "hard"):
        try:
            gai.make_agent(level, 0, 0)
        except ValueError:
            continue
        levels.append(level)
    return levels


@pytest.mark.parametrize("level", _agent_levels())
def test_case40_every_ai_level_plays_only_legal_moves(level):
    """Case 40: each AI level, mixed with others, never picks an action outside legal_actions."""
    import time as _time
    games = {"random": 40, "easy": 40}.get(level, 6)
    budget = 6.0  # seconds: a slow search level is checked on fewer games, never skipped
    t0 = _time.perf_counter()
    for g in range(games):
        st = new_game(3, 900 + g, {"time": "night" if g % 2 else "day"})
        kinds = [level, "random", "easy"][g % 3:] + [level, "random", "easy"][: g % 3]
        agents = [gai.make_agent(k, s, g * 3 + s) for s, k in enumerate(kinds)]
        for s, a in enumerate(agents):
            a.observe([e for e in st.deal_events() if e.visible_to(s)])
        for _ in steps():
            if st.is_over():
                break
            (seat,) = st.active_seats()
            legal = st.legal_actions(seat)
            action = agents[seat].decide(st.view(seat), list(legal))
            assert action in legal, (level, g, action)
            events = st.apply(seat, action)
            for s, a in enumerate(agents):
                a.observe([e for e in events if e.visible_to(s)])
        assert sum(st.result().scores) == 120
        if _time.perf_counter() - t0 > budget and g >= 1:
            break


# ============================================================ miscellaneous
def test_unknown_and_malformed_actions_are_refused_unchanged():
    st = make([cs("matsya-9", "buddha-1"), cs("matsya-1", "buddha-2"), cs("matsya-2", "buddha-3")],
              trick_no=1, leader=0)
    for bad in [("jump", 1), ("play",), "play", ("play", "matsya-9"), ("play", 999),
                ("play", c("matsya-1")), ("dukal", [1, 2, 3]), ("dukal", 5), ("give", 1),
                ("play", 1.0 * c("matsya-9")), None]:
        assert_illegal(st, 0, bad)
    assert_illegal(st, 5, ("play", c("matsya-9")), "not_your_turn")


def test_legal_actions_are_sorted_with_dukals():
    """Engine contract: legal_actions is sorted (also when Dukals are on offer)."""
    st = dukal_position(["vamana-R", "vamana-M", "vamana-3", "vamana-4", "vamana-5"])
    legal = st.legal_actions(0)
    assert any(a[0] == "dukal" for a in legal)
    assert legal == sorted(legal)
    assert len(set(legal)) == len(legal)


def test_clone_is_independent():
    st = new_game(3, 4, {})
    before = snapshot(st)
    cl = st.clone()
    (seat,) = cl.active_seats()
    cl.apply(seat, cl.legal_actions(seat)[0])
    cl.rng.random()
    assert snapshot(st) == before and snapshot(cl) != before
