"""The sound palette on disk (§6.9) and the Audio module, headless (dummy audio driver)."""

from __future__ import annotations

import logging
import math
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from scenes.core import audio as audio_mod
from scenes.core.audio import SOUND_DIR, SOUND_NAMES, UI_SOUNDS, Audio

ROOT = Path(__file__).resolve().parents[2]
MAKER = ROOT / "tools" / "make_sounds.py"

# Nominal lengths from the §6.9 table (ranges resolved to the length chosen for the sound).
NOMINAL_SECONDS = {
    "slide": 0.09, "place": 0.06, "shuffle": 0.6, "capture": 0.15, "illegal": 0.09,
    "turn": 0.4, "tick": 0.02, "win": 0.7, "dukal": 0.3, "trump": 0.6, "checki": 0.12,
    "drum": 0.4, "gong": 2.0, "flip": 0.2, "coin": 0.15,
}
EVENT_SOUNDS = [n for n in SOUND_NAMES if n not in UI_SOUNDS]


def variants(name: str, folder: Path = SOUND_DIR) -> list[Path]:
    return sorted(folder.glob(f"{name}_*.wav"))


def all_files() -> list[Path]:
    return [p for n in SOUND_NAMES for p in variants(n)]


def read(path: Path) -> tuple[wave._wave_params, list[int]]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        frames = w.readframes(params.nframes)
    return params, list(struct.unpack(f"<{len(frames) // 2}h", frames))


def peak_db(samples: list[int]) -> float:
    return 20.0 * math.log10(max(abs(s) for s in samples) / 32768.0)


def loudest_50ms_db(samples: list[int]) -> float:
    """Mean-square level of the loudest 50 ms window (a rough short-term loudness)."""
    win = 2205
    best = 0.0
    for i in range(0, max(1, len(samples) - win + 1), 220):
        seg = samples[i:i + win]
        best = max(best, sum(s * s for s in seg) / win)
    return 10.0 * math.log10(best / 32768.0**2)


# ---------------------------------------------------------------------- files on disk


def test_api_names_match_the_synthesiser():
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_sounds", MAKER)
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    assert tuple(maker.SOUNDS) == SOUND_NAMES
    assert set(NOMINAL_SECONDS) == set(SOUND_NAMES)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_has_two_or_three_variants(name):
    files = variants(name)
    assert 2 <= len(files) <= 3
    assert [p.name for p in files] == [f"{name}_{k}.wav" for k in range(len(files))]


