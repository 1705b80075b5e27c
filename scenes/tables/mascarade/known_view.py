"""The "what the table can know" view: under (or above) every card, the likeliest
characters there with their probability, as a careful observer would hold them from the
public events alone (:class:`game.mascarade.known.TableKnowledge` on the model). It never
reads a private event nor the true layout."""

from __future__ import annotations

from typing import Any

import pygame

from game.mascarade.data import default_rules
from scenes.core import fonts, layout_check, theme
from scenes.core.textfit import fit_text
from scenes.kit.parts import borrowing
from scenes.tables.mascarade.cards import accent, character_name


def rows_for(n_seats: int) -> int:
    """How many characters are listed per card: fewer when the table is crowded."""
    return 3 if n_seats <= 8 else 2


def known_px(u: float) -> int:
    """The memory aid's text size: 12 px or more from 720p up."""
    return max(10, round(1.7 * u))


@borrowing(table="banner_text choice_buttons hand_top turn_banner viewer_can_act app model n",
           geometry="ring_width bank_rect banner_y centre court_rect pos_rects spots",
           painter="prompt_text")
class MascaradeKnownView:
    """Part of the table: ``draw_known`` paints every position's box."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def known_width(self, top: list[tuple[int, float]]) -> int:
        """As wide as the longest line needs, at most 19u."""
        u = self.app.u
        px = known_px(u)
        need = max(fonts.size(character_name(c), px)[0] + fonts.size("100%", px, "bold")[0]
                   for c, _ in top)
        return min(round(19 * u), need + max(4, round(px * 0.7)) + round(2.2 * u))

    def known_line_h(self) -> int:
        """A box's line height at the size drawn (large text included)."""
        return fonts.size("Ág", known_px(self.app.u))[1]

    def known_box(self, pos: int, rows: int, taken: list[pygame.Rect],
                  bw: int | None = None) -> tuple[pygame.Rect, int, int]:
        """Where a position's box goes: toward the centre first (beside a side seat's
        card, above a bottom seat's, below a top seat's or a middle card), else the first
        other side that clears every card, plate, the piles and the boxes placed so far
        (else the one that covers no plate, pile, banner, log or other box and the least
        of the cards). Returns the box, the area it still covers, and of that the area
        over those that must stay readable (a box is never drawn over them)."""
        u = self.app.u
        card = self.pos_rects[pos]
        bw = bw or round(15 * u)
        bh = rows * self.known_line_h() + round(0.6 * u)
        gap = round(0.4 * u)
        sides = {"below": {"midtop": (card.centerx, card.bottom + gap)},
                 "above": {"midbottom": (card.centerx, card.top - gap)},
                 "right": {"midleft": (card.right + gap, card.centery)},
                 "left": {"midright": (card.left - gap, card.centery)}}
        owner = self.model.owner[pos] if pos < len(self.model.owner) else None
        order = ["below", "above", "right", "left"]
        if owner is not None:
            px_, py_ = self.spots[owner].centre
            dx, dy = card.centerx - px_, card.centery - py_
            if abs(dx) > 1.5 * abs(dy):
                order = ["right", "below", "above", "left"] if dx > 0 else ["left", "below", "above", "right"]
            elif dy < 0:
                order = ["above", "right", "left", "below"]
        screen = pygame.Rect(0, 0, self.ring_width(), self.app.size[1])
        soft = [r for i, r in enumerate(self.pos_rects) if i != pos]
        hard = [pygame.Rect(sp.plate) for sp in self.spots] + [self.court_rect, self.bank_rect] + taken
        banner = pygame.Rect(0, 0, round(34 * u), round(3.2 * u))
        banner.midbottom = (round(self.centre[0]), self.banner_y)
        hard.append(banner)
        hard += self.fixed_texts()

        def area(box: pygame.Rect, rects: list[pygame.Rect]) -> int:
            return sum(box.clip(b).width * box.clip(b).height for b in rects if box.colliderect(b))

        best: tuple[int, int, pygame.Rect] | None = None
        for side in order:
            box = pygame.Rect(0, 0, bw, bh)
            for attr, at in sides[side].items():
                setattr(box, attr, at)
            box.clamp_ip(screen)
            must, may = area(box, hard), area(box, soft)
            if must + may == 0:
                return box, 0, 0
            if best is None or (must, may) < best[:2]:
                best = (must, may, box)
        return best[2], best[0] + best[1], best[0]

    def fixed_texts(self) -> list[pygame.Rect]:
        """The lines the table writes over the middle: the turn banner ("Your turn") and
        the prompt above the choice buttons, with the buttons."""
        w, _ = self.app.size
        u = self.app.u
        out = [b.rect for b in self.choice_buttons if b.rect.w]
        if self.turn_banner > 0 and self.viewer_can_act and self.banner_text():
            size = fonts.size(self.banner_text(), round(3.4 * u), "bold")
            r = pygame.Rect((0, 0), size)
            r.center = (w // 2, round(self.hand_top() - 6 * u))
            out.append(r)
        text = self.prompt_text()
        if text:
            top = min((b.rect.top for b in self.choice_buttons), default=self.app.size[1] - round(3 * u))
            r = pygame.Rect((0, 0), fonts.size(text, max(13, round(2.3 * u)), "semibold"))
            r.midbottom = (w // 2, top - round(0.8 * u))
            out.append(r)
        return out

    def draw_known(self, surface: pygame.Surface, u: float) -> None:
        known = self.model.known
        rows = rows_for(self.n)
        px = known_px(u)
        line_h = self.known_line_h()
        chars = default_rules().characters
        taken: list[pygame.Rect] = []
        for pos in range(len(self.pos_rects)):
            top = known.top(pos, rows)
            if not top:
                continue
            box, hit, _ = self.known_box(pos, len(top), taken, self.known_width(top))
            if hit and len(top) > 1:        # crowded: only the likeliest character
                top = top[:1]
                box, hit, _ = self.known_box(pos, 1, taken, self.known_width(top))
            if hit and self.known_box(pos, 1, taken, self.known_width(top))[2]:
                continue        # no room clear of the plates, piles, banners and boxes
            taken.append(box)
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            bg.fill((*theme.PANEL, 225))
            surface.blit(bg, box)
            layout_check.add_control(surface, box, "memory aid")
            y = box.y + round(0.3 * u)
            sw = max(4, round(px * 0.7))
            for c, p in top:
                pygame.draw.rect(surface, accent(chars[c].id),
                                 pygame.Rect(box.x + round(0.4 * u), y + (line_h - sw) // 2, sw, sw))
                pct = fonts.text(f"{round(100 * p)}%", px, theme.GOLD, "bold")
                room = box.width - sw - pct.get_width() - round(1.4 * u)
                name = fit_text(character_name(c), px, theme.IVORY, room, min_px=9)
                with layout_check.control(surface, box, "memory aid"):
                    surface.blit(pct, (box.right - round(0.4 * u) - pct.get_width(), y))
                    surface.blit(name, (box.x + sw + round(0.8 * u), y))
                y += line_h
