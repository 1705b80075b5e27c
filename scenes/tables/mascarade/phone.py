"""Mascarade on a phone: one seat's private screen (party/present.py describes the format).

Every decision of the seat is made here, in secret where the rules make it secret: on
its turn the swap-or-not (the target and whether to exchange for real, on the deciding
phone only), the peek, the announcement; the answer to another player's announcement
(claim too, or pass: a timed one-seat window); the powers' choices (the Bishop's and
Witch's and Inquisitor's targets, the Fool's two cards — tapped, then exchange or only
pretend —, the Spy's look and its exchange-or-not, the questioned player's guess).

What the seat knows of its own card comes from its view (the public layout, its own
secret record, the cards face up now) and the recent events it may see (reveals, and
the swaps that may have moved its card since). A card is *sure* when the seat saw it
and no one else's swap-or-not has touched it since, *last seen* otherwise; a card the
seat is not sure of is shown face down. Built from the context only; no pygame.

A card on the wire is its character's index (an int), as the table's art and the
replay's reveal draw it (scenes/tables/mascarade/reveal.py).
"""

from __future__ import annotations

from typing import Any

from game import registry
from game.core import Event, IllegalAction
from game.match import list_action as _json
from party.present import PhoneContext, WindowInfo, people, refusal_text, tr

GAME = "mascarade"
LOG_LINES = 8
#: The seat's own secret events, one for each entry of its view's ``private`` record.
PRIVATE = {"peek_result": "peek", "swap_bit": "swap", "fool_bit": "fool", "spy_look": "spy",
           "spy_bit": "spy_swap"}
PUBLIC_SWAPS = ("swap", "fool", "spy_swap")



class _Words:
    """The context's language, seat and position names, character names."""

    def __init__(self, ctx: PhoneContext) -> None:
        from scenes.core.i18n import names, person
        self.ctx = ctx
        self.lang = ctx.lang
        self._people = people(ctx)
        self._person = person
        self.names = names

    def t(self, key: str, **params: object) -> str:
        return tr(self.lang, key, **params)

    def name(self, seat: int | None) -> Any:
        if seat is None:
            return self.t("mascarade.nobody")
        return self._people[seat] if 0 <= seat < len(self._people) else self._person(str(seat + 1))

    def char(self, card: int) -> str:
        return registry.card_name(GAME, card, self.lang)

    def where(self, pos: Any) -> Any:
        """A position (its owner, or a middle card), the bank or the courthouse."""
        if pos == "bank":
            return self.t("mascarade.bank")
        if pos == "court":
            return self.t("mascarade.courthouse")
        v = self.ctx.view
        if not isinstance(pos, int) or not 0 <= pos < len(v.owner):
            return str(pos)
        owner = v.owner[pos]
        if owner is None:
            return self.t("mascarade.middle_card", n=pos + 1)
        own = v.hands[owner]
        if len(own) > 1:        # official small-table mode: a seat holds 2–3 cards
            return self.t("phone.mascarade.card_of", seat=self.name(owner), n=own.index(pos) + 1)
        return self.name(owner)

    def refusal(self, action: Any) -> str:
        err = self.ctx.refusal(action)
        if err is None:
            return self.t("phone.mascarade.not_now")
        params = dict(err.params)
        if isinstance(params.get("char"), int):
            params["char"] = self.char(params["char"])
        return refusal_text(self.lang, IllegalAction(str(err), err.key, **params))


# ------------------------------------------------------------------ knowledge
def knowledge(ctx: PhoneContext) -> dict[int, tuple[int, bool]]:
    """Per position of the seat: (the character it last saw there, whether it is sure of
    it now). See the module docstring."""
    v = ctx.view
    seat = ctx.seat
    recent = list(ctx.recent)
    seen = list(v.initial)
    sure = [False] * len(seen)
    full = any(e.kind == "setup" for e in recent)
    mine = sum(1 for e in recent if e.to == seat and e.kind in PRIVATE)
    if not full:                    # older secrets than the events at hand: never sure
        for entry in v.private[:max(0, len(v.private) - mine)]:
            _learn(seen, sure, entry, False)
    for e in recent:
        d = e.data
        if e.kind == "setup":
            seen[:] = list(d["layout"])
            sure[:] = [True] * len(seen)
        elif e.to == seat and e.kind in PRIVATE:
            _learn(seen, sure, _entry(e), True)
        elif e.to is None and e.kind in PUBLIC_SWAPS and e.seat != seat:
            for p in (d["a"], d["b"]):
                sure[p] = False
        elif e.to is None and e.kind == "reveal":
            for p, c in d["cards"]:
                seen[p], sure[p] = c, True
    for p, c in v.faceup:
        seen[p], sure[p] = c, True
    return {p: (seen[p], sure[p]) for p in v.hands[seat]}


