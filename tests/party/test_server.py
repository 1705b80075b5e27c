"""party.server for real: a PartyServer on 127.0.0.1 (port 0), aiohttp clients, a game thread.

No sleeps stand for "long enough": every wait is for a condition, with a timeout.
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import json
import os
import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

from game.match import Match, Seat
from party import server as server_mod
from party.files import art_height, card_text
from party.protocol import MAX_BYTES
from party.room import Room
from party.server import MAX_CONNS, QUEUE_MAX, RATE, PartyServer
from tests.party.fakes import Stub

PNG = b"\x89PNG\r\n\x1a\nfake"


@pytest.fixture
def web_dir(tmp_path: Path) -> Path:
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>phone</title>", encoding="utf-8")
    (web / "phone.js").write_text("console.log(1)", encoding="utf-8")
    (web / "phone.css").write_text("body{}", encoding="utf-8")
    (web / ".hidden.js").write_text("secret", encoding="utf-8")
    (web / "notes.bak").write_text("no type", encoding="utf-8")
    (web / "sub").mkdir()
    (web / "sub" / "x.js").write_text("deeper", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("outside", encoding="utf-8")
    os.symlink(tmp_path / "secret.txt", web / "link.txt")
    return web


def wait_for(cond, timeout: float = 5.0, what: str = "a condition") -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.002)


class GameThread:
    """The pygame loop's stand-in: pumps the room at ~200 Hz, the only thread on the Match."""

    def __init__(self, room: Room, match: Match) -> None:
        self.room, self.match = room, match
        self._stop = threading.Event()
        self.frames: list[float] = []
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        start = time.monotonic()
        while not self._stop.is_set():
            t0 = time.monotonic()
            self.room.pump(self.match, t0 - start, t0)
            self.frames.append(time.monotonic() - t0)
            self._stop.wait(0.005)

    def __enter__(self) -> GameThread:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(2)


@contextmanager
def running(room: Room, **kwargs):
    srv = PartyServer(room, host="127.0.0.1", port=0, **kwargs)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()
        assert not srv.running


def kowah(kinds=("phone", "phone", "human")) -> tuple[Room, Match]:
    room = Room("kowah", kinds)
    room._present = Stub()
    return room, Match("kowah", [Seat("human") for _ in kinds], seed=3)


async def next_of(ws, kind: str, timeout: float = 5.0, seen: list | None = None) -> dict:
    """The next message of ``kind`` (others are skipped, or kept in ``seen``)."""
    async with asyncio.timeout(timeout):
        while True:
            msg = await ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"socket closed while waiting for {kind}: {msg}")
            data = json.loads(msg.data)
            if seen is not None:
                seen.append(data)
            if data["type"] == kind:
                return data


async def closed(ws, timeout: float = 5.0) -> list[dict]:
    """Read until the socket closes; the text messages read on the way."""
    out = []
    async with asyncio.timeout(timeout):
        while True:
            msg = await ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT:
                return out
            out.append(json.loads(msg.data))


def send(ws, **fields):
    return ws.send_str(json.dumps({"v": 1, **fields}))


async def join(ws, room: Room, name: str, seat=None) -> dict:
    await send(ws, type="join", code=room.code, secret=room.room_secret, seat=seat, name=name)
    return await next_of(ws, "welcome")


def url(srv: PartyServer, path: str = "") -> str:
    return f"http://127.0.0.1:{srv.port}{path}"


