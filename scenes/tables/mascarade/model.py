"""What the Mascarade table shows, built only from public events (no pygame).

The table never draws a card face from the true state: faces come from the public
setup and reveal events (``faceup``), and a player's own secrets are read from their
view only on a covered prompt (see table.py's handoff policy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core import Event
from game.mascarade.known import TableKnowledge

LOG_KINDS = ("swap", "fool", "spy_swap", "spy", "peek", "announce", "claim", "pass", "reveal",
             "coins", "witch", "inquire", "guess", "cheat", "end")


@dataclass
class LogLine:
    """One public log entry: an i18n key under ``mascarade.log.`` and its parameters."""
    turn: int
    key: str
    params: dict


@dataclass
class MascaradeModel:
    n_seats: int
    n_pos: int
    owner: tuple = ()
    coins: list[int] = field(default_factory=list)
    court: int = 0
    bank: int = 0
    faceup: dict[int, int] = field(default_factory=dict)   # pos -> character, shown now
    announced: tuple | None = None
    log: list[LogLine] = field(default_factory=list)
    turn_no: int = 1
    turn_seat: int | None = None                              # whose turn the table shows
    forced: bool = False                                      # that turn is swap-only
    answered: dict[int, str] = field(default_factory=dict)   # the claim ask so far
    known: TableKnowledge = field(default_factory=TableKnowledge)  # public beliefs
    applied: int = 0                                          # public events applied

    def catch_up(self, events: list[Event]) -> None:
        """Apply the public events of ``events`` this model has not seen yet (a table
        rebuilt mid-game keeps its log and the table's knowledge)."""
        public = [e for e in events if e.to is None]
        for ev in public[self.applied:]:
            self.apply(ev)

    def reset(self, view: Any, bank: int) -> None:
        """Rebuild from a public view (a resumed game or a new viewer)."""
        self.owner = tuple(view.owner)
        self.coins = list(view.coins)
        self.court = view.courthouse
        self.bank = bank
        self.faceup = dict(view.faceup)
        self.announced = view.announced
        self.turn_no = view.turn_no
        self.turn_seat, self.forced = view.turn, bool(view.forced)
        self.answered = dict(view.answered)

    def note(self, key: str, **params: Any) -> None:
        self.log.append(LogLine(self.turn_no, key, params))

    def apply(self, ev: Event) -> None:
        """The model's change for one public event (the animations wrap it)."""
        self.applied += 1
        self.known.observe([ev])
        d = ev.data
        k = ev.kind
        if k == "setup":
            self.faceup = dict(enumerate(d["layout"]))
            self.coins = list(d["coins"])
        elif k == "turn":
            self.turn_no = d["turn"]
            self.turn_seat, self.forced = ev.seat, bool(d.get("forced"))
            self.announced = None
            self.answered = {}
        elif k == "swap":
            self.note("swap", seat=ev.seat, a=d["a"], b=d["b"])
        elif k == "fool":
            self.note("fool", seat=ev.seat, a=d["a"], b=d["b"])
        elif k == "spy":
            self.note("spy", seat=ev.seat, pos=d["pos"])
        elif k == "spy_swap":
            self.note("spy_swap", seat=ev.seat, a=d["a"], b=d["b"])
        elif k == "peek":
            self.note("peek", seat=ev.seat, pos=d["pos"])
        elif k == "announce":
            self.announced = (ev.seat, d["character"], d["pos"])
            self.answered = {}
            self.note("announce", seat=ev.seat, char=d["character"])
        elif k == "claim":
            self.answered[ev.seat] = "claim"
            self.note("claim", seat=ev.seat, char=d["character"])
        elif k == "pass":
            self.answered[ev.seat] = "pass"
            self.note("pass", seat=ev.seat)
        elif k == "reveal":
            for pos, card in d["cards"]:
                self.faceup[pos] = card
            self.note("reveal", cards=[tuple(c) for c in d["cards"]])
        elif k == "hide":
            for pos in d["positions"]:
                self.faceup.pop(pos, None)
        elif k == "coins":
            self.move(d["src"], d["dst"], d["amount"])
            if d["amount"]:
                self.note("coins", src=d["src"], dst=d["dst"], amount=d["amount"], why=d["why"])
        elif k == "witch":
            self.coins = list(d["coins"])
            self.note("witch", seat=ev.seat, target=d["target"])
        elif k == "inquire":
            self.note("inquire", seat=ev.seat, target=d["target"])
        elif k == "guess":
            self.note("guess", seat=ev.seat, char=d["character"])
        elif k == "cheat":
            self.note("cheat", seat=ev.seat)
        elif k == "end":
            self.coins = list(d["coins"])
            self.note("end", winners=list(d["winners"]), reason=d["reason"])

    def move(self, src: Any, dst: Any, amount: int) -> None:
        for where, sign in ((src, -1), (dst, 1)):
            if isinstance(where, int):
                self.coins[where] += sign * amount
            elif where == "court":
                self.court += sign * amount
            else:
                self.bank += sign * amount
