"""Reading hidden cards from how the opponents played, through the normal policy.

The normal policy is deterministic: from a seat's hand and the public record it always
picks the same card. So a guess of an opponent's hand can be *replayed*: give the seat,
at each of its past decisions, the cards it holds in the guess plus every card it has
played since, and ask the policy what it would have played. A guess that reproduces the
seat's actual plays explains them; one that does not is less likely if the seat plays
like the normal level (as the other AI levels and most sensible players largely do).

:class:`PolicyEvidence` collects those decisions once per search from a view (public
information only); :meth:`PolicyEvidence.mismatches` scores a guess. The hard level's
sampler steers its deals toward guesses that explain the play. Against a player who does
not play like the policy the score rarely reaches zero, and the steering only prefers
the closer guesses among those the rules allow.
"""

from __future__ import annotations

from game.ganjifa.policy import (
    DUKAL,
    FOLLOW,
    FULL,
    GIVE,
    LEAD,
    N_SEATS,
    N_SUITS,
    PER,
    REVEALS,
    STRENGTH,
    follow_choice,
    give_choice,
    lead_choice,
    legal_masks,
)
from game.ganjifa.rules import GanjifaView


class PolicyEvidence:
    """The past decisions of every seat but ``view.seat``, oldest first.

    A record is ``(seat, kind, rem, voids, trick, played, later, size)``: ``rem`` are the
    cards still in any hand and ``voids`` the public voids just before the decision,
    ``trick`` the single-card trick so far as ``(seat, suit, strength)``, ``played`` the
    ``(suit, bits)`` the seat actually played, ``later`` (masks per suit) that card plus
    every card the seat played after it — added to a guess of the seat's present hand,
    the hand it held then — and ``size`` the hand size at a lead (a Dukal may not be
    longer). The forced opening lead tells nothing and is left out.
    """

    __slots__ = ("records", "trump", "strict", "order")

    def __init__(self, view: GanjifaView) -> None:
        self.trump = view.trump
        self.strict = view.void_rule == "strict"
        self.records: list[tuple] = []
        me = view.seat
        played = [0] * N_SUITS
        voids = [0] * N_SEATS
        reveals = REVEALS[self.strict][self.trump]
        recs: list[list] = []

        def note(seat: int, kind: int, trick: list, s: int, bits: int) -> None:
            if seat != me:
                rem = [FULL & ~p for p in played]
                size = sum(m.bit_count() for m in rem) // N_SEATS
                recs.append([seat, kind, rem, voids[:], trick[:], (s, bits), None, size])
            played[s] |= bits

        def trick_plays(plays: tuple | list, opening: bool) -> None:
            trick: list[tuple[int, int, int]] = []
            led = plays[0][1] // PER
            for i, (seat, c) in enumerate(plays):
                s, k = c // PER, STRENGTH[c]
                if i == 0 and opening:
                    played[s] |= 1 << k
                else:
                    note(seat, FOLLOW if i else LEAD, trick, s, 1 << k)
                if i:
                    voids[seat] |= reveals[led][s]
                trick.append((seat, s, k))

        def dukal(leader: int, cards: tuple | list, gives: list) -> None:
            note(leader, LEAD, [], cards[0] // PER, sum(1 << STRENGTH[c] for c in cards))
            for seat, c in gives:
                note(seat, GIVE, [], c // PER, 1 << STRENGTH[c])

        for i, t in enumerate(view.history):
            if t.kind == "trick":
                trick_plays(t.plays, i == 0)
            else:
                lead = [c for seat, c in t.plays if seat == t.leader]
                dukal(t.leader, lead, list(t.plays[len(lead):]))
        if view.dukal:
            dukal(view.leader, view.dukal, [(seat, c) for seat, cs in view.gives for c in cs])
        elif view.trick:
            trick_plays(view.trick, not view.history)
        later = [[0] * N_SUITS for _ in range(N_SEATS)]
        for r in reversed(recs):
            s, bits = r[5]
            mine = later[r[0]] = later[r[0]][:]
            mine[s] |= bits
            r[6] = mine
        self.records = [tuple(r) for r in recs]
        self.order = list(range(len(self.records)))   # a record that refused a guess first

    def mismatches(self, hands: list[list[int]], limit: int = 1 << 30) -> int:
        """How many recorded decisions the guess ``hands`` (per seat, masks per suit)
        fails to reproduce; counting stops at ``limit``."""
        trump, strict = self.trump, self.strict
        bad = 0
        records = self.records
        order = self.order
        for n, i in enumerate(order):
            seat, kind, rem, voids, trick, played, later, size = records[i]
            hand = [a | b for a, b in zip(hands[seat], later, strict=True)]
            if kind == FOLLOW:
                legal = legal_masks(hand, trick[0][1], trump, strict)
                s, k = follow_choice(hand, rem, voids, seat, trump, trick, legal)
                got = (s, 1 << k)
            elif kind == LEAD:
                what, s, got_bits = lead_choice(hand, rem, voids, seat, trump)
                if what == DUKAL and got_bits.bit_count() > size:
                    continue    # too long to lead: the policy fell back to another play
                got = (s, got_bits)
            else:
                s, k = give_choice(hand, rem, trump)
                got = (s, 1 << k)
            if got != played:
                bad += 1
                if bad >= limit:
                    # Checked first next time: a guess that fails one record often fails
                    # the same one again. The order changes the work, never the count.
                    if n:
                        order.remove(i)
                        order.insert(0, i)
                    return bad
        return bad


__all__ = ["PolicyEvidence", "LEAD", "FOLLOW", "GIVE"]