# ------------------------------------------------------------------ phones
def test_join_screens_and_an_intent_round_trip(web_dir):
    room, match = kowah()

    async def main(srv):
        async with aiohttp.ClientSession() as http:
            a = await http.ws_connect(url(srv, "/ws"))
            b = await http.ws_connect(url(srv, "/ws"))
            assert (await next_of(a, "lobby"))["you"] is None
            assert (await join(a, room, "Ann"))["seat"] == 0
            assert (await join(b, room, "Bao"))["seat"] == 1
            room.start()
            screen = await next_of(b, "screen")
            assert [m["action"] for m in screen["screen"]["moves"]] == [["draw"]]
            assert (await next_of(a, "screen"))["seat"] == 0
            await send(b, type="intent", seq=1, action=["draw"], t=None)
            assert (await next_of(b, "ack"))["seq"] == 1
            after = await next_of(b, "screen")
            assert after["rev"] > screen["rev"] and after["view"] != screen["view"]
            await send(b, type="intent", seq=1, action=["draw"], t=None)
            assert (await next_of(b, "error"))["code"] == "replayed"
            await a.close()
            await b.close()

    with running(room, web_dir=web_dir) as srv, GameThread(room, match):
        asyncio.run(main(srv))
        assert match.log == [(1, ("draw",))]
        wait_for(lambda: room.away() == (True, True, False), what="both phones away")


def test_pings_answered_feed_the_phones_clock(web_dir):
    room, _ = kowah()
    phone_offset_s = 1234.5                      # the phone's clock runs this far ahead

    async def main(srv):
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(url(srv, "/ws"))
            wait_for(lambda: len(srv.conns) == 1, what="the connection")
            conn = next(iter(srv.conns.values()))
            answered = 0
            async with asyncio.timeout(10):
                while answered < 6:              # 5 quick pings, then one a second
                    ping = await next_of(ws, "ping")
                    await send(ws, type="pong", id=ping["id"],
                               c=(time.monotonic() + phone_offset_s) * 1000)
                    answered += 1
                await send(ws, type="pong", id=999_999, c=1.0)     # no such ping: ignored
                await send(ws, type="lang", lang="vi")              # a message after it
                await next_of(ws, "lobby")
            await ws.close()
            return conn

    with running(room, web_dir=web_dir) as srv:
        conn = asyncio.run(main(srv))
    assert len(conn.clock.samples) == 6
    assert conn.clock.offset() == pytest.approx(-phone_offset_s, abs=0.05)


def test_oversize_malformed_and_wrong_version_are_answered_then_three_oversize_close(web_dir):
    room, _ = kowah()

    async def main(srv):
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(url(srv, "/ws"))
            await next_of(ws, "lobby")
            await ws.send_str("{nope")
            assert (await next_of(ws, "error"))["code"] == "bad_message"
            await ws.send_str('{"v":9,"type":"lang","lang":"vi"}')
            assert (await next_of(ws, "error"))["code"] == "bad_version"
            await send(ws, type="lang", lang="vi")                       # still served
            await next_of(ws, "lobby")
            big = json.dumps({"v": 1, "type": "lang", "lang": "en", "x": "y" * MAX_BYTES})
            await ws.send_str(big)
            err = await next_of(ws, "error")
            assert err["code"] == "too_big" and err["reason"] == "Tin nhắn đó quá dài."
            await ws.send_bytes(big.encode())
            assert (await next_of(ws, "error"))["code"] == "too_big"
            await ws.send_str(big)
            rest = await closed(ws)
            assert [m["code"] for m in rest if m["type"] == "error"] == ["too_big"]
            assert ws.closed

    with running(room, web_dir=web_dir) as srv:
        asyncio.run(main(srv))
        wait_for(lambda: not srv.conns, what="the connection to be gone")


def test_a_flood_is_rate_limited_and_the_server_stays_responsive(web_dir):
    room, match = kowah()
    room.start()

    async def main(srv):
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(url(srv, "/ws"))
            await join(ws, room, "Ann", seat=1)
            room.pump(match, 0.0)                    # this test's thread is the game thread
            await next_of(ws, "screen")
            began = time.monotonic()
            for seq in range(1, 501):
                await send(ws, type="intent", seq=seq, action=["draw"], t=None)
            limited = await next_of(ws, "error")
            assert limited["code"] == "rate_limited"
            other = await http.ws_connect(url(srv, "/ws"))       # the server still answers
            await next_of(other, "lobby", timeout=2.0)
            await next_of(ws, "ping", timeout=3.0)                # and the flooder's socket lives
            flooder = min(srv.conns.values(), key=lambda c: c.id)
            await asyncio.to_thread(wait_for, lambda: flooder.received == 501, 5.0, "all 500")
            elapsed = time.monotonic() - began                    # every arrival was in it
            queued = room.inbox.qsize()
            # the bucket: RATE at once, then RATE a second — never the 500
            assert 1 <= queued <= RATE + RATE * elapsed + 2
            applied = room.pump(match, 0.1)          # bounded work: what the bucket let in
            assert room.inbox.qsize() == 0
            assert applied == 1 and match.log == [(1, ("draw",))]
            replies = await answers(ws, queued)
            assert replies[0] == {"v": 1, "type": "ack", "seq": 1}
            assert {m["code"] for m in replies[1:]} == {"illegal"}   # drawing again
            await other.close()
            await ws.close()

    with running(room, web_dir=web_dir) as srv:
        asyncio.run(main(srv))


