"""Speech banners and the staged reveal (issue 18, art direction §4.5): an announcement is
a banner over the announcer's seat with the character's mask, popping in; counter-claims
follow in claim order, numbered 1, 2, …, and every banner stays while the claim is open,
clear of the plates, the buttons and the other banners. At the reveal every claimant's
card flips together; the true one lights."""

from __future__ import annotations

import pygame

from tests.ui.mascarade_replay import index_of, played, replay_from


def _contested():
    """A match with a claim round where two or more seats counter-claimed."""
    def two_claims(m) -> bool:
        return any(e.kind == "reveal" and e.data["why"] == "claim" and len(e.data["cards"]) >= 3
                   for e in m.events)
    match = played(8, two_claims, seeds=range(1, 200))
    reveal = index_of(match, "reveal", lambda d: d["why"] == "claim" and len(d["cards"]) >= 3)
    announce = max(i for i, e in enumerate(match.events[:reveal]) if e.kind == "announce")
    return match, announce, reveal


def test_banners_appear_in_claim_order_numbered_and_stay_while_the_claim_is_open():
    match, announce, reveal = _contested()
    claimants = [e.seat for e in match.events[announce:reveal] if e.kind == "claim"]
    cards = [p for p, _ in match.events[reveal].data["cards"]]
    announcer = match.events[announce].seat
    app, table = replay_from(match, announce)
    first_seen: list[int] = []
    popping = set()
    revealed = False
    for _ in range(400):
        table.update(1 / 60)
        table.controls.layout_choices()
        shown = table.painter.speech()
        if not shown and first_seen:
            break                                   # the next turn: the banners are gone
        for b in shown:
            if b.seat not in first_seen:
                first_seen.append(b.seat)
            if table.fx.pops.get(b.seat, 1.0) < 1.0:
                popping.add(b.seat)
        if any(p in table.model.faceup for p in cards):          # the reveal has come
            revealed = True
            assert [b.seat for b in shown] == [announcer] + claimants       # still up at the reveal
            assert [b.number for b in shown] == [None] + list(range(1, len(claimants) + 1))
            plates = [pygame.Rect(s.plate) for s in table.spots]
            buttons = [b.rect for b in table.top_buttons + table.choice_buttons if b.rect.w]
            rects = [b.rect for b in shown]
            for i, r in enumerate(rects):
                assert r.collidelist(plates + buttons + rects[i + 1:]) < 0, (r, i)
    assert revealed
    assert first_seen[:1 + len(claimants)] == [announcer] + claimants
    assert popping >= {announcer, *claimants}, "the banners did not pop in"


def test_the_reveal_flips_every_claimant_together_and_the_truth_lights():
    match, announce, reveal = _contested()
    cards = dict(match.events[reveal].data["cards"])
    said = match.events[announce].data["character"]
    app, table = replay_from(match, reveal - 1, size=(640, 400))
    flips, ups, lit = [], [], set()
    for _ in range(200):
        table.update(1 / 60)
        fx = table.fx
        if fx.flip_fx is not None and fx.flip_fx[2]:
            flips.append(set(fx.flip_fx[0]))
        up = {p for p in cards if p in table.model.faceup}
        if up:
            ups.append(up)
        if fx.glow is not None:
            lit |= set(fx.glow[0])
        if ups and not table.model.faceup:
            break                                   # hidden again
    assert flips and all(f == set(cards) for f in flips), "the claimants' cards did not flip as one"
    assert ups and all(u == set(cards) for u in ups), "a claimant's card turned up alone"
    assert lit == {p for p, c in cards.items() if c == said}



def test_the_turn_line_names_the_turn_the_animations_show_not_the_rules_next_one():
    """The rules are a turn ahead while a claim round still plays out on the table: the line
    above the centre keeps naming the announcer's turn until the next turn is shown."""
    from scenes.core import layout_check as lc
    from scenes.core.i18n import t
    from tests.ui.helpers import recording_layout
    match, announce, reveal = _contested()
    announcer = match.events[announce].seat
    turn_ev = max(i for i, e in enumerate(match.events[:announce]) if e.kind == "turn")
    turn_no = match.events[turn_ev].data["turn"]
    from tools.screens import drive
    assert drive(match, lambda m: m.view(None).turn_no > turn_no, "normal", 1)
    app, table = replay_from(match, turn_ev)
    v = match.view(None)
    assert (v.turn, v.turn_no) != (announcer, turn_no)          # the rules have moved on
    for _ in range(40):
        table.update(1 / 60)
    assert not any(p in table.model.faceup for p, _ in match.events[reveal].data["cards"])
    with recording_layout():
        drawn = [lc._texts[img][0] for img, _ in table.painter.banner(v, app.u)]
    assert drawn[0] == t("mascarade.turn_of", seat=table.seat_name(announcer), n=turn_no), drawn
