"""The words of a replay's side panel: what each seat really holds, and the private
events ("what really happened": swap decisions and peeks, claimed cards, draws), per
game. Pure text from engine states and events; no drawing.

What a finished game holds and what its cards are called come from the engine
(``game.registry.truth`` and ``card_name``); a game's table may add its own sentences
and card pictures through a :class:`Reveal` its front (scenes.tables.front) names. This
module asks the registries, never a game by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import registry
from game.core import Event
from scenes.core.i18n import lang, t

Name = Callable[[int], str]


class Reveal:
    """What a game's finished replay shows faces up. The defaults take the held cards
    from the engine's ``truth`` and the names from its ``card_name``; a game's table
    package overrides what differs (its own sentences for private events, its card art)."""

    #: Event kinds whose line waits for a verdict (e.g. a claim, until it is let pass or
    #: challenged), and the verdict kinds → the i18n key that rewrites that line.
    pending: frozenset[str] = frozenset()
    verdicts: dict[str, str] = {}

    def card_text(self, game: str, card: Any) -> str:
        """One card's name in the current language (the engine's ``card_name``)."""
        return registry.card_name(game, card, lang())

    def describe(self, game: str, event: Event, who: str, name: Name, state: Any,
                 step: list[Event]) -> str | None:
        """The game's own sentence for a private event, or None (the shared wording)."""
        return None

    def held_cards(self, game: str, state: Any) -> list[list[Any]]:
        """Per seat (and a last row for the cards in the middle, if any), the identities
        held: the engine's ``truth`` (nothing for a game that reveals nothing)."""
        truth = registry.truth(game, state)
        if truth is None:
            return []
        rows = [list(h) for h in truth.hands]
        return rows + ([list(truth.middle)] if truth.middle else [])

    def picture(self, table: Any, card: Any, height: int) -> Any:
        """One card face ``height`` pixels tall by the table's art (a pygame Surface);
        ``card`` None: the card's back (a phone's card its seat has not seen)."""
        import pygame

        from scenes.tables.sprites import Sprite
        side = height * 2
        img = pygame.Surface((side, side), pygame.SRCALPHA)
        table.draw_card(img, Sprite(None if card is None else int(card), (side / 2, side / 2), height))
        return img.subsurface(img.get_bounding_rect()).copy()


DEFAULT = Reveal()


def reveal(game: str) -> Reveal:
    """The game's :class:`Reveal` (its table's front), or the default one."""
    from scenes.tables.registry import hook
    return hook(game, "reveal") or DEFAULT


def card_text(game: str, card: Any) -> str:
    """One card's name in the current language."""
    return reveal(game).card_text(game, card)


def cards_text(game: str, cards: Any) -> str:
    return ", ".join(card_text(game, c) for c in cards) or t("replay.none")


def describe(game: str, event: Event, name: Name, state: Any = None,
             step: list[Event] | None = None) -> str | None:
    """A private event as a sentence, or None for one not worth a line (the dealt hands
    are the holdings' business). The game's own sentence if its Reveal has one, else the
    shared wording: who, the event's kind and the cards it carries (``card``/``cards``),
    named by the engine's ``card_name``."""
    who = name(event.seat) if event.seat is not None else ""
    text = reveal(game).describe(game, event, who, name, state, step or [])
    if text is not None:
        return text
    if event.kind == "hand":
        return None
    d = event.data if isinstance(event.data, dict) else {}
    cards = d.get("cards", [d["card"]] if "card" in d else None)
    if isinstance(cards, (list, tuple)):        # the cards it carries, by the engine's names
        return t("replay.secret_cards", name=who, what=event.kind, cards=cards_text(game, cards))
    return t("replay.secret", name=who, what=event.kind)


def timeline(replay: Any, upto: int, name: Name, seat: int | None = None,
             state: Any = None) -> list[tuple[int, str]]:
    """(move number, sentence) for the private events of the first ``upto`` moves: every
    seat's (``seat`` None: faces up, the game must be over) or only ``seat``'s own. A
    pending line (a claim's real cards) is marked once its verdict comes."""
    game = replay.game
    how = reveal(game)
    out: list[tuple[int, str]] = []
    pending_line: int | None = None
    for n in range(0, upto + 1):
        step = replay.step_events(n)
        for event in step:
            if event.kind in how.verdicts:
                if pending_line is not None:
                    k, text = out[pending_line]
                    out[pending_line] = (k, t(how.verdicts[event.kind], line=text))
                    pending_line = None
                continue
            if event.to is None or (seat is not None and event.to != seat):
                continue
            text = describe(game, event, name, state, step)
            if text:
                if event.kind in how.pending:
                    pending_line = len(out)
                out.append((n, text))
    return out
