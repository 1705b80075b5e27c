"""Phone seats at the real tables (issue 17): the big screen shows only what everyone may
see and needs no handoff for a phone seat.

Each table is driven headless frame by frame with a fake 20 fps clock (animations run)
and every cached layer repainted each frame; fake phones (the real party.room.Room, fake
connections) answer the screens the room sends them with an agent's choice, after a
person's few moments of reading. Every card face drawn is accounted for
(tests/ui/phone_drive.FaceWatch, the machinery of test_hotseat_privacy)."""

from __future__ import annotations

import io
import json
import threading

import pygame
import pytest

from game import registry
from party.room import PUBLISH_PER_FRAME
from scenes.kit import phones as phones_mod
from scenes.kit.phones import ART_PER_FRAME, TablePhones, art_height
from scenes.screens.handoff import HandoffScene
from scenes.screens.results import ResultsScene
from scenes.widgets.layer import CachedLayer
from tests.ui.helpers import click, key, post, strings_drawn
from tests.ui.phone_drive import FaceWatch, phone_table, play_out, repaint_each_frame, step

PNG = b"\x89PNG\r\n\x1a\n"
GAMES = [  # game, seats, seed, options
    ("ganjifa", ["phone"] * 3, 5, {"time": "night"}),
    ("kowah", ["phone"] * 3, 11, {}),
    ("daotam", ["phone"] * 5, 4, {}),
    ("mascarade", ["phone"] * 10, 4, {}),
]


def watch_handoffs(table) -> list[int]:
    """Every handoff screen the table asks for (the seat handed to)."""
    asked: list[int] = []
    real = table.privacy.show_handoff

    def show(seat):
        asked.append(seat)
        real(seat)
    table.privacy.show_handoff = show
    return asked


@pytest.mark.parametrize("game,kinds,seed,options", GAMES, ids=[g[0] for g in GAMES])
def test_a_table_of_phones_plays_to_the_end_with_no_handoff_and_no_private_face(
        game, kinds, seed, options, monkeypatch):
    monkeypatch.setattr(CachedLayer, "get", repaint_each_frame)
    app, match, table, room, phones, present = phone_table(game, kinds, seed, options)
    assert isinstance(table.phones, TablePhones) and not table.confirmed_viewer
    asked = watch_handoffs(table)
    watch = FaceWatch(app, table)
    acting_on_screen = []

    def on_frame(n):
        if table.viewer_can_act or (game == "mascarade" and table.controls.actor() is not None):
            acting_on_screen.append(n)
        if table.driver.handoff_needed() is not None:      # asked of the policy every frame
            asked.append(table.driver.handoff_needed())
    stats = play_out(app, match, table, phones, watch, frames=20000, on_frame=on_frame)
    figure = (f"handoff screens in a {len(kinds)}-player {game} game with {len(phones)} phone seats: "
              f"{len(asked)} asked, {stats['handoffs']} shown")
    print(figure)
    assert match.is_over(), f"the game did not finish ({dict(stats)})"
    assert isinstance(app.stack.top, ResultsScene)
    assert not asked and stats["handoffs"] == 0, figure
    assert acting_on_screen == [], "the big screen offered a phone seat's decision"
    assert watch.frames > 100 and stats["leaks"] == 0
    assert {s for s, _ in match.log} == set(phones), "every phone played through the room"
    assert stats["intents"] >= len(match.log) // 2