def _entry(e: Event) -> tuple:
    """A secret event as the view's ``private`` entry it records."""
    d = e.data
    if e.kind == "peek_result":
        return ("peek", d["pos"], d["card"])
    if e.kind == "spy_look":
        return ("spy", d["own"], d["own_card"], d["pos"], d["card"])
    return (PRIVATE[e.kind], d["a"], d["b"], d["bit"])


def _learn(seen: list, sure: list, entry: tuple, certain: bool) -> None:
    kind = entry[0]
    if kind == "peek":
        seen[entry[1]], sure[entry[1]] = entry[2], certain
    elif kind == "spy":
        seen[entry[1]], sure[entry[1]] = entry[2], certain
        seen[entry[3]], sure[entry[3]] = entry[4], certain
    elif entry[-1]:                 # an exchange for real: what was known moves with it
        a, b = entry[-3], entry[-2]
        seen[a], seen[b] = seen[b], seen[a]
        sure[a], sure[b] = sure[b], sure[a]


# ------------------------------------------------------------------ the screen
def present(ctx: PhoneContext) -> dict:
    """The seat's screen (party.present.SCREEN_KEYS)."""
    w = _Words(ctx)
    v = ctx.view
    seat = ctx.seat
    legal = list(ctx.legal)
    known = knowledge(ctx)
    fool = v.pending is not None and v.pending[0] == "fool" and v.pending[1] == seat and legal
    moves, hand, pick = _decisions(ctx, w, legal, known, bool(fool))
    return {
        "title": w.t("short.mascarade"),
        "status": _status(ctx, w, legal),
        "tone": ("over" if ctx.over else "window" if legal and v.phase == "claim"
                 else "turn" if legal else "wait"),
        "players": _players(ctx, w),
        "info": _info(ctx, w, known),
        "hand": hand,
        "table": _table(ctx, w),
        "pick": pick,
        "moves": moves,
        "buzzer": None,
        "window": _window(ctx.window),
        "log": _log(ctx, w),
        "over": _over(ctx, w) if ctx.over else None,
    }


def _window(info: WindowInfo | None) -> dict | None:
    if info is None:
        return None
    return {"left_ms": round(info.left_s * 1000), "total_ms": round(info.total_s * 1000),
            "mine": bool(info.mine)}


def _own_hand(ctx: PhoneContext, w: _Words, known: dict[int, tuple[int, bool]]) -> list[dict]:
    out = []
    for p in ctx.view.hands[ctx.seat]:
        char, sure = known[p]
        out.append({"card": char if sure else None,
                    "label": w.char(char) if sure else w.t("phone.mascarade.last_seen_short",
                                                           char=w.char(char)),
                    "move": None, "reason": None})
    return out


