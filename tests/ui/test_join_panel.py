"""The join panel: phone seats chosen in setup (or with --seats) open it; it starts the
phone server, shows the room's QR code, address and code, the seats and their phones;
Start waits for every phone seat; Back and leaving the table stop the server; the room is
kept beside the save so a restarted app lets the same phones back in."""

from __future__ import annotations

import json

import pygame
import pytest
import segno

from game.match import Match
from scenes.core import nav, phone_host, session
from scenes.screens.join_panel import QUIET, JoinPanel
from scenes.screens.setup import SetupScene
from scenes.tables.base import TableScene
from tests.party.fakes import FakeConn
from tests.ui.helpers import click, key, make_app, strings_drawn
from tests.ui.phone_fakes import install, server_threads

GAME = "kowah"
SEATS = ["phone", "phone", "normal"]


@pytest.fixture(autouse=True)
def _phones(monkeypatch):
    opened = install(monkeypatch)
    yield
    for party in opened:
        party.stop()


def join(room, seat=None, name="Lan", secret=None, conn=None) -> FakeConn:
    conn = conn or FakeConn()
    room.connect(conn)
    room.receive(conn, {"type": "join", "code": room.code, "secret": secret or room.room_secret,
                        "seat": seat, "name": name, "lang": "en"})
    return conn


def open_panel(size=(1280, 720), lang="en", seats=SEATS):
    app = make_app(size=size, lang=lang)
    panel = nav.reset(app, "join", GAME, list(seats), 7, {})
    app.step()
    return app, panel


