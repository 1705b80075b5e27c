"""The party server: HTTP, WebSocket and static files for the phones, on its own thread.

:class:`PartyServer` runs aiohttp on a thread with its own asyncio loop, beside the pygame
loop. Each WebSocket is a :class:`WsConn` handed to the :class:`~party.room.Room`; the
room's ``send`` (called from the game thread or from here) only appends the text to an
outbox that the loop empties into the connection's queue (:meth:`PartyServer.post`: one
``loop.call_soon_threadsafe`` per batch), so nothing the network does can stall a frame.
A connection that falls :data:`QUEUE_MAX` messages behind while its socket takes no more
(a phone that stopped reading) is dropped; it rejoins with its token.

Safety, in the order a message meets it: aiohttp's own limits (a frame above
:data:`HARD_MAX_BYTES` closes the socket; heartbeat pings find dead peers), at most
:data:`MAX_CONNS` connections, a token bucket of :data:`RATE` messages a second per
connection, :func:`party.protocol.parse` (three oversized messages close it), then the
room (seats, secrets, seq, the offered moves and the rules). Wrong join secrets are
counted per address in the room itself.

Routes: ``/`` and ``/j/{code}`` (the page), ``/static/{file}`` and ``/{file}`` (the
page's own files in ``party/web``), ``/fonts/{file}`` (the bundled fonts only),
``/art`` (a card face rendered by the pygame side through ``art``, which must only hand
the work to the game thread and return its Future: it is called on the server's loop)
and ``/ws``. What files are served and how: :mod:`party.files`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import json
import logging
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from game import wire
from game.paths import ASSETS
from party.clock import ClockSync
from party.files import (
    FONT_CACHE,
    FONT_TYPES,
    LONG_CACHE,
    NO_CACHE,
    TYPES,
    art_height,
    card_text,
    security_headers,
    serve_file,
)
from party.present import tr
from party.protocol import MAX_BYTES, ProtocolError, parse

log = logging.getLogger(__name__)

WEB_DIR = Path(__file__).resolve().parent / "web"
FONT_DIR = ASSETS / "fonts"
MAX_CONNS = 32
QUEUE_MAX = 64              # outgoing messages a connection may fall behind before it is dropped
QUEUE_HARD_MAX = 4 * QUEUE_MAX      # queued while the writer is not even blocked: a burst's cap
RATE = 30.0                 # messages per second per connection (token bucket, burst RATE)
OVERSIZE_LIMIT = 3          # oversized messages before the connection is closed
HARD_MAX_BYTES = 64 * 1024  # aiohttp closes the socket on a frame bigger than this
HEARTBEAT_S = 15.0
PING_EVERY_S = 1.0
QUICK_PINGS = 5             # right after connecting, QUICK_EVERY_S apart: the clock settles fast
QUICK_EVERY_S = 0.1
PINGS_KEPT = 16
CLOSE_WAIT_S = 0.6          # for a phone to answer a close; stop() takes at most about twice it
ART_WAIT_S = 5.0
ArtFn = Callable[[str, str, int], "concurrent.futures.Future[bytes | None]"]
_ids = itertools.count(1)


class WsConn:
    """One phone's WebSocket as the room sees it (party.room.Conn)."""

    def __init__(self, server: PartyServer, ws: web.WebSocketResponse, request: web.Request) -> None:
        self.id = next(_ids)
        self.lang = "en"
        self.clock = ClockSync()
        self.address = request.remote or ""
        self._server = server
        self._ws = ws
        self._request = request
        self._queue: asyncio.Queue = asyncio.Queue()
        self._closing = False
        self.dropped = False
        self.pings: OrderedDict[int, float] = OrderedDict()    # ping id → when it was written
        self._ping_ids = itertools.count(1)
        self._tokens = RATE
        self._refilled = time.monotonic()
        self._limited_told = 0.0
        self.oversized = 0
        self.received = 0               # messages from the phone
        self.queued = 0                 # texts accepted onto the queue …
        self.written = 0                # … and handed to the socket
        self._blocked = False           # the writer waits for the socket to take more

    # -------------------------------------------------- any thread
    def send(self, text: str) -> None:
        """Queue ``text`` for the phone: thread-safe, never blocks."""
        self._server.post(self, text)

    def close(self) -> None:
        """Close the connection after what is already queued (thread-safe)."""
        self._server.post(self, None)

    # -------------------------------------------------- the server's loop
    def _put(self, item: Any) -> None:
        if self._closing:
            return
        if item is None:
            self._closing = True
        else:
            behind = self._queue.qsize()
            # behind while the socket refuses more: the phone stopped reading. (A burst
            # queued between two turns of the loop is not "behind": the writer has not had
            # its turn yet, so only a much larger burst counts then.)
            if behind >= QUEUE_HARD_MAX or (behind >= QUEUE_MAX and self._blocked):
                self.drop()
                return
            self.queued += 1
        self._queue.put_nowait(item)

    def drop(self) -> None:
        """Cut a phone that stopped reading at once (no goodbye: it would not read it)."""
        if self.dropped:
            return
        self.dropped = True
        self._closing = True
        transport = self._request.transport
        if transport is not None:
            transport.abort()
        self._queue.put_nowait(None)

    def ping(self) -> None:
        self._put(("ping", next(self._ping_ids)))

    async def writer(self) -> None:
        ws = self._ws
        try:
            while True:
                item = await self._queue.get()
                if item is None:
                    break
                if isinstance(item, tuple):             # ("ping", id): timed as it is written
                    pid = item[1]
                    self.pings[pid] = time.monotonic()
                    while len(self.pings) > PINGS_KEPT:
                        self.pings.popitem(last=False)
                    item = json.dumps({"v": 1, "type": "ping", "id": pid}, separators=(",", ":"))
                self._blocked = True
                await ws.send_str(item)         # suspends only while the socket is full
                self._blocked = False
                self.written += 1
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            self._closing = True
            if not self.dropped:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(), CLOSE_WAIT_S)

    def allow(self, now: float) -> bool:
        """The token bucket: True if one more message fits now."""
        self._tokens = min(RATE, self._tokens + (now - self._refilled) * RATE)
        self._refilled = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def error(self, code: str, seq: Any = None, **params: Any) -> None:
        self._put(json.dumps({"v": 1, "type": "error", "seq": seq, "code": code,
                              "reason": tr(self.lang, f"party.err.{code}", **params)},
                             ensure_ascii=False, separators=(",", ":")))


