"""Which games have a table: the scenes side of game.registry, one line per game.

A game the engine knows (game.registry.GAMES) is offered on the menu only once a table
is registered here too. Tables are ``"module:Class"`` strings, imported when a match of
that game starts, so the menu and the setup screen import no table.

Adding a game (held by tests/test_add_a_game.py): its own folders and one line each side.
  game/<name>/         its descriptor (``GAME`` in __init__.py, game.descriptor.GameInfo):
                       rules.new_game, ai.make_agent, progress.progress, and optionally
                       hints.explain, rules.truth (what a finished replay reveals) and a
                       card_name (pure, no pygame)
  its data folder      data/<name>.yaml (or the file its descriptor's ``data`` names): its
                       cards and numbers, ``options:`` (the setup rows, game.options),
                       ``timing:``; beside it, i18n/<name>.<lang>.yaml (menu.play_<name>,
                       game.<name>, short.<name>, progress.<name>, its option labels and
                       hints, in every language; merged by scenes.core.i18n) and
                       rules/<name>.yaml (the in-app rules, scenes.screens.rules_doc)
  scenes/tables/<name>/  a TableScene subclass, and optionally a front.py (scenes.tables.front:
                       its palette, keys, sounds, replay sentences and card art, rules pictures)
  one line in game.registry (its GAME) and one in TABLES below (where seats sit, where
  its front is)

This is the one file of the shared screens that names the games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from game import registry
from scenes.core.nav import resolve


@dataclass(frozen=True)
class TableInfo:
    game: str
    table: str | Callable[..., Any]     # "module:Class", called (app, match, fresh=…)
    sides: tuple[str, ...] = ()          # where seat i sits, for the setup rows (setup.side.*)
    menu_label: str = ""                 # i18n key of the menu button; "" = menu.play_<game>
    front: Any = ""                      # its scenes.tables.front.Front or "module:FRONT"; "" = none

    @property
    def menu_key(self) -> str:
        return self.menu_label or f"menu.play_{self.game}"


TABLES: dict[str, TableInfo] = {
    "ganjifa": TableInfo("ganjifa", "scenes.tables.ganjifa:GanjifaTable", ("bottom", "right", "left"),
                         front="scenes.tables.ganjifa.front:FRONT"),
    "kowah": TableInfo("kowah", "scenes.tables.kowah:KowahTable", ("bottom", "left", "right"),
                       front="scenes.tables.kowah.front:FRONT"),
    "daotam": TableInfo("daotam", "scenes.tables.daotam:DaoTamTable", ("bottom",),
                        front="scenes.tables.daotam.front:FRONT"),
    "mascarade": TableInfo("mascarade", "scenes.tables.mascarade:MascaradeTable",
                           front="scenes.tables.mascarade.front:FRONT"),
}


def register(table: TableInfo) -> TableInfo:
    """Add a game's table (the line in TABLES does this for the games that ship)."""
    TABLES[table.game] = table
    return table


def playable() -> list[str]:
    """The games a player can start: known to the engine and with a table, in table order."""
    return [g for g in TABLES if g in registry.GAMES]


def info(game: str) -> TableInfo:
    if game not in playable():
        raise ValueError(f"no table for {game!r}; playable: {', '.join(playable())}")
    return TABLES[game]


def table_class(game: str) -> Callable[..., Any]:
    return resolve(info(game).table)


def front(game: str) -> Any:
    """The game's :class:`scenes.tables.front.Front` (the empty one for a game without a
    table or a front: shared screens then use their defaults)."""
    from scenes.tables.front import NO_FRONT
    table = TABLES.get(game)
    if table is None or not table.front:
        return NO_FRONT
    return _front(table.front) if isinstance(table.front, str) else table.front


@cache
def _front(target: str) -> Any:
    return resolve(target)


def fronts() -> dict[str, Any]:
    """Every registered table's front, in table order."""
    return {g: front(g) for g in TABLES}


def hook(game: str, name: str) -> Any:
    """A front's ``"module:attr"`` field resolved (the object), or None when it has none."""
    target = getattr(front(game), name)
    return _front(target) if target else None


def make_table(app, match, fresh: bool = True):
    """The table scene for a match's game."""
    return table_class(match.game)(app, match, fresh=fresh)
