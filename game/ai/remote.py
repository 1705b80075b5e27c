"""Agents that think in a separate process, so search never competes with the window
for the interpreter lock.

The worker is a plain ``python -m game.ai.worker`` subprocess (it imports only
``game``, never pygame, and never re-runs the caller's main module). Messages are
pickled tuples over its stdin/stdout; the pipe is first-in first-out, so an agent
always observes events before it is asked to decide, and the worker has a game's
descriptor (and the import path its package needs) before it makes the game's agents. If the worker dies, pending
decisions fail with :class:`WorkerDied` and the Match carries on with local agents;
an agent that raises fails with :class:`AgentFailed` and the worker keeps serving.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import os
import pickle
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from game import registry
from game.core import Action, Event

ROOT = Path(__file__).resolve().parents[2]


class WorkerDied(RuntimeError):
    """The agent process ended; decisions must be made locally."""


class AgentFailed(RuntimeError):
    """The agent raised while deciding in the (still running) worker: the worker is fine,
    the decision is not — the Match submits the window's default, as for a local agent."""


class AgentHost:
    """The worker process and the agents living in it."""

    def __init__(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game.ai.worker"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, env=env, cwd=str(ROOT))
        self._ids = itertools.count()
        self._lock = threading.Lock()
        self._futures: dict[int, concurrent.futures.Future] = {}
        self._dead = False
        self._games: set[str] = set()       # whose descriptors the worker has been sent
        self._reader = threading.Thread(target=self._read, name="agent-reader", daemon=True)
        self._reader.start()

    def _send(self, msg: tuple) -> None:
        if self._dead:
            raise WorkerDied("agent process is not running")
        try:
            with self._lock:
                pickle.dump(msg, self.proc.stdin, protocol=pickle.HIGHEST_PROTOCOL)
                self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as err:
            self._die()
            raise WorkerDied(str(err)) from err

    def _read(self) -> None:
        while True:
            try:
                rid, ok, payload = pickle.load(self.proc.stdout)
            except Exception:   # EOF or a broken pipe: the worker is gone
                self._die()
                return
            fut = self._futures.pop(rid, None)
            if fut is None:
                continue
            if ok:
                fut.set_result(payload)
            else:
                fut.set_exception(AgentFailed(payload))

    def _die(self) -> None:
        self._dead = True
        for rid in list(self._futures):
            fut = self._futures.pop(rid, None)
            if fut is not None and not fut.done():
                fut.set_exception(WorkerDied("agent process ended"))

    def make(self, game: str, level: str, seat: int, seed: int) -> RemoteAgent:
        local = registry.make_agent(game, level, seat, seed)   # for its attributes only
        key = next(self._ids)
        if game not in self._games:     # any registered game, even one added at run time
            self._send(("game", None, (list(sys.path), registry.info(game))))
            self._games.add(game)
        self._send(("make", key, (game, level, seat, seed)))
        return RemoteAgent(self, key, local.level, getattr(local, "think_delay", 0.0))

    def observe(self, key: int, events: list[Event]) -> None:
        try:
            self._send(("observe", key, events))
        except WorkerDied:
            pass

    def decide(self, key: int, view: Any, legal: list[Action]) -> concurrent.futures.Future:
        fut: concurrent.futures.Future = concurrent.futures.Future()
        rid = next(self._ids)
        self._futures[rid] = fut
        try:
            self._send(("decide", key, (rid, view, legal)))
        except WorkerDied as err:
            self._futures.pop(rid, None)
            fut.set_exception(err)
        return fut

    def close(self) -> None:
        self._dead = True
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class RemoteAgent:
    """Stands in for an agent that lives in the worker process."""

    def __init__(self, host: AgentHost, key: int, level: str, think_delay: float) -> None:
        self.host, self.key, self.level, self.think_delay = host, key, level, think_delay

    def observe(self, events: list[Event]) -> None:
        if events:
            self.host.observe(self.key, events)

    def decide_async(self, view: Any, legal: list[Action]) -> concurrent.futures.Future:
        """A future of ``(action, seconds spent deciding)``."""
        return self.host.decide(self.key, view, legal)

    def decide(self, view: Any, legal: list[Action]) -> Action:
        return self.decide_async(view, legal).result()[0]
