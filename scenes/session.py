"""Starting, resuming and saving matches for the app (one autosave slot)."""

from __future__ import annotations

from pathlib import Path

from game.match import Match, Seat
from game.storage import SaveError, move_aside, read_json, user_dir


def save_path() -> Path:
    return user_dir() / "current.json"


def resumable() -> bool:
    """True if there is an unfinished hand to continue (a damaged file counts: it gets a message)."""
    path = save_path()
    if not path.exists():
        return False
    try:
        data = read_json(path)
    except (SaveError, FileNotFoundError):
        return True
    return not (isinstance(data, dict) and data.get("over"))


def resume() -> Match:
    """Load the autosave; a bad one is moved aside and SaveError says why."""
    path = save_path()
    try:
        return Match.load(path, threaded=True, async_save=True)
    except SaveError as err:
        kept = move_aside(path)
        raise SaveError(f"{err} It was kept as {kept.name}.") from err


def start(game: str, seats: list[str], seed: int, options: dict) -> Match:
    return Match(game, [Seat(k) for k in seats], seed, options, save_path=save_path(), threaded=True,
                 async_save=True)


def make_table(app, match: Match, fresh: bool):
    """The table scene for a match's game."""
    if match.game == "ganjifa":
        from scenes.tables.ganjifa import GanjifaTable
        return GanjifaTable(app, match, fresh=fresh)
    if match.game == "kowah":
        from scenes.tables.kowah import KowahTable
        return KowahTable(app, match, fresh=fresh)
    raise ValueError(f"no table for {match.game}")
