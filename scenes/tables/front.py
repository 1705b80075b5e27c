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
    """One game's screen-side descriptor. Every field is optional: a game without it gets
    the shared default.

    - ``style``: the table top its table is drawn on (also the statistics charts' felt).
    - ``keys``: its remappable keys, in the order the keys screen lists them, as (short
      name, default pygame key); the binding is ``"<game>.<short>"``.
    - ``seat_keys``: kinds of per-seat keys among ``keys`` (``"buzz"`` gives ``buzz1``,
      ``buzz2``…), named ``keymap.seat_<kind>`` on screen.
    - ``reserved_keys``: keys fixed within this game, that no binding may take.
    - ``far_apart``: a preset spreading the per-seat keys over the keyboard (short name
      to key name).
    - ``sounds``: its own sounds (assets/sounds/<name>_<variant>.wav) with how many copies
      may ring at once.
    - ``reveal``: ``"module:attr"`` of the replay's :class:`scenes.screens.replay_truth.Reveal`
      ("" = the default).
    - ``rules_cards``: ``"module:attr"`` of the :class:`scenes.screens.rules_doc.RulesCards` its
      rules texts may show ("" = none).
    - ``phone``: ``"module:attr"`` of its phone presenter, a function
      :class:`party.present.PhoneContext` -> the phone page's screen (see party/present.py;
      "" = the game cannot be played from phones).
    """

    style: TableStyle | None = None
    keys: tuple[tuple[str, int], ...] = ()
    seat_keys: tuple[str, ...] = ()
    reserved_keys: frozenset[int] = frozenset()
    far_apart: Mapping[str, str] = field(default_factory=dict)
    sounds: Mapping[str, int] = field(default_factory=dict)
    reveal: str = ""
    rules_cards: str = ""
    phone: str = ""


NO_FRONT = Front()
