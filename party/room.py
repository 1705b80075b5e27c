"""The room: who sits where, who may act for a seat, and what each phone is shown.

Two threads use a room. The server thread (:mod:`party.server`) calls :meth:`Room.connect`,
:meth:`Room.disconnect` and :meth:`Room.receive` with messages it has already validated
(:mod:`party.protocol`); joining and rejoining are answered there and then, under the
room's lock, since they touch no Match. Intents only go on a thread-safe inbox. The game
thread calls :meth:`Room.pump` once a frame: it applies the queued intents to the Match
(the only thread that touches it) and, when something a phone shows has changed, builds
each joined phone seat's screen from that seat's own view (:mod:`party.present`) and
hands the text to the connection's ``send`` — which only queues it. Nothing here waits
for the network.

A phone can only act for the seat its token was given for, only with a ``seq`` larger
than any before (a replayed message changes nothing), and only with an action its last
screen offered; the rules then judge it as they judge a click (``Match.why_illegal`` /
``Match.intent``).
"""

from __future__ import annotations

import hmac
import json
import logging
import queue
import secrets
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from game.core import IllegalAction
from game.match import SEAT_KINDS, list_action
from game.wire import to_json as wire_json
from party.clock import CAP_S, ClockSync
from party.present import PhoneContext, WindowInfo, presenter, refusal_text, tr

log = logging.getLogger(__name__)
PROTOCOL = 1
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"     # no I or O: a code read aloud is typed right
CODE_LENGTH = 4
NAME_MAX = 20
RECENT_EVENTS = 30
MAX_ACTION_DEPTH = 6
LANGS = ("en", "vi")
PUBLISH_PER_FRAME = 3       # screens built in one frame (the acting phone's first): no frame
                            # builds a thirteen-seat table's screens at once
JOIN_FAILS = 5                  # wrong join secrets an address may send …
JOIN_WINDOW_S = 60.0            # … in this many seconds before its joins are refused


class Conn(Protocol):
    """One phone's connection, as the server gives it to the room."""

    id: int
    lang: str
    clock: ClockSync
    address: str

    def send(self, text: str) -> None:
        """Queue ``text`` for the phone (thread-safe, never blocks)."""

    def close(self) -> None:
        """Close the connection after what is queued (thread-safe)."""


class RoomError(Exception):
    """A phone message the room refuses: ``code`` (for the page) and an i18n ``key``."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def reason(self, lang: str) -> str:
        return tr(lang, f"party.err.{self.code}", **self.params)


@dataclass
class SeatSlot:
    """One seat as the room knows it. ``kind``: "phone", "human" (a screen seat) or an
    AI level."""

    seat: int
    kind: str
    name: str = ""
    secret: str = ""
    token: str = ""
    last_seq: int = 0
    lang: str = "en"
    conn: Any = None

    @property
    def joined(self) -> bool:
        return bool(self.token)

    @property
    def connected(self) -> bool:
        return self.conn is not None

    @property
    def is_phone(self) -> bool:
        return self.kind == "phone"

    @property
    def role(self) -> str:
        """What the phone page calls the seat: "phone", "screen" or "ai"."""
        return self.kind if self.kind == "phone" else "screen" if self.kind == "human" else "ai"


def new_code(rng: Any = secrets) -> str:
    return "".join(rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def as_action(value: Any, depth: int = 0) -> Any:
    """A phone's JSON action as the engine's tuple (lists become tuples); RoomError for
    anything an action cannot hold."""
    if depth > MAX_ACTION_DEPTH:
        raise RoomError("bad_message")
    if isinstance(value, list):
        return tuple(as_action(v, depth + 1) for v in value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise RoomError("bad_message")



def _same(a: str, b: str) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(a.encode(), b.encode())


@dataclass
class _Offer:
    """What a seat's last screen offered: action → timed."""

    actions: dict[Any, bool] = field(default_factory=dict)


