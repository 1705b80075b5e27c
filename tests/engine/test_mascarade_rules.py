"""Mascarade edge cases T01–T52 (shared/rules/mascarade.md) and the engine side of T63."""

from __future__ import annotations

import random

import pytest

from game.core import IllegalAction
from game.mascarade.rules import (
    BISHOP,
    CHEAT,
    FOOL,
    INQUISITOR,
    KING,
    PEASANT,
    SPY,
    WIDOW,
    check_invariants,
    new_game,
)
from tests.engine.mascarade_helpers import R, act, announce, ids, kinds, rigged

SET6 = ["judge", "bishop", "king", "queen", "witch", "cheat"]
SET8 = ["judge", "bishop", "king", "fool", "queen", "witch", "peasant", "peasant"]
SET11 = SET8 + ["cheat", "spy", "inquisitor"]


def unchanged(st, action):
    """The action is refused with a readable reason and the state is left as it was."""
    before = (list(st.cards), list(st.coins), st.phase, st.turn, st.turn_no, st.court)
    with pytest.raises(IllegalAction) as err:
        st.apply(st.active_seats()[0], action)
    assert str(err.value) and len(str(err.value)) > 10
    assert before == (list(st.cards), list(st.coins), st.phase, st.turn, st.turn_no, st.court)
    return str(err.value)


# ------------------------------------------------------------------ setup (T01–T06)
@pytest.mark.parametrize("n, middle", [(2, 4), (3, 3), (4, 2), (5, 1), (6, 0)] +
                         [(n, 0) for n in range(7, 14)])
def test_t01_card_counts(n, middle):
    st = new_game(n, seed=3)
    assert len(st.cards) == max(6, n) and len(st.middle) == middle
    assert all(len(h) == 1 for h in st.hands)


def test_t02_extra_middle_cards():
    for n in (6, 8, 11):
        for k in (1, 2):
            st = new_game(n, seed=5, options={"extra_middle_cards": k})
            assert len(st.cards) == n + k and len(st.middle) == k
            assert not check_invariants(st)
    st = new_game(12, seed=1, options={"extra_middle_cards": 1})
    assert len(st.cards) == 13
    with pytest.raises(ValueError, match="13"):
        new_game(12, seed=1, options={"extra_middle_cards": 2})         # 14 cards
    with pytest.raises(ValueError, match="6 or more"):
        new_game(5, seed=1, options={"extra_middle_cards": 1})
    with pytest.raises(ValueError, match="8 or more"):
        new_game(7, seed=1, options={"extra_middle_cards": 2, "extra_characters": "peasant+peasant"})
    with pytest.raises(ValueError, match="third"):
        new_game(6, seed=1, options={"extra_middle_cards": 1, "extra_characters": "spy"})
    six = new_game(6, seed=2, options={"extra_middle_cards": 1})      # the pick brings money
    assert sum(R.characters[c].money for c in six.cards) * 3 >= 7


@pytest.mark.parametrize("n", range(2, 14))
def test_t03_recommended_sets(n):
    table = {2: SET6, 3: ["judge", "bishop", "king", "queen", "fool", "witch"],
             4: ["judge", "bishop", "king", "queen", "thief", "cheat"], 5: SET6, 6: SET6,
             7: ["judge", "bishop", "king", "fool", "queen", "thief", "witch"], 8: SET8,
             9: SET8 + ["cheat"], 10: SET8 + ["cheat", "spy"], 11: SET11,
             12: SET11 + ["widow"], 13: SET11 + ["widow", "thief"]}
    assert sorted(new_game(n, seed=n).cards) == sorted(ids(*table[n]))
    assert (ids("peasant")[0] in new_game(n, seed=1).cards) == (n >= 8)


