"""Match: turn driving, reaction windows on a fake clock, think delays, threading,
autosave, resume, and corrupt saves.

The TEST-ONLY race ruleset ("snap", tests/engine/snap_rules.py) is injected through
``Match(state_factory=...)``: after a card is played every other seat may ("snap",) or
("pass",) within a 3.0 s reaction window, so several seats are active at once; the first
snap closes it. tests/engine/test_windows.py judges the window's every path.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from game.core import IllegalAction
from game.match import SAVE_VERSION, Match, Seat
from game.saves import summarize
from game.storage import MAX_SAVE_BYTES, SaveError, move_aside, read_json, write_json_atomic
from tests.engine.save_cases import corrupt_cases, good_save
from tests.engine.snap_rules import (
    SNAP_S,
    TIMING,
    SnapAgent,
    first_card,
    snap_factory,
    snap_match,
)


def steps(limit: int = 400):
    """Loop guard: a hand ends after at most 120 actions, so a longer loop is an engine bug."""
    yield from range(limit)
    raise AssertionError(f"the game did not end within {limit} steps")


REACT = SNAP_S
ROOT = Path(__file__).resolve().parents[2]


# ============================================================ reaction window
def test_reaction_window_has_several_active_seats_and_times_out_only_at_deadline():
    m = snap_match()
    assert m.active_seats() == (0,)
    m.submit(0, first_card(m))
    assert m.active_seats() == (1, 2)
    assert m.legal_actions(1) == m.legal_actions(2) == [("pass",), ("snap",)]
    assert m.deadline(1) is None, "the window opens at the first tick that sees it"
    assert m.tick(100.0) == []
    assert m.deadline(1) == (100.0, REACT) and m.deadline(2) == (100.0, REACT)
    assert m.tick(102.999) == []
    assert m.active_seats() == (1, 2) and len(m.log) == 1
    events = m.tick(103.0)
    assert [(s, a) for s, a in m.log[1:]] == [(1, ("pass",)), (2, ("pass",))]
    assert [e.kind for e in events] == ["react", "react"]
    assert m.active_seats() == (1,), "the next seat plays; no window for a normal turn"
    assert m.deadline(1) is None


def test_a_seat_that_answers_leaves_only_the_other_to_time_out():
    m = snap_match()
    m.submit(0, first_card(m))
    m.tick(10.0)
    m.tick(11.0)
    m.submit(1, ("pass",))
    assert m.active_seats() == (2,)
    assert m.deadline(2) == (10.0, REACT), "the window keeps its opening time"
    assert m.tick(12.9) == []
    m.tick(13.0)
    assert m.log[-1] == (2, ("pass",))
    with pytest.raises(IllegalAction):
        m.submit(1, ("pass",))


def test_a_new_window_opens_at_the_tick_that_first_sees_it():
    m = snap_match()
    m.submit(0, first_card(m))
    m.tick(0.0)
    m.tick(3.0)                       # both auto-pass; seat 1 must play now (human)
    m.submit(1, first_card(m, 1))
    assert m.active_seats() == (2, 0), "clockwise from the player's left"
    m.tick(50.0)
    assert m.deadline(0) == (50.0, REACT)
    assert m.tick(52.0) == [] and m.active_seats() == (2, 0)
    m.tick(53.0)
    assert m.active_seats() == (2,)


def test_timeouts_play_a_whole_game_of_humans_who_never_react():
    m = snap_match()
    now = 0.0
    for _ in steps():
        if m.is_over():
            break
        (seat,) = m.active_seats()
        m.submit(seat, first_card(m, seat))
        m.tick(now)
        now += REACT
        m.tick(now)
        now += 0.5
    assert m.result().scores == (0, 0, 0)
    assert all(a == ("pass",) for s, a in m.log if a[0] != "play")


# ================================================================ agents
def agent_seats(delay: float = 1.0, react: str = "snap", **kw) -> list[Seat]:
    return [Seat("human")] + [Seat("random", agent=SnapAgent(s, delay, react, **kw))
                              for s in (1, 2)]


@pytest.mark.parametrize("scale,acts_at", [(0.5, 1.0), (1.0, 1.0), (2.0, 2.0), (0.0, 1.0)])
def test_agents_react_after_their_yaml_delay_times_think_scale_never_below_its_floor(scale, acts_at):
    """The AI-speed setting scales a window reaction but never below the YAML minimum:
    at speed 0 an AI still waits 1.0 s, not 0 (it used to snap at t = 0)."""
    m = snap_match(agent_seats(0.0), think_scale=scale,
                   timing=TIMING | {"ai_snap_delay_s": [1.0, 1.0]})
    m.submit(0, first_card(m))
    start = 20.0
    m.tick(start)
    assert m.thinking() == {1, 2}
    m.tick(start + acts_at - 0.01)
    assert len(m.log) == 1, "no agent answers before its reaction delay"
    m.tick(start + acts_at)
    assert m.log[1] == (1, ("snap",)), "a same-time tie goes to the seat left of the player"
    assert m.state.scores[1] in (1, -1) and m.state.scores[2] == 0
    assert (2, ("snap",)) not in m.log, "seat 2's answer died with the window"


def test_slow_agent_is_auto_passed_when_the_deadline_comes_first():
    m = snap_match(agent_seats(), timing=TIMING | {"ai_snap_delay_s": 4.0})  # > 3.0 s window
    m.submit(0, first_card(m))
    m.tick(0.0)
    m.tick(2.99)
    assert len(m.log) == 1
    m.tick(3.0)
    assert m.log[1:] == [(1, ("pass",)), (2, ("pass",))]
    assert m.state.scores == [0, 0, 0]


def test_agents_only_observe_events_meant_for_them():
    seats = agent_seats(0.0)
    m = snap_match(seats, think_scale=0.0)
    m.submit(0, first_card(m))
    m.tick(1.0)
    for s in (1, 2):
        seen = seats[s].agent.seen
        assert all(e.to in (None, s) for e in seen)
        assert [e.to for e in seen if e.kind == "hand"] == [s]


def test_threaded_agent_never_blocks_tick_and_eventually_submits():
    gate = threading.Event()
    seats = agent_seats(0.0, gate=gate)
    m = snap_match(seats, think_scale=0.0, threaded=True,
                   timing=TIMING | {"ai_snap_delay_s": 0.25})
    try:
        m.submit(0, first_card(m))
        t0 = time.perf_counter()
        assert m.tick(1.0) == []             # decision still running in the worker
        assert time.perf_counter() - t0 < 4.0
        assert m.thinking() == {1, 2} or m.thinking() == {1}
        gate.set()
        deadline = time.perf_counter() + 10.0
        now = 1.0
        while len(m.log) < 3 and time.perf_counter() < deadline:
            now += 0.01                      # far from the 3.0 s reaction deadline
            m.tick(min(now, 1.5))
            time.sleep(0.005)
        assert m.log[1] == (1, ("snap",)), "seat 1 wins the tie; the snap closes the window"
        assert m.log[2][0] == 1 and m.log[2][1][0] == "play"
        for s in (1, 2):
            agent = seats[s].agent
            assert not agent.gate_timed_out, "tick blocked the caller while the agent thought"
            assert all(name != threading.main_thread().name for name in agent.thread_names)
            assert len(m.decision_times[s]) >= 1
    finally:
        m.close()


def test_match_rejects_unknown_seat_kinds_and_inactive_seats(tmp_path):
    with pytest.raises(ValueError):
        snap_match([Seat("wizard"), Seat("human"), Seat("human")])
    path = tmp_path / "s.json"
    m = snap_match(save_path=path)
    before = path.read_bytes()
    with pytest.raises(IllegalAction):
        m.submit(2, ("play", m.state.hands[2][0]))
    with pytest.raises(IllegalAction):
        m.submit(0, ("play", 999))
    assert m.log == [] and path.read_bytes() == before


# ============================================================== autosave
def test_autosave_after_every_action_is_atomic(tmp_path):
    path = tmp_path / "saves" / "snap.json"
    m = snap_match(save_path=path, think_scale=0.0)
    assert read_json(path)["actions"] == []
    now = 0.0
    for _ in steps():
        if m.is_over():
            break
        (seat,) = m.active_seats()[:1]
        if m.state.phase == "play":
            m.submit(seat, first_card(m, seat))
        else:
            m.submit(seat, ("snap",) if seat == 1 else ("pass",))
        data = read_json(path)
        assert data["version"] == SAVE_VERSION and data["game"] == "snap"
        assert len(data["actions"]) == len(m.log)
        assert data["actions"][-1] == [m.log[-1][0], list(m.log[-1][1])]
        assert data["over"] == m.is_over()
        assert sorted(p.name for p in path.parent.iterdir()) == ["snap.json"], "temp file left"
        now += 1
    assert read_json(path) == json.loads(json.dumps(m.to_json()))


def test_write_json_atomic_keeps_the_old_file_when_writing_fails(tmp_path):
    path = tmp_path / "x.json"
    write_json_atomic(path, {"a": 1})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"b": object()})
    assert json.loads(path.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def play_some(m: Match, n: int) -> None:
    while len(m.log) < n and not m.is_over():
        seat = m.active_seats()[0]
        if m.state.phase == "play":
            m.submit(seat, m.legal_actions(seat)[-1])
        else:
            m.submit(seat, ("snap",) if len(m.log) % 2 else ("pass",))


@pytest.mark.parametrize("stop", [0, 1, 2, 5, 8])
def test_load_resumes_exactly(tmp_path, stop):
    path = tmp_path / "snap.json"
    m = snap_match(save_path=path, seed=7, options={"cards": 4})
    play_some(m, stop)
    r = Match.load(path, state_factory=snap_factory)
    assert r.save_path == path and r.log == m.log and r.events == m.events
    assert r.options == {"cards": 4}
    assert r.active_seats() == m.active_seats()
    for s in (None, 0, 1, 2):
        assert r.view(s) == m.view(s)
    for s in range(3):
        assert r.legal_actions(s) == m.legal_actions(s)
    # the resumed match keeps saving, and plays on exactly like the original
    play_some(m, 1000)
    play_some(r, 1000)
    assert r.result() == m.result() and r.log == m.log
    assert read_json(path) == m.to_json()


def test_save_read_while_a_match_is_in_progress(tmp_path):
    """A 'killed process': at any moment the file on disk is a whole, resumable save."""
    path = tmp_path / "live.json"
    m = snap_match(save_path=path, seed=3, options={"cards": 4})
    for n in range(1, 14):
        play_some(m, n)
        raw = path.read_bytes()                       # what a crash would leave behind
        data = json.loads(raw)
        r = Match.from_json(data, state_factory=snap_factory)
        assert r.log == m.log and r.view(None) == m.view(None)
        assert [r.legal_actions(s) for s in range(3)] == [m.legal_actions(s) for s in range(3)]


def test_async_saves_are_on_disk_before_their_fsync(tmp_path, monkeypatch):
    """The app's writer: each move's save is whole on disk when the move returns, while
    the slow fsync is still pending on the background thread."""
    from game import storage
    gate, synced = threading.Event(), []

    def slow_fsync(path):
        gate.wait(5)
        synced.append(path)

    monkeypatch.setattr(storage, "_fsync_file", slow_fsync)
    writer = storage.SaveWriter()
    monkeypatch.setattr(storage, "_WRITER", writer)
    path = tmp_path / "through.json"
    m = snap_match(save_path=path, seed=3, options={"cards": 4}, async_save=True)
    for n in range(1, 6):
        play_some(m, n)
        assert read_json(path) == m.to_json()        # no flush, fsync still blocked
    assert not synced
    gate.set()
    m.flush()
    assert synced and synced[-1] == path
    writer.close()


def test_save_survives_a_killed_process(tmp_path):
    """Kill -9 a process that plays Ganjifa with autosave on; its save must load."""
    path = tmp_path / "killed.json"
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from pathlib import Path
        from game.match import Match, Seat
        path = Path({str(path)!r})
        seed = 0
        while True:
            m = Match("ganjifa", [Seat("random"), Seat("easy"), Seat("random")], seed=seed,
                      save_path=path, think_scale=0.0)
            now = 0.0
            while not m.is_over():
                now += 1.0
                m.tick(now)
                print(len(m.log), flush=True)
            seed += 1
    """)
    env = dict(os.environ, CARDTABLE_HOME=str(tmp_path / "home"))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, text=True)
    reached, errors = False, ""
    try:
        for line in proc.stdout:
            if int(line) >= 30:
                reached = True
                break
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        if not reached:
            errors = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
        proc.stdout.close()
        proc.stderr.close()
    assert reached, f"the player process died on its own: {errors}"
    assert proc.returncode == -signal.SIGKILL
    m = Match.load(path)
    data = read_json(path)
    assert len(m.log) == len(data["actions"]) and m.log
    assert m.is_over() or m.legal_actions(m.active_seats()[0])
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) <= 1, "at most the one write that was cut short"


