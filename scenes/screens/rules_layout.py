"""Lays a rules document out as positioned lines and card pictures (no drawing here).

Coordinates are relative to the top-left of the text area, in pixels. When the area is
wide enough, pictures float in a column to the right of the text, each beside the
paragraph it follows; otherwise they sit centred between the paragraphs. Bullet
paragraphs ("• …") get a hanging indent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from scenes.core import fonts
from scenes.screens.rules_doc import CardRef, Picture, RulesDoc, rules_cards

BULLET = "• "
WEIGHT = {"title": "bold", "heading": "semibold", "body": "regular", "caption": "regular"}


@dataclass(frozen=True)
class Line:
    kind: str          # "title", "heading", "body" or "caption"
    text: str
    x: int
    y: int
    height: int


@dataclass(frozen=True)
class Card:
    ref: CardRef
    rect: pygame.Rect


@dataclass
class Layout:
    lines: list[Line] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    height: int = 0
    width: int = 0
    sizes: dict[str, int] = field(default_factory=dict)
    side: bool = False       # pictures in a column beside the text

    def texts(self) -> list[tuple[str, str]]:
        return [(ln.kind, ln.text) for ln in self.lines]


def type_sizes(k: float) -> dict[str, int]:
    """Pixel sizes of the text kinds for the layout unit ``k``."""
    return {"title": max(16, round(4.0 * k)), "heading": max(14, round(3.0 * k)),
            "body": max(12, round(2.45 * k)), "caption": max(11, round(1.9 * k))}


def line_height(kind: str, px: int) -> int:
    """The line pitch of a kind at ``px`` as drawn (times the large-text scale, as the text is)."""
    return round(px * fonts.scale() * {"title": 1.3, "heading": 1.35, "body": 1.5, "caption": 1.35}[kind])


def wrap(text: str, px: int, width: int, weight: str = "regular") -> list[tuple[int, str]]:
    """Greedy word wrap measured with the renderer (CJK runs included): ``(indent, line)``.

    A paragraph starting with "• " hangs: its later lines are indented past the bullet.
    """
    indent = fonts.size(BULLET, px, weight)[0] if text.startswith(BULLET) else 0
    out: list[tuple[int, str]] = []
    line, pad = "", 0
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if not line or fonts.size(trial, px, weight)[0] <= width - pad:
            line = trial
        else:
            out.append((pad, line))
            line, pad = word, indent
    out.append((pad, line))
    return out


def _aspect(ref: CardRef) -> float:
    """Width / height of a card's picture."""
    return rules_cards(ref.game).aspect()


def _card_rows(pic: Picture, width: int, k: float) -> tuple[int, int, int]:
    """(cards per row, card height, gap) for a picture ``width`` pixels wide."""
    gap = max(2, round(1.2 * k))
    tall = all(rules_cards(c.game).tall for c in pic.cards)
    max_h, min_h = (17 * k, 11 * k) if tall else (11 * k, 6.5 * k)
    n = len(pic.cards)
    for rows in range(1, n + 1):
        per = math.ceil(n / rows)
        aspect = sum(_aspect(c) for c in pic.cards[:per])
        h = min(max_h, (width - (per - 1) * gap) / max(aspect, 1e-6))
        if h >= min_h or per == 1:
            return per, max(8, int(h)), gap
    return 1, max(8, int(max_h)), gap


def _picture(pic: Picture, lang: str, x: int, y: int, width: int, k: float,
             sizes: dict[str, int], out: Layout) -> int:
    """Place a picture's cards and caption from ``(x, y)``; the y under it."""
    per, h, gap = _card_rows(pic, width, k)
    for r in range(0, len(pic.cards), per):
        row = pic.cards[r:r + per]
        widths = [max(1, round(h * _aspect(c))) for c in row]
        cx = x + (width - sum(widths) - gap * (len(row) - 1)) // 2
        for ref, w in zip(row, widths, strict=True):
            out.cards.append(Card(ref, pygame.Rect(cx, y, w, h)))
            cx += w + gap
        y += h + gap
    px = sizes["caption"]
    lh = line_height("caption", px)
    y += round(0.2 * k)
    for _, text in wrap(pic.caption_text(lang), px, width):
        tw = fonts.size(text, px)[0]
        out.lines.append(Line("caption", text, x + max(0, (width - tw) // 2), y, lh))
        y += lh
    return y


def _text(kind: str, text: str, x: int, y: int, width: int, sizes: dict[str, int],
          out: Layout) -> int:
    px = sizes[kind]
    lh = line_height(kind, px)
    for pad, ln in wrap(text, px, width, WEIGHT[kind]):
        out.lines.append(Line(kind, ln, x + pad, y, lh))
        y += lh
    return y


def side_widths(width: int, k: float, body_px: int) -> tuple[int, int, int] | None:
    """(text width, gap, picture width) when pictures fit beside text lines of at least
    ~55 characters, else None (then they go between the paragraphs)."""
    gap = round(4 * k)
    pic = round(min(46 * k, max(30 * k, width * 0.33)))
    text = min(round(92 * k), width - gap - pic)
    return (text, gap, pic) if text >= 28 * body_px else None


def layout(doc: RulesDoc, lang: str, width: int, k: float) -> Layout:
    """Positions of every line and card of ``doc`` in ``lang`` for a text area ``width`` wide."""
    width = max(1, int(width))
    sizes = type_sizes(k)
    out = Layout(sizes=sizes)
    side = side_widths(width, k, sizes["body"])
    out.side = side is not None
    text_w, gap, pic_w = side if side else (width, 0, min(width, round(70 * k)))
    pic_x = text_w + gap if side else (text_w - pic_w) // 2
    out.width = text_w + gap + pic_w if side else width
    y = _text("title", doc.title[lang], 0, 0, text_w if not side else out.width, sizes, out)
    y += round(1.2 * k)
    pic_y = y       # pictures beside the text: the column's free y (they never overlap)
    for section in doc.sections:
        y += round(1.8 * k)
        y = _text("heading", section.heading[lang], 0, y, text_w, sizes, out)
        y += round(0.5 * k)
        last_para = y
        for para in section.paragraphs:
            if isinstance(para, Picture):
                if side:        # beside the paragraph it follows, or under the picture above
                    top = max(last_para, pic_y)
                    pic_y = _picture(para, lang, pic_x, top, pic_w, k, sizes, out) + round(1.6 * k)
                else:
                    y = _picture(para, lang, pic_x, y + round(0.4 * k), pic_w, k, sizes, out)
                    y += round(1.4 * k)
                continue
            last_para = y
            y = _text("body", para[lang], 0, y, text_w, sizes, out) + round(0.9 * k)
    y = max(y, pic_y)
    out.height = y + round(2 * k)
    return out
