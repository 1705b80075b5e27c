"""The Đạo Tâm table driven with synthetic events: a whole game with one human and AIs
(claims by click and drag, calls by key and button, public plays with the shout on the
buzzer key, challenges by buzzer, a false start, Nhập Ma pushes by drag), illegal plays
said, and a two-seat buzzer race in one frame."""

from __future__ import annotations

import pygame

from game import registry
from game.match import Match, Seat
from scenes.core.i18n import t
from scenes.tables.daotam import DaoTamTable
from scenes.tables.daotam.model import picks_for
from tests.ui.helpers import click, drag, key, make_app

DT = 0.05
SEED, LEVEL = 3, "easy"      # a game where the human falls into Nhập Ma and pushes


def frame(app, dt: float = DT, draw: bool = True) -> None:
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.update(dt)
    if draw:
        app.stack.draw(app.screen)


def open_table(seats, seed, lang="en", size=(1280, 720)):
    app = make_app(size=size, lang=lang)
    match = Match("daotam", [Seat(k) for k in seats], seed)
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    return app, table


def settle_human(app, table, limit=4000):
    """Frames until the human viewer may act (or the game is over)."""
    for i in range(limit):
        if table.match.is_over() or table.viewer_can_act:
            return
        frame(app, draw=i % 8 == 0)
    raise AssertionError("the table never came back to the human")


def play_turn(app, table, brain, stats) -> None:
    """One decision of the human seat 0, made with the mouse and keys."""
    match = table.match
    phase = match.state.phase
    view = match.view(0)
    legal = match.legal_actions(0)
    act = brain.decide(view, legal)
    if phase == "turn":
        if act[0] == "claim":
            cards = table.hand_list()
            picks = picks_for(cards, act[1])
            first, rest = picks[0], picks[1:]
            if stats["claims"] % 2:
                drag(table.hand_rects[first].center, table.claim_zone.center)
            else:
                click(table.hand_rects[first].center)
            for i in rest:
                click(table.hand_rects[i].center)
            frame(app)
            assert sorted(table.model.picked) == sorted(picks)
            if stats["claims"] % 3 == 0:
                button = table.action_buttons[0 if act[2] == "cuong" else 1]
                click(button.rect.center)
            else:
                key(pygame.K_c if act[2] == "cuong" else pygame.K_n)
            stats["claims"] += 1
        else:
            click(table.action_buttons[2].rect.center)
            stats["public"] += 1
    elif phase == "push":
        target = act[1]
        drag(table.push_chip.center, pygame.Rect(table.spots[target].plate).center)
        stats["push"] += 1
    elif phase == "option":
        key(pygame.K_RETURN if act == ("use",) else pygame.K_n)
    elif phase in ("challenge", "race"):
        wid = match.state.window_seq
        if wid in stats["answered"]:
            frame(app, draw=False)
            return
        stats["answered"].add(wid)
        if act[0] in ("challenge", "shout"):
            key(pygame.K_1)
            stats["buzz"] += 1
    before = len(match.log)
    frame(app)
    if phase in ("turn", "push", "option"):
        assert len(match.log) > before and match.log[before] == (0, act), \
            (phase, act, table.toast.message)


def play_game(seats, seed, level="normal"):
    """A whole game through the table, seat 0 the human (decided by an AI brain)."""
    app, table = open_table(seats, seed)
    match = table.match
    brain = registry.make_agent("daotam", level, 0, 99)
    stats = {"claims": 0, "public": 0, "push": 0, "buzz": 0, "answered": set(),
             "false_start": False}
    for _ in range(20000):
        settle_human(app, table)
        if match.is_over():
            break
        prev = match.desk.previous
        if (not stats["false_start"] and match.state.phase == "turn"
                and (prev is None or not prev.counts(table.clock))):
            key(pygame.K_1)                       # a buzzer press outside any window
            frame(app)
            assert 0 in match.desk.false_starts
            stats["false_start"] = True
        play_turn(app, table, brain, stats)
    assert match.is_over()
    for _ in range(5):
        frame(app)
    return app, table, stats


def test_whole_game_one_human_and_ais():
    app, table, stats = play_game(["human", "normal", "normal", "normal"], seed=SEED, level=LEVEL)
    match = table.match
    result = match.result()
    assert result.reason in ("khai_sang", "tru_vung", "round_limit")
    assert t(f"daotam.win_{result.reason}") in table.result_headline()
    assert stats["claims"] and stats["public"] and stats["buzz"]
    assert stats["false_start"]
    assert stats["push"], "the chosen seed has the human push Tà Khí in Nhập Ma"
    assert any(e.kind == "nhap_ma" and e.seat == 0 for e in match.events)
    pushes = [e for e in match.events if e.kind == "push" and e.seat == 0]
    assert pushes and all(e.data["to"] != 0 for e in pushes)