# ============================================================ corrupt saves
def good_ganjifa_save(tmp_path) -> tuple[Path, dict]:
    path = tmp_path / "g.json"
    return path, good_save(path)


def test_corrupt_case_data_is_really_corrupt(tmp_path):
    _, data = good_ganjifa_save(tmp_path)
    cases = corrupt_cases(data)
    assert b"1e999" in cases["seed overflows"][0] and b"9" * 5000 in cases["5000-digit integer"][0]
    assert b"NaN" in cases["NaN seed"][0] and len(cases["huge file"][0]) > MAX_SAVE_BYTES
    assert len(set(v for v, _ in cases.values())) == len(cases)
    for content, _ in cases.values():       # none of them is the good save in disguise
        assert content != json.dumps(data).encode()


CASES = list(corrupt_cases({"version": 1, "game": "ganjifa", "seed": 21, "options": {},
                            "seats": [], "actions": [[0, []], [0, []]], "over": False}))


@pytest.mark.parametrize("case", CASES)
def test_corrupt_save_raises_save_error_with_a_readable_message(tmp_path, case):
    """Whatever the file holds, loading raises SaveError (never ValueError, RecursionError,
    TypeError…), with a key the menu translates and a short log message."""
    path, data = good_ganjifa_save(tmp_path)
    Match.load(path)                                        # the good save loads
    content, key = corrupt_cases(data)[case]
    path.write_bytes(content)
    with pytest.raises(SaveError) as info:
        Match.load(path)
    assert info.value.key == key, (info.value.key, str(info.value))
    msg = str(info.value)
    assert "Traceback" not in msg and len(msg) <= 300
    with pytest.raises(SaveError) as info:                  # the menu's check agrees
        summarize(path)
    assert info.value.key == key
    # the broken file is kept for inspection, not deleted
    kept = move_aside(path)
    assert not path.exists() and kept.exists() and kept.parent == path.parent
    assert "broken" in kept.name and kept.suffix == ".json"
    assert kept.read_bytes() == content


