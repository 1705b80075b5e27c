"""What shared screens need to know about a game, declared by the game's own table package.

Each table package has a ``front.py`` with one :class:`Front`; the game's line in
:mod:`scenes.tables.registry` names it. Shared code (the key bindings, the sounds, the
statistics charts, the replay's "what really happened", the rules pictures) asks the
registry for a game's front and never names a game. A front imports no table: the heavy
parts (the replay's reveal, the rules' card pictures) are ``"module:attr"`` strings,
imported when first used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scenes.tables.felt import TableStyle


@dataclass(frozen=True)
class Front:
    """One game's screen-side descriptor (every field optional: a game without it gets
    the shared default)."""

    style: TableStyle | None = None
    """The table top the game's table is drawn on (also the statistics charts' felt)."""
    keys: tuple[tuple[str, int], ...] = ()
    """The game's remappable keys, in the order the keys screen lists them: (short name,
    default pygame key); the binding is ``"<game>.<short>"``."""
    seat_keys: tuple[str, ...] = ()
    """Kinds of per-seat keys among ``keys`` (``"buzz"`` → ``buzz1``, ``buzz2``…), named
    ``keymap.seat_<kind>`` on screen."""
    reserved_keys: frozenset[int] = frozenset()
    """Keys fixed within this game, that no binding may take."""
    far_apart: Mapping[str, str] = field(default_factory=dict)
    """A preset spreading the per-seat keys over the keyboard: short name → key name."""
    sounds: Mapping[str, int] = field(default_factory=dict)
    """The game's own sounds (assets/sounds/<name>_<variant>.wav) → how many may ring at once."""
    reveal: str = ""
    """``"module:attr"`` of the replay's :class:`scenes.replay_truth.Reveal`; "" = the default."""
    rules_cards: str = ""
    """``"module:attr"`` of the card pictures its rules texts may show; "" = none."""


NO_FRONT = Front()