@pytest.mark.parametrize("cards, n, words", [
    ("bishop+king+queen+witch+cheat+fool", 6, "Judge"),
    ("judge+king+queen+witch+cheat+peasant+bishop+fool", 8, "Peasant"),
    ("judge+king+queen+witch+peasant+peasant+bishop", 7, "8 or more"),
    ("judge+king+queen+fool+inquisitor+bishop+cheat", 7, "8 or more"),
    ("judge+king+spy+witch+cheat+bishop", 6, "third"),
    ("judge+king+king+queen+witch+cheat", 6, "only the Peasant"),
])
def test_t04_custom_sets_rejected(cards, n, words):
    with pytest.raises(ValueError, match=words):
        new_game(n, seed=1, options={"characters": cards})
    ok = new_game(6, seed=1, options={"characters": "judge+king+queen+fool+spy+thief"})
    assert sorted(ok.cards) == sorted(ids("judge", "king", "queen", "fool", "spy", "thief"))


def test_t05_setup_and_conservation():
    st = new_game(7, seed=9)
    assert st.coins == [6] * 7 and st.court == 0 and st.bank_issued == 0
    for n in (2, 5, 9, 13):
        for seed in range(30):
            st, rng = new_game(n, seed), random.Random(seed)
            while not st.is_over():
                s = st.active_seats()[0]
                st.apply(s, rng.choice(st.legal_actions(s)))
                assert not check_invariants(st)
                assert min(st.coins) >= 0


def test_t06_seeded_deal_and_public_initial_layout():
    a, b = new_game(9, seed=42), new_game(9, seed=42)
    assert a.cards == b.cards and a.first == b.first
    assert {(new_game(9, s).first, tuple(new_game(9, s).cards)) for s in range(8)} != {(a.first, tuple(a.cards))}
    setup = a.deal_events()[0]
    assert setup.to is None and setup.data["layout"] == list(a.initial)
    for seat in range(9):
        assert a.view(seat).initial == a.initial


# -------------------------------------------------------------- turns (T10–T16)
def test_t10_forced_swap_turns():
    st = rigged(5, SET6, turn_no=1)
    for _ in range(4):
        s = st.turn
        assert {a[0] for a in st.legal_actions(s)} == {"swap"}
        assert "swaps only" in unchanged(st, ("peek", st.hands[s][0]))
        act(st, ("swap", s, (s + 1) % 5, 0))
    assert st.turn_no == 5 and {a[0] for a in st.legal_actions(st.turn)} == {"swap", "peek", "announce"}
    for n, twice in ((2, {0, 1}), (3, {0})):
        st = rigged(n, SET6, turn_no=1)
        seats = []
        for _ in range(4):
            seats.append(st.turn)
            act(st, ("swap", st.hands[st.turn][0], n, 1))
        assert {s for s in seats if seats.count(s) == 2} == twice


def test_t11_swap_targets():
    st = rigged(4, SET6)
    targets = {a[2] for a in st.legal_actions(0) if a[0] == "swap"}
    assert targets == {1, 2, 3, 4, 5}                     # players and both middle cards
    unchanged(st, ("swap", 0, 0, 1))
    st = rigged(5, ["fool", "judge", "king", "queen", "witch", "bishop"])
    announce(st, "fool")
    assert st.pending[0] == "fool"
    assert "middle" in unchanged(st, ("fool", 1, 5, 1))
    unchanged(st, ("fool", 0, 1, 1))                      # its own card


def test_t12_swap_public_events_identical():
    logs = []
    for bit in (0, 1):
        st = rigged(4, SET6)
        events = act(st, ("swap", 0, 2, bit))
        public = [(e.kind, e.seat, e.data) for e in events if e.to is None]
        target = [(e.kind, e.data) for e in events if e.visible_to(2)]
        logs.append((public, target))
        assert st.cards[0] == (R.index("king") if bit else R.index("judge"))
        assert [e.data["bit"] for e in events if e.to == 0] == [bit]
    assert logs[0] == logs[1]
    assert "bit" not in str(logs[0])


