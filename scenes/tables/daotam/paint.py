"""Painting the Đạo Tâm table: the navy mat, seat plates with three tokens, stage slots,
the centre (decks, discard, the claim with its countdown ring), the shout race ring,
buzzer caps, the viewer's hand and buttons, the round counter and the public log."""

from __future__ import annotations

import pygame

from game.daotam.deck import STAGES
from scenes import fonts, theme
from scenes.i18n import t
from scenes.kit.buzzers import cap_place, ring_radius
from scenes.kit.ring import draw_burst, draw_ring
from scenes.tables.daotam.cards import STAGE_COLOUR, cd_back, ct_back
from scenes.tables.daotam.layout import card_size
from scenes.tables.daotam.model import hand_cards

GHOST = (0x8E, 0x6F, 0xA8)
SEAM = (0x22, 0x34, 0x5A)


class DaoTamPaint:
    """Mixin: ``draw_game``."""

    def draw_game(self, surface: pygame.Surface) -> None:
        v = self.match.view(self.looking)
        u = self.app.u
        w, h = surface.get_size()
        self.draw_seams(surface)
        self.draw_centre(surface, v)
        for spot in self.spots:
            self.draw_seat(surface, v, spot.seat)
        self.draw_windows(surface, v)
        self.draw_hand(surface, v)
        self.draw_push_fx(surface)
        # round counter, always visible
        img = fonts.text(t("daotam.round", round=v.round, rounds=v.round_limit),
                         max(14, round(2.8 * u)), theme.IVORY, "bold")
        surface.blit(img, (round(3 * u), round(1.8 * u)))
        px = max(12, round(1.7 * u))
        y = round(8 * u)
        for line in self.model.log[-5:]:
            img = fonts.text(line, px, theme.MUTED)
            surface.blit(img, (round(3 * u), y))
            y += img.get_height()

    def draw_seams(self, surface: pygame.Surface) -> None:
        """The mat's tile seams (0.2u lines every 12u), painted once per window size."""
        size = surface.get_size()
        cached = getattr(self, "_seams", None)
        if cached is None or cached[0] != size:
            u = self.app.u
            layer = pygame.Surface(size)
            layer.set_colorkey((0, 0, 0))
            step = max(8, round(12 * u))
            lw = max(1, round(0.2 * u))
            for x in range(step, size[0], step):
                pygame.draw.line(layer, SEAM, (x, 0), (x, size[1]), lw)
            for y in range(step, size[1], step):
                pygame.draw.line(layer, SEAM, (0, y), (size[0], y), lw)
            cached = self._seams = (size, layer)
        surface.blit(cached[1], (0, 0))

    # ------------------------------------------------------------ centre
    def draw_centre(self, surface: pygame.Surface, v) -> None:
        u = self.app.u
        px = max(11, round(1.5 * u))
        r = self.deck_rects
        surface.blit(ct_back(r["ct_deck"].size), r["ct_deck"])
        self.label(surface, t("daotam.deck", n=v.deck_left), r["ct_deck"].midbottom, px)
        up = v.discard_face_up
        top = next((k for k in (0, 1, 2) if up[k]), None)
        if v.discard_size:
            if top is not None:
                surface.blit(self.ct_face(("cuong", "nhu", "ta_khi")[top], r["ct_disc"].size), r["ct_disc"])
            else:
                surface.blit(ct_back(r["ct_disc"].size), r["ct_disc"])
        else:
            pygame.draw.rect(surface, SEAM, r["ct_disc"], max(1, round(0.3 * u)), border_radius=round(u))
        self.label(surface, t("daotam.discard", n=v.discard_size), r["ct_disc"].midbottom, px)
        surface.blit(cd_back(r["cd_deck"].size), r["cd_deck"])
        self.label(surface, t("daotam.cd_deck", n=v.cd_deck_left), r["cd_deck"].midbottom, px)
        if v.cd_discard:
            surface.blit(self.cd_face(v.cd_discard[-1], r["cd_disc"].size), r["cd_disc"])
        else:
            pygame.draw.rect(surface, SEAM, r["cd_disc"], max(1, round(0.3 * u)), border_radius=round(u))
        # the claim: face-down cards, the call bubble, the revealed cards after a challenge
        m = self.model
        claim = v.claim or m.last_claim
        cz = self.claim_zone
        pygame.draw.rect(surface, SEAM, cz, max(1, round(0.25 * u)), border_radius=round(1.5 * u))
        if claim is not None:
            actor, count, call = claim
            size = card_size(9 * u)
            shown = m.revealed if m.revealed else (None,) * count
            for i, c in enumerate(shown):
                rect = pygame.Rect((0, 0), size)
                rect.center = (round(cz.centerx + (i - (len(shown) - 1) / 2) * (size[0] + u)), cz.centery)
                surface.blit(ct_back(size) if c is None else self.ct_face(c, size), rect)
            text = t("daotam.claims", name=self.seat_name(actor), call=t(f"daotam.{call}"))
            self.label(surface, text, (cz.centerx, cz.top - round(6.5 * u)), round(2 * u), theme.IVORY)
            if m.caught:
                col = (120, 200, 140) if m.caught == "truth" else (235, 120, 100)
                self.label(surface, t(f"daotam.{m.caught}"), (cz.centerx, cz.top - round(10 * u)),
                           round(2.6 * u), col, "bold")

    def label(self, surface: pygame.Surface, text: str, midtop: tuple[int, int], px: int,
              colour: tuple = theme.MUTED, weight: str = "regular") -> None:
        img = fonts.text(text, max(10, px), colour, weight)
        surface.blit(img, img.get_rect(midtop=(midtop[0], midtop[1] + 2)))

    # ------------------------------------------------------------ seats
    def draw_seat(self, surface: pygame.Surface, v, seat: int) -> None:
        u = self.app.u
        spot = self.spots[seat]
        x, y, pw, ph = spot.plate
        places = self.token_places(seat)
        inset = round(3.4 * places[0][1])
        status = v.status[seat]
        if status == "possessed":
            line = t("daotam.nhap_ma", left=v.ta_niem_left[seat], hand=v.hand_sizes[seat])
        elif status == "out":
            line = t("daotam.out")
        else:
            line = t("daotam.plate", n=v.hand_sizes[seat])
        if v.shield[seat]:
            line += " · " + t("daotam.shield")
        if v.skip[seat]:
            line += " · " + t("daotam.skip")
        rect = self.draw_plate(surface, seat, spot.centre, [self.seat_name(seat), line],
                               size=(pw, ph), inset_right=inset)
        if status != "living":
            ghost = pygame.Surface(rect.size, pygame.SRCALPHA)
            ghost.fill((120, 110, 130, 120))
            surface.blit(ghost, rect)
            pygame.draw.rect(surface, GHOST, rect, max(2, round(0.35 * u)), border_radius=round(u))
        for tok, (c, d) in zip(self.tokens[seat], places, strict=True):
            tok.draw(surface, c, d, u)
        for stage, slot, cid in zip(STAGES, self.slot_rects[seat], v.opened[seat], strict=True):
            if cid is None:
                pygame.draw.rect(surface, STAGE_COLOUR.get(stage, SEAM), slot, max(1, round(0.2 * u)),
                                 border_radius=max(1, round(0.5 * u)))
            else:
                surface.blit(self.cd_face(cid, slot.size), slot)
        if self.acting_phase() == "push" and seat in self.push_targets():
            pygame.draw.rect(surface, GHOST, rect.inflate(round(u), round(u)), max(2, round(0.4 * u)),
                             border_radius=round(1.4 * u))

    # ------------------------------------------------------------ windows
    def eligible(self) -> set[int]:
        ow = self.match.open_window()
        if ow is None:
            return set()
        return {s for s in ow.window.seats if s in self.match.active_seats()}

    def draw_windows(self, surface: pygame.Surface, v) -> None:
        u = self.app.u
        reading = self.ring.reading(self.match, self.clock)
        if reading is not None:
            race = self.model.window_kind == "race"
            rect = draw_ring(surface, self.centre, (10.5 if race else 9) * u, 0.7 * u, reading)
            word = t("daotam.shout" if race else "daotam.challenge")
            if reading.seconds_label:
                word += f"  {reading.seconds_label}"
            self.label(surface, word, (rect.centerx, rect.bottom + round(0.4 * u)),
                       round(2.2 * u), theme.GOLD, "bold")
        live = self.eligible()
        for seat in live:
            if seat in self.buzzers.caps and reading is not None and not reading.stopped:
                c, r = self.buzzers.caps[seat]
                ring_r, stroke = ring_radius(r)
                draw_ring(surface, c, ring_r, stroke, reading)
        self.buzzers.draw(surface, self.clock, live)
        if self.ring.burst_seat is not None and self.ring.burst_p < 1:
            c, r = cap_place(self.spots[self.ring.burst_seat], self.centre)
            draw_burst(surface, c, r * 1.8, self.ring.burst_p)

    # ------------------------------------------------------------ hand
    def draw_hand(self, surface: pygame.Surface, v) -> None:
        u = self.app.u
        cards = self.hand_list()
        if len(self.hand_rects) != len(cards):
            self.layout_hand()
        m = self.model
        phase = self.acting_phase()
        drag_i = self.drag.item[1] if self.drag.dragging and self.drag.item[0] == "hand" else None
        for i, (c, rect) in enumerate(zip(cards, self.hand_rects, strict=True)):
            r = rect.move(0, -round(2.5 * u)) if i in m.picked else rect
            if i == drag_i:
                r = rect.copy()
                r.center = self.drag.pos
            img = self.ct_face(c, r.size) if self.confirmed_viewer else ct_back(r.size)
            surface.blit(img, r)
            if phase == "turn" and i == m.focus % max(1, len(cards)):
                self.focus_ring(surface, r)
        peek = self.peeking()
        if peek is not None:
            shown = hand_cards(self.match.view(peek).hand)
            for c, r in zip(shown, self.hand_rects_for(len(shown)), strict=True):
                surface.blit(self.ct_face(c, r.size), r)
            self.label(surface, t("daotam.peek", name=self.seat_name(peek)),
                       (self.app.size[0] // 2, round(self.hand_top() - 3.5 * u)), round(1.9 * u), theme.GOLD)
        elif not cards and v.hand_sizes[self.viewer]:
            n = v.hand_sizes[self.viewer]
            size = card_size(self.hand_h)
            x0 = round(self.app.size[0] / 2 - (n * (size[0] * 0.6)) / 2)
            for i in range(n):
                surface.blit(ct_back(size), (x0 + round(i * size[0] * 0.6), self.hand_top()))
        if phase is not None:
            for b in self.action_buttons:
                if b.enabled:
                    b.draw(surface, u)
        if phase == "push":
            pygame.draw.rect(surface, (0x3A, 0x24, 0x44), self.push_chip, border_radius=self.push_chip.h // 2)
            pygame.draw.rect(surface, GHOST, self.push_chip, max(1, round(0.3 * u)),
                             border_radius=self.push_chip.h // 2)
            self.label(surface, t("daotam.push_hint"), (self.push_chip.centerx, self.push_chip.y - round(3 * u)),
                       round(1.9 * u), theme.IVORY)
            img = fonts.text(t("daotam.ta_khi"), max(11, round(1.9 * u)), theme.IVORY, "bold")
            surface.blit(img, img.get_rect(center=self.push_chip.center))

    def draw_push_fx(self, surface: pygame.Surface) -> None:
        fx = self.model.push_fx
        if fx is None:
            return
        src, dst, p = fx
        (ax, ay), (bx, by) = self.spots[src].centre, self.spots[dst].centre
        e = p * p * (3 - 2 * p)
        c = (ax + (bx - ax) * e, ay + (by - ay) * e)
        size = card_size(7 * self.app.u)
        img = self.ct_face("ta_khi", size)
        surface.blit(img, img.get_rect(center=(round(c[0]), round(c[1]))))
