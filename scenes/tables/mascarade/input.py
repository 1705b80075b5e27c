"""Input: the human who must act now, with mouse and keyboard.

Public decisions (the turn's choice of action and targets, claim answers, the Bishop's,
Witch's and Inquisitor's choices, the Inquisitor's guess) are made by the active human
without a handoff. Secret decisions — a swap's exchange-or-not (the turn's, the Fool's,
the Spy's), a peek and the Spy's look — wait for a handoff and are made on a covered
prompt (``self.secret``).

Keys: Left/Right move the card focus, Enter picks it; P peeks, A announces, E exchanges,
N does not; C claims, X passes; 1–9 choose on a chooser; L toggles the log, K the
"what the table can know" view."""

from __future__ import annotations

from typing import Any

import pygame

from game.core import IllegalAction
from scenes.core import fonts, keymap, theme
from scenes.core.i18n import t
from scenes.kit.parts import borrowing
from scenes.tables.mascarade.cards import character_name
from scenes.widgets.button import Button


@borrowing(table=("anim app clock confirmed_viewer driver feedback handoff match privacy seat_name "
                  "toast toggle_known toggle_log viewer"),
           geometry="pos_at pos_rects")
class MascaradeInput:
    """Part of the table: who acts, the choices offered and the input."""

    def __init__(self, table: Any) -> None:
        self.table = table

    # ------------------------------------------------------------ who acts
    def actor(self) -> int | None:
        """The human seat the rules wait for, if the table may take its input now."""
        if self.handoff is not None:
            return None
        if self.secret is not None and self.secret[0] == "peek_show":
            seat = self.secret[1]       # the peeked card stays up until its owner is done
            solo = len(self.match.screen_seats()) <= 1
            return seat if solo or (seat == self.viewer and self.confirmed_viewer) else None
        if self.anim.busy or self.match.is_over():
            return None
        seat = self.privacy.next_human()
        if seat is None:
            return None
        if len(self.match.screen_seats()) <= 1 or self.secret_seat() is None:
            return seat
        return seat if seat == self.viewer and self.confirmed_viewer else None

    def secret_seat(self) -> int | None:
        """The human whose secret decision is open (covered prompt), if any."""
        if self.secret is not None:
            return self.secret[1]
        v = self.match.view(None)
        if v.pending is not None and v.pending[0] == "spy_swap" and self.match.seats[v.pending[1]].at_screen:
            return v.pending[1]
        return None

    def act(self, seat: int, action: tuple) -> bool:
        try:
            if self.match.view(None).phase == "claim":
                refusal = self.match.why_illegal(seat, action)
                if refusal is not None:
                    raise refusal
                self.match.intent(seat, action, self.clock)   # a claim-ask answer: a real-time intent
            else:
                self.match.submit(seat, action)
        except IllegalAction as err:
            self.say_no(err)
            return False
        self.pick = []
        return True

    def check(self, seat: int, action: tuple) -> bool:
        """Refuse (with the reason) an action that is not legal now, before any handoff."""
        refusal = self.match.why_illegal(seat, action)
        if refusal is None:
            return True
        self.say_no(refusal)
        return False

    def say_no(self, err: IllegalAction) -> None:
        """The engine's reason, in the player's language (``err.<key>``)."""
        self.feedback.refuse(err)

    def error_params(self, err: IllegalAction) -> dict:
        params = dict(err.params)
        if "char" in params:
            params["char"] = character_name(params["char"])
        return params

    def refused(self, seat: int) -> dict[str, IllegalAction]:
        """The turn's panel commands the engine refuses now (Peek and Announce on a
        swap-only turn), with the engine's reason: from its legal actions, so the table
        never copies a rule."""
        if self.match.view(None).phase != "turn":
            return {}
        legal = {a[0] for a in self.match.legal_actions(seat)}
        own = self.own_pos(seat)
        out: dict[str, IllegalAction] = {}
        if "peek" not in legal:
            out["ask_peek"] = self._refusal(seat, ("peek", own))
        if "announce" not in legal:
            charset = self.match.view(None).charset
            out["ask_announce"] = self._refusal(seat, ("announce", charset[0], own))
        return out

    def _refusal(self, seat: int, action: tuple) -> IllegalAction:
        """The rules' reason for a command they do not offer now (never None here: the
        command's kind is missing from the legal actions)."""
        return self.match.why_illegal(seat, action) or IllegalAction("Not now.", "not_your_turn")

    # ------------------------------------------------------------ choices offered
    def own_pos(self, seat: int) -> int:
        hand = self.match.view(None).hands[seat]
        for p in self.pick:
            if p in hand:
                return p
        return hand[0]

    def choices(self) -> list[tuple[str, tuple]]:
        """The buttons of the panel: (label, action-or-command)."""
        seat = self.actor()
        if seat is None:
            return []
        v = self.match.view(None)
        if self.secret is not None:
            kind = self.secret[0]
            if kind == "peek_show":
                return [(t("mascarade.done"), ("done",))]
            if kind == "peek":
                return [(t("mascarade.look"), ("peek_now",))]
            return [(t("mascarade.exchange"), ("bit", 1)), (t("mascarade.no_exchange"), ("bit", 0))]
        if v.phase == "turn":
            if self.chooser:
                return [(character_name(c), ("announce", c, self.own_pos(seat))) for c in v.charset] + \
                       [(t("common.cancel"), ("cancel",))]
            return [(t("mascarade.peek"), ("ask_peek",)), (t("mascarade.announce"), ("ask_announce",))]
        if v.phase == "claim":
            return [(t("mascarade.claim"), ("claim", self.own_pos(seat))), (t("mascarade.pass"), ("pass",))]
        kind = v.pending[0] if v.pending else ""
        if kind == "spy_swap":
            return [(t("mascarade.exchange"), ("spy_swap", 1)), (t("mascarade.no_exchange"), ("spy_swap", 0))]
        if kind == "guess":
            return [(character_name(c), ("guess", c, self.own_pos(seat))) for c in v.charset]
        if kind in ("bishop", "witch", "inquire"):
            out = []
            for a in self.match.legal_actions(seat):
                out.append((t("mascarade.decline") if a[0] == "decline" else self.seat_name(a[1]), a))
            return out
        return []

    def choose(self, cmd: tuple) -> None:
        self.choice_buttons, self._choice_key = [], None    # laid out again for what follows
        seat = self.actor()
        if seat is None:
            return
        kind = cmd[0]
        if kind in ("peek_now", "bit") and self.secret is None:
            return      # a second click on a prompt's button in the frame that closed it
        if kind == "ask_peek":
            if self.check(seat, ("peek", self.own_pos(seat))):
                self.open_secret(("peek", seat, self.own_pos(seat)))
        elif kind == "ask_announce":
            no = self.refused(seat).get("ask_announce")
            if no is not None:
                self.say_no(no)
            else:
                self.chooser = True
        elif kind == "cancel":
            self.chooser = False
        elif kind == "peek_now":
            pos = self.secret[2]
            if self.act(seat, ("peek", pos)):
                self.secret = ("peek_show", seat, pos)
        elif kind == "done":
            self.close_secret()
        elif kind == "bit":
            what, _, a, b = self.secret
            action = ("swap", a, b, cmd[1]) if what == "swap" else ("fool", a, b, cmd[1])
            if self.act(seat, action):
                self.close_secret()
        else:
            self.chooser = False
            self.act(seat, cmd)

    def open_secret(self, secret: tuple) -> None:
        self.secret = secret
        self.pick = []

    def close_secret(self) -> None:
        self.secret = None
        self.driver.guard_privacy()

    # ------------------------------------------------------------ cards picked
    def pick_card(self, pos: int) -> None:
        """A card clicked (or Enter on the focused one) by the acting human."""
        seat = self.actor()
        if seat is None or self.secret is not None:
            return
        v = self.match.view(None)
        own = v.hands[seat]
        if v.phase == "turn":
            if pos in own and len(own) > 1 and not self.pick:
                self.pick = [pos]
                return
            a = self.own_pos(seat)
            if pos == a and len(own) == 1:
                self.toast.show(t("mascarade.err_self"))
                self.app.audio.play("illegal")
                return
            pair = (a, pos) if (a < pos or v.owner[pos] != seat) else (pos, a)
            if self.check(seat, ("swap", *pair, 0)):
                self.open_secret(("swap", seat, *pair))
        elif v.phase == "claim":
            if pos in own:
                self.pick = [pos]
        elif v.pending and v.pending[0] == "fool":
            if pos in self.pick:
                self.pick.remove(pos)
                return
            self.pick.append(pos)
            if len(self.pick) == 2:
                a, b = sorted(self.pick)
                self.pick = []
                if self.check(seat, ("fool", a, b, 0)):
                    self.open_secret(("fool", seat, a, b))
        elif v.pending and v.pending[0] == "spy_look":
            self.act(seat, ("spy", pos))
        elif v.pending and v.pending[0] == "guess" and pos in own:
            self.pick = [pos]

    # ------------------------------------------------------------ events
    def handle_game(self, event: pygame.event.Event) -> bool:
        keys = keymap.keys_of(self.app.settings)
        if event.type == pygame.KEYDOWN and event.key == keys["mascarade.log"]:
            self.toggle_log()
            return True
        if event.type == pygame.KEYDOWN and event.key == keys["mascarade.odds"]:
            self.toggle_known()
            return True
        for b in self.choice_buttons:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b, cmd in zip(self.choice_buttons, self.choice_cmds, strict=False):
                if not b.enabled and b.rect.collidepoint(event.pos):
                    self.choose(cmd)        # a greyed button says why it is refused
                    return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pos = self.pos_at(event.pos)
            if pos is not None:
                self.focus = pos
                self.pick_card(pos)
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        k = event.key
        n = len(self.pos_rects)
        if k in (pygame.K_RIGHT, pygame.K_TAB):
            self.focus = 0 if self.focus is None else (self.focus + 1) % n
        elif k == pygame.K_LEFT:
            self.focus = n - 1 if self.focus is None else (self.focus - 1) % n
        elif k == pygame.K_RETURN and self.focus is not None:
            self.pick_card(self.focus)
        elif pygame.K_1 <= k <= pygame.K_9:
            i = k - pygame.K_1
            opts = self.choices()
            if i < len(opts):
                self.choose(opts[i][1])
        else:
            yes, no = keys["mascarade.exchange"], keys["mascarade.keep"]
            want = {keys["mascarade.peek"]: ("ask_peek", "peek_now", "done"),
                    keys["mascarade.announce"]: ("ask_announce",),
                    yes: ("bit", "spy_swap"), no: ("bit", "spy_swap"),
                    keys["mascarade.claim"]: ("claim",), keys["mascarade.pass"]: ("pass",)}.get(k)
            if want is None:
                return False
            for _, cmd in self.choices():
                if cmd[0] in want and (k not in (yes, no) or cmd[1] == (1 if k == yes else 0)):
                    self.choose(cmd)
                    break
        return True

    def layout_choices(self) -> None:
        u = self.app.u
        w, h = self.app.size
        opts = self.choices()
        seat = self.actor()
        off = set(self.refused(seat)) if seat is not None and self.secret is None else set()
        key = (tuple(o[1] for o in opts), self.app.size, tuple(sorted(off)))
        if key == getattr(self, "_choice_key", None):
            return
        self._choice_key = key
        self.choice_buttons = []
        self.choice_cmds = [cmd for _, cmd in opts]
        bh = round(4.6 * u)
        px = max(13, round(2.5 * u))
        widths = [max(round(10 * u), fonts.text(f"{i + 1} {lbl}", px, theme.IVORY, "semibold").get_width()
                      + round(4 * u)) for i, (lbl, _) in enumerate(opts)]
        per_row = max(1, min(len(opts), 6))
        rows = [opts[i:i + per_row] for i in range(0, len(opts), per_row)]
        y = h - round(2 * u) - len(rows) * (bh + round(1 * u))
        i = 0
        for row in rows:
            total = sum(widths[i:i + len(row)]) + round(1.2 * u) * (len(row) - 1)
            x = (w - total) // 2
            for lbl, cmd in row:
                b = Button(f"{i + 1 if len(opts) > 2 else ''} {lbl}".strip(),
                           lambda c=cmd: self.choose(c),
                           "primary" if i == 0 and cmd[0] not in off else "normal",
                           enabled=cmd[0] not in off)
                b.rect = pygame.Rect(x, y, widths[i], bh)
                self.choice_buttons.append(b)
                x += widths[i] + round(1.2 * u)
                i += 1
            y += bh + round(1 * u)

    def hint_targets(self, action: tuple) -> list[pygame.Rect]:
        """The hint's outline (scenes.kit.hint_bubble): the panel button that starts the
        move and the cards it names (a swap's other card, a Spy's look, the Fool's two)."""
        self.layout_choices()
        kind = action[0]
        start = {"announce": "ask_announce", "peek": "ask_peek", "claim": "claim"}.get(kind)
        out = [b.rect for b, (_, cmd) in zip(self.choice_buttons, self.choices(), strict=False)
               if cmd == action or cmd[0] == start]
        cards = {"swap": action[2:3], "fool": action[1:3], "spy": action[1:2],
                 "announce": action[2:3], "peek": action[1:2], "claim": action[1:2]}.get(kind, ())
        return out + [self.pos_rects[p] for p in cards if p < len(self.pos_rects)]