def test_t13_forced_swap_after_reveal():
    layout = SET8 + ["cheat", "spy", "inquisitor"]
    st = rigged(11, layout)
    announce(st, "king", claimers=(1, 5))                  # seat 1 is the left neighbour
    assert st.turn == 1 and st.forced()
    assert {a[0] for a in st.legal_actions(1)} == {"swap"}
    assert "revealed" in unchanged(st, ("announce", KING, 1))
    act(st, ("swap", 1, 4, 0))
    assert not st.forced(2)
    for _ in range(3):
        act(st, ("swap", st.turn, (st.turn + 1) % 11, 0))
    assert st.turn == 5 and not st.forced()                # further claimant: free
    # the announcer is free too, at 2 players; the restriction clears after one turn
    st = rigged(2, SET6)
    announce(st, "king", claimers=(1,))
    assert st.turn == 1 and st.forced()
    middle = {a[2] for a in st.legal_actions(1)}
    assert middle == {0, 2, 3, 4, 5}                       # middle cards allowed
    act(st, ("swap", 1, 2, 1))
    assert st.turn == 0 and not st.forced()
    act(st, ("swap", 0, 2, 0))
    assert not st.forced()
    # the Inquisitor's target, next in order
    st = rigged(11, ["inquisitor"] + layout[:10], coins=[6] * 11)
    announce(st, "inquisitor")
    act(st, ("inquire", 1), ("guess", R.index("bishop"), 1))
    assert st.turn == 1 and st.forced()
    # flag off: no restriction
    st = rigged(11, layout, forced_swap_after_reveal=False)
    announce(st, "king", claimers=(1,))
    assert not st.forced() and any(a[0] == "announce" for a in st.legal_actions(1))


def test_t14_announce_only_characters_in_the_set():
    st = rigged(8, SET8)
    assert "not in this game" in unchanged(st, ("announce", WIDOW, 0))
    st = rigged(4, SET6[:5] + ["thief"])                   # the thief lies in the middle
    assert st.cards[5] == R.index("thief")
    act(st, ("announce", R.index("thief"), 0))
    assert st.phase == "claim"


def test_t15_claim_order():
    st = rigged(6, SET6, turn=4)
    act(st, ("announce", KING, 4))
    order = []
    while st.phase == "claim":
        s = st.active_seats()[0]
        assert st.window().seats == (s,) and not st.window().private
        assert [x for x, _ in st.view(s).answered] == order
        order.append(s)
        act(st, ("claim", s) if s == 0 else ("pass",))
    assert order == [5, 0, 1, 2, 3]


def test_t16_next_turn_is_announcers_left():
    st = rigged(6, SET6, turn=3)                           # seat 4 holds the Witch
    announce(st, "witch", claimers=(4, 5))
    assert st.pending == ("witch", 4)                       # the counter-claimant's power
    act(st, ("witch", 0))
    assert st.turn == 4 and st.coins[4] == 6 and st.coins[3] == 5
    st = rigged(6, SET6, turn=3)
    announce(st, "judge", claimers=(0,))
    assert st.turn == 4


# ---------------------------------------------------------- resolution (T20–T34)
def test_t20_unchallenged_bluff():
    st = rigged(4, ["thief", "judge", "bishop", "queen", "king", "cheat"])
    ev = announce(st, "king")
    assert st.coins[0] == 9 and st.court == 0 and "reveal" not in kinds(ev)


def test_t21_true_announcer_false_challenger():
    st = rigged(5, SET6, turn=2)
    announce(st, "king", claimers=(3,))
    assert st.coins[2] == 9 and st.coins[3] == 5 and st.court == 1


def test_t22_true_challenger():
    st = rigged(5, SET6, turn=0)
    ev = announce(st, "king", claimers=(1, 2))
    assert st.coins == [5, 5, 9, 6, 6] and st.court == 2
    assert kinds(ev).index("power") < kinds(ev).index("coins")


def test_t23_nobody_true():
    st = rigged(5, ["judge", "bishop", "queen", "witch", "cheat", "king"])   # King in the middle
    ev = announce(st, "king", claimers=(1, 3))
    assert st.coins == [5, 5, 6, 5, 6] and st.court == 3 and "power" not in kinds(ev)
    st = rigged(5, SET6)                                   # King with silent seat 2
    announce(st, "king", claimers=(1, 3))
    assert st.court == 3 and st.coins[2] == 6


