"""The statistics screen's panels of text: the per-level table, the recent games and
the empty state. Pure drawing: the scene decides what goes where."""

from __future__ import annotations

import pygame

from game.history import LevelRow, Stats
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.textfit import fit_text
from scenes.screens.dialog import wrap
from scenes.screens.stats_text import level_label, number, pct, result_text, row_text, when

COLUMNS = (("level", 2.3), ("played", 1.0), ("won", 1.0), ("rate", 1.25), ("streak", 1.0),
           ("best", 1.05), ("share", 1.2), ("score", 1.2))


def text_px(u: float) -> int:
    return max(11, round(2.1 * u))


def row_height(u: float) -> int:
    return max(round(4.2 * u), round(text_px(u) * 1.5))


def recent_row_height(u: float) -> int:
    """Two lines of text and their spacing (at the size drawn: large text included)."""
    return max(round(6.4 * u), round(text_px(u) * fonts.scale() * 2.9))


def panel(surface: pygame.Surface, rect: pygame.Rect, u: float) -> None:
    """The dark translucent panel with a gold rim the dialogs use."""
    img = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = max(2, round(1.2 * u))
    pygame.draw.rect(img, (*theme.PANEL, 232), img.get_rect(), border_radius=radius)
    pygame.draw.rect(img, (*theme.GOLD, 255), img.get_rect(), max(1, round(0.2 * u)),
                     border_radius=radius)
    surface.blit(img, rect)


def heading(surface: pygame.Surface, text: str, x: int, y: int, width: int, u: float) -> int:
    """A gold heading; returns its height."""
    img = fit_text(text, round(text_px(u) * 1.15), theme.GOLD, width, "semibold")
    surface.blit(img, (x, y))
    return img.get_height()


DROP_FIRST = ("best", "score", "share")     # what a narrow window leaves out, in order


def _cells(row: LevelRow) -> dict[str, str]:
    return {"level": level_label(row.level) if row.level != "all" else t("stats.levels.all"),
            "played": str(row.played), "won": str(row.wins), "rate": pct(row.win_rate),
            "streak": str(row.streak), "best": str(row.best_streak), "share": pct(row.avg_share),
            "score": number(row.avg_score)}


def visible_columns(width: int, px: int, u: float) -> list[tuple[str, float]]:
    """The columns whose headings fit ``width`` (the least needed go first)."""
    cols = list(COLUMNS)
    pad = round(1.4 * u)

    def need(key: str) -> int:
        return fonts.size(t(f"stats.col.{key}"), px, "semibold")[0] + pad

    for key in DROP_FIRST:
        if sum(need(k) for k, _ in cols) <= width:
            break
        cols = [c for c in cols if c[0] != key]
    return cols


def level_table_height(stats: Stats, u: float) -> int:
    rows = len(stats.levels) + 2          # header, levels, total
    return rows * row_height(u) + round(4 * u) + round(text_px(u) * 1.6)


