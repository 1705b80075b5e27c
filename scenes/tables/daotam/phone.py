"""Đạo Tâm on a phone: one seat's private screen (party/present.py describes the format).

What the seat sees: its own hand (Chiêu Thức cards, by kind), its Đạo Tâm / Tà Niệm,
opened Tâm Niệm and shield, every seat's public state, the recent public events, and
each decision the rules wait for from it — a hidden claim (tap one or two cards, then a
call), a public play, a push, an optional ability — and the buzzer: one real-time intent
(``("buzz",)``) that the rules read as "Phản Đòn!" or "Cương Nhu Phối Triển!" where it
lands (game.daotam.intents), with a timed pass in a window. Built from the context only
(the seat's view, its legal actions, the rules' refusals); no pygame.

A card on the wire is its kind's name (``"cuong"``, ``"nhu"``, ``"ta_khi"``): what the
table's art and the replay's reveal draw (scenes/tables/daotam/reveal.py).
"""

from __future__ import annotations

from typing import Any

from game import registry
from game.core import Event
from game.daotam.deck import KINDS, STAGES, default_deck
from game.match import list_action as _json
from game.windows import load_timing
from party.present import PhoneContext, WindowInfo, people, refusal_text, tr

GAME = "daotam"
LOG_LINES = 8
LIVING, POSSESSED, OUT = "living", "possessed", "out"
WINDOWS = ("challenge", "race")
BUZZ = ["buzz"]



class _Words:
    """The context's language, seat names and card names."""

    def __init__(self, ctx: PhoneContext) -> None:
        from scenes.core.i18n import person
        self.ctx = ctx
        self.lang = ctx.lang
        self.deck = default_deck()
        self._people = people(ctx)
        self._person = person

    def t(self, key: str, **params: object) -> str:
        return tr(self.lang, key, **params)

    def name(self, seat: int | None) -> Any:
        """A seat as sentences name it: "You" for the phone's own seat."""
        if seat is None:
            return ""
        return self._people[seat] if 0 <= seat < len(self._people) else self._person(str(seat + 1))

    def card(self, kind: str) -> str:
        """A Chiêu Thức card's name (the descriptor's card_name, as the art writes it)."""
        return registry.card_name(GAME, kind, self.lang)

    def cards(self, kinds: Any) -> str:
        return " + ".join(self.card(k) for k in kinds)

    def call(self, call: str) -> str:
        return self.t(f"daotam.{call}")

    def cd(self, cid: str) -> str:
        """A Chính Đạo card's name."""
        card = self.deck.by_id.get(cid)
        return card.name.get(self.lang, cid) if card else cid

    def stage(self, stage: str) -> str:
        return self.deck.stages.get(stage, {}).get(self.lang, stage)


def _hand(view: Any) -> list[str]:
    """The seat's hand as card kinds, Cương first, then Nhu, then Tà Khí."""
    if view.hand is None:
        return []
    return [KINDS[k] for k in range(3) for _ in range(view.hand[k])]


def _indices(hand: list[str], kinds: Any) -> list[int]:
    """The hand indices a claim of ``kinds`` uses: the first cards of each kind."""
    used: list[int] = []
    for k in kinds:
        used.append(next(i for i, c in enumerate(hand) if c == k and i not in used))
    return used


def present(ctx: PhoneContext) -> dict:
    """The seat's screen (party.present.SCREEN_KEYS)."""
    w = _Words(ctx)
    v = ctx.view
    seat = ctx.seat
    legal = list(ctx.legal)
    hand = _hand(v)
    living = v.status[seat] == LIVING
    window_open = v.phase in WINDOWS
    answering = window_open and any(a[0] in ("challenge", "shout") for a in legal)
    moves, pick = _moves(ctx, w, legal, hand)
    return {
        "title": w.t("short.daotam"),
        "status": _status(ctx, w, legal, answering),
        "tone": "over" if ctx.over else "window" if answering else "turn" if legal else "wait",
        "players": _players(ctx, w),
        "info": _info(ctx, w),
        "hand": [{"card": k, "label": w.card(k), "move": None, "reason": None} for k in hand],
        "table": _table(ctx, w),
        "pick": pick,
        "moves": moves,
        "buzzer": None if ctx.over or not living else {
            "label": w.t("daotam.challenge" if v.phase == "challenge" and seat in _window_seats(ctx)
                         else "daotam.shout"),
            "action": BUZZ, "armed": answering},
        "window": _window(ctx.window),
        "log": _log(ctx, w),
        "over": _over(ctx, w) if ctx.over else None,
    }


