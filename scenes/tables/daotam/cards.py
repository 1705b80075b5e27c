"""Procedural Đạo Tâm cards (art direction §3.2–3.3): tall 5 : 7 rice-paper cards.

Chiêu Thức: a ground band in the kind's colour and a symbol whose silhouette differs by
kind — Cương a square on its point with a thick inner square, Nhu a circle holding three
wave lines, Tà Khí a five-spiked smoke spiral. Chính Đạo: the stage's belt colour band
with a 1–3 stripe belt bar and the card's name; Tĩnh Tâm celadon with still-water rings;
Ảo Niệm grey-violet with a mirror oval. Backs: Chiêu Thức navy with bamboo, Chính Đạo
paper with the four-stripe belt band. Drawn at 2× and smoothscaled, cached per size."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from scenes.core import fonts
from scenes.core.textfit import fit_text
from scenes.kit.parts import borrowing

PAPER = (0xF5, 0xF0, 0xE4)
INK = (0x1A, 0x14, 0x10)
KIND_COLOUR = {"cuong": (0xB3, 0x26, 0x1E), "nhu": (0x1F, 0x5F, 0xAF), "ta_khi": (0x3A, 0x24, 0x44)}
SMOKE = (0x8E, 0x6F, 0xA8)
STAGE_COLOUR = {"hoc_dao": (0x2F, 0x6D, 0xB5), "hieu_dao": (0xE2, 0xB4, 0x1F),
                "hanh_dao": (0xC0, 0x39, 0x2B)}
STAGE_STRIPES = {"hoc_dao": 1, "hieu_dao": 2, "hanh_dao": 3}
CT_BACK, BAMBOO = (0x1B, 0x2F, 0x5A), (0x2C, 0x4A, 0x80)
CELADON, AO_NIEM = (0xD7, 0xE6, 0xDA), (0x6B, 0x64, 0x78)
BELT = ((0x2F, 0x6D, 0xB5), (0xE2, 0xB4, 0x1F), (0xC0, 0x39, 0x2B), (0xF7, 0xEF, 0xD9))
SS = 2


def _fast(img: pygame.Surface) -> pygame.Surface:
    """A cached image in the display's pixel format (alpha blits several times faster)."""
    return img.convert_alpha() if pygame.display.get_surface() is not None else img


