"""Small colour-science helpers for palette checks (art-direction §0, §6.10).

sRGB → CIE Lab (D65), CIEDE2000 (Sharma, Wu & Dalal 2005), colour-vision-deficiency
simulation with the Machado, Oliveira & Fernandes (2009) matrices at severity 1.0, and
WCAG 2.1 relative luminance / contrast ratio. Pure Python, no pygame needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

RGB = tuple[int, int, int]

# Machado et al. 2009, severity 1.0; applied to linear-light RGB.
MACHADO = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def hex_rgb(text: str) -> RGB:
    """``"#BD4019"`` → ``(189, 64, 25)``."""
    t = text.lstrip("#")
    return int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)


def srgb_to_linear(c: float) -> float:
    """One sRGB channel in 0..1 → linear light."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def linear_to_srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def to_linear(rgb: Sequence[float]) -> tuple[float, float, float]:
    r, g, b = (srgb_to_linear(v / 255.0) for v in rgb[:3])
    return r, g, b


def simulate(rgb: Sequence[float], kind: str) -> tuple[float, float, float]:
    """The colour a dichromat of ``kind`` ("protan", "deutan", "tritan") sees, in 0..255."""
    lin = to_linear(rgb)
    m = MACHADO[kind]
    out = []
    for row in m:
        v = row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]
        out.append(linear_to_srgb(v) * 255.0)
    return out[0], out[1], out[2]


def rgb_to_lab(rgb: Sequence[float]) -> tuple[float, float, float]:
    """sRGB (0..255) → CIE L*a*b* with the D65 white point."""
    r, g, b = to_linear(rgb)
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
    xn, yn, zn = 0.95047, 1.0, 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / xn), f(y / yn), f(z / zn)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1 = math.hypot(a1, b1)
    c2 = math.hypot(a2, b2)
    cbar = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cbar**7 / (cbar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))

    lbar = (l1 + l2) / 2
    cbarp = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbar = (h1p + h2p + 360) / 2
    else:
        hbar = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30))
         + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6))
         - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    dtheta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbarp**7 / (cbarp**7 + 25**7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbarp
    sh = 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2
                     + rt * (dc / sc) * (dhh / sh))


def delta_e(rgb1: Sequence[float], rgb2: Sequence[float]) -> float:
    return ciede2000(rgb_to_lab(rgb1), rgb_to_lab(rgb2))


def min_pairwise_delta_e(colours: Sequence[Sequence[float]], kind: str | None = None) -> float:
    """Smallest CIEDE2000 between any two colours, optionally as seen by a dichromat."""
    seen = [simulate(c, kind) if kind else tuple(c) for c in colours]
    return min(delta_e(a, b) for a, b in combinations(seen, 2))


def relative_luminance(rgb: Sequence[float]) -> float:
    r, g, b = to_linear(rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(rgb1: Sequence[float], rgb2: Sequence[float]) -> float:
    """WCAG 2.1 contrast ratio, 1..21."""
    l1, l2 = relative_luminance(rgb1), relative_luminance(rgb2)
    hi, lo = max(l1, l2), min(l1, l2)
    return (hi + 0.05) / (lo + 0.05)


def shade(rgb: Sequence[int], factor: float) -> RGB:
    """Multiply a colour by ``factor`` (0.75 = darkened 25 %), clamped to 0..255."""
    r, g, b = (max(0, min(255, round(v * factor))) for v in rgb[:3])
    return r, g, b


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Linear blend in sRGB space, ``t`` = 0 gives ``a``."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))
    return r, g, bl