def _window_seats(ctx: PhoneContext) -> tuple[int, ...]:
    """The seats the open window was opened for (a claim: the living others; a race:
    the actor and the living others), as far as the view tells: the actor is never
    in its own Phản Đòn window."""
    v = ctx.view
    actor = v.claim[0] if v.claim is not None else v.turn
    if v.phase == "challenge":
        return tuple(s for s in range(v.n_seats) if s != actor and v.status[s] == LIVING)
    return tuple(s for s in range(v.n_seats) if v.status[s] == LIVING)


def _window(info: WindowInfo | None) -> dict | None:
    if info is None:
        return None
    return {"left_ms": round(info.left_s * 1000), "total_ms": round(info.total_s * 1000),
            "mine": bool(info.mine)}


# ------------------------------------------------------------------ decisions
def _moves(ctx: PhoneContext, w: _Words, legal: list, hand: list[str]) -> tuple[list[dict], dict | None]:
    v = ctx.view
    moves: list[dict] = []
    pick = None

    def add(mid: str, label: str, action: Any, cards: list[int] | None = None, kind: str = "normal",
            timed: bool = False, ok: bool = True) -> None:
        reason = None
        if not ok:
            err = ctx.refusal(action)
            reason = refusal_text(w.lang, err) if err is not None else w.t("phone.daotam.not_now")
        moves.append({"id": mid, "label": label, "action": _json(action), "cards": cards,
                      "legal": ok, "reason": reason, "kind": kind, "timed": timed})

    if v.phase == "turn" and legal:
        pick = {"min": 1, "max": 2, "prompt": w.t("phone.daotam.pick")}
        for a in legal:
            if a[0] == "claim":
                kinds, call = a[1], a[2]
                add(f"claim:{'+'.join(kinds)}:{call}",
                    w.t("phone.daotam.claim", call=w.call(call), cards=w.cards(kinds)),
                    a, _indices(hand, kinds), "primary")
        public = ("public",)
        if public in legal:
            add("public", w.t("phone.daotam.public"), public, _indices(hand, ("cuong", "nhu")), "primary")
        else:
            add("public", w.t("phone.daotam.public"), public, None, "normal", ok=False)
    elif v.phase == "push" and legal:
        for a in legal:
            add(f"push:{a[1]}", w.t("phone.daotam.push_to", name=w.name(a[1])), a, kind="primary")
    elif v.phase == "option" and legal:
        card = w.cd(v.pending[0]) if v.pending else ""
        add("use", w.t("phone.daotam.use", card=card), ("use",), kind="primary")
        add("decline", w.t("phone.daotam.decline"), ("decline",))
    elif v.phase in WINDOWS and ("pass",) in legal:
        add("pass", w.t("phone.daotam.pass"), ("pass",), kind="pass", timed=True)
    return moves, pick


# ------------------------------------------------------------------ words
def _status(ctx: PhoneContext, w: _Words, legal: list, answering: bool) -> str:
    v = ctx.view
    seat = ctx.seat
    if ctx.over:
        return w.t("phone.daotam.over")
    actor = v.claim[0] if v.claim is not None else v.turn
    if v.phase in WINDOWS:
        race = v.phase == "race"
        if answering:
            if race:
                return w.t("phone.daotam.race")
            return w.t("phone.daotam.challenge", name=w.name(actor), call=w.call(v.claim[2]))
        if race:
            text = w.t("daotam_table.prompt_race_wait")
        elif actor == seat:
            text = w.t("daotam_table.prompt_challenge_mine")
        else:
            text = w.t("daotam_table.prompt_challenge_wait", name=w.name(actor),
                       call=w.call(v.claim[2]) if v.claim else "")
        return _with_false_start(ctx, w, text, answered=seat in v.waiting or seat in _window_seats(ctx))
    if legal:
        if v.phase == "turn":
            return _with_false_start(ctx, w, w.t("phone.daotam.turn"))
        if v.phase == "push":
            return w.t("phone.daotam.push")
        if v.phase == "option":
            return _with_false_start(ctx, w, w.t("phone.daotam.option", card=w.cd(v.pending[0])
                                                 if v.pending else ""))
    active = [s for s in (v.waiting if v.phase in WINDOWS else (v.turn,))]
    text = w.t("daotam_table.prompt_waiting", name=w.name(active[0] if active else v.turn))
    return _with_false_start(ctx, w, text)


