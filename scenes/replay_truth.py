"""The words of a replay's side panel: what each seat really holds, and the private
events ("what really happened": Mascarade's swap decisions and peeks, Đạo Tâm's
claimed cards and draws, Kowah's draws), per game. Pure text from engine states and
events; no drawing."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from game.core import Event
from scenes.i18n import lang, t

Name = Callable[[int], str]


@cache
def _deck(game: str) -> Any:
    import importlib
    return importlib.import_module(f"game.{game}.deck").default_deck()


def card_text(game: str, card: Any) -> str:
    """One card's name in the current language."""
    if game in ("ganjifa", "kowah"):
        return _deck(game).card_name(int(card), lang())
    if game == "daotam":
        from game.daotam.effects import KINDS
        kind = KINDS.index(card) if isinstance(card, str) else int(card)
        return _deck(game).chieu_thuc[kind].name.get(lang(), KINDS[kind])
    if game == "mascarade":
        from scenes.tables.mascarade.cards import character_name
        return character_name(int(card))
    return str(card)


def cards_text(game: str, cards: Any) -> str:
    return ", ".join(card_text(game, c) for c in cards) or t("replay.none")


def describe(game: str, event: Event, name: Name, state: Any = None) -> str | None:
    """A private event as a sentence, or None for one not worth a line (the dealt hands
    are the holdings' business)."""
    d, who = event.data, name(event.seat) if event.seat is not None else ""
    if game == "mascarade":
        if event.kind in ("swap_bit", "fool_bit", "spy_bit"):
            key = "replay.masc_swapped" if d.get("bit") else "replay.masc_kept"
            return t(key, name=who, a=_pos(d.get("a"), name, state), b=_pos(d.get("b"), name, state))
        if event.kind == "peek_result":
            return t("replay.masc_peek", name=who, card=card_text(game, d["card"]))
    if game == "daotam":
        if event.kind == "claim_cards":
            return t("replay.dt_claim", name=who, cards=cards_text(game, d["cards"]))
        if event.kind == "drew":
            return t("replay.dt_drew", name=who, cards=cards_text(game, d["cards"]))
    if game == "kowah" and event.kind == "draw_card":
        return t("replay.kw_drew", name=who, card=card_text(game, d["card"]))
    if event.kind == "hand":
        return None
    return t("replay.secret", name=who, what=event.kind)


def _pos(pos: Any, name: Name, state: Any) -> str:
    """A Mascarade position: its owner's name, or "the middle"."""
    owner = getattr(state, "owner", None)
    if owner is None or pos is None or not 0 <= pos < len(owner):
        return str(pos)
    seat = owner[pos]
    return name(seat) if seat is not None else t("replay.middle_card")


def timeline(replay: Any, upto: int, name: Name, seat: int | None = None,
             state: Any = None) -> list[tuple[int, str]]:
    """(move number, sentence) for the private events of the first ``upto`` moves: every
    seat's (``seat`` None: faces up, the game must be over) or only ``seat``'s own. A
    Đạo Tâm claim's real cards are marked once the table has let it pass unchallenged."""
    game = replay.game
    out: list[tuple[int, str]] = []
    claim_line: int | None = None
    for n in range(0, upto + 1):
        step = replay.step_events(n)
        for event in step:
            if game == "daotam" and event.kind in ("unchallenged", "challenge"):
                if claim_line is not None:
                    k, text = out[claim_line]
                    out[claim_line] = (k, t(f"replay.dt_{event.kind}", line=text))
                    claim_line = None
                continue
            if event.to is None or (seat is not None and event.to != seat):
                continue
            text = describe(game, event, name, state)
            if text:
                if event.kind == "claim_cards":
                    claim_line = len(out)
                    call = next((e.data for e in step if e.kind == "claim" and e.seat == event.seat), None)
                    if call:
                        text = t("replay.dt_claim_as", name=name(event.seat), count=call.get("count", ""),
                                 call=card_text(game, call["call"]),
                                 cards=cards_text(game, event.data["cards"]))
                out.append((n, text))
    return out
