"""A seeded UI monkey: random mouse, key and resize events through the real App.

    python -m tools.monkey --scene menu|ganjifa|kowah|daotam|mascarade|all --humans 1|2|3 --events 50000 --seed N

Starting from the menu or from a table (one human, or two or three humans on one screen, at
any seat count the game allows — Đạo Tâm 3–5, Mascarade 2–13), it posts
random events (biased toward buttons, cards and the hand) with frames between them,
and records every exception and every lock-up (more than ``MAX_SCENES`` scenes stacked).
After a failure, or when the app quits, it starts a fresh app and carries on.

A run is reproducible from its seed: the app's clock is a fake one advanced by the monkey,
agents decide in-process (no worker process whose timing varies) and the deal number the
setup screen proposes comes from the seed too. The scripted events since the last fresh
app are kept, so a failure can be replayed — and shrunk to a short repro (``--shrink``).
The command exits non-zero if anything failed; ``tests/ui/test_monkey.py`` runs it briefly.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import inspect
import os
import random
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from scenes.tables.registry import playable  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MAX_SCENES = 6            # more stacked scenes than this is a lock-up (e.g. a handoff per frame)
STEP_TIMEOUT = 30.0       # seconds one frame may take before it counts as a hang
SCENES = ("menu", *playable())   # the menu, then every game with a table (the registry)
AI_KINDS = ("random", "easy", "normal", "hard")
TINY_SIZES = ((1, 1), (2, 2), (50, 40), (120, 90), (320, 200), (200, 320), (640, 360))
HUGE_SIZES = ((3840, 2160), (2560, 1440), (1920, 1080), (3840, 400), (400, 2160))
# Hard agents without a clock: reproducible, and quick enough to decide in-process.
QUICK_HARD = {"ganjifa": {"time_budget": None, "iterations": 12}, "kowah": {"time_budget": None},
              "daotam": {"time_budget": None}}
MAX_MONKEY_SEATS = 13

K = pygame
KEYS = (K.K_LEFT, K.K_RIGHT, K.K_UP, K.K_DOWN, K.K_RETURN, K.K_KP_ENTER, K.K_ESCAPE, K.K_SPACE,
        K.K_TAB, K.K_F1, K.K_d, K.K_s, K.K_t, K.K_c, K.K_n, K.K_l, K.K_h, K.K_a, K.K_x,
        K.K_0, K.K_1, K.K_2, K.K_3, K.K_4, K.K_5, K.K_6, K.K_7, K.K_8, K.K_9, K.K_BACKSPACE,
        K.K_DELETE, K.K_PAGEUP, K.K_PAGEDOWN, K.K_HOME, K.K_END, K.K_KP_PLUS, K.K_KP_MINUS)
COMBOS = ((K.K_UP, K.K_RETURN), (K.K_DOWN, K.K_RETURN), (K.K_RIGHT, K.K_RETURN), (K.K_TAB, K.K_RETURN),
          (K.K_TAB, K.K_TAB, K.K_RETURN), (K.K_s,), (K.K_t,), (K.K_d, K.K_RETURN), (K.K_c, K.K_RETURN),
          (K.K_ESCAPE, K.K_ESCAPE), (K.K_F1, K.K_PAGEDOWN, K.K_ESCAPE), (K.K_RETURN, K.K_SPACE))
# the tables' own keys for a move (play the focused legal card, draw, take, checki, Dukal)
PLAYS = ((K.K_UP, K.K_RETURN), (K.K_DOWN, K.K_RETURN), (K.K_RIGHT, K.K_RETURN), (K.K_LEFT, K.K_RETURN),
         (K.K_RETURN,), (K.K_s,), (K.K_t,), (K.K_c,), (K.K_n,), (K.K_d, K.K_RETURN))


# ------------------------------------------------------------------ determinism
class FakeClock:
    """Stands in for the ``time`` module in scenes.core.app: frames advance it, not the wall."""

    def __init__(self) -> None:
        self.t = 1000.0

    def perf_counter(self) -> float:
        return self.t


def _in_process_match() -> type:
    from game import registry
    from game.match import Match

    class InProcessMatch(Match):
        """The app's Match with agents deciding in this process (reproducible timing)."""

        def __post_init__(self) -> None:
            self.threaded = False
            self.async_save = False
            for i, s in enumerate(self.seats):
                if s.kind == "hard" and s.agent is None:
                    ai = importlib.import_module(registry.info(self.game).module + ".ai")
                    s.agent = ai.make_agent("hard", i, self._agent_seed(i), **QUICK_HARD.get(self.game, {}))
            super().__post_init__()

    return InProcessMatch


