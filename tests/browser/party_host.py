"""End-to-end phone parties: the real app on its own thread (frames at 60 fps, the join
panel, the table, the phone server it starts) and phones that are real Chromium pages,
played by a small bot that reads the page's own screen and taps what a person would.

The app runs headless (SDL dummy drivers) on a thread of its own so that Playwright's
sync API keeps the test's thread; the host's clicks are synthetic pygame events handed
to that thread between frames.
"""

from __future__ import annotations

import concurrent.futures
import queue
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pygame

from scenes.core.app import App, LaunchOptions
from scenes.core.settings_store import Settings


class HostApp:
    """The real app, driven frame by frame on its own thread."""

    def __init__(self, game: str, seats: str, seed: int, lang: str = "en",
                 options: dict | None = None) -> None:
        self.opts = LaunchOptions(game=game, seats=seats, seed=seed, lang=lang, fps=60,
                                  speed=0.0, size=(640, 400), options=dict(options or {}))
        self.calls: queue.SimpleQueue = queue.SimpleQueue()
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.pushed: list[str] = []         # class names of every scene pushed
        self.frames = 0
        self.thread = threading.Thread(target=self._run, name="host-app", daemon=True)

    def __enter__(self) -> HostApp:
        self.thread.start()
        if not self.ready.wait(30):
            raise RuntimeError("the app did not start")
        if self.error:
            raise self.error
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop.set()
        self.thread.join(20)

    def _run(self) -> None:
        from scenes.core import phone_host
        from scenes.core.boot import first_scene
        try:
            app = App(self.opts, settings=Settings())
            push = app.stack.push

            def counted(scene: Any) -> Any:
                self.pushed.append(type(scene).__name__)
                return push(scene)
            app.stack.push = counted
            app.stack.push(first_scene(app))
            self.app = app
        except BaseException as err:        # noqa: BLE001 - reported to the test
            self.error = err
            self.ready.set()
            return
        self.ready.set()
        clock = pygame.time.Clock()
        try:
            while not self.stop.is_set() and app.running:
                while True:
                    try:
                        fn, fut = self.calls.get_nowait()
                    except queue.Empty:
                        break
                    try:
                        fut.set_result(fn(app))
                    except BaseException as err:    # noqa: BLE001
                        fut.set_exception(err)
                app.step()
                self.frames += 1
                clock.tick(60)
        except BaseException as err:        # noqa: BLE001
            self.error = err
        finally:
            table = self.table_now()
            if table is not None:
                table.match.close()
            phone_host.end(app)

    # ----------------------------------------------------------- from the test
    def call(self, fn: Callable[[App], Any], timeout: float = 20) -> Any:
        """Run ``fn(app)`` on the app's thread between two frames; its result."""
        if self.error:
            raise self.error
        fut: concurrent.futures.Future = concurrent.futures.Future()
        self.calls.put((fn, fut))
        return fut.result(timeout)

    def table_now(self) -> Any:
        scenes = getattr(getattr(self, "app", None), "stack", None)
        for scene in reversed(scenes.scenes if scenes else []):
            if hasattr(scene, "match") and getattr(scene, "driver", None) is not None:
                return scene
        return None

    def click(self, rect_of: Callable[[App], Any]) -> None:
        """A host's mouse click on what ``rect_of(app)`` names (a pygame.Rect)."""
        def go(app: App) -> None:
            pos = rect_of(app).center
            app.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            app.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.call(go)

    def handoffs(self) -> int:
        return sum(1 for name in self.pushed if name == "HandoffScene")


SCREEN_JS = "window.cardtablePhone ? window.cardtablePhone.screen() : null"
#: true once the phone's screen no longer offers the move ``id`` as legal
OFFERED_JS = """(id) => { const s = window.cardtablePhone && window.cardtablePhone.screen();
  return !s || !(s.moves || []).some((m) => m.id === id && m.legal); }"""


class Phone:
    """One player's phone: a Chromium page on the room link, played by a seeded bot."""

    def __init__(self, browser: Any, link: str, name: str, seed: int,
                 size: tuple[int, int] = (390, 844)) -> None:
        from tests.browser.conftest import new_context
        self.context = new_context(browser, *size)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.tap_ms = 1500          # a tap on what is not there any more fails fast
        self.name = name
        self.rng = random.Random(seed)
        self.link = link
        self.acted = 0
        self.misses: list[str] = []         # moves the page would not take (for failure messages)

    def join(self) -> None:
        self.page.goto(self.link)
        self.page.fill("#name", self.name)
        self.page.click("#join-btn")
        self.page.wait_for_selector("#waiting:not([hidden]), #play:not([hidden])")

    def close(self) -> None:
        self.context.close()

    def screen(self) -> dict | None:
        return self.page.evaluate(SCREEN_JS)

    def seat(self) -> int | None:
        return self.page.evaluate("window.cardtablePhone ? window.cardtablePhone.seat() : null")

    def press_buzzer(self) -> bool:
        """Press the big button; False if the page would not take it (it changed)."""
        try:
            self.page.click("#buzzer", timeout=self.tap_ms)
        except Exception as err:        # noqa: BLE001 - the window closed under the finger
            self.misses.append(f"buzzer: {str(err).splitlines()[0]}")
            return False
        self.acted += 1
        return True

    def play(self, move: dict, screen: dict) -> None:
        """Make ``move`` the way a person does on this page, then wait (a little) until the
        page no longer offers it, as a person waits to see their card land."""
        self._tap(move, screen)
        try:
            self.page.wait_for_function(OFFERED_JS, arg=move["id"], timeout=2000, polling=30)
        except Exception:       # noqa: BLE001 - a refused move stays offered
            pass

    def _tap(self, move: dict, screen: dict) -> None:
        page = self.page
        for i, card in enumerate(screen.get("hand") or []):
            if card.get("move") == move["id"]:
                page.click(f'#hand .card[data-index="{i}"]', timeout=self.tap_ms)
                self.acted += 1
                return
        if move.get("cards") and screen.get("pick"):
            for el in page.query_selector_all('#hand .card[aria-pressed="true"]'):
                el.click(timeout=self.tap_ms)           # start from no pick
            for i in move["cards"]:
                page.click(f'#hand .card[data-index="{i}"]', timeout=self.tap_ms)
            page.locator("#moves .move").filter(has_text=move["label"]).first.click(timeout=self.tap_ms)
            self.acted += 1
            return
        page.locator(f'#moves .move[data-move="{move["id"]}"]').click(timeout=self.tap_ms)
        self.acted += 1

    def choose(self, screen: dict, window_pass: float = 0.9) -> dict | None:
        """A legal move: in a reaction window mostly the pass (games end sooner), else any."""
        legal = [m for m in screen.get("moves") or () if m.get("legal")]
        if not legal:
            return None
        passes = [m for m in legal if m.get("timed") and m.get("kind") == "pass"]
        if passes and self.rng.random() < window_pass:
            return passes[0]
        plays = [m for m in legal if m not in passes] or legal
        return self.rng.choice(plays)


def wait_until(cond: Callable[[], Any], timeout: float, every: float = 0.05) -> Any:
    """``cond()`` once it is true; AssertionError after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = cond()
        if got:
            return got
        time.sleep(every)
    raise AssertionError(f"not reached in {timeout} s")
