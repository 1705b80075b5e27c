"""The Đạo Tâm table's animations and memory aid, driven by the real Match: a claim's
cards fly face down and land one by one, a public play's Cương + Nhu land face up, a
Chính Đạo draw flies from its deck and turns over for all, every step is 150–400 ms,
skippable and scaled by the speed setting (never the window's own length); the memory
aid counts only public reveals; plates and tokens stay readable at five seats."""

from __future__ import annotations

import pytest

from game.match import Match, Seat
from scenes.kit.seat_ring import overlaps
from scenes.tables.daotam import DaoTamTable
from scenes.tables.daotam.memory import revealed_summary
from tests.ui.helpers import make_app

DT = 1 / 60


def table_for(seats, seed=5, speed=1.0, size=(1280, 720), options=None):
    app = make_app(size=size, speed=speed)
    match = Match("daotam", [Seat(k) for k in seats], seed, options or {"first": 0})
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    return app, table


def queued(table):
    return [a for a in table.anim.running + table.anim.waiting]


def test_a_claim_flies_face_down_and_lands_card_by_card():
    app, table = table_for(["human", "normal", "normal"])
    match = table.match
    cards = table.hand_list()
    i = cards.index("ta_khi") if "ta_khi" in cards else 0
    table.model.picked = [i]
    assert table.controls.call("cuong")
    app.stack.update(DT)                 # the events become queued steps …
    app.stack.update(DT)                 # … and the first flight starts
    assert match.state.phase == "challenge"
    flights = [s for s in table.flying]
    assert flights and all(s.card == ("ct", None) for s in flights), "claim cards fly face down"
    assert table.model.last_claim == (0, 1, "cuong") and table.model.claim_landed == 0
    for _ in range(60):
        app.stack.update(DT)
        if not table.flying:
            break
    assert table.model.claim_landed == 1
    app.stack.update(DT)
    # the window opens as the cards land; its own length is the Match's (never scaled)
    ow = match.open_window()
    assert ow is not None and ow.ends_at - ow.opened_at == pytest.approx(3.0)


def test_public_pair_and_chinh_dao_draw_are_shown_to_all():
    app, table = table_for(["normal", "human", "normal"], seed=5)
    match = table.match
    seen = {"pair": False, "cd_flight": False, "cd_shown": False}
    for _ in range(6000):
        app.stack.update(DT)
        m = table.model
        seen["pair"] |= m.public_pair is not None and m.pair_landed == 2
        seen["cd_flight"] |= any(s.card and s.card[0] == "cd" for s in table.flying)
        seen["cd_shown"] |= m.cd_shown is not None and m.cd_x >= 1.0
        if match.state.phase == "turn" and match.state.turn == 1 and table.viewer_can_act:
            table.submit(("public",) if ("public",) in match.legal_actions(1)
                         else match.legal_actions(1)[0])
        if all(seen.values()) or match.is_over():
            break
    assert all(seen.values()), seen


@pytest.mark.parametrize("speed", [0.5, 1.0, 2.0])
def test_every_step_is_150_to_400_ms_skippable_and_scaled(speed):
    app, table = table_for(["human", "normal", "normal"], speed=speed)
    steps = []
    real_add = table.anim.add

    def add(anim):
        steps.append(anim)
        real_add(anim)
    table.anim.add = add
    match = table.match
    for _ in range(8000):
        app.stack.update(DT)
        if match.state.phase in ("turn", "push", "option") and table.viewer_can_act:
            table.submit(match.legal_actions(0)[0])
        if len(steps) > 60 or match.is_over():
            break
    timed = [a for a in steps if a.duration > 0]
    assert len(timed) > 10
    from scenes.tables.daotam.effects import SPEC_S
    for a in timed:
        if getattr(a, "fx", "") in SPEC_S:          # §3.5's longer moments (the Khai Sáng sweep)
            assert a.duration == pytest.approx(SPEC_S[a.fx]), a
            continue
        # a token turning to Tà Niệm: a 360 ms flip, its smoke puffs play on beside the next step
        motion = a.overlap if a.overlap and a.duration > 0.4 else a.duration
        assert 0.15 <= motion <= 0.4, a
    assert table.anim.speed == speed
    table.driver.skip()                                         # a click or Space
    assert not table.anim.busy and not table.flying and table.model.pop is None


def test_the_memory_aid_counts_public_reveals_since_the_last_shuffle():
    app, table = table_for(["human", "normal", "normal"])
    match = table.match
    assert revealed_summary(match.view(None).reveal_log) == (revealed_summary(())[0], [])
    for _ in range(6000):
        app.stack.update(DT)
        if match.state.phase in ("turn", "push", "option") and table.viewer_can_act:
            table.submit(match.legal_actions(0)[0])
        if match.state.stats["chinh_dao"] >= 2 or match.is_over():
            break
    kinds, cds = revealed_summary(match.view(None).reveal_log)
    st = match.state
    assert cds == [x for deck, x in st.reveal_log if deck == "cd"]
    assert sum(kinds.values()) == sum(1 for deck, _ in st.reveal_log if deck == "ct")
    # face-down discards (unchallenged claims) are never counted
    assert sum(kinds.values()) <= sum(st.disc_up) + sum(sum(h) for h in st.hands)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", [3, 4, 5])
