"""The join panel's tests: phone tables on loopback, every party started listed so no
server outlives its test (a phone's connection: tests.party.fakes.FakeConn)."""

from __future__ import annotations

import itertools
import threading

_ids = itertools.count(1)


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
