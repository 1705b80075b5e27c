"""At launch a broken data file prints one readable line (no traceback) and exits non-zero,
whichever file it is; the shipped data launches."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import main
from game.cards import DATA_DIR, DataError

ROOT = Path(__file__).resolve().parents[2]


def launch(tmp_path: Path, data_dir: Path | None, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARDTABLE_HOME=str(tmp_path / "home"))
    env.pop("CARDTABLE_DATA", None)
    if data_dir is not None:
        env["CARDTABLE_DATA"] = str(data_dir)
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def broken_data(tmp_path: Path, rel: str, old: bytes, new: bytes) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    raw = (data / rel).read_bytes()
    assert old in raw
    (data / rel).write_bytes(raw.replace(old, new, 1))
    return data


@pytest.mark.parametrize("rel, old, new, words", [
    ("kowah.yaml", b"    short: S\n", b"    short: S\n    chineese: x\n",
     ["kowah.yaml", "suit 'strings'", "'chineese'", "unknown field"]),
    ("rules/ganjifa.yaml", b"sections:", b"sectoins: []\nsections:",
     ["ganjifa.yaml", "(top)", "'sectoins'", "unknown field"]),
    ("i18n/vi.yaml", "quit: \"Thoát\"".encode(), b'quit: "Tho\xe1t"',
     ["vi.yaml", "entry 'menu'", "'quit'", "not UTF-8"]),
])
def test_a_broken_data_file_stops_the_launch_with_one_line(tmp_path, rel, old, new, words):
    proc = launch(tmp_path, broken_data(tmp_path, rel, old, new), "--frames", "1")
    assert proc.returncode == main.DATA_ERROR_EXIT, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip() and "pygame-ce" not in ln]
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "Error" not in lines[0]
    for w in words:
        assert w in lines[0], lines[0]


def test_the_shipped_data_launches(tmp_path):
    proc = launch(tmp_path, None, "--frames", "2")
    assert proc.returncode == 0, proc.stderr
    assert "cannot start" not in proc.stderr


def test_main_reports_a_data_error_raised_after_the_check(monkeypatch, capsys):
    """A data error met later (a scene loading a file) is the same one line, not a crash."""
    import scenes.core.app

    def broken_run(opts):
        raise DataError("/x/kowah.yaml", "honour 'old_thousand'", "chinese", "must not be empty")
    monkeypatch.setattr(scenes.core.app, "run", broken_run)
    assert main.main(["--frames", "1"]) == main.DATA_ERROR_EXIT
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["Card Table cannot start: kowah.yaml: entry 'honour 'old_thousand'', field "
                   "'chinese': must not be empty (/x/kowah.yaml)"]