def test_t24_peasants():
    base = ["peasant", "peasant", "judge", "bishop", "king", "fool", "queen", "witch"]
    st = rigged(8, base)
    announce(st, "peasant")
    assert st.coins[0] == 7
    st = rigged(8, base)
    announce(st, "peasant", claimers=(1,))
    assert st.coins[:2] == [8, 8] and st.court == 0
    st = rigged(8, base)
    announce(st, "peasant", claimers=(1, 2))
    assert st.coins[:3] == [8, 8, 5] and st.court == 1
    st = rigged(8, base)
    announce(st, "peasant", claimers=(2,))                 # seat 1 (a Peasant) stays silent
    assert st.coins[:3] == [7, 6, 5]


def test_t25_judge():
    layout = ["judge", "bishop", "king", "fool", "queen", "witch", "peasant", "peasant"]
    st = rigged(8, layout, court=5, coins=[6] * 8)
    st.bank_issued = 5
    announce(st, "judge", claimers=(1, 2))
    assert st.coins[:3] == [11, 5, 5] and st.court == 2
    st = rigged(8, layout)
    announce(st, "judge")
    assert st.coins[0] == 6


def test_t26_witch():
    layout = ["witch", "judge", "king", "queen", "bishop", "cheat"]
    st = rigged(5, layout, coins=[3, 9, 6, 6, 6])
    announce(st, "witch", claimers=(2,))
    act(st, ("witch", 1))
    assert st.coins[:3] == [9, 3, 5] and st.court == 1     # swap first, then the fine
    st = rigged(5, layout, coins=[3, 9, 6, 6, 6])
    announce(st, "witch")
    act(st, ("decline",))
    assert st.coins == [3, 9, 6, 6, 6]
    st = rigged(5, layout)
    announce(st, "witch")
    act(st, ("witch", 3))
    assert st.coins == [6] * 5
    st = rigged(5, layout, witch_may_decline=False)
    announce(st, "witch")
    assert ("decline",) not in st.legal_actions(0)


def test_t27_bishop():
    layout = ["bishop", "judge", "king", "queen", "witch", "cheat"]
    st = rigged(5, layout, coins=[6, 8, 7, 6, 6])
    announce(st, "bishop")
    assert st.coins[:2] == [8, 6]
    st = rigged(5, layout, coins=[6, 8, 8, 6, 6])
    announce(st, "bishop")
    assert st.pending == ("bishop", 0, (1, 2))
    unchanged(st, ("bishop", 3))
    act(st, ("bishop", 2))
    assert st.coins[:3] == [8, 8, 6]
    st = rigged(5, layout, coins=[11, 8, 7, 6, 6])         # the Bishop himself richest
    announce(st, "bishop")
    assert st.coins[:2] == [13, 6] and st.is_over()
    st = rigged(5, layout, coins=[6, 1, 1, 1, 1])          # all others tied at 1
    announce(st, "bishop")
    act(st, ("bishop", 3))
    assert st.coins == [7, 1, 1, 0, 1] and st.result().reason == "bankrupt"
    assert st.result().winners == (0,) and st.result().details["checkpoint"] == "C1"


def test_t28_thief():
    layout = ["thief", "judge", "king", "queen", "bishop", "cheat"]
    st = rigged(4, layout)
    announce(st, "thief")
    assert st.coins == [8, 5, 6, 5]                        # neighbours 1 and 3, not the middle
    st = rigged(4, layout, coins=[6, 1, 6, 6])
    ev = announce(st, "thief")
    assert st.coins == [8, 0, 6, 5] and st.result().reason == "bankrupt"
    assert kinds(ev).count("coins") == 2                   # the whole power, then C1
    two = ["thief", "judge", "king", "queen", "bishop", "cheat"]
    st = rigged(2, two)
    announce(st, "thief")
    assert st.coins == [8, 4]
    st = rigged(2, two, thief_two_player="once")
    announce(st, "thief")
    assert st.coins == [7, 5]