def test_a_screen_human_among_phones_is_never_handed_off_and_sees_only_their_hand(monkeypatch):
    """One screen human and two phones: the screen human's hand is shown from the start
    (no handoff at all), the phones' hands never."""
    from collections import Counter

    from tests.ui.test_hotseat_privacy import allowed, hidden_ganjifa
    monkeypatch.setattr(CachedLayer, "get", repaint_each_frame)
    app, match, table, room, phones, _ = phone_table("ganjifa", ["human", "phone", "phone"], 7,
                                                     {"time": "night"})
    assert set(phones) == {1, 2} and table.viewer == 0 and table.confirmed_viewer
    asked = watch_handoffs(table)
    watch = FaceWatch(app, table)
    agent = registry.make_agent("ganjifa", "normal", 0, 7)
    own_faces = 0
    for n in range(20000):
        if isinstance(app.stack.top, ResultsScene):
            break
        assert not isinstance(app.stack.top, HandoffScene)
        if app.stack.top is table and table.viewer_can_act:
            table.submit(agent.decide(match.view(0), match.legal_actions(0)))
        for p in phones.values():
            p.step()
        watch.clear()
        step(app)
        assert table.viewer == 0 and table.confirmed_viewer, f"frame {n}"
        ok = allowed(match, hidden_ganjifa(match, 0))
        over = [c for c, k in Counter(watch.faces).items() if k > ok[c]]
        assert not over, f"frame {n}: faces {over} of a phone's hand drawn"
        own_faces += len(set(watch.faces) & set(match.view(0).hand or ()))
    assert match.is_over() and asked == []
    assert own_faces > 100, "the screen human's own hand was never drawn"


def test_two_screen_humans_and_phones_hand_off_among_the_screen_seats_only():
    """Mascarade with two screen humans, three phones and an AI: the secret decisions of
    the screen humans still hand the screen over, to them only."""
    from tests.ui.mascarade_drive import Driver
    app, match, table, room, phones, _ = phone_table(
        "mascarade", ["human", "phone", "human", "phone", "phone", "normal"], 4)
    asked = watch_handoffs(table)
    drive = Driver(app, match, table, seed=4, peeks=0.4)
    for _ in range(40000):
        if isinstance(app.stack.top, ResultsScene):
            break
        drive.step()
        for p in phones.values():
            p.step()
        step(app)
    assert match.is_over()
    assert len(asked) >= 2 and set(asked) <= {0, 2}, asked


def test_daotam_phone_seats_keys_do_nothing_but_say_so():
    from scenes.core import keymap
    app, match, table, room, phones, _ = phone_table("daotam", ["human", "phone", "phone"], 4)
    assert set(table.buzzers.key_of) == {0} and set(table.peek_seat_of.values()) <= {0}
    buzz = keymap.seat_keys(app.settings, "daotam", "buzz")
    peek = keymap.seat_keys(app.settings, "daotam", "peek")
    for _ in range(2000):       # to a reaction window
        if match.open_window() is not None and app.stack.top is table:
            break
        if app.stack.top is table and table.viewer_can_act:
            table.submit(registry.make_agent("daotam", "normal", 0, 1).decide(match.view(0), match.legal_actions(0)))
        for p in phones.values():
            p.step()
        step(app)
    assert match.open_window() is not None
    presses = len(match.desk.queue), len(match.desk.dropped)
    for k in (buzz[1], peek[2]):
        table.toast.message = ""
        post(pygame.KEYDOWN, key=k, mod=0, unicode="")
        step(app, 0.0)
        assert (len(match.desk.queue), len(match.desk.dropped)) == presses
        assert table.peeker.peek is None
        assert "plays on their phone" in table.toast.message, table.toast.message


