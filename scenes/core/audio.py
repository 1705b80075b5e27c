"""The game's sounds (art direction §6.9): preloaded variants, master volume and mute.

Sounds are the project's own WAVs in assets/sounds/<name>_<variant>.wav, made by
tools/make_sounds.py.  `Audio` never raises: when the mixer cannot start (no audio device,
mixer module missing) it stays silent and `available` is False.  `play()` is cheap enough to
call on every game event: the Sound objects are loaded once, and a sound that is already
playing too many times at once is skipped (at most six coin clinks, for instance).
"""

from __future__ import annotations

import logging
import math
import random
from pathlib import Path

import pygame

from game import paths

log = logging.getLogger(__name__)

SOUND_DIR = paths.ASSETS / "sounds"

# The sounds every table may play (the API), then each game's own (its table's front,
# scenes.tables.front), then the two any table top may use (a card turned over, a coin);
# each has 2-3 variants on disk.
_SHARED: dict[str, int] = {      # name → how many copies may ring at once; more are dropped
    "slide": 4, "place": 4, "shuffle": 1, "capture": 3, "illegal": 1, "turn": 1, "tick": 2, "win": 1,
}
_TABLE_TOP: dict[str, int] = {"flip": 4, "coin": 6}


def _game_sounds() -> dict[str, int]:
    from scenes.tables.registry import fronts
    return {name: n for front in fronts().values() for name, n in front.sounds.items()}


MAX_AT_ONCE: dict[str, int] = {**_SHARED, **_game_sounds(), **_TABLE_TOP}
SOUND_NAMES: tuple[str, ...] = tuple(MAX_AT_ONCE)
# Quiet interface sounds (about 12 dB below the event sounds, baked into the files).
UI_SOUNDS: frozenset[str] = frozenset({"illegal", "turn", "tick"})
DEFAULT_MAX_AT_ONCE = 3
MIXER_CHANNELS = 24


def _clamp01(value: float) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.0
    if math.isnan(v):
        return 0.0
    return min(1.0, max(0.0, v))


class Audio:
    """Master volume, mute and fire-and-forget playback of the named sounds."""

    def __init__(self, volume: float = 0.8, muted: bool = False,
                 sound_dir: Path | None = None) -> None:
        self.volume = _clamp01(volume)
        self.muted = bool(muted)
        self.sound_dir = Path(sound_dir) if sound_dir is not None else SOUND_DIR
        self._sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self._last: dict[str, int] = {}
        self._warned: set[str] = set()
        self._rng = random.Random()
        self._available = self._init_mixer()
        if self._available:
            self._load()

    # ------------------------------------------------------------------ setup

    @property
    def available(self) -> bool:
        """True when the mixer started; False means every call is a silent no-op."""
        return self._available

    def _init_mixer(self) -> bool:
        # Any failure here (pygame.error for a missing device, NotImplementedError when the
        # mixer module is absent, ...) must leave the game running without sound.
        try:
            pygame.mixer.pre_init(44100, -16, 1, 512)
            pygame.mixer.init()
            if pygame.mixer.get_init() is None:
                return False
            if pygame.mixer.get_num_channels() < MIXER_CHANNELS:
                pygame.mixer.set_num_channels(MIXER_CHANNELS)
        except Exception as exc:  # see the comment above
            log.warning("sound disabled: the mixer could not start (%s)", exc)
            return False
        return True

    def _load(self) -> None:
        for name in SOUND_NAMES:
            variants = []
            for path in sorted(self.sound_dir.glob(f"{name}_*.wav")):
                if not path.stem[len(name) + 1:].isdigit():
                    continue
                try:
                    sound = pygame.mixer.Sound(str(path))
                except Exception as exc:  # a bad file must not stop the game
                    log.warning("could not load sound %s: %s", path, exc)
                    continue
                sound.set_volume(self.volume)
                variants.append(sound)
            if variants:
                self._sounds[name] = variants

    # ------------------------------------------------------------------ control

    def set_volume(self, volume: float) -> None:
        """Master volume 0..1 (clamped)."""
        self.volume = _clamp01(volume)
        if not self._available:
            return
        try:
            for variants in self._sounds.values():
                for sound in variants:
                    sound.set_volume(self.volume)
        except pygame.error as exc:  # the mixer was shut down behind our back
            log.warning("sound disabled: %s", exc)
            self._available = False

    def set_muted(self, muted: bool) -> None:
        """Mute (stops what is ringing now) or unmute."""
        self.muted = bool(muted)
        if self.muted:
            self._stop_all()

    def _stop_all(self) -> None:
        if not self._available:
            return
        try:
            for variants in self._sounds.values():
                for sound in variants:
                    sound.stop()
        except pygame.error:
            self._available = False

    # ------------------------------------------------------------------ playback

    def _warn_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message, *args)

    def play(self, name: str) -> None:
        """Play one variant of a named sound; unknown names are ignored (logged once)."""
        variants = self._sounds.get(name)
        if variants is None:
            if name not in SOUND_NAMES:
                self._warn_once(name, "unknown sound %r ignored", name)
                return
            if self._available:
                self._warn_once(name, "sound %r has no files in %s", name, self.sound_dir)
            return
        if self.muted or self.volume <= 0.0 or not self._available:
            return
        try:
            limit = MAX_AT_ONCE.get(name, DEFAULT_MAX_AT_ONCE)
            if sum(s.get_num_channels() for s in variants) >= limit:
                return
            i = self._rng.randrange(len(variants))
            if len(variants) > 1 and i == self._last.get(name):
                i = (i + 1 + self._rng.randrange(len(variants) - 1)) % len(variants)
            self._last[name] = i
            variants[i].play()
        except pygame.error as exc:  # the mixer was shut down behind our back
            log.warning("sound disabled: %s", exc)
            self._available = False
