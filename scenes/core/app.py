"""The window, the main loop (dt from perf_counter) and app-wide services."""

from __future__ import annotations

import json
import logging
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from scenes.core import fonts, grade, i18n, keymap
from scenes.core.settings_store import Settings
from scenes.core.stack import SceneStack

log = logging.getLogger(__name__)


#: The smallest window the scenes are laid out for (the window manager is told so too;
#: a smaller resize is answered with this size). Scenes still draw at any size without error.
MIN_SIZE = (640, 400)


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))


@dataclass
class LaunchOptions:
    """What main.py's flags ask for (also how the project is measured)."""

    game: str | None = None
    seats: str | None = None
    seed: int | None = None
    lang: str | None = None
    size: tuple[int, int] = (1280, 720)
    fullscreen: bool | None = None
    autoplay: bool = False
    speed: float | None = None
    frames: int | None = None
    until_over: bool = False
    screenshot: Path | None = None
    time: str | None = None           # "day"/"night", for a game with that option
    options: dict = field(default_factory=dict)
    fps: int = 60
    replay: Path | None = None        # an exported record to watch (main.py --replay FILE)


class App:
    def __init__(self, opts: LaunchOptions, settings: Settings | None = None) -> None:
        self.opts = opts
        self.settings = settings or Settings.load()
        # flags are for this run only: what they override is put back before settings are
        # saved, unless the player changed it on the settings screen meanwhile
        self._flagged: dict[str, tuple] = {}
        if opts.lang:
            self._flagged["lang"] = (self.settings.lang, opts.lang)
            self.settings.lang = opts.lang
        i18n.set_lang(self.settings.lang)
        if opts.speed is not None:
            self._flagged["anim_speed"] = (self.settings.anim_speed, opts.speed)
            self._flagged["ai_speed"] = (self.settings.ai_speed, opts.speed)
            self.settings.anim_speed = opts.speed
            self.settings.ai_speed = opts.speed
        pygame.init()
        fonts.reset()
        grade.apply_settings(self.settings)     # display grade and text scale
        keymap.use(self.settings)               # on-screen key hints name the keys bound now
        pygame.display.set_caption("Bàn Bài — Card Table")
        fullscreen = self.settings.fullscreen if opts.fullscreen is None else opts.fullscreen
        self.screen = self._open_window(opts.size, fullscreen)
        from scenes.core.audio import Audio
        self.audio = Audio(volume=self.settings.volume, muted=self.settings.muted)
        # what the end of a game needs is imported now, not in the frame the game ends
        # (the history's modules alone take ~20 ms of CPU to import)
        import game.history  # noqa: F401
        import scenes.screens.results  # noqa: F401
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_times: list[float] = []
        self.frames = 0
        self.result_line: str | None = None
        # game.history.Recorder: opened at the first finished game (see may_record); a
        # test that wants a database sets its own here
        self.recorder = None
        # scenes.core.phone_host.PhoneParty: the phone table's room and server, while one
        # is being set up or played (the join panel opens it, tend() closes it)
        self.party = None
        self.now = time.perf_counter()

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        screen = pygame.display.set_mode(clamp_size(size), pygame.RESIZABLE)
        try:        # the window manager keeps the window at least this big
            import warnings
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        return screen

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def u(self) -> float:
        return self.screen.get_height() / 100.0

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self.screen = self._open_window(self.opts.size, on)
        self.stack.resize(self.size)

    def quit(self) -> None:
        self.running = False

    def finish_match(self, payload: dict, match=None, played_s: float = 0.0) -> None:
        """Called by a table when its match ends: the game goes into the history (on the
        recorder's thread), and --until-over prints the result."""
        self.result_line = json.dumps(payload, ensure_ascii=False)
        if match is not None:
            self.record_match(match, played_s)
        if self.opts.until_over:
            print(self.result_line, flush=True)
            self.running = False

    @property
    def may_record(self) -> bool:
        """Whether this run opens the player's history: not on --autoplay (tools.bench
        runs on it too), not with CARDTABLE_HISTORY=off (the test suite)."""
        from game import history
        return not self.opts.autoplay and history.enabled()

    def history(self):
        """The recorder of finished games, started on first use (None: no recording)."""
        if self.recorder is None and self.may_record:
            import atexit

            from game import history
            self.recorder = history.Recorder()
            atexit.register(self.recorder.close)    # a crash in the loop still commits
        return self.recorder

    def record_match(self, match, played_s: float = 0.0) -> None:
        """Queue a finished game for the history (never raises: a record is not worth a
        crash). Games without a human seat are not the player's and are not kept."""
        try:
            from game import history
            rec = history.from_match(match, played_s)
            recorder = self.history() if history.worth_recording(rec) else None
            if recorder is not None:
                recorder.record(rec)
        except Exception:   # noqa: BLE001
            log.exception("the finished game could not be recorded")

    def step(self) -> float:
        """One frame: events, update, draw. Returns the work time in seconds."""
        t0 = time.perf_counter()
        dt = min(0.1, t0 - self.now)
        self.now = t0
        for event in pygame.event.get():
            self.dispatch(event)
        self.stack.update(dt)
        if self.party is not None:
            from scenes.core import phone_host
            phone_host.tend(self)
        self.stack.draw(self.screen)
        spare = getattr(self.stack.scenes[-1], "spare_time", None) if self.stack.scenes else None
        if spare is not None:       # work ahead of need in what the frame leaves (card art)
            spare(t0)
        work = time.perf_counter() - t0
        self.frame_times.append(work)
        self.frames += 1
        return work

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            if not self.settings.fullscreen:
                self.screen = pygame.display.set_mode(clamp_size(event.size), pygame.RESIZABLE)
            self.stack.resize(self.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
        else:
            self.stack.handle(event)

    def run(self) -> int:
        while self.running and self.stack.scenes:
            self.step()
            pygame.display.flip()
            if self.opts.frames is not None and self.frames >= self.opts.frames:
                break
            if self.opts.fps > 0:
                self.clock.tick(self.opts.fps)
        if self.opts.screenshot:
            self.opts.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(self.opts.screenshot))
        try:
            for name, (before, flag) in self._flagged.items():
                if getattr(self.settings, name) == flag:
                    setattr(self.settings, name, before)
            self.settings.save()
        except OSError as err:
            log.warning("settings not saved: %s", err)
        for scene in list(self.stack.scenes):
            scene.exit()
        if self.party is not None:      # no server thread outlives the window
            from scenes.core import phone_host
            phone_host.end(self)
        if self.recorder is not None:
            self.recorder.close()       # commits what is still queued
        pygame.quit()
        return 0


def run(opts: LaunchOptions) -> int:
    app = App(opts)
    if opts.replay is not None:       # a bad file opens the replay scene with its reason
        from scenes.core import nav
        app.stack.push(nav.resolve("scenes.screens.replay:from_file")(app, opts.replay))
    else:
        from scenes.core.boot import first_scene
        app.stack.push(first_scene(app))
    return app.run()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(LaunchOptions()))