def _decisions(ctx: PhoneContext, w: _Words, legal: list, known: dict,
               fool: bool) -> tuple[list[dict], list[dict], dict | None]:
    v = ctx.view
    seat = ctx.seat
    own = v.hands[seat]
    moves: list[dict] = []
    hand = _own_hand(ctx, w, known)
    pick = None

    def add(mid: str, label: str, action: Any, kind: str = "normal", cards: list[int] | None = None,
            timed: bool = False, ok: bool = True) -> None:
        moves.append({"id": mid, "label": label, "action": _json(action), "cards": cards,
                      "legal": ok, "reason": None if ok else w.refusal(action), "kind": kind,
                      "timed": timed})

    def own_word(p: int) -> str:
        return w.t("phone.mascarade.your_card_n", n=own.index(p) + 1) if len(own) > 1 else ""

    if not legal:
        return moves, hand, pick
    if v.phase == "turn":
        swaps = sorted((a for a in legal if a[0] == "swap"), key=lambda a: (a[2], a[1], -a[3]))
        for a in swaps:
            _, mine_p, other, bit = a
            target = w.where(other)
            if len(own) > 1:
                target = w.t("phone.mascarade.own_with", own=own_word(mine_p), other=target)
            add(f"swap:{mine_p}:{other}:{bit}",
                w.t("phone.mascarade.swap_yes" if bit else "phone.mascarade.swap_no", pos=target), a,
                "primary" if bit else "normal")
        peeks = [a for a in legal if a[0] == "peek"]
        for a in peeks:
            add(f"peek:{a[1]}", w.t("phone.mascarade.peek") + (f" · {own_word(a[1])}" if own_word(a[1]) else ""), a)
        if not peeks:
            add("peek", w.t("phone.mascarade.peek"), ("peek", own[0]), ok=False)
        announces = [a for a in legal if a[0] == "announce"]
        for a in announces:
            label = w.t("phone.mascarade.announce", char=w.char(a[1]))
            add(f"announce:{a[1]}:{a[2]}", label + (f" · {own_word(a[2])}" if own_word(a[2]) else ""), a)
        if not announces:
            add("announce", w.t("phone.mascarade.announce_any"), ("announce", v.charset[0], own[0]), ok=False)
        return moves, hand, pick
    if v.phase == "claim":
        char = w.char(v.announced[1]) if v.announced else ""
        for a in legal:
            if a[0] == "claim":
                add(f"claim:{a[1]}", w.t("phone.mascarade.claim", char=char)
                    + (f" · {own_word(a[1])}" if own_word(a[1]) else ""), a, "primary", timed=True)
        if ("pass",) in legal:
            add("pass", w.t("phone.mascarade.pass"), ("pass",), "pass", timed=True)
        return moves, hand, pick
    if fool:
        # the Fool taps two other players' cards, then exchanges them or only pretends
        places = sorted({p for a in legal for p in a[1:3]})
        hand = [{"card": None, "label": w.where(p), "move": None, "reason": None} for p in places]
        pick = {"min": 2, "max": 2, "prompt": w.t("phone.mascarade.fool_pick")}
        for a in sorted(legal, key=lambda a: (a[1], a[2], -a[3])):
            _, x, y, bit = a
            add(f"fool:{x}:{y}:{bit}", w.t("phone.mascarade.exchange" if bit else "phone.mascarade.pretend"),
                a, "primary" if bit else "normal", cards=[places.index(x), places.index(y)])
        return moves, hand, pick
    for a in legal:
        k = a[0]
        if k in ("bishop", "witch", "inquire"):
            target = a[1]
            add(f"{k}:{target}", w.t("phone.mascarade.target", seat=w.name(target), coins=v.coins[target]),
                a, "primary")
        elif k == "decline":
            add("decline", w.t("mascarade.decline"), a)
        elif k == "spy":
            add(f"spy:{a[1]}", str(w.where(a[1])), a, "primary")
        elif k == "spy_swap":
            add(f"spy_swap:{a[1]}", w.t("phone.mascarade.exchange" if a[1] else "phone.mascarade.pretend"),
                a, "primary" if a[1] else "normal")
        elif k == "guess":
            add(f"guess:{a[1]}:{a[2]}", w.char(a[1]) + (f" · {own_word(a[2])}" if own_word(a[2]) else ""),
                a, "primary")
    return moves, hand, pick


# ------------------------------------------------------------------ words
def _status(ctx: PhoneContext, w: _Words, legal: list) -> str:
    v = ctx.view
    seat = ctx.seat
    if ctx.over:
        return w.t("phone.mascarade.over")
    if legal:
        if v.phase == "turn":
            return w.t("phone.mascarade.turn_swap" if v.forced else "phone.mascarade.turn")
        if v.phase == "claim":
            return w.t("mascarade.prompt_claim", seat=w.name(seat), char=w.char(v.announced[1]))
        kind = v.pending[0]
        if kind in ("fool", "spy_look"):
            return w.t(f"phone.mascarade.{kind}")
        if kind == "spy_swap":
            return w.t("mascarade.prompt_spy_swap")
        return w.t(f"mascarade.prompt_{kind}", seat=w.name(seat))
    if v.phase == "claim" and v.announced is not None:
        return (w.t("mascarade.announces", seat=w.name(v.announced[0]), char=w.char(v.announced[1]))
                + " · " + w.t("phone.mascarade.waiting", name=w.name(v.asked)))
    if v.phase == "power" and v.pending is not None:
        return w.t("phone.mascarade.waiting", name=w.name(v.pending[1]))
    text = w.t("mascarade.turn_of", seat=w.name(v.turn), n=v.turn_no)
    return text + (" · " + w.t("mascarade.forced") if v.forced else "")


def _active(v: Any) -> int | None:
    if v.phase == "claim":
        return v.asked
    if v.phase == "power" and v.pending is not None:
        return v.pending[1]
    return v.turn


def _players(ctx: PhoneContext, w: _Words) -> list[dict]:
    v = ctx.view
    active = None if ctx.over else _active(v)
    answered = dict(v.answered)
    faceup = dict(v.faceup)
    out = []
    for s in range(v.n_seats):
        parts = [w.t("phone.mascarade.coins", coins=v.coins[s])]
        if v.announced is not None and v.announced[0] == s:
            parts.append(w.t("phone.mascarade.announced", char=w.char(v.announced[1])))
        if s in answered:
            parts.append(w.t("mascarade.answered_claim" if answered[s] == "claim" else "mascarade.answered_pass"))
        for p in v.hands[s]:
            if p in faceup:
                parts.append(w.t("phone.mascarade.face_up", char=w.char(faceup[p])))
        out.append({"seat": s, "name": ctx.names[s] if s < len(ctx.names) else str(s + 1),
                    "line": " · ".join(parts), "active": s == active, "you": s == ctx.seat,
                    "out": False, "away": bool(ctx.away[s]) if s < len(ctx.away) else False})
    return out