class PartyServer:
    """aiohttp on its own thread; see the module docstring."""

    def __init__(self, room: Any, host: str = "0.0.0.0", port: int = 0, art: ArtFn | None = None,
                 web_dir: Path | str | None = None, font_dir: Path | str | None = None) -> None:
        self.room = room
        self.host = host
        self.port = port
        self.art = art
        self.web_dir = Path(web_dir or WEB_DIR).resolve()
        fonts = Path(font_dir or FONT_DIR).resolve()
        self.fonts = {p.name: p for p in sorted(fonts.iterdir())
                      if p.suffix.lower() in FONT_TYPES} if fonts.is_dir() else {}
        self.conns: dict[int, WsConn] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._runner: web.AppRunner | None = None
        self._stopping = False
        self._tasks: set[asyncio.Task] = set()
        self._writers: set[asyncio.Task] = set()
        self._outbox: deque[tuple[WsConn, str | None]] = deque()
        self._wake = False                  # a flush of the outbox is scheduled on the loop

    # -------------------------------------------------- any thread
    def post(self, conn: WsConn, item: str | None) -> None:
        """Hand ``item`` to ``conn``'s queue on the server's loop (None: close it).

        Thread-safe and cheap: a deque append, and a wake-up of the loop only when none
        is pending. Waking the loop is a write to its self-pipe, a system call that lets
        the other threads take the GIL; once per message it cost the game thread about a
        millisecond each with five phones, once per batch it costs one."""
        self._outbox.append((conn, item))
        if not self._wake:
            self._wake = True
            loop = self.loop
            try:
                if loop is not None:
                    loop.call_soon_threadsafe(self._flush)
            except RuntimeError:            # the loop is closed: the server has stopped
                pass

    def _flush(self) -> None:
        self._wake = False                  # first: a post from now on wakes the loop again
        while self._outbox:
            conn, item = self._outbox.popleft()
            conn._put(item)

    # -------------------------------------------------- lifecycle (host thread)
    def start(self, timeout: float = 10.0) -> None:
        """Listen; returns once the port is known (``self.port``). Raises what stopped it."""
        if self._thread is not None:
            raise RuntimeError("the party server is already running")
        self._thread = threading.Thread(target=self._run, name="party-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the party server did not start in time")
        if self._failure is not None:
            self._thread.join(2.0)
            self._thread = None
            raise self._failure

    def stop(self, timeout: float = 2.0) -> None:
        """Tell every phone ``bye``, close every socket and the listener, join the thread."""
        thread, loop = self._thread, self.loop
        if thread is None or loop is None:
            return
        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(self._shutdown(), loop)
        thread.join(timeout)
        if thread.is_alive():
            log.warning("party: the server thread did not stop within %.1f s", timeout)
        self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._open())
        except BaseException as err:        # noqa: BLE001 - handed to start()
            self._failure = err
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            with contextlib.suppress(Exception):
                pending = asyncio.all_tasks(loop)
                for task in pending:
                    task.cancel()
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.close()

    async def _open(self) -> None:
        # read now, on this thread, what the game thread would otherwise load in the middle
        # of a frame (0.1-0.2 s each): both languages' strings (its first refusal in each)
        # and the games' wire contracts (its first screen)
        for lang in ("en", "vi"):
            tr(lang, "party.err.full")
        with contextlib.suppress(Exception):
            wire.game_of(type(None))    # imports every game's contract (how wire finds types)
        app = web.Application(client_max_size=16 * 1024, middlewares=[security_headers])
        app.router.add_get("/", self._page)
        app.router.add_get("/j/{code}", self._page)
        app.router.add_get("/ws", self._ws)
        app.router.add_get("/art", self._art)
        app.router.add_get("/static/{file}", self._static)
        app.router.add_get("/fonts/{file}", self._font)
        app.router.add_get("/{file}", self._static)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        sockets = site._server.sockets if site._server is not None else ()  # noqa: SLF001
        self.port = sockets[0].getsockname()[1]

    async def _shutdown(self) -> None:
        self._stopping = True
        conns = list(self.conns.values())
        for conn in conns:
            conn._put(json.dumps({"v": 1, "type": "bye", "reason": "closed"}, separators=(",", ":")))
            conn._put(None)
        if self._writers:
            await asyncio.wait(list(self._writers), timeout=CLOSE_WAIT_S)
        if self._runner is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._runner.cleanup(), CLOSE_WAIT_S)
        asyncio.get_running_loop().stop()

    # -------------------------------------------------- files
    async def _page(self, request: web.Request) -> web.StreamResponse:
        return serve_file(self.web_dir, "index.html", TYPES, NO_CACHE)

    async def _static(self, request: web.Request) -> web.StreamResponse:
        return serve_file(self.web_dir, request.match_info["file"], TYPES, NO_CACHE)

    async def _font(self, request: web.Request) -> web.StreamResponse:
        path = self.fonts.get(request.match_info["file"])
        if path is None:
            raise web.HTTPNotFound()
        return serve_file(path.parent, path.name, FONT_TYPES, FONT_CACHE)

    async def _art(self, request: web.Request) -> web.StreamResponse:
        q = request.query
        card = card_text(q.get("c"))
        h = art_height(q.get("h"))
        if q.get("g") != getattr(self.room, "game", None) or card is None or h is None:
            raise web.HTTPBadRequest(text="bad art request")
        if self.art is None:
            raise web.HTTPNotFound()
        try:
            png = await asyncio.wait_for(asyncio.wrap_future(self.art(self.room.game, card, h)),
                                         ART_WAIT_S)
        except TimeoutError:
            raise web.HTTPServiceUnavailable(headers={"Retry-After": "1"}) from None
        except Exception:                  # noqa: BLE001 - the renderer's failure is a 404
            log.exception("party: art failed for %s %s", card, h)
            png = None
        if not png:
            raise web.HTTPNotFound()
        return web.Response(body=png, content_type="image/png",
                            headers={"Cache-Control": LONG_CACHE})

    # -------------------------------------------------- phones
    async def _ws(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            raise web.HTTPForbidden(text="another site's page may not open this socket")
        ws = web.WebSocketResponse(max_msg_size=HARD_MAX_BYTES, heartbeat=HEARTBEAT_S,
                                   compress=False, writer_limit=64 * 1024)
        await ws.prepare(request)
        conn = WsConn(self, ws, request)
        if self._stopping or len(self.conns) >= MAX_CONNS:
            conn.error("full" if not self._stopping else "closed")
            conn._put(None)
            await conn.writer()
            return ws
        self.conns[conn.id] = conn
        writer = self._spawn(conn.writer())
        self._writers.add(writer)
        writer.add_done_callback(self._writers.discard)
        pinger = None
        try:
            self.room.connect(conn)
            pinger = self._spawn(self._pinger(conn))
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    self._on_message(conn, msg.data)
                    if conn.oversized >= OVERSIZE_LIMIT:
                        break
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            self.conns.pop(conn.id, None)
            if pinger is not None:
                pinger.cancel()
            conn._put(None)
            with contextlib.suppress(Exception):
                self.room.disconnect(conn)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(writer), 1.5)
            writer.cancel()
        return ws

    def _spawn(self, coro: Any) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _on_message(self, conn: WsConn, data: str | bytes) -> None:
        arrival = time.monotonic()
        conn.received += 1
        if not conn.allow(arrival):
            if arrival - conn._limited_told >= 1.0:     # one refusal a second, not one per message
                conn._limited_told = arrival
                conn.error("rate_limited")
            return
        try:
            msg = parse(data)
        except ProtocolError as err:
            if err.code == "too_big":
                conn.oversized += 1
            conn.error(err.code, **err.params)
            return
        if msg["type"] == "pong":
            sent = conn.pings.pop(msg["id"], None)
            if sent is not None:
                conn.clock.sample(sent, float(msg["c"]), arrival)
            return
        try:
            self.room.receive(conn, msg, arrival)
        except Exception:                   # noqa: BLE001 - one bad message never kills the server
            log.exception("party: the room failed on a %s", msg["type"])
            conn.error("bad_message")

    async def _pinger(self, conn: WsConn) -> None:
        for _ in range(QUICK_PINGS):
            conn.ping()
            await asyncio.sleep(QUICK_EVERY_S)
        while True:
            await asyncio.sleep(PING_EVERY_S)
            conn.ping()


__all__ = ["MAX_BYTES", "PartyServer", "WsConn"]
