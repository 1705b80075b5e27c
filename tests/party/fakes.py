"""Stand-ins the party tests share: a connection that records what it is sent, and a
tiny generic presenter."""

from __future__ import annotations

import itertools
import json

from party.clock import ClockSync
from party.present import check_screen
from party.room import json_action

_ids = itertools.count(1)


class FakeConn:
    """A phone's connection as the room sees it: what it was sent, parsed (``sent``) and
    as the exact text (``texts``)."""

    def __init__(self, address: str = "10.0.0.5", lang: str = "en") -> None:
        self.id = next(_ids)
        self.lang = lang
        self.clock = ClockSync()
        self.address = address
        self.sent: list[dict] = []
        self.texts: list[str] = []
        self.closed = False

    def send(self, text: str) -> None:
        self.texts.append(text)
        self.sent.append(json.loads(text))

    def close(self) -> None:
        self.closed = True

    def of(self, kind: str) -> list[dict]:
        return [m for m in self.sent if m["type"] == kind]

    def last(self, kind: str) -> dict:
        found = self.of(kind)
        assert found, f"no {kind} in {[m['type'] for m in self.sent]}"
        return found[-1]


class Stub:
    """A generic presenter: ctx.legal as moves, plus ``extra`` actions offered anyway."""

    def __init__(self) -> None:
        self.extra: list = []
        self.timed: set = set()         # actions offered as timed (judged where pressed)

    def __call__(self, ctx) -> dict:
        moves = [{"id": f"m{i}", "label": repr(a), "action": json_action(a), "cards": None,
                  "legal": a in ctx.legal, "reason": None, "kind": "normal", "timed": a in self.timed}
                 for i, a in enumerate(list(ctx.legal) + [a for a in self.extra if a not in ctx.legal])]
        return check_screen({"title": ctx.game, "status": "", "tone": "wait", "players": [],
                             "info": [], "hand": [], "table": [], "pick": None, "moves": moves,
                             "buzzer": None, "window": None, "log": [], "over": None})