async def answers(ws, n: int) -> list[dict]:
    """The next ``n`` acks and errors."""
    out: list[dict] = []
    async with asyncio.timeout(5):
        while len(out) < n:
            msg = json.loads((await ws.receive()).data)
            if msg["type"] in ("ack", "error"):
                out.append(msg)
    return out


def test_the_33rd_connection_is_refused_with_full(web_dir):
    room, _ = kowah()

    async def main(srv):
        async with aiohttp.ClientSession() as http:
            socks = []
            for _ in range(MAX_CONNS):
                ws = await http.ws_connect(url(srv, "/ws"))
                await next_of(ws, "lobby")
                socks.append(ws)
            extra = await http.ws_connect(url(srv, "/ws"))
            got = await closed(extra)
            assert [(m["type"], m["code"]) for m in got] == [("error", "full")]
            assert "as many phones" in got[0]["reason"]
            await socks.pop().close()
            wait_for(lambda: len(srv.conns) == MAX_CONNS - 1, what="a free place")
            again = await http.ws_connect(url(srv, "/ws"))
            await next_of(again, "lobby")
            for ws in [*socks, again]:
                await ws.close()

    with running(room, web_dir=web_dir) as srv:
        asyncio.run(main(srv))


def _raw_socket_that_never_reads(port: int) -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock                                        # and from now on it reads nothing