def test_illegal_plays_say_why():
    app, table = open_table(["human", "normal", "normal"], seed=5)
    match = table.match
    settle_human(app, table)
    assert match.state.phase == "turn" and match.state.turn == 0
    key(pygame.K_c)                                # no picks yet
    frame(app)
    assert table.toast.message == t("err.daotam.pick_first")
    cards = table.hand_list()
    for i in range(min(3, len(cards))):
        click(table.hand_rects[i].center)
    frame(app)
    key(pygame.K_n)                                # three cards picked
    frame(app)
    assert table.toast.message == t("err.daotam.claim_count")
    assert match.log == []


def paper_at(app, rect) -> bool:
    """A card face (its rice paper, left of the symbol) is drawn in ``rect``."""
    x, y = rect.left + round(rect.w * 0.12), rect.centery
    return min(app.screen.get_at((x, y))[:3]) > 200


def test_a_card_dropped_on_the_claim_zone_is_staged_there_and_one_dropped_elsewhere_returns():
    app, table = open_table(["human", "normal", "normal"], seed=5)
    match = table.match
    settle_human(app, table)
    assert match.state.phase == "turn" and match.state.turn == 0
    cards = table.hand_list()
    slot = table.hand_rects[0].copy()
    w, h = app.size
    away = (round(w * 0.08), round(h * 0.5))          # bare mat, far from the claim zone
    assert not table.claim_zone.inflate(app.u * 6, app.u * 6).collidepoint(away)
    frame(app)
    assert paper_at(app, slot) and not paper_at(app, table.geometry.claim_rects(1)[0])
    drag(slot.center, table.claim_zone.center)
    frame(app)
    assert table.model.picked == [0]
    staged = table.geometry.claim_rects(1)[0]
    assert paper_at(app, staged), "the dropped card lies in the claim zone"
    assert not paper_at(app, slot), "its place in the hand is empty"
    drag(staged.center, away)                          # dragged off the zone: back to the hand
    frame(app)
    assert table.model.picked == [] and paper_at(app, slot) and not paper_at(app, staged)
    drag(table.hand_rects[1].center, away)             # dropped on the mat: nothing staged
    frame(app)
    assert table.model.picked == [] and paper_at(app, table.hand_rects[1])
    click(slot.center)                                 # a click stages it too …
    frame(app)
    assert table.model.picked == [0] and paper_at(app, staged)
    click(staged.center)                               # … and a click on it takes it back
    frame(app, dt=0.5)                                 # (past the double-click time)
    assert table.model.picked == [] and paper_at(app, slot)
    drag(slot.center, table.claim_zone.center)
    frame(app)
    key(pygame.K_c)
    frame(app)
    assert match.log[-1] == (0, ("claim", (cards[0],), "cuong"))
    assert table.model.picked == []


def test_the_keyboard_focus_ring_is_a_rounded_rectangle_around_the_card():
    from scenes.core import theme
    app, table = open_table(["human", "normal", "normal"], seed=5)
    settle_human(app, table)
    rect = table.hand_rects[0]
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    table.painter.focus_ring(surface, rect)
    white = pygame.mask.from_threshold(surface, theme.WHITE, (1, 1, 1, 255))
    u = app.u
    grow = max(1, round(0.15 * u)) + max(2, round(0.25 * u))
    box = white.get_bounding_rects()[0]
    assert box == rect.inflate(2 * grow, 2 * grow), "the ring hugs the card's own rect"
    assert not white.get_at(box.topleft) and not white.get_at((box.right - 1, box.bottom - 1))
    for x, y in [(box.left + box.w * 0.15, box.top), (box.right - 1, box.top + box.h * 0.15),
                 (box.centerx, box.bottom - 1), (box.left, box.bottom - 1 - box.h * 0.15)]:
        assert white.get_at((round(x), round(y))), f"straight sides, not an oval: {(x, y)} off the ring"


