"""Painting: plates with coin stacks, the face-down cards (faces only when public, or on
the covered prompt for its owner), courthouse and bank, the announcement and claim ask,
the choice panel and the toggleable public log."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

import scenes.tables.mascarade.banners as banners
import scenes.tables.mascarade.courthouse as courthouse
from scenes.core import fonts, i18n, layout_check, theme
from scenes.core.i18n import names, t
from scenes.core.textfit import fit_text
from scenes.kit.bluff.ring import draw_ring
from scenes.kit.parts import borrowing
from scenes.screens.dialog import wrap
from scenes.tables.mascarade.cards import (
    GOLD,
    INK,
    LABEL_PX,
    PARCHMENT,
    card_size,
    character_name,
    faces_named,
    name_lines,
)
from scenes.tables.mascarade.coins import draw_coin, draw_stack, pill
from scenes.tables.mascarade.layout import BOTTOM_U, coin_px, coin_r

CRIMSON = (0x6E, 0x14, 0x23)


@lru_cache(maxsize=4)
def swag(size: tuple[int, int], u: float) -> pygame.Surface:
    """The crimson swag along the table's top edge (art direction §4.2: 1.2u, gold trim):
    a band with draped scallops hanging from it, painted once per window size."""
    w, _ = size
    band = max(2, round(1.2 * u))
    drop = max(2, round(1.1 * u))
    s = pygame.Surface((w, band + drop + 4), pygame.SRCALPHA)
    k = 2
    big = pygame.Surface((w * k, (band + drop + 4) * k), pygame.SRCALPHA)
    B, D = band * k, drop * k
    n = max(6, round(w / (14 * u)))
    span = w * k / n
    pts = [(0, 0), (w * k, 0), (w * k, B)]
    for i in range(n, -1, -1):          # the scallops' lower edge, right to left
        x0 = i * span
        for j in range(8, -1, -1):
            x = x0 - span + span * j / 8
            pts.append((x, B + math.sin(math.pi * j / 8) * D))
    pygame.draw.polygon(big, CRIMSON, pts)
    for i in range(n):                  # the folds: darker lines down each swag
        x = (i + 0.5) * span
        pygame.draw.line(big, (0x4E, 0x0C, 0x18), (x - span * 0.2, 0), (x - span * 0.1, B + D * 0.6), k)
        pygame.draw.line(big, (0x4E, 0x0C, 0x18), (x + span * 0.2, 0), (x + span * 0.1, B + D * 0.6), k)
    edge = pts[3:]
    pygame.draw.lines(big, GOLD, False, edge, max(2, round(0.25 * u * k)))
    for i in range(n + 1):              # a gold tassel where two swags meet
        x = i * span
        pygame.draw.circle(big, GOLD, (x, B + 1), max(2, round(0.35 * u * k)))
    pygame.draw.line(big, GOLD, (0, max(1, B // 3)), (w * k, max(1, B // 3)), max(1, round(0.15 * u * k)))
    s.blit(pygame.transform.smoothscale(big, s.get_size()), (0, 0))
    return s.convert_alpha() if pygame.display.get_surface() else s


def glow_behind(surface: pygame.Surface, card: pygame.Rect, strength: float, u: float) -> None:
    """A soft gold halo around ``card`` (a true claim), ``strength`` 0..1."""
    if strength <= 0:
        return
    pad = max(4, round(1.8 * u))
    halo = pygame.Surface((card.width + 2 * pad, card.height + 2 * pad), pygame.SRCALPHA)
    rings = 6
    for i in range(rings):              # from the faint outside in, brighter each ring
        r = halo.get_rect().inflate(-2 * i * pad // rings, -2 * i * pad // rings)
        a = round(strength * 200 * ((i + 1) / rings) ** 1.6)
        pygame.draw.rect(halo, (0xF2, 0xCF, 0x4A, a), r, border_radius=max(2, pad - i * pad // rings))
    surface.blit(halo, halo.get_rect(center=card.center))


@borrowing(table=("assists top_buttons anim app cards clock looking match model plates reveal_all ring seat_name show_known "
                  "show_log truth"),
           controls="actor choice_buttons chooser focus layout_choices pick refused secret secret_seat",
           fx=("confetti flip_fx glow in_air pops shown_coins stack_lift swap_alpha swap_offset "
               "swap_shadows"),
           geometry="coin_inset bank_rect banner_y card_h centre coin_at court_rect log_rect pile_px pos_rects spots",
           known_view="draw_known")
class MascaradePaint:
    """Part of the table: its painting."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def draw_game(self, surface: pygame.Surface) -> None:
        u = self.app.u
        self.layout_choices()
        v = self.match.view(None)
        surface.blit(swag(self.app.size, u), (0, 0))
        self.draw_centre(surface, u)
        for spot in self.spots:
            self.draw_seat(surface, spot, v, u)
        self.draw_shadows(surface, u)
        for pos in range(len(self.pos_rects)):
            self.draw_pos(surface, pos, v, u)
        for (x, y), spin, n in self.in_air():
            if n > 1:                   # a whole fortune (the Witch): a small stack in flight
                draw_stack(surface, (x, y), max(3, 1.1 * u), n, max(1.0, 0.35 * u))
            else:
                draw_coin(surface, (x, y), max(3, 1.3 * u), spin)
        self.draw_banner(surface, v, u)
        self.draw_speech(surface, u)
        self.draw_confetti(surface)
        self.draw_panel(surface, u)
        if self.show_known:
            self.draw_known(surface, u)
        if self.show_log:
            self.draw_log(surface, u)

    # ------------------------------------------------------------ pieces
    def draw_centre(self, surface: pygame.Surface, u: float) -> None:
        """The courthouse and the bank, as objects, with their coins and counts."""
        for rect, kind, key in ((self.court_rect, "court", "mascarade.courthouse"),
                                (self.bank_rect, "bank", "mascarade.bank")):
            courthouse.draw(surface, rect, u, kind, self.shown_coins(kind), t(key))

    def draw_seat(self, surface: pygame.Surface, spot, v, u: float) -> None:
        x, y, w, h = spot.plate
        seat = spot.seat
        plate = self.plates.draw(surface, seat, spot.centre, [self.seat_name(seat)], size=(w, h),
                                 inset_right=self.coin_inset.get(seat, 0))
        ann = self.model.announced
        asked = v.asked if not self.anim.busy else None
        if asked == seat or (ann and ann[0] == seat):
            rect = pygame.Rect(spot.plate).inflate(round(1.2 * u), round(1.2 * u))
            col = theme.GOLD if asked == seat else (0xB9, 0x63, 0x7F)
            pygame.draw.rect(surface, col, rect, max(2, round(0.4 * u)), border_radius=round(1.4 * u))
            reading = self.ring.reading(self.match, self.clock) if asked == seat else None
            if reading is not None and reading.remaining is not None:   # the optional timer
                draw_ring(surface, (x - round(2.4 * u), y + h / 2), 2.0 * u, 0.5 * u, reading)
        answered = self.model.answered
        if answered.get(seat) == "pass":        # a claim speaks in its banner
            tag = fonts.text(t("mascarade.answered_pass"), max(11, round(1.6 * u)), theme.MUTED, "bold")
            # above the plate, else beside it: clear of its cards, the buttons and the seats
            busy = [self.pos_rects[p] for p in v.hands[seat]]
            self.assists.place()
            busy += [b.rect for b in self.top_buttons + self.assists.buttons() if b.rect.w]
            busy += [pygame.Rect(sp.plate) for sp in self.spots]
            busy += [b.rect for b in self.speech()]
            g = round(0.6 * u)
            tries = [tag.get_rect(midbottom=(plate.centerx, plate.top - round(0.2 * u))),
                     tag.get_rect(midleft=(plate.right + g, plate.centery)),
                     tag.get_rect(midright=(plate.left - g, plate.centery)),
                     tag.get_rect(midtop=(plate.centerx, plate.bottom + round(0.2 * u)))]
            free = [r for r in tries if r.collidelist(busy) < 0 and surface.get_rect().contains(r)]
            surface.blit(tag, (free or tries[1:2])[0])
        cx, cy = self.coin_at[seat]      # the coins on the plate's second line
        cy -= self.stack_lift(seat)
        r = coin_r(u, h)
        count = self.shown_coins(seat)
        top = draw_stack(surface, (cx, cy + r * 0.5), r, count, max(1.0, min(0.35 * u, r * 0.4)), 4)
        pill(surface, count, coin_px(u, h), (max(top.right, cx + r) + max(2, round(0.4 * u)), cy), "midleft",
             plate, "plate")

    def draw_shadows(self, surface: pygame.Surface, u: float) -> None:
        """The two card shadows that cross while a swap-or-not runs."""
        cw, ch = card_size(self.card_h)
        spread = max(2, round(0.5 * u))
        for c in self.swap_shadows():       # soft-edged: a core and two fainter rings
            shade = pygame.Surface((cw + 4 * spread, ch + 4 * spread), pygame.SRCALPHA)
            for i, a in enumerate((28, 45, 80)):
                r = shade.get_rect().inflate(-2 * i * spread, -2 * i * spread)
                pygame.draw.rect(shade, (0, 0, 0, a), r, border_radius=max(2, cw // 10 + (2 - i) * spread))
            surface.blit(shade, shade.get_rect(center=(round(c[0]), round(c[1]))))

    def draw_confetti(self, surface: pygame.Surface) -> None:
        for (x, y), (w, h), angle, col, alpha in self.confetti():
            bit = pygame.Surface((max(1, round(w)), max(1, round(h))), pygame.SRCALPHA)
            bit.fill((*col, alpha))
            bit = pygame.transform.rotate(bit, angle)
            surface.blit(bit, bit.get_rect(center=(round(x), round(y))))

    def speech(self) -> list[banners.Banner]:
        """The speech banners up now: the announcer's, then each counter-claim in claim
        order, numbered (placed clear of plates, buttons and the centre's objects)."""
        ann = self.model.announced
        if ann is None:
            return []
        speakers = [(ann[0], ann[1], None)]
        claims = [s for s, a in self.model.answered.items() if a == "claim" and s != ann[0]]
        speakers += [(s, ann[1], i + 1) for i, s in enumerate(claims)]
        u = self.app.u
        key = (tuple(speakers), self.app.size, tuple(self.pos_rects[0]) if self.pos_rects else (),
               tuple(b.rect.topleft for b in self.choice_buttons), self.show_log)
        if getattr(self, "_speech_key", None) != key:
            plates = {sp.seat: pygame.Rect(sp.plate) for sp in self.spots}
            self.assists.place()
            hard = [b.rect for b in self.top_buttons + self.assists.buttons() + self.choice_buttons if b.rect.w]
            hard += [self.court_rect, self.bank_rect]
            w, h = self.app.size
            hard.append(pygame.Rect(0, h - round(BOTTOM_U * u), w, round(BOTTOM_U * u)))   # the prompt
            hard += [r for _, r in self.banner(self.match.view(None), u)]
            if self.show_log:
                hard.append(self.log_rect())
            screen = pygame.Rect((0, 0), self.app.size)
            self._speech = banners.place(speakers, plates, hard, list(self.pos_rects), screen, self.centre, u)
            self._speech_key = key
        return self._speech

    def draw_speech(self, surface: pygame.Surface, u: float) -> None:
        for b in self.speech():
            pop = self.pops.get(b.seat, 1.0)
            banners.draw(surface, b, self.mask_icon(b.char, banners.icon_h(u)), pop, u)

    def mask_icon(self, char: int, d: int) -> pygame.Surface:
        """A round medallion ``d`` px wide cut from the middle of the character's face
        (its mask), gold-ringed: the banners' icon, cached."""
        cache = self.__dict__.setdefault("_icons", {})
        key = (char, d, i18n.lang())
        if key not in cache:
            icon = pygame.Surface((2 * d, 2 * d), pygame.SRCALPHA)
            pygame.draw.circle(icon, PARCHMENT, (d, d), d)
            portrait = getattr(self.cards, "mask", None)      # the portrait alone, when the cards draw one
            if portrait is not None:
                img = portrait(char, 2 * d)
                k = min(1.7 * d / max(1, img.get_width()), 1.7 * d / max(1, img.get_height()))
                img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)),
                                                         max(1, round(img.get_height() * k))))
                icon.blit(img, img.get_rect(center=(d, d)))
            else:                   # else the middle of the face, where its mask is
                face = self.said_face(char, max(12, round(d / 0.5)))
                fw, fh = face.get_size()
                side = min(fw, round(fh * 0.5))
                crop = pygame.Rect(0, 0, side, side)
                crop.center = (fw // 2, round(fh * 0.4))
                crop = crop.clip(face.get_rect())
                icon.blit(pygame.transform.smoothscale(face.subsurface(crop), (2 * d, 2 * d)), (0, 0))
            cut = pygame.Surface((2 * d, 2 * d), pygame.SRCALPHA)
            pygame.draw.circle(cut, (255, 255, 255, 255), (d, d), d)
            icon.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            pygame.draw.circle(icon, GOLD, (d, d), d, max(2, d // 8))
            cache[key] = pygame.transform.smoothscale(icon, (d, d))
        return cache[key]

    def said_face(self, char: int, height: int) -> pygame.Surface:
        """The face of a character a seat has said it is (an announcement or a claim:
        said aloud to the whole table, not a card shown): its banner's icon."""
        return self.cards.face(char, height)

    def draw_pos(self, surface: pygame.Surface, pos: int, v, u: float) -> None:
        rect = self.pos_rects[pos]
        dx, dy = self.swap_offset(pos)
        r = rect.move(round(dx), round(dy))
        face = self.model.faceup.get(pos)
        if face is None and self.reveal_all:        # a finished game's replay, faces up
            face = self.truth.get(pos)
        squash = 1.0
        if self.flip_fx is not None and pos in self.flip_fx[0]:
            _, p, up = self.flip_fx
            squash = abs(math.cos(math.pi * p))
            r = r.move(0, -round(math.sin(math.pi * p) * 0.5 * u))     # §6.7: a lift at the turn
            showing = (p >= 0.5) if up else (p < 0.5)
            face = face if showing else None
        img = self.public_face(face, self.card_h) if face is not None else self.cards.back(self.card_h)
        if squash < 0.999:
            img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * squash)), img.get_height()))
        alpha = self.swap_alpha(pos)
        if alpha < 0.999:           # a swap-or-not: sliding behind the table's edge
            if alpha <= 0.01:
                return
            img = img.copy()
            img.set_alpha(round(255 * alpha))
        lit = self.glow is not None and pos in self.glow[0] and face is not None
        if lit:                     # the claim that told the truth lights up
            glow_behind(surface, r, self.glow[1], u)
        surface.blit(img, img.get_rect(center=r.center))
        if lit:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(round(0.5 * u), round(0.5 * u)),
                             max(2, round(0.35 * u)), border_radius=max(2, round(0.8 * u)))
        if face is not None and squash >= 0.999 and not faces_named(self.card_h):
            self.draw_name_label(surface, r, face, u)
        if pos in self.pick or pos == self.focus and self.actor() is not None:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(round(0.8 * u), round(0.8 * u)),
                             max(2, round(0.35 * u)), border_radius=round(0.8 * u))
        if self.model.announced and self.model.announced[2] == pos:
            pygame.draw.rect(surface, (0xB9, 0x63, 0x7F), r.inflate(round(0.4 * u), round(0.4 * u)),
                             max(1, round(0.25 * u)), border_radius=round(0.8 * u))

    def draw_name_label(self, surface: pygame.Surface, card: pygame.Rect, char: int, u: float) -> None:
        """A face-up card too small to write its name (many seats, a small window): the
        name whole on a parchment label over the card's lower part, wider than the card,
        in one or two lines at ``LABEL_PX`` px or more."""
        px = max(LABEL_PX, round(1.7 * u))
        width = round(max(2.6 * card.width, 20 * u))
        name = character_name(char)
        fit = name_lines(name, px, width, 10 * px, min(px, LABEL_PX))
        lines, px = fit if fit is not None else ([name], LABEL_PX)
        imgs = [fonts.text(line, px, INK, "bold") for line in lines]
        step = fonts.font(px, "bold").get_linesize()
        pad = max(2, round(0.4 * u))
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 2 * pad, step * len(imgs) + pad)
        box.midbottom = (card.centerx, card.bottom + round(0.6 * u))
        box = self.label_place(box, card)
        pygame.draw.rect(surface, PARCHMENT, box, border_radius=max(2, round(0.5 * u)))
        pygame.draw.rect(surface, GOLD, box, max(1, round(0.15 * u)), border_radius=max(2, round(0.5 * u)))
        y = box.y + pad // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += step

    def label_place(self, box: pygame.Rect, card: pygame.Rect) -> pygame.Rect:
        """Where a name label goes: over the card's foot, else over its middle, else on its
        side toward the table's centre — the first place clear of every seat plate and
        every other card (the card's own plate is beside it on a crowded table); else
        under or over it, or on its side away from the centre."""
        cx, cy = self.centre
        dx, dy = cx - card.centerx, cy - card.centery
        d = math.hypot(dx, dy) or 1.0
        reach = abs(dx) / d * (card.width + box.width) / 2 + abs(dy) / d * (card.height + box.height) / 2
        inward = box.copy()
        inward.center = (round(card.centerx + dx / d * reach), round(card.centery + dy / d * reach))
        middle = box.copy()
        middle.center = card.center
        others = [pygame.Rect(sp.plate) for sp in self.spots] + [r for r in self.pos_rects if r != card]
        others += [self.court_rect, self.bank_rect]
        others += [r for _, r in self.banner(self.match.view(None), self.app.u)]
        outward = box.copy()        # the last resort: on the side away from the centre
        outward.center = (round(card.centerx - dx / d * reach), round(card.centery - dy / d * reach))
        under, over = box.copy(), box.copy()
        under.midtop, over.midbottom = card.midbottom, card.midtop
        for place in (box, middle, inward, under, over, outward):
            if place.collidelist(others) < 0 and self.app.screen.get_rect().contains(place):
                return place
        return box

    def public_face(self, char: int, height: int) -> pygame.Surface:
        """A face the whole table may see (setup or a reveal event)."""
        return self.cards.face(char, height)

    def private_face(self, char: int, height: int, seat: int) -> pygame.Surface:
        """A face only ``seat`` may see: drawn only on its covered prompt."""
        assert self.looking == seat, "a private face outside its owner's covered prompt"
        return self.cards.face(char, height)

    def draw_banner(self, surface: pygame.Surface, v, u: float) -> None:
        for img, rect in self.banner(v, u):
            surface.blit(img, rect)

    def banner(self, v, u: float) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The line(s) above the centre — whose turn it is, and under it a swap-only
        turn's note — and where they go (in the room the layout keeps for them); what a
        seat announces or claims is said in its speech banner (:meth:`speech`)."""
        m = self.model             # the turn the animations have reached, not the rules' own
        seat = m.turn_seat if m.turn_seat is not None else v.turn
        if seat is None or v.turn is None:
            return []
        px = max(13, round(2.3 * u))
        lines = [t("mascarade.turn_of", seat=self.seat_name(seat), n=m.turn_no)]
        if m.forced if m.turn_seat is not None else v.forced:
            lines.append(t("mascarade.forced"))
        imgs = [fonts.text(line, px, theme.IVORY if i == 0 else theme.MUTED, "semibold")
                for i, line in enumerate(lines)]
        out = []
        y = self.banner_y
        for img in reversed(imgs):
            rect = img.get_rect(midbottom=(round(self.centre[0]), y))
            out.append((img, rect))
            y = rect.top
        return out[::-1]

    def prompt_text(self) -> str:
        seat = self.actor()
        if seat is None:
            return ""
        v = self.match.view(None)
        if self.secret is not None:
            return t(f"mascarade.prompt_{self.secret[0]}")
        if v.phase == "turn":
            if self.chooser:
                return t("mascarade.prompt_announce", seat=self.seat_name(seat))
            swap_only = {"ask_peek", "ask_announce"} <= set(self.refused(seat))
            return t("mascarade.prompt_turn_swap" if swap_only else "mascarade.prompt_turn",
                     seat=self.seat_name(seat))
        if v.phase == "claim":
            return t("mascarade.prompt_claim", seat=self.seat_name(seat),
                     char=character_name(v.announced[1]))
        kind = v.pending[0] + ("_pick" if v.pending[0] == "fool" else "")
        return t(f"mascarade.prompt_{kind}", seat=self.seat_name(seat))

    def draw_panel(self, surface: pygame.Surface, u: float) -> None:
        seat = self.actor()
        if seat is None:
            return
        w, h = self.app.size
        covered = self.secret_seat() is not None
        if covered:       # the covered prompt: the table dims behind it
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((10, 14, 24, 235))
            surface.blit(veil, (0, 0))
            layout_check.overlay(surface)
            self.draw_secret(surface, seat, u)
        text = self.prompt_text()
        top = min((b.rect.top for b in self.choice_buttons), default=h - round(3 * u))
        if text:
            img = fonts.text(text, max(13, round(2.3 * u)), theme.GOLD, "semibold")
            surface.blit(img, img.get_rect(midbottom=(w // 2, top - round(0.8 * u))))
        for b in self.choice_buttons:
            b.draw(surface, u)

    def draw_secret(self, surface: pygame.Surface, seat: int, u: float) -> None:
        """The covered prompt's cards: the peeked card, the Spy's two cards, or the two
        backs of a swap-or-not."""
        w, h = self.app.size
        ch = round(24 * u)
        cw, _ = card_size(ch)
        mine = self.match.view(seat).private if self.looking == seat else ()
        faces: list = []
        places: list[int] = []
        if self.secret is not None and self.secret[0] == "peek_show":
            last = [p for p in mine if p[0] == "peek"]
            faces = [last[-1][2]] if last else [None]
            places = [self.secret[2]]
        elif self.secret is not None:
            places = list(self.secret[2:])
            faces = [None] * len(places)
        else:   # the Spy's look
            last = [p for p in mine if p[0] == "spy"]
            faces = [last[-1][2], last[-1][4]] if last else [None, None]
            places = [last[-1][1], last[-1][3]] if last else []
        gap = round(3 * u)
        x = (w - len(faces) * cw - (len(faces) - 1) * gap) // 2
        for i, f in enumerate(faces):
            img = self.private_face(f, ch, seat) if f is not None else self.cards.back(ch)
            surface.blit(img, (x, round(h * 0.2)))
            if i < len(places):
                name = fonts.text(self.where(places[i]), max(13, round(2.3 * u)), theme.IVORY, "semibold")
                surface.blit(name, name.get_rect(midtop=(x + cw // 2, round(h * 0.2) + ch + round(u))))
            x += cw + gap

    def draw_log(self, surface: pygame.Surface, u: float) -> None:
        panel = self.log_rect()
        bg = pygame.Surface(panel.size, pygame.SRCALPHA)
        bg.fill((*theme.PANEL, 250))
        surface.blit(bg, panel)
        layout_check.overlay(surface, panel)      # the cards under it: the log is opened on purpose
        pygame.draw.rect(surface, GOLD, panel, max(1, round(0.2 * u)), border_radius=round(0.6 * u))
        px = max(11, round(1.8 * u))
        line_h = fonts.size("Ág", px)[1] + max(1, round(0.2 * u))      # at the size drawn
        rows = max(1, (panel.height - round(2 * u)) // line_h)
        width = panel.width - round(2 * u)
        shown: list[str] = []               # the newest entries that fit, each wrapped (readable)
        for line in reversed(self.model.log):
            parts = wrap(self.log_text(line), px, width)
            if len(shown) + len(parts) > rows:
                break
            shown[:0] = parts
        y = panel.y + round(u)
        for text in shown:
            img = fit_text(text, px, theme.IVORY, width, min_px=10)
            with layout_check.control(surface, panel, "log panel"):
                surface.blit(img, (panel.x + round(u), y))
            y += line_h

    def where(self, pos) -> str:
        if isinstance(pos, str):
            return t(f"mascarade.{'courthouse' if pos == 'court' else 'bank'}")
        owner = self.model.owner[pos]
        if owner is None:
            return t("mascarade.middle_card", n=pos + 1)
        return self.seat_name(owner)

    def log_text(self, line, prefix: str = "mascarade.log") -> str:
        """One log (or timeline) line in the current language, names filled in."""
        p = dict(line.params)
        for k in ("seat", "target"):
            if k in p:
                p[k] = self.seat_name(p[k]) if p[k] is not None else t("mascarade.nobody")
        for k in ("a", "b", "pos"):
            if k in p:
                p[k] = self.where(p[k])
        for k in ("char", "held"):
            if k in p:
                p[k] = character_name(p[k])
        if "cards" in p:
            p["cards"] = ", ".join(f"{self.where(pos)}: {character_name(c)}" for pos, c in p["cards"])
        if "src" in p:
            p["src"] = self.seat_name(p["src"]) if isinstance(p["src"], int) else self.where(p["src"])
            p["dst"] = self.seat_name(p["dst"]) if isinstance(p["dst"], int) else self.where(p["dst"])
        if "winners" in p:
            p["winners"] = names(self.seat_name(s) for s in p["winners"])
        p.pop("why", None)
        p.pop("reason", None)
        return f"{line.turn}. " + t(f"{prefix}.{line.key}", **p)