def test_a_missing_phone_is_waited_for_and_its_seat_can_go_to_another_phone_or_an_ai(monkeypatch):
    app, match, table, room, phones, _ = phone_table("ganjifa", ["phone"] * 3, 5, {"time": "night"})
    gone = None
    for _ in range(4000):            # seat 1's phone drops while the rules wait for it
        if gone is None and 1 in match.active_seats() and not table.anim.busy:
            phones.pop(1).drop()
            gone = 1
            break
        for p in phones.values():
            p.step()
        step(app)
    assert gone == 1
    step(app)
    assert table.phones.waiting == [1] and room.waiting_for(match) == [1]
    texts = strings_drawn(lambda: app.stack.draw(app.screen))
    assert any("Waiting for Minh's phone" in s for s in texts), texts
    assert "Lan" in texts and "Minh" in texts, "the plates name the phones"
    for _ in range(30):              # the table waits: nobody moves for it
        step(app)
    assert 1 in match.active_seats()

    # another phone: F6 opens the menu, "Another phone" shows the seat's new link
    old_secret = room.seat_secret(1)
    key(pygame.K_F6)
    step(app)
    assert table.phones.menu == 1
    click(table.phones.buttons[1].rect.center)
    step(app)
    assert room.seat_secret(1) != old_secret and table.phones.qr is not None
    assert room.seat_secret(1) in table.phones.qr[1]
    from tests.ui.phone_drive import FakePhone
    secret = table.phones.qr[1].split("#k=")[1].split("&")[0]     # the link's seat secret
    phones[1] = FakePhone(room, match, 1, "Nam", 5, secret=secret)
    assert room.seat_of(phones[1].conn) == 1
    step(app)
    assert table.phones.menu is None and table.phones.waiting == []

    # later seat 2's phone is gone: a click on its plate, then "Give the seat to an AI"
    for _ in range(4000):
        if 2 in match.active_seats() and not table.anim.busy:
            break
        for p in phones.values():
            p.step()
        step(app)
    lost = phones.pop(2)
    lost.drop()
    step(app)
    assert table.phones.waiting == [2]
    click(table.plates.rects[2].center)
    step(app)
    assert table.phones.menu == 2
    click(table.phones.buttons[0].rect.center)
    step(app)
    assert match.seats[2].kind == "normal" and room.slots[2].kind == "normal"
    assert table.phones.menu is None and table.phones.waiting == []
    stats = play_out(app, match, table, phones)
    assert match.is_over() and isinstance(app.stack.top, ResultsScene), dict(stats)


CARDS = {"ganjifa": [str(c) for c in range(12)], "kowah": [str(c) for c in range(12)],
         "daotam": ['"cuong"', '"nhu"', '"ta_khi"'], "mascarade": [str(c) for c in range(6)]}


@pytest.mark.parametrize("game,kinds,seed,options", GAMES, ids=[g[0] for g in GAMES])
def test_card_art_for_phones_is_png_made_within_the_frame_budget(game, kinds, seed, options, monkeypatch):
    app, match, table, room, phones, _ = phone_table(game, kinds, seed, options)
    part = table.phones
    asked: list = []

    def ask():       # from another thread, as the server does
        for h in (120, 200, 10, 5000):
            for c in CARDS[game]:
                asked.append((c, h, part.art(game, c, h)))
    th = threading.Thread(target=ask)
    th.start()
    th.join()
    asked.append(("[1, 2", 100, part.art(game, "[1, 2", 100)))        # broken JSON
    asked.append((CARDS[game][0], 100, part.art("nogame", CARDS[game][0], 100)))
    assert not any(f.done() for _, _, f in asked), "rendered off the game thread"
    per_frame = []
    for _ in range(200):
        before = sum(f.done() for _, _, f in asked)
        step(app)
        per_frame.append(sum(f.done() for _, _, f in asked) - before)
        if all(f.done() for _, _, f in asked):
            break
    assert all(f.done() for _, _, f in asked)
    assert max(per_frame) <= ART_PER_FRAME and per_frame[0] >= 1, per_frame
    for card, h, fut in asked[:-2]:
        data = fut.result()
        assert data is not None and data.startswith(PNG), (card, h)
        img = pygame.image.load(io.BytesIO(data), "x.png")
        assert abs(img.get_height() - art_height(h)) <= 2, (card, h, img.get_size())
    assert asked[-2][2].result() is None and asked[-1][2].result() is None
    again = part.art(game, CARDS[game][0], 120)
    assert again.done() and again.result() == asked[0][2].result()      # from memory at once
    assert part.disk_path(game, CARDS[game][0], 128).read_bytes() == asked[0][2].result()


@pytest.mark.parametrize("game,kinds,seed,options", GAMES, ids=[g[0] for g in GAMES])
def test_a_phone_is_sent_its_own_cards_faces_though_the_big_screen_shows_their_backs(
        game, kinds, seed, options):
    """The table's privacy covers a phone seat's hand on the big screen; the pictures made
    for that phone are its faces (and ``null`` is the game's back)."""
    app, match, table, room, phones, _ = phone_table(game, kinds, seed, options)
    step(app)
    sent = [m for m in phones[0].conn.sent if m.get("type") == "screen"]
    screen = sent[-1]["screen"] if sent else None
    hand = [c["card"] for c in (screen or {}).get("hand", []) if c["card"] is not None]
    assert hand, "the phone's screen shows no card of its own"
    own, back = json.dumps(hand[0]), "null"
    futures = [table.phones.art(game, own, 160), table.phones.art(game, back, 160)]
    for _ in range(20):
        step(app)
    face_png, back_png = (f.result() for f in futures)
    assert face_png and back_png and face_png.startswith(PNG) and back_png.startswith(PNG)
    assert face_png != back_png, f"{game}: the phone was sent a back for its own card {own}"
    assert "reveal_all" not in table.__dict__       # the big screen's privacy is as it was


