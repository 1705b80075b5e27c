"""What the join panel's tests stand in for: a phone's connection, a game's presenter, and —
only until party.server and party.addr exist in this tree — a server that really listens
on a thread (so "Back stops the server" is a thread that ends) and the link builder."""

from __future__ import annotations

import itertools
import socket
import sys
import threading
import types

from party.clock import ClockSync

_ids = itertools.count(1)


class FakeConn:
    """A phone's connection as the room sees it: what it was sent is kept."""

    def __init__(self, lang: str = "en") -> None:
        self.id = next(_ids)
        self.lang = lang
        self.clock = ClockSync()
        self.address = "127.0.0.1"
        self.sent: list[str] = []
        self.closed = False

    def send(self, text: str) -> None:
        self.sent.append(text)

    def close(self) -> None:
        self.closed = True


class StandInServer:
    """party.server.PartyServer's shape: binds host:port (OSError when taken), serves
    nothing, runs a thread until stop()."""

    def __init__(self, room, host: str = "0.0.0.0", port: int = 0, art=None) -> None:
        self.room, self.host, self.wanted = room, host, port
        self.port = 0
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self._stop = threading.Event()

    def start(self) -> None:
        sock = socket.socket()
        sock.bind((self.host, self.wanted))
        sock.listen()
        self._sock = sock
        self.port = sock.getsockname()[1]
        self._thread = threading.Thread(target=self._stop.wait, name="party-server", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self._sock is not None:
            self._sock.close()


def stand_in_join_url(host: str, port: int, code: str, secret: str, seat: int | None = None) -> str:
    url = f"http://{host}:{port}/?c={code}#{secret}"
    return url if seat is None else f"{url}.{seat}"


def server_threads() -> list[threading.Thread]:
    """The phone server threads running now (the real server and the stand-in name
    theirs "party-server")."""
    return [th for th in threading.enumerate() if th.name == "party-server" and th.is_alive()]


def stub_present(ctx) -> dict:
    from party.present import SCREEN_KEYS
    return {k: None for k in SCREEN_KEYS}


def install(monkeypatch) -> list:
    """Phone tables on loopback: a presenter for every game that has none yet, and the
    stand-in server / links while party.server / party.addr are not in this tree. Every
    party started is listed in what this returns: stop them after the test (no server
    thread outlives its test)."""
    from party import present
    from scenes.core import phone_host
    monkeypatch.setattr(phone_host, "HOST", "127.0.0.1")
    opened: list = []
    real_start = phone_host.PhoneParty.start

    def start(self):
        opened.append(self)
        return real_start(self)
    monkeypatch.setattr(phone_host.PhoneParty, "start", start)
    real = present.presenter
    monkeypatch.setattr(present, "presenter", lambda game: real(game) or stub_present)
    try:
        import party.server  # noqa: F401
    except ImportError:
        mod = types.ModuleType("party.server")
        mod.PartyServer = StandInServer
        monkeypatch.setitem(sys.modules, "party.server", mod)
    try:
        import party.addr  # noqa: F401
    except ImportError:
        mod = types.ModuleType("party.addr")
        mod.lan_ipv4 = lambda: "127.0.0.1"
        mod.join_url = stand_in_join_url
        monkeypatch.setitem(sys.modules, "party.addr", mod)
    return opened