@contextlib.contextmanager
def deterministic(seed: int, clock: FakeClock) -> Iterator[None]:
    """Patch the sources of wall-clock time or global randomness the app reaches: the frame
    clock, agents in a worker process, the setup screen's proposed deal number and its
    day/night default from the hour (both set again by each fresh app, see Runner.open)."""
    import scenes.core.app
    import scenes.core.session
    import scenes.screens.setup
    saved = [(scenes.core.app, "time", scenes.core.app.time), (scenes.core.session, "Match", scenes.core.session.Match),
             (scenes.screens.setup, "random", scenes.screens.setup.random),
             (scenes.screens.setup, "clock_time_of_day", scenes.screens.setup.clock_time_of_day)]
    scenes.core.app.time = clock                              # type: ignore[assignment]
    scenes.core.session.Match = _in_process_match()           # type: ignore[misc]
    scenes.screens.setup.random = random.Random(f"deal:{seed}")  # type: ignore[assignment]
    try:
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


# ------------------------------------------------------------------ scripts
@dataclass(frozen=True)
class Start:
    """How a fresh app is opened."""

    scene: str                       # "menu" or a game of scenes.tables.registry
    seats: tuple[str, ...] = ()
    deal: int = 1
    lang: str = "en"
    size: tuple[int, int] = (1280, 720)
    time: str = "day"
    speed: float = 0.0               # animation and AI think-delay multiplier
    advance: int = 0                 # actions played by agents for every seat before the app opens

    def describe(self) -> str:
        where = self.scene if self.scene == "menu" else f"{self.scene} seats={','.join(self.seats)} deal={self.deal}"
        if self.advance:
            where += f" resumed after up to {self.advance} agent actions"
        return f"{where} lang={self.lang} size={self.size[0]}x{self.size[1]} speed={self.speed:g}"


# A script item: ("ev", pygame type, attrs) | ("frame", dt) | ("speed", value)
Item = tuple


def describe(item: Item) -> str:
    if item[0] == "ev":
        name = pygame.event.event_name(item[1])
        attrs = item[2]
        if item[1] in (pygame.KEYDOWN, pygame.KEYUP):
            return f"{name} {pygame.key.name(attrs['key'])!r} mod={attrs['mod']}"
        if item[1] == pygame.MOUSEMOTION:
            return f"{name} pos={attrs['pos']} buttons={attrs['buttons']}"
        if item[1] in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return f"{name} pos={attrs['pos']} button={attrs['button']}"
        if item[1] == pygame.MOUSEWHEEL:
            return f"{name} y={attrs['y']}"
        if item[1] == pygame.VIDEORESIZE:
            return f"{name} size={attrs['size']}"
        if item[1] == pygame.TEXTINPUT:
            return f"{name} text={attrs['text']!r}"
        return f"{name} {attrs}"
    if item[0] == "frame":
        return f"frame dt={item[1]:.3f}"
    return f"set anim/ai speed {item[1]}"


@dataclass
class Failure:
    kind: str                 # exception type, "LockUp" or "Hang"
    where: str                # innermost project frame, or the scene stack
    message: str
    trace: str
    event_index: int          # events posted before the failing frame
    recent: list[str]
    start: Start
    script: list[Item] = field(repr=False, default_factory=list)   # since the fresh app
    count: int = 1

    @property
    def key(self) -> tuple[str, str]:
        return self.kind, self.where


class Hang(Exception):
    """A frame ran longer than STEP_TIMEOUT."""


