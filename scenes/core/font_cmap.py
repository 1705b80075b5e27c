"""Which code points a TrueType/OpenType font file maps to a glyph (its ``cmap`` table).

SDL_ttf cannot say whether a font has a glyph (a missing one silently renders as an
empty box), so the text renderer's font fallback reads the cmap itself. Only the Unicode
subtables are read: format 4 (BMP) and format 12 (full range). Pure Python, no pygame.
"""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path

# (platform, encoding) pairs that hold Unicode, best first
_UNICODE = ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def _table(data: bytes, tag: bytes) -> int:
    """Offset of a table in the font file (first font of a collection)."""
    if data[:4] == b"ttcf":
        (first,) = struct.unpack_from(">I", data, 12)
        data_off = first
    else:
        data_off = 0
    (num,) = struct.unpack_from(">H", data, data_off + 4)
    for i in range(num):
        rec = data_off + 12 + 16 * i
        if data[rec:rec + 4] == tag:
            return struct.unpack_from(">I", data, rec + 8)[0]
    raise ValueError(f"font has no {tag.decode()} table")


def _format4(data: bytes, off: int) -> set[int]:
    (seg2,) = struct.unpack_from(">H", data, off + 6)
    n = seg2 // 2
    ends = struct.unpack_from(f">{n}H", data, off + 14)
    starts = struct.unpack_from(f">{n}H", data, off + 16 + seg2)
    deltas = struct.unpack_from(f">{n}h", data, off + 16 + 2 * seg2)
    ro_at = off + 16 + 3 * seg2
    ranges = struct.unpack_from(f">{n}H", data, ro_at)
    out: set[int] = set()
    for i in range(n):
        for cp in range(starts[i], ends[i] + 1):
            if cp == 0xFFFF:
                continue
            if ranges[i] == 0:
                glyph = (cp + deltas[i]) & 0xFFFF
            else:
                at = ro_at + 2 * i + ranges[i] + 2 * (cp - starts[i])
                (glyph,) = struct.unpack_from(">H", data, at)
                if glyph:
                    glyph = (glyph + deltas[i]) & 0xFFFF
            if glyph:
                out.add(cp)
    return out


def _format12(data: bytes, off: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", data, off + 12)
    out: set[int] = set()
    for g in range(groups):
        start, end, glyph = struct.unpack_from(">3I", data, off + 16 + 12 * g)
        out.update(cp for k, cp in enumerate(range(start, end + 1)) if glyph + k)
    return out


@cache
def code_points(path: str | Path) -> frozenset[int]:
    """Every code point the font at ``path`` maps to a real glyph (cached per file)."""
    data = Path(path).read_bytes()
    cmap = _table(data, b"cmap")
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    subtables: dict[tuple[int, int], int] = {}
    for i in range(count):
        plat, enc, sub = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables.setdefault((plat, enc), cmap + sub)
    for key in _UNICODE:
        off = subtables.get(key)
        if off is None:
            continue
        (fmt,) = struct.unpack_from(">H", data, off)
        if fmt == 4:
            return frozenset(_format4(data, off))
        if fmt == 12:
            return frozenset(_format12(data, off))
    raise ValueError(f"{Path(path).name}: no Unicode cmap subtable in format 4 or 12")
