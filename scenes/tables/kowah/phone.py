"""Kowah on a phone: one seat's strip of money cards, the discard and the stock, every
decision of the seat (draw or take, discard, checki) and the rules' refusals in the
phone's language (the screen format is party.present's).

Only the :class:`~party.present.PhoneContext` is read: the seat's own view, its legal
actions, the rules' refusals and the public events. No pygame: the phone page draws the
screen, and the art endpoint draws each ``card`` (a card identity int, the table's and
the replay's) with the table's own art.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import registry
from game.core import Action, IllegalAction
from game.kowah.deck import default_deck
from game.match import list_action
from party.present import PhoneContext, people, refusal_text, tr
from scenes.core.i18n import Person
from scenes.tables.kowah.model import display_groups

GAME = "kowah"
LOG_LINES = 8           # the last public lines a screen shows
HOW = {"self_drawn": "kowah.how_self", "opponent_draw": "kowah.how_draw",
       "opponent_discard": "kowah.how_discard"}


def error_params(err: IllegalAction, lang: str, seat_name: Callable[[int], str]) -> dict:
    """A refusal's parameters in words: cards by their names in ``lang``, a seat by
    ``seat_name`` (the table's feedback and the phone's say the same)."""
    out = dict(err.params)
    if "card" in out and isinstance(out["card"], int):
        out["card"] = registry.card_name(GAME, out["card"], lang)
    if "pairs" in out:
        out["pairs"] = ", ".join(registry.card_name(GAME, c, lang) for c in out["pairs"])
    if "seat" in out:
        out["seat"] = seat_name(out["seat"])
    return out


def strip_order(hand: tuple[int, ...], pair: int | None) -> list[int]:
    """The hand as the table lays it out by default: by number (then suit); a declared
    hand as its two triples, then the exposed pair."""
    keys = default_deck().keys
    order = sorted(hand, key=lambda c: (keys[c], c))
    groups = display_groups(order, pair, keys) if pair is not None else None
    return [c for g in groups for c in g] if groups else order


def present(ctx: PhoneContext) -> dict:
    """The screen of ``ctx.seat`` (see party.present.SCREEN_KEYS)."""
    v = ctx.view
    lg = ctx.lang
    who = people(ctx)
    legal = set(ctx.legal)
    over = ctx.over or v.phase == "over"
    mine = v.declared[ctx.seat]

    def card(c: int) -> str:
        return registry.card_name(GAME, c, lg)

    def why(action: Action) -> str | None:
        err = ctx.refusal(action)
        if err is None:
            return None
        return refusal_text(lg, err, error_params(err, lg, lambda s: who[s]))

    # the strip: a tap discards a card when the rules allow it now; a declared seat's
    # drawn card (not in its locked hand) comes last, to be discarded
    cards = strip_order(v.hand or (), mine)
    if mine is not None and v.turn == ctx.seat and v.held is not None:
        cards.append(v.held)
    hand, moves = [], []
    for i, c in enumerate(cards):
        act = ("discard", c)
        if act not in legal:
            hand.append({"card": c, "label": card(c), "move": None, "reason": why(act)})
            continue
        mid = f"discard:{c}"
        if not any(m["id"] == mid for m in moves):
            moves.append(_move(mid, tr(lg, "phone.kowah.discard", card=card(c)), act, [i], "primary"))
        hand.append({"card": c, "label": card(c), "move": mid, "reason": None})

    if ("draw",) in legal:
        moves.append(_move("draw", tr(lg, "phone.kowah.draw"), ("draw",), None, "primary"))
        if v.discards:
            take = ("take",)
            label = tr(lg, "phone.kowah.take", card=card(v.discards[-1]))
            moves.append(_move("take", label, take, None, "normal", why(take)))
    for act in ctx.legal:
        if act[0] == "declare":
            moves.append(_move(f"declare:{act[1]}", tr(lg, "kowah.pair_pick", card=card(act[1])),
                               act, [i for i, c in enumerate(cards) if c == act[1]], "primary"))
        elif act[0] == "pass":
            moves.append(_move("pass", tr(lg, "kowah.not_now"), act, None, "pass"))

    table = []
    if v.discards:
        table.append({"card": v.discards[-1], "label": card(v.discards[-1]),
                      "caption": tr(lg, "kowah.pile_top")})
    for s, x in enumerate(v.declared):
        if x is not None:
            table += [{"card": x, "label": card(x), "caption": tr(lg, "phone.kowah.pair", seat=who[s])}] * 2

    info = [tr(lg, "kowah.stock", n=v.stock_left), tr(lg, "kowah.history", n=len(v.discards))]
    if mine is not None and not over:
        info.append(tr(lg, "kowah.waits", card=card(mine)))

    return {
        "title": tr(lg, "short.kowah"),
        "status": _status(ctx, who, card, over),
        "tone": "over" if over else "turn" if ctx.legal else "wait",
        "players": [{"seat": s, "name": ctx.names[s], "line": _line(ctx, s, card),
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
        "log": _log(ctx, who, card),
        "over": _over(ctx, who, card) if over else None,
    }


def _move(mid: str, label: str, action: Action, cards: list[int] | None, kind: str,
          reason: str | None = None) -> dict:
    """A move; ``reason``: why the rules refuse it now (offered, but not legal)."""
    return {"id": mid, "label": label, "action": list_action(action), "cards": cards,
            "legal": reason is None, "reason": reason, "kind": kind, "timed": False}


def _line(ctx: PhoneContext, s: int, card: Callable[[int], str]) -> str:
    """A seat's counters: its cards (checki when declared), and the cards it is publicly
    known to hold (taken from the pile, drawn face up)."""
    v = ctx.view
    line = tr(ctx.lang, "kowah.plate" if v.declared[s] is None else "kowah.plate_declared",
              n=v.hand_sizes[s])
    if s != ctx.seat and v.known[s]:
        line += f" · {tr(ctx.lang, 'kowah.known')} {', '.join(card(c) for c in v.known[s])}"
    return line


def _status(ctx: PhoneContext, who: list[Person], card: Callable[[int], str], over: bool) -> str:
    """The instruction line: what this seat does now, or whom the table waits for."""
    v, lg = ctx.view, ctx.lang
    if over:
        return _headline(ctx, who)
    if not ctx.legal:
        return tr(lg, "kowah.waiting", seat=who[v.turn])
    declared = v.declared[ctx.seat] is not None
    if v.phase == "take":
        if declared:
            return tr(lg, "kowah.prompt_declared_draw")
        if ("take",) not in ctx.legal:
            return tr(lg, "phone.kowah.prompt_first")
        return tr(lg, "kowah.prompt_take")
    if v.phase == "discard":
        if declared:
            return tr(lg, "kowah.prompt_declared_discard")
        if v.last_stock_turn:
            return tr(lg, "kowah.prompt_last")
        return tr(lg, "phone.kowah.prompt_discard")
    pairs = [a[1] for a in ctx.legal if a[0] == "declare"]
    if len(pairs) == 1:
        return tr(lg, "kowah.checki_one", card=card(pairs[0]))
    if len(pairs) == 2:
        return tr(lg, "kowah.checki_two", a=card(pairs[0]), b=card(pairs[1]))
    return tr(lg, "kowah.pair_title")


def _log(ctx: PhoneContext, who: list[Person], card: Callable[[int], str]) -> list[str]:
    """The last public events (and this seat's own draws) in words, newest last."""
    lg = ctx.lang
    lines = []
    for ev in ctx.recent:
        d: dict[str, Any] = ev.data
        seat = who[ev.seat] if ev.seat is not None else ""
        if ev.kind == "draw":
            if d.get("public"):
                lines.append(tr(lg, "phone.kowah.log_draw_open", seat=seat, card=card(d["card"])))
            elif ev.seat != ctx.seat:       # (this seat's own draw is told with its card)
                lines.append(tr(lg, "phone.kowah.log_draw", seat=seat))
        elif ev.kind == "draw_card":
            lines.append(tr(lg, "phone.kowah.log_drew", seat=seat, card=card(d["card"])))
        elif ev.kind == "take":
            lines.append(tr(lg, "phone.kowah.log_take", seat=seat, card=card(d["card"])))
        elif ev.kind == "discard":
            lines.append(tr(lg, "phone.kowah.log_discard", seat=seat, card=card(d["card"])))
        elif ev.kind == "declare":
            lines.append(tr(lg, "phone.kowah.log_declare", seat=seat, card=card(d["pair"])))
        elif ev.kind == "anomaly":
            lines.append(tr(lg, "kowah.anomaly"))
        elif ev.kind == "over":
            lines.append(_headline(ctx, who))
    return lines[-LOG_LINES:]


def _ending(ctx: PhoneContext) -> tuple[dict | None, bool]:
    """The win event's data (None: a draw, or not among the recent events) and whether
    the engine's guard ended the hand."""
    win = next((e.data for e in reversed(ctx.recent) if e.kind == "win"), None)
    return win, any(e.kind == "anomaly" for e in ctx.recent)


def _headline(ctx: PhoneContext, who: list[Person]) -> str:
    over = next((e.data for e in reversed(ctx.recent) if e.kind == "over"), None)
    if over is None:
        return tr(ctx.lang, "results.title")
    if not over["winners"]:
        return tr(ctx.lang, "kowah.drawn_banner")
    return tr(ctx.lang, "kowah.win_title", seat=who[over["winners"][0]])


def _over(ctx: PhoneContext, who: list[Person], card: Callable[[int], str]) -> dict:
    lg = ctx.lang
    win, guard = _ending(ctx)
    if win is not None:
        src = win.get("from_seat")
        lines = [tr(lg, HOW.get(win["method"], "kowah.how_self"), card=card(win["card"]),
                    seat=who[src] if src is not None else ""),
                 tr(lg, "phone.kowah.mult", x=win["multiplier"])]
    elif any(e.kind == "over" for e in ctx.recent):
        lines = [tr(lg, "kowah.drawn_sub_guard" if guard else "kowah.drawn_sub")]
    else:
        lines = []
    return {"headline": _headline(ctx, who), "lines": lines}