def project_frame(tb: traceback.StackSummary) -> str:
    """The innermost frame in this project's own code (else the innermost frame)."""
    for frame in reversed(tb):
        rel = os.path.relpath(frame.filename, ROOT)
        if not rel.startswith((os.pardir, ".venv")) and "site-packages" not in rel \
                and os.path.basename(rel) != "monkey.py":
            return f"{rel}:{frame.lineno} in {frame.name}"
    last = tb[-1] if tb else None
    return f"{last.filename}:{last.lineno} in {last.name}" if last else "?"


def stack_names(app: Any) -> str:
    names: list[str] = []
    for scene in app.stack.scenes:
        name = type(scene).__name__
        if not names or names[-1] != name:
            names.append(name)
    return " > ".join(names)


@contextlib.contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Turn a frame that never ends into a Hang exception (main thread, POSIX only)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def _fire(signum: int, frame: Any) -> None:
        raise Hang(f"one frame ran longer than {seconds:.0f} s")

    old = signal.signal(signal.SIGALRM, _fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ------------------------------------------------------------------ one app
class Runner:
    """Plays script items on one fresh app and notices failures."""

    def __init__(self, start: Start, clock: FakeClock) -> None:
        self.start, self.clock = start, clock
        self.home: str | None = None
        self._old_home: str | None = None
        self.script: list[Item] = []
        self.events = 0
        self.frames = 0
        self.app: Any = None

    def open(self) -> None:
        import scenes.screens.setup
        from scenes.core.app import App, LaunchOptions
        from scenes.core.boot import first_scene
        from scenes.core.settings_store import Settings
        if pygame.display.get_init():
            pygame.event.clear()
        s = self.start
        self.clock.t = 1000.0
        # every fresh app starts from an empty user folder (so a replay sees the same menu);
        # it lives under CARDTABLE_HOME if that is set, else in the system's temp folder
        self._old_home = os.environ.get("CARDTABLE_HOME")
        if self._old_home:
            os.makedirs(self._old_home, exist_ok=True)
        self.home = tempfile.mkdtemp(prefix="monkey-app-", dir=self._old_home or None)
        os.environ["CARDTABLE_HOME"] = self.home
        scenes.screens.setup.random = random.Random(repr(s))     # type: ignore[assignment]
        scenes.screens.setup.clock_time_of_day = lambda: s.time   # type: ignore[assignment]
        opts = LaunchOptions(game=None if s.scene == "menu" else s.scene,
                             seats=",".join(s.seats) or None, seed=s.deal, lang=s.lang, size=s.size,
                             fullscreen=False, speed=s.speed, fps=0, time=s.time)
        self.app = App(opts, settings=Settings(lang=s.lang))
        self.app.stack.push(first_scene(self.app) if not s.advance else self._resumed())

    def _resumed(self) -> Any:
        """The table of a hand agents have played ``advance`` actions into (never to its end),
        opened the way Continue opens a save: replayed by Match.from_json, fresh=False."""
        from game.match import Match, Seat, list_action
        from scenes.core import session
        s = self.start
        options = {"time": s.time} if s.scene == "ganjifa" else {}
        sim = Match(s.scene, [Seat("easy") for _ in s.seats], s.deal, options, think_scale=0.0)
        now = 0.0
        while len(sim.log) < s.advance and not sim.is_over() and now < 10_000:
            sim.tick(now)
            now += 0.25         # reaction windows close on time (Đạo Tâm, Mascarade)
        sim.close()
        keep = min(s.advance, len(sim.log) - 1 if sim.is_over() else len(sim.log))
        data = sim.to_json()
        data["seats"] = list(s.seats)
        data["actions"] = [[seat, list_action(a)] for seat, a in sim.log[:keep]]
        data["over"] = False
        match = session.Match.from_json(data, save_path=session.save_path(s.scene))
        return session.make_table(self.app, match, fresh=False)

    def close(self) -> None:
        """Leave the app as the window's close button would, but never raise."""
        if self.app is not None:
            for scene in list(self.app.stack.scenes):
                with contextlib.suppress(Exception):
                    scene.exit()
            self.app = None
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)
            if self._old_home is None:
                os.environ.pop("CARDTABLE_HOME", None)
            else:
                os.environ["CARDTABLE_HOME"] = self._old_home
            self.home = None
        if pygame.display.get_init():
            pygame.event.clear()

    def apply(self, item: Item) -> None:
        """Play one item; exceptions from the app propagate."""
        self.script.append(item)
        if item[0] == "ev":
            self.events += 1
            pygame.event.post(pygame.event.Event(item[1], **item[2]))
        elif item[0] == "frame":
            self.clock.t += item[1]
            self.frames += 1
            with watchdog(STEP_TIMEOUT):
                self.app.step()
            if len(self.app.stack.scenes) > MAX_SCENES:
                raise LockUp(self.app)
        elif item[0] == "speed":
            self.app.settings.anim_speed = item[1]
            self.app.settings.ai_speed = item[1]