def test_the_art_budget_bounds_each_frame(monkeypatch):
    app, match, table, room, phones, _ = phone_table("mascarade", ["phone"] * 6, 2)
    part = table.phones
    futures = [part.art("mascarade", str(c), h) for c in range(6) for h in range(40, 400, 16)]
    monkeypatch.setattr(phones_mod, "ART_BUDGET_S", 0.0)
    done = [part.render_art(0.0)]
    assert done == [1], "at least one a frame, even with no time left"
    assert part.render_art(10.0) == ART_PER_FRAME
    assert sum(f.done() for f in futures) == 1 + ART_PER_FRAME


def test_the_pump_costs_nothing_when_nothing_changes():
    """Five phones connected, a table waiting for a phone's turn move: frames call no
    presenter and send nothing; one move makes one new screen per phone, the mover's at
    once and at most PUBLISH_PER_FRAME in a frame."""
    app, match, table, room, phones, present = phone_table("daotam", ["phone"] * 5, 4)
    for p in phones.values():
        p.think = 10 ** 9
    for _ in range(200):
        step(app)
        if not table.anim.busy and match.open_window() is None:
            break
    for _ in range(5):
        step(app)
    calls, sent = present.calls, sum(len(p.conn.sent) for p in phones.values())
    for _ in range(40):
        step(app)
    assert present.calls == calls, f"{present.calls - calls} presenter calls in 40 quiet frames"
    assert sum(len(p.conn.sent) for p in phones.values()) == sent
    seat = match.active_seats()[0]
    moves = phones[seat].screen()["screen"]["moves"]
    room.receive(phones[seat].conn, {"type": "intent", "seq": 99, "action": moves[0]["action"], "t": None})
    before = len(phones[seat].conn.sent)
    step(app)
    assert present.calls - calls == PUBLISH_PER_FRAME
    assert any(m["type"] == "ack" for m in phones[seat].conn.sent)
    assert any(m["type"] == "screen" for m in phones[seat].conn.sent[before:])   # the mover's first
    step(app)
    assert present.calls - calls == len(phones)


def test_phone_seats_show_a_phone_glyph_on_their_plates():
    app, match, table, room, phones, _ = phone_table("kowah", ["human", "phone", "normal"], 2)
    drawn = []
    real = phones_mod.draw_phone_glyph

    def glyph(surface, centre, u, away):
        drawn.append(away)
        return real(surface, centre, u, away)
    phones_mod.draw_phone_glyph = glyph
    try:
        step(app)
        assert drawn == [False]
        phones[1].drop()
        drawn.clear()
        step(app)
        assert drawn == [True]
    finally:
        phones_mod.draw_phone_glyph = real
    assert json.dumps(table.phones.names()).count("Minh") == 1


def test_pictures_are_still_made_under_a_cover_and_answered_none_once_the_table_is_gone():
    from scenes.core.stack import Scene
    app, match, table, room, phones, _ = phone_table("kowah", ["phone"] * 3, 2)
    part = table.phones
    assert app.party.art == part.art and app.party.table_phones is part
    app.stack.push(Scene(app))                       # a pause menu, say: the table's time stops
    fut = part.art("kowah", "3", 96)
    step(app)
    assert not fut.done()
    part.covered_frame()                             # the app's per-frame party upkeep
    assert fut.done() and fut.result().startswith(PNG)
    late = part.art("kowah", "4", 96)
    table.exit()
    assert late.result(timeout=0) is None and app.party.art is None
    assert part.art("kowah", "5", 96).result(timeout=0) is None
