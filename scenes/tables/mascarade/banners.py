"""Speech banners from the seats (art direction §4.5): the announcer's banner with the
character's mask (a small face) and name over its seat, then each counter-claimant's, in
claim order, numbered 1, 2, … They stay while the claim is open; each is placed where it
covers no plate, button, other banner, the courthouse or the bank (cards only when no
other place is free), with a tail toward its seat."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import pygame

from scenes.core import fonts, layout_check, theme
from scenes.kit.zoom import beside
from scenes.tables.mascarade.cards import GOLD, INK, PARCHMENT, character_name

CRIMSON = (0x6E, 0x14, 0x23)


@dataclass
class Banner:
    seat: int
    char: int
    number: int | None          # None: the announcer's; 1, 2, …: the counter-claims in order
    rect: pygame.Rect
    tail: tuple[float, float]   # the point of the tail (at the seat's plate)


def text_px(u: float) -> int:
    return max(13, round(2.3 * u))


def icon_h(u: float) -> int:
    return max(10, round(4.2 * u))


def size(char: int, number: int | None, u: float) -> tuple[int, int]:
    """A banner's width and height: padding, the number's badge, the mask, the name."""
    px = text_px(u)
    tw, th = fonts.size(character_name(char), px, "bold")
    ih = icon_h(u)
    pad = max(2, round(0.8 * u))
    h = max(ih, th) + 2 * max(2, round(0.5 * u))
    badge = (h - 2 * round(0.6 * u) + pad) if number is not None else 0
    return pad + badge + ih + pad + tw + pad, h


def place(speakers: list[tuple[int, int, int | None]], plates: dict[int, pygame.Rect],
          hard: list[pygame.Rect], soft: list[pygame.Rect], screen: pygame.Rect,
          centre: tuple[float, float], u: float) -> list[Banner]:
    """Where each speaker's banner goes: ``speakers`` are (seat, char, number) in order;
    ``hard`` must not be covered (plates, buttons, the centre's objects), ``soft`` rather
    not (cards). Each banner tries above its plate, toward the centre, below, beside."""
    out: list[Banner] = []
    g = max(2, round(0.9 * u))
    for seat, char, number in speakers:
        w, h = size(char, number, u)
        plate = plates[seat]
        inward = 1 if centre[1] > plate.centery else -1
        tries = beside((w, h), plate, g)
        if inward > 0:          # a seat above the centre: below its plate first (toward the table)
            tries = [tries[1], tries[0], tries[2], tries[3]]
        taken = [b.rect for b in out]

        firm = hard + taken + list(plates.values())
        pick = next(((wh, c) for wh, c in tries if _free(c, firm + soft, screen)), None) \
            or next(((wh, c) for wh, c in tries if _free(c, firm, screen)), None)
        if pick is None:            # nothing free: slide the first try along until it is
            pick = _slide(tries[0], plates, hard, taken, screen, u)
        where, rect = pick
        tail = {"above": (plate.centerx, plate.top), "below": (plate.centerx, plate.bottom),
                "right": (plate.right, plate.centery), "left": (plate.left, plate.centery)}[where]
        out.append(Banner(seat, char, number, rect, tail))
    return out


def _free(rect: pygame.Rect, blockers: list[pygame.Rect], screen: pygame.Rect) -> bool:
    return screen.contains(rect) and rect.collidelist(blockers) < 0


def _slide(first: tuple[str, pygame.Rect], plates: dict[int, pygame.Rect], hard: list[pygame.Rect],
           taken: list[pygame.Rect], screen: pygame.Rect, u: float) -> tuple[str, pygame.Rect]:
    where, rect = first
    blockers = hard + taken + list(plates.values())
    step = max(2, round(u))
    for k in range(1, 40):
        for dx, dy in ((k * step, 0), (-k * step, 0), (0, -k * step), (0, k * step)):
            c = rect.move(dx, dy)
            c.clamp_ip(screen)
            if c.collidelist(blockers) < 0:
                return where, c
    return where, rect.clamp(screen)


def draw(surface: pygame.Surface, banner: Banner, face: pygame.Surface, pop: float, u: float) -> None:
    """One banner, scaled by its entrance ``pop`` (0..1, overshooting); the text drawn
    only once it stands (a scaled line would be measured at a size it is not drawn at)."""
    rect = banner.rect
    if pop < 0.999:             # popping in: the whole banner, scaled about its centre
        k = max(0.05, pop)
        pad = max(2, round(0.6 * u))
        whole = pygame.Surface((rect.width + 2 * pad, rect.height + 2 * pad), pygame.SRCALPHA)
        _body(whole, Banner(banner.seat, banner.char, banner.number, rect.move(pad - rect.x, pad - rect.y),
                            (0, 0)), face, u, tagged=False)
        w, h = max(1, round(whole.get_width() * k)), max(1, round(whole.get_height() * k))
        img = pygame.transform.smoothscale(whole, (w, h))
        surface.blit(img, img.get_rect(center=rect.center))
        return
    _tail(surface, banner, u)
    _body(surface, banner, face, u)


def _body(surface: pygame.Surface, banner: Banner, face: pygame.Surface, u: float, tagged: bool = True) -> None:
    """The banner's capsule, shadow, number, mask and name (``tagged``: its text is the
    banner control's, for the overlap check; an entrance's scaled copy is not measured)."""
    rect = banner.rect
    rad = rect.height // 2
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=rad)
    surface.blit(shadow, rect.move(round(0.25 * u), round(0.45 * u)))
    pygame.draw.rect(surface, PARCHMENT, rect, border_radius=rad)
    pygame.draw.rect(surface, GOLD, rect, max(1, round(0.25 * u)), border_radius=rad)
    pad = max(2, round(0.8 * u))
    x = rect.x + pad
    owner = layout_check.control(surface, rect, "banner", character_name(banner.char)) if tagged \
        else contextlib.nullcontext()
    with owner:
        if banner.number is not None:
            d = rect.height - 2 * round(0.6 * u)
            badge = pygame.Rect(x, 0, d, d)
            badge.centery = rect.centery
            pygame.draw.ellipse(surface, CRIMSON, badge)
            pygame.draw.ellipse(surface, GOLD, badge, max(1, round(0.15 * u)))
            num = fonts.text(str(banner.number), max(12, round(d * 0.62)), theme.IVORY, "bold")
            surface.blit(num, num.get_rect(center=badge.center))
            x = badge.right + pad
        surface.blit(face, face.get_rect(midleft=(x, rect.centery)))
        x += face.get_width() + pad
        name = fonts.text(character_name(banner.char), text_px(u), INK, "bold")
        surface.blit(name, name.get_rect(midleft=(x, rect.centery)))


def _tail(surface: pygame.Surface, banner: Banner, u: float) -> None:
    """A small wedge from the banner's edge toward its seat's plate."""
    rect = banner.rect
    tx, ty = banner.tail
    cx = min(max(tx, rect.x + rect.height // 2), rect.right - rect.height // 2)
    cy = min(max(ty, rect.y + rect.height // 4), rect.bottom - rect.height // 4)
    half = max(2, round(0.8 * u))
    if abs(tx - cx) < abs(ty - cy) or rect.left <= tx <= rect.right:
        base_y = rect.bottom - 1 if ty > rect.centery else rect.top + 1
        pts = [(cx - half, base_y), (cx + half, base_y), (tx, ty)]
    else:
        base_x = rect.right - 1 if tx > rect.centerx else rect.left + 1
        pts = [(base_x, cy - half), (base_x, cy + half), (tx, ty)]
    pygame.draw.polygon(surface, PARCHMENT, pts)
    pygame.draw.lines(surface, GOLD, False, [pts[0], pts[2], pts[1]], max(1, round(0.2 * u)))
