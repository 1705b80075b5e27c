"""Procedural tall Mascarade cards (2 : 3, art direction §4.4). A face: parchment in a
3 % gold frame, a crimson ribbon with the character's name (whole, 12 px or more, else
no face writes it and the table labels the card), an oval cartouche holding the masked
portrait (:mod:`scenes.art.mascarade_masks`) with the prop medallion at its lower
right, and on cards big enough for 12 px the short power on a parchment panel (the zoom
writes the full rule). The back: midnight, a faint gold lattice, a gold half mask, the
same for every card. Painted at 2x, reduced with ``layout_check.smoothscale``; cached by
(character, height, language)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.mascarade.data import default_rules
from scenes.art import mascarade_masks as masks
from scenes.art.colour import mix, shade
from scenes.core import fonts, i18n, layout_check

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


CRIMSON = (0x6E, 0x14, 0x23)
RIBBON_INK = (0xF7, 0xEF, 0xD9)
PANEL = (0xE6, 0xD5, 0xAE)
CONDENSE = 0.9      # a name plate may narrow its letters to 90 % (never smaller than 12 px)


def _art_width(s: str, px: int, weight: str) -> float:
    """The width of ``s`` at ``px`` as painted: rendered at 2x, shown at half."""
    return fonts.art_font(2 * px, weight).size(s)[0] / 2


def _split(name: str, px: int) -> list[str]:
    """``name`` in one line or, between words, the two most even lines."""
    words = name.split(" ")
    if len(words) < 2:
        return [name]
    cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return list(min(cuts, key=lambda c: max(_art_width(c[0], px, "bold"), _art_width(c[1], px, "bold"))))


@dataclass(frozen=True)
class FaceLayout:
    """Where the parts of a face of one height lie (in the face's pixels), for the current
    language: the name plate's size and line count, the power text's size (None: the
    card is too small for it at 12 px) and the cartouche."""

    w: int
    h: int
    frame: float
    ribbon: tuple[float, float]         # top, height
    name_px: int | None
    name_lines: int
    power_px: int | None
    panel: tuple[float, float]          # top, height (0: no panel)
    oval: tuple[float, float, float, float]


def _name_room(w: int) -> float:
    return w - 2 * max(1.5, 0.045 * w)


def _plate(height: int) -> tuple[int, int] | None:
    """(px, lines) of the name plate at ``height``: every character's name whole at the
    same size and line count, one line if it can be done at 12 px or more, else two."""
    w, _ = card_size(height)
    room = _name_room(w)
    names = [character_name(c.index) for c in default_rules().characters]
    top = max(NAME_FLOOR, round(0.10 * height))
    for lines in (1, 2):
        for px in range(top, NAME_FLOOR - 1, -1):
            if all(max(_art_width(part, px, "bold") for part in (_split(n, px) if lines == 2 else [n]))
                   * CONDENSE <= room for n in names):
                return px, lines
    return None


def _power_text(char: int) -> str:
    return i18n.t(f"mascarade.card_power.{default_rules().characters[char].id}")


def _wrap_art(s: str, px: int, width: float) -> list[str]:
    words, lines = s.split(" "), [""]
    for word in words:
        trial = f"{lines[-1]} {word}".strip()
        if lines[-1] and _art_width(trial, px, "regular") > width:
            lines.append(word)
        else:
            lines[-1] = trial
    return lines


def _power_width(w: int) -> float:
    """The power text's line width on a face ``w`` wide (the panel is 0.88 w)."""
    return w - 2 * max(3.0, 0.095 * w)


def _power_fit(height: int) -> int | None:
    """The power text's px at ``height``: every character's text in 3 lines or fewer at
    12 px or more inside a panel of at most 0.3 of the card; None if not."""
    w, h = card_size(height)
    width = _power_width(w)
    top = max(12, round(0.052 * h))
    for px in range(top, 11, -1):
        step = fonts.art_font(px).get_linesize()
        if 3 * step + 0.03 * h > 0.30 * h:
            continue
        if all(len(_wrap_art(_power_text(c.index), px, width)) <= 3
               and all(_art_width(line, px, "regular") <= width
                       for line in _wrap_art(_power_text(c.index), px, width))
               for c in default_rules().characters):
            return px
    return None


def face_layout(height: int) -> FaceLayout:
    """The layout of every face of ``height`` (current language), cached."""
    key = (height, i18n.lang())
    if key not in _LAYOUTS:
        _LAYOUTS[key] = _face_layout(height)
    return _LAYOUTS[key]


_LAYOUTS: dict[tuple[int, str], FaceLayout] = {}


def _face_layout(height: int) -> FaceLayout:
    w, h = card_size(height)
    frame = max(1.0, 0.03 * w)
    gap = max(1.0, 0.022 * h)
    plate = _plate(height)
    if plate is None:
        name_px, nlines = None, 1
        rib_h = max(3.0, 0.07 * h)
    else:
        name_px, nlines = plate
        step = fonts.art_font(2 * name_px, "bold").get_linesize() / 2
        rib_h = nlines * step + max(2.0, 0.02 * h)
    rib_top = frame + max(1.0, 0.012 * h)
    power_px = _power_fit(height)
    if power_px is not None:
        lines = max(len(_wrap_art(_power_text(c.index), power_px, _power_width(w)))
                    for c in default_rules().characters)
        panel_h = lines * fonts.art_font(power_px).get_linesize() + 0.035 * h
        panel = (h - frame - gap * 0.6 - panel_h, panel_h)
        bottom = panel[0] - gap * 0.6
    else:
        panel = (h - frame, 0.0)
        bottom = h - frame - gap
    top = rib_top + rib_h + gap * 0.7
    oh = bottom - top
    ow = min(w - 2 * frame - 2 * gap, max(oh / 1.25, 0.8 * w))
    ow = min(ow, w - 2 * frame - 2 * gap)
    return FaceLayout(w, h, frame, (rib_top, rib_h), name_px, nlines, power_px, panel,
                      ((w - ow) / 2, top, ow, oh))


def face_name(char: int, height: int) -> tuple[list[str], int] | None:
    """How a face of ``height`` writes the character's name (lines, px), or None when the
    face is too small to hold it whole at :data:`NAME_FLOOR` px."""
    lay = face_layout(height)
    if lay.name_px is None:
        return None
    name = character_name(char)
    lines = _split(name, lay.name_px) if lay.name_lines == 2 else [name]
    return lines, lay.name_px


def faces_named(height: int) -> bool:
    """Whether faces of ``height`` can write every character's name whole (in the current
    language); when not, no face writes it and the table labels face-up cards instead,
    so all of them read the same way."""
    return face_layout(height).name_px is not None


def shows_power(height: int) -> bool:
    """Whether faces of ``height`` print the power (at 12 px or more); else only the zoom."""
    return face_layout(height).power_px is not None


class MascaradeCards:
    """Card images; ``face`` is the one place a character face is made (privacy tests
    watch it)."""

    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    def back(self, height: int) -> pygame.Surface:
        key = ("back", height)
        if key not in self._cache:
            self._cache[key] = paint_back(height)
        return self._cache[key]

    def face(self, char: int, height: int) -> pygame.Surface:
        """The character's face; its name is written on it when the face is big enough
        (:func:`faces_named`), else the table labels the card."""
        key = ("face", char, height, i18n.lang())
        if key not in self._cache:
            self._cache[key] = paint_face(char, height)
        return self._cache[key]

    def mask(self, char: int, height: int) -> pygame.Surface:
        """The character's masked portrait alone, in its oval (an icon for banners)."""
        key = ("mask", char, height)
        if key not in self._cache:
            self._cache[key] = paint_mask(char, height)
        return self._cache[key]


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    m = pygame.Surface(size, pygame.SRCALPHA)
    m.fill((255, 255, 255, 0))
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=radius)
    return m


