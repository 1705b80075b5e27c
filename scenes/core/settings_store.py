"""Player settings, persisted as JSON in the user data directory."""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field, fields

from game.storage import SaveError, read_json, user_dir, write_json_atomic

log = logging.getLogger(__name__)

DISPLAY_STEPS = ("contrast", "grain", "warmth")
STEP_LO, STEP_HI = -5, 5        # the sliders' ends (scenes.core.grade.LO/HI)


@dataclass
class Settings:
    lang: str = "vi"
    anim_speed: float = 1.0      # multiplier on animation durations; 0 = instant
    ai_speed: float = 1.0        # multiplier on AI think delays
    fullscreen: bool = False
    volume: float = 0.8
    muted: bool = False
    # display (scenes.core.grade): slider steps -5..5, 0 = as designed; large text scales fonts
    contrast: int = 0
    grain: int = 0
    warmth: int = 0
    large_text: bool = False
    # comfort: animations become a short fade (rule timers unchanged); the player's key
    # changes as {binding: key name}, only where they differ (scenes.core.keymap checks them)
    reduced_motion: bool = False
    keys: dict = field(default_factory=dict)

    @classmethod
    def load(cls) -> Settings:
        path = user_dir() / "settings.json"
        try:
            raw = read_json(path)
        except FileNotFoundError:
            return cls()
        except SaveError as err:
            log.warning("settings ignored: %s", err)
            return cls()
        if not isinstance(raw, dict):
            return cls()
        out = cls()
        for f in fields(cls):
            value, default = raw.get(f.name), getattr(out, f.name)
            if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if value is not None and type(value) is type(default):
                setattr(out, f.name, value)
        if out.lang not in ("vi", "en"):
            out.lang = "vi"
        out.keys = {k: v for k, v in out.keys.items() if isinstance(k, str) and isinstance(v, str)}
        for name in DISPLAY_STEPS:
            setattr(out, name, max(STEP_LO, min(STEP_HI, getattr(out, name))))
        return out

    def save(self) -> None:
        write_json_atomic(user_dir() / "settings.json", asdict(self))
