"""Starting, resuming and saving matches for the app: one autosave per game
(``current-<game>.json``), so a new hand of one game never replaces another game's."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from game import registry
from game.match import Match, Seat
from game.saves import SaveSummary, summarize
from game.storage import SaveError, move_aside, read_json, user_dir

log = logging.getLogger(__name__)
LEGACY = "current.json"         # the single save of earlier versions


def save_path(game: str) -> Path:
    return user_dir() / f"current-{game}.json"


@dataclass(frozen=True)
class SaveProblem:
    """A save that could not be used and was kept aside (``kept`` is None if even the
    rename failed). The scenes translate ``error.key``/``error.params``."""

    game: str | None
    error: SaveError
    kept: str | None


@dataclass
class SaveCheck:
    """What the menu needs: the unfinished hand of each game, and what went wrong."""

    unfinished: dict[str, SaveSummary] = field(default_factory=dict)
    problems: list[SaveProblem] = field(default_factory=list)


def _set_aside(path: Path, game: str | None, err: SaveError) -> SaveProblem:
    log.warning("save %s set aside: %s", path.name, err)
    try:
        kept: str | None = move_aside(path).name
    except OSError as move_err:
        log.error("could not move %s aside: %s", path, move_err)
        kept = None
    return SaveProblem(game, err, kept)


def _migrate_legacy(problems: list[SaveProblem]) -> None:
    """Give an old ``current.json`` the name of its game (read from its "game" field)."""
    path = user_dir() / LEGACY
    if not path.exists():
        return
    try:
        data = read_json(path)
    except FileNotFoundError:
        return
    except SaveError as err:
        problems.append(_set_aside(path, None, err))
        return
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game not in registry.GAMES:
        problems.append(_set_aside(path, None, SaveError(
            "The old save names no game this version has.", "save.unknown_game")))
        return
    target = save_path(game)
    if target.exists():     # a newer save of that game exists: keep the old one aside, quietly
        move_aside(path)
        return
    os.replace(path, target)


def check_saves() -> SaveCheck:
    """Look at every game's save: which can be continued, which are damaged (those are
    moved aside, so the player is told once). Never raises for what a file holds."""
    out = SaveCheck()
    try:
        _migrate_legacy(out.problems)
    except OSError as err:      # pragma: no cover - read-only folder…
        log.error("could not migrate %s: %s", LEGACY, err)
    for game in registry.GAMES:
        path = save_path(game)
        try:
            summary = summarize(path)
        except FileNotFoundError:
            continue
        except SaveError as err:
            out.problems.append(_set_aside(path, game, err))
            continue
        if summary.game != game:
            out.problems.append(_set_aside(path, game, SaveError(
                f"{path.name} holds a {summary.game[:40]} hand.", "save.incomplete")))
        elif not summary.over:
            out.unfinished[game] = summary
    return out


def resumable(game: str | None = None) -> bool:
    """True if ``game`` (or any game) has an unfinished hand to continue. Only looks:
    moving damaged files aside is :func:`check_saves`' job, when the menu opens."""
    for g in [game] if game else list(registry.GAMES):
        try:
            summary = summarize(save_path(g))
        except (FileNotFoundError, SaveError):
            continue
        if summary.game == g and not summary.over:
            return True
    return False


class ResumeFailed(Exception):
    """Continuing a hand failed; ``problem`` says why (the file was moved aside)."""

    def __init__(self, problem: SaveProblem) -> None:
        super().__init__(str(problem.error))
        self.problem = problem


def resume(game: str) -> Match:
    """Load a game's autosave. A bad one is moved aside and ResumeFailed says why."""
    path = save_path(game)
    try:
        return Match.load(path, threaded=True, async_save=True)
    except FileNotFoundError as err:
        raise ResumeFailed(SaveProblem(game, SaveError(f"{path.name} is gone.", "save.gone"),
                                       None)) from err
    except SaveError as err:
        raise ResumeFailed(_set_aside(path, game, err)) from err


def uses_phones(kinds: list[str]) -> bool:
    """Whether a deal with these seat kinds is played from phones (it opens on the join
    panel: scenes.screens.join_panel)."""
    return "phone" in kinds


def phones_offered(game: str) -> bool:
    """Whether ``game`` can have phone seats: its table front names a phone presenter."""
    from party import present
    return present.presenter(game) is not None


def continue_scene(app, match: Match):
    """The scene a saved hand continues on: its table, or first the join panel when
    phones play it (they come back there)."""
    from scenes.core import nav
    if uses_phones([s.kind for s in match.seats]):
        return nav.make(app, "join_saved", match)
    return nav.make(app, "table", match, fresh=False)


def start(game: str, seats: list[str], seed: int, options: dict) -> Match:
    """A new hand of ``game``; it replaces that game's own save only."""
    return Match(game, [Seat(k) for k in seats], seed, options, save_path=save_path(game),
                 threaded=True, async_save=True)


def make_table(app, match: Match, fresh: bool):
    """The table scene for a match's game (scenes.tables.registry holds which is which)."""
    from scenes.tables.registry import make_table as table_for
    return table_for(app, match, fresh=fresh)
