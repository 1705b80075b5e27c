"""Ganjifa on a phone: one seat's hand, the trick, its moves and the rules' refusals in
the phone's language (the screen format is party.present's).

Only the :class:`~party.present.PhoneContext` is read: the seat's own view, its legal
actions, the rules' refusals and the public events. No pygame: the phone page draws the
screen, and the art endpoint draws each ``card`` (a card int, the table's and the replay's
identity of a card) with the table's own art.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import registry
from game.core import Action, IllegalAction
from game.ganjifa.deck import default_deck
from game.match import list_action
from party.present import PhoneContext, people, refusal_text, tr
from scenes.core.i18n import Person, names

GAME = "ganjifa"
LOG_LINES = 8           # the last public lines a screen shows


def error_params(err: IllegalAction, lang: str, seat_name: Callable[[int], str]) -> dict:
    """A refusal's parameters in words: suits by their names in ``lang``, a seat by
    ``seat_name`` (the table's feedback and the phone's say the same)."""
    deck = default_deck()
    out = dict(err.params)
    for key in ("led", "trump", "next"):
        if key in out:
            out[key] = deck.suits[out[key]].name[lang]
    if "seat" in out:
        out["seat"] = seat_name(out["seat"])
    return out


def sorted_hand(hand: tuple[int, ...]) -> list[int]:
    """The hand as the table lays it out: suits in avatar order, strongest first."""
    d = default_deck()
    return sorted(hand, key=lambda c: (c // d.per_suit, -d.strength[c]))


def present(ctx: PhoneContext) -> dict:
    """The screen of ``ctx.seat`` (see party.present.SCREEN_KEYS)."""
    v = ctx.view
    lg = ctx.lang
    deck = default_deck()
    who = people(ctx)
    legal = set(ctx.legal)
    over = ctx.over or v.phase == "over"

    def suit(s: int) -> str:
        return deck.suits[s].name[lg]

    def card(c: int) -> str:
        return registry.card_name(GAME, c, lg)

    def why(action: Action) -> str | None:
        err = ctx.refusal(action)
        if err is None:
            return None
        return refusal_text(lg, err, error_params(err, lg, lambda s: who[s]))

    # the hand: a tap plays (or gives up) a card when the rules allow it now
    kind = "give" if v.phase == "give" else "play"
    hand, moves = [], []
    for i, c in enumerate(sorted_hand(v.hand or ())):
        act = (kind, c)
        if act in legal:
            mid = f"{kind}:{c}"
            moves.append(_move(mid, tr(lg, f"phone.ganjifa.{kind}", card=card(c)), act, [i], "primary"))
            hand.append({"card": c, "label": card(c), "move": mid, "reason": None})
        else:
            hand.append({"card": c, "label": card(c), "move": None, "reason": why(act)})
    at = {e["card"]: i for i, e in enumerate(hand)}
    for act in ctx.legal:
        if act[0] == "dukal":
            cards = act[1]
            s = cards[0] // deck.per_suit
            run = [deck.rank_of(c).value for c in cards if deck.rank_of(c).kind == "numeral"]
            label = tr(lg, "phone.ganjifa.dukal", suit=suit(s), lo=min(run), hi=max(run), n=len(cards))
            moves.append(_move("dukal:" + "-".join(map(str, cards)), label, act,
                               [at[c] for c in cards], "normal"))

    info = [tr(lg, "ganjifa.trump_day" if v.time == "day" else "ganjifa.trump_night", suit=suit(v.trump))]
    if not over:
        key, params = registry.progress(GAME, v)
        trick = tr(lg, key, **params)       # ("trick 8 of 40": a counter of its own here)
        info.append(trick[:1].upper() + trick[1:])
    table = _table(ctx, who, card)
    if v.phase == "give" and v.dukal:
        info.append(tr(lg, "phone.ganjifa.dukal_info", suit=suit(v.dukal[0] // deck.per_suit),
                       n=v.give_count))
    elif not v.trick and v.history and not over:
        last = v.history[-1]
        info.append(tr(lg, "ganjifa.last_title_dukal" if last.kind == "dukal" else "ganjifa.last_title",
                       seat=who[last.winner]))

    return {
        "title": tr(lg, "short.ganjifa"),
        "status": _status(ctx, who, suit, over),
        "tone": "over" if over else "turn" if ctx.legal else "wait",
        "players": [{"seat": s, "name": ctx.names[s],
                     "line": tr(lg, "ganjifa.plate", hand=v.hand_sizes[s], won=v.captured[s]),
                     "active": not over and v.turn == s, "you": s == ctx.seat, "out": False,
                     "away": bool(ctx.away[s]) if s < len(ctx.away) else False}
                    for s in range(len(v.hand_sizes))],
        "info": info,
        "hand": hand,
        "table": table,
        "pick": None,
        "moves": moves,
        "buzzer": None,
        "window": None,
        "log": _log(ctx, who, card, suit),
        "over": _over(ctx, who) if over else None,
    }


def _move(mid: str, label: str, action: Action, cards: list[int] | None, kind: str) -> dict:
    return {"id": mid, "label": label, "action": list_action(action), "cards": cards,
            "legal": True, "reason": None, "kind": kind, "timed": False}


def _status(ctx: PhoneContext, who: list[Person], suit: Callable[[int], str], over: bool) -> str:
    """The instruction line: what this seat does now (the table's prompt), or whom the
    table waits for."""
    v, lg = ctx.view, ctx.lang
    if over:
        return _headline(ctx, who)
    per = default_deck().per_suit
    if not ctx.legal:
        if v.phase == "give":
            return tr(lg, "ganjifa.giving", seat=who[v.turn], n=v.give_count)
        return tr(lg, "phone.ganjifa.waiting", seat=who[v.turn])
    if v.phase == "give":
        given = next((len(c) for s, c in v.gives if s == ctx.seat), 0)
        return tr(lg, "ganjifa.prompt_give", n=v.give_count - given, seat=who[v.leader])
    if v.phase == "lead":
        if v.trick_no == 0:
            return tr(lg, "ganjifa.prompt_open", trump=suit(v.trump))
        dukal = any(a[0] == "dukal" for a in ctx.legal)
        return tr(lg, "ganjifa.prompt_lead_dukal" if dukal else "ganjifa.prompt_lead")
    led = v.trick[0][1] // per
    suits = {a[1] // per for a in ctx.legal if a[0] == "play"}
    if led in suits:
        return tr(lg, "ganjifa.prompt_follow", led=suit(led))
    others = sorted(suits - {v.trump})
    if v.trump in suits and others:
        return tr(lg, "ganjifa.prompt_void_choice", led=suit(led), trump=suit(v.trump), next=suit(others[0]))
    if v.trump in suits:
        return tr(lg, "ganjifa.prompt_void_trump", led=suit(led), trump=suit(v.trump))
    return tr(lg, "ganjifa.prompt_void_next", led=suit(led), next=suit(others[0]))


def _table(ctx: PhoneContext, who: list[Person], card: Callable[[int], str]) -> list[dict]:
    """The public cards in the middle: a Dukal and what is given up to it, the trick being
    played, or else the last one (captioned so)."""
    v, lg = ctx.view, ctx.lang
    if v.phase == "give" and v.dukal:
        out = [{"card": c, "label": card(c), "caption": tr(lg, "ganjifa.row_dukal", seat=who[v.leader])}
               for c in v.dukal]
        for s, cards in v.gives:
            out += [{"card": c, "label": card(c), "caption": tr(lg, "ganjifa.row_gave", seat=who[s])}
                    for c in cards]
        return out
    if v.trick:
        return [{"card": c, "label": card(c),
                 "caption": tr(lg, "phone.ganjifa.led", seat=who[s]) if i == 0 else str(who[s])}
                for i, (s, c) in enumerate(v.trick)]
    if v.history and v.phase != "over":
        return [{"card": c, "label": card(c), "caption": tr(lg, "phone.ganjifa.last", seat=who[s])}
                for s, c in v.history[-1].plays]
    return []


def _log(ctx: PhoneContext, who: list[Person], card: Callable[[int], str],
         suit: Callable[[int], str]) -> list[str]:
    """The last public events in words, newest last."""
    lg = ctx.lang
    lines = []
    for ev in ctx.recent:
        d: dict[str, Any] = ev.data
        seat = who[ev.seat] if ev.seat is not None else ""
        if ev.kind == "deal":
            lines.append(tr(lg, "phone.ganjifa.log_deal", seat=who[d["dealer"]]))
        elif ev.kind == "play":
            key = "phone.ganjifa.log_lead" if d.get("lead") else "phone.ganjifa.log_play"
            lines.append(tr(lg, key, seat=seat, card=card(d["card"])))
        elif ev.kind == "trick":
            lines.append(tr(lg, "phone.ganjifa.log_trick", seat=who[d["winner"]]))
        elif ev.kind == "dukal":
            lines.append(tr(lg, "phone.ganjifa.log_dukal", seat=seat, suit=suit(d["suit"]), n=d["n"]))
        elif ev.kind == "give":
            lines.append(tr(lg, "phone.ganjifa.log_give", seat=seat, card=card(d["card"])))
        elif ev.kind == "dukal_won":
            lines.append(tr(lg, "phone.ganjifa.log_dukal_won", seat=who[d["winner"]], n=len(d["cards"])))
        elif ev.kind == "over":
            lines.append(_headline(ctx, who))
    return lines[-LOG_LINES:]


def _winners(ctx: PhoneContext) -> list[int]:
    """The seats with the most cards won (the result, read from the public counts)."""
    won = ctx.view.captured
    return [s for s, n in enumerate(won) if n == max(won)]


def _headline(ctx: PhoneContext, who: list[Person]) -> str:
    winners = _winners(ctx)
    key = "results.winner" if len(winners) == 1 else "results.shared"
    return tr(ctx.lang, key, names=names([who[s] for s in winners]))


def _over(ctx: PhoneContext, who: list[Person]) -> dict:
    return {"headline": _headline(ctx, who),
            "lines": [tr(ctx.lang, "phone.ganjifa.score_line", seat=who[s], n=n)
                      for s, n in enumerate(ctx.view.captured)]}