def test_plates_tokens_and_slots_are_readable_and_apart(n, size):
    app, table = table_for(["human"] + ["normal"] * (n - 1), size=size)
    u = app.u
    boxes = []
    for spot in table.spots:
        (c, d) = table.geometry.token_places(spot.seat)[0]
        assert d >= 3.5 * u, f"tokens {d}px at {n} seats"
        assert spot.plate[3] >= 8.5 * u
        slots = table.slot_rects[spot.seat]
        assert all(r.h >= 8.5 * u for r in slots)
        boxes.append(spot.plate)
        boxes += [tuple(r) for r in slots]
        assert all(0 <= r.left and r.right <= size[0] and 0 <= r.top and r.bottom <= size[1] for r in slots)
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            assert not overlaps(boxes[i], boxes[j]), (n, size, boxes[i], boxes[j])
    centre = [tuple(r) for r in table.deck_rects.values()] + [tuple(table.claim_zone)]
    for b in boxes:
        for c in centre:
            assert not overlaps(b, c), (n, size, b, c)


def first_window(seed):
    """A table (AI at seat 0, two humans) at the first window, opened by the AI's move."""
    from tests.ui.helpers import make_app as _make
    app = _make(speed=1.0)
    match = Match("daotam", [Seat("normal"), Seat("human"), Seat("human")], seed, {"first": 0})
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    for _ in range(600):
        app.stack.update(DT)
        if match.open_window() is not None:
            return app, table
    raise AssertionError("no window")


@pytest.mark.parametrize("seed", [1, 2])
def test_the_ring_ticks_softly_and_a_challenge_stops_it_with_a_burst_at_the_challenger(seed):
    import pygame

    from scenes.core.i18n import t
    from tests.ui.helpers import key, strings_drawn
    app, table = first_window(seed)
    match = table.match
    assert match.open_window().window.kind == table.model.window_kind == "challenge"
    assert any(s.startswith(t("daotam.challenge")) for s in strings_drawn(lambda: app.stack.draw(app.screen)))
    for _ in range(int(1.2 / DT)):                   # past the first whole second
        app.stack.update(DT)
    assert match.open_window() is not None and table.ticks == 1, "a soft tick as a second passes"
    key(pygame.K_2)                                  # seat 1's buzzer
    for _ in range(10):
        for event in pygame.event.get():
            app.dispatch(event)
        app.stack.update(DT)
        if table.ring.burst_seat is not None:
            break
    assert [e.seat for e in match.events if e.kind == "challenge"] == [1]
    assert table.ring.burst_seat == 1
    reading = table.ring.reading(match, table.clock)
    assert reading is not None and reading.stopped and 0.4 < reading.fraction < 0.7
    ticks = table.ticks
    for _ in range(30):
        app.stack.update(DT)
    assert table.ticks == ticks, "a stopped ring no longer ticks"


def test_the_shout_race_has_its_own_ring_and_the_winners_plate_pops():
    from scenes.core.i18n import t
    from tests.ui.helpers import strings_drawn
    app, table = first_window(3)
    match = table.match
    assert match.open_window().window.kind == table.model.window_kind == "race"
    assert any(s.startswith(t("daotam.shout")) for s in strings_drawn(lambda: app.stack.draw(app.screen)))
    pops = set()
    for _ in range(int(2.5 / DT)):
        app.stack.update(DT)
        if table.model.pop is not None:
            pops.add(table.model.pop[0])
            assert table.ring.burst_seat == table.model.pop[0]
    winners = [e.data["winner"] for e in match.events if e.kind == "race_won"]
    assert winners and winners[0] is not None and pops == {winners[0]}


def test_a_log_line_stating_an_outcome_waits_for_the_animation_that_shows_it():
    """"X: caught lying" is written once the claim's cards are face up (or the animation
    was skipped), never while they still lie face down."""
    from game import registry
    from scenes.core.i18n import t
    app, table = table_for(["human", "normal", "normal"], seed=3)
    match, m = table.match, table.model
    outcome = {t(f"daotam.log_{k}", name=table.seat_name(s)) for k in ("truth", "lie") for s in range(3)}
    noted: list[tuple[str, str, tuple]] = []
    real_note = m.note

    def note(line, keep=6):
        noted.append((line, m.caught, m.revealed))
        real_note(line, keep)
    m.note = note
    brain = registry.make_agent("daotam", "normal", 0, 3)
    reveals = skipped = 0
    lagged = 0
    for _ in range(30000):
        n_events = len(match.events)
        before = match.view(None).reveal_log
        app.stack.update(DT)
        if table.anim.busy and match.view(None).reveal_log != before:
            table.memory_panel.draw_memory(app.screen)          # the memory aid waits for the animations too
            assert table.memory_panel.memory_reveals() != match.view(None).reveal_log
            lagged += 1
        if match.state.phase in ("turn", "push", "option") and table.viewer_can_act:
            table.submit(brain.decide(match.view(0), match.legal_actions(0)))
        new = [e for e in match.events[n_events:] if e.kind == "reveal"]
        reveals += len(new)
        if new and reveals % 3 == 0 and table.anim.busy:      # now and then: Space skips
            table.driver.skip()
            assert any(line in outcome for line in m.log[-4:]), "skipped: the line is there"
            skipped += 1
        if reveals >= 6 and skipped or match.is_over():
            break
    checked = [(line, caught, shown) for line, caught, shown in noted if line in outcome]
    assert len(checked) >= 4 and skipped and lagged
    for line, caught, shown in checked:
        assert caught in ("truth", "lie") and shown, f"{line!r} logged before the cards turned over"
