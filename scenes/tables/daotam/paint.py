"""Painting the Đạo Tâm table: the navy mat, seat plates with three tokens, stage slots,
the centre (decks, discard, the claim with its countdown ring), the shout race ring,
buzzer caps (a false start's shake), the viewer's hand (picked cards staged in the claim
zone) and buttons, the lasting instruction line above the hand, the round counter and the
public log."""

from __future__ import annotations

import math
from typing import Any

import pygame

import scenes.tables.daotam.effects as fxm
from game.daotam.deck import STAGES
from scenes.core import fonts, layout_check, theme
from scenes.core.i18n import t
from scenes.core.textfit import fit_text
from scenes.core.tween import ease_out_cubic
from scenes.kit.bluff.buzzers import cap_box, cap_place, key_label, ring_radius
from scenes.kit.bluff.ring import draw_burst, draw_ring
from scenes.kit.parts import borrowing
from scenes.tables.daotam.captions import GHOST, DaoTamCaptions
from scenes.tables.daotam.cards import STAGE_COLOUR, UNIFORM, cd_back, ct_back
from scenes.tables.daotam.layout import (
    PROMPT_U,
    RING_STROKE_U,
    TOAST_U,
    card_size,
    mon_sinh_number,
    ms_inset,
)
from scenes.tables.daotam.model import hand_cards
from scenes.tables.felt import table_surface
from scenes.widgets.button import draw_focus_ring

FAULT_S = 0.4              # a false start's buzzer shake (table time)
RING_IN_S = 0.15           # the countdown ring grows in (§3.5), × the speed setting
RING_IN_STEPS = (0.75, 0.8125, 0.875, 0.9375)     # its scales on the way (then 1)
SEAM = (0x22, 0x34, 0x5A)


@borrowing(table=("head_bottom header action_buttons anim app barred buzzers card_name centre claim_zone clock effects toast "
                  "confirmed_viewer deck_rects drag faults flights hand_h hand_list hand_rects looking "
                  "match model pass_buttons pass_seat_of plates prompt_drawn push_chip race_out_text "
                  "ring seat_name slot_rects spots style tokens viewer viewer_can_act"),
           card_faces="cd_face ct_face hand_variants ms_face variant_at",
           controls="acting_phase passing_seats push_targets staged_rects",
           geometry=("free_span obstacles slide_clear claim_rects hand_rects_for hand_top layout_hand reveal_card_h "
                     "token_places ring_r claim_card_h back_rects ms_rect"),
           memory_panel="draw_memory memory_rect",
           peeker="draw_peek_cover peek peek_cover peek_prompt peeking")
