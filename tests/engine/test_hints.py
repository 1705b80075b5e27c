"""Hints (game/hints.py and game/<g>/hints.py): legal, deterministic, harmless, and the
facts in each reason match the view."""

from __future__ import annotations

import random

import pytest

from game import hints
from game.core import Action
from game.match import Match, Seat
from scenes.core import i18n

GAMES = {"ganjifa": 3, "kowah": 3, "daotam": 4, "mascarade": 4}


def _match(game: str, seed: int, ai: str = "normal") -> Match:
    return Match(game, [Seat("human")] + [Seat(ai) for _ in range(GAMES[game] - 1)], seed,
                 think_scale=0.0, timers=False)


def drive(match: Match, human, max_steps: int = 3000) -> None:
    """Play the match to its end: ``human(match) -> action`` for seat 0, AIs by ticking."""
    now = 0.0
    for _ in range(max_steps):
        if match.is_over():
            return
        if 0 in match.active_seats() and match.legal_actions(0):
            match.submit(0, human(match))
        else:
            now += 1.0
            match.tick(now)
    raise AssertionError("the match did not end")


def positions(game: str, seeds: range, level: str = "normal"):
    """(view, legal, hint, the cards where they lie — Mascarade) at every decision of seat 0 over a few games, seat 0 playing the hints."""
    for seed in seeds:
        found: list = []
        drive(_match(game, seed), lambda match, found=found: _ask(match, level, found))
        yield from found


def _ask(match: Match, level: str, found: list) -> Action:
    h = hints.for_match(match, 0, level)
    found.append((match.view(0), match.legal_actions(0), h, list(getattr(match.state, "cards", ()))))
    return h.action


@pytest.mark.parametrize("game", list(GAMES))
def test_every_hint_is_legal_and_has_a_sentence_in_both_languages(game: str) -> None:
    en, vi = i18n.strings("en"), i18n.strings("vi")
    keys = set()
    for _view, legal, h, _m in positions(game, range(2)):
        assert h.action in legal
        assert h.key in en and h.key in vi, h.key
        keys.add(h.key)
        for k, v in h.params.items():
            if isinstance(v, dict):
                assert set(v) == {"vi", "en"}, k
    assert len(keys) >= 4, keys         # the games reach several kinds of reasons


@pytest.mark.parametrize("game", list(GAMES))
def test_asking_for_a_hint_changes_nothing(game: str) -> None:
    """The same human moves with and without hints give the same log (the AIs' and the
    game's RNGs are untouched) and the same hint twice."""
    def first(match: Match) -> Action:
        legal = match.legal_actions(0)
        return legal[len(match.log) % len(legal)]

    plain = _match(game, 11)
    drive(plain, first)
    helped = _match(game, 11)

    def asking(match: Match) -> Action:
        a, b = hints.for_match(match, 0), hints.for_match(match, 0)
        assert a == b
        return first(match)

    drive(helped, asking)
    assert helped.log == plain.log


def test_hard_hints_are_deterministic() -> None:
    for game in GAMES:
        m = _match(game, 3)
        now = 0.0
        while 0 not in m.active_seats() or len(m.legal_actions(0)) < 2:
            if 0 in m.active_seats():
                m.submit(0, m.legal_actions(0)[0])
            else:
                now += 1.0
                m.tick(now)
        assert hints.for_match(m, 0, "hard") == hints.for_match(m, 0, "hard")


def test_a_level_other_than_normal_or_hard_is_refused() -> None:
    m = _match("kowah", 1)
    with pytest.raises(ValueError):
        hints.suggest("kowah", m.view(0), [("draw",), ("take",)], "easy")


# ----------------------------------------------------------------- facts per game
def test_ganjifa_reasons_match_the_cards_out() -> None:
    from game.ganjifa.deck import default_deck
    from game.ganjifa.policy import played_cards
    deck = default_deck()
    seen = set()
    for view, _legal, h, _m in positions("ganjifa", range(3)):
        if h.key == "hints.only_move":
            continue
        seen.add(h.key)
        card = h.action[1] if h.action[0] != "dukal" else h.action[1][0]
        suit = deck.suit_of(card)
        gone = set(played_cards(view)) | set(view.hand)
        higher_out = [c for c in range(suit * deck.per_suit, (suit + 1) * deck.per_suit)
                      if deck.strength[c] > deck.strength[card] and c not in gone]
        trumps_out = [c for c in range(view.trump * deck.per_suit, (view.trump + 1) * deck.per_suit)
                      if c not in gone]
        assert h.params.get("card", {"en": deck.card_name(card, "en")})["en"] == deck.card_name(card, "en")
        if h.key in ("hints.ganjifa.master_safe", "hints.ganjifa.master_risky",
                     "hints.ganjifa.master_no_trumps", "hints.ganjifa.win_sure"):
            assert not higher_out, (h, higher_out)
        if h.key == "hints.ganjifa.master_no_trumps":
            assert not trumps_out
        if h.key == "hints.ganjifa.draw_trumps":
            assert suit == view.trump and not higher_out and h.params["n"] == len(trumps_out) > 0
        if h.key in ("hints.ganjifa.near", "hints.ganjifa.give_loser"):
            assert h.params["n"] == len(higher_out) > 0
        if h.key == "hints.ganjifa.dukal":
            assert set(h.action[1]) <= set(view.hand) and h.params["total"] == 3 * len(h.action[1])
        if h.key == "hints.ganjifa.ruff":
            led = deck.suit_of(view.trick[0][1])
            assert suit == view.trump != led and not any(deck.suit_of(c) == led for c in view.hand)
        if h.key == "hints.ganjifa.duck":
            assert len(view.trick) >= 1
    assert {"hints.ganjifa.master_safe", "hints.ganjifa.low", "hints.ganjifa.duck"} & seen