def _base(w: int, h: int, ground: tuple) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(2, w // 12)
    pygame.draw.rect(s, ground, s.get_rect(), border_radius=r)
    pygame.draw.rect(s, (120, 104, 80), s.get_rect(), max(1, w // 60), border_radius=r)
    return s


def symbol(s: pygame.Surface, kind: str, c: tuple[float, float], r: float) -> None:
    """The kind's symbol at ``c`` with radius ``r`` (drawn in the kind's colour)."""
    col = KIND_COLOUR[kind]
    cx, cy = c
    if kind == "cuong":
        pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
        pygame.draw.polygon(s, col, pts)
        q = r * 0.42
        pygame.draw.rect(s, PAPER, pygame.Rect(cx - q, cy - q, 2 * q, 2 * q))
        q2 = r * 0.24
        pygame.draw.rect(s, col, pygame.Rect(cx - q2, cy - q2, 2 * q2, 2 * q2))
    elif kind == "nhu":
        pygame.draw.circle(s, col, (cx, cy), r, max(2, round(r * 0.16)))
        for i in (-1, 0, 1):
            y = cy + i * r * 0.36
            pts = [(cx - r * 0.62 + k * r * 0.124, y + math.sin(k * 0.9) * r * 0.09) for k in range(11)]
            pygame.draw.lines(s, col, False, pts, max(2, round(r * 0.11)))
    else:
        pts = []
        for k in range(60):
            a = k / 60 * math.tau * 1.6
            rr = r * (0.15 + 0.85 * k / 60)
            pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        pygame.draw.lines(s, col, False, pts, max(2, round(r * 0.14)))
        for k in range(5):
            a = k / 5 * math.tau - math.pi / 2
            base1 = (cx + math.cos(a - 0.25) * r * 0.8, cy + math.sin(a - 0.25) * r * 0.8)
            base2 = (cx + math.cos(a + 0.25) * r * 0.8, cy + math.sin(a + 0.25) * r * 0.8)
            tip = (cx + math.cos(a) * r * 1.25, cy + math.sin(a) * r * 1.25)
            pygame.draw.polygon(s, col, [base1, tip, base2])
        pygame.draw.circle(s, SMOKE, (cx, cy), max(1, r * 0.14))


@lru_cache(maxsize=256)
def chieu_thuc(kind: str, size: tuple[int, int], label: str = "") -> pygame.Surface:
    w, h = size[0] * SS, size[1] * SS
    s = _base(w, h, PAPER)
    col = KIND_COLOUR[kind]
    band = round(h * 0.16)
    pygame.draw.rect(s, col, pygame.Rect(0, 0, w, band), border_top_left_radius=w // 12,
                     border_top_right_radius=w // 12)
    pygame.draw.rect(s, col, pygame.Rect(0, h - band // 2, w, band // 2),
                     border_bottom_left_radius=w // 12, border_bottom_right_radius=w // 12)
    symbol(s, kind, (w / 2, h * 0.52), w * 0.3)
    if label and size[1] >= 40:
        img = fit_text(label, max(8, round(band * 0.62)), (250, 244, 230), w - w // 6, "bold", min_px=7)
        s.blit(img, img.get_rect(center=(w // 2, band // 2)))
    return _fast(pygame.transform.smoothscale(s, size))


@lru_cache(maxsize=64)
def ct_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size[0] * SS, size[1] * SS
    s = _base(w, h, CT_BACK)
    lw = max(2, w // 24)
    for i in (0.3, 0.7):
        x = w * i
        pygame.draw.line(s, BAMBOO, (x, h * 0.08), (x, h * 0.92), lw * 2)
        for j in range(1, 5):
            y = h * (0.08 + 0.84 * j / 5)
            pygame.draw.line(s, CT_BACK, (x - lw * 1.5, y), (x + lw * 1.5, y), max(1, lw // 2))
    return _fast(pygame.transform.smoothscale(s, size))


@lru_cache(maxsize=64)
def cd_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size[0] * SS, size[1] * SS
    s = _base(w, h, PAPER)
    bh = h * 0.2
    for i, col in enumerate(BELT):
        pygame.draw.rect(s, col, pygame.Rect(0, h * 0.4 + i * bh / 4, w, math.ceil(bh / 4)))
    return _fast(pygame.transform.smoothscale(s, size))


@lru_cache(maxsize=256)
def chinh_dao(card_type: str, stage: str | None, principle: int | None, title: str,
              size: tuple[int, int]) -> pygame.Surface:
    """A Chính Đạo face: Tâm Niệm (stage band, belt bar, number, title), Tĩnh Tâm, Ảo
    Niệm or Môn Sinh."""
    w, h = size[0] * SS, size[1] * SS
    ground = CELADON if card_type == "tinh_tam" else AO_NIEM if card_type == "ao_niem" else PAPER
    s = _base(w, h, ground)
    ink = (245, 240, 228) if card_type == "ao_niem" else INK
    if stage in STAGE_COLOUR:
        band = round(h * 0.18)
        pygame.draw.rect(s, STAGE_COLOUR[stage], pygame.Rect(0, 0, w, band),
                         border_top_left_radius=w // 12, border_top_right_radius=w // 12)
        if principle is not None:
            num = fonts.text(str(principle), max(8, round(h * 0.12)),
                             INK if stage == "hieu_dao" else (250, 244, 230), "bold")
            s.blit(num, num.get_rect(midleft=(w // 14, band // 2)))
        # belt bar with 1-3 stripes
        bar = pygame.Rect(w * 0.45, band * 0.35, w * 0.45, band * 0.3)
        pygame.draw.rect(s, (30, 30, 30), bar)
        for k in range(STAGE_STRIPES[stage]):
            x = bar.right - (k + 1) * bar.width / 5
            pygame.draw.rect(s, (245, 215, 80), pygame.Rect(x, bar.y, max(2, bar.width / 10), bar.height))
    elif card_type == "tinh_tam":
        for k in range(3):
            pygame.draw.ellipse(s, (90, 130, 110), pygame.Rect(0, 0, w * (0.3 + 0.2 * k),
                                h * (0.12 + 0.08 * k)).move(w * (0.35 - 0.1 * k), h * (0.32 - 0.04 * k)),
                                max(1, w // 40))
    elif card_type == "ao_niem":
        oval = pygame.Rect(w * 0.3, h * 0.2, w * 0.4, h * 0.3)
        pygame.draw.ellipse(s, (200, 196, 214), oval, max(2, w // 30))
        pts = [(oval.x + oval.w * k / 10, oval.centery + math.sin(k) * oval.h * 0.1) for k in range(11)]
        pygame.draw.lines(s, (200, 196, 214), False, pts, max(1, w // 50))
    else:   # Môn Sinh: a plain standing figure in a blue uniform
        pygame.draw.circle(s, (60, 50, 40), (w / 2, h * 0.24), w * 0.08)
        pygame.draw.rect(s, (0x1F, 0x5F, 0xAF), pygame.Rect(w * 0.38, h * 0.31, w * 0.24, h * 0.25),
                         border_radius=w // 20)
    if h >= 60:
        img = fit_text(title, max(8, round(h * 0.085)), ink, w - w // 8, "semibold", min_px=7)
        s.blit(img, img.get_rect(center=(w // 2, round(h * 0.72))))
    return _fast(pygame.transform.smoothscale(s, size))


@borrowing(table="deck")
class DaoTamCards:
    """Part of the table: card images for the table (names from the deck in the app's language)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def ct_face(self, kind: str, size: tuple[int, int]) -> pygame.Surface:
        from scenes.tables.base import lang
        return chieu_thuc(kind, size, self.deck.chieu_thuc[("cuong", "nhu", "ta_khi").index(kind)]
                          .name.get(lang(), kind))

    def cd_face(self, cid: str, size: tuple[int, int]) -> pygame.Surface:
        from scenes.tables.base import lang
        card = self.deck.by_id[cid]
        return chinh_dao(card.type, card.stage, card.principle, card.name.get(lang(), cid), size)