class DaoTamPaint(DaoTamCaptions):
    """Part of the table: ``draw_game``."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def draw_game(self, surface: pygame.Surface) -> None:
        self.centre_texts: list[pygame.Rect] = []       # the captions drawn this frame
        v = self.match.view(self.looking)
        u = self.app.u
        w, h = surface.get_size()
        self.draw_backs(surface, v)             # first: a back never covers a line
        self.draw_burst_fx(surface)             # under the piles and plates: the rays never cover a name
        self.draw_centre(surface, v)
        self.draw_arrows(surface)               # who pays, who took the shout: under the plates
        self.draw_belt(surface)                 # Khai Sáng's white belt: under the plates too
        for spot in self.spots:
            self.draw_seat(surface, v, spot.seat)
        self.draw_moments(surface)
        self.draw_call_bubble(surface)
        self.draw_windows(surface, v)
        self.draw_moment_words(surface)         # after the window's words: those keep their places
        self.draw_hand(surface, v)
        self.flights.draw_flying(surface)
        self.draw_drawn_cd(surface)
        self.draw_push_fx(surface)
        self.draw_sweep(surface, v)
        self.draw_prompt(surface)
        # round counter, always visible
        img = fonts.text(t("daotam.round", round=v.round, rounds=v.round_limit),
                         max(14, round(2.8 * u)), theme.IVORY, "bold")
        self.head_bottom = surface.blit(img, (round(3 * u), round(1.8 * u))).bottom
        self.draw_memory(surface)
        self.draw_peek_cover(surface)           # over everything at the bottom, memory aid too

    def draw_backs(self, surface: pygame.Surface, v) -> None:
        """Each opponent's hand as a fan of backs by its plate (10u tall where there is room)."""
        for spot in self.spots:
            if spot.seat == self.viewer:
                continue
            for rect in self.back_rects(spot.seat, v.hand_sizes[spot.seat]):
                surface.blit(ct_back(rect.size), rect)

    def draw_background(self, surface: pygame.Surface) -> None:
        self.draw_seams(surface)

    def draw_seams(self, surface: pygame.Surface) -> None:
        """The mat with its tile seams (0.2u lines every 12u): felt and seams painted once
        per window size into one opaque layer, so a frame costs one plain blit (a
        colour-keyed full-window blit was the frame's largest cost)."""
        size = surface.get_size()
        cached = getattr(self, "_seams", None)
        if cached is None or cached[0] != size:
            u = self.app.u
            layer = table_surface(self.style, size).copy()
            step = max(8, round(12 * u))
            lw = max(1, round(0.2 * u))
            for x in range(step, size[0], step):
                pygame.draw.line(layer, SEAM, (x, 0), (x, size[1]), lw)
            for y in range(step, size[1], step):
                pygame.draw.line(layer, SEAM, (0, y), (size[0], y), lw)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            cached = self._seams = (size, layer)
        surface.blit(cached[1], (0, 0))

    # ------------------------------------------------------------ centre
    def draw_centre(self, surface: pygame.Surface, v) -> None:
        u = self.app.u
        px = max(11, round(1.7 * u))       # 12 px or more from 720p up
        r = self.deck_rects
        for name, rect in r.items():
            layout_check.add_control(surface, rect, "pile", name)
        surface.blit(ct_back(r["ct_deck"].size), r["ct_deck"])
        self.pile_label(surface, t("daotam.deck", n=v.deck_left), r["ct_deck"], px)
        up = v.discard_face_up
        top = next((k for k in (0, 1, 2) if up[k]), None)
        if v.discard_size:
            if top is not None:
                with layout_check.control(surface, r["ct_disc"], "pile", "ct_disc"):   # the face's text is the pile's
                    kind = ("cuong", "nhu", "ta_khi")[top]
                    img = self.ct_face(kind, r["ct_disc"].size, self.variant_at(kind, sum(up)))
                    surface.blit(img, r["ct_disc"])
            else:
                surface.blit(ct_back(r["ct_disc"].size), r["ct_disc"])
        else:
            pygame.draw.rect(surface, SEAM, r["ct_disc"], max(1, round(0.3 * u)), border_radius=round(u))
        self.pile_label(surface, t("daotam.discard", n=v.discard_size), r["ct_disc"], px)
        surface.blit(cd_back(r["cd_deck"].size), r["cd_deck"])
        self.pile_label(surface, t("daotam.cd_deck", n=v.cd_deck_left), r["cd_deck"], px)
        if v.cd_discard:
            with layout_check.control(surface, r["cd_disc"], "pile", "cd_disc"):
                surface.blit(self.cd_face(v.cd_discard[-1], r["cd_disc"].size), r["cd_disc"])
        else:
            pygame.draw.rect(surface, SEAM, r["cd_disc"], max(1, round(0.3 * u)), border_radius=round(u))
        self.draw_claim(surface)

    def draw_claim(self, surface: pygame.Surface) -> None:
        """The claim zone: the claim's face-down cards as they land (turned over after a
        challenge) and the call, or a public play's Cương + Nhu with the âm-dương between."""
        u = self.app.u
        m = self.model
        cz = self.claim_zone
        pygame.draw.rect(surface, SEAM, cz, max(1, round(0.25 * u)), border_radius=round(1.5 * u))
        if m.public_pair is not None:
            rects = self.claim_rects(2)
            for kind, rect in list(zip(("cuong", "nhu"), rects, strict=True))[:m.pair_landed]:
                surface.blit(self.ct_face(kind, rect.size, self.variant_at(kind, m.public_pair)), rect)
            if m.pair_landed == 2:
                r = max(2.2 * u, rects[0].h * 0.17)
                joining = self.effects.get("am_duong", self.clock)
                if joining is not None:          # the halves slide together, then turn 90°
                    fxm.draw_am_duong_motion(surface, cz.center, r, joining[0], rects[1].centerx - rects[0].centerx)
                else:
                    draw_am_duong(surface, cz.center, r, turned=True)
            text = t("daotam_table.pair", name=self.seat_name(m.public_pair))
            self.label(surface, text, self.caption_at(), round(2 * u), theme.IVORY)
            return
        if m.last_claim is None:
            return
        actor, count, call = m.last_claim
        rects = self.claim_rects(count)
        shown = m.revealed if m.revealed else (None,) * count
        for i, (c, rect) in enumerate(list(zip(shown, rects, strict=False))[:m.claim_landed]):
            img = ct_back(rect.size) if c is None else self.ct_face(c, rect.size, self.variant_at(c, actor + i))
            if m.reveal_x < 1:
                img = pygame.transform.smoothscale(img, (max(1, round(rect.w * m.reveal_x)), rect.h))
            surface.blit(img, img.get_rect(center=rect.center))
            if c is not None and m.caught and m.reveal_x >= 1:      # the verdict's shape on each card
                fxm.draw_mark(surface, rect, c == call, u)
        text = t("daotam.claims", name=self.seat_name(actor), call=t(f"daotam.{call}"))
        caption = self.label(surface, text, self.caption_at(), round(2 * u), theme.IVORY)
        if m.caught:            # over the caption (never into it, large text or not)
            col = fxm.TRUTH if m.caught == "truth" else fxm.LIE
            h = fonts.size(t(f"daotam.{m.caught}"), max(10, round(3 * u)), "bold")[1]
            top = caption.top - round(0.3 * u) - h - 2
            self.label(surface, t(f"daotam.{m.caught}"), (cz.centerx, top), round(3 * u), col, "bold")

    def caption_at(self) -> tuple[int, int]:
        """Where the claim's line goes: centred over the countdown ring."""
        u = self.app.u
        h = fonts.size("Ág", max(10, round(2 * u)))[1]
        return (self.claim_zone.centerx, round(self.centre[1] - self.ring_r - 0.4 * u - h))

    def draw_card(self, surface: pygame.Surface, sprite) -> None:
        """A card in flight: ``sprite.card`` is ("ct" | "cd", kind or card id, None a back),
        a Chiêu Thức's art variant after it where it has one (the ornament it lands with)."""
        deck, face, *variant = sprite.card if sprite.card is not None else ("ct", None)
        q = max(4, round(1.5 * self.app.u))           # sizes in steps: faces stay cached
        size = card_size(max(q, round(sprite.size / q) * q))
        if deck == "cd":
            img = cd_back(size) if face is None else self.cd_face(face, size)
        else:
            img = ct_back(size) if face is None else self.ct_face(face, size, *variant)
        rect = img.get_rect(center=(round(sprite.pos[0]), round(sprite.pos[1])))
        layout_check.overlay(surface, rect)             # in flight over the table on purpose: what it hides is not cut
        surface.blit(img, rect)

    def draw_drawn_cd(self, surface: pygame.Surface) -> None:
        """A drawn Chính Đạo held up in the centre, turning over for everyone."""
        shown = self.model.cd_shown
        if shown is None:
            return
        seat, cid = shown
        u = self.app.u
        size = card_size(self.reveal_card_h())
        x = self.model.cd_x
        img = cd_back(size) if x < 0.5 else self.cd_face(cid, size)
        k = abs(2 * x - 1)
        if k < 1:
            img = pygame.transform.smoothscale(img, (max(1, round(size[0] * k)), size[1]))
        rect = img.get_rect(center=self.claim_zone.center)
        layout_check.overlay(surface, rect)             # held up over the claim on purpose
        surface.blit(img, rect)
        if x >= 0.5:            # over the card, else under it: clear of the claim's caption
            g = round(0.6 * u)
            self.place_label(surface, t("daotam_table.drew", name=self.seat_name(seat), card=self.card_name(cid)),
                             [("midbottom", (rect.centerx, rect.top - g)), ("midtop", (rect.centerx, rect.bottom + g))],
                             max(12, round(2 * u)), theme.GOLD, "bold")

    def draw_sweep(self, surface: pygame.Surface, v) -> None:
        """Khai Sáng: the winner's three stage cards leave their slots and line up in the
        centre, a white-belt band sweeps across behind them, the name under (reduced
        motion: all in place, fading in)."""
        sweep = self.model.sweep
        if sweep is None:
            return
        winners, p = sweep
        w, h = surface.get_size()
        u = self.app.u
        reduced = self.anim.reduced
        seat = winners[0]
        size = card_size(self.claim_card_h())
        row = fxm.khai_row((w, h), self.centre, size, u)
        rects = fxm.align_rects(self.slot_rects[seat], row, 1.0 if reduced else min(1.0, p / 0.35))
        band_p = p if reduced else max(0.0, (p - 0.3) / 0.7)
        band_row = row[0].unionall(row)
        q = max(4, round(1.5 * u))                 # sizes in steps: faces stay cached
        for cid, r in zip(v.opened[seat], rects, strict=True):
            if cid is None:
                continue
            img = self.cd_face(cid, card_size(max(q, round(r.h / q) * q)))
            if reduced:
                img = img.copy()
                img.set_alpha(round(255 * min(1.0, 0.4 + p)))
            surface.blit(img, img.get_rect(center=r.center))
        for other in winners[1:]:
            for slot in self.slot_rects[other]:
                pygame.draw.rect(surface, theme.GOLD, slot.inflate(round(0.8 * u), round(0.8 * u)),
                                 max(2, round(0.4 * u)), border_radius=round(0.8 * u))
        alpha = round(255 * min(1.0, band_p * 1.5))
        if alpha <= 0:
            return
        img = fonts.text(t("daotam_table.win_sweep"), round(6 * u), theme.GOLD, "bold")
        names = fonts.text(", ".join(self.seat_name(s) for s in winners), round(2.6 * u), theme.IVORY,
                           "semibold")
        ribbon = pygame.Rect(0, 0, max(img.get_width(), names.get_width()) + round(8 * u),
                             img.get_height() + names.get_height() + round(2 * u))
        ribbon.midtop = (w // 2, band_row.bottom + round(1.5 * u))
        back = pygame.Surface(ribbon.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (10, 14, 28, round(alpha * 0.85)), back.get_rect(), border_radius=round(2 * u))
        surface.blit(back, ribbon)
        img.set_alpha(alpha)
        names.set_alpha(alpha)
        surface.blit(img, img.get_rect(midtop=(ribbon.centerx, ribbon.top + round(0.6 * u))))
        surface.blit(names, names.get_rect(midbottom=(ribbon.centerx, ribbon.bottom - round(0.8 * u))))

    def draw_belt(self, surface: pygame.Surface) -> None:
        """Khai Sáng's white-belt band, sweeping in behind the row of stage cards (under
        the plates: their names stay readable)."""
        sweep = self.model.sweep
        if sweep is None:
            return
        p = sweep[1]
        reduced = self.anim.reduced
        band_p = p if reduced else max(0.0, (p - 0.3) / 0.7)
        if band_p <= 0:
            return
        row = fxm.khai_row(surface.get_size(), self.centre, card_size(self.claim_card_h()), self.app.u)
        fxm.draw_belt_sweep(surface, row[0].unionall(row), band_p, self.app.u, reduced)

    # ------------------------------------------------------------ §3.5 moments
    def claim_box(self) -> pygame.Rect | None:
        """The claim's cards on the table (the strike line's target)."""
        claim = self.model.last_claim
        rects = self.claim_rects(claim[1] if claim else 1)
        return rects[0].unionall(rects)

    def draw_arrows(self, surface: pygame.Surface) -> None:
        """Under the plates: the verdict's stroke from the claim to the seat that pays, and
        a stolen shout's from the pair's player to the seat that took it."""
        u = self.app.u
        reduced = self.anim.reduced
        got = self.effects.get("verdict")
        if got is not None and got[1].get("payer") is not None:
            p, d = got
            plate = pygame.Rect(self.spots[d["payer"]].plate)
            box = self.claim_box()
            start, end = self.edge_points(box.center, 0, plate, box.inflate(round(u), round(u)))
            colour = fxm.TRUTH if d["caught"] == "truth" else fxm.LIE
            fxm.draw_arrow(surface, start, end, colour, u, 1.0 if reduced else min(1.0, p * 2.5),
                           round(255 * min(1.0, 2.5 * (1 - p) + 0.3)))
        got = self.effects.get("steal")
        if got is not None:
            p, d = got
            a = pygame.Rect(self.spots[d["from"]].plate)
            b = pygame.Rect(self.spots[d["to"]].plate)
            start, end = self.edge_points(a.center, 0, b, a)
            fxm.draw_arrow(surface, start, end, theme.GOLD, u, 1.0 if reduced else min(1.0, p * 2), 255, 0.25)

    @staticmethod
    def edge_points(c: tuple[float, float], r: float, target: pygame.Rect,
                    source: pygame.Rect | None = None) -> tuple[tuple[float, float], tuple[float, float]]:
        """From the edge of a circle (radius ``r`` round ``c``) or of ``source`` to the
        edge of ``target``, along the line between their centres."""
        tx, ty = target.center
        dx, dy = tx - c[0], ty - c[1]
        dist = math.hypot(dx, dy) or 1.0
        start = (c[0] + dx / dist * r, c[1] + dy / dist * r)
        if source is not None:
            cut = source.clipline(c, (tx, ty))
            if cut:
                start = cut[1]
        cut = target.clipline(start, (tx, ty))
        end = cut[0] if cut else (tx, ty)
        return start, end

    def draw_moments(self, surface: pygame.Surface) -> None:
        """Over the plates: the challenger's ivory flash and the strike line across the
        claim, the verdict's colour round the seat that pays, the token that turns ringed,
        Nhập Ma's smoke (their words: :meth:`draw_moment_words`)."""
        u = self.app.u
        reduced = self.anim.reduced
        got = self.effects.get("strike")
        if got is not None:
            p, d = got
            fxm.draw_flash(surface, pygame.Rect(self.spots[d["seat"]].plate), p, u)
            box = self.claim_box()
            if box is not None:
                fxm.draw_strike(surface, box, p, u, reduced)
        got = self.effects.get("verdict")
        if got is not None and got[1].get("payer") is not None:
            p, d = got
            colour = fxm.TRUTH if d["caught"] == "truth" else fxm.LIE
            plate = pygame.Rect(self.spots[d["payer"]].plate)
            pygame.draw.rect(surface, colour, plate.inflate(round(1.2 * u), round(1.2 * u)),
                             max(2, round(0.45 * u)), border_radius=round(1.4 * u))
        got = self.effects.get("token")
        if got is not None:
            p, d = got
            (c, dia) = self.token_places(d["seat"])[d["index"]]
            losing = d["to"] == "ta_niem"
            colour = fxm.SMOKE if losing else theme.GOLD
            pygame.draw.circle(surface, (20, 16, 12), c, dia / 2 + 0.9 * u, max(2, round(0.55 * u)))
            pygame.draw.circle(surface, colour, c, dia / 2 + 0.9 * u, max(2, round(0.35 * u)))
        got = self.effects.get("ma")
        if got is not None and not reduced:                     # particles: never under reduced motion
            p, d = got
            fxm.draw_smoke(surface, pygame.Rect(self.spots[d["seat"]].plate), p, u, d["seat"])

    def draw_moment_words(self, surface: pygame.Surface) -> None:
        """What a token's turn costs ("−1 Đạo Tâm") and a stolen shout's line, by the
        plates — only where they have room at their size (the marks say it already)."""
        u = self.app.u
        got = self.effects.get("token")
        if got is not None:
            p, d = got
            losing = d["to"] == "ta_niem"
            plate = pygame.Rect(self.spots[d["seat"]].plate)
            g = round(0.6 * u)
            word = t("daotam_table.pays" if losing else "daotam_table.heals")
            anchors = [("midtop", (plate.centerx, plate.bottom + g)), ("midbottom", (plate.centerx, plate.top - g)),
                       ("midleft", (plate.right + g, plate.centery)), ("midright", (plate.left - g, plate.centery))]
            if plate.centery > self.centre[1]:
                anchors[:2] = anchors[1::-1]
            self.place_label(surface, word, anchors, max(13, round(2.2 * u)),
                             fxm.SMOKE if losing else theme.GOLD, "bold", free_only=True)
        got = self.effects.get("steal")
        if got is not None:
            p, d = got
            plate = pygame.Rect(self.spots[d["to"]].plate)
            g = round(0.6 * u)
            anchors = [("midtop", (plate.centerx, plate.bottom + g)), ("midbottom", (plate.centerx, plate.top - g)),
                       ("midleft", (plate.right + g, plate.centery)), ("midright", (plate.left - g, plate.centery))]
            if plate.centery > self.centre[1]:
                anchors[:2] = anchors[1::-1]
            self.place_label(surface, t("daotam_table.stolen", name=self.seat_name(d["from"])),
                             anchors, max(13, round(2.2 * u)), theme.GOLD, "bold", free_only=True)

    def draw_call_bubble(self, surface: pygame.Surface) -> None:
        """A hidden claim's call by the claimant's plate: a bubble with the call's symbol
        and word ("Cương" / "Nhu") while the claim lies face down — only where it has room
        (the claim's line in the centre says it too)."""
        m = self.model
        if m.last_claim is None or m.revealed or not m.claim_landed:
            return
        actor, _, call = m.last_claim
        u = self.app.u
        from scenes.tables.daotam.cards import KIND_COLOUR, symbol
        px = max(13, round(2.2 * u))
        word = fonts.text(t(f"daotam.{call}"), px, theme.IVORY, "bold")
        r = max(5, round(word.get_height() * 0.42))
        pad = round(0.8 * u)
        size = (pad + 2 * r + pad + word.get_width() + pad + round(0.4 * u), max(word.get_height(), 2 * r) + 2 * pad // 2 + 4)
        plate = pygame.Rect(self.spots[actor].plate)
        near = plate.union(pygame.Rect(cap_box(self.spots[actor], self.centre))) \
            if actor in self.buzzers.caps else plate
        g = round(0.6 * u)
        tries = []
        for attr, at in (("midtop", (near.centerx, near.bottom + g)), ("midbottom", (near.centerx, near.top - g)),
                         ("midleft", (near.right + g, plate.centery)), ("midright", (near.left - g, plate.centery)),
                         ("bottomleft", (plate.right + g, plate.top - g)), ("bottomright", (plate.left - g, plate.top - g))):
            box = pygame.Rect((0, 0), size)
            setattr(box, attr, (round(at[0]), round(at[1])))
            tries.append(box)
        if plate.centery > self.centre[1]:
            tries[:2] = tries[1::-1]
        busy = self.obstacles() + self.centre_texts + [b.rect for b in self.pass_buttons.values()]
        busy += [r for r in self.claim_rects(m.last_claim[1])] + list(self.hand_rects)
        busy += [r for spot in self.spots for r in self.back_rects(spot.seat, 8)]
        head = self.header.deal_line_rect()                  # the top bar and the deal's line
        busy.append(pygame.Rect(0, 0, surface.get_width(), max(round(8.5 * u), head.bottom + round(0.5 * u))))
        low = round(self.hand_top() - (PROMPT_U + TOAST_U) * u)      # the line, a toast, a peek's bar
        busy.append(pygame.Rect(0, low, surface.get_width(), surface.get_height() - low))
        ring = round(self.ring_r + 0.7 * u)                 # the countdown ring is drawn after
        busy.append(pygame.Rect(self.centre[0] - ring, self.centre[1] - ring, 2 * ring, 2 * ring))
        free = [b for b in tries if b.collidelist(busy) < 0 and surface.get_rect().contains(b)]
        if not free:
            return
        box = free[0]
        img = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(img, (*KIND_COLOUR[call], 235), img.get_rect(), border_radius=box.h // 2)
        pygame.draw.rect(img, theme.IVORY, img.get_rect(), max(1, round(0.2 * u)), border_radius=box.h // 2)
        c = (pad + r, box.h / 2)
        pygame.draw.circle(img, theme.IVORY, c, r)
        symbol(img, call, c, r * 0.78)
        img.blit(word, word.get_rect(midleft=(pad + 2 * r + pad, box.h // 2)))
        surface.blit(img, box)
        self.centre_texts.append(box)

    def draw_seat(self, surface: pygame.Surface, v, seat: int) -> None:
        """The plate: the name on the first row; three tokens and the counts on the
        second; a race winner's plate pops; Nhập Ma seats turn ghostly."""
        u = self.app.u
        spot = self.spots[seat]
        x, y, pw, ph = spot.plate
        places = self.token_places(seat)
        status = v.status[seat]
        line = t("daotam.out") if status == "out" else t("daotam.plate", n=v.hand_sizes[seat])
        badges = []                       # on the plate's top border: status and flags
        if status == "possessed":
            badges.append(t("daotam_table.ma_badge", left=v.ta_niem_left[seat]))
        if v.shield[seat]:
            badges.append(t("daotam.shield"))
        if v.skip[seat]:
            badges.append(t("daotam.skip"))
        size = (pw, ph)
        pop = self.model.pop
        if pop is not None and pop[0] == seat:      # 1 → 1.1 and back, as far as the room allows
            k = 1 + 0.1 * math.sin(math.pi * pop[1])
            home = pygame.Rect(x, y, pw, ph)
            busy = [r for r in self.obstacles() if not r.colliderect(home)]
            while k > 1:
                grown = pygame.Rect(0, 0, round(pw * k), round(ph * k))
                grown.center = home.center
                if grown.collidelist(busy) < 0:
                    break
                k -= 0.01
            size = (round(pw * max(1.0, k)), round(ph * max(1.0, k)))
        rect = self.plates.draw(surface, seat, spot.centre, [self.seat_name(seat)], size=size,
                               inset_right=self.badges_width(badges), inset_left=ms_inset(ph, u))
        self.draw_mon_sinh(surface, rect, seat, mon_sinh_number(seat, v.first, len(v.status)))
        if pop is not None and pop[0] == seat:
            glow = rect.inflate(round(2 * u * pop[1]), round(2 * u * pop[1]))
            pygame.draw.rect(surface, theme.GOLD, glow, max(2, round(0.4 * u)), border_radius=round(1.4 * u))
        if status != "living":          # Nhập Ma (or out): greyed 70 %, a violet rim, a still mist
            fxm.desaturate(surface, rect, 0.7)
            if status == "possessed":
                haze = fxm.mist(rect.size, u)
                surface.blit(haze, haze.get_rect(midbottom=(rect.centerx, rect.bottom + round(0.8 * u))))
            pygame.draw.rect(surface, GHOST, rect, max(2, round(0.45 * u)), border_radius=round(u))
        for tok, (c, d) in zip(self.tokens[seat], places, strict=True):
            tok.draw(surface, c, d, u)
        (lx, cy), d = places[-1]
        left = round(lx + d / 2 + 0.9 * u)
        sub_px = max(12, round(min(2.0 * u, ph * 0.24)))
        img = fit_text(line, sub_px, theme.IVORY if status == "possessed" else theme.MUTED,
                       max(1, rect.right - left - round(u)), min_px=min(10, sub_px))
        with layout_check.control(surface, rect, "plate"):
            surface.blit(img, img.get_rect(midleft=(left, round(cy))))
        hidden = self.model.hidden_slots
        sweep = self.model.sweep
        lifted = sweep is not None and sweep[0][:1] == (seat,)     # Khai Sáng: in the centre row now
        for stage, slot, cid in zip(STAGES, self.slot_rects[seat], v.opened[seat], strict=True):
            layout_check.add_control(surface, slot, "stage slot", stage)
            if cid is None or (seat, stage) in hidden or lifted:
                pygame.draw.rect(surface, STAGE_COLOUR.get(stage, SEAM), slot, max(1, round(0.2 * u)),
                                 border_radius=max(1, round(0.5 * u)))
            else:
                with layout_check.control(surface, slot, "stage slot", stage):     # the face's text is the slot's
                    surface.blit(self.cd_face(cid, slot.size), slot)
        if self.acting_phase() == "push" and seat in self.push_targets():
            pygame.draw.rect(surface, GHOST, rect.inflate(round(u), round(u)), max(2, round(0.4 * u)),
                             border_radius=round(1.4 * u))
        self.draw_badges(surface, rect, badges)

    def draw_mon_sinh(self, surface: pygame.Surface, plate: pygame.Rect, seat: int, number: int) -> None:
        """The seat's Môn Sinh at the plate's left: the small upright card (its figure and
        number) where it is tall enough to read, else its number in a uniform-blue disc
        (the zoom shows the card). Its size is the laid-out plate's (a popping plate
        moves it, never repaints it)."""
        u = self.app.u
        box, figure = self.ms_rect(seat)
        box.midleft = (plate.x + box.x - self.spots[seat].plate[0], plate.centery)
        with layout_check.control(surface, plate, "plate", "mon sinh"):    # the card's number is the plate's
            if figure:
                surface.blit(self.ms_face(number, box.size, False), box)
                return
            r = box.w / 2
            pygame.draw.circle(surface, theme.IVORY, box.center, r)
            pygame.draw.circle(surface, UNIFORM, box.center, r - max(1, round(0.25 * u)))
            img = fonts.text(str(number), max(11, round(box.h * 0.62)), theme.IVORY, "bold")
            surface.blit(img, img.get_rect(center=box.center))

    def eligible(self) -> set[int]:
        ow = self.match.open_window()
        if ow is None:
            return set()
        return {s for s in ow.window.seats if s in self.match.active_seats()}

    def ring_grow(self, reading) -> float:
        """§3.5 "ring in 150 ms": the countdown ring's scale as its window opens, 0.75 → 1
        eased out over :data:`RING_IN_S` × the speed setting (in four steps, so its images
        stay cached; at once at speed 0 or under reduced motion). Only the picture grows:
        the arc reads the window's own clock throughout."""
        ow = self.match.open_window()
        span = RING_IN_S * fxm.speed_of(self.app)
        if ow is None or reading.stopped or reading.window_id != ow.window.id or span <= 0 or self.anim.reduced:
            return 1.0
        p = (self.clock - ow.opened_at) / span
        if p >= 1:
            return 1.0
        return RING_IN_STEPS[min(len(RING_IN_STEPS) - 1, math.floor(ease_out_cubic(max(0.0, p)) * len(RING_IN_STEPS)))]

    def draw_windows(self, surface: pygame.Surface, v) -> None:
        u = self.app.u
        reading = self.ring.reading(self.match, self.clock)
        if reading is not None:
            race = self.model.window_kind == "race"
            grow = self.ring_grow(reading)
            rect = draw_ring(surface, self.centre, self.ring_r * grow, RING_STROKE_U * u, reading)
            if grow < 1:                  # the words keep the whole ring's places while it grows in
                side = 2 * (round(self.ring_r) + max(1, round(RING_STROKE_U * u))) + 4
                rect = pygame.Rect(0, 0, side, side)
                rect.center = (round(self.centre[0]), round(self.centre[1]))
            word = t("daotam.shout" if race else "daotam.challenge")
            if reading.seconds_label:
                word += f"  {reading.seconds_label}"
            img = fonts.text(word, max(10, round(2.2 * u)), theme.GOLD, "bold")
            # under the ring, unless a buzzer or a pile is there: then beside it, or above
            busy = self.obstacles() + self.centre_texts + [b.rect for b in self.pass_buttons.values()]
            g = round(0.4 * u) + 2
            top = min([rect.top] + [r.top for r in self.centre_texts if r.colliderect(
                pygame.Rect(rect.x, 0, rect.w, rect.bottom))])
            d = rect.width * 0.36            # the ring's lower corners, outside it
            tries = [img.get_rect(midtop=(rect.centerx, rect.bottom + g)),
                     img.get_rect(topleft=(round(rect.centerx + d), round(rect.centery + d))),
                     img.get_rect(topright=(round(rect.centerx - d), round(rect.centery + d))),
                     img.get_rect(midleft=(rect.right + g, rect.centery)),
                     img.get_rect(midright=(rect.left - g, rect.centery)),
                     img.get_rect(midbottom=(rect.centerx, rect.top - g)),
                     img.get_rect(midbottom=(rect.centerx, top - g))]         # over the captions
            free = [r for r in tries if r.collidelist(busy) < 0 and surface.get_rect().contains(r)]
            for r in tries[:1] + tries[5:] if not free else ():     # else slid along those rows
                slid = self.slide_clear(r, busy)
                if slid is not None:
                    free.append(slid)
                    break
            self.centre_texts.append(surface.blit(img, (free or tries)[0]))
        for seat in self.passing_seats():
            self.pass_buttons[seat].draw(surface, u)
        live = self.eligible()
        for seat in live:
            if seat in self.buzzers.caps and reading is not None and not reading.stopped:
                c, r = self.buzzers.caps[seat]
                ring_r, stroke = ring_radius(r)
                draw_ring(surface, c, ring_r, stroke, reading)
        faults = {seat: (self.clock - at) / FAULT_S for seat, at in self.faults.items()}
        self.buzzers.draw(surface, self.clock, live, faults, self.barred())
        seat = self.ring.burst_seat
        if seat is not None and self.ring.burst_p < 1:
            # the word by the plate, on the table's side (past the cap of a human seat),
            # else beside the plate: never on a cap, slot, pile or another line
            word = t("daotam.shout" if self.model.window_kind == "race" else "daotam.challenge")
            plate = pygame.Rect(self.spots[seat].plate)
            g = round(0.6 * u)
            near = plate.union(pygame.Rect(cap_box(self.spots[seat], self.centre))) \
                if seat in self.buzzers.caps else plate
            anchors = [("midbottom", (near.centerx, near.top - g)), ("midtop", (near.centerx, near.bottom + g)),
                       ("midleft", (near.right + g, plate.centery)), ("midright", (near.left - g, plate.centery))]
            if plate.centery < self.centre[1]:
                anchors[:2] = anchors[1::-1]               # an upper seat: under it first
            self.place_label(surface, word, anchors, max(13, round(2.2 * u)), theme.GOLD, "bold",
                             alpha=min(1.0, 2.5 * (1 - self.ring.burst_p)))

    def draw_burst_fx(self, surface: pygame.Surface) -> None:
        """The burst's rays at the seat whose press closed the window (its cap for a human)."""
        seat = self.ring.burst_seat
        if seat is None or self.ring.burst_p >= 1 or self.anim.reduced:   # reduced motion: the word only
            return
        if seat in self.buzzers.caps:
            c, r = cap_place(self.spots[seat], self.centre)
            r *= 1.8
        else:
            c, r = self.spots[seat].centre, self.spots[seat].plate[3] * 0.8
        draw_burst(surface, c, r, self.ring.burst_p, theme.GOLD)

    def draw_hand(self, surface: pygame.Surface, v) -> None:
        u = self.app.u
        cards = self.hand_list()
        if len(self.hand_rects) != len(cards):
            self.layout_hand()
        m = self.model
        phase = self.acting_phase()
        drag_i = self.drag.item[1] if self.drag.dragging and self.drag.item[0] == "hand" else None
        staged = self.staged_rects()        # picked cards lie in the claim zone, their slots empty
        focus = m.focus % max(1, len(cards)) if phase == "turn" else None
        variants = self.hand_variants(cards, self.viewer)     # each card's ornament, by its place
        top: tuple[str, pygame.Rect, int] | None = None
        for i, (c, rect) in enumerate(zip(cards, self.hand_rects, strict=True)):
            if i == drag_i:
                r = rect.copy()
                r.center = self.drag.pos
                top = (c, r, variants[i])   # drawn last, over everything in the hand
                continue
            if i in staged:
                pygame.draw.rect(surface, SEAM, rect, max(1, round(0.3 * u)), border_radius=max(2, rect.w // 12))
                r = staged[i]
                img = self.ct_face(c, r.size, variants[i])
                surface.blit(img, r)
                pygame.draw.rect(surface, theme.GOLD, r.inflate(round(0.6 * u), round(0.6 * u)),
                                 max(1, round(0.25 * u)), border_radius=max(2, r.w // 10))
            else:
                r = rect
                surface.blit(self.ct_face(c, r.size, variants[i]) if self.confirmed_viewer else ct_back(r.size), r)
            if i == focus:
                self.focus_ring(surface, r)
        if top is not None:
            c, r, var = top
            surface.blit(self.ct_face(c, r.size, var) if self.confirmed_viewer else ct_back(r.size), r)
        peek = self.peeking()               # a confirmed peek: that seat's hand, alone
        if peek is not None and not cards:
            shown = hand_cards(self.match.view(peek).hand)
            for c, r, var in zip(shown, self.hand_rects_for(len(shown)), self.hand_variants(shown, peek), strict=True):
                surface.blit(self.ct_face(c, r.size, var), r)
        elif not cards and v.hand_sizes[self.viewer] and self.peek_cover() is None:   # (a cover: draw_game)
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
            img = fonts.text(t("daotam.ta_khi"), max(11, round(1.9 * u)), theme.IVORY, "bold")
            surface.blit(img, img.get_rect(center=self.push_chip.center))

    def focus_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The keyboard focus: a rounded rectangle hugging the card (its own corner radius),
        not the round cards' oval of the shared table."""
        draw_focus_ring(surface, rect, self.app.u, max(2, rect.width // 12))

    # ------------------------------------------------------------ prompt
    def prompt_text(self) -> str | None:
        """The lasting instruction line: a peek's state, what an open window asks of the
        human seats it waits for, the viewer's own decision, or who is playing."""
        match = self.match
        if match.is_over():
            return None
        peek = self.peek_prompt()
        if peek is not None:
            return peek
        if match.view(None).phase in ("challenge", "race") and match.open_window() is not None:
            return self.window_prompt()
        if self.viewer_can_act:
            phase = self.acting_phase()
            if phase == "turn":
                return t("daotam_table.prompt_call" if self.model.picked else "daotam_table.prompt_turn")
            if phase == "push":
                return t("daotam_table.prompt_push")
            if phase == "option":
                pending = match.view(self.viewer).pending
                return t("daotam_table.prompt_option", card=self.card_name(pending[0]) if pending else "")
            return None
        if self.anim.busy:
            return None
        active = match.active_seats()
        if not active or active[0] == self.viewer and match.seats[self.viewer].at_screen:
            return None
        return t("daotam_table.prompt_waiting", name=self.seat_name(active[0]))

    def window_prompt(self) -> str:
        """What the open window asks: the seats it waits for by name and key when one human
        is asked (at one human, the key alone), else the buzzer keys on the caps."""
        v = self.match.view(None)
        humans = [s for s in v.waiting if self.match.seats[s].is_human and s in self.buzzers.key_of]
        race = v.phase == "race"
        claim = v.claim
        actor = claim[0] if claim is not None else v.turn
        words = {"name": self.seat_name(actor), "call": t(f"daotam.{claim[2]}") if claim else ""}
        if not humans:
            if race:
                return t("daotam_table.prompt_race_wait")
            mine = self.match.seats[actor].at_screen and len(self.match.screen_seats()) == 1
            return t("daotam_table.prompt_challenge_mine" if mine else "daotam_table.prompt_challenge_wait",
                     **words)
        if len(humans) > 1:
            return t("daotam_table.prompt_race_all" if race else "daotam_table.prompt_challenge_all", **words)
        seat = humans[0]
        ow = self.match.open_window()
        if race and ow is not None and seat in ow.locked:
            return self.race_out_text(seat)
        words["k"] = key_label(self.buzzers.key_of[seat])
        words["p"] = next((pygame.key.name(k).upper() for k, s in self.pass_seat_of.items() if s == seat), "")
        words["seat"] = self.seat_name(seat)
        if len(self.match.screen_seats()) == 1:
            return t("daotam_table.prompt_race" if race else "daotam_table.prompt_challenge", **words)
        return t("daotam_table.prompt_race_seat" if race else "daotam_table.prompt_challenge_seat", **words)

    def prompt_area(self) -> pygame.Rect:
        """Just above the hand, between the memory aid and the call buttons (the line is
        centred on the window when it fits, else shifted inside this area)."""
        u = self.app.u
        left = self.memory_rect().right + round(u)
        right = self.action_buttons[0].rect.left - round(u)
        return pygame.Rect(left, round(self.hand_top() - 5.2 * u), max(1, right - left), max(1, round(4 * u)))

    def toast_place(self) -> tuple[tuple[int, int], int]:
        """Just above the instruction line, over its span (clear of the memory aid, the log
        lines, the call buttons and the viewer's row above); the line stays."""
        area = self.prompt_area()
        u = self.app.u
        half = (fonts.size("Ág", max(14, round(2.3 * u)), "semibold")[1] + 2 * round(u)) // 2
        return (area.centerx, area.top - round(0.3 * u) - half), area.width

    def draw_prompt(self, surface: pygame.Surface) -> None:
        msg = self.prompt_text()
        self.prompt_drawn = None
        if not msg:
            return
        u = self.app.u
        area = self.prompt_area()
        pad = round(1.5 * u)
        urgent = self.viewer_can_act or self.peek is not None or self.match.open_window() is not None
        img = fit_text(msg, max(13, round(2.3 * u)), theme.GOLD if urgent else theme.IVORY,
                       max(1, area.width - 2 * pad), "semibold", min_px=10)
        pill = pygame.Rect(0, 0, img.get_width() + 2 * pad, max(area.height, img.get_height()))
        pill.center = (self.app.size[0] // 2, area.centery)
        pill.clamp_ip(area)
        panel = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (14, 20, 34, 215), panel.get_rect(), border_radius=pill.height // 2)
        if urgent:
            pygame.draw.rect(panel, (*theme.GOLD, 170), panel.get_rect(), max(1, round(0.15 * u)),
                             border_radius=pill.height // 2)
        surface.blit(panel, pill)
        surface.blit(img, img.get_rect(center=pill.center))
        self.prompt_drawn = pill

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


def draw_am_duong(surface: pygame.Surface, centre: tuple[int, int], r: float, turned: bool = False) -> None:
    """The âm-dương (yin-yang) of a Cương + Nhu pair: Cương red, Nhu blue (``turned``: as
    it rests after its 90° turn, the halves side by side, from the two halves' art)."""
    if turned:
        ri = max(4, round(r))
        red, blue = fxm.am_duong_halves(ri)
        joined = pygame.Surface((2 * ri, 2 * ri), pygame.SRCALPHA)
        joined.blit(red, (0, 0))
        joined.blit(blue, (0, 0))
        pygame.draw.circle(surface, theme.IVORY, centre, ri + max(1, ri // 6))
        img = pygame.transform.rotate(joined, -90)
        surface.blit(img, img.get_rect(center=centre))
        return
    from scenes.tables.daotam.cards import KIND_COLOUR
    cx, cy = centre
    ri = max(4, round(r))
    pygame.draw.circle(surface, theme.IVORY, (cx, cy), ri + max(1, ri // 6))
    pygame.draw.circle(surface, KIND_COLOUR["cuong"], (cx, cy), ri, draw_top_left=True, draw_top_right=True)
    pygame.draw.circle(surface, KIND_COLOUR["nhu"], (cx, cy), ri, draw_bottom_left=True,
                       draw_bottom_right=True)
    half = max(2, ri // 2)
    pygame.draw.circle(surface, KIND_COLOUR["cuong"], (cx + half, cy), half)
    pygame.draw.circle(surface, KIND_COLOUR["nhu"], (cx - half, cy), half)
    dot = max(1, ri // 6)
    pygame.draw.circle(surface, KIND_COLOUR["nhu"], (cx + half, cy), dot)
    pygame.draw.circle(surface, KIND_COLOUR["cuong"], (cx - half, cy), dot)
