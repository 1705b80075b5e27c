"""The save format: checking a parsed save file and summarising it for the menu.

A save is ``{"version", "game", "seed", "options", "seats", "actions", "over"}`` and an
optional ``"assisted"`` (true once a hint or an undo was used; absent means false) (see
:meth:`game.match.Match.to_json`). Whatever a file holds, these functions either return
or raise :class:`SaveError` whose ``key``/``params`` tell the player why — never another
exception. They replay the rules only (no agents, no threads), so the menu can look at
every save on each visit.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import registry
from game.core import Action, action_from_json
from game.storage import SaveError, read_json

SAVE_VERSION = 1
MAX_SEED = 2**64           # a deal number is far smaller; a 4,000-digit one is damage
MAX_ACTIONS = 100_000      # a hand is a few hundred actions
MAX_ACTION_DEPTH = 4       # ("give", (3, 7, 9)) is depth 2
#: Seat kinds people play (the rest are AI levels): at the screen, or on a phone.
HUMAN_KINDS = ("human", "phone")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SaveData:
    """A save that has the right shape (whether it replays is another question)."""

    game: str
    seed: int
    seats: tuple[str, ...]
    options: dict
    actions: tuple[tuple[int, Action], ...]
    over: bool
    assisted: bool = False      # hints or undo were used (absent in older saves: False)


@dataclass(frozen=True)
class SaveSummary:
    """What the menu shows for a save: the game, and how far the hand got."""

    game: str
    over: bool
    moves: int
    progress_key: str          # i18n key, filled with progress_params
    progress_params: dict


def _incomplete(what: str) -> SaveError:
    return SaveError(f"The save is incomplete or wrong: {what}.", "save.incomplete")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _depth_ok(value: Any, depth: int) -> bool:
    if isinstance(value, list):
        return depth > 0 and all(_depth_ok(v, depth - 1) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def parse_save(data: Any, seat_kinds: tuple[str, ...] | None = None) -> SaveData:
    """Check the shape of a parsed save; SaveError says what is wrong.

    ``seat_kinds`` limits the seat names (the Match passes its own list); the game name
    is not checked here (tests replay games the registry does not list).
    """
    if not isinstance(data, dict):
        raise SaveError("The file is not a saved game.", "save.not_a_save")
    version = data.get("version")
    if not _is_int(version):
        raise SaveError(f"The save has no format version ({version!r:.40}).", "save.not_a_save")
    if version > SAVE_VERSION:
        raise SaveError(f"The save was made by a newer version of the game (format {version}).",
                        "save.newer")
    if version != SAVE_VERSION:
        raise SaveError(f"The save was made by another version of the game (format {version}).",
                        "save.older")
    game, seed, seats = data.get("game"), data.get("seed"), data.get("seats")
    if not isinstance(game, str) or not game:
        raise _incomplete("no game name")
    if not _is_int(seed) or not 0 <= seed < MAX_SEED:
        raise _incomplete("the deal number is not a whole number in range")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise _incomplete("the seats are not a list of names")
    if seat_kinds is not None and any(s not in seat_kinds for s in seats):
        raise _incomplete("a seat is of an unknown kind")
    options = data.get("options") or {}
    if not isinstance(options, dict) or not all(
            isinstance(k, str) and _depth_ok(v, 0) for k, v in options.items()):
        raise _incomplete("the rule options are not simple values")
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise _incomplete("no list of moves")
    parsed: list[tuple[int, Action]] = []
    for item in actions:
        if (not isinstance(item, list) or len(item) != 2 or not _is_int(item[0])
                or not isinstance(item[1], list) or not _depth_ok(item[1], MAX_ACTION_DEPTH)):
            raise _incomplete(f"move {len(parsed) + 1} is not a seat and an action")
        parsed.append((item[0], action_from_json(item[1])))
    over = data.get("over", False)
    if not isinstance(over, bool):
        raise _incomplete("'over' is not true or false")
    assisted = data.get("assisted", False)
    if not isinstance(assisted, bool):
        raise _incomplete("'assisted' is not true or false")
    return SaveData(game, seed, tuple(seats), dict(options), tuple(parsed), over, assisted)


def no_replay(move: int, err: BaseException) -> SaveError:
    """The error for a log whose ``move``-th action (1-based) the rules refuse."""
    return SaveError(f"The save does not replay: move {move} was refused ({err}).",
                     "save.no_replay", move=move)


def unknown_game(game: str) -> SaveError:
    return SaveError(f"The save is of a game this version does not have ({game[:40]!r}).",
                     "save.unknown_game")


def replay_state(save: SaveData) -> Any:
    """The game state after the save's moves (rules only). SaveError if they do not apply.

    Any exception from the rules counts as "does not replay": the log is untrusted input,
    and a shape the rules never meant to see may fail in any way.
    """
    if save.game not in registry.GAMES:
        raise unknown_game(save.game)
    try:
        state = registry.new_game(save.game, len(save.seats), save.seed, save.options)
    except Exception as err:   # noqa: BLE001 - wrong seat count, bad option value…
        log.info("save does not start: %r", err)
        raise SaveError(f"The save's table cannot be set up ({err}).", "save.bad_setup") from err
    for n, (seat, action) in enumerate(save.actions, 1):
        try:
            if seat not in state.active_seats():
                raise ValueError(f"seat {seat} is not to act")
            state.apply(seat, action)
        except Exception as err:   # noqa: BLE001 - see the docstring
            raise no_replay(n, err) from err
    return state


def progress(game: str, view: Any) -> tuple[str, dict]:
    """How far a hand got, as an i18n key and its params (the game's ``progress``)."""
    return registry.progress(game, view)


def summarize(path: Path) -> SaveSummary:
    """Read, check and replay a save file. FileNotFoundError if absent, else SaveError."""
    from game.match import SEAT_KINDS
    save = parse_save(read_json(path), SEAT_KINDS)
    state = replay_state(save)
    if save.over != state.is_over():
        raise SaveError("The save says the hand is over but its moves do not end it.",
                        "save.incomplete")
    key, params = progress(save.game, state.view(None))
    return SaveSummary(save.game, save.over, len(save.actions), key, params)
