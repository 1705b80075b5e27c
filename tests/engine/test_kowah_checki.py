"""Kowah hand recognition as pure functions (rules 5–8; edge cases 7–17 of the rules file)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.kowah.checki import (
    exposable_pairs,
    is_checki,
    is_complete,
    is_pair,
    is_triple,
    split_groups,
)
from game.kowah.deck import default_deck

D = default_deck()


def cards(text: str) -> list[int]:
    return D.parse_many(text)


def ids(xs) -> set[str]:
    return {D.card_id(x) for x in xs}


# ---------------------------------------------------------------- triples and pairs (7–9)
@pytest.mark.parametrize("text", ["5C 5S 5M", "5C 5C 5S", "5C 5C 5C", "RF RF RF", "1M 1S 1C"])
def test_valid_triples(text):
    assert is_triple(cards(text))


@pytest.mark.parametrize("text", ["OT RF WF", "RF 1C 1S", "5C 5S 6M", "OT OT RF", "1C 1S OT",
                                  "5C 5S"])
def test_invalid_triples(text):
    assert not is_triple(cards(text))


@pytest.mark.parametrize("text,ok", [("2C 2C", True), ("2C 2S", False), ("WF WF", True),
                                     ("OT RF", False), ("5C 5C 5C", False)])
def test_pairs(text, ok):
    assert is_pair(cards(text)) is ok


# -------------------------------------------------------------------- checki (10–17)
def test_plain_checki_hand():                                   # edge case 10
    hand = cards("7C 7S 7M 9C 9C 9S 2C 2C")
    assert is_checki(hand)
    assert ids(exposable_pairs(hand)) == {"2C"}


def test_honour_triples_and_honour_pair():                      # edge case 11
    hand = cards("OT OT OT RF RF RF WF WF")
    assert is_checki(hand)
    assert ids(exposable_pairs(hand)) == {"WF"}


def test_two_plus_two_plus_one():                               # edge case 12
    hand = cards("5C 5C 5S 5S 5M 8C 8S 8M")
    assert is_checki(hand)
    assert ids(exposable_pairs(hand)) == {"5C", "5S"}


def test_three_plus_two():                                      # edge case 13
    hand = cards("5C 5C 5C 5S 5S 8C 8S 8M")
    assert is_checki(hand)
    assert ids(exposable_pairs(hand)) == {"5S"}


def test_three_plus_one_plus_one_is_not_checki():               # edge case 14
    hand = cards("5C 5C 5C 5S 5M 8C 8S 8M")
    assert not is_checki(hand)
    assert exposable_pairs(hand) == ()


def test_four_plus_one_is_not_checki():                         # edge case 15
    hand = cards("5C 5C 5C 5C 5S 8C 8S 8M")
    assert not is_checki(hand)


def test_two_triples_of_one_number_plus_a_pair():               # edge case 16
    assert ids(exposable_pairs(cards("5C 5S 5M 5C 5S 5M 2C 2C"))) == {"2C"}
    hand = cards("5C 5C 5S 5S 5M 5S 5M 5M")        # pair and both triples all 5s
    assert is_checki(hand)
    assert ids(exposable_pairs(hand)) == {"5C"}


def test_two_exposable_pairs_offer_a_choice():                  # edge case 17 (engine side)
    hand = cards("5C 5C 5S 5S 5M 8C 8S 8M")
    assert len(exposable_pairs(hand)) == 2
    assert exposable_pairs(hand) == tuple(sorted(exposable_pairs(hand)))


@pytest.mark.parametrize("text", [
    "7C 7S 7M 9C 9C 9S 2C 2S",        # 2C 2S is not an identical pair
    "OT RF WF 1C 1C 1C 2C 2C",        # mixed honours are no triple
    "RF 1C 1S 3C 3C 3C 2C 2C",        # an honour never joins the 1s
    "7C 7S 7M 9C 9C 9S 2C",           # seven cards
    "7C 7S 7M 9C 9C 9S 2C 2C 2C",     # nine cards
])
def test_not_checki(text):
    assert not is_checki(cards(text))


def test_exactly_two_copies_of_the_pair():
    # Three 2C and a 2S: the 2s can be 2C 2C 2S + ... but no identity is held exactly twice.
    assert not is_checki(cards("2C 2C 2C 2S 9C 9S 9M 4C"))
    assert ids(exposable_pairs(cards("2C 2C 2S 2S 2M 9C 9S 9M"))) == {"2C", "2S"}


def test_complete_hands():
    assert is_complete(cards("7C 7S 7M 9C 9C 9S 2C 2C 2C"))
    assert is_complete(cards("OT OT OT RF RF RF WF WF WF"))
    assert not is_complete(cards("7C 7S 7M 9C 9C 9S 2C 2C 2S"))   # no three identical
    assert not is_complete(cards("7C 7S 7M 9C 9C 9S 2C 2C"))


def test_split_groups():
    t1, t2, p = split_groups(cards("5C 5C 5S 5S 5M 8C 8S 8M"), D.parse("5S"))
    assert p == (D.parse("5S"),) * 2
    assert all(is_triple(t) for t in (t1, t2))
    t1, t2, p = split_groups(cards("7C 7S 7M 9C 9C 9S 2C 2C 2C"), D.parse("2C"))
    assert len(p) == 3
    with pytest.raises(ValueError):
        split_groups(cards("5C 5C 5C 5S 5S 8C 8S 8M"), D.parse("5C"))


# --------------------------------------------------------- against a brute-force split
def brute_pairs(hand: list[int]) -> set[int]:
    """Every identity x such that the hand is T1 + T2 + (x, x), holding exactly two x."""
    out = set()
    for i, j in itertools.combinations(range(8), 2):
        if hand[i] != hand[j] or hand.count(hand[i]) != 2:
            continue
        rest = [c for k, c in enumerate(hand) if k not in (i, j)]
        for trio in itertools.combinations(range(6), 3):
            a = [rest[k] for k in trio]
            b = [rest[k] for k in range(6) if k not in trio]
            if is_triple(a) and is_triple(b):
                out.add(hand[i])
    return out


def _hands():
    # Draw from a narrow set of cards so that checki hands are common.
    narrow = cards("5C 5S 5M 8C 8S RF 2C")
    pool = st.sampled_from(narrow + list(range(D.kinds)))
    return st.lists(pool, min_size=8, max_size=8).filter(
        lambda h: all(h.count(c) <= D.copies for c in h))


@settings(max_examples=400, deadline=None)
@given(_hands())
def test_exposable_pairs_match_brute_force(hand):
    hand = sorted(hand)
    assert set(exposable_pairs(hand)) == brute_pairs(hand)
