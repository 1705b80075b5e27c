"""The engine contract shared by every game: actions, events, results, errors.

Actions are plain tuples whose first element is the kind, e.g. ``("play", 17)``.
Tuples are hashable, sortable and cheap; JSON turns them into lists, which
:func:`action_from_json` turns back.

Time never enters a game: a reaction window is described by a :class:`Window` (who may
answer, in which tie-break order, what closes it, what a silent seat answers) and the
Match judges the clock (``game/windows.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple, Protocol

Action = tuple


class IllegalAction(Exception):
    """An action the rules refuse. ``str(err)`` is a sentence a player can read.

    ``key`` and ``params`` let the UI show the reason in the player's language.
    """

    def __init__(self, message: str, key: str = "", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


class Event(NamedTuple):
    """Something that happened. ``to`` is the only seat that may see it (None = everyone).

    A named tuple rather than a frozen dataclass: engines make one or more per action,
    and a tuple is built at half the cost. ``data`` is never mutated once made."""

    kind: str
    seat: int | None
    data: dict
    to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or self.to == seat


#: ``new_event((kind, seat, data, to))`` is ``Event(kind, seat, data, to)`` built straight
#: from the tuple, skipping the generated ``__new__`` (a third cheaper). Only for engines'
#: per-action hot paths; everywhere else write ``Event(...)``.
new_event = partial(tuple.__new__, Event)


@dataclass(frozen=True, slots=True)
class Result:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str = ""
    details: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Window:
    """An open reaction window, as the engine sees it: no seconds, only names of them.

    The seats still to answer are ``active_seats()`` among ``seats``; the engine closes
    the window itself (a closing answer, or the last seat answering). The Match submits
    answers in the order it judges them to have arrived (time, then ``seats`` order), so
    "who pressed first" is the order of the log.
    """

    id: int                     # new for every window opened in a game (the Match keys time on it)
    kind: str                   # what the window is for ("challenge", "race", "snap", …)
    seats: tuple[int, ...]      # eligible seats, in tie-break order (first wins a same-time tie)
    closes_on: tuple[str, ...]  # action kinds that close it for everyone (first challenge / shout)
    default: Action             # what every seat that has not answered says at the deadline
    duration: str               # timing key of its length in seconds (YAML)
    ai_delay: str = "ai_window_delay_s"   # timing key of the AI reaction-delay range (YAML)
    lockout: str | None = None  # timing key of the false-start lock, None: no lockout
    private: bool = False       # answering needs private information (hot-seat handoff)
    actor: int | None = None    # the seat whose move opened it (delay ranges may differ)


#: The buzzer: one real-time intent whose meaning the rules decide from where it lands on
#: the Match clock (a window's closing answer, a false start, or nothing). Front ends —
#: keyboard, mouse, a phone — send this, never the answer they guess it to be.
BUZZ: Action = ("buzz",)


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a real-time intent landed on the Match clock, as the window desk judges
    time (the engine never sees seconds): what a game's ``intent_action`` decides from.

    ``window``: the open window whose time holds the press. ``None``: it landed in no
    window, and ``closed`` is the latest window that had closed before it (None: none
    yet; a window closed early counts from its close), ``first`` whether it is the seat's
    first intent since ``closed`` opened (so the one that may be a late answer to it)."""

    window: Window | None
    closed: Window | None = None
    first: bool = False


def action_from_json(obj: Any) -> Any:
    """Lists from JSON back to the tuples actions are made of."""
    if isinstance(obj, list):
        return tuple(action_from_json(x) for x in obj)
    return obj


class GameState(Protocol):
    """What every game's state offers (see the architecture guide)."""

    n_seats: int

    def active_seats(self) -> tuple[int, ...]: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def apply(self, seat: int, action: Action) -> list[Event]: ...
    def view(self, seat: int | None) -> Any: ...
    def is_over(self) -> bool: ...
    def result(self) -> Result | None: ...
    def clone(self) -> GameState: ...
    def window(self) -> Window | None: ...
    # optional: ``intent_action(seat, intent, landing) -> Action | None`` — what a real-time
    # intent (BUZZ, a window's pass) says where it landed; without it the Match's default
    # (game.windows.default_intent_action) applies.


OVER = "over"
_SLOT_NAMES: dict[type, tuple[str, ...]] = {}


def slot_names(cls: type) -> tuple[str, ...]:
    """Every ``__slots__`` field of a class and its bases (cached per class)."""
    names = _SLOT_NAMES.get(cls)
    if names is None:
        names = _SLOT_NAMES[cls] = tuple(
            n for c in cls.__mro__ for n in c.__dict__.get("__slots__", ()))
    return names


class OneSeatAtATime:
    """Contract defaults for games where exactly one seat acts at a time and nobody
    races a clock (the trick and draw games). A state sets ``phase`` (``"over"`` at the end),
    ``turn`` and ``_result``."""

    __slots__ = ()      # so that a slotted state stays slotted
    phase: str
    turn: int
    _result: Result | None

    def _copy_fields(self) -> Any:
        """A new state of the same class sharing every field (slotted or not); ``clone``
        then copies the mutable ones."""
        new = object.__new__(type(self))
        if hasattr(self, "__dict__"):
            new.__dict__.update(self.__dict__)
        for name in slot_names(type(self)):
            setattr(new, name, getattr(self, name))
        return new

    def active_seats(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result | None:
        return self._result

    def window(self) -> Window | None:
        """No reaction windows: one seat acts at a time."""
        return None
