"""`pip install .` gives a working `cardtable` command that finds its data outside the repo.

Builds the wheel from a copy of the sources (so the checkout gets no build/ folder),
installs it into a fresh venv in a temporary folder and runs the command from there.
The venv borrows the test interpreter's dependencies (pygame-ce, PyYAML, platformdirs)
through a .pth line instead of downloading them; the wheel build itself uses pip's usual
isolated build environment (setuptools from the package index or pip's cache).
About 10-20 s; `-m "not packaging"` leaves it out.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SOURCES = ["pyproject.toml", "setup.py", "main.py", "game", "scenes", "party", "data", "assets"]

pytestmark = pytest.mark.packaging


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float = 240) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def _clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "CARDTABLE_DATA", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARDTABLE_HOME=str(home),
               PYGAME_HIDE_SUPPORT_PROMPT="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict[str, str], Path]:
    tmp = tmp_path_factory.mktemp("pkg")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        p = REPO / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(p, src / name)
    env = _clean_env(tmp / "home")
    out = _run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(tmp / "whl")],
               tmp, env)
    assert out.returncode == 0, out.stderr[-3000:]
    wheel = next((tmp / "whl").glob("cardtable-*.whl"))
    venv = tmp / "venv"
    out = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp, env)
    assert out.returncode == 0, out.stderr
    py = venv / "bin" / "python"
    out = _run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", str(wheel)],
               tmp, env)
    assert out.returncode == 0, out.stderr[-3000:]
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                     tmp, env).stdout.strip())
    # the dependencies, from the interpreter running the tests (not its editable cardtable:
    # a plain path line in a .pth does not run the .pth files found there)
    (site / "zz_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    away = tmp / "elsewhere"
    away.mkdir()
    return venv, env, away


def test_wheel_holds_every_module_and_data_file(installed):
    """Every .py of game/, scenes/ and party/, the phone page, every file of data/ and
    assets/, and main.py."""
    venv, env, away = installed
    wheel = next((venv.parent / "whl").glob("cardtable-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    want = {"main.py"}
    for pkg in ("game", "scenes", "party"):
        want |= {p.relative_to(REPO).as_posix() for p in (REPO / pkg).rglob("*.py")
                 if "__pycache__" not in p.parts}
    want |= {p.relative_to(REPO).as_posix() for p in (REPO / "party" / "web").iterdir() if p.is_file()}
    for folder, name in (("data", "cardtable_data"), ("assets", "cardtable_assets")):
        want |= {f"{name}/{p.relative_to(REPO / folder).as_posix()}" for p in (REPO / folder).rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts}
    assert not want - names, sorted(want - names)[:10]
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "cardtable = main:main" in zipfile.ZipFile(wheel).read(entry).decode()


def test_cardtable_help_from_outside_the_repo(installed):
    venv, env, away = installed
    out = _run([str(venv / "bin" / "cardtable"), "--help"], away, env, timeout=60)
    assert out.returncode == 0, out.stderr
    for flag in ("--game", "--seats", "--seed", "--lang", "--size", "--autoplay", "--until-over",
                 "--speed", "--frames", "--screenshot", "--options", "--time", "--fullscreen"):
        assert flag in out.stdout


def test_installed_game_finds_its_files_in_site_packages(installed):
    venv, env, away = installed
    code = ("import json, main, game.cards, scenes.core.fonts, scenes.core.audio; print(json.dumps("
            "[main.__file__, str(game.cards.DATA_DIR), str(scenes.core.fonts.ASSETS), str(scenes.core.audio.SOUND_DIR)]))")
    out = _run([str(venv / "bin" / "python"), "-c", code], away, env, timeout=60)
    assert out.returncode == 0, out.stderr
    module, data, assets, sounds = json.loads(out.stdout.strip().splitlines()[-1])
    for path in (module, data, assets, sounds):
        assert Path(path).resolve().is_relative_to(venv.resolve()), path
        assert not Path(path).resolve().is_relative_to(REPO), path
    assert Path(data).name == "cardtable_data" and (Path(data) / "i18n" / "vi.yaml").is_file()
    assert (Path(assets) / "fonts" / "BeVietnamPro_400Regular.ttf").is_file()


def test_cardtable_autoplays_kowah_to_the_end(installed):
    venv, env, away = installed
    out = _run([str(venv / "bin" / "cardtable"), "--autoplay", "--until-over", "--game", "kowah",
                "--speed", "0", "--fps", "0", "--seed", "3", "--screenshot", str(away / "end.png")],
               away, env, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["game"] == "kowah" and result["seed"] == 3 and result["actions"] > 0
    assert (away / "end.png").stat().st_size > 10_000
