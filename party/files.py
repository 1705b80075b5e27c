"""What the party server serves besides the socket: the page's files, the fonts and card
art, with their types, cache lifetimes and safety headers, and the checks of an art
request. Nothing outside the page's folder or the font list is ever served: a name is
one plain file name (no folder, no dot file, no ``..``), and its resolved path must still
lie directly in the folder (a symbolic link out of it is refused too)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web

ART_MIN, ART_MAX, ART_STEP = 32, 1024, 16
CARD_MAX = 64
FILE_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$")
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".json": "application/json",
         ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
         ".png": "image/png", ".ico": "image/x-icon", ".txt": "text/plain; charset=utf-8"}
FONT_TYPES = {".ttf": "font/ttf", ".otf": "font/otf", ".woff2": "font/woff2"}
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    # no CDN, no other origin: the page, its fonts, its art and its socket come from here
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' data: blob:; "
                                "style-src 'self' 'unsafe-inline'; script-src 'self'; "
                                "connect-src 'self'; frame-ancestors 'none'"),
}
NO_CACHE = "no-cache"
LONG_CACHE = "public, max-age=31536000, immutable"
FONT_CACHE = "public, max-age=86400"


def art_height(raw: str | None) -> int | None:
    """The ``h`` of an art request clamped to 32..1024 and rounded up to a multiple of 16;
    None when it is not a plain number."""
    if raw is None or not raw.isascii() or not raw.isdigit() or len(raw) > 6:
        return None
    h = min(ART_MAX, max(ART_MIN, int(raw)))
    return -(-h // ART_STEP) * ART_STEP


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def card_text(raw: str | None) -> str | None:
    """The canonical JSON of an art request's card (ints, short names and lists of them,
    at most :data:`CARD_MAX` characters; ``null`` alone: the game's card back), or None."""
    if raw is None or len(raw) > CARD_MAX:
        return None
    try:
        card = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        return None

    def ok(v: Any, depth: int = 0) -> bool:
        if depth > 4:
            return False
        if isinstance(v, list):
            return all(ok(x, depth + 1) for x in v)
        if type(v) is int:
            return abs(v) < 2**31
        return isinstance(v, str) and re.fullmatch(r"[A-Za-z0-9_]{1,16}", v) is not None

    if card is not None and not ok(card):
        return None
    return json.dumps(card, separators=(",", ":"))


def serve_file(folder: Path, name: str, types: dict[str, str], cache: str) -> web.StreamResponse:
    """A file directly inside ``folder`` with a known type, or 404 (no sub-folder, no
    dot file, no ``..``: the name is checked, then the resolved path too)."""
    if not FILE_NAME.match(name):
        raise web.HTTPNotFound()
    path = (folder / name).resolve()
    kind = types.get(path.suffix.lower())
    if path.parent != folder.resolve() or kind is None or not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path, headers={"Content-Type": kind, "Cache-Control": cache})


@web.middleware
async def security_headers(request: web.Request, handler: Callable) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as err:
        err.headers.update(SECURITY_HEADERS)
        raise
    if not response.prepared:
        response.headers.update(SECURITY_HEADERS)
    return response
