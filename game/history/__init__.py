"""The history of finished games: an SQLite database in the user data folder.

- :mod:`.record` — one game as a dict (the save format + result + bookkeeping);
- :mod:`.schema` — versioned schema and migrations (``PRAGMA user_version``);
- :mod:`.db` — opening with WAL, checking, setting a bad file aside;
- :mod:`.writer` — :class:`Recorder`, the single writer thread (batched transactions);
- :mod:`.queries` — :class:`HistoryReader`, the statistics.

Who records: the app, for games with at least one human seat, unless it runs on
``--autoplay`` (benchmarks use that) or ``CARDTABLE_HISTORY=off`` is set (the test
suite sets it; a test that wants a database gives the app its own Recorder).
"""

from __future__ import annotations

import os

from game.history.db import HistoryProblem, HistoryUnavailable, db_path, open_db
from game.history.queries import Bucket, HistoryReader, LevelRow, SeatRow, Stats
from game.history.record import MODES, build, from_match, worth_recording
from game.history.writer import Recorder

ENV = "CARDTABLE_HISTORY"

__all__ = ["MODES", "Bucket", "HistoryProblem", "HistoryReader", "HistoryUnavailable", "LevelRow",
           "Recorder", "SeatRow", "Stats", "build", "db_path", "enabled", "from_match", "open_db",
           "worth_recording"]


def enabled() -> bool:
    """Whether the app may open the player's database (``CARDTABLE_HISTORY=off``: no)."""
    return os.environ.get(ENV, "").strip().lower() not in ("off", "0", "no", "false")
