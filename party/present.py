"""What a game's phone presenter receives (:class:`PhoneContext`) and returns (a screen:
a plain JSON-able dict the phone page draws, described in :data:`SCREEN_KEYS`).

A presenter is the game's own phone front end (``Front.phone``, in its table package):
it turns one seat's view, that seat's legal actions and the rules' refusals into words
and buttons in the phone's language. It sees only what the seat may see: the context
holds no state, no other seat's view, no deck and no RNG.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core import Action, Event, IllegalAction

#: The keys of a screen (every one present; None / [] when it does not apply):
#: ``title`` str; ``status`` str (the one instruction line: what to do now, or whom the
#: table waits for); ``tone`` "turn" | "wait" | "window" | "over"; ``players`` list of
#: {"seat", "name", "line", "active", "you", "out", "away"}; ``info`` list of str (public
#: counters); ``hand`` list of {"card" (JSON of the card, as the art endpoint takes it),
#: "label", "move" (id of the move a tap plays, or None), "reason" (why it cannot be
#: played now, or None)}; ``table`` list of {"card", "label", "caption"} (public cards to
#: show: a trick, a pile top); ``pick`` None or {"min", "max", "prompt"} (cards are
#: selected by taps and moves with ``cards`` enable when the selection matches);
#: ``moves`` list of {"id", "label", "action" (the action as a JSON list, sent back
#: as is), "cards" (hand indices it uses, or None), "legal", "reason", "kind"
#: ("primary" | "normal" | "danger" | "pass"), "timed" (a real-time intent judged by when
#: it was pressed)}; ``buzzer`` None or {"label", "action", "armed"} (the big button);
#: ``window`` None or {"left_ms", "total_ms", "mine"} (the ring); ``log`` list of str
#: (the last public lines, newest last); ``over`` None or {"headline", "lines"}.
SCREEN_KEYS = ("title", "status", "tone", "players", "info", "hand", "table", "pick", "moves",
               "buzzer", "window", "log", "over")


@dataclass(frozen=True)
class WindowInfo:
    """The reaction window open now, as one seat sees it."""

    left_s: float           # seconds until it closes (0 when it waits for every seat)
    total_s: float          # its whole length (0: untimed)
    mine: bool              # whether the rules wait for this seat's answer in it


@dataclass(frozen=True)
class PhoneContext:
    """Everything a presenter may read for one seat's screen."""

    game: str
    seat: int
    lang: str
    view: Any                                   # the seat's own view (state.view(seat))
    legal: tuple[Action, ...]                   # the seat's legal actions now
    refusal: Callable[[Action], IllegalAction | None]   # the rules' reason an action is refused now
    names: tuple[str, ...]                      # every seat's name as the table shows it
    kinds: tuple[str, ...]                      # per seat: "phone", "screen" or "ai"
    recent: tuple[Event, ...] = ()              # the last events this seat may see, oldest first
    window: WindowInfo | None = None
    over: bool = False
    away: tuple[bool, ...] = ()                 # per seat: a phone seat whose phone is gone
    extra: dict = field(default_factory=dict)   # room facts (room code…), for the presenter's words


Presenter = Callable[[PhoneContext], dict]


#: A key binding's label in a string (" ({key.kowah.stock})"): a phone has no keyboard.
_KEY_HINT = re.compile(r"\s*\(\{key\.\w+\.\w+\}\)|\{key\.\w+\.\w+\}")


_TR_CACHE: dict[tuple, str] = {}
_TR_CACHE_MAX = 8192


def _param_key(value: object) -> object:
    """A parameter as a cache key: its value, and for a name its person flags."""
    return (type(value).__name__, value, getattr(value, "you", None), getattr(value, "many", None),
            getattr(value, "you_first", None))


def tr(lang: str, key: str, **params: object) -> str:
    """``key`` in ``lang`` (not the app's current language: every phone has its own),
    with its forms and fields filled, falling back to English, then to the key. Key
    hints (``{key.…}`` fields, with their brackets) are left out: a phone has no keys.
    Cached: a screen asks for the same few dozen lines again at every change."""
    from scenes.core import i18n
    table = i18n.strings(lang)
    try:
        cache_key = (id(table), lang, key, tuple(sorted((k, _param_key(v)) for k, v in params.items())))
        hit = _TR_CACHE.get(cache_key)
    except TypeError:           # an unhashable parameter: no caching
        cache_key, hit = None, None
    if hit is not None:
        return hit
    text = table.get(key)
    if text is None:
        text = i18n.strings("en").get(key, key)
    if "{key." in text:
        text = _KEY_HINT.sub("", text)
    try:
        out = i18n.fill(text, params)
    except i18n.FormError:
        out = text
    if cache_key is not None:
        if len(_TR_CACHE) >= _TR_CACHE_MAX:
            _TR_CACHE.clear()
        _TR_CACHE[cache_key] = out
    return out


def refusal_text(lang: str, err: IllegalAction, params: dict | None = None) -> str:
    """The rules' refusal in ``lang``: its ``err.<key>`` string filled with ``params``
    (the game's words for the error's parameters: suit and card names, seat names…;
    default the error's own), or the engine's own sentence when there is no such
    string — what a table's feedback says (scenes.kit.feedback), minus key hints."""
    key = f"err.{err.key}"
    text = tr(lang, key, **(dict(err.params) if params is None else params))
    return str(err) if text == key else text


def people(ctx: PhoneContext) -> list:
    """Every seat as a phone's sentences name it (i18n persons): "You" for the phone's own
    seat, else the seat's name."""
    from scenes.core.i18n import person
    return [person(tr(ctx.lang, "seat.you"), you=True) if s == ctx.seat else person(n)
            for s, n in enumerate(ctx.names)]


def presenter(game: str) -> Presenter | None:
    """The game's phone presenter (its front's ``phone``), or None: no phone play."""
    from scenes.tables.registry import hook
    return hook(game, "phone")


def check_screen(screen: Any) -> dict:
    """``screen`` if it has every key of :data:`SCREEN_KEYS` and nothing else; ValueError
    naming what is wrong otherwise (a presenter's bug, caught by tests)."""
    if not isinstance(screen, dict):
        raise ValueError(f"a screen is a dict, got {type(screen).__name__}")
    missing = [k for k in SCREEN_KEYS if k not in screen]
    extra = [k for k in screen if k not in SCREEN_KEYS]
    if missing or extra:
        raise ValueError(f"screen keys: missing {missing}, unknown {extra}")
    return screen
