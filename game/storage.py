"""Where saves and settings live, and how they are written (atomically) and read."""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

APP = "cardtable"


def user_dir() -> Path:
    """The per-user data directory (``CARDTABLE_HOME`` overrides it, e.g. in tests)."""
    override = os.environ.get("CARDTABLE_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir
        path = Path(user_data_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_json_atomic(path: Path, data: Any, durable: bool = True) -> None:
    """Write to a temp file in the same folder, fsync, then rename over the target.

    ``durable=False`` skips the fsync: the rename is still atomic, so a killed process
    leaves either the old file or the new one, whole (the kernel keeps the data); only a
    power cut before the system writes it back could lose it (see :class:`SaveWriter`).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))   # (C encoder;
        with os.fdopen(fd, "w", encoding="utf-8") as fh:    # json.dump to a file is not)
            fh.write(text)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class SaveWriter:
    """Saves without stalling a frame on a slow disk, and without losing a move to a
    killed process.

    ``save`` writes through at once (temp file + atomic rename, no fsync: a fraction of a
    millisecond for a save), so the file on disk is the newest whole save the moment
    ``save`` returns, even if the process is killed right after. The fsync that makes it
    survive a power cut — the slow part — runs on a background thread; ``flush()`` waits
    for it. One shared writer serves the process (:func:`save_writer`); an exit handler
    flushes it.
    """

    def __init__(self) -> None:
        import threading
        self._cond = threading.Condition()
        self._pending: dict[Path, None] = {}     # paths written, awaiting fsync
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
        self._thread.start()

    def save(self, path: Path, data: Any) -> None:
        try:
            write_json_atomic(path, data, durable=False)
        except OSError as err:   # pragma: no cover - disk full, read-only home…
            import logging
            logging.getLogger(__name__).error("could not save %s: %s", path, err)
            return
        with self._cond:
            self._pending[path] = None
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                if not self._pending and self._closed:
                    return
                path, _ = self._pending.popitem()
                self._busy = True
            try:
                _fsync_file(path)
            except OSError as err:   # pragma: no cover - the file went away, I/O error…
                import logging
                logging.getLogger(__name__).warning("could not sync %s: %s", path, err)
            with self._cond:
                self._busy = False
                self._cond.notify_all()

    def flush(self) -> None:
        with self._cond:
            while self._pending or self._busy:
                self._cond.wait()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join()


def _fsync_file(path: Path) -> None:
    """Push a file, and its folder entry (the rename), to the disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    if hasattr(os, "O_DIRECTORY"):      # POSIX: the rename itself lives in the folder
        dfd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


_WRITER: SaveWriter | None = None


def save_writer() -> SaveWriter:
    """The process-wide background save writer (started on first use)."""
    global _WRITER
    if _WRITER is None:
        import atexit
        _WRITER = SaveWriter()
        atexit.register(_WRITER.flush)
    return _WRITER


class SaveError(Exception):
    """A save that cannot be used.

    ``str(err)`` is a plain English sentence for the log; ``key`` and ``params`` name the
    reason for the player, whom the scenes tell in their language (as with
    :class:`game.core.IllegalAction`). Keys live under ``save.`` in data/i18n.
    """

    def __init__(self, message: str, key: str = "save.damaged", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


#: A save of a whole hand is a few kilobytes; anything past this is not one, and is not
#: read into memory to find out.
MAX_SAVE_BYTES = 4 * 1024 * 1024


class NotARegularFile(OSError):
    """A FIFO, a device, a socket or a folder where a file was expected: reading one can
    block forever (a FIFO with no writer) or never end (``/dev/zero``)."""


class TooBig(OSError):
    """A file larger than its reader's cap; it is not read into memory."""


def read_regular(path: Path, max_bytes: int) -> bytes:
    """The bytes of ``path``, which must be a regular file of at most ``max_bytes``.

    The file is opened non-blocking (so a FIFO with no writer cannot hang the open) and
    checked with ``fstat`` on the open descriptor (no window between the check and the
    read); raises FileNotFoundError, :class:`NotARegularFile`, :class:`TooBig` or another
    OSError."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError as err:
        raise NotARegularFile(err.errno, "is a folder", str(path)) from err
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotARegularFile(0, "not a regular file", str(path))
        if st.st_size > max_bytes:
            raise TooBig(0, f"larger than {max_bytes} bytes", str(path))
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > max_bytes:                 # grew since the fstat
        raise TooBig(0, f"larger than {max_bytes} bytes", str(path))
    return raw


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save may hold")


def read_json(path: Path, max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """Parse a JSON file written by :func:`write_json_atomic`.

    Raises FileNotFoundError if there is no file, and SaveError for anything else that
    keeps it from being read, whatever the bytes are: not UTF-8, not JSON, NaN or
    Infinity, a number too long for Python to convert, nesting deep enough to exhaust the
    recursion limit, or a file too large to be a save.
    """
    try:
        raw = read_regular(path, max_bytes)
    except FileNotFoundError:
        raise
    except NotARegularFile as err:
        raise SaveError(f"{path.name} is not a regular file.", "save.not_a_file") from err
    except TooBig as err:
        raise SaveError(f"{path.name} is larger than {max_bytes} bytes.", "save.too_big") from err
    except OSError as err:
        raise SaveError(f"{path.name} cannot be read: {err.strerror}.", "save.unreadable") from err
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as err:   # JSONDecodeError is a
        raise SaveError(f"{path.name} is damaged and cannot be read: {err}"[:300],   # ValueError,
                        "save.damaged") from err                                   # as is int > 4300 digits


def move_aside(path: Path) -> Path:
    """Keep a bad file for inspection under a new name instead of deleting it."""
    target = path.with_name(f"{path.stem}.broken-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.broken-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target