def draw_level_table(surface: pygame.Surface, rect: pygame.Rect, stats: Stats, title: str,
                     u: float) -> None:
    panel(surface, rect, u)
    pad = round(1.6 * u)
    inner = rect.inflate(-2 * pad, -2 * pad)
    y = inner.y + heading(surface, title, inner.x, inner.y, inner.width, u) + round(0.6 * u)
    px, rh = text_px(u), row_height(u)
    cols = visible_columns(inner.width, px, u)
    total_w = sum(wt for _, wt in cols)
    xs, x = [], float(inner.x)
    for _, wt in cols:
        xs.append((round(x), round(inner.width * wt / total_w)))
        x += inner.width * wt / total_w

    def line(cells: dict[str, str], colour, weight: str) -> None:
        for i, (cx, cw) in enumerate(xs):
            img = fit_text(cells[cols[i][0]], px, colour, cw - round(0.6 * u), weight)
            if i == 0:
                surface.blit(img, (cx, y + (rh - img.get_height()) // 2))
            else:                          # figures right-aligned, like a ledger
                surface.blit(img, img.get_rect(midright=(cx + cw - round(0.3 * u), y + rh // 2)))

    line({key: t(f"stats.col.{key}") for key, _ in COLUMNS}, theme.MUTED, "semibold")
    y += rh
    for i, row in enumerate(stats.levels):
        if i % 2 == 0:
            band = pygame.Rect(inner.x - round(0.6 * u), y, inner.width + round(1.2 * u), rh)
            pygame.draw.rect(surface, theme.lighten(theme.PANEL, 0.05), band, border_radius=max(1, round(0.5 * u)))
        line(_cells(row), theme.IVORY, "regular")
        y += rh
    pygame.draw.line(surface, theme.darken(theme.GOLD, 0.35), (inner.x, y + 1), (inner.right, y + 1),
                     max(1, round(0.15 * u)))
    if stats.total is not None:
        line(_cells(stats.total), theme.GOLD, "bold")


def draw_recent(surface: pygame.Surface, rect: pygame.Rect, rows: list[dict], first: int,
                title: str, u: float, text_right: int | None = None) -> list[pygame.Rect]:
    """The recent games, from row ``first``; returns each drawn row's rect (the scene
    puts its Watch buttons there)."""
    panel(surface, rect, u)
    pad = round(1.6 * u)
    inner = rect.inflate(-2 * pad, -2 * pad)
    y = inner.y + heading(surface, title, inner.x, inner.y, inner.width, u) + round(0.6 * u)
    px, rh = text_px(u), recent_row_height(u)
    out = []
    right = inner.right if text_right is None else text_right
    for i, rec in enumerate(rows[first:]):
        if y + rh > inner.bottom + 1:
            break
        r = pygame.Rect(inner.x, y, inner.width, rh)
        if (first + i) % 2 == 0:
            pygame.draw.rect(surface, theme.lighten(theme.PANEL, 0.05), r.inflate(round(1.2 * u), 0),
                             border_radius=max(1, round(0.5 * u)))
        won = rec.get("won")
        res = fit_text(result_text(rec), px, theme.GOLD if won else theme.IVORY, (right - r.x) // 2,
                       "semibold")
        date = fonts.text(when(rec["finished_at"]), px, theme.MUTED)
        lh = round(fonts.size("Ág", px)[1] * 1.1)       # the line pitch as drawn
        top = y + (rh - 2 * lh) // 2
        surface.blit(date, (r.x + round(0.6 * u), top))
        surface.blit(res, (r.x + round(0.6 * u) + date.get_width() + round(1.5 * u), top))
        sub = fit_text(row_text(rec), px, theme.MUTED, right - r.x - round(1.2 * u))
        surface.blit(sub, (r.x + round(0.6 * u), top + lh))
        out.append(r)
        y += rh
    return out


def draw_empty(surface: pygame.Surface, rect: pygame.Rect, title: str, body: str, u: float,
               game: str) -> None:
    """The game's felt with a ghost of the bar chart to come, and what will be here."""
    from scenes.screens.stats_charts import felt_panel
    surface.blit(felt_panel(game, rect.size, u), rect)
    px = text_px(u)
    head = fit_text(title, round(px * 1.5), theme.GOLD, rect.width - round(4 * u), "bold")
    lines = wrap(body, px, rect.width - round(6 * u))
    lh = round(px * 1.4)
    block = head.get_height() + round(1.5 * u) + len(lines) * lh
    bars_h = min(round(12 * u), max(0, rect.height - block - round(8 * u)))
    y = rect.centery - (block + bars_h + round(2 * u)) // 2
    if bars_h > 0:
        ghost = pygame.Surface(rect.size, pygame.SRCALPHA)
        bw = round(3.2 * u)
        x0 = rect.width // 2 - 2 * bw - round(1.5 * u) * 3 // 2
        for i, f in enumerate((0.45, 0.8, 0.6, 1.0)):
            bar = pygame.Rect(x0 + i * (bw + round(1.5 * u)), y - rect.y + round(bars_h * (1 - f)),
                              bw, round(bars_h * f))
            pygame.draw.rect(ghost, (*theme.GOLD, 70), bar, border_top_left_radius=max(1, round(0.5 * u)),
                             border_top_right_radius=max(1, round(0.5 * u)))
        surface.blit(ghost, rect)
        y += bars_h + round(2 * u)
    surface.blit(head, head.get_rect(midtop=(rect.centerx, y)))
    y += head.get_height() + round(1.5 * u)
    for ln in lines:
        img = fonts.text(ln, px, theme.IVORY)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += lh