def test_a_client_that_never_reads_is_dropped_and_stalls_nobody(web_dir):
    room, _ = kowah()
    text = json.dumps({"v": 1, "type": "noise", "pad": "z" * 4000})

    async def reader(ws, got):
        while True:
            msg = await ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            got.append(json.loads(msg.data)["type"])

    async def main(srv):
        async with aiohttp.ClientSession() as http:
            good = await http.ws_connect(url(srv, "/ws"))
            await next_of(good, "lobby")
            sleepy = await asyncio.to_thread(_raw_socket_that_never_reads, srv.port)
            await asyncio.to_thread(wait_for, lambda: len(srv.conns) == 2)
            g_conn, s_conn = sorted(srv.conns.values(), key=lambda c: c.id)
            got: list[str] = []
            reading = asyncio.create_task(reader(good, got))

            def push():                                 # the game thread's side
                worst = 0.0
                for rounds in range(400):               # up to 400 × 32 × 4 kB
                    for _ in range(QUEUE_MAX // 2):
                        t0 = time.monotonic()
                        g_conn.send(text)
                        s_conn.send(text)
                        worst = max(worst, time.monotonic() - t0)
                    pushed = (rounds + 1) * (QUEUE_MAX // 2)
                    wait_for(lambda n=pushed: got.count("noise") == n, 5.0, "the reader to keep up")
                    assert not g_conn.dropped
                    try:                                # the sleepy one: what the kernel takes
                        wait_for(lambda: s_conn.dropped or (s_conn.written == s_conn.queued
                                                            and not s_conn._queue.qsize()), 0.2)
                    except AssertionError:
                        pass
                    if s_conn.dropped:
                        break
                return worst

            worst = await asyncio.to_thread(push)
            assert s_conn.dropped and not g_conn.dropped
            await asyncio.to_thread(wait_for, lambda: len(srv.conns) == 1, 5.0, "the drop")
            assert worst < 0.5                          # send() only ever queued
            await send(good, type="lang", lang="en")
            await asyncio.to_thread(wait_for, lambda: got[-1] == "lobby", 5.0, "an answer")
            reading.cancel()
            sleepy.close()
            await good.close()

    with running(room, web_dir=web_dir) as srv:
        asyncio.run(main(srv))


def test_a_page_of_another_site_cannot_open_the_socket(web_dir):
    room, _ = kowah()

    async def main(srv):
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                await http.ws_connect(url(srv, "/ws"), headers={"Origin": "http://evil.example"})
            assert err.value.status == 403
            ws = await http.ws_connect(url(srv, "/ws"),
                                       headers={"Origin": f"http://127.0.0.1:{srv.port}"})
            await next_of(ws, "lobby")
            await ws.close()

    with running(room, web_dir=web_dir) as srv:
        asyncio.run(main(srv))


def test_stop_says_bye_closes_everything_and_leaves_no_thread(web_dir):
    room, _ = kowah()
    before = set(threading.enumerate())
    srv = PartyServer(room, host="127.0.0.1", port=0, web_dir=web_dir)
    srv.start()
    port = srv.port
    got: dict = {}

    async def phone():
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(url(srv, "/ws"))
            await join(ws, room, "Ann")
            got["ready"] = True
            got["rest"] = await closed(ws)

    t = threading.Thread(target=lambda: asyncio.run(phone()))
    t.start()
    wait_for(lambda: got.get("ready"), what="the phone to join")
    sleepy = _raw_socket_that_never_reads(port)         # one that will not answer the close
    wait_for(lambda: len(srv.conns) == 2, what="the sleepy phone")
    srv.stop()
    sleepy.close()
    t.join(5)
    assert ("bye", "closed") in [(m["type"], m.get("reason")) for m in got["rest"]]
    assert not srv.running
    assert set(threading.enumerate()) - before == set()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    srv.stop()                                          # twice is harmless


def test_start_reports_a_port_in_use(web_dir):
    room, _ = kowah()
    with running(room, web_dir=web_dir) as srv:
        twin = PartyServer(room, host="127.0.0.1", port=srv.port, web_dir=web_dir)
        with pytest.raises(OSError):
            twin.start()
        assert not twin.running


# ------------------------------------------------------------------ files
def get(srv, path: str) -> tuple[int, dict, bytes]:
    async def main():
        async with aiohttp.ClientSession() as http:
            async with http.get(URL(url(srv, path), encoded=True)) as r:
                return r.status, dict(r.headers), await r.read()
    return asyncio.run(main())


def test_the_page_its_files_and_the_fonts(web_dir):
    room, _ = kowah()
    with running(room, web_dir=web_dir) as srv:
        for path in ("/", "/j/ABCD"):
            status, headers, body = get(srv, path)
            assert status == 200 and body.startswith(b"<!doctype html>")
            assert headers["Content-Type"] == "text/html; charset=utf-8"
            assert headers["Cache-Control"] == "no-cache"
            assert headers["X-Content-Type-Options"] == "nosniff"
            assert "default-src 'self'" in headers["Content-Security-Policy"]
        for path, kind in (("/static/phone.js", "text/javascript"), ("/phone.js", "text/javascript"),
                           ("/static/phone.css", "text/css"), ("/phone.css", "text/css")):
            status, headers, _ = get(srv, path)
            assert status == 200 and headers["Content-Type"].startswith(kind), path
        status, headers, body = get(srv, "/fonts/BeVietnamPro_400Regular.ttf")
        assert status == 200 and headers["Content-Type"] == "font/ttf" and len(body) > 10_000
        assert "max-age" in headers["Cache-Control"]


@pytest.mark.parametrize("path", [
    "/static/..%2Fsecret.txt", "/static/%2e%2e%2fsecret.txt", "/static/%2E%2E/secret.txt",
    "/static/../secret.txt", "/static/.hidden.js", "/static/sub/x.js", "/static/sub%2Fx.js",
    "/static/notes.bak", "/static/link.txt", "/link.txt", "/static/", "/static/%00.js",
    "/..%2F..%2Fsecret.txt", "/fonts/..%2F..%2FREADME.md", "/fonts/OFL-BeVietnamPro.txt",
    "/fonts/nope.ttf", "/static/index.html%00.png",
])
def test_no_file_outside_the_page_or_the_fonts(web_dir, path):
    room, _ = kowah()
    with running(room, web_dir=web_dir) as srv:
        status, _, body = get(srv, path)
    assert status in (400, 404), (path, status)
    assert b"outside" not in body and b"secret" not in body and b"deeper" not in body


# ------------------------------------------------------------------ art
class Art:
    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int]] = []

    def __call__(self, game: str, card: str, h: int) -> concurrent.futures.Future:
        self.calls.append((game, card, h))
        fut: concurrent.futures.Future = concurrent.futures.Future()
        if card == "[9,9]":
            fut.set_exception(RuntimeError("the renderer broke"))
        else:
            fut.set_result(None if card == "[0,0]" else PNG)
        return fut


