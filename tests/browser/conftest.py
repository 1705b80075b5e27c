"""Browser tests: the system's Chromium driven by Playwright for Python (sync API).

No browser build is downloaded: Playwright launches the Debian package's binary
(``executable_path``). Where Chromium or Playwright is missing, every test here is
skipped and the run ends with one line saying how to install it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str | None:
    """The system Chromium, or None."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return ("browser tests skipped: Playwright for Python is missing — pip install -e '.[test]'"
                " and apt-get install chromium")
    if chromium_path() is None:
        return "browser tests skipped: no Chromium found — install it with `apt-get install chromium`"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    why = missing()
    if why is None:
        return
    mark = pytest.mark.skip(reason=why)
    hit = False
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(mark)
            hit = True
    if hit:
        config._browser_skip_line = why       # one line at the end of the run


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    line = getattr(config, "_browser_skip_line", None)
    if line:
        terminalreporter.write_line(line, yellow=True, bold=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One Chromium per test module. Not per session: Playwright's sync API keeps an
    asyncio loop running on this thread while it lives, and later tests (the party
    server's) call asyncio.run() here."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def party() -> Iterator[object]:
    from tests.browser.fake_party import FakeParty
    fake = FakeParty().start()
    yield fake
    fake.stop()


#: navigator.vibrate recorded (headless Chromium has no motor; the page's calls are kept)
VIBRATE_STUB = """
window.__vibrations = [];
Object.defineProperty(Navigator.prototype, 'vibrate', {
  configurable: true, value: function (p) { window.__vibrations.push(p); return true; } });
"""


def new_context(browser, width: int = 390, height: int = 844, scale: float = 2.0):
    """A phone-like browser context with its own storage and navigator.vibrate recorded."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                              has_touch=True, is_mobile=True, locale="en-GB")
    ctx.add_init_script(VIBRATE_STUB)
    return ctx


@pytest.fixture
def context(browser) -> Iterator[object]:
    ctx = new_context(browser)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context) -> Iterator[object]:
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    yield pg
    pg.close()