def _with_false_start(ctx: PhoneContext, w: _Words, text: str, answered: bool = False) -> str:
    """The line, and what the buzzer does now that no window waits for the seat: a
    false start (R7.2), for a living seat that has no answer pending in the open window."""
    if ctx.view.status[ctx.seat] != LIVING:
        return text
    if answered:
        return text
    lock = float(load_timing(GAME).get("false_start_lock_s", 1.0))
    return text + " · " + w.t("phone.daotam.false_start", s=f"{lock:g}")


def _players(ctx: PhoneContext, w: _Words) -> list[dict]:
    v = ctx.view
    active = set(v.waiting) if v.phase in WINDOWS else {v.turn}
    if ctx.legal:
        active.add(ctx.seat)            # an option may be asked of a seat off its turn
    out = []
    for s in range(v.n_seats):
        out.append({"seat": s, "name": ctx.names[s] if s < len(ctx.names) else str(s + 1),
                    "line": _player_line(ctx, w, s), "active": s in active and not ctx.over,
                    "you": s == ctx.seat, "out": v.status[s] == OUT,
                    "away": bool(ctx.away[s]) if s < len(ctx.away) else False})
    return out


def _player_line(ctx: PhoneContext, w: _Words, s: int) -> str:
    """A seat's public facts: Đạo Tâm, cards held, opened Tâm Niệm, shield, flags."""
    v = ctx.view
    status = v.status[s]
    if status == OUT:
        return w.t("daotam.out")
    if status == POSSESSED:
        return w.t("daotam.nhap_ma", left=v.ta_niem_left[s], hand=v.hand_sizes[s])
    parts = [w.t("phone.daotam.dao_tam", dao=v.dao_tam[s], max=w.deck.rules["dao_tam"]),
             w.t("daotam.plate", n=v.hand_sizes[s])]
    opened = [w.cd(c) for c in v.opened[s] if c is not None]
    if opened:
        parts.append(w.t("phone.daotam.opened", cards=", ".join(opened)))
    if v.shield[s]:
        parts.append(w.t("daotam.shield"))
    if v.skip[s]:
        parts.append(w.t("daotam.skip"))
    shown = v.revealed_hands[s]
    if shown is not None and s != ctx.seat:
        parts.append(w.t("phone.daotam.shown", cards=w.cards(KINDS[k] for k in range(3)
                                                               for _ in range(shown[k])) or "—"))
    return " · ".join(parts)


def _info(ctx: PhoneContext, w: _Words) -> list[str]:
    v = ctx.view
    s = ctx.seat
    out = [w.t("daotam.round", round=v.round, rounds=v.round_limit)]
    if v.status[s] == LIVING:
        top = w.deck.rules["dao_tam"]
        out.append(w.t("phone.daotam.you_dao", dao=v.dao_tam[s], ta=top - v.dao_tam[s]))
        opened = [(stage, cid) for stage, cid in zip(STAGES, v.opened[s], strict=False) if cid]
        for stage, cid in opened:
            out.append(w.t("phone.daotam.stage", stage=w.stage(stage), card=w.cd(cid)))
        if not opened:
            out.append(w.t("phone.daotam.opened", cards=w.t("phone.daotam.stage_none")))
        if v.shield[s]:
            out.append(w.t("phone.daotam.shield"))
        if v.revealed_hands[s] is not None:
            out.append(w.t("phone.daotam.si_me"))
        out.append(w.t("phone.daotam.refill", n=v.refill_target[s]))
    elif v.status[s] == POSSESSED:
        out.append(w.t("daotam_table.ma_badge", left=v.ta_niem_left[s]))
    else:
        out.append(w.t("daotam.out"))
    out += [w.t("daotam.deck", n=v.deck_left), w.t("daotam.discard", n=v.discard_size),
            w.t("daotam.cd_deck", n=v.cd_deck_left)]
    return out


def _since_turn(ctx: PhoneContext) -> list[Event]:
    """The recent events since the current turn began."""
    events = list(ctx.recent)
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind == "turn":
            return events[i:]
    return events


