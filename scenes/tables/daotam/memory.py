"""The memory aid (R15.3): every card revealed since the last reshuffle of its deck, from
the public view only, plus the last few public log lines; painted bottom left, cached
until what it shows changes."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.textfit import fit_text
from scenes.kit.parts import borrowing
from scenes.tables.daotam.cards import KIND_COLOUR, symbol

KIND_ORDER = ("cuong", "nhu", "ta_khi")
LOG_LINES = 4


def revealed_summary(reveal_log: tuple[tuple[str, Any], ...]) -> tuple[Counter, list[str]]:
    """Chiêu Thức kinds counted, and the Chính Đạo card ids in the order they were shown."""
    kinds = Counter(x for deck, x in reveal_log if deck == "ct")
    return kinds, [x for deck, x in reveal_log if deck == "cd"]


@borrowing(table="anim app card_name deck hand_rects match model")
class MemoryPanel:
    """Part of the table: ``draw_memory`` (the table supplies deck, card_name and app)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    _memory: tuple[tuple, pygame.Surface] | None = None

    def memory_rect(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.app.u
        hand_left = min((r.left for r in self.hand_rects), default=round(w * 0.3))
        pw = max(round(24 * u), min(round(42 * u), hand_left - round(5 * u)))
        ph = round(21 * u)
        return pygame.Rect(round(2 * u), h - ph - round(1.5 * u), pw, ph)

    _reveals_shown: tuple | None = None

    def sync_memory(self) -> None:
        """Each frame (after the driver): catch the memory aid up with the public view, only
        while no animation runs — a claim's cards are counted once seen to turn over."""
        if not self.anim.busy or self._reveals_shown is None:
            self._reveals_shown = self.match.view(None).reveal_log     # public information only

    def memory_reveals(self) -> tuple:
        """The reveals the memory aid lists (see :meth:`sync_memory`)."""
        if self._reveals_shown is None:
            self.sync_memory()
        return self._reveals_shown

    def draw_memory(self, surface: pygame.Surface) -> None:
        from scenes.core.i18n import lang
        reveals = self.memory_reveals()
        rect = self.memory_rect()
        key = (rect.size, lang(), reveals, tuple(self.model.log[-LOG_LINES:]))
        if self._memory is None or self._memory[0] != key:
            img = self._paint_memory(rect.size, reveals)
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._memory = (key, img)
        surface.blit(self._memory[1], rect)

    def _paint_memory(self, size: tuple[int, int], reveal_log) -> pygame.Surface:
        u = self.app.u
        w, h = size
        img = pygame.Surface(size, pygame.SRCALPHA)
        pad = round(1.2 * u)
        px = max(12, round(1.8 * u))
        # the box first (title, the counts row, one line of Chính Đạo at least), the log
        # lines above it only as many as the rest of the panel holds: never under the box
        line_h = fonts.size("Ág", px)[1]
        need = round(0.5 * u) + line_h + round(1.8 * u) + round(2.2 * u) + line_h + round(0.5 * u)
        log = self.model.log[-LOG_LINES:]
        room = max(0, (h - need - round(0.6 * u)) // max(1, line_h))
        log = log[len(log) - room:] if room else []
        y = 0
        for line in log:
            text = fit_text(line, px, theme.MUTED, w - pad, min_px=11)
            img.blit(text, (pad // 2, y))
            y += text.get_height()
        box = pygame.Rect(0, y + round(0.6 * u), w, h - y - round(0.6 * u))
        if box.h < need:
            box = pygame.Rect(0, h - need, w, need)
        pygame.draw.rect(img, (*theme.PANEL, 215), box, border_radius=round(u))
        pygame.draw.rect(img, (90, 80, 66), box, max(1, round(0.15 * u)), border_radius=round(u))
        title = fit_text(t("daotam_table.memory"), px, theme.IVORY, box.w - 2 * pad, "semibold", min_px=11)
        img.blit(title, (box.x + pad, box.y + round(0.5 * u)))
        kinds, cds = revealed_summary(reveal_log)
        totals = self.deck.chieu_counts()
        row_y = box.y + round(0.5 * u) + title.get_height() + round(1.8 * u)
        col_w = (box.w - 2 * pad) / 3
        big = max(13, round(2.2 * u))
        for i, kind in enumerate(KIND_ORDER):
            cx = box.x + pad + i * col_w
            r = 1.3 * u
            pygame.draw.circle(img, theme.IVORY, (cx + r, row_y), r * 1.25)
            symbol(img, kind, (cx + r, row_y), r)
            count = fit_text(f"{kinds.get(kind, 0)}/{totals[i]}", big, KIND_COLOUR_LIGHT[kind],
                             max(1, round(col_w - 2.9 * r)), "bold", min_px=8)     # within its column
            img.blit(count, count.get_rect(midleft=(round(cx + 2.9 * r), round(row_y))))
        cd_y = row_y + round(2.2 * u)
        names = [self.card_name(c) for c in reversed(cds)] or [t("daotam_table.memory_none")]
        words = [t("daotam_table.memory_cd")] + [n + "," for n in names[:-1]] + names[-1:]
        for line in wrap(words, px, box.w - 2 * pad, max(1, (box.bottom - cd_y) // fonts.size("Ág", px)[1])):
            text = fit_text(line, px, theme.MUTED, box.w - 2 * pad, min_px=min(px, 12))   # cut, oldest last
            img.blit(text, (box.x + pad, cd_y))
            cd_y += text.get_height()
        return img


def wrap(words: list[str], px: int, width: int, lines: int) -> list[str]:
    """``words`` (the latest Chính Đạo first) in at most ``lines`` lines of ``width``; the
    last line is ellipsized by the caller if the rest does not fit."""
    if lines <= 1:
        return [" ".join(words)]
    out: list[str] = []
    cur = ""
    for i, word in enumerate(words):
        trial = f"{cur} {word}".strip()
        if cur and fonts.size(trial, px)[0] > width:
            out.append(cur)
            if len(out) == lines - 1:
                out.append(" ".join(words[i:]))
                return out
            cur = word
        else:
            cur = trial
    return out + [cur]


KIND_COLOUR_LIGHT = {k: tuple(min(255, round(c + (255 - c) * 0.45)) for c in KIND_COLOUR[k])
                     for k in KIND_COLOUR}
