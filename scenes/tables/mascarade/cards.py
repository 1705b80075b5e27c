"""Procedural tall Mascarade cards (2 : 3): a midnight back with a gold mask, and a
parchment face per character with its accent, one simple emblem and its name in the
current language (art direction §4.2). Cached by (character, height, language)."""

from __future__ import annotations

import math

import pygame

from game.mascarade.data import default_rules
from scenes.core import fonts, i18n

PARCHMENT = (0xEF, 0xE3, 0xC6)
INK = (0x2A, 0x1A, 0x12)
GOLD = (0xC9, 0xA2, 0x27)
MIDNIGHT = (0x14, 0x1B, 0x2D)
ACCENT = {"king": "EFB648", "queen": "B9637F", "judge": "203037", "bishop": "603579",
          "witch": "6A8A58", "cheat": "23AFB0", "thief": "505050", "fool": "E4741C",
          "spy": "5686AC", "peasant": "785E47", "inquisitor": "8F1318", "widow": "D6C8C5"}


def accent(cid: str) -> tuple[int, int, int]:
    h = ACCENT[cid]
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def card_size(height: int) -> tuple[int, int]:
    return (max(4, round(height * 2 / 3)), max(6, height))


def character_name(char: int) -> str:
    c = default_rules().characters[char]
    return c.name.get(i18n.lang(), c.name["en"])


NAME_FLOOR = 12     # px: a name on a card face is not drawn smaller than this (else a label)
LABEL_PX = 12       # px: the smallest name label the table draws beside a small card


def name_lines(name: str, px: int, width: int, height: int, min_px: int) -> tuple[list[str], int] | None:
    """``name`` whole in one or two lines (split between words), each at most ``width``
    wide and all together at most ``height`` tall, at the largest size from ``px`` down to
    ``min_px``; None if it only fits cut. One line is preferred down to 80 % of ``px``."""
    top = max(px, min_px)
    for size in range(top, max(min_px, round(0.8 * top)) - 1, -1):
        f = fonts.font(size, "bold")
        if f.size(name)[0] <= width and f.get_linesize() <= height:
            return [name], size
    for size in range(top, min_px - 1, -1):
        f = fonts.font(size, "bold")
        lines = _wrap(name, f, width)
        if len(lines) <= 2 and all(f.size(line)[0] <= width for line in lines) \
                and len(lines) * f.get_linesize() <= height:
            return lines, size
    return None


def _wrap(name: str, f: pygame.font.Font, width: int) -> list[str]:
    words, lines = name.split(" "), [""]
    for w in words:
        trial = f"{lines[-1]} {w}".strip()
        if lines[-1] and f.size(trial)[0] > width:
            lines.append(w)
        else:
            lines[-1] = trial
    return lines


