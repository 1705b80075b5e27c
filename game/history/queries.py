"""What the statistics screen asks the history database.

Every figure is from the player's side: the human seat(s) of a game. A game is *won*
when a human seat is among the winners (a shared first place counts); *share* is the
human seat's part of the points handed out (cards taken, coins, the multiplier);
*score* its points. Figures are per game, split by mode (``None``: every mode) and by the
opponents' level.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from game.history.db import (
    HistoryProblem,
    HistoryUnavailable,
    connect,
    db_path,
    open_db,
    open_read_only,
)
from game.history.record import AI_LEVELS, HUMANS_ONLY, MIXED

LEVEL_ORDER = (*AI_LEVELS, MIXED, HUMANS_ONLY)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LevelRow:
    level: str                  # an AI level, "mixed", "none" (humans only) or "all"
    played: int
    wins: int
    streak: int                 # wins in a row up to the latest game
    best_streak: int
    avg_share: float | None     # 0…1
    avg_score: float | None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.played if self.played else None


@dataclass(frozen=True)
class Bucket:
    first: int                  # number of the bucket's first game (1-based) or a day
    label: str
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class SeatRow:
    seat: int
    played: int                 # games the player sat here
    wins: int                   # ... and won
    games: int                  # games with this seat at the table (anyone sitting there)
    seat_wins: int              # ... won by whoever sat there


@dataclass
class Stats:
    game: str
    mode: str | None
    levels: list[LevelRow] = field(default_factory=list)
    total: LevelRow | None = None
    over_time: list[Bucket] = field(default_factory=list)
    seats: list[SeatRow] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return self.total is None or self.total.played == 0


def streaks(flags: list[int]) -> tuple[int, int]:
    """(current, best) run of wins in a sequence of 1/0 results, oldest first."""
    best = run = 0
    for won in flags:
        run = run + 1 if won else 0
        best = max(best, run)
    return run, best


def _where(game: str | None, mode: str | None, alias: str = "") -> tuple[str, list]:
    p = f"{alias}." if alias else ""
    parts, args = [], []
    if game is not None:
        parts.append(f"{p}game = ?")
        args.append(game)
    if mode is not None:
        parts.append(f"{p}mode = ?")
        args.append(mode)
    return (" WHERE " + " AND ".join(parts)) if parts else "", args


class HistoryReader:
    """Read-only questions over one database file (its own connection; the writer may
    be committing at the same time: WAL readers see whole transactions only)."""

    def __init__(self, conn: sqlite3.Connection, problem: HistoryProblem | None = None,
                 read_only: bool = False) -> None:
        self.conn = conn
        self.problem = problem
        self.read_only = read_only      # opened read-only: new games cannot be written there

    @classmethod
    def open(cls, path: Path | None = None, checked: bool = False) -> HistoryReader:
        """Open (checking and migrating unless ``checked``: the writer already did). An
        intact file that cannot be opened for writing (a read-only folder) is opened
        read-only (``read_only``); raises :class:`HistoryUnavailable` — never a bare
        ``sqlite3.Error`` — when it cannot be read at all."""
        path = db_path() if path is None else Path(path)
        if checked and path.exists():
            conn = None
            try:
                conn = connect(path)
                conn.execute("SELECT COUNT(*) FROM games").fetchone()
                return cls(conn)
            except sqlite3.Error as err:
                if conn is not None:
                    conn.close()
                log.warning("history: %s cannot be opened for writing (%s); trying read-only",
                            path.name, err)
        else:
            try:
                conn, problem = open_db(path)
                return cls(conn, problem)
            except HistoryUnavailable as err:
                log.warning("history: %s; trying read-only", err)
        return cls(open_read_only(path), read_only=True)

    def close(self) -> None:
        self.conn.close()

    def count(self, game: str | None = None, mode: str | None = None) -> int:
        where, args = _where(game, mode)
        return self.conn.execute(f"SELECT COUNT(*) FROM games{where}", args).fetchone()[0]

    def counts_by_game(self) -> dict[str, int]:
        return dict(self.conn.execute("SELECT game, COUNT(*) FROM games GROUP BY game"))

    def stats(self, game: str, mode: str | None = None, per: int = 20) -> Stats:
        """Per-level table, totals, win rate per ``per`` games, results per seat."""
        out = Stats(game, mode)
        where, args = _where(game, mode)
        order = self.conn.execute(f"SELECT level, won FROM games{where} ORDER BY finished_at, id",
                                  args).fetchall()
        if not order:
            out.total = LevelRow("all", 0, 0, 0, 0, None, None)
            return out
        gw, gargs = _where(game, mode, "g")
        avgs = {lv: (sh, sc) for lv, sh, sc in self.conn.execute(
            f"SELECT g.level, AVG(s.share), AVG(s.score) FROM games g "
            f"JOIN seats s ON s.game_id = g.id AND s.human = 1{gw} GROUP BY g.level", gargs)}
        total_avg = self.conn.execute(
            f"SELECT AVG(s.share), AVG(s.score) FROM games g "
            f"JOIN seats s ON s.game_id = g.id AND s.human = 1{gw}", gargs).fetchone()
        by_level: dict[str, list[int]] = {}
        for level, won in order:
            by_level.setdefault(level, []).append(won)
        rank = {lv: i for i, lv in enumerate(LEVEL_ORDER)}
        for level in sorted(by_level, key=lambda lv: rank.get(lv, len(rank))):
            flags = by_level[level]
            now, best = streaks(flags)
            share, score = avgs.get(level, (None, None))
            out.levels.append(LevelRow(level, len(flags), sum(flags), now, best, share, score))
        flags = [won for _, won in order]
        now, best = streaks(flags)
        out.total = LevelRow("all", len(flags), sum(flags), now, best, *total_avg)
        for i in range(0, len(flags), per):
            chunk = flags[i:i + per]
            out.over_time.append(Bucket(i + 1, f"{i + 1}–{i + len(chunk)}", len(chunk), sum(chunk)))
        out.seats = self.by_seat(game, mode)
        return out

    def per_day(self, game: str, mode: str | None = None) -> list[Bucket]:
        """Win rate per calendar day (local time), oldest first."""
        where, args = _where(game, mode)
        rows = self.conn.execute(
            f"SELECT date(finished_at, 'unixepoch', 'localtime') AS d, COUNT(*), SUM(won) "
            f"FROM games{where} GROUP BY d ORDER BY d", args).fetchall()
        return [Bucket(i + 1, d, n, w) for i, (d, n, w) in enumerate(rows)]

    def by_seat(self, game: str, mode: str | None = None) -> list[SeatRow]:
        """For each seat position: the player's games and wins there, and how often
        whoever sat there won."""
        gw, gargs = _where(game, mode, "g")
        rows = self.conn.execute(
            f"SELECT s.seat, SUM(s.human), SUM(s.human * s.winner), COUNT(*), SUM(s.winner) "
            f"FROM games g JOIN seats s ON s.game_id = g.id{gw} GROUP BY s.seat ORDER BY s.seat",
            gargs).fetchall()
        return [SeatRow(*r) for r in rows]

    def recent(self, game: str | None = None, mode: str | None = None, limit: int = 20,
               offset: int = 0) -> list[dict]:
        """The latest games, newest first: each a record without its actions."""
        where, args = _where(game, mode)
        rows = self.conn.execute(
            f"SELECT g.id, r.record FROM (SELECT id, finished_at FROM games{where} "
            f"ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?) AS g "
            f"JOIN records r ON r.game_id = g.id ORDER BY g.finished_at DESC, g.id DESC",
            [*args, limit, offset])
        out = []
        for gid, text in rows:
            rec = _loads(text)
            if rec is not None:
                rec.pop("actions", None)
                out.append({**rec, "id": gid})
        return out

    def record(self, game_id: int) -> dict | None:
        """One game: the save format (game, seed, options, seats, actions) plus its
        result fields — what a replay is built from. None if there is no such game or
        its stored JSON cannot be read."""
        row = self.conn.execute("SELECT record FROM records WHERE game_id = ?", (game_id,)).fetchone()
        rec = _loads(row[0]) if row else None
        return None if rec is None else {**rec, "id": game_id}


def _loads(text: str) -> dict | None:
    try:
        rec = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    return rec if isinstance(rec, dict) else None