def test_t29_fool():
    layout = ["fool", "judge", "king", "queen", "witch", "bishop"]
    st = rigged(5, layout)
    announce(st, "fool")
    assert st.coins[0] == 7
    ev = act(st, ("fool", 1, 3, 1))
    assert st.cards[1] == R.index("queen") and st.cards[3] == R.index("judge")
    assert all("card" not in e.data for e in ev if e.to == 0)
    assert [e.data for e in ev if e.kind == "fool"] == [{"a": 1, "b": 3}]
    st = rigged(2, ["fool", "judge", "king", "queen", "witch", "bishop"])
    ev = announce(st, "fool")
    assert "fool_skip" in kinds(ev) and st.coins[0] == 7 and st.phase == "turn"


def test_t30_spy():
    layout = SET8 + ["cheat", "spy"]
    st = rigged(10, ["spy"] + layout[:9], turn=0)
    announce(st, "spy")
    act(st, ("spy", 1))
    look = st.private[0][-1]
    assert look == ("spy", 0, SPY, 1, R.index("judge"))
    assert st.pending[0] == "spy_swap"
    ev = act(st, ("spy_swap", 1))
    assert st.cards[:2] == [R.index("judge"), SPY]
    assert "bit" not in str([e.data for e in ev if e.to is None])
    st2 = rigged(6, ["spy", "judge", "king", "fool", "queen", "thief", "witch"],
                 extra_middle_cards=1, extra_characters="spy",
                 characters="judge+king+fool+queen+thief+witch+spy")
    announce(st2, "spy")
    assert ("spy", 6) in st2.legal_actions(0)              # a middle card
    ev = act(st2, ("spy", 6))
    assert [e.to for e in ev] == [None, 0]
    # contested and won by the true Spy: face down before the swap
    st = rigged(10, ["judge", "spy"] + layout[1:9])
    ev = announce(st, "spy", claimers=(1,))
    k = kinds(ev)
    assert k.index("reveal") < k.index("hide") < k.index("power") and not st.faceup
    act(st, ("spy", 5))
    ev = act(st, ("spy_swap", 0))
    assert st.court == 1 and "bit" not in str([e.data for e in ev if e.to is None])


def test_t31_inquisitor():
    layout = ["inquisitor"] + SET8 + ["cheat", "spy"]
    st = rigged(11, layout)
    announce(st, "inquisitor")
    assert "another player" in unchanged(st, ("inquire", 0))
    act(st, ("inquire", 3))
    assert st.active_seats() == (3,)
    assert "set" in unchanged(st, ("guess", WIDOW, 3))
    act(st, ("guess", R.index("king"), 3))               # seat 3 holds the King: right
    assert st.coins == [6] * 11
    st = rigged(11, layout, coins=[6, 6, 2] + [6] * 8)
    announce(st, "inquisitor")
    act(st, ("inquire", 2), ("guess", R.index("king"), 2))     # wrong: holds the Bishop
    assert st.coins[:3] == [8, 6, 0] and st.result().reason == "bankrupt"
    assert st.result().winners == (0,)
    st = rigged(11, layout, coins=[9, 6, 4] + [6] * 8)
    announce(st, "inquisitor")
    act(st, ("inquire", 2), ("guess", R.index("king"), 2))
    assert st.coins[:3] == [13, 6, 0] and st.result().reason == "thirteen"


def test_t32_cheat():
    layout = ["bishop", "judge", "king", "queen", "witch", "cheat"]
    st = rigged(5, layout, coins=[10, 6, 6, 6, 6])
    announce(st, "cheat")                                   # unchallenged bluff
    assert st.result().winners == (0,) and st.result().reason == "cheat"
    layout = ["bishop", "cheat", "king", "queen", "witch", "judge"]
    st = rigged(5, layout, coins=[6, 10, 6, 6, 6])
    announce(st, "cheat", claimers=(1, 2))
    assert st.result().winners == (1,) and st.court == 0    # no fines
    st = rigged(5, layout, coins=[6, 9, 6, 6, 6])
    announce(st, "cheat", claimers=(1, 2))
    assert not st.is_over() and st.court == 2
    st = rigged(5, layout, coins=[6, 11, 6, 6, 6])
    announce(st, "king")
    assert not st.is_over()


