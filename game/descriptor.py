"""What shared code may know about a game: its descriptor, declared by the game's own
package (``game/<name>/__init__.py`` sets ``GAME = GameInfo(...)``) and listed by
:mod:`game.registry`, one line per game.

A descriptor is plain data (names, numbers, strings), so it pickles to the AI worker
process and costs nothing to import: the game's functions are named, not imported, as
``"submodule:function"`` inside the game's package and resolved on first use by
:mod:`game.registry`. Every field after ``max_seats`` is optional, so a small game (a
test's) registers with a name, a package and a seat range.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.cards import DATA_DIR

HANDOFFS = ("own_turn", "decision", "none")


@dataclass(frozen=True)
class GameInfo:
    """One game, as the engine side knows it.

    - ``module``: its package; ``engine``, ``agents``, ``progress``, ``truth``,
      ``first_seats``, ``loader``, ``invariants`` and ``card_name`` name functions in it,
      ``hints`` a module of it (``explain``; ``UNDO = True``: undo against AIs offered);
    - ``data``: its YAML (the setup options under ``options:``), default data/<name>.yaml;
      the folder it sits in is the game's data folder, which may also hold its own UI
      strings (``i18n/<name>.<lang>.yaml``) and its in-app rules (``rules/<name>.yaml``);
    - ``prefix``: the deal code's two letters (default: the name's first two);
    - ``sample_seats``: seats of the made-up histories (default: the first seat count);
    - ``intents``: the kinds of action a player may send (what any front end offers);
    - ``contract``: the module with its wire types and conformance hooks (game.wire),
      default ``<module>.contract``;
    - ``handoff``: who must hold a shared screen before it shows private things:
      ``own_turn`` (the human whose turn it is), ``decision`` (the human with a private
      decision, which may come out of turn) or ``none`` (nothing is private).
    """

    name: str
    module: str
    min_seats: int
    max_seats: int
    data: str = ""
    engine: str = "rules:new_game"          # (n_seats, seed, options) -> state
    agents: str = "ai:make_agent"           # (level, seat, seed) -> agent
    hints: str = "hints"                    # module: explain(view, legal, level, events, seed)
    progress: str = "progress:progress"     # view -> (i18n key, params)
    truth: str = "rules:truth"              # finished state -> Truth (what a replay reveals)
    first_seats: str = "rules:first_seat_count"   # () -> the seat count a setup starts at
    loader: str = ""                        # () -> loads and validates its data files
    invariants: str = "rules:check_invariants"   # state -> list of broken invariants
    card_name: str = ""                     # (card, lang) -> the card's name in words
    prefix: str = ""
    sample_seats: int = 0
    intents: tuple[str, ...] = ()
    handoff: str = "own_turn"
    contract: str = ""                      # its wire types and conformance hooks; default <module>.contract

    @property
    def data_path(self) -> Path:
        return Path(self.data) if self.data else DATA_DIR / f"{self.name}.yaml"

    def strings_path(self, lang: str) -> Path:
        """The game's own UI strings in ``lang``, if it brings any (beside its data)."""
        return self.data_path.parent / "i18n" / f"{self.name}.{lang}.yaml"

    @property
    def rules_path(self) -> Path:
        """The game's in-app rules document (data/rules/<name>.yaml for the games that ship)."""
        return self.data_path.parent / "rules" / f"{self.name}.yaml"

    @property
    def code_prefix(self) -> str:
        return (self.prefix or self.name[:2]).upper()


@dataclass(frozen=True)
class Truth:
    """What a finished replay reveals of a state: per seat, the cards its hand really
    holds (in the form the game's card art takes), and the cards no seat holds."""

    hands: tuple[tuple[Any, ...], ...]
    middle: tuple[Any, ...] = ()
