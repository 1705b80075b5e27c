"""Headless by default: SDL gets dummy drivers before pygame is ever imported."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CARDTABLE_PARTY_HOST", "127.0.0.1")     # phone servers on loopback only

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_user_dir(tmp_path, monkeypatch):
    """Saves and settings of a test go to its own temporary folder; the app records no
    history unless a test gives it a recorder (app.recorder)."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CARDTABLE_HISTORY", "off")
