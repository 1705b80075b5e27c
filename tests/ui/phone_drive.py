"""Phone seats at a real table, headless (shared by the phone table tests and the
screenshot tool): a fake phone party (the real :class:`party.room.Room`, fake
connections), fake phones that answer their screens with an agent's choice, and the
face accounting of tests/ui/test_hotseat_privacy.py for a table nobody at the screen may
see private things of."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import pygame

from game import registry
from game.core import BUZZ
from game.match import Match, Seat
from party.present import SCREEN_KEYS, PhoneContext, presenter
from party.room import Room, json_action
from scenes.core import session
from scenes.widgets.layer import CachedLayer
from tests.party.fakes import FakeConn
from tests.ui.helpers import make_app

FRAME = [0]
_real_get = CachedLayer.get


def repaint_each_frame(self, key, size, paint):
    """A cached layer is painted afresh once per frame (so its faces are asked for again)."""
    if getattr(self, "_frame", None) != FRAME[0]:
        self._frame = FRAME[0]
        self.key = object()
    return _real_get(self, key, size, paint)


def stub_present(ctx: PhoneContext) -> dict:
    """A presenter for a game without its own yet: every legal action as a move (timed
    inside a window that waits for the seat; a Đạo Tâm window's answer is the buzzer)."""
    timed = ctx.window is not None and ctx.window.mine
    moves = []
    for i, a in enumerate(ctx.legal):
        if ctx.game == "daotam" and timed and a[0] in ("challenge", "shout"):
            a = BUZZ
        moves.append({"id": f"m{i}", "label": str(a), "action": json_action(a), "cards": None,
                      "legal": True, "reason": None, "kind": "normal", "timed": timed})
    screen = {k: None for k in SCREEN_KEYS}
    screen.update(title=ctx.game, status="", tone="turn" if moves else "wait", players=[], info=[],
                  hand=[], table=[], moves=moves, log=[])
    return screen


class Counted:
    """A presenter that counts its calls."""

    def __init__(self, game: str) -> None:
        self.real = presenter(game) or stub_present
        self.calls = 0

    def __call__(self, ctx: PhoneContext) -> dict:
        self.calls += 1
        return self.real(ctx)


class FakeParty:
    """What ``app.party`` holds (the lobby's PhoneParty): the room, a server, links."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.game = room.game
        self.server = None
        self.art = None

    def set_art(self, art) -> None:
        self.art = art

    def keep(self, force: bool = False) -> bool:     # the app keeps a party's file each frame
        return True

    def stop(self) -> None:
        self.server = None

    def link(self, seat: int | None = None) -> str:
        secret = self.room.room_secret if seat is None else self.room.seat_secret(seat)
        return f"http://192.168.1.5:8765/j/{self.room.code}#k={secret}" + (f"&s={seat}" if seat is not None else "")


class FakePhone:
    """One phone: joins its seat, and answers each new screen that offers moves with its
    agent's choice (mapped onto the moves offered)."""

    def __init__(self, room: Room, match: Match, seat: int, name: str, seed: int,
                 level: str = "normal", lang: str = "en", think: int = 30, secret: str | None = None) -> None:
        self.room, self.match, self.seat = room, match, seat
        self.think = think          # frames a screen is looked at before answering it
        self.first_seen: tuple[int, int] = (-1, 0)      # (rev, frame it arrived)
        self.conn = FakeConn(lang=lang)
        self.agent = registry.make_agent(match.game, level, seat, seed + seat)
        self.seq = 0
        self.done_rev = -1
        self.seen = 0
        room.receive(self.conn, {"type": "join", "code": room.code, "secret": secret or room.room_secret,
                                 "seat": seat, "name": name, "lang": lang}, time.monotonic())

    def screen(self) -> dict | None:
        for m in reversed(self.conn.sent):
            if m.get("type") == "screen":
                return m
        return None

    def drop(self) -> None:
        self.room.disconnect(self.conn)

    def step(self) -> bool:
        """Answer the latest screen once (again after a refusal). True if it sent an intent."""
        evs = self.match.events[self.seen:]
        self.seen = len(self.match.events)
        self.agent.observe([e for e in evs if e.visible_to(self.seat)])
        msg = self.screen()
        if msg is None or self.conn.closed:
            return False
        refused = any(m.get("type") == "error" and m.get("seq") == self.seq for m in self.conn.sent[-3:])
        if msg["rev"] == self.done_rev and not refused:
            return False
        moves = msg["screen"]["moves"] or []
        if not moves:
            return False
        if self.first_seen[0] != msg["rev"]:
            self.first_seen = (msg["rev"], FRAME[0])
        timed = any(m["timed"] for m in moves)
        if FRAME[0] - self.first_seen[1] < (min(self.think, 3) if timed else self.think):
            return False            # a person reads the screen first (a window's answer: quickly)
        offered = {json.dumps(m["action"]): m for m in moves}
        legal = self.match.legal_actions(self.seat)
        choice = None
        if legal:
            action = self.agent.decide(self.match.view(self.seat), legal)
            choice = offered.get(json.dumps(json_action(action)))
            if choice is None and action[0] in ("challenge", "shout"):
                choice = offered.get(json.dumps(list(BUZZ)))
        choice = choice or moves[0]
        self.seq += 1
        self.done_rev = msg["rev"]
        self.conn.sent.clear()
        self.conn.sent.append(msg)
        self.room.receive(self.conn, {"type": "intent", "seq": self.seq, "action": choice["action"],
                                      "t": None}, time.monotonic())
        return True


def phone_table(game: str, kinds: list[str], seed: int, options: dict | None = None,
                size=(1280, 720), lang: str = "en", anim_speed: float = 2.0, names: list[str] | None = None):
    """An app showing ``game``'s table with these seat kinds and a fake phone party; one
    FakePhone per phone seat, joined. Returns (app, match, table, room, phones, present)."""
    app = make_app(size=size, lang=lang, speed=0.0)
    app.settings.anim_speed = anim_speed
    match = Match(game, [Seat(k) for k in kinds], seed, options or {})
    room = Room(game, kinds)
    present = Counted(game)
    room._present = present
    app.party = FakeParty(room)
    table = session.make_table(app, match, fresh=True)
    app.stack.push(table)
    names = names or ["Lan", "Minh", "Hoa", "Tuấn", "Mai", "Bảo", "Linh", "Khoa", "Vy", "Quân", "An", "Huy", "Thu"]
    phones = {s: FakePhone(room, match, s, names[s], seed) for s, k in enumerate(kinds) if k == "phone"}
    room.start()
    return app, match, table, room, phones, present


def step(app: Any, dt: float = 0.05) -> None:
    """One frame of the app with a fake clock (animations run)."""
    FRAME[0] += 1
    app.now = time.perf_counter() - dt
    app.step()


# ------------------------------------------------------------------ face accounting
class FaceWatch:
    """Every card face the table draws during the app's draw, per game, and whether any
    of them is private to a seat (nobody at the screen may see one)."""

    def __init__(self, app: Any, table: Any) -> None:
        self.app, self.table, self.match = app, table, table.match
        self.faces: list[Any] = []
        self.hand_faces: list[Any] = []          # Đạo Tâm: drawn by draw_hand
        self.said: list[Any] = []                # Mascarade: a banner's mask (said aloud)
        self.drawing = [False]
        self.frames = 0
        game = self.match.game
        wrap = self._wrap
        if game == "ganjifa":
            table.art.face = wrap(table.art.face, lambda a, out: a[0])
            table.art.nearest_face = wrap(table.art.nearest_face, lambda a, out: a[0] if out is not None else None)
        elif game == "kowah":
            cp = table.card_paint
            cp.blit_card = wrap(cp.blit_card, lambda a, out: a[1])
            cp.mini = wrap(cp.mini, lambda a, out: a[0])
            real_groups = table.showcase._groups

            def groups(o):
                out = real_groups(o)
                if self.drawing[0]:
                    self.faces.extend(c for g in out for c in g)
                return out
            table.showcase._groups = groups
        elif game == "daotam":
            in_hand = [False]
            real_face, real_hand = table.card_faces.ct_face, table.painter.draw_hand

            def ct_face(kind, size, *variant):
                if self.drawing[0]:
                    (self.hand_faces if in_hand[0] else self.faces).append(kind)
                return real_face(kind, size, *variant)

            def draw_hand(surface, v):
                in_hand[0] = True
                try:
                    real_hand(surface, v)
                finally:
                    in_hand[0] = False
            table.card_faces.ct_face, table.painter.draw_hand = ct_face, draw_hand
        else:
            real = table.cards.face
            saying = [False]            # a speech banner's mask: the character announced
            table.cards.face = wrap(real, lambda a, out: None if saying[0] else a[0])
            real_said = getattr(table.painter, "said_face", None)
            if real_said is not None:
                def said_face(char, height):
                    saying[0] = True
                    if self.drawing[0]:
                        self.said.append(char)
                    try:
                        return real_said(char, height)
                    finally:
                        saying[0] = False
                table.painter.said_face = said_face
            real_private = table.painter.private_face if hasattr(table.painter, "private_face") else None
            if real_private is not None:
                def private_face(*a, **k):
                    if self.drawing[0]:
                        self.hand_faces.append(a)
                    return real_private(*a, **k)
                table.painter.private_face = private_face
        real_draw = app.stack.draw

        def draw(surface):
            self.drawing[0] = True
            try:
                real_draw(surface)
            finally:
                self.drawing[0] = False
        app.stack.draw = draw

    def _wrap(self, fn, card_of):
        def wrapped(*a, **k):
            out = fn(*a, **k)
            if self.drawing[0]:
                c = card_of(a, out)
                if c is not None:
                    self.faces.append(c)
            return out
        return wrapped

    def clear(self) -> None:
        self.faces.clear()
        self.hand_faces.clear()
        self.said.clear()

    def leaks(self) -> list:
        """The faces drawn this frame that some seat holds in private (empty: none)."""
        from tests.ui.test_hotseat_privacy import allowed, hidden_ganjifa, hidden_kowah
        m, game = self.match, self.match.game
        self.frames += 1
        if game == "ganjifa":
            ok = allowed(m, hidden_ganjifa(m, None))
            return [c for c, k in Counter(self.faces).items() if k > ok[c]]
        if game == "kowah":
            ok = allowed(m, hidden_kowah(m, None))
            return [c for c, k in Counter(self.faces).items() if ok[c] <= 0 and k > 0]
        if game == "daotam":
            return list(self.hand_faces) + list(Counter(self.faces) - daotam_public(self.table))
        up = set(self.table.model.faceup.values())
        ann = self.table.model.announced
        said = [c for c in self.said if ann is None or c != ann[1]]
        return list(self.hand_faces) + [c for c in self.faces if c not in up] + said


def daotam_public(table: Any) -> Counter:
    """The Chiêu Thức faces anyone may see now (as in test_hotseat_privacy)."""
    v, m = table.match.view(None), table.model
    out: Counter = Counter(m.revealed)
    top = next((k for k in (0, 1, 2) if v.discard_face_up[k]), None)
    if v.discard_size and top is not None:
        out[("cuong", "nhu", "ta_khi")[top]] += 1
    if m.public_pair is not None:
        out.update(("cuong", "nhu"))
    out.update(s.card[1] for s in table.flying if s.card and s.card[0] == "ct" and s.card[1])
    if m.push_fx is not None:
        out["ta_khi"] += 1
    return out


def play_out(app: Any, match: Match, table: Any, phones: dict, watch: FaceWatch | None = None,
             frames: int = 20000, on_frame: Any = None) -> dict:
    """Frames until the results show: the phones answer their screens, each frame's faces
    are accounted for. Returns counts (handoffs, leaks, frames, intents)."""
    from scenes.screens.handoff import HandoffScene
    from scenes.screens.results import ResultsScene
    stats = Counter()
    for n in range(frames):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoffScene):
            stats["handoffs"] += 1
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
        for p in phones.values():
            stats["intents"] += p.step()
        if on_frame is not None:
            on_frame(n)
        if watch is not None:
            watch.clear()
        step(app)
        stats["frames"] += 1
        if watch is not None and app.stack.top is table:
            leaks = watch.leaks()
            if leaks:
                stats["leaks"] += 1
                raise AssertionError(f"frame {n}: private faces {leaks} drawn "
                                     f"(active {match.active_seats()}, viewer {table.viewer})")
    return stats
