"""Painting the Ganjifa table: seats with their fans and piles, the trick, the centre's
Dukal rows, the trump badge, the prompt, and the viewer's hand strip with its suit tabs
(drawn into a cached layer)."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import lang, t
from scenes.core.textfit import fit_text
from scenes.kit.parts import borrowing
from scenes.kit.trick.hand_strip import HandStrip
from scenes.tables.ganjifa.hand import ROW_MAX, row_pitch, tallest_hand


@borrowing(table=("assists head_bottom top_buttons _hand_gen _hand_stand_ins anim app art captured centre centre_pt confirmed_viewer "
                  "deck drag dukal_button flights focus gestures give_button groups hand hand_d "
                  "hand_layer hand_rows hover last_button last_hover last_rect match n pile_d plates "
                  "prompt_drawn seat_name selected show_last sizes slots trick trick_d trump_mark "
                  "trump_rise viewer viewer_can_act"),
           card_paint="_blit_card _drawn_stand_ins _fan _stand_ins_landed _trump_suit",
           controls="_dukals _key give_needed last_trick legal_cards",
           geometry=("LIFT_LEGAL _centre_positions _centre_rows _hand_draw_list centre_d pile_pos "
                     "plate_pos prompt_rect trick_slot"))
class GanjifaPaint(HandStrip):
    """Part of :class:`~scenes.tables.ganjifa.table.GanjifaTable`: its painting."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def draw_game(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        self.plates.draw_direction(surface, self.centre_pt, self.trick_d)   # round the trick, as it grows
        self._draw_trump(surface)
        view = self.match.view(None)
        for seat in range(self.n):
            self._draw_seat(surface, seat, view)
        for seat, card, twist in self.trick:
            self._blit_card(surface, card, self.trick_slot(seat), self.trick_d, twist)
        positions = self._centre_positions()
        for (_seat, card), pos in zip(self.centre, positions, strict=False):
            self._blit_card(surface, card, pos, self.centre_d(), 0)
        self._draw_centre_labels(surface, positions)
        self._draw_hand(surface)
        self.flights.draw_flying(surface)
        if self.drag.dragging and self.drag.item in self.hand:
            self._blit_card(surface, self.drag.item, self.drag.pos, self.hand_d, 0, lifted=True)
        self._draw_prompt(surface, view)
        if self.viewer_can_act and view.phase == "give":
            self.give_button.draw(surface, u)
        elif self.viewer_can_act and view.phase == "lead" and self._dukals():
            self.dukal_button.draw(surface, u)
        title = fonts.text(self.deck.name[lang()], max(13, round(2.1 * u)), theme.MUTED, "semibold")
        self.head_bottom = surface.blit(title, (round(3 * u), round(2.6 * u))).bottom
        last = self.last_trick()
        self.last_rect = None
        if last is not None:
            self.last_button.draw(surface, u)
            if self.show_last or self.last_hover:
                from scenes.tables.ganjifa.last import draw_last_trick
                self.last_rect = draw_last_trick(self.table, surface, last)

    def _draw_centre_labels(self, surface: pygame.Surface, positions: list) -> None:
        """Who led the Dukal and who gave what, at the left of each centre row."""
        u = self.app.u
        i = 0
        for r, (seat, cards) in enumerate(self._centre_rows()):
            x, y = positions[i]
            i += len(cards)
            key = "ganjifa.row_dukal" if r == 0 else "ganjifa.row_gave"
            img = fonts.text(t(key, seat=self.seat_name(seat)), max(12, round(1.9 * u)), theme.IVORY, "semibold")
            surface.blit(img, img.get_rect(midright=(round(x - self.centre_d() / 2 - u), round(y))))

    def prompt_text(self, view: Any) -> str | None:
        """What the bottom-centre prompt says now: the viewer's task while it is their turn
        (what to follow, lead or give up), who is giving up cards to a Dukal otherwise."""
        lg = lang()
        per = self.deck.per_suit
        suit = lambda s: self.deck.suits[s].name[lg]  # noqa: E731
        mine = (view.turn == self.viewer and self.confirmed_viewer and not self.match.is_over()
                and self.match.seats[self.viewer].is_human)
        if view.phase == "give":
            if mine:
                return t("ganjifa.prompt_give", n=self.give_needed(), seat=self.seat_name(view.leader))
            return t("ganjifa.giving", seat=self.seat_name(view.turn), n=view.give_count)
        if not mine:
            return None
        if view.phase == "lead":
            if view.trick_no == 0:
                return t("ganjifa.prompt_open", trump=suit(view.trump))
            return t("ganjifa.prompt_lead_dukal" if self._dukals() else "ganjifa.prompt_lead")
        if not view.trick:
            return None
        led = view.trick[0][1] // per
        suits = {a[1] // per for a in self.match.legal_actions(self.viewer) if a[0] == "play"}
        if led in suits:
            return t("ganjifa.prompt_follow", led=suit(led))
        others = sorted(suits - {view.trump})
        if view.trump in suits and others:
            return t("ganjifa.prompt_void_choice", led=suit(led), trump=suit(view.trump), next=suit(others[0]))
        if view.trump in suits:
            return t("ganjifa.prompt_void_trump", led=suit(led), trump=suit(view.trump))
        return t("ganjifa.prompt_void_next", led=suit(led), next=suit(others[0]) if others else "")

    def _draw_prompt(self, surface: pygame.Surface, view: Any) -> None:
        """A lasting line while it is the viewer's turn (hidden only while cards fly)."""
        if self.anim.busy:
            return
        msg = self.prompt_text(view)
        if not msg:
            return
        u = self.app.u
        area = self.prompt_rect()
        mine = view.turn == self.viewer
        pad = round(1.5 * u)
        img = fit_text(msg, max(13, round(2.5 * u)), theme.GOLD if mine else theme.IVORY,
                       max(1, area.width - 2 * pad), "semibold", min_px=11)
        pill = pygame.Rect(0, 0, img.get_width() + 2 * pad, max(area.height, img.get_height()))
        pill.center = area.center
        panel = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (20, 14, 10, 205), panel.get_rect(), border_radius=pill.height // 2)
        if mine:
            pygame.draw.rect(panel, (*theme.GOLD, 160), panel.get_rect(), max(1, round(0.15 * u)),
                             border_radius=pill.height // 2)
        surface.blit(panel, pill)
        surface.blit(img, img.get_rect(center=pill.center))
        self.prompt_drawn = pill

    def _draw_trump(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w = surface.get_width()
        size = round(6 * u)
        badge = self.art.badge(self.trump_mark, size)
        y = round(2 * u + (1 - self.trump_rise) * 6 * u)
        suit = self.deck.suits[self.deck.trumps["day" if self.trump_mark == "sun" else "night"]]
        label = t("ganjifa.trump_day" if self.trump_mark == "sun" else "ganjifa.trump_night",
                  suit=suit.name[lang()])
        # centred, within the room between the title (left) and the top-row buttons
        # (right): the label shrinks (then is cut short) rather than run under Undo
        self.assists.place()
        buttons = [b.rect for b in self.top_buttons + self.assists.buttons() if b.rect.w]
        right = min([w] + [r.left for r in buttons]) - round(u)
        left = round(5 * u) + fonts.size(self.deck.name[lang()], max(13, round(2.1 * u)), "semibold")[0]
        room = max(1, right - left - size - round(u))
        img = fit_text(label, max(14, round(2.3 * u)), theme.GOLD, room, "semibold", min_px=10)
        total = size + round(u) + img.get_width()
        x = min(max((w - total) // 2, left), right - total)
        badge = badge.copy()
        badge.set_alpha(round(255 * self.trump_rise))
        surface.blit(badge, (x, y))
        surface.blit(img, (x + size + round(u), y + (size - img.get_height()) // 2))

    def _draw_seat(self, surface: pygame.Surface, seat: int, view: Any) -> None:
        u = self.app.u
        lines = [self.seat_name(seat), t("ganjifa.plate", hand=self.sizes[seat], won=self.captured[seat])]
        self.plates.draw(surface, seat, self.plate_pos(seat), lines)
        if seat != self.viewer:
            ax, ay = self.plates.anchor(seat)
            fan = self._fan(min(self.sizes[seat], 12))
            surface.blit(fan, fan.get_rect(center=(round(ax), round(ay + 9.5 * u))))
        px, py = self.pile_pos(seat)
        k = min(6, (self.captured[seat] + 3) // 4)
        for i in range(k):
            self._blit_card(surface, None, (px, py - i * 0.15 * u * 2), self.pile_d, 0)
        if self.captured[seat]:
            img = fonts.text(str(self.captured[seat]), max(12, round(2 * u)), theme.IVORY, "bold")
            if seat == self.viewer:     # beside the pile: below it are the hand's suit tabs
                at = {"midleft": (round(px + self.pile_d / 2 + u), round(py))}
            else:
                at = {"center": (round(px), round(py + self.pile_d / 2 + 1.6 * u))}
            surface.blit(img, img.get_rect(**at))

    def _draw_open_hand(self, surface: pygame.Surface) -> None:
        """The hand is drawn into a cached layer, rebuilt only when something in it changes."""
        items = self._hand_draw_list()
        top = self._layer_top()
        drawn = getattr(self, "_hand_stand_ins", [])
        if drawn and self._stand_ins_landed(drawn):     # real faces for the stand-ins
            self._hand_gen = getattr(self, "_hand_gen", 0) + 1
        key = (tuple(items), self.focus, tuple(self.selected), self.hover, lang(), top,
               self.viewer_can_act, getattr(self, "_hand_gen", 0))
        size = (surface.get_width(), max(1, surface.get_height() - top))

        def paint(layer: pygame.Surface) -> None:
            self._drawn_stand_ins = []
            self._paint_hand(layer, items, top)
            self._hand_stand_ins, self._drawn_stand_ins = self._drawn_stand_ins, None

        surface.blit(self.hand_layer.get(key, size, paint), (0, top))

    def _layer_top(self) -> int:
        """Top of the hand's cached layer: where it is for the tallest hand (one row of the
        largest cards, or two rows), whatever the hand now, so the layer keeps one size all
        hand (a new window-wide surface and its conversion cost ~3 ms at 1920x1080 on the
        frame the row's size steps)."""
        u = self.app.u
        return max(0, round(self.app.size[1] - tallest_hand(self.app.size, u) - 8 * u))

    def _draw_hidden_hand(self, surface: pygame.Surface) -> None:
        """Nobody confirmed at a shared screen: the bottom hand as evenly spaced backs (no
        suit groups or tabs, which would tell its shape), in two even rows when the hand
        has two (how many rows depends on the count alone)."""
        n = self.sizes[self.viewer]
        if n <= 0:
            return
        u = self.app.u
        w, h = surface.get_size()
        top = self._layer_top()
        d = self.hand_d
        y = h - 2.5 * u - d / 2 - top
        rows = [(n + 1) // 2, n // 2] if n > ROW_MAX else [n]
        pitch = row_pitch(d, u) if len(rows) > 1 else 0.0
        key = ("hidden", n, d, w, top, round(y), round(pitch))

        def paint(layer: pygame.Surface) -> None:
            for r, k in enumerate(rows):
                step = min(0.3 * d, max(1.0, (w - 6 * u - d) / max(1, k - 1)))
                x0 = w / 2 - step * (k - 1) / 2
                yr = y - (pitch if r == 0 and len(rows) > 1 else 0.0)
                for i in range(k):
                    self._blit_card(layer, None, (x0 + i * step, yr), d, 0)

        surface.blit(self.hand_layer.get(key, (w, max(1, h - top)), paint), (0, top))

    def _paint_hand(self, surface: pygame.Surface, items: list, top: int) -> None:
        u = self.app.u
        d = self.hand_d
        items = [(c, (x, y - top), st) for c, (x, y), st in items]
        for card, pos, state in items:
            self._blit_card(surface, card, pos, d, 0, state=state,
                            lifted=state == "selected" or card == self.hover)
            if card == self.focus:      # in paint order: the next cards cover the ring, not the reverse
                r = pygame.Rect(0, 0, d, d)
                r.center = (round(pos[0]), round(pos[1]))
                self.plates.focus_ring(surface, r)
        for tab in self._tabs():        # over the row: a lifted card never hides one
            self._paint_tab(surface, tab, top)
        upper = {s.card for s in self.slots if s.row == 0} if getattr(self, "hand_rows", 1) > 1 else set()
        for card, pos, state in items:
            if state == "selected":     # a gold tick in the strip the next card leaves, below the index
                # (just below it in the upper row of two: clear of the lower row's tabs)
                cx, cy = round(pos[0] - 0.34 * d), round(pos[1] + (-0.06 if card in upper else 0.03) * d)
                r = max(5, round(1.3 * u))
                pygame.draw.circle(surface, theme.INK, (cx, cy), r + max(1, round(0.2 * u)))
                pygame.draw.circle(surface, theme.GOLD, (cx, cy), r)
                k = r / 1.4
                tick = [(cx - 0.7 * k, cy), (cx - 0.15 * k, cy + 0.55 * k), (cx + 0.75 * k, cy - 0.6 * k)]
                pygame.draw.lines(surface, theme.INK, False, tick, max(2, round(0.3 * u)))

    TAB_INSET = 0.3     # u: a suit tab's left edge, right of its group's first card
    TAB_SPACE = 0.5     # u: kept free after a tab, before the next group's

    def _tab_metrics(self) -> tuple[int, int, int]:
        """A suit tab's text size, sign size and horizontal padding, in pixels."""
        u = self.app.u
        return max(11, round(1.7 * u)), max(10, round(2.4 * u)), round(0.4 * u) + round(0.5 * u) + round(0.7 * u)

    def _tab_names(self, suit: int) -> tuple[str, str]:
        """A suit's name and the short form its tab falls back to (i18n ``ganjifa.tab_short``)."""
        sd = self.deck.suits[suit]
        name = sd.name[lang()]
        short = t(f"ganjifa.tab_short.{sd.id}")
        return name, (name if short == f"ganjifa.tab_short.{sd.id}" else short)

    def _label_widths(self) -> list[dict[int, float]]:
        """The room (pixels from a group's left edge) each suit's tab needs with its name,
        then with its short form: the hand's rows keep that much for a group where they can."""
        u = self.app.u
        px, sign_px, pad = self._tab_metrics()
        extra = (self.TAB_INSET + self.TAB_SPACE) * u + sign_px + pad
        levels: list[dict[int, float]] = [{}, {}]
        for suit in range(len(self.deck.suits)):
            for level, text in zip(levels, self._tab_names(suit), strict=True):
                level[suit] = extra + self._text_width(text, px)
        return levels

    def _tabs(self) -> list[dict]:
        """Each suit group's label tab: rect (screen coordinates), sign and text.

        Every group gets one, however narrow: the text shortens (name and order, name,
        the short form) and at the last resort the tab is the suit's sign alone. A group
        of the lower row has its tab in the seam between the rows, over the upper row's
        cards below their index medallions."""
        u = self.app.u
        legal = self.legal_cards()
        acting = self.viewer_can_act
        per = self.deck.per_suit
        px, sign_px, pad = self._tab_metrics()
        out = []
        for group in getattr(self, "groups", []):
            suit, left, room = group.suit, group.left, group.room
            cards = [s for s in self.slots if s.card // per == suit and s.row == group.row]
            if not cards:
                continue
            playable = acting and any(s.card in legal for s in cards)
            base_y = min(s.centre[1] for s in cards)
            if playable:
                base_y -= self.LIFT_LEGAL * u
            y = base_y - self.hand_d / 2 - 3.0 * u
            sd = self.deck.suits[suit]
            trump = suit == self._trump_suit()
            hint = t("ganjifa.ace_high" if sd.order == "ace_high" else "ganjifa.ten_high")
            name, short = self._tab_names(suit)
            texts = [f"{name} · {hint}", name, short, ""]
            if trump:       # the trump group says so in words, not only by the rim's sun/moon
                texts = [f"{name} · {t('ganjifa.trump_tag')} · {hint}",
                         f"{name} · {t('ganjifa.trump_tag')}", name, short, ""]
            ink = theme.GOLD if trump else theme.IVORY
            if acting and not playable:
                ink = theme.MUTED
            fit = room - (self.TAB_INSET + self.TAB_SPACE) * u
            text = next((x for x in texts if sign_px + self._text_width(x, px) + pad <= fit + 0.5), "")
            width = sign_px + (self._text_width(text, px) + pad if text else round(0.8 * u))
            rect = pygame.Rect(round(left + self.TAB_INSET * u), round(y), width, max(sign_px + 2, round(2.8 * u)))
            out.append({"suit": suit, "rect": rect, "text": text, "px": px, "sign_px": sign_px,
                        "ink": ink, "trump": trump, "playable": playable, "row": group.row})
        return out

    def _text_width(self, text: str, px: int) -> int:
        """A tab label's width, measured once (measuring costs ~0.05 ms a string)."""
        cache = self.__dict__.setdefault("_text_widths", {})
        key = (text, px, fonts.scale())
        if key not in cache:
            cache[key] = fonts.font(px, "semibold").size(text)[0]
        return cache[key]

    def _paint_tab(self, surface: pygame.Surface, tab: dict, top: int) -> None:
        u = self.app.u
        rect = tab["rect"].move(0, -top)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = 225 if tab["playable"] else 190
        pygame.draw.rect(panel, (20, 14, 10, alpha), panel.get_rect(), border_radius=round(0.8 * u))
        if tab["trump"]:
            pygame.draw.rect(panel, theme.GOLD, panel.get_rect(), max(1, round(0.15 * u)),
                             border_radius=round(0.8 * u))
        surface.blit(panel, rect)
        sign = self.art.sign(tab["suit"], tab["sign_px"])
        surface.blit(sign, (rect.x + round(0.4 * u), rect.y + (rect.height - sign.get_height()) // 2))
        if tab["text"]:
            label = fonts.text(tab["text"], tab["px"], tab["ink"], "semibold")
            surface.blit(label, (rect.x + sign.get_width() + round(0.9 * u),
                                 rect.y + (rect.height - label.get_height()) // 2))