def _table(ctx: PhoneContext, w: _Words) -> list[dict]:
    """The cards on the table now: the open claim (face down; the actor sees its own),
    then what this turn has shown face up (a public play, a revealed claim, a Nhập Ma draw)."""
    v = ctx.view
    out: list[dict] = []
    if v.phase == "challenge" and v.claim is not None:
        actor, count, call = v.claim
        caption = w.t("daotam.claims", name=w.name(actor), call=w.call(call))
        own = v.claim_cards if v.claim_cards is not None else (None,) * count
        for k in own:
            out.append({"card": k, "label": w.card(k) if k else w.t("phone.daotam.face_down"),
                        "caption": caption})
        return out
    for e in _since_turn(ctx):
        d = e.data
        if e.kind == "public":
            caption = w.t("daotam.log_public", name=w.name(e.seat))
            out += [{"card": k, "label": w.card(k), "caption": caption} for k in d["cards"]]
        elif e.kind == "reveal":
            truthful = all(c == d["call"] for c in d["cards"])
            caption = w.t("daotam.log_truth" if truthful else "daotam.log_lie", name=w.name(e.seat))
            out += [{"card": k, "label": w.card(k), "caption": caption} for k in d["cards"]]
        elif e.kind == "ma_draw":
            caption = w.t("phone.daotam.ma_draw", name=w.name(e.seat))
            out += [{"card": k, "label": w.card(k), "caption": caption} for k in d["cards"]]
    return out[-6:]


def _log(ctx: PhoneContext, w: _Words) -> list[str]:
    lines = [line for e in ctx.recent if (line := _line(w, e)) is not None]
    return lines[-LOG_LINES:]


def _line(w: _Words, e: Event) -> str | None:
    """One event in words (None: not worth a line)."""
    k, s, d = e.kind, e.seat, e.data
    name = w.name(s)
    if k == "claim":
        return w.t("daotam.log_claim", name=name, n=d["count"], call=w.call(d["call"]))
    if k == "claim_cards":
        return w.t("phone.daotam.log_claim_cards", cards=w.cards(d["cards"]))
    if k == "public":
        return w.t("daotam.log_public", name=name)
    if k == "challenge":
        return w.t("daotam.log_challenge", name=name)
    if k == "reveal":
        truthful = all(c == d["call"] for c in d["cards"])
        return w.t("daotam.log_truth" if truthful else "daotam.log_lie", name=name)
    if k == "unchallenged":
        return w.t("phone.daotam.log_unchallenged", name=name)
    if k == "race_won":
        winner = d.get("winner")
        return (w.t("daotam.log_shout", name=w.name(winner)) if winner is not None
                else w.t("phone.daotam.log_no_shout"))
    if k == "lose":
        return w.t("phone.daotam.log_lose", name=name, dao=d["dao_tam"])
    if k == "shield_used":
        return w.t("phone.daotam.log_shield", name=name)
    if k == "heal":
        return w.t("phone.daotam.log_heal", name=name, dao=d["dao_tam"])
    if k == "nhap_ma":
        return w.t("daotam.log_nhap_ma", name=name)
    if k == "out":
        return w.t("phone.daotam.log_out", name=name)
    if k == "push":
        return w.t("daotam.log_push", name=name, to=w.name(d["to"]))
    if k == "open":
        return w.t("daotam.log_open", name=name, card=w.cd(d["card"]))
    if k == "chinh_dao":
        return w.t("daotam_table.drew", name=name, card=w.cd(d["card"]))
    if k == "drew":
        return w.t("phone.daotam.log_drew", cards=w.cards(d["cards"]))
    if k == "skipped":
        return w.t("phone.daotam.log_skipped", name=name)
    return None


def _over(ctx: PhoneContext, w: _Words) -> dict:
    from scenes.core.i18n import names
    win = next((e for e in reversed(ctx.recent) if e.kind == "win"), None)
    if win is None:
        return {"headline": w.t("phone.daotam.over"), "lines": []}
    winners = list(win.data.get("winners", []))
    reason = win.data.get("reason", "")
    headline = (w.t("results.winner", names=names([w.name(s) for s in winners])) if winners
                else w.t("phone.daotam.over"))
    lines = [w.t(f"daotam.win_{reason}")] if reason else []
    return {"headline": headline, "lines": lines}