class Room:
    """A phone table's seats and their phones (see the module docstring)."""

    def __init__(self, game: str, kinds: Sequence[str], code: str | None = None) -> None:
        self.game = game
        self.code = code or new_code()
        self.room_secret = secrets.token_urlsafe(16)
        self.slots = [SeatSlot(i, k, secret=secrets.token_urlsafe(16)) for i, k in enumerate(kinds)]
        self.started = False
        self.closed = False
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        self._lock = threading.RLock()
        self._offers: dict[int, _Offer] = {}
        self._pressed: frozenset[int] = frozenset()   # phone seats whose timed press awaits judging
        self._due: list[int] = []                # seats whose new screen is still to build
        self._acted: list[int] = []              # seats whose intents this pump applied
        self._sent: dict[int, str] = {}          # seat → the last screen text sent
        self._key: Any = None                    # what the last publish saw
        self._epoch = 0                          # bumped by joins, leaves, names, languages
        self.rev = 0
        self._present = None
        self._bad_joins: dict[str, deque[float]] = {}    # address → times of wrong secrets

    # ------------------------------------------------------------ host side
    def seat_secret(self, seat: int) -> str:
        return self.slots[seat].secret

    def phone_seats(self) -> list[int]:
        return [s.seat for s in self.slots if s.is_phone]

    def lobby(self) -> list[SeatSlot]:
        with self._lock:
            return [replace(s, secret="", token="joined" if s.token else "") for s in self.slots]

    def ready(self) -> bool:
        """Every phone seat has a phone (and there is at least one)."""
        with self._lock:
            phones = [s for s in self.slots if s.is_phone]
            return bool(phones) and all(s.joined for s in phones)

    def start(self) -> None:
        """The host started the game: phones get screens instead of the lobby."""
        with self._lock:
            self.started = True
            self._touch()

    def waiting_for(self, match: Any) -> list[int]:
        """Phone seats the rules wait for now whose phone is not connected."""
        if match.is_over():
            return []
        with self._lock:
            away = {s.seat for s in self.slots if s.is_phone and s.conn is None}
        return [s for s in match.active_seats() if s in away]

    def away(self) -> tuple[bool, ...]:
        with self._lock:
            return tuple(s.is_phone and s.conn is None for s in self.slots)

    def name(self, seat: int) -> str:
        return self.slots[seat].name

    def hand_to_ai(self, seat: int, level: str) -> None:
        """The host gives a phone seat to an AI (the caller also calls ``match.hand_over``):
        its phone is told and its token no longer works."""
        with self._lock:
            slot = self.slots[seat]
            self._drop_phone(slot, "to_ai")
            slot.kind = level
            self._touch()
        self._send_lobby()

    def reissue(self, seat: int) -> str:
        """The seat goes to another phone: a new seat secret (its new join link); the old
        phone is told and its token no longer works. Returns the new secret."""
        with self._lock:
            slot = self.slots[seat]
            self._drop_phone(slot, "reissued")
            slot.kind = "phone"
            slot.secret = secrets.token_urlsafe(16)
            self._touch()
        self._send_lobby()
        return slot.secret

    def close(self) -> None:
        """The table is gone: every phone is told."""
        with self._lock:
            self.closed = True
            conns = [s.conn for s in self.slots if s.conn is not None]
        for conn in conns:
            self._send(conn, {"type": "bye", "reason": "closed"})

    def _drop_phone(self, slot: SeatSlot, why: str) -> None:
        if slot.conn is not None:
            self._send(slot.conn, {"type": "bye", "reason": why})
            slot.conn.close()
        slot.conn = None
        slot.token = ""
        self._sent.pop(slot.seat, None)
        self._offers.pop(slot.seat, None)

    def _touch(self) -> None:
        self._epoch += 1

    @property
    def changes(self) -> int:
        """A count that grows with every change of seats, names, tokens, languages or
        connections (what a kept room file or a phone's screen may need to show)."""
        return self._epoch

    # ---------------------------------------------------------- server side
    def connect(self, conn: Conn) -> None:
        """A new connection: it sees the lobby until it joins a seat."""
        self._send(conn, self._lobby_message(None))

    def disconnect(self, conn: Conn) -> None:
        with self._lock:
            for slot in self.slots:
                if slot.conn is conn:
                    slot.conn = None
                    self._touch()
        self._send_lobby()

    def seat_of(self, conn: Conn) -> int | None:
        with self._lock:
            for slot in self.slots:
                if slot.conn is conn:
                    return slot.seat
        return None

    def receive(self, conn: Conn, msg: dict, arrival: float | None = None) -> None:
        """A validated phone message. Joining and language are answered now; intents are
        queued for the game thread. Never raises: a refusal is sent back as an error."""
        arrival = time.monotonic() if arrival is None else arrival
        kind = msg.get("type")
        try:
            if kind == "join":
                self._join_limited(conn, msg, arrival)
            elif kind == "hello":
                self._hello(conn, msg)
            elif kind == "lang":
                self._lang(conn, msg)
            elif kind == "intent":
                if self.seat_of(conn) is None:
                    raise RoomError("not_joined")
                self.inbox.put((conn, msg, arrival))
            else:
                raise RoomError("bad_message")
        except RoomError as err:
            self._refuse(conn, err, msg.get("seq") if kind == "intent" else None)

    def _refuse(self, conn: Conn, err: RoomError, seq: Any = None) -> None:
        self._send(conn, {"type": "error", "seq": seq if isinstance(seq, int) else None,
                          "code": err.code, "reason": err.reason(getattr(conn, "lang", "en"))})

    def _join_limited(self, conn: Conn, msg: dict, now: float) -> None:
        """:meth:`_join`, refused with ``rate_limited`` for an address that sent
        :data:`JOIN_FAILS` wrong secrets in the last :data:`JOIN_WINDOW_S` seconds (a
        four-letter code typed by hand must not be guessed by trying)."""
        where = getattr(conn, "address", "") or f"conn:{conn.id}"
        with self._lock:
            fails = self._bad_joins.get(where)
            while fails and fails[0] <= now - JOIN_WINDOW_S:
                fails.popleft()
            if fails is not None and len(fails) >= JOIN_FAILS:
                raise RoomError("rate_limited")
        try:
            self._join(conn, msg)
        except RoomError as err:
            if err.code == "bad_secret":
                with self._lock:
                    if len(self._bad_joins) > 4096:        # forget addresses gone quiet
                        self._bad_joins = {a: d for a, d in self._bad_joins.items()
                                           if d and d[-1] > now - JOIN_WINDOW_S}
                    self._bad_joins.setdefault(where, deque()).append(now)
            raise

    def _join(self, conn: Conn, msg: dict) -> None:
        name = str(msg.get("name", "")).strip()
        if not 1 <= len(name) <= NAME_MAX:
            raise RoomError("bad_name", max=NAME_MAX)
        if str(msg.get("code", "")).upper() != self.code:
            raise RoomError("bad_secret")
        secret = str(msg.get("secret", ""))
        want = msg.get("seat")
        with self._lock:
            if self.closed:
                raise RoomError("closed")
            by_seat = [s for s in self.slots if s.is_phone and _same(secret, s.secret)]
            room_key = _same(secret, self.room_secret) or _same(secret.upper(), self.code)
            if by_seat:
                slot = by_seat[0]
                if want is not None and want != slot.seat:
                    raise RoomError("bad_secret")
                if slot.conn is not None and slot.conn is not conn:   # a seat link takes its seat back
                    self._drop_phone(slot, "reissued")
            elif room_key:
                free = [s for s in self.slots if s.is_phone and not s.joined]
                if want is not None:
                    if not isinstance(want, int) or not 0 <= want < len(self.slots):
                        raise RoomError("no_seat")
                    if not self.slots[want].is_phone:
                        raise RoomError("no_seat")
                    if self.slots[want].joined:
                        raise RoomError("seat_taken")
                    slot = self.slots[want]
                elif free:
                    slot = free[0]
                else:
                    raise RoomError("no_seat")
            else:
                raise RoomError("bad_secret")
            self._leave_other_seat(conn, slot)
            slot.name = name
            slot.token = secrets.token_urlsafe(18)
            slot.last_seq = 0
            self._attach(conn, slot, msg)
        self._send_lobby()

    def _hello(self, conn: Conn, msg: dict) -> None:
        token = str(msg.get("token", ""))
        with self._lock:
            found = [s for s in self.slots if s.is_phone and _same(token, s.token)]
            if not found:
                raise RoomError("bad_token")
            slot = found[0]
            if slot.conn is not None and slot.conn is not conn:
                old = slot.conn                 # the same phone, reloaded: the old socket goes
                slot.conn = None
                self._send(old, {"type": "bye", "reason": "replaced"})
                old.close()
            self._leave_other_seat(conn, slot)
            self._attach(conn, slot, msg)
        self._send_lobby()

    def _leave_other_seat(self, conn: Conn, keep: SeatSlot) -> None:
        for other in self.slots:
            if other is not keep and other.conn is conn:
                other.conn = None

    def _attach(self, conn: Conn, slot: SeatSlot, msg: dict) -> None:
        lang = msg.get("lang")
        if lang in LANGS:
            slot.lang = lang
            conn.lang = lang
        slot.conn = conn
        self._sent.pop(slot.seat, None)          # the next pump sends the whole screen
        self._touch()
        self._send(conn, {"type": "welcome", "seat": slot.seat, "token": slot.token,
                          "name": slot.name, "game": self.game, "code": self.code,
                          "lang": slot.lang, "seq": slot.last_seq})

    def _lang(self, conn: Conn, msg: dict) -> None:
        lang = msg.get("lang")
        if lang not in LANGS:
            raise RoomError("bad_message")
        conn.lang = lang
        with self._lock:
            for slot in self.slots:
                if slot.conn is conn:
                    slot.lang = lang
                    self._sent.pop(slot.seat, None)
            self._touch()
        if not self.started:
            self._send(conn, self._lobby_message(self.seat_of(conn)))

    def _lobby_message(self, you: int | None) -> dict:
        with self._lock:
            seats = [{"seat": s.seat, "kind": s.role, "name": s.name, "joined": s.joined,
                      "connected": s.connected} for s in self.slots]
        return {"type": "lobby", "game": self.game, "code": self.code,
                "started": self.started, "seats": seats, "you": you}

    def _send_lobby(self) -> None:
        with self._lock:
            conns = [(s.conn, s.seat) for s in self.slots if s.conn is not None]
        if self.started:
            return
        for conn, seat in conns:
            self._send(conn, self._lobby_message(seat))

    @staticmethod
    def _send(conn: Conn, message: dict) -> None:
        message.setdefault("v", PROTOCOL)
        try:
            conn.send(json.dumps(message, ensure_ascii=False, separators=(",", ":")))
        except Exception:       # noqa: BLE001 - a dead connection must not stop the table
            log.exception("party: a send failed")

    # ------------------------------------------------------------ game thread
    def pump(self, match: Any, table_clock: float, now: float | None = None,
             names: Sequence[str] | None = None) -> int:
        """Apply the phones' queued intents to ``match`` and send each phone its screen if
        it changed. ``table_clock``: the Match clock now; ``now``: time.monotonic() now.
        Returns how many intents were applied."""
        now = time.monotonic() if now is None else now
        if match.judge_lag < CAP_S and any(s.is_phone for s in self.slots):
            match.judge_lag = CAP_S      # a phone's press may still be on its way
        applied = 0
        while True:
            try:
                conn, msg, arrival = self.inbox.get_nowait()
            except queue.Empty:
                break
            try:
                applied += self._apply(match, conn, msg, arrival, table_clock, now)
            except RoomError as err:
                self._refuse(conn, err, msg.get("seq"))
            except Exception:       # noqa: BLE001 - one phone's message never stops the table
                log.exception("party: an intent failed")
                self._refuse(conn, RoomError("bad_message"), msg.get("seq"))
        if self.started:
            self.publish(match, table_clock, names)
        return applied

    def _apply(self, match: Any, conn: Conn, msg: dict, arrival: float, table_clock: float,
               now: float) -> int:
        seat = self.seat_of(conn)
        if seat is None:
            raise RoomError("not_joined")
        slot = self.slots[seat]
        seq = msg.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise RoomError("bad_message")
        if not isinstance(msg.get("action"), list):
            raise RoomError("bad_message")
        action = as_action(msg.get("action"))      # malformed: refused before its seq counts
        with self._lock:
            if seq <= slot.last_seq:
                raise RoomError("replayed")
            slot.last_seq = seq
        if not self.started or match.is_over():
            raise RoomError("not_started" if not self.started else "over")
        offer = self._offers.get(seat)
        if offer is None or action not in offer.actions:
            raise RoomError("not_offered")
        if offer.actions[action]:                   # timed: judged where it was pressed
            t = msg.get("t")
            client = t if isinstance(t, (int, float)) and not isinstance(t, bool) else None
            pressed = conn.clock.press_time(client, arrival)
            match.intent(seat, action, table_clock - max(0.0, now - pressed))
        else:
            err = match.why_illegal(seat, action)
            if err is None:
                try:
                    match.intent(seat, action)
                except IllegalAction as refused:
                    err = refused
            if err is not None:
                code = "not_your_turn" if err.key == "not_your_turn" else "illegal"
                raise RoomError(code, reason=refusal_text(slot.lang, err))
        self._send(conn, {"type": "ack", "seq": seq})
        self._acted.append(seat)
        return 1

    def _publish_key(self, match: Any) -> Any:
        cur = match.open_window()
        window = None if cur is None else (cur.window.id, cur.ends_at, tuple(sorted(getattr(cur, "locked", ()) or ())))
        # a phone's timed press waits on the desk until the rules judge it (windows are
        # judged CAP_S behind the clock): meanwhile its phone shows it as taken
        self._pressed = frozenset(p.seat for p in match.desk.queue
                                  if p.seat < len(self.slots) and self.slots[p.seat].is_phone)
        return (len(match.log), len(match.events), window, match.is_over(), self._epoch,
                tuple(match.active_seats()), tuple(sorted(self._pressed)))

    def publish(self, match: Any, table_clock: float, names: Sequence[str] | None = None,
                force: bool = False) -> None:
        """Send every joined phone seat its screen if it changed (cheap when nothing did).
        At most :data:`PUBLISH_PER_FRAME` screens are built in one call, the phones that
        just acted first; the others follow at the next frame — except when a window
        opens or closes (and with ``force``): then every phone's at once."""
        key = self._publish_key(match)
        # a window opening or closing reaches every phone in the same frame: a buzzer race
        # starts for all at once
        urgent = self._key is None or key[2] != self._key[2]
        if key != self._key or force:
            self._key = key
            self.rev += 1
            with self._lock:
                seats = [s.seat for s in self.slots if s.is_phone and s.conn is not None]
            acted = [s for s in self._acted if s in seats]
            self._due = acted + [s for s in seats if s not in acted]
        self._acted = []
        if not self._due:
            return
        take = self._due if force or urgent else self._due[:PUBLISH_PER_FRAME]
        self._due = self._due[len(take):]
        with self._lock:
            targets = [(s.seat, s.conn, s.lang) for s in (self.slots[i] for i in take)
                       if s.is_phone and s.conn is not None]
            away = tuple(s.is_phone and s.conn is None for s in self.slots)
            kinds = tuple(s.role for s in self.slots)
            slot_names = [s.name for s in self.slots]
        if self._present is None:
            self._present = presenter(self.game)
        all_names = tuple(n or (names[i] if names and i < len(names) else f"{i + 1}")
                          for i, n in enumerate(slot_names))
        tail = match.events[-200:]
        for seat, conn, lang in targets:
            view = match.view(seat)
            screen = self.screen(match, seat, lang, table_clock, all_names, kinds, away, tail, view)
            text = json.dumps({"v": PROTOCOL, "type": "screen", "seat": seat, "rev": self.rev,
                               "screen": screen, "view": wire_json(view, self.game)},
                              ensure_ascii=False, separators=(",", ":"))
            body = text.split(',"screen":', 1)[1]       # the rev alone changing is no change
            if self._sent.get(seat) == body:
                continue
            self._sent[seat] = body
            try:
                conn.send(text)
            except Exception:       # noqa: BLE001
                log.exception("party: a send failed")

    def screen(self, match: Any, seat: int, lang: str, table_clock: float,
               names: tuple[str, ...], kinds: tuple[str, ...], away: tuple[bool, ...],
               tail: Sequence[Any] = (), view: Any = None) -> dict:
        """One seat's screen (and remember what it offers); ``view``: the seat's view if
        the caller has it already."""
        window = None
        cur = match.open_window()
        if cur is not None:
            mine = seat in cur.window.seats and seat in match.active_seats()
            due = match.deadline(seat)
            if due is not None:
                opened, total = due
                window = WindowInfo(max(0.0, opened + total - table_clock), total, mine)
            else:
                window = WindowInfo(0.0, 0.0, mine)
        recent = tuple(e for e in tail if e.visible_to(seat))[-RECENT_EVENTS:]
        ctx = PhoneContext(
            game=self.game, seat=seat, lang=lang,
            view=match.view(seat) if view is None else view,
            legal=tuple(match.legal_actions(seat)) if not match.is_over() else (),
            refusal=lambda action: match.why_illegal(seat, action),
            names=names, kinds=kinds, recent=recent, window=window, over=match.is_over(),
            away=away, extra={"code": self.code})
        screen = self._present(ctx)
        if seat in self._pressed:
            screen = pressed_screen(screen, tr(lang, "party.pressed"))
        self._offers[seat] = offer_of(screen)
        return screen

    # ------------------------------------------------------------ keeping
    def to_json(self) -> dict:
        """What a restart needs to let the same phones back in (kept beside the save)."""
        with self._lock:
            return {"version": 1, "game": self.game, "code": self.code,
                    "room_secret": self.room_secret, "started": self.started,
                    "seats": [{"kind": s.kind, "name": s.name, "secret": s.secret,
                               "token": s.token, "last_seq": s.last_seq, "lang": s.lang}
                              for s in self.slots]}

    @classmethod
    def from_json(cls, data: Any) -> Room:
        """Rebuild a room; ValueError with a readable reason for anything malformed."""
        def text(value: Any, what: str, empty: bool = True) -> str:
            if not isinstance(value, str) or (not empty and not value):
                raise ValueError(f"{what} is not a {'' if empty else 'non-empty '}string")
            return value

        try:
            if data.get("version") != 1:
                raise ValueError(f"version {data.get('version')!r}, this build reads 1")
            seats = data["seats"]
            if not isinstance(seats, list) or not seats:
                raise ValueError("seats is not a list of seats")
            kinds = [text(s["kind"], "a seat's kind") for s in seats]
            bad = [k for k in kinds if k not in ("phone", *SEAT_KINDS)]
            if bad:
                raise ValueError(f"unknown seat kind {bad[0]!r}")
            code = text(data["code"], "code")
            if len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
                raise ValueError(f"code {code!r} is not {CODE_LENGTH} code letters")
            room = cls(text(data["game"], "game", empty=False), kinds, code)
            room.room_secret = text(data["room_secret"], "room_secret", empty=False)
            room.started = bool(data.get("started", False))
            for slot, s in zip(room.slots, seats, strict=True):
                slot.name = text(s.get("name", ""), "a seat's name")[:NAME_MAX]
                slot.secret = text(s["secret"], "a seat's secret", empty=False)
                slot.token = text(s.get("token", ""), "a seat's token")
                seq = s.get("last_seq", 0)
                if type(seq) is not int or seq < 0:
                    raise ValueError(f"last_seq {seq!r} is not a count")
                slot.last_seq = seq
                slot.lang = s.get("lang") if s.get("lang") in LANGS else "en"
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ValueError(f"the phone room file is damaged ({err})") from err
        return room


def pressed_screen(screen: dict, reason: str) -> dict:
    """A screen as it stands while the seat's timed press waits to be judged (windows are
    judged a moment behind the clock, :data:`party.clock.CAP_S`): its timed moves and the
    buzzer are spent, so the phone shows at once that the press was taken."""
    out = dict(screen)
    out["moves"] = [dict(m, legal=False, reason=reason) if m.get("timed") else m
                    for m in screen.get("moves") or ()]
    if screen.get("buzzer"):
        out["buzzer"] = dict(screen["buzzer"], armed=False)
    return out


def offer_of(screen: dict) -> _Offer:
    """The actions a screen offers a phone, each with whether it is timed."""
    offer = _Offer()
    moves = {m["id"]: m for m in screen.get("moves") or ()}
    for m in moves.values():
        offer.actions[as_action(m["action"])] = bool(m.get("timed"))
    buzzer = screen.get("buzzer")
    if buzzer:
        offer.actions[as_action(buzzer["action"])] = True
    return offer


json_action = list_action      # an action as the JSON list a phone sends back
