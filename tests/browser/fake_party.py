"""A small stand-in for the party server, for the phone page's tests: it serves the page
(party/web/), the bundled fonts, a stub card-art endpoint and a WebSocket at /ws that the
test drives by hand (it sends what the test gives it and records what the page sends).

It runs aiohttp on its own thread and event loop on 127.0.0.1 (a free port); every
method here is called from the test's thread.
"""

from __future__ import annotations

import asyncio
import json
import struct
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "party" / "web"
FONTS = ROOT / "assets" / "fonts"
WAIT_S = 10.0           # a generous bound for the page to answer; tests wait, never sleep


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain PNG: a card-coloured rounded tile with an ivory border (no image library)."""
    rows = []
    r = max(2, width // 8)
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            dx = max(r - x, 0, x - (width - 1 - r))
            dy = max(r - y, 0, y - (height - 1 - r))
            inside = dx * dx + dy * dy <= r * r
            edge = x < 3 or y < 3 or x >= width - 3 or y >= height - 3 or dx * dx + dy * dy > (r - 3) ** 2
            if not inside:
                row += bytes((0, 0, 0, 0))
            elif edge:
                row += bytes((243, 236, 216, 255))
            else:
                row += bytes((*rgb, 255))
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 6)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


class FakeParty:
    """The fake server. ``on_connect`` messages are sent to every new connection (e.g. a
    lobby); ``received`` holds every message the pages sent, in order."""

    def __init__(self, aspect: float = 0.7) -> None:
        self.aspect = aspect
        #: optional real art: (game, card JSON text, height px) → PNG bytes or None (the stub)
        self.art: Callable[[str, str, int], bytes | None] | None = None
        self.on_connect: list[dict] = []
        self.received: list[dict] = []
        self.art_requests: list[dict[str, str]] = []
        self.connections: list[web.WebSocketResponse] = []
        self.opened = 0
        self.refuse = False      # True: /ws answers 503 (the server is away)
        self._lock = threading.RLock()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="fake-party", daemon=True)
        self.port = 0

    # ------------------------------------------------------------------ life
    def start(self) -> FakeParty:
        self._thread.start()
        if not self._ready.wait(WAIT_S):
            raise RuntimeError("the fake party server did not start")
        return self

    def stop(self) -> None:
        async def down() -> None:
            for ws in list(self.connections):
                await ws.close()
            await self._runner.cleanup()
        asyncio.run_coroutine_threadsafe(down(), self._loop).result(WAIT_S)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(WAIT_S)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        app = web.Application()
        app.router.add_get("/", self._index)
        app.router.add_get("/j/{code}", self._index)
        app.router.add_get("/ws", self._ws)
        app.router.add_get("/art", self._art)
        app.router.add_static("/fonts/", FONTS)
        app.router.add_get("/{name}", self._file)
        self._runner = web.AppRunner(app)
        self._loop.run_until_complete(self._runner.setup())
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        self._loop.run_until_complete(site.start())
        self.port = site._server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    # ------------------------------------------------------------------ HTTP
    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(WEB / "index.html")

    async def _file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = WEB / name
        if "/" in name or not path.is_file():
            raise web.HTTPNotFound()
        return web.FileResponse(path)

    async def _art(self, request: web.Request) -> web.Response:
        q = dict(request.query)
        with self._lock:
            self.art_requests.append(q)
        card = q.get("c", "")
        if "broken" in card:
            raise web.HTTPNotFound()
        h = max(32, min(1024, int(q.get("h", "64"))))
        if self.art is not None:
            data = self.art(q.get("g", ""), card, h)
            if data:
                return web.Response(body=data, content_type="image/png")
        hue = zlib.crc32(card.encode()) & 0xFFFFFF
        rgb = (60 + (hue & 0x7F), 40 + ((hue >> 8) & 0x7F), 40 + ((hue >> 16) & 0x7F))
        return web.Response(body=png(max(8, round(h * self.aspect)), h, rgb), content_type="image/png",
                            headers={"Cache-Control": "max-age=3600"})

    async def _ws(self, request: web.Request) -> web.WebSocketResponse:
        if self.refuse:
            raise web.HTTPServiceUnavailable()
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        with self._lock:
            self.connections.append(ws)
            self.opened += 1
        for msg in self.on_connect:
            await ws.send_str(json.dumps({"v": 1, **msg}))
        async for frame in ws:
            if frame.type == WSMsgType.TEXT:
                with self._lock:
                    self.received.append(json.loads(frame.data))
        with self._lock:
            if ws in self.connections:
                self.connections.remove(ws)
        return ws

    # ------------------------------------------------------------------ the test's side
    def send(self, msg: dict, *, conn: int = -1) -> None:
        """Send ``msg`` (with "v": 1) to one connection (the newest by default)."""
        self.wait(lambda: self.connections, "a page to connect")
        text = json.dumps({"v": 1, **msg})
        ws = self.connections[conn]
        asyncio.run_coroutine_threadsafe(ws.send_str(text), self._loop).result(WAIT_S)

    def drop(self) -> None:
        """Close every connection (a network drop, seen from the server)."""
        async def close() -> None:
            for ws in list(self.connections):
                await ws.close()
        asyncio.run_coroutine_threadsafe(close(), self._loop).result(WAIT_S)

    def wait(self, cond: Callable[[], Any], what: str) -> Any:
        """Poll ``cond`` until it is truthy (its value is returned); fail after WAIT_S."""
        end = time.monotonic() + WAIT_S
        while time.monotonic() < end:
            with self._lock:
                value = cond()
            if value:
                return value
            time.sleep(0.01)
        raise AssertionError(f"timed out waiting for {what}; received: {self.received[-8:]}")

    def of_type(self, kind: str) -> list[dict]:
        with self._lock:
            return [m for m in self.received if m.get("type") == kind]

    def wait_for(self, kind: str, count: int = 1) -> dict:
        """The ``count``-th message of type ``kind`` the pages sent (waits for it)."""
        msgs = self.wait(lambda: len(self.of_type(kind)) >= count and self.of_type(kind),
                         f"{count} {kind!r} message(s)")
        return msgs[count - 1]

    def clear(self) -> None:
        with self._lock:
            self.received.clear()