def _face_name_box(height: int) -> tuple[int, int, int]:
    """(px, width, height) of the name's place on a face: the parchment under the band."""
    w, h = card_size(height)
    return max(8, round(h * 0.11)), w - max(2, w // 8), h - round(h * 0.62) - max(2, h // 25)


def face_name(char: int, height: int) -> tuple[list[str], int] | None:
    """How a face of ``height`` writes the character's name (lines, px), or None when the
    face is too small to hold it whole at :data:`NAME_FLOOR` px."""
    px, width, room = _face_name_box(height)
    return name_lines(character_name(char), px, width, room, NAME_FLOOR)


def faces_named(height: int) -> bool:
    """Whether faces of ``height`` can write every character's name whole (in the current
    language); when not, no face writes it and the table labels face-up cards instead,
    so all of them read the same way."""
    key = (height, i18n.lang())
    if key not in _NAMED:
        _NAMED[key] = all(face_name(c.index, height) is not None for c in default_rules().characters)
    return _NAMED[key]


_NAMED: dict[tuple[int, str], bool] = {}


class MascaradeCards:
    """Card images; ``face`` is the one place a character face is made (privacy tests
    watch it)."""

    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    def back(self, height: int) -> pygame.Surface:
        key = ("back", height)
        if key not in self._cache:
            w, h = card_size(height)
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            r = max(2, h // 14)
            pygame.draw.rect(s, MIDNIGHT, s.get_rect(), border_radius=r)
            pygame.draw.rect(s, GOLD, s.get_rect().inflate(-max(2, w // 10), -max(2, w // 10)),
                             max(1, h // 60), border_radius=r)
            _mask(s, (w / 2, h / 2), w * 0.34, GOLD, MIDNIGHT)
            self._cache[key] = s
        return self._cache[key]

    def face(self, char: int, height: int) -> pygame.Surface:
        """The character's face; its name is written on it when the face is big enough
        (:func:`faces_named`), else the table labels the card."""
        key = ("face", char, height, i18n.lang())
        if key not in self._cache:
            self._cache[key] = self._paint_face(char, height)
        return self._cache[key]

    def _paint_face(self, char: int, height: int) -> pygame.Surface:
        cid = default_rules().characters[char].id
        w, h = card_size(height)
        col = accent(cid)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = max(2, h // 14)
        pygame.draw.rect(s, PARCHMENT, s.get_rect(), border_radius=r)
        band = pygame.Rect(0, 0, w, round(h * 0.62))
        pygame.draw.rect(s, col, band, border_top_left_radius=r, border_top_right_radius=r)
        pygame.draw.rect(s, GOLD, s.get_rect(), max(1, h // 50), border_radius=r)
        light = sum(col) > 420
        ink = INK if light else PARCHMENT
        EMBLEMS[cid](s, (w / 2, h * 0.31), w * 0.30, ink)
        fit = face_name(char, height) if faces_named(height) else None
        if fit is not None:
            lines, px = fit
            imgs = [fonts.text(line, px, INK, "bold") for line in lines]
            step = fonts.font(px, "bold").get_linesize()
            y = round(h * 0.81 - step * len(imgs) / 2)
            for img in imgs:
                s.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += step
        return s


# ------------------------------------------------------------------ emblems
def _mask(s: pygame.Surface, c: tuple[float, float], r: float, col: tuple, hole: tuple) -> None:
    x, y = c
    pts = [(x - r, y - r * 0.35), (x - r * 0.5, y - r * 0.55), (x, y - r * 0.3),
           (x + r * 0.5, y - r * 0.55), (x + r, y - r * 0.35), (x + r * 0.7, y + r * 0.35),
           (x, y + r * 0.2), (x - r * 0.7, y + r * 0.35)]
    pygame.draw.polygon(s, col, pts)
    for sx in (-1, 1):
        pygame.draw.ellipse(s, hole, pygame.Rect(x + sx * r * 0.45 - r * 0.2, y - r * 0.2,
                                                 r * 0.4, r * 0.22))


def _crown(s, c, r, col):
    x, y = c
    pygame.draw.polygon(s, col, [(x - r, y + r * .5), (x - r, y - r * .4), (x - r * .5, y),
                                 (x, y - r * .7), (x + r * .5, y), (x + r, y - r * .4),
                                 (x + r, y + r * .5)])


def _tiara(s, c, r, col):
    x, y = c
    pygame.draw.arc(s, col, pygame.Rect(x - r, y - r * .4, 2 * r, r * 1.4), 0, math.pi,
                    max(2, round(r * .2)))
    pygame.draw.polygon(s, col, [(x - r * .3, y), (x, y - r * .8), (x + r * .3, y)])


def _scales(s, c, r, col):
    x, y = c
    t = max(2, round(r * .12))
    pygame.draw.line(s, col, (x, y - r * .8), (x, y + r * .7), t)
    pygame.draw.line(s, col, (x - r, y - r * .5), (x + r, y - r * .5), t)
    for sx in (-1, 1):
        pygame.draw.polygon(s, col, [(x + sx * r - r * .4, y + r * .1), (x + sx * r + r * .4, y + r * .1),
                                     (x + sx * r, y - r * .5)], t)
        pygame.draw.ellipse(s, col, pygame.Rect(x + sx * r - r * .4, y, r * .8, r * .3))
    pygame.draw.rect(s, col, pygame.Rect(x - r * .4, y + r * .6, r * .8, r * .2))


def _mitre(s, c, r, col):
    x, y = c
    pygame.draw.polygon(s, col, [(x - r * .6, y + r * .7), (x - r * .6, y - r * .2), (x, y - r * .9),
                                 (x + r * .6, y - r * .2), (x + r * .6, y + r * .7)])
    pygame.draw.line(s, PARCHMENT, (x, y - r * .4), (x, y + r * .5), max(1, round(r * .12)))
    pygame.draw.line(s, PARCHMENT, (x - r * .25, y), (x + r * .25, y), max(1, round(r * .12)))


def _flask(s, c, r, col):
    x, y = c
    pygame.draw.circle(s, col, (x, y + r * .3), r * .6)
    pygame.draw.rect(s, col, pygame.Rect(x - r * .18, y - r * .8, r * .36, r * .8))


def _dice(s, c, r, col):
    x, y = c
    for dx, dy in ((-.45, -.1), (.35, .25)):
        rect = pygame.Rect(0, 0, r * .8, r * .8)
        rect.center = (x + dx * r, y + dy * r)
        pygame.draw.rect(s, col, rect, border_radius=max(1, round(r * .12)))
        pygame.draw.circle(s, MIDNIGHT, rect.center, max(1, r * .09))


def _sack(s, c, r, col):
    """The Thief's loot sack: a squat body, tied, its two ears splaying out (not a flask)."""
    x, y = c
    pygame.draw.ellipse(s, col, pygame.Rect(x - r * .8, y - r * .15, r * 1.6, r * 1.05))
    pygame.draw.polygon(s, col, [(x - r * .22, y - r * .05), (x - r * .75, y - r * .75),
                                 (x - r * .3, y - r * .55), (x, y - r * .35), (x + r * .3, y - r * .55),
                                 (x + r * .75, y - r * .75), (x + r * .22, y - r * .05)])


def _bezier(p0, p1, p2, p3, steps: int = 12) -> list[tuple[float, float]]:
    """Points along a cubic Bézier curve (the jester cap's horns)."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def _bells(s, c, r, col):
    """The Fool's jester cap: two soft horns that arch up and droop to the sides, a bell
    hanging from each tip, over a narrow band; nothing points up like the King's crown."""
    x, y = c
    for sx in (-1, 1):
        spine = _bezier((x + sx * r * .2, y + r * .45), (x + sx * r * .22, y - r * 1.0),
                        (x + sx * r * 1.3, y - r * 1.0), (x + sx * r * 1.2, y + r * .1), 16)
        left, right = [], []
        for i, (px, py) in enumerate(spine):
            ax, ay = spine[max(0, i - 1)]
            bx, by = spine[min(len(spine) - 1, i + 1)]
            dx, dy = bx - ax, by - ay
            d = math.hypot(dx, dy) or 1.0
            half = r * (.3 * (1 - i / (len(spine) - 1)) + .05)      # thick at the band, thin at the tip
            left.append((px - dy / d * half, py + dx / d * half))
            right.append((px + dy / d * half, py - dx / d * half))
        pygame.draw.polygon(s, col, left + right[::-1])
        tip = spine[-1]
        pygame.draw.circle(s, col, (tip[0], tip[1] + r * .18), max(2, r * .2))
    pygame.draw.polygon(s, col, [(x - r * .45, y + r * .36), (x + r * .45, y + r * .36),
                                 (x + r * .35, y + r * .72), (x - r * .35, y + r * .72)])


def _eye(s, c, r, col):
    x, y = c
    pygame.draw.ellipse(s, col, pygame.Rect(x - r, y - r * .45, 2 * r, r * .9))
    pygame.draw.circle(s, PARCHMENT, (x, y), r * .35)
    pygame.draw.circle(s, INK, (x, y), r * .18)


def _wheat(s, c, r, col):
    x, y = c
    t = max(1, round(r * .1))
    for dx in (-.35, 0, .35):
        pygame.draw.line(s, col, (x, y + r * .8), (x + dx * r, y - r * .3), t)
        pygame.draw.ellipse(s, col, pygame.Rect(x + dx * r - r * .14, y - r * .85, r * .28, r * .6))


def _torch(s, c, r, col):
    x, y = c
    pygame.draw.polygon(s, col, [(x - r * .2, y - r * .1), (x + r * .2, y - r * .1), (x + r * .1, y + r * .9),
                                 (x - r * .1, y + r * .9)])
    pygame.draw.polygon(s, (0xE2, 0xB4, 0x1F), [(x - r * .35, y - r * .15), (x, y - r * .95),
                                               (x + r * .35, y - r * .15)])


def _purse(s, c, r, col):
    """The Widow's purse: wide and low, a kiss-lock frame with two beads on top."""
    x, y = c
    pygame.draw.rect(s, col, pygame.Rect(x - r * .95, y - r * .2, r * 1.9, r * .95),
                     border_radius=max(2, round(r * .35)))
    pygame.draw.rect(s, col, pygame.Rect(x - r * .8, y - r * .4, r * 1.6, r * .3),
                     border_radius=max(1, round(r * .1)))
    for sx in (-1, 1):
        pygame.draw.circle(s, col, (x + sx * r * .16, y - r * .52), max(2, r * .15))


EMBLEMS = {"king": _crown, "queen": _tiara, "judge": _scales, "bishop": _mitre, "witch": _flask,
           "cheat": _dice, "thief": _sack, "fool": _bells, "spy": _eye, "peasant": _wheat,
           "inquisitor": _torch, "widow": _purse}


def coin(surface: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    pygame.draw.circle(surface, (0x8A, 0x6B, 0x12), centre, r)
    pygame.draw.circle(surface, GOLD, centre, max(1, r - max(1, r * .18)))


def font_px(u: float, k: float, floor: int = 12) -> int:
    return max(floor, round(k * u))


def label(s: str, px: int, col: tuple, weight: str = "regular") -> pygame.Surface:
    return fonts.text(s, px, col, weight)