def test_t33_widow():
    layout = ["widow"] + SET11[:10] + ["thief"]
    for start, end in ((3, 10), (10, 10), (12, 10)):
        st = rigged(12, layout, coins=[start] + [6] * 11, characters=",".join(SET11 + ["widow"]))
        announce(st, "widow")
        assert st.coins[0] == end and not check_invariants(st)
    st = rigged(12, layout, coins=[12] + [6] * 11, widow_mode="topup")
    announce(st, "widow")
    assert st.coins[0] == 12


def test_t34_king_queen_bank():
    st = rigged(5, ["king", "queen", "judge", "bishop", "witch", "cheat"])
    announce(st, "king")
    assert st.bank_issued == 3
    announce(st, "queen")
    assert st.coins[:2] == [9, 8] and st.bank_issued == 5
    assert st.bank() == 194 - 30 - 5


# ------------------------------------------------------------------ end (T40–T46)
def test_t40_thirteen():
    st = rigged(5, ["king", "queen", "judge", "bishop", "witch", "cheat"], coins=[10, 6, 6, 6, 6])
    announce(st, "king")
    assert st.result().winners == (0,) and st.result().reason == "thirteen"
    st = rigged(5, ["king", "queen", "judge", "bishop", "witch", "cheat"], coins=[9, 6, 6, 6, 6])
    announce(st, "king")
    assert not st.is_over()


def test_t41_two_peasants_both_win():
    st = rigged(8, ["peasant", "peasant", "judge", "bishop", "king", "fool", "queen", "witch"],
                coins=[11, 12, 6, 6, 6, 6, 6, 6])
    announce(st, "peasant", claimers=(1,))
    assert st.result().winners == (0, 1) and st.coins[:2] == [13, 14]


def test_t42_bankruptcy_by_fine():
    layout = ["judge", "widow"] + SET11[1:]
    st = rigged(12, layout, coins=[1] + [6] * 11)
    announce(st, "widow", claimers=(1,))
    assert st.coins[:2] == [0, 10] and st.result().reason == "bankrupt"
    assert st.result().winners == (1,) and st.result().details["checkpoint"] == "C2"


def test_t43_bankruptcy_tie():
    st = rigged(5, ["judge", "bishop", "king", "queen", "witch", "cheat"], coins=[1, 8, 6, 6, 8])
    announce(st, "queen", claimers=(3,))
    assert st.result().winners == (1, 3, 4) and st.coins[0] == 0


def test_t44_end_at_c1_no_fines_no_negatives():
    st = rigged(4, ["judge", "thief", "king", "queen", "bishop", "cheat"], coins=[1, 6, 6, 6])
    announce(st, "thief", claimers=(1,))       # seat 1, the Thief, robs seat 0 who lied
    assert st.coins == [0, 8, 5, 6] and st.court == 0
    assert st.result().details["checkpoint"] == "C1" and min(st.coins) >= 0


def test_t45_inquisitor_thirteen_and_bankrupt():
    layout = ["inquisitor"] + SET8 + ["cheat", "spy"]
    st = rigged(11, layout, coins=[9, 4] + [6] * 9)
    announce(st, "inquisitor")
    act(st, ("inquire", 1), ("guess", R.index("king"), 1))
    assert st.result().reason == "thirteen" and st.result().winners == (0,)


def test_t46_no_end_check_on_swaps_or_peeks():
    st = rigged(5, SET6, coins=[0, 13, 6, 6, 6], turn_no=1)    # impossible coins, on purpose
    for _ in range(4):
        act(st, ("swap", st.turn, (st.turn + 1) % 5, 1))
    act(st, ("peek", st.turn))
    assert not st.is_over()