def test_a_refused_save_leaves_no_worker_process(tmp_path):
    path, data = good_ganjifa_save(tmp_path)
    path.write_bytes(corrupt_cases(data)["card not in hand"][0])
    made = []
    real_close = Match.close

    def spy(self):
        made.append(self)
        real_close(self)
    Match.close = spy
    try:
        with pytest.raises(SaveError):
            Match.load(path, threaded=True)
    finally:
        Match.close = real_close
    assert made and made[0]._host is None


def test_summary_of_a_good_save_names_game_and_progress(tmp_path):
    path, data = good_ganjifa_save(tmp_path)
    s = summarize(path)
    assert (s.game, s.over, s.moves) == ("ganjifa", False, len(data["actions"]))
    assert s.progress_key == "progress.ganjifa"
    assert s.progress_params == {"trick": 3, "tricks": 40}      # 6 moves: 2 tricks done
    k = tmp_path / "k.json"
    good_save(k, "kowah", moves=5)
    s = summarize(k)
    assert s.game == "kowah" and s.progress_key == "progress.kowah"
    assert 0 < s.progress_params["stock"] < 120 - 24


def test_snap_save_that_does_not_replay(tmp_path):
    path = tmp_path / "snap.json"
    m = snap_match(save_path=path)
    play_some(m, 3)
    data = read_json(path)
    data["actions"][0] = [0, ["play", 999]]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not replay|cannot be set up"):
        Match.load(path, state_factory=snap_factory)
    data["options"] = {"broken": True}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not replay|cannot be set up"):
        Match.load(path, state_factory=snap_factory)


def test_move_aside_never_overwrites_an_earlier_broken_file(tmp_path):
    kept = []
    for n in range(3):
        path = tmp_path / "save.json"
        path.write_text(f"bad {n}")
        kept.append(move_aside(path))
    assert len(set(kept)) == 3
    assert sorted(p.read_text() for p in kept) == ["bad 0", "bad 1", "bad 2"]
    assert not (tmp_path / "save.json").exists()


def test_missing_save_is_not_a_save_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        Match.load(tmp_path / "nothing.json")