def drawn_qr(app, panel) -> list[list[bool]]:
    """The QR code as it is on the screen: each module's centre read back, dark or not."""
    rect, module = panel.qr_place()
    n = rect.width // module
    out = []
    for y in range(n):
        row = []
        for x in range(n):
            c = app.screen.get_at((rect.x + x * module + module // 2, rect.y + y * module + module // 2))
            row.append(sum(c[:3]) < 3 * 128)
        out.append(row)
    return out


def segno_qr(url: str) -> list[list[bool]]:
    """segno's own matrix of ``url`` with the quiet zone around it."""
    code = segno.make(url, error="m")
    return [[bool(v) for v in row] for row in code.matrix_iter(border=QUIET)]


def test_setup_offers_phone_seats_only_for_a_game_with_a_presenter(monkeypatch):
    app = make_app()
    setup = nav.reset(app, "setup", GAME)
    assert all("phone" in r.values for r in setup.seat_rows)
    from party import present
    monkeypatch.setattr(present, "presenter", lambda game: None)
    setup = nav.reset(app, "setup", GAME)
    assert not any("phone" in r.values for r in setup.seat_rows)
    assert all("human" in r.values for r in setup.seat_rows)


def test_setup_with_a_phone_seat_goes_to_the_join_panel_which_starts_the_server():
    app = make_app()
    setup = nav.reset(app, "setup", GAME)
    app.step()
    assert app.party is None and not server_threads()     # off by default
    row = setup.seat_rows[0]
    click((row.button.rect.right - 3, row.button.rect.centery))
    app.step()
    assert setup.seats[0] == "phone"                      # human → phone, with ›
    click(setup.start_button.rect.center)
    app.step()
    panel = app.stack.top
    assert isinstance(panel, JoinPanel)
    assert panel.seats == ["phone", "normal", "normal"] and panel.seed == setup.seed
    assert app.party is panel.party and app.party.listening and server_threads()
    assert app.party.room.phone_seats() == [0]


def test_the_panel_shows_the_address_the_code_and_the_qr_of_the_room_link():
    app, panel = open_panel()
    party = app.party
    seen = strings_drawn(lambda: panel.draw(app.screen))
    assert party.address() in seen and party.address().endswith(f":{party.port}")
    assert " ".join(party.room.code) in seen
    url = party.link()
    assert party.room.room_secret in url and party.room.code in url
    assert drawn_qr(app, panel) == segno_qr(url)
    rect, module = panel.qr_place()
    assert module >= 4 and rect.width >= 300            # big enough to scan from a sofa


def test_joining_phones_update_the_seats_and_start_waits_for_every_phone_seat():
    app, panel = open_panel()
    room = app.party.room
    rows = panel.rows[1:]
    assert [panel.row_state(i)[0] for i in range(3)] == ["waiting for a phone"] * 2 + ["AI · Normal"]
    join(room, 0, "Lan")
    app.step()
    assert "Lan" in rows[0].label and panel.row_state(0)[0] == "connected"
    assert not panel.go_button.enabled
    click(panel.go_button.rect.center)                  # a click on a disabled Start: nothing
    app.step()
    assert app.stack.top is panel
    second = join(room, 1, "Minh Châu")
    room.disconnect(second)                             # joined, then the phone slept
    app.step()
    assert panel.row_state(1)[0] == "phone away"
    assert panel.go_button.enabled
    seen = strings_drawn(lambda: panel.draw(app.screen))
    assert "Phones joined: 2 of 2" in seen
    click(panel.go_button.rect.center)
    app.step()
    table = app.stack.scenes[0]
    assert isinstance(table, TableScene)
    assert [s.kind for s in table.match.seats] == SEATS and table.match.seed == 7
    assert app.party is not None and app.party.room.started and server_threads()
    kept = json.loads(phone_host.room_path(GAME).read_text(encoding="utf-8"))
    assert kept["room"]["started"] and kept["room"]["code"] == room.code


def test_mouse_only_a_seat_shows_its_own_link_and_again_the_room_link():
    app, panel = open_panel()
    room = app.party.room
    click(panel.rows[2].rect.center)                    # seat 2's row
    app.step()
    assert panel.selected == 1
    seat_url = app.party.link(1)
    assert room.seat_secret(1) in seat_url and room.room_secret not in seat_url
    assert drawn_qr(app, panel) == segno_qr(seat_url)
    assert "This code opens Seat 2 (left) only" in strings_drawn(lambda: panel.draw(app.screen))
    click(panel.rows[3].rect.center)                    # an AI seat has no link
    app.step()
    assert panel.selected == 1
    click(panel.rows[2].rect.center)                    # the same row again: the room link
    app.step()
    assert panel.selected is None
    assert drawn_qr(app, panel) == segno_qr(app.party.link())


def test_keyboard_only_pick_a_seat_then_start():
    app, panel = open_panel()
    room = app.party.room
    key(pygame.K_TAB)                                   # the room row
    key(pygame.K_TAB)                                   # seat 1
    key(pygame.K_RETURN)
    app.step()
    assert panel.selected == 0 and panel.rows[1].focused
    assert drawn_qr(app, panel) == segno_qr(app.party.link(0))
    key(pygame.K_DOWN)                                  # seat 2
    key(pygame.K_DOWN)                                  # seat 3 is an AI: skipped, to Back
    app.step()
    assert panel.back_button.focused
    key(pygame.K_DOWN)                                  # Start is not ready: skipped
    app.step()
    assert not panel.go_button.focused
    join(room, None, "Lan")
    join(room, None, "Hùng")
    app.step()
    assert [s.name for s in room.lobby()[:2]] == ["Lan", "Hùng"]
    key(pygame.K_LEFT)                                  # from the room row back round to Start
    app.step()
    assert panel.go_button.focused
    key(pygame.K_RETURN)
    app.step()
    assert isinstance(app.stack.top, TableScene)


def test_back_stops_the_server_and_returns_to_the_same_setup():
    app, panel = open_panel()
    assert server_threads()
    threads = server_threads()
    conn = join(app.party.room, 0)
    click(panel.back_button.rect.center)
    app.step()
    assert not any(th.is_alive() for th in threads) and not server_threads()
    assert app.party is None
    assert any('"bye"' in text for text in conn.texts)   # the phone is told
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.seats == SEATS and setup.seed == 7


def test_escape_is_back():
    app, _ = open_panel()
    key(pygame.K_ESCAPE)
    app.step()
    assert isinstance(app.stack.top, SetupScene) and not server_threads()


def test_leaving_the_table_and_quitting_stop_the_server():
    app, panel = open_panel()
    join(app.party.room, 0)
    join(app.party.room, 1)
    panel.go_button.activate()
    app.step()
    app.step()
    assert server_threads() and app.party is not None
    nav.reset(app, "menu")                              # the pause menu's "Menu"
    app.step()
    assert not server_threads() and app.party is None
    app, panel = open_panel()
    assert server_threads()
    app.opts.frames = app.frames + 1
    app.run()                                           # the window closes
    assert not server_threads()


def restart_with_saved_phone_game(monkeypatch=None):
    """A phone game started, then the app quit; a new app on the same user folder."""
    app, panel = open_panel()
    room = app.party.room
    a, b = join(room, 0, "Lan"), join(room, 1, "Hùng")
    port = app.party.port
    panel.go_button.activate()
    app.step()
    tokens = [s.token for s in room.slots]
    before = (room.code, room.room_secret, [s.secret for s in room.slots], tokens, port)
    app.opts.frames = app.frames + 1
    app.run()
    assert '"bye"' in "".join(a.texts)            # the phones were told the table closed
    again = make_app()
    menu = nav.reset(again, "menu")
    again.step()
    menu.resume(GAME)
    again.step()
    return again, before, (a, b)


def test_continue_after_a_restart_brings_the_same_room_back():
    app, (code, room_secret, secrets, tokens, port), _ = restart_with_saved_phone_game()
    panel = app.stack.top
    assert isinstance(panel, JoinPanel) and panel.resumed is not None
    room = app.party.room
    assert (room.code, room.room_secret, [s.secret for s in room.slots]) == (code, room_secret, secrets)
    assert [s.token for s in room.slots] == tokens and app.party.port == port
    assert app.party.restored
    assert panel.go_button.label == "Continue" and not panel.go_button.enabled
    seen = strings_drawn(lambda: panel.draw(app.screen))
    assert "Phones back: 0 of 2" in " ".join(seen)
    for seat in (0, 1):                                 # each phone says hello with its token
        conn = FakeConn()
        room.connect(conn)
        room.receive(conn, {"type": "hello", "token": tokens[seat]})
        assert any('"welcome"' in text for text in conn.texts)
    app.step()
    assert panel.go_button.enabled and not panel.without_button.enabled
    click(panel.go_button.rect.center)
    app.step()
    table = app.stack.scenes[0]         # (two phone seats: a handoff over it until the
    assert isinstance(table, TableScene) and table.match is panel.resumed   # table's part)
    assert [s.kind for s in table.match.seats] == SEATS


def test_continue_without_gives_the_absent_phone_seats_to_an_ai(monkeypatch):
    if not hasattr(Match, "hand_over"):                 # (Match.hand_over lands with the table's part)
        def hand_over(self, seat, kind):
            from game import registry
            self.seats[seat].kind = kind
            self.seats[seat].agent = registry.make_agent(self.game, kind, seat, self._agent_seed(seat))
        monkeypatch.setattr(Match, "hand_over", hand_over, raising=False)
    app, (_, _, _, tokens, _), _ = restart_with_saved_phone_game()
    panel = app.stack.top
    room = app.party.room
    conn = FakeConn()
    room.connect(conn)
    room.receive(conn, {"type": "hello", "token": tokens[1]})
    app.step()
    assert not panel.go_button.enabled and panel.without_button.enabled
    key(pygame.K_TAB)
    for _ in range(20):
        if panel.without_button.focused:
            break
        key(pygame.K_TAB)
        app.step()
    assert panel.without_button.focused
    key(pygame.K_RETURN)
    app.step()
    table = app.stack.scenes[0]
    assert isinstance(table, TableScene)
    assert [s.kind for s in table.match.seats] == ["normal", "phone", "normal"]
    assert [s.kind for s in room.slots] == ["normal", "phone", "normal"]
    kept = json.loads(phone_host.room_path(GAME).read_text(encoding="utf-8"))
    assert [s["kind"] for s in kept["room"]["seats"]] == ["normal", "phone", "normal"]


@pytest.mark.parametrize("damage", ["{not json", '{"version": 1, "room": {"seats": 3}}', "missing"])
def test_a_damaged_room_file_means_a_new_room_and_the_panel_says_so(damage):
    app, (code, room_secret, _, tokens, _), _ = restart_with_saved_phone_game()
    phone_host.end(app)
    path = phone_host.room_path(GAME)
    if damage == "missing":
        path.unlink()
    else:
        path.write_text(damage, encoding="utf-8")
    again = make_app(lang="vi")
    menu = nav.reset(again, "menu")
    again.step()
    menu.resume(GAME)
    again.step()
    panel = again.stack.top
    assert isinstance(panel, JoinPanel) and not again.party.restored
    room = again.party.room
    assert room.room_secret != room_secret and not any(s.token for s in room.slots)
    seen = strings_drawn(lambda: panel.draw(again.screen))
    assert any("mọi điện thoại phải vào lại" in s for s in seen)
    conn = FakeConn()
    room.receive(conn, {"type": "hello", "token": tokens[0]})
    assert any('"bad_token"' in text for text in conn.texts)
    join(room, None, "Lan")
    join(room, None, "Hùng")
    again.step()
    assert panel.go_button.enabled


def test_a_new_deal_with_the_same_seats_keeps_the_room():
    """Deal again after a phone game: the stored room (and its phones' tokens) is reused."""
    app, panel = open_panel()
    room = app.party.room
    join(room, 0), join(room, 1)
    panel.go_button.activate()
    app.step()
    nav.reset(app, "menu")
    app.step()
    again = nav.reset(app, "join", GAME, list(SEATS), 8, {})
    app.step()
    assert again.party.room.code == room.code and again.party.room.ready()
    assert not again.party.room.started
    other = nav.reset(app, "join", GAME, ["phone", "normal", "phone"], 8, {})
    app.step()
    assert other.party.room.code != room.code or not other.party.room.ready()


def test_the_room_file_is_written_when_the_lobby_changes():
    app, panel = open_panel()
    path = phone_host.room_path(GAME)
    first = json.loads(path.read_text(encoding="utf-8"))
    assert first["port"] == app.party.port and first["room"]["code"] == app.party.room.code
    assert not any(s["token"] for s in first["room"]["seats"])
    join(app.party.room, 1, "Thảo")
    app.step()
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept["room"]["seats"][1]["name"] == "Thảo" and kept["room"]["seats"][1]["token"]


def test_a_server_that_cannot_start_is_said_not_raised(monkeypatch):
    class Refused:
        def __init__(self, room, host, port, art=None):
            pass

        def start(self):
            raise OSError("address in use")
    monkeypatch.setattr(phone_host, "server_class", lambda: Refused)
    app, panel = open_panel()
    assert not app.party.listening and not panel.go_button.enabled
    seen = strings_drawn(lambda: panel.draw(app.screen))
    assert any("address in use" in s for s in seen)


def test_seats_with_phone_on_the_command_line_reach_the_join_panel(monkeypatch):
    import main
    from scenes.core import app as app_module
    reached = []

    def look(self):
        self.step()
        reached.append((type(self.stack.top), list(self.stack.top.seats), self.party.listening))
        for scene in list(self.stack.scenes):
            scene.exit()
        phone_host.end(self)
        return 0
    monkeypatch.setattr(app_module.App, "run", look)
    assert main.main(["--seats", "phone,normal,normal", "--game", "kowah", "--fps", "0"]) == 0
    assert reached == [(JoinPanel, ["phone", "normal", "normal"], True)]
    assert not server_threads()


@pytest.mark.parametrize("size", [(640, 400), (1280, 720), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_panel_fits_every_window(size, lang):
    seats = ["phone", "human", "phone", "normal"]
    app = make_app(size=size, lang=lang)
    panel = nav.reset(app, "join", "daotam", seats, 3, {})
    join(app.party.room, 0, "Nguyễn Thị Minh Châu")
    app.step()
    screen = pygame.Rect((0, 0), size)
    rects = [b.rect for b in panel.rows] + [panel.back_button.rect, panel.go_button.rect]
    qr, module = panel.qr_place()
    for i, a in enumerate(rects + [qr]):
        assert screen.contains(a) and panel.panel.contains(a), a
        for b in (rects + [qr])[i + 1:]:
            assert not a.colliderect(b), (a, b)
    assert drawn_qr(app, panel) == segno_qr(app.party.link())
    assert module >= (3 if size[1] < 720 else 6)


def test_session_continue_scene_routes_phone_saves_through_the_panel():
    app = make_app()
    plain = session.start(GAME, ["human", "normal", "normal"], 4, {})
    assert isinstance(session.continue_scene(app, plain), TableScene)
    plain.close()
    with_phones = session.start(GAME, SEATS, 4, {})
    scene = session.continue_scene(app, with_phones)
    assert isinstance(scene, JoinPanel) and scene.resumed is with_phones
    phone_host.end(app)
    with_phones.close()


@pytest.mark.parametrize("size,large", [((640, 400), False), ((1280, 720), False), ((1280, 720), True),
                                        ((3840, 2160), False)])
@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("resumed", [False, True])
def test_nothing_on_the_panel_collides(size, large, lang, resumed):
    """The project's overlap check (scenes/core/layout_check.py) on the panel: a fresh deal
    and a saved game (its note under the seats, Continue without), large text too."""
    from scenes.core import fonts, grade
    from scenes.core import layout_check as lc
    app = make_app(size=size, lang=lang)
    fonts.set_scale(grade.LARGE_TEXT if large else 1.0)
    seats = ["phone", "human", "phone", "phone", "normal"]
    if resumed:
        match = session.start("daotam", seats, 3, {})
        panel = nav.reset(app, "join_saved", match)
    else:
        panel = nav.reset(app, "join", "daotam", seats, 3, {})
    join(app.party.room, 0, "Nguyễn Thị Minh Châu")
    join(app.party.room, 2, "Hùng")
    panel.pick(2)
    panel.row.focus = 0
    panel.row._sync()
    with lc.recording():
        frame = lc.RecordingSurface(size)
        app.stack.draw(frame)
    notes = lc.frame(frame)
    problems = lc.problems(notes, size)
    if size == (1280, 720) and not large:       # readable where the project measures it
        problems += [f"{tx.s!r} is {tx.px} px" for tx in notes.texts if tx.px < 12 and tx.s.strip()]
    fonts.set_scale(1.0)
    assert problems == []
    if resumed:
        match.close()


def test_no_network_is_said(monkeypatch):
    monkeypatch.setattr(phone_host, "lan_host", lambda: "127.0.0.1")
    app, panel = open_panel()
    assert any("on no network" in s for s in strings_drawn(lambda: panel.draw(app.screen)))
    monkeypatch.setattr(phone_host, "lan_host", lambda: "192.168.1.5")
    app, panel = open_panel()
    assert not any("on no network" in s for s in strings_drawn(lambda: panel.draw(app.screen)))
    assert app.party.address().startswith("http://192.168.1.5:")


def test_seats_with_phone_for_a_game_without_a_presenter_stop_the_launch(monkeypatch):
    from party import present
    from scenes.core.boot import first_scene
    monkeypatch.setattr(present, "presenter", lambda game: None)
    app = make_app(game="kowah", seats="phone,normal,normal")
    with pytest.raises(SystemExit, match="cannot be played from phones"):
        first_scene(app)
    assert app.party is None and not server_threads()


def test_the_art_renderer_reaches_the_running_server():
    app, panel = open_panel()
    art = object()
    app.party.set_art(art)
    assert app.party.server.art is art


def test_a_resized_window_lays_the_panel_out_again():
    app, panel = open_panel(size=(1280, 720))
    before, _ = panel.qr_place()
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    app.step()
    after, _ = panel.qr_place()
    assert after.width > before.width and pygame.Rect(0, 0, 1920, 1080).contains(panel.go_button.rect)
    assert drawn_qr(app, panel) == segno_qr(app.party.link())