def test_a_false_start_is_said_with_the_seat_shaken_red_and_sounded():
    from scenes.kit.bluff.buzzers import cap_box
    app, table = open_table(["human", "normal", "normal"], seed=5)
    match = table.match
    settle_human(app, table)
    assert match.open_window() is None and match.state.phase == "turn"
    sounds: list[str] = []
    real_play = app.audio.play
    app.audio.play = lambda name: (sounds.append(name), real_play(name))
    box = pygame.Rect(cap_box(table.spots[0], table.centre))

    def red_pixels() -> int:
        crop = app.screen.subsurface(box.clip(app.screen.get_rect()))
        return pygame.mask.from_threshold(crop, (235, 90, 80), (12, 12, 12, 255)).count()
    frame(app)
    assert red_pixels() == 0
    key(pygame.K_1)                               # seat 1's buzzer with no window open
    frame(app, dt=0.02)
    assert 0 in match.desk.false_starts
    assert table.toast.message == t("daotam_table.false_start", name=t("seat.you"), s="1")
    assert "illegal" in sounds
    assert red_pixels() > 20, "the buzzer flashes red"
    xs = set()
    for _ in range(12):                           # it shakes sideways, then settles
        frame(app, dt=0.02)
        xs.add(min((x for x in range(box.left, box.right)
                    for y in (box.centery,) if app.screen.get_at((x, y))[:3] == (235, 90, 80)), default=None))
    assert len(xs - {None}) > 2
    frame(app, dt=0.5)
    assert red_pixels() == 0


def test_the_instruction_line_stays_and_says_one_thing_at_a_time():
    """After the turn banner would have faded the line still says what to do — your turn,
    then what to call once a card is staged, who is playing meanwhile — never together
    with a contradictory line."""
    from tests.ui.helpers import strings_drawn
    app, table = open_table(["human", "normal", "normal"], seed=5)
    app.settings.ai_speed = 20.0                          # the AIs think long enough to be seen
    match = table.match
    settle_human(app, table)
    for _ in range(60):                                   # three seconds of thinking
        frame(app, draw=False)
    lines = {k: t(f"daotam_table.{k}") for k in ("prompt_turn", "prompt_call")}
    drawn = strings_drawn(lambda: app.stack.draw(app.screen))
    assert lines["prompt_turn"] in drawn and lines["prompt_call"] not in drawn
    assert t("table.your_turn") not in drawn and t("table.not_your_turn") not in drawn
    click(table.hand_rects[0].center)
    frame(app)
    drawn = strings_drawn(lambda: app.stack.draw(app.screen))
    assert lines["prompt_call"] in drawn and lines["prompt_turn"] not in drawn
    key(pygame.K_c)
    seen_wait = False
    for _ in range(400):
        frame(app, draw=False)
        drawn = strings_drawn(lambda: app.stack.draw(app.screen))
        assert not (lines["prompt_turn"] in drawn and table.match.state.turn != 0)
        active = match.active_seats()
        if match.state.phase == "turn" and active and active[0] != 0 and not table.anim.busy:
            assert t("daotam_table.prompt_waiting", name=table.seat_name(active[0])) in drawn
            assert not any(line in drawn for line in lines.values())
            seen_wait = True
            break
    assert seen_wait


def test_a_seat_barred_by_a_false_start_is_told_it_is_out_of_the_race():
    """Buzzing while AIs take their turns: once a race opens within the lock-out of such a
    press, the line says the human is out of it, the cap is struck through, and a press in
    that race is refused with the same words and a red shake."""
    from game import registry
    from tests.ui.helpers import strings_drawn
    for seed in range(1, 8):
        app, table = open_table(["human", "normal", "normal"], seed=seed)
        match = table.match
        brain = registry.make_agent("daotam", "easy", 0, seed)
        last = -9
        for i in range(3000):
            if table.viewer_can_act and match.state.phase in ("turn", "push", "option"):
                table.submit(brain.decide(match.view(0), match.legal_actions(0)))
            elif match.open_window() is None and match.state.phase == "turn" and i - last > 5:
                key(pygame.K_1)                      # a false start during an AI's turn
                last = i
            frame(app, draw=False)
            if table.barred() or match.is_over():
                break
        if table.barred():
            break
    else:
        raise AssertionError("no race opened within a false start's lock-out")
    assert table.barred() == {0}
    table.faults.clear()                             # (the false start's own shake is over)
    drawn = strings_drawn(lambda: app.stack.draw(app.screen))
    assert t("daotam_table.race_out_you") in drawn
    (cx, cy), r = table.buzzers.caps[0]
    d = round(r * 0.75) - 2
    strike = [app.screen.get_at((cx + k, cy - k))[:3] for k in range(-d, d + 1, max(1, d // 4))]
    assert all(c == (235, 90, 80) for c in strike), "the cap is struck through"
    table.toast.show("")
    key(pygame.K_1)                                  # a shout in the race it is barred from
    frame(app, dt=0.02)
    assert table.toast.message == t("daotam_table.race_out_you")
    assert table.faults.get(0) is not None
