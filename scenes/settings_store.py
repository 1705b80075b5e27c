"""Player settings, persisted as JSON in the user data directory."""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, fields

from game.storage import SaveError, read_json, user_dir, write_json_atomic

log = logging.getLogger(__name__)


@dataclass
class Settings:
    lang: str = "vi"
    anim_speed: float = 1.0      # multiplier on animation durations; 0 = instant
    ai_speed: float = 1.0        # multiplier on AI think delays
    fullscreen: bool = False
    volume: float = 0.8
    muted: bool = False

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
        return out

    def save(self) -> None:
        write_json_atomic(user_dir() / "settings.json", asdict(self))
