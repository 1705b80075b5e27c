"""What the join panel's tests stand in for: a phone's connection; and the install of
phone tables on loopback, listing every party started so no server outlives its test."""

from __future__ import annotations

import itertools
import threading

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


def server_threads() -> list[threading.Thread]:
    """The phone server threads running now (the server names its thread "party-server")."""
    return [th for th in threading.enumerate() if th.name == "party-server" and th.is_alive()]


def install(monkeypatch) -> list:
    """Phone tables on loopback. Every party started is listed in what this returns: stop
    them after the test (no server thread outlives its test)."""
    from scenes.core import phone_host
    monkeypatch.setattr(phone_host, "HOST", "127.0.0.1")
    opened: list = []
    real_start = phone_host.PhoneParty.start

    def start(self):
        opened.append(self)
        return real_start(self)
    monkeypatch.setattr(phone_host.PhoneParty, "start", start)
    return opened