def _info(ctx: PhoneContext, w: _Words, known: dict[int, tuple[int, bool]]) -> list[str]:
    v = ctx.view
    out = []
    for p, (char, sure) in known.items():
        line = w.t("phone.mascarade.know" if sure else "phone.mascarade.last_seen", char=w.char(char))
        out.append(line if len(known) == 1 else f"{w.where(p)}: {line}")
    out.append(w.t("phone.mascarade.court", coins=v.courthouse))
    out.append(w.t("phone.mascarade.bank", coins=v.bank))
    out.append(w.t("phone.mascarade.charset", cards=", ".join(w.char(c) for c in v.charset)))
    if v.turn is not None:
        out.append(w.t("mascarade.turn_of", seat=w.name(v.turn), n=v.turn_no))
    return out


def _table(ctx: PhoneContext, w: _Words) -> list[dict]:
    """The cards face up now (a claim's reveal, the Inquisitor's), and during the Spy's
    exchange-or-not the two cards the seat looked at (its own secret)."""
    v = ctx.view
    out = [{"card": c, "label": w.char(c), "caption": str(w.where(p))} for p, c in v.faceup]
    if v.pending is not None and v.pending[0] == "spy_swap" and v.pending[1] == ctx.seat:
        looks = [e for e in v.private if e[0] == "spy"]
        if looks:
            _, own, own_card, pos, card = looks[-1]
            out += [{"card": own_card, "label": w.char(own_card), "caption": str(w.where(own))},
                    {"card": card, "label": w.char(card), "caption": str(w.where(pos))}]
    return out


def _log(ctx: PhoneContext, w: _Words) -> list[str]:
    lines = [line for e in ctx.recent if (line := _line(ctx, w, e)) is not None]
    return lines[-LOG_LINES:]


def _line(ctx: PhoneContext, w: _Words, e: Event) -> str | None:
    """One event in words, as the table's log writes it (None: not worth a line)."""
    k, s, d = e.kind, e.seat, e.data
    key = f"mascarade.log.{k}"
    if k in ("swap", "fool", "spy_swap"):
        return w.t(key, seat=w.name(s), a=w.where(d["a"]), b=w.where(d["b"]))
    if k == "spy":
        return w.t(key, seat=w.name(s), pos=w.where(d["pos"]))
    if k == "peek":
        return w.t(key, seat=w.name(s), pos=w.where(d["pos"]))
    if k in ("announce", "claim", "guess"):
        return w.t(key, seat=w.name(s), char=w.char(d["character"]))
    if k == "pass":
        return w.t(key, seat=w.name(s))
    if k == "reveal":
        return w.t(key, cards=", ".join(f"{w.where(p)}: {w.char(c)}" for p, c in d["cards"]))
    if k == "coins":
        if not d["amount"]:
            return None
        src, dst = d["src"], d["dst"]
        return w.t(key, amount=d["amount"], src=w.name(src) if isinstance(src, int) else w.where(src),
                   dst=w.name(dst) if isinstance(dst, int) else w.where(dst))
    if k in ("witch", "inquire"):
        return w.t(key, seat=w.name(s), target=w.name(d["target"]))
    if k == "cheat":
        return w.t(key, seat=w.name(s)) if d.get("wins") else None
    if k == "end":
        return w.t(key, winners=w.names([w.name(x) for x in d["winners"]]))
    if e.to == ctx.seat:
        if k in ("swap_bit", "fool_bit", "spy_bit"):
            return w.t("phone.mascarade.log_yes" if d["bit"] else "phone.mascarade.log_no")
        if k == "peek_result":
            return w.t("phone.mascarade.log_peek", char=w.char(d["card"]))
        if k == "spy_look":
            return w.t("phone.mascarade.log_spy", cards=f"{w.where(d['own'])}: {w.char(d['own_card'])}, "
                                                        f"{w.where(d['pos'])}: {w.char(d['card'])}")
    return None


def _over(ctx: PhoneContext, w: _Words) -> dict:
    v = ctx.view
    end = next((e for e in reversed(ctx.recent) if e.kind == "end"), None)
    lines = [w.t("phone.mascarade.final", seat=w.name(s), coins=v.coins[s]) for s in range(v.n_seats)]
    if end is None:
        return {"headline": w.t("phone.mascarade.over"), "lines": lines}
    winners = list(end.data.get("winners", []))
    reason = end.data.get("reason", "")
    headline = w.t("results.winner", names=w.names([w.name(s) for s in winners]))
    why = [w.t(f"phone.mascarade.why_{reason}")] if reason else []
    return {"headline": headline, "lines": why + lines}