class LockUp(Exception):
    """Too many scenes stacked; named by the scene that piles up."""

    def __init__(self, app: Any) -> None:
        kinds = [type(s).__name__ for s in app.stack.scenes]
        self.piled = max(sorted(set(kinds)), key=kinds.count)
        super().__init__(f"{len(kinds)} scenes stacked (limit {MAX_SCENES}): {stack_names(app)}")


def failure_key(err: BaseException) -> tuple[str, str]:
    if isinstance(err, LockUp):
        return "LockUp", f"{err.piled} piles up on the scene stack"
    return type(err).__name__, project_frame(traceback.extract_tb(err.__traceback__))


def failure_from(err: BaseException, runner: Runner, event_index: int) -> Failure:
    tb = traceback.extract_tb(err.__traceback__)
    kind, where = failure_key(err)
    lines = "".join(traceback.format_list(tb[-6:])).splitlines()
    lines = [line for line in lines if line.strip(" ^~")]     # drop the caret rows
    trace = "\n".join(lines) + f"\n{type(err).__name__}: {err}"
    return Failure(kind, where, str(err)[:300], trace, event_index,
                   [describe(i) for i in runner.script[-20:]], runner.start, list(runner.script))


def replay(start: Start, items: list[Item], seed: int = 0) -> Failure | None:
    """Play a recorded script on a fresh app; the first failure, or None."""
    clock = FakeClock()
    with deterministic(seed, clock):
        runner = Runner(start, clock)
        try:
            runner.open()
            for item in items:
                runner.apply(item)
            runner.apply(("frame", 1 / 60))
        except (Exception, SystemExit) as err:
            return failure_from(err, runner, runner.events)
        finally:
            runner.close()
    return None