# --------------------------------------------------------- official mode (T50–T52)
def test_t50_official_layouts():
    st = new_game(3, seed=1, options={"small_table_mode": "official"})
    assert [len(h) for h in st.hands] == [2, 2, 2] and not st.middle and not any(st.protected)
    st = new_game(2, seed=1, options={"small_table_mode": "official"})
    assert [len(h) for h in st.hands] == [3, 3] and not st.middle
    assert [p for p in range(6) if st.protected[p]] == [2, 5]
    assert sorted(st.cards) == sorted(ids("bishop", "fool", "judge", "queen", "king", "witch"))


def test_t51_protected_cards():
    st = rigged(2, ["bishop", "fool", "judge", "queen", "king", "witch"], small_table_mode="official")
    swaps = {(a[1], a[2]) for a in st.legal_actions(0) if a[0] == "swap"}
    assert all(5 not in p for p in swaps) and (0, 2) in swaps and (0, 3) in swaps
    assert not any(a[0] == "announce" and a[2] == 2 for a in st.legal_actions(0))
    unchanged(st, ("announce", KING, 2))
    unchanged(st, ("swap", 0, 5, 1))
    act(st, ("announce", R.index("witch"), 0))
    assert ("claim", 5) in st.legal_actions(1)
    act(st, ("claim", 5))                                   # seat 1's protected Witch
    assert st.pending == ("witch", 1)


def test_t52_swap_own_cards():
    st = rigged(3, ["bishop", "fool", "judge", "queen", "king", "witch"], small_table_mode="official")
    assert ("swap", 0, 1, 1) in st.legal_actions(0)
    act(st, ("swap", 0, 1, 1))
    assert st.cards[:2] == ids("fool", "bishop")


def test_official_forced_swap_uses_the_revealed_card():
    st = rigged(3, ["bishop", "fool", "judge", "queen", "king", "witch"], small_table_mode="official")
    act(st, ("announce", KING, 0))
    act(st, ("claim", 3), ("pass",))                        # seat 1 claims with its 2nd card
    assert st.turn == 1 and st.forced()
    assert all(3 in (a[1], a[2]) for a in st.legal_actions(1))


# ------------------------------------------------------- engine side of T63, views
def test_t63_secrets_only_to_their_owner():
    """Peek results, Spy looks and swap bits travel only in events addressed to their
    seat and in that seat's view; the public view and every other seat never hold them."""
    layout = ["spy"] + SET8 + ["cheat"]
    st = rigged(10, layout)
    ev = announce(st, "spy") + act(st, ("spy", 4), ("spy_swap", 1))
    ev += act(st, ("peek", 1)) + act(st, ("swap", 2, 3, 1))
    for e in ev:
        if e.kind in ("spy_look", "peek_result", "swap_bit", "spy_bit"):
            assert e.to == e.seat
    assert st.view(None).private == () and st.view(5).private == ()
    assert [p[0] for p in st.view(0).private] == ["spy", "spy_swap"]
    pub = str([e.data for e in ev if e.to is None])
    assert "bit" not in pub and "card" not in pub


def test_views_differ_only_in_private():
    st = rigged(6, SET6)
    act(st, ("swap", 0, 3, 1))
    v0, v1 = st.view(0), st.view(1)
    assert v0.private and not v1.private
    assert v0.coins == v1.coins and v0.initial == v1.initial


def test_illegal_readable_and_clone_independent():
    st = rigged(6, SET6)
    with pytest.raises(IllegalAction, match="not seat 3"):
        st.apply(3, ("swap", 3, 1, 1))
    c = st.clone()
    act(c, ("swap", 0, 1, 1))
    assert st.cards != c.cards and st.turn == 0
    assert not check_invariants(c)


def test_powers_cover_all_twelve():
    assert {BISHOP, CHEAT, FOOL, INQUISITOR, KING, PEASANT, SPY, WIDOW} <= set(range(12))