def test_ganjifa_lead_of_the_last_master_trump() -> None:
    """A built position: the seat holds the Raja of trumps, two trumps are out."""
    from game.ganjifa.deck import default_deck
    from game.ganjifa.hints import reason
    from game.ganjifa.rules import new_game
    deck = default_deck()
    state = new_game(3, 4, {})
    seat = state.turn
    view = state.view(seat)
    raja = deck.card(view.trump, "R")
    h = reason(view, state.legal_actions(seat), ("play", raja))
    if raja in view.hand:
        assert h.key == "hints.ganjifa.draw_trumps"
        out = [c for c in range(view.trump * 12, view.trump * 12 + 12) if c not in view.hand]
        assert h.params["n"] == len(out)


def test_kowah_reasons_match_the_hand() -> None:
    from game.kowah.deck import default_deck
    deck = default_deck()
    seen = set()
    for view, _legal, h, _m in positions("kowah", range(4)):
        seen.add(h.key)
        hand = list(view.hand or ())
        if h.key == "hints.kowah.take_triple":
            top = view.discards[-1]
            assert sum(1 for c in hand if deck.keys[c] == deck.keys[top]) + 1 == h.params["n"] >= 3
        if h.key in ("hints.kowah.discard_loner", "hints.kowah.discard_dead"):
            c = h.action[1]
            assert sum(1 for x in hand if deck.keys[x] == deck.keys[c]) == 1
        if h.key == "hints.kowah.declare":
            x = h.action[1]
            seen_copies = hand.count(x) + list(view.discards).count(x)
            for s, known in enumerate(view.known):
                if s != view.seat:
                    seen_copies += max(list(known).count(x), 2 if view.declared[s] == x else 0)
            assert h.params["n"] == deck.copies - seen_copies
        if h.key == "hints.kowah.take_closer":
            assert h.params["d"] < h.params["now"]
    assert {"hints.kowah.draw", "hints.kowah.declare"} & seen
    assert any(k.startswith("hints.kowah.discard") for k in seen)


def test_daotam_challenge_counts_the_cards_seen() -> None:
    from game.daotam.deck import default_deck
    total = default_deck().chieu_counts()
    kinds = ("cuong", "nhu", "ta_khi")
    checked = 0
    for view, _legal, h, _m in positions("daotam", range(4)):
        if h.key not in ("hints.daotam.challenge", "hints.daotam.let_go"):
            continue
        actor, count, call = view.claim
        k = kinds.index(call)
        seen = view.hand[k] + view.discard_face_up[k] + sum(
            r[k] for s, r in enumerate(view.revealed_hands) if r is not None and s != view.seat)
        assert h.params["seen"] == min(seen, total[k]) and h.params["total"] == total[k]
        assert h.params["seat"] == actor and h.params["n"] == count
        assert h.params["size"] == view.hand_sizes[actor] + count
        assert (h.key == "hints.daotam.challenge") == (h.action == ("challenge",))
        checked += 1
    assert checked


def test_daotam_truthful_claim_says_what_is_held() -> None:
    for view, _legal, h, _m in positions("daotam", range(3)):
        if h.key == "hints.daotam.truth":
            call = h.action[2]
            assert h.params["held"] == view.hand[("cuong", "nhu", "ta_khi").index(call)] >= h.params["n"]
        if h.key == "hints.daotam.bluff":
            assert "ta_khi" in h.action[1] and h.params["ta"] == view.hand[2] > 0


def test_mascarade_certainty_is_never_wrong() -> None:
    """When a hint says the seat is 100 % sure of its card, the card really is that one."""
    from game.mascarade.data import default_rules
    names = [c.name["en"] for c in default_rules().characters]
    checked = 0
    for _view, _legal, h, cards in positions("mascarade", range(4)):
        if h.key in ("hints.mascarade.announce", "hints.mascarade.announce_win",
                     "hints.mascarade.claim") and h.params["p"] == 100:
            pos = h.action[2] if h.action[0] == "announce" else h.action[1]
            assert names[cards[pos]] == h.params["char"]["en"]
            checked += 1
    assert checked


def test_hint_seed_is_apart_from_the_match() -> None:
    assert hints.hint_seed(5, 0, 10) == hints.hint_seed(5, 0, 10) != hints.hint_seed(5, 0, 11)
    state = random.getstate()
    hints.hint_seed(1, 2, 3)
    assert random.getstate() == state


def test_ganjifa_dukal_give_up_names_every_card_to_give() -> None:
    """The table gives the cards of a Dukal together: the hint names all of them."""
    checked = 0
    for view, _legal, h, _m in positions("ganjifa", range(4, 5)):
        if h.action[0] != "give":
            continue
        given = next((len(cs) for s, cs in view.gives if s == view.seat), 0)
        cards = [h.action[1]] + [a[1] for a in h.also]
        assert len(cards) == view.give_count - given == len(set(cards))
        assert set(cards) <= set(view.hand) and all(a[0] == "give" for a in h.also)
        if len(cards) > 1:
            assert h.key == "hints.ganjifa.give_many" and h.params["n"] == len(cards)
        checked += 1
    assert checked


def test_a_game_without_hints_offers_none() -> None:
    from game import undo
    assert hints.explainer("no-such-game") is None
    assert hints.explainer("ganjifa") is not None
    with pytest.raises(ValueError):
        hints.suggest("no-such-game", None, [("a",), ("b",)])
    m = _match("kowah", 1)
    m.game = "no-such-game"
    assert undo.refusal(m, 0) == "hints.undo_game"