def shrink(fail: Failure, seed: int, budget_s: float = 60.0) -> list[Item]:
    """Delta debugging: the shortest script (found within the budget) failing the same way."""
    items = list(fail.script)
    deadline = time.monotonic() + budget_s

    def fails(candidate: list[Item]) -> bool:
        got = replay(fail.start, candidate, seed)
        return got is not None and got.key == fail.key

    if not fails(items):
        return items
    chunk = max(1, len(items) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        i, removed = 0, False
        while i < len(items) and time.monotonic() < deadline:
            candidate = items[:i] + items[i + chunk:]
            if candidate != items and fails(candidate):
                items, removed = candidate, True
            else:
                i += chunk
        if not removed:
            chunk //= 2
    return items


# ------------------------------------------------------------------ the monkey
class Monkey:
    """Random events on one scene/humans combination, restarting after each failure."""

    def __init__(self, scene: str, humans: int = 1, seed: int = 1, size: tuple[int, int] = (1280, 720)) -> None:
        if scene not in SCENES:
            raise ValueError(f"scene must be one of {', '.join(SCENES)}")
        self.scene, self.humans, self.seed, self.size = scene, humans, seed, size
        self.rng = random.Random(seed)
        self.clock = FakeClock()
        self.failures: dict[tuple[str, str], Failure] = {}
        self.events = self.frames = self.restarts = self.quits = self.wanders = 0
        self.elapsed = 0.0
        self.runner: Runner | None = None
        self.seen: dict[str, int] = {}     # bursts of input with each scene on top
        self.actions = 0                   # engine actions seen applied at the tables (any seat)
        self.hands_over = 0
        self._table: Any = None            # the table last looked at, its log length, over?
        self._table_log = 0
        self._table_over = False
        self.buttons_down: set[int] = set()
        self._point_methods: dict[type, list[str]] = {}

    # ---------------------------------------------------------- starting
    def new_start(self) -> Start:
        r = self.rng
        lang = r.choice(("en", "vi"))
        speed = 1.0 if r.random() < 0.25 else 0.0     # mostly instant; sometimes real animations
        if self.scene == "menu":
            return Start("menu", lang=lang, size=self.size, speed=speed)
        from game import registry
        info = registry.info(self.scene)
        lo, hi = max(info.min_seats, self.humans), min(info.max_seats, MAX_MONKEY_SEATS)
        n = lo if lo >= hi else r.choice((lo, lo, r.randint(lo, hi), hi))
        seats = [r.choice(AI_KINDS) for _ in range(n)]
        for s in r.sample(range(n), self.humans):
            seats[s] = "human"
        advance = r.randrange(1, 400) if r.random() < 0.3 else 0     # sometimes late in a hand
        return Start(self.scene, tuple(seats), r.randrange(1, 100000), lang, self.size,
                     r.choice(("day", "night")), speed, advance)

    def fresh(self) -> None:
        if self.runner is not None:
            self.runner.close()
            self.restarts += 1
        self.runner = Runner(self.new_start(), self.clock)
        self.buttons_down.clear()
        self._table = None
        self.runner.open()

    # ---------------------------------------------------------- positions
    def _points(self, scene: Any) -> list[tuple[int, int]]:
        """Places worth clicking: rects of buttons and rows, and the table's ``*_point()``s."""
        out: list[tuple[int, int]] = []
        seen: set[int] = set()

        def add_rect(rect: pygame.Rect) -> None:
            if rect.width > 0 and rect.height > 0:
                out.append((self.rng.randint(rect.left, rect.right - 1), self.rng.randint(rect.top, rect.bottom - 1)))

        def walk(obj: Any, depth: int) -> None:
            if id(obj) in seen or depth > 4:
                return
            seen.add(id(obj))
            if isinstance(obj, pygame.Rect):
                add_rect(obj)
            elif isinstance(obj, (list, tuple)):
                for x in obj[:64]:
                    walk(x, depth + 1)
            elif isinstance(obj, dict):
                for x in list(obj.values())[:64]:
                    walk(x, depth + 1)
            elif depth == 0 or _widget_like(obj):
                for name, val in getattr(obj, "__dict__", {}).items():
                    if name not in SKIP_ATTRS and not _is_scene(val):
                        walk(val, depth + 1)

        walk(scene, 0)
        for name in self._zero_arg_points(type(scene)):
            with contextlib.suppress(Exception):
                x, y = getattr(scene, name)()
                out.append((round(x), round(y)))
        return out

    def _zero_arg_points(self, cls: type) -> list[str]:
        if cls not in self._point_methods:
            names = []
            for name, fn in inspect.getmembers(cls, inspect.isfunction):
                if name.endswith("_point") and not name.startswith("_"):
                    params = list(inspect.signature(fn).parameters.values())[1:]
                    if all(p.default is not p.empty for p in params):
                        names.append(name)
            self._point_methods[cls] = names
        return self._point_methods[cls]

    def pos(self) -> tuple[int, int]:
        app = self.runner.app
        w, h = app.size
        r = self.rng.random()
        if r < 0.45:
            x, y = self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h))
        elif r < 0.75:
            points = self._points(app.stack.top) if app.stack.top else []
            x, y = self.rng.choice(points) if points else (w // 2, h // 2)
        elif r < 0.87:
            x, y = self.rng.gauss(w / 2, w / 8), self.rng.gauss(h * 0.45, h / 8)
        else:
            x, y = self.rng.uniform(0, w), self.rng.uniform(h * 0.68, h)
        return min(max(0, round(x)), max(0, w - 1)), min(max(0, round(y)), max(0, h - 1))

    # ---------------------------------------------------------- events
    def _buttons(self) -> tuple[int, int, int]:
        return (int(1 in self.buttons_down), int(2 in self.buttons_down), int(3 in self.buttons_down))

    def motion(self, pos: tuple[int, int], last: tuple[int, int] | None = None) -> Item:
        rel = (pos[0] - last[0], pos[1] - last[1]) if last else (0, 0)
        return ("ev", pygame.MOUSEMOTION, {"pos": pos, "rel": rel, "buttons": self._buttons(), "touch": False})

    def button(self, kind: int, pos: tuple[int, int], b: int) -> Item:
        if kind == pygame.MOUSEBUTTONDOWN:
            self.buttons_down.add(b)
        else:
            self.buttons_down.discard(b)
        return ("ev", kind, {"pos": pos, "button": b, "touch": False})

    @staticmethod
    def keypress(k: int, mod: int = 0) -> list[Item]:
        char = pygame.key.name(k) if len(pygame.key.name(k)) == 1 else ""
        if k == pygame.K_SPACE:
            char = " "
        out: list[Item] = [("ev", pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": char, "scancode": 0})]
        if char:
            out.append(("ev", pygame.TEXTINPUT, {"text": char}))
        out.append(("ev", pygame.KEYUP, {"key": k, "mod": mod, "unicode": char, "scancode": 0}))
        return out

    def gesture(self) -> list[Item]:
        """One burst of input, the way a player's hand makes them."""
        r = self.rng
        roll = r.random()
        if roll < 0.14:                                        # wander
            p = self.pos()
            items = [self.motion(p)]
            for _ in range(r.randint(0, 3)):
                q = self.pos()
                items.append(self.motion(q, p))
                p = q
            return items
        if roll < 0.32:                                        # click
            p = self.pos()
            return [self.motion(p), self.button(pygame.MOUSEBUTTONDOWN, p, 1),
                    self.button(pygame.MOUSEBUTTONUP, p, 1)]
        if roll < 0.4:                                        # double-click
            p = self.pos()
            return [self.button(pygame.MOUSEBUTTONDOWN, p, 1), self.button(pygame.MOUSEBUTTONUP, p, 1),
                    self.button(pygame.MOUSEBUTTONDOWN, p, 1), self.button(pygame.MOUSEBUTTONUP, p, 1)]
        if roll < 0.43:                                        # right or middle click
            p, b = self.pos(), r.choice((3, 3, 2))
            return [self.button(pygame.MOUSEBUTTONDOWN, p, b), self.button(pygame.MOUSEBUTTONUP, p, b)]
        if roll < 0.51:                                        # drag, maybe never released
            p, q = self.pos(), self.pos()
            items = [self.motion(p), self.button(pygame.MOUSEBUTTONDOWN, p, 1)]
            last = p
            for i in range(1, r.randint(2, 6)):
                m = (p[0] + (q[0] - p[0]) * i // 5, p[1] + (q[1] - p[1]) * i // 5)
                items.append(self.motion(m, last))
                last = m
            if r.random() < 0.9:
                items.append(self.button(pygame.MOUSEBUTTONUP, q, 1))
            return items
        if roll < 0.54:                                        # wheel
            return [("ev", pygame.MOUSEWHEEL, {"x": 0, "y": r.choice((-3, -1, 1, 3)), "flipped": False,
                                               "precise_x": 0.0, "precise_y": 0.0, "touch": False})]
        if roll < 0.72:                                        # a key
            mod = pygame.KMOD_SHIFT if r.random() < 0.08 else 0
            return self.keypress(r.choice(KEYS), mod)
        if roll < 0.86:                                        # a move as a player keys it
            return [it for k in r.choice(PLAYS) for it in self.keypress(k)]
        if roll < 0.92:                                        # a short key sequence
            return [it for k in r.choice(COMBOS) for it in self.keypress(k)]
        if roll < 0.95:                                       # resize
            roll2 = r.random()
            if roll2 < 0.4:
                size = r.choice(TINY_SIZES)
            elif roll2 < 0.55:
                size = r.choice(HUGE_SIZES)
            else:
                size = (r.randint(320, 2560), r.randint(200, 1440))
            return [("ev", pygame.VIDEORESIZE, {"size": size, "w": size[0], "h": size[1]})]
        if roll < 0.99:                                        # let time run (animations, AIs)
            return [("frame", 1 / 60) for _ in range(r.randint(3, 30))]
        if roll < 0.997:                                       # back to a normal size
            return [("ev", pygame.VIDEORESIZE, {"size": self.size, "w": self.size[0], "h": self.size[1]})]
        return [("speed", r.choice((0.0, 0.0, 1.0)))]

    def frames_after(self) -> list[Item]:
        r = self.rng.random()
        if r < 0.3:
            return []
        n = 1 if r < 0.85 else self.rng.randint(2, 4)
        dt = self.rng.choice((1 / 60, 1 / 60, 1 / 60, 1 / 30, 0.1, 0.0))
        return [("frame", dt)] * n

    # ---------------------------------------------------------- running
    def run(self, n_events: int, max_frames: int | None = None, time_limit: float | None = None) -> None:
        """Post ``n_events`` events (frames capped at ``max_frames``, wall time at ``time_limit``)."""
        max_frames = max_frames if max_frames is not None else 6 * n_events + 100
        t0 = time.perf_counter()
        with deterministic(self.seed, self.clock):
            try:
                self._run(n_events, max_frames, t0, time_limit)
            finally:
                if self.runner is not None:
                    self.runner.close()
                    self.runner = None
        self.elapsed += time.perf_counter() - t0

    def _run(self, n_events: int, max_frames: int, t0: float, time_limit: float | None) -> None:
        elsewhere = bad_opens = 0
        while self.events < n_events and self.frames < max_frames:
            if time_limit is not None and time.perf_counter() - t0 > time_limit:
                break
            if self.runner is None or self.runner.app is None:
                try:
                    self.fresh()
                    bad_opens = 0
                except (Exception, SystemExit) as err:
                    self._record(err)
                    self.runner.close()
                    bad_opens += 1
                    if bad_opens >= 5:      # the app does not even open: nothing more to learn
                        break
                    continue
            runner = self.runner
            app = runner.app
            items = self.gesture() + self.frames_after()
            try:
                for item in items:
                    if item[0] == "ev":
                        self.events += 1
                    elif item[0] == "frame":
                        self.frames += 1
                    runner.apply(item)
                    if not app.running:
                        break
            except (Exception, SystemExit) as err:
                self._record(err)
                runner.close()
                continue
            if app.stack.top is not None:
                name = type(app.stack.top).__name__
                self.seen[name] = self.seen.get(name, 0) + 1
            if not app.running:
                self.quits += 1
                runner.close()
                continue
            # keep to the screens this run is about: a table run that wandered to the menu,
            # or a menu run that sat at a table, for long starts again where it should be
            from scenes.tables.base import TableScene
            tables = [s for s in app.stack.scenes if isinstance(s, TableScene)]
            if tables:
                self._progress(tables[-1])
            tables = [s.match.game for s in tables]
            off = bool(tables) if self.scene == "menu" else self.scene not in tables
            elsewhere = elsewhere + 1 if off else 0
            if elsewhere > 150:
                self.wanders += 1
                elsewhere = 0
                runner.close()

    def _progress(self, table: Any) -> None:
        """Count the actions and finished hands of the table under the monkey."""
        n, over = len(table.match.log), table.match.is_over()
        if table is not self._table:
            self._table, self._table_log, self._table_over = table, n, over
            return
        self.actions += max(0, n - self._table_log)
        self.hands_over += over and not self._table_over
        self._table_log, self._table_over = n, over

    def _record(self, err: BaseException) -> None:
        runner = self.runner
        key = failure_key(err)
        if key in self.failures:
            self.failures[key].count += 1
        elif runner is not None:
            self.failures[key] = failure_from(err, runner, self.events)
        else:
            self.failures[key] = Failure(*key, str(err), traceback.format_exc(), self.events, [],
                                         Start(self.scene))

    # ---------------------------------------------------------- reporting
    def summary(self) -> str:
        rate = self.events / self.elapsed if self.elapsed else 0.0
        lines = [f"monkey {self.scene} humans={self.humans} seed={self.seed}: {self.events} events, "
                 f"{self.frames} frames, {self.restarts} restarts ({self.quits} quits, {self.wanders} "
                 f"returns), {self.elapsed:.1f} s, {rate:.0f} events/s, "
                 f"{sum(f.count for f in self.failures.values())} failures, {len(self.failures)} distinct"]
        lines.append(f"  {self.actions} actions at the tables, {self.hands_over} hands finished")
        lines.append("  input bursts by top scene: " + ", ".join(f"{k} {v}" for k, v in sorted(self.seen.items(), key=lambda kv: -kv[1])))
        for f in self.failures.values():
            lines.append(f"  {f.count:5d} × {f.kind} at {f.where}: {f.message[:160]}")
        return "\n".join(lines)

    def details(self, fail: Failure) -> str:
        cmd = (f"python -m tools.monkey --scene {self.scene} --humans {self.humans} --seed {self.seed} "
               f"--events {fail.event_index}")
        return "\n".join([
            f"=== {fail.kind} at {fail.where} (seen {fail.count}×)",
            f"seed {self.seed}, scene {self.scene}, humans {self.humans}, event index {fail.event_index}, "
            f"app {fail.start.describe()}",
            f"replay: {cmd}",
            fail.trace.rstrip(),
            "last 20 items before it:",
            *("    " + line for line in fail.recent),
        ])


SKIP_ATTRS = frozenset({"app", "match", "table", "anim", "on_click", "on_confirm"})


def _widget_like(obj: Any) -> bool:
    """Something with a place on the screen (a button, a row, a card slot, a chooser)."""
    return any(hasattr(obj, a) for a in ("rect", "button", "buttons", "pos"))


def _is_scene(obj: Any) -> bool:
    from scenes.core.stack import Scene
    return isinstance(obj, Scene)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scene", choices=(*SCENES, "all"), default="all")
    p.add_argument("--humans", type=int, choices=(1, 2, 3), default=None,
                   help="humans at a table (default: both 1 and 2; ignored for the menu)")
    p.add_argument("--events", type=int, default=50_000, help="events per scene")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--shrink", action="store_true", help="shrink each distinct failure to a short repro")
    p.add_argument("--details", action="store_true", help="print the traceback and last events of each failure")
    args = p.parse_args(argv)
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"    # Ctrl-C stops the monkey, not just one app
    size = tuple(int(x) for x in args.size.split("x"))
    combos = [(s, h) for s in (SCENES if args.scene == "all" else (args.scene,))
              for h in ((1,) if s == "menu" else (args.humans,) if args.humans else (1, 2))]
    distinct: set[tuple[str, str]] = set()
    events = frames = failures = 0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="cardtable-monkey-") as home:
        os.environ["CARDTABLE_HOME"] = home     # never touch the player's saves
        for scene, humans in combos:
            monkey = Monkey(scene, humans, args.seed, size)   # type: ignore[arg-type]
            monkey.run(args.events)
            print(monkey.summary(), flush=True)
            events, frames = events + monkey.events, frames + monkey.frames
            failures += sum(f.count for f in monkey.failures.values())
            distinct |= set(monkey.failures)
            for fail in monkey.failures.values():
                if args.details or args.shrink:
                    print(monkey.details(fail), flush=True)
                if args.shrink:
                    small = shrink(fail, args.seed)
                    print(f"  shrunk to {len(small)} items from a fresh app ({fail.start.describe()}):")
                    for item in small:
                        print("    " + describe(item))
    if len(combos) > 1:
        spent = time.perf_counter() - t0
        print(f"total: {events} events, {frames} frames, {spent:.1f} s ({events / max(spent, 1e-9):.0f} events/s), "
              f"{failures} failures, {len(distinct)} distinct: "
              + ("; ".join(f"{k} at {w}" for k, w in sorted(distinct)) or "none"))
    pygame.quit()
    return 1 if distinct else 0


if __name__ == "__main__":
    sys.exit(main())
