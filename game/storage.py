"""Where saves and settings live, and how they are written (atomically) and read."""

from __future__ import annotations

import json
import os
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


def write_json_atomic(path: Path, data: Any) -> None:
    """Write to a temp file in the same folder, fsync, then rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class SaveError(Exception):
    """A save that cannot be used; the message is for the player."""


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SaveError(f"{path.name} is damaged and cannot be read ({err.__class__.__name__}).") from err


def move_aside(path: Path) -> Path:
    """Keep a bad file for inspection under a new name instead of deleting it."""
    target = path.with_name(f"{path.stem}.broken-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.broken-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target