@pytest.mark.parametrize("path", all_files(), ids=lambda p: p.stem)
def test_wav_format_level_length_and_clean_ends(path):
    params, samples = read(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    assert params.comptype == "NONE"
    assert peak_db(samples) <= -6.0
    name = path.stem.rsplit("_", 1)[0]
    seconds = len(samples) / 44100
    nominal = NOMINAL_SECONDS[name]
    assert 0.5 * nominal <= seconds <= 1.5 * nominal, (name, seconds)
    # starts and ends at (near) silence: no click when the sound begins or is cut
    assert abs(samples[0]) < 100 and abs(samples[-1]) < 100
    assert abs(sum(samples) / len(samples)) < 50  # no DC offset


def test_variants_differ():
    for name in SOUND_NAMES:
        bodies = {path.read_bytes() for path in variants(name)}
        assert len(bodies) == len(variants(name)), name


def test_ui_sounds_are_about_12_db_quieter():
    peaks = {n: max(peak_db(read(p)[1]) for p in variants(n)) for n in SOUND_NAMES}
    loud = {n: max(loudest_50ms_db(read(p)[1]) for p in variants(n)) for n in SOUND_NAMES}
    quietest_event_peak = min(peaks[n] for n in EVENT_SOUNDS)
    quietest_event_loudness = min(loud[n] for n in EVENT_SOUNDS)
    typical_event_peak = sorted(peaks[n] for n in EVENT_SOUNDS)[len(EVENT_SOUNDS) // 2]
    for n in UI_SOUNDS:
        assert peaks[n] <= quietest_event_peak - 9.0, n
        assert typical_event_peak - peaks[n] >= 11.0, n
        assert loud[n] <= quietest_event_loudness - 3.0, n


def test_total_size_is_small():
    total = sum(p.stat().st_size for p in SOUND_DIR.glob("*.wav"))
    assert total < 1.5 * 1024 * 1024


def test_regenerating_is_byte_identical(tmp_path):
    out = tmp_path / "sounds"
    subprocess.run([sys.executable, str(MAKER), "--out", str(out), "--quiet"], check=True,
                   timeout=120)
    made = sorted(p.name for p in out.glob("*.wav"))
    assert made == sorted(p.name for p in all_files())
    for name in made:
        assert (out / name).read_bytes() == (SOUND_DIR / name).read_bytes(), name


# ---------------------------------------------------------------------- Audio


@pytest.fixture
def fresh_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def busy_channels() -> int:
    return sum(pygame.mixer.Channel(i).get_busy() for i in range(pygame.mixer.get_num_channels()))


def test_audio_plays_every_sound_with_the_dummy_driver(fresh_mixer):
    a = Audio()
    assert a.available
    for name in SOUND_NAMES:
        pygame.mixer.stop()
        a.play(name)
        assert busy_channels() == 1, name


def test_identical_sounds_are_limited(fresh_mixer):
    a = Audio()
    for _ in range(20):
        a.play("coin")
    assert busy_channels() == 6
    pygame.mixer.stop()
    for _ in range(5):
        a.play("gong")
    assert busy_channels() == 1


def test_volume_is_clamped_and_applied(fresh_mixer):
    assert Audio(volume=5.0).volume == 1.0
    assert Audio(volume=-1.0).volume == 0.0
    a = Audio(volume=0.5)
    a.set_volume(1.7)
    assert a.volume == 1.0
    a.set_volume(-0.3)
    assert a.volume == 0.0
    a.set_volume(float("nan"))
    assert a.volume == 0.0
    a.set_volume(0.25)
    assert a.volume == 0.25
    a.play("place")
    sounds = [pygame.mixer.Channel(i).get_sound() for i in range(pygame.mixer.get_num_channels())]
    playing = [s for s in sounds if s is not None]
    assert len(playing) == 1
    assert playing[0].get_volume() == pytest.approx(0.25, abs=0.01)


def test_volume_zero_plays_nothing(fresh_mixer):
    a = Audio(volume=0.0)
    a.play("win")
    assert busy_channels() == 0


def test_mute(fresh_mixer):
    a = Audio(muted=True)
    assert a.muted
    a.play("place")
    assert busy_channels() == 0
    a.set_muted(False)
    assert not a.muted
    a.play("gong")
    assert busy_channels() == 1
    a.set_muted(True)  # muting silences what is still ringing
    assert busy_channels() == 0


def test_unknown_name_is_ignored_and_logged_once(fresh_mixer, caplog):
    a = Audio()
    with caplog.at_level(logging.WARNING, logger=audio_mod.__name__):
        a.play("kazoo")
        a.play("kazoo")
        a.play("kazoo")
    assert busy_channels() == 0
    assert sum("kazoo" in r.getMessage() for r in caplog.records) == 1


def test_missing_files_are_silent(fresh_mixer, tmp_path, caplog):
    a = Audio(sound_dir=tmp_path)
    assert a.available
    with caplog.at_level(logging.WARNING, logger=audio_mod.__name__):
        a.play("coin")
        a.play("coin")
    assert busy_channels() == 0
    assert sum("coin" in r.getMessage() for r in caplog.records) == 1


def test_works_silently_when_the_mixer_cannot_start(fresh_mixer, monkeypatch):
    def no_device(*_args, **_kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    a = Audio(volume=0.6)
    assert a.available is False
    for name in SOUND_NAMES:
        a.play(name)
    a.play("nonsense")
    a.set_volume(3.0)
    assert a.volume == 1.0
    a.set_muted(True)
    a.set_muted(False)
    assert pygame.mixer.get_init() is None


def test_survives_the_mixer_being_shut_down(fresh_mixer):
    a = Audio()
    pygame.mixer.quit()
    a.play("coin")  # must not raise
    a.set_volume(0.3)
    a.set_muted(True)
    assert a.available is False