def test_art_route(web_dir):
    room, _ = kowah()
    art = Art()
    with running(room, web_dir=web_dir, art=art) as srv:
        status, headers, body = get(srv, "/art?g=kowah&c=%5B3%2C%20%5B1%2C2%5D%5D&h=100")
        assert status == 200 and body == PNG and headers["Content-Type"] == "image/png"
        assert "max-age=31536000" in headers["Cache-Control"]
        assert art.calls == [("kowah", "[3,[1,2]]", 112)]          # canonical JSON, h rounded up
        assert get(srv, "/art?g=kowah&c=[0,0]&h=64")[0] == 404      # the renderer has no face
        assert get(srv, "/art?g=kowah&c=[9,9]&h=64")[0] == 404      # the renderer failed
        for bad in ("g=ganjifa&c=[1]&h=64", "c=[1]&h=64", "g=kowah&h=64", "g=kowah&c=[1]",
                    "g=kowah&c=[1.5]&h=64", "g=kowah&c={}&h=64", "g=kowah&c=[1&h=64",
                    "g=kowah&c=[" + "1," * 40 + "1]&h=64", "g=kowah&c=[1]&h=-5",
                    "g=kowah&c=[1]&h=1e3", "g=kowah&c=[1]&h=abc", "g=kowah&c=NaN&h=64",
                    "g=kowah&c=[\"../x\"]&h=64", "g=kowah&c=[[[[[[1]]]]]]&h=64"):
            assert get(srv, "/art?" + bad)[0] == 400, bad
        assert len(art.calls) == 3
    with running(room, web_dir=web_dir) as srv:                     # no renderer at all
        assert get(srv, "/art?g=kowah&c=[1]&h=64")[0] == 404


def test_art_that_never_comes_is_a_503(web_dir, monkeypatch):
    monkeypatch.setattr(server_mod, "ART_WAIT_S", 0.2)
    room, _ = kowah()
    with running(room, web_dir=web_dir, art=lambda g, c, h: concurrent.futures.Future()) as srv:
        assert get(srv, "/art?g=kowah&c=[1]&h=64")[0] == 503


@pytest.mark.parametrize(("raw", "h"), [("1", 32), ("32", 32), ("33", 48), ("100", 112),
                                        ("1024", 1024), ("1025", 1024), ("999999", 1024),
                                        ("0", 32), ("-1", None), ("", None), ("1e3", None),
                                        ("٣٣", None), ("9999999", None), (None, None)])
def test_art_height(raw, h):
    assert art_height(raw) == h


def test_card_text():
    assert card_text("[1, [2, 3]]") == "[1,[2,3]]"
    assert card_text('["cups", 3]') == '["cups",3]'
    assert card_text("7") == "7"
    assert card_text("null") == "null"          # the card back (a face its seat has not seen)
    for bad in (None, "", "[1.0]", "true", "[null]", '{"a":1}', "[1" , "x" * 65, '["a b"]',
                "[[[[[[1]]]]]]", "[Infinity]", str(2**40)):
        assert card_text(bad) is None, bad
