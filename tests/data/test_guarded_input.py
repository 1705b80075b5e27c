"""Input that must not hang or crash the launch: every YAML file goes through the one
guarded loader (game.cards.read_yaml), which refuses alias bombs at once whatever the
file; user files (replays, saves, settings) are read only when they are regular files
of a sane size — a FIFO used to block ``open()`` forever."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.cards import DATA_DIR, DataError, read_yaml
from game.storage import SaveError, read_json

ROOT = Path(__file__).resolve().parents[2]
#: Nine levels of ten mappings: a billion strings once expanded, a few hundred bytes.
BOMB = "bomb_0: &b0 {" + ", ".join(f"k{j}: x" for j in range(10)) + "}\n" + "".join(
    f"bomb_{i}: &b{i} {{" + ", ".join(f"k{j}: *b{i - 1}" for j in range(10)) + "}\n"
    for i in range(1, 10))


def shipped_modules() -> list[Path]:
    return [p for folder in ("game", "scenes", "tools") for p in (ROOT / folder).rglob("*.py")] \
        + [ROOT / "main.py", ROOT / "setup.py"]


def test_only_the_guarded_loader_uses_the_yaml_module():
    """No module but game/cards.py imports yaml, so no file can be read around the guard."""
    users = []
    for path in shipped_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n == "yaml" or n.startswith("yaml.") for n in names):
                users.append(path.relative_to(ROOT).as_posix())
    assert users == ["game/cards.py"], users
    assert "yaml.load(" not in (ROOT / "game" / "cards.py").read_text(encoding="utf-8")


def test_the_scan_sees_the_loader():
    assert ROOT / "game" / "cards.py" in shipped_modules()
    assert len(shipped_modules()) > 50


@pytest.mark.parametrize("rel", ["ganjifa.yaml", "daotam.yaml", "timing.yaml", "rules/kowah.yaml",
                                 "i18n/en.yaml", "i18n/vi.yaml"])
def test_an_alias_bomb_is_refused_at_once_in_every_kind_of_file(tmp_path, rel):
    path = tmp_path / Path(rel).name
    path.write_text((DATA_DIR / rel).read_text(encoding="utf-8") + "\n" + BOMB, encoding="utf-8")
    with pytest.raises(DataError) as info:
        read_yaml(path)
    assert Path(info.value.file).name == path.name and "alias" in str(info.value)


def test_an_alias_that_contains_itself_is_refused(tmp_path):
    path = tmp_path / "timing.yaml"
    path.write_text("loop: &a [1, *a]\n", encoding="utf-8")
    with pytest.raises(DataError, match="timing.yaml.*alias"):
        read_yaml(path)


def test_ordinary_aliases_still_load(tmp_path):
    path = tmp_path / "timing.yaml"
    path.write_text("a: &r [0.5, 1.0]\nb: *r\n", encoding="utf-8")
    assert read_yaml(path) == {"a": [0.5, 1.0], "b": [0.5, 1.0]}


def launch(tmp_path: Path, data: Path | None, *args: str) -> subprocess.CompletedProcess:
    """main.py in a child with a timeout: on a hang the test fails instead of hanging."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARDTABLE_HOME=str(tmp_path / "home"), CARDTABLE_HISTORY="off")
    env.pop("CARDTABLE_DATA", None)
    if data is not None:
        env["CARDTABLE_DATA"] = str(data)
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=90)


def test_an_i18n_alias_bomb_stops_the_launch_with_one_line(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    vi = data / "i18n" / "vi.yaml"
    vi.write_text(vi.read_text(encoding="utf-8") + "\n" + BOMB, encoding="utf-8")
    proc = launch(tmp_path, data, "--frames", "1")
    assert proc.returncode == 2, proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    assert "vi.yaml" in line and "alias" in line and "Traceback" not in proc.stderr


# ------------------------------------------------------------------ user files
def test_replay_of_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    proc = launch(tmp_path, None, "--replay", str(fifo), "--frames", "2")
    assert proc.returncode == 0, proc.stderr


def test_a_fifo_is_refused_by_every_user_file_reader(tmp_path):
    """Called in a child with a timeout: the import, a save's summary and the settings."""
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    code = (
        "import sys; from pathlib import Path\n"
        "from game.storage import SaveError\n"
        "from game.replay import import_record\n"
        "from game.saves import summarize\n"
        "p = Path(sys.argv[1])\n"
        "for f in (import_record, summarize):\n"
        "    try:\n"
        "        f(p)\n"
        "    except SaveError as e:\n"
        "        print(e.key)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(fifo)], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.stdout.split() == ["save.not_a_file", "save.not_a_file"], proc.stderr


def test_a_device_or_folder_is_not_read(tmp_path):
    with pytest.raises(SaveError) as info:
        read_json(Path(os.devnull))
    assert info.value.key == "save.not_a_file"
    with pytest.raises(SaveError) as info:
        read_json(tmp_path)
    assert info.value.key == "save.not_a_file"


def test_a_data_file_that_is_a_fifo_or_huge_is_refused(tmp_path):
    fifo = tmp_path / "timing.yaml"
    os.mkfifo(fifo)
    code = ("import sys\nfrom game.cards import DataError, read_yaml\n"
            "try:\n    read_yaml(sys.argv[1])\nexcept DataError as e:\n    print(e)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(fifo)], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert "timing.yaml" in proc.stdout and "not a regular file" in proc.stdout, proc.stderr
    big = tmp_path / "kowah.yaml"
    big.write_bytes(b"# " + b"x" * (3 * 1024 * 1024) + b"\na: 1\n")
    with pytest.raises(DataError, match="kowah.yaml.*larger than"):
        read_yaml(big)
