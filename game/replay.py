"""Watching a recorded game again, step by step (rules only, no pygame).

A record is what :meth:`game.match.Match.to_json` writes (game, seed, options, seats,
actions, version), plus any result fields a caller adds. The seed, options and log replay
the game exactly (the engines draw every random choice from the seed), so a replay is the
rules re-applied: step ``n`` is the state after the first ``n`` moves. Stepping back
rebuilds from the nearest checkpoint (a clone kept every ``every`` moves), so it stays
cheap in a long game.

Hidden information: :meth:`Replay.view` is one seat's view, and :meth:`Replay.events`
with a ``seat`` gives only what that seat saw. The whole truth — every hand, every private
event (secret swap decisions, the real cards of a claim) — is given only once the
recorded game is over (:meth:`Replay.full_state`, :meth:`Replay.hidden_events`).
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game import registry
from game.core import Action, Event, IllegalAction
from game.match import SEAT_KINDS, Match, Seat
from game.saves import SaveData, no_replay, parse_save, unknown_game
from game.storage import SaveError, read_json, user_dir, write_json_atomic

CHECKPOINT_EVERY = 16       # moves between kept states (stepping back replays < this many)


class NotOver(Exception):
    """The faces-up truth of a game that the record does not finish."""


class Replay:
    """A recorded game, replayed once up front (so a bad log fails here, with a
    SaveError that says why) and then looked at step by step."""

    def __init__(self, record: Any, every: int = CHECKPOINT_EVERY) -> None:
        save = parse_save(record, SEAT_KINDS)
        if save.game not in registry.GAMES:
            raise unknown_game(save.game)
        self.save: SaveData = save
        self.record = record
        self.every = max(1, every)
        try:
            state = registry.new_game(save.game, len(save.seats), save.seed, save.options)
        except Exception as err:   # noqa: BLE001 - bad options or seat count, from a file
            raise SaveError(f"The record's table cannot be set up ({err}).", "save.bad_setup") from err
        self.deal_events: list[Event] = list(state.deal_events()) if hasattr(state, "deal_events") else []
        self._steps: list[list[Event]] = []     # events move n+1 produced
        self._marks: list[int] = [0]            # checkpoint move numbers, ascending
        self._states: list[Any] = [state.clone()]
        for n, (seat, action) in enumerate(save.actions, 1):
            try:
                if seat not in state.active_seats():
                    raise ValueError(f"seat {seat} is not to act")
                self._steps.append(list(state.apply(seat, action)))
            except Exception as err:   # noqa: BLE001 - untrusted log: any failure
                raise no_replay(n, err) from err
            if n % self.every == 0:
                self._marks.append(n)
                self._states.append(state.clone())
        self._final = state
        self.pos = 0

    # ------------------------------------------------------------ facts
    @property
    def game(self) -> str:
        return self.save.game

    @property
    def seats(self) -> tuple[str, ...]:
        return self.save.seats

    @property
    def length(self) -> int:
        """Number of moves in the record."""
        return len(self.save.actions)

    @property
    def over(self) -> bool:
        """Whether the recorded game reached its end (faces up is only offered then)."""
        return self._final.is_over()

    def move(self, n: int) -> tuple[int, Action]:
        """The ``n``-th move (1-based): (seat, action)."""
        return self.save.actions[n - 1]

    def result(self) -> Any:
        return self._final.result()

    # ------------------------------------------------------------ states
    def state_at(self, n: int) -> Any:
        """A fresh state after the first ``n`` moves (the caller may use it as it likes)."""
        n = self._clamp(n)
        i = bisect.bisect_right(self._marks, n) - 1
        state = self._states[i].clone()
        for seat, action in self.save.actions[self._marks[i]:n]:
            state.apply(seat, action)
        return state

    def view(self, seat: int | None, n: int | None = None) -> Any:
        """What ``seat`` could see after ``n`` moves (default: the current step)."""
        return self.state_at(self.pos if n is None else n).view(seat)

    def full_state(self, n: int | None = None) -> Any:
        """The whole state (every hand) after ``n`` moves — only once the game is over."""
        if not self.over:
            raise NotOver("the recorded game did not finish; its hidden cards stay hidden")
        return self.state_at(self.pos if n is None else n)

    # ------------------------------------------------------------ events
    def step_events(self, n: int) -> list[Event]:
        """The events move ``n`` produced (``n`` = 0: the deal)."""
        return list(self.deal_events) if n == 0 else list(self._steps[n - 1])

    def events(self, upto: int | None = None, seat: int | None = None,
               everything: bool = False) -> list[Event]:
        """Every event of the deal and the first ``upto`` moves; only those ``seat`` saw,
        unless ``everything`` (which, like faces up, needs a finished game)."""
        if everything and not self.over:
            raise NotOver("the recorded game did not finish")
        upto = self.pos if upto is None else self._clamp(upto)
        out = list(self.deal_events)
        for step in self._steps[:upto]:
            out += step
        return out if everything else [e for e in out if e.visible_to(seat)]

    def hidden_events(self, upto: int | None = None) -> list[tuple[int, Event]]:
        """(move number, event) of every private event so far — what really happened
        out of sight. Only for a finished game."""
        if not self.over:
            raise NotOver("the recorded game did not finish")
        upto = self.pos if upto is None else self._clamp(upto)
        out = [(0, e) for e in self.deal_events if e.to is not None]
        for n, step in enumerate(self._steps[:upto], 1):
            out += [(n, e) for e in step if e.to is not None]
        return out

    # ------------------------------------------------------------ stepping
    def seek(self, n: int) -> int:
        self.pos = self._clamp(n)
        return self.pos

    def forward(self) -> list[Event]:
        """Go one move on; the events it produced ([] at the end)."""
        if self.pos >= self.length:
            return []
        self.pos += 1
        return self.step_events(self.pos)

    def back(self) -> int:
        """Go one move back (the state is rebuilt from a checkpoint when asked for)."""
        return self.seek(self.pos - 1)

    def _clamp(self, n: int) -> int:
        return max(0, min(int(n), self.length))

    # ------------------------------------------------------------ a Match to draw
    def match_at(self, n: int | None = None) -> ReplayMatch:
        """A :class:`ReplayMatch` standing at move ``n``: what a table is built on.
        Further moves are fed with :meth:`ReplayMatch.feed` (the table's driver turns
        the new events into animations)."""
        n = self.pos if n is None else self._clamp(n)
        save = self.save
        seats: list[Seat] = [_Watching(k, agent=_Silent()) for k in save.seats]
        match = ReplayMatch(save.game, seats, save.seed, dict(save.options))
        i = bisect.bisect_right(self._marks, n) - 1
        mark = self._marks[i]
        match.state = self._states[i].clone()
        match.log = list(save.actions[:mark])
        match.events = _all(self, mark)      # a Match holds every seat's events
        for seat, action in save.actions[mark:n]:
            match.feed(seat, action)
        return match


# ------------------------------------------------------------ export / import
def export_dir() -> Path:
    return user_dir() / "exports"


def export_record(record: dict, folder: Path | None = None) -> Path:
    """Write a record as one small JSON file in the exports folder; its path."""
    save = parse_save(record, SEAT_KINDS)
    folder = export_dir() if folder is None else folder
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{save.game}-{save.seed}-{stamp}.json"
    k = 1
    while path.exists():
        k += 1
        path = folder / f"{save.game}-{save.seed}-{stamp}-{k}.json"
    write_json_atomic(path, record, durable=False)
    return path


def import_record(path: Path) -> dict:
    """A record read from a file and checked to replay. SaveError (with the reason's
    i18n key) for anything wrong with it, a missing file included."""
    try:
        data = read_json(Path(path))
    except FileNotFoundError as err:
        raise SaveError(f"There is no file {path}.", "replay.no_file") from err
    Replay(data)            # raises SaveError if it does not replay
    return data


def _all(replay: Replay, upto: int) -> list[Event]:
    out = list(replay.deal_events)
    for n in range(1, upto + 1):
        out += replay.step_events(n)
    return out


class _Silent:
    """An AI seat in a replay: it watches and never decides (the log decides)."""

    think_delay = 0.0

    def observe(self, events: Iterable[Event]) -> None:
        pass


class _Watching(Seat):
    """A seat in a replay: nobody at it acts (not even a recorded human), so a table
    offers no moves, no buzzers and no handoffs."""

    @property
    def is_human(self) -> bool:
        return False

    @property
    def is_phone(self) -> bool:
        return False


class ReplayMatch(Match):
    """A Match whose clock moves nothing: no agent decides, no window closes by time.
    Only :meth:`feed` (the replay giving it the recorded moves) changes it; a table that
    offers a move of its own (a click on a card) is refused."""

    def submit(self, seat: int, action: Action) -> list[Event]:
        raise IllegalAction("This is a replay: the moves are the recorded ones.", "replay_only")

    def feed(self, seat: int, action: Action) -> list[Event]:
        """The next recorded move."""
        return Match.submit(self, seat, action)

    def tick(self, now: float) -> list[Event]:
        return []

    def thinking(self) -> set[int]:
        return set()


# ------------------------------------------------------------ records and rematches
def record_of(match: Match) -> dict:
    """A finished (or unfinished) match as a record: its save plus the result."""
    record = match.to_json()
    result = match.result() if match.is_over() else None
    if result is not None:
        record.update(winners=list(result.winners), scores=list(result.scores),
                      reason=result.reason)
    return record


def rotated(seats: list[str]) -> list[str]:
    """A rematch's seats: everyone moves one seat on (seat i's player sits at i + 1), so
    the human plays the cards the next seat held."""
    return seats[-1:] + seats[:-1]