def _vignette(size: tuple[int, int], edge_alpha: int) -> pygame.Surface:
    """Aged parchment: soft darkening toward the edges and a faint mottling (an 11 × 16
    alpha grid, the same for every card, smoothscaled)."""
    tiny = pygame.Surface((11, 16), pygame.SRCALPHA)
    for y in range(16):
        for x in range(11):
            d = max(abs(x - 5) / 5, abs(y - 7.5) / 7.5)
            blot = _MOTTLE[y * 11 + x]
            tiny.set_at((x, y), (0x6B, 0x4A, 0x20, min(255, round(edge_alpha * d ** 2.2 + blot))))
    return pygame.transform.smoothscale(tiny, size)


def _mottle(n: int, seed: int = 18) -> list[int]:
    rng = random.Random(seed)               # a fixed pattern: every card alike, every run alike
    return [rng.choice((0, 0, 5, 10, 16)) for _ in range(n)]


_MOTTLE = _mottle(11 * 16)


def _card_base(W: int, H: int, F: float, ground: tuple, frame_col: tuple, vignette: int) -> pygame.Surface:
    """The 2x canvas of a card: rounded ground, vignette, gold frame with an ink edge."""
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    big.fill((*ground, 0))
    radius = max(2, round(0.06 * W))
    pygame.draw.rect(big, ground, big.get_rect(), border_radius=radius)
    if vignette:
        big.blit(_vignette((W, H), vignette), (0, 0))
    f = max(2, round(F))
    pygame.draw.rect(big, frame_col, big.get_rect(), f, border_radius=radius)
    hi = mix(frame_col, (255, 255, 255), 0.35)
    pygame.draw.rect(big, hi, big.get_rect().inflate(-f, -f), max(1, f // 3), border_radius=radius)
    pygame.draw.rect(big, shade(frame_col, 0.55), big.get_rect().inflate(-2 * f, -2 * f), max(1, f // 4),
                     border_radius=max(1, radius - f))
    pygame.draw.rect(big, shade(frame_col, 0.35), big.get_rect(), max(2, f // 3), border_radius=radius)
    big.blit(_rounded_mask((W, H), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return big


def paint_face(char: int, height: int) -> pygame.Surface:
    """A character's face at ``height``: gold frame, crimson name ribbon, the masked
    portrait in an oval cartouche with the prop medallion, the power on parchment (when
    it reads at 12 px). Painted at 2x, reduced with ``layout_check.smoothscale``."""
    lay = face_layout(height)
    cid = default_rules().characters[char].id
    col = accent(cid)
    k = 2
    W, H = lay.w * k, lay.h * k
    big = _card_base(W, H, lay.frame * k, PARCHMENT, GOLD, 70)
    line = max(2, round(0.011 * H))
    # the cartouche: gold ring, portrait, ink hairlines
    ox, oy, ow, oh = (v * k for v in lay.oval)
    ring = max(2, round(0.018 * H))
    oval = pygame.Rect(round(ox), round(oy), round(ow), round(oh))
    pygame.draw.ellipse(big, shade(GOLD, 0.4), oval.inflate(2 * ring + 2, 2 * ring + 2))
    pygame.draw.ellipse(big, GOLD, oval.inflate(2 * ring, 2 * ring))
    pygame.draw.ellipse(big, mix(GOLD, (255, 255, 255), 0.4), oval.inflate(ring, ring), max(1, ring // 3))
    masks.portrait(big, oval, cid, col, line)
    pygame.draw.ellipse(big, INK, oval, max(1, line // 2))
    _prop(big, cid, col, (oval.right - 0.13 * ow, oval.bottom - 0.10 * oh), max(5.0, 0.11 * W), line)
    # the name ribbon
    rt, rh = (v * k for v in lay.ribbon)
    _ribbon(big, rt, rh, W, line)
    # the power panel
    pt, ph = (v * k for v in lay.panel)
    if lay.power_px is not None:
        panel = pygame.Rect(round(0.06 * W), round(pt), round(0.88 * W), round(ph))
        pygame.draw.rect(big, PANEL, panel, border_radius=max(2, round(0.03 * W)))
        pygame.draw.rect(big, shade(GOLD, 0.7), panel, max(1, line // 2), border_radius=max(2, round(0.03 * W)))
    big.blit(_rounded_mask((W, H), max(2, round(0.06 * W))), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    # text last (nothing is drawn over it)
    fit = face_name(char, height)
    if fit is not None:
        lines, px = fit
        step = fonts.art_font(2 * px, "bold").get_linesize()
        y = rt + (rh - step * len(lines)) / 2
        room = _name_room(lay.w) * k
        for text in lines:
            img = fonts.art_text(text, 2 * px, RIBBON_INK, "bold")
            if img.get_width() > room:
                img = pygame.transform.smoothscale(img, (round(room), img.get_height()))
                if layout_check.active:
                    layout_check.tag(img, text, 2 * px)
            big.blit(img, img.get_rect(midtop=(W // 2, round(y))))
            y += step
    if lay.power_px is not None:
        px = lay.power_px * k
        lines = _wrap_art(_power_text(char), lay.power_px, _power_width(lay.w))
        step = fonts.art_font(px).get_linesize()
        y = pt + (ph - step * len(lines)) / 2
        for text in lines:
            img = fonts.art_text(text, px, INK)
            big.blit(img, img.get_rect(midtop=(W // 2, round(y))))
            y += step
    return _finish(layout_check.smoothscale(big, (lay.w, lay.h)))


def _finish(s: pygame.Surface) -> pygame.Surface:
    return s.convert_alpha() if pygame.display.get_surface() is not None and not layout_check.active else s


def _ribbon(big: pygame.Surface, top: float, height: float, W: int, line: int) -> None:
    """The crimson name ribbon across the card, its ends folded behind the frame."""
    t, b = round(top), round(top + height)
    notch = max(3, round(0.045 * W))
    fold = shade(CRIMSON, 0.6)
    pygame.draw.polygon(big, fold, [(0, t + 2), (notch + 2, t + 2), (notch + 2, b + 2), (0, b + 2),
                                    (notch * 0.6, (t + b) / 2 + 2)])
    pygame.draw.polygon(big, fold, [(W, t + 2), (W - notch - 2, t + 2), (W - notch - 2, b + 2), (W, b + 2),
                                    (W - notch * 0.6, (t + b) / 2 + 2)])
    body = pygame.Rect(notch // 2, t, W - notch, b - t)
    pygame.draw.rect(big, INK, body.inflate(2, 2))
    pygame.draw.rect(big, CRIMSON, body)
    pygame.draw.rect(big, mix(CRIMSON, (255, 220, 200), 0.18), (body.x, body.y, body.w, max(1, body.h // 3)))
    pygame.draw.rect(big, shade(CRIMSON, 0.75), (body.x, body.bottom - max(1, body.h // 5), body.w, max(1, body.h // 5)))
    g = max(1, line // 2)
    pygame.draw.line(big, GOLD, (body.x, body.y + g), (body.right, body.y + g), g)
    pygame.draw.line(big, GOLD, (body.x, body.bottom - g - 1), (body.right, body.bottom - g - 1), g)


def _prop(big: pygame.Surface, cid: str, col: tuple, centre: tuple[float, float], r: float, line: int) -> None:
    """The prop medallion: a disc in the accent in a gold ring, the prop in ink or ivory."""
    x, y = centre
    pygame.draw.circle(big, INK, (x, y), r + line)
    pygame.draw.circle(big, GOLD, (x, y), r)
    pygame.draw.circle(big, col, (x, y), r * 0.82)
    light = sum(col) > 420
    EMBLEMS[cid](big, (x, y), r * 0.5, INK if light else PARCHMENT)


def paint_mask(char: int, height: int) -> pygame.Surface:
    """The portrait alone in a gold-ringed oval ``height`` tall (2 : 2.4)."""
    cid = default_rules().characters[char].id
    k = 2
    H = height * k
    W = round(H / 1.2)
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    ring = max(2, round(0.05 * W))
    pygame.draw.ellipse(big, shade(GOLD, 0.4), big.get_rect())
    pygame.draw.ellipse(big, GOLD, big.get_rect().inflate(-2, -2))
    inner = big.get_rect().inflate(-2 * ring, -2 * ring)
    masks.portrait(big, inner, cid, accent(cid), max(2, round(0.02 * H)))
    pygame.draw.ellipse(big, INK, inner, max(1, round(0.01 * H)))
    return _finish(pygame.transform.smoothscale(big, (W // k, height)))


def paint_back(height: int) -> pygame.Surface:
    """The back, the same for every card: midnight, a faint gold diamond lattice, a gold
    outline of a generic half mask, a 3 % gold frame."""
    w, h = card_size(height)
    k = 2
    W, H = w * k, h * k
    big = _card_base(W, H, 0.03 * W, MIDNIGHT, GOLD, 0)
    lattice = pygame.Surface((W, H), pygame.SRCALPHA)
    lattice.fill((0, 0, 0, 0))
    lw = max(1, round(0.008 * H))
    step = W / 4
    colour = (*GOLD, 31)
    for i in range(-8, 9):
        x0 = i * step
        pygame.draw.line(lattice, colour, (x0, 0), (x0 + H, H), lw)
        pygame.draw.line(lattice, colour, (x0 + H, 0), (x0, H), lw)
    inset = round(0.05 * W)
    glow = masks.backdrop((W, H), (0x22, 0x2C, 0x48), MIDNIGHT)
    glow.set_alpha(150)
    inner = pygame.Rect(inset, inset, W - 2 * inset, H - 2 * inset)
    big.blit(glow, inner.topleft, pygame.Rect((0, 0), inner.size))
    big.blit(lattice, (inset, inset), inner)
    hair = max(1, round(0.004 * H))
    frame_in = pygame.Rect(0, 0, W, H).inflate(-round(0.16 * W), -round(0.16 * W))
    pygame.draw.rect(big, shade(GOLD, 0.8), frame_in, hair, border_radius=max(2, round(0.03 * W)))
    for cx, cy in (frame_in.topleft, frame_in.topright, frame_in.bottomleft, frame_in.bottomright,
                   (W / 2, H / 2 - 0.27 * H), (W / 2, H / 2 + 0.27 * H)):
        d = max(2.0, 0.028 * H)
        pygame.draw.polygon(big, GOLD, [(cx, cy - d), (cx + 0.7 * d, cy), (cx, cy + d), (cx - 0.7 * d, cy)])
    for sy in (-1, 1):
        y = H / 2 + sy * 0.27 * H
        for sx in (-1, 1):
            pygame.draw.line(big, shade(GOLD, 0.8), (W / 2 + sx * 0.05 * H, y), (W / 2 + sx * 0.2 * W, y), hair)
    masks.half_mask_outline(big, (W / 2, H / 2), 0.78 * W, GOLD, max(2, round(0.012 * H)))
    big.blit(_rounded_mask((W, H), max(2, round(0.06 * W))), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return _finish(layout_check.smoothscale(big, (w, h)))


# ------------------------------------------------------------------ emblems
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


def label(s: str, px: int, col: tuple, weight: str = "regular") -> pygame.Surface:
    return fonts.text(s, px, col, weight)
