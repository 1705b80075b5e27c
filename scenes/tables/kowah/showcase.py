"""The end of a Kowah hand: the winner's cards over the dimmed table, the banner with the
winning groups and multiplier (or the draw banner), and what the results panel shows."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.art.kowah_cards import SEAL_RED, card_width
from scenes.core import fonts, theme
from scenes.core.i18n import lang, t
from scenes.core.tween import ease_out_back
from scenes.kit.parts import borrowing
from scenes.screens.dialog import wrap
from scenes.screens.results import ResultsScene, fitted
from scenes.tables.kowah.deco import multiplier_badge, panel
from scenes.tables.kowah.model import outcome_from_result, outcome_groups
from scenes.tables.kowah.phone import error_params


@borrowing(table="H app art fan_cache match model pair_h plates seat_name viewer",
           card_paint="_dim_surface art_id blit_card card_name face_ahead faces_ready",
           geometry="hand_top history_geom pair_pt plate_pos win_card_pt",
           painter="_plate_lines")
class KowahShowcase:
    """Part of :class:`~scenes.tables.kowah.table.KowahTable`: the outcome and results."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def _shown_outcome(self) -> dict | None:
        """The outcome on the table, or the match's if its animation has not come yet."""
        return self.model.outcome or outcome_from_result(self.match.result() if self.match.is_over() else None)

    def _draw_outcome(self, surface: pygame.Surface) -> None:
        o = self.model.outcome
        assert o is not None
        u = self.app.u
        w, h = surface.get_size()
        if o["kind"] == "drawn":
            if self.results_up():
                return                  # the results panel says it: one result, not two
            _, _, _, hist = self.history_geom(len(self.model.pile))
            top = (hist.bottom + self.hand_top() + 3 * u) / 2 - 6.5 * u
            self._banner(surface, t("kowah.drawn_banner"),
                         t("kowah.drawn_sub_guard" if o.get("anomaly") else "kowah.drawn_sub"),
                         None, self.model.show_p, top)
            return
        dim = self._dim_surface()
        dim.set_alpha(round(102 * self.model.dim_p))
        surface.blit(dim, (0, 0))
        winner = o["winner"]
        k = 1 + 0.15 * self.model.show_p
        # above the dim: the winner's plate, exposed pair and winning card (scaled 1 → 1.15)
        self.plates.draw(surface, winner, self.plate_pos(winner), self._plate_lines(winner))
        base_h = self.H if winner == self.viewer else self.pair_h
        px, py = self.pair_pt(winner)
        cw = card_width(base_h)
        rects = [self.blit_card(surface, o["pair"] if o.get("pair") is not None else o["card"],
                                (px + dx * (cw / 2 + 0.3 * u), py), base_h) for dx in (-1, 1)]
        hh = round(base_h * k)
        wx, wy = self.win_card_pt(winner)
        if winner == self.viewer:
            wy -= (hh - base_h) / 2          # grow upward: the hand sits on the bottom edge
        card_rect = self.blit_card(surface, o["card"], (wx, wy), hh, lifted=True)
        box = rects[0].union(rects[1]).union(card_rect).inflate(round(u), round(u))
        pygame.draw.rect(surface, SEAL_RED, box, max(2, round(0.35 * u)), border_radius=round(0.6 * u))
        if self.results_up():
            return                      # the results panel says who won and how
        title = t("kowah.win_title", seat=self.seat_name(winner))
        self._banner(surface, title, self.method_text(o, False), f"×{o['mult']}", self.model.show_p, 9 * u, o)

    def results_up(self) -> bool:
        """The results panel is open over this table (it then holds the one result)."""
        return any(isinstance(s, ResultsScene) and s.table is self.table for s in self.app.stack.scenes)

    def _banner(self, surface: pygame.Surface, title: str, sub: str, mult: str | None, p: float,
                top: float, outcome: dict | None = None) -> None:
        u = self.app.u
        w = surface.get_width()
        drop = ease_out_back(min(1.0, p)) if p < 1 else 1.0
        head = fonts.text(title, round(4.4 * u), theme.GOLD, "bold")
        line = fonts.text(sub, max(14, round(2.4 * u)), theme.IVORY, "semibold")
        hand_h = round(12 * u) if outcome else 0
        bw = max(head.get_width(), line.get_width(), self._groups_width(outcome, hand_h)) + round(6 * u)
        if mult:
            bw += round(12 * u)
        bh = round(head.get_height() + line.get_height() + 4 * u + (hand_h + 2 * u if outcome else 0))
        rect = pygame.Rect(0, 0, bw, bh)
        rect.midtop = (w // 2, round(top - (1 - drop) * 12 * u))
        key = ("banner", rect.size)
        bg = self.fan_cache.get(key)
        if bg is None:
            bg = panel(rect.size, u, 238, theme.GOLD, (24, 22, 19))
            self.fan_cache[key] = bg
        bg.set_alpha(round(255 * min(1.0, max(0.0, p * 2))))
        surface.blit(bg, rect)
        x = rect.x + round(3 * u)
        surface.blit(head, (x, rect.y + round(1.5 * u)))
        surface.blit(line, (x, rect.y + round(2 * u) + head.get_height()))
        if mult:
            badge = multiplier_badge(mult, u, 0.9 + 0.1 * drop)
            surface.blit(badge, badge.get_rect(topright=(rect.right - round(2.5 * u), rect.y + round(1.5 * u))))
        if outcome:
            y = rect.y + round(head.get_height() + line.get_height() + 3.5 * u)
            self._draw_groups(surface, outcome, (x, y), hand_h, align="left", wait=True)

    def _groups(self, o: dict) -> list[tuple[int, ...]]:
        """The winning hand's groups as the engine's win event gave them."""
        return outcome_groups(o)

    def _groups_width(self, o: dict | None, h: int) -> int:
        if not o or o.get("kind") != "win":
            return 0
        cw = card_width(h)
        groups = self._groups(o)
        n = sum(len(g) for g in groups)
        return round(n * (cw + 0.3 * self.app.u) + (len(groups) - 1) * 2 * self.app.u)

    def _draw_groups(self, surface: pygame.Surface, o: dict, at: tuple[int, int], h: int,
                     align: str = "left", wait: bool = False) -> None:
        """The winning hand's groups. ``wait``: not before every face is painted at a table
        size (an opponent's hidden cards are not, when the hand is won: they are painted
        first in the next frames' spare time, while the banner fades in)."""
        u = self.app.u
        cw = card_width(h)
        x, y = at
        groups = self._groups(o)
        if wait and not self.faces_ready([c for g in groups for c in g]):
            return
        for gi, cards in enumerate(groups):
            start = x
            for c in cards:
                img = self.face_ahead(c, h)
                surface.blit(img, (round(x), y))
                x += cw + 0.3 * u
            if gi == len(groups) - 1 and len(groups) == 3:
                r = pygame.Rect(round(start - 0.4 * u), y - round(0.4 * u), round(x - start + 0.5 * u),
                                h + round(0.8 * u))
                pygame.draw.rect(surface, SEAL_RED, r, max(2, round(0.3 * u)), border_radius=round(0.5 * u))
            x += 2 * u

    def score_text(self, seat: int) -> str:
        o = self._shown_outcome()
        if o and o["kind"] == "win" and o["winner"] == seat:
            return f"×{o['mult']}"
        return "—"

    def result_headline(self) -> str:
        o = self._shown_outcome()
        if not o or o["kind"] == "drawn":
            return t("kowah.drawn_banner")
        return t("kowah.win_title", seat=self.seat_name(o["winner"]))

    def result_extra_height(self) -> float:
        o = self._shown_outcome()
        return (17 if o and o["kind"] == "win" else 5) * self.app.u

    def draw_result_extra(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        u = self.app.u
        o = self._shown_outcome()
        if not o:
            return
        y = area.y + round(u)
        px = max(13, round(2.3 * u))
        if o["kind"] == "drawn":
            line = t("kowah.drawn_sub_guard" if o.get("anomaly") else "kowah.drawn_sub")
            for text in wrap(line, px, area.width)[:2]:
                img = fitted(text, px, area.width, theme.MUTED)
                surface.blit(img, (area.x, y))
                y += img.get_height()
            return
        img = fitted(self.method_text(o), px, area.width, theme.IVORY, "semibold")
        surface.blit(img, (area.x, y))
        h = round(11 * u)
        while h > 8 and self._groups_width(o, h) > area.width:
            h -= 1                      # a narrow panel: smaller cards, never past its edge
        self._draw_groups(surface, o, (area.x, y + round(4 * u)), h, align="left")

    def method_text(self, o: dict, with_mult: bool = True) -> str:
        src = self.seat_name(o["from_seat"]) if o.get("from_seat") is not None else ""
        key = {"self_drawn": "kowah.how_self", "opponent_draw": "kowah.how_draw",
               "opponent_discard": "kowah.how_discard"}.get(o["method"], "kowah.how_self")
        text = t(key, seat=src, card=self.card_name(o["card"]))
        return f"{text} · ×{o['mult']}" if with_mult else text

    def error_params(self, err: Any) -> dict:
        return error_params(err, lang(), self.seat_name)
