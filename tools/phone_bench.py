"""Phone round trip and pump cost on loopback: a real PartyServer, a real Match, 5 phones.

    python -m tools.phone_bench [--intents 300] [--game daotam] [--phones 5] [--think-ms 100]

A game thread ticks the Match and pumps the room at 60 fps (as the table's phones part
will); five simulated phones (aiohttp clients on 127.0.0.1) join, and whenever a screen
offers one of their moves as legal they send the first one, after a random think of up to
``--think-ms``. The round trip is from an
intent sent to the next screen that phone receives (the move applied, the new view
drawn by the presenter and carried back). A finished game is followed by a new one.
The phones run in a process of their own (real phones have their own CPUs).
The game's own presenter is used when it has one (``party.present.presenter``), else a
generic one listing the seat's legal actions. Prints one JSON line with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import sys
import threading
import time
from typing import Any

import aiohttp

from game.match import Match, Seat
from party.present import check_screen, presenter
from party.room import Room, json_action
from party.server import PartyServer

FPS = 60


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))]


def generic_presenter(ctx: Any) -> dict:
    """Every legal action of the seat as a move: enough for a phone to play."""
    moves = [{"id": f"m{i}", "label": repr(a), "action": json_action(a), "cards": None,
              "legal": True, "reason": None, "kind": "normal", "timed": False}
             for i, a in enumerate(ctx.legal)]
    return check_screen({"title": ctx.game, "status": "", "tone": "turn" if moves else "wait",
                         "players": [], "info": [], "hand": [], "table": [], "pick": None,
                         "moves": moves, "buzzer": None, "window": None, "log": [],
                         "over": {"headline": "", "lines": []} if ctx.over else None})


class GameThread:
    """The pygame loop's stand-in: tick and pump at 60 fps; new games as games end."""

    def __init__(self, room: Room, game: str, seats: int, seed: int) -> None:
        self.room, self.game, self.seats, self.seed = room, game, seats, seed
        self.match = self._new_match()
        self.pump_s: list[float] = []
        self.games = 1
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, name="bench-game", daemon=True)

    def _new_match(self) -> Match:
        return Match(self.game, [Seat("human") for _ in range(self.seats)], seed=self.seed)

    def run(self) -> None:
        start = time.monotonic()
        frame = 1.0 / FPS
        next_at = start
        while not self.stop.is_set():
            now = time.monotonic()
            clock = now - start
            if self.match.is_over():
                self.seed += 1
                self.games += 1
                self.match = self._new_match()
                self.room._key = None               # the new game's screens go out in full
            self.match.tick(clock)
            t0 = time.perf_counter()
            self.room.pump(self.match, clock, now)
            if self.room.started:                   # the frames of the game, not of the lobby
                self.pump_s.append(time.perf_counter() - t0)
            next_at += frame
            delay = next_at - time.monotonic()
            if delay > 0:
                self.stop.wait(delay)
            else:
                next_at = time.monotonic()


class Phone:
    """One simulated phone: joins, and plays the first legal move any screen offers."""

    def __init__(self, n: int, code: str, secret: str, port: int, rtts: list[float],
                 want: int, think_ms: float = 0.0, seed: int = 1) -> None:
        self.n, self.code, self.secret, self.port = n, code, secret, port
        self.rtts, self.want = rtts, want
        self.think_s = think_ms / 1000
        self.rng = random.Random(f"{seed}:{n}")
        self.seq = 0
        self.sent_at: float | None = None
        self.acked = False                  # the room applied it: its screen comes next
        self.refused = 0

    async def run(self, http: aiohttp.ClientSession, joined: asyncio.Event, done: asyncio.Event) -> None:
        async with http.ws_connect(f"http://127.0.0.1:{self.port}/ws") as ws:
            await ws.send_str(json.dumps({"v": 1, "type": "join", "code": self.code,
                                          "secret": self.secret, "seat": self.n,
                                          "name": f"Phone {self.n + 1}"}))
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(msg.data)
                kind = data["type"]
                now = time.perf_counter()
                if kind == "ping":
                    await ws.send_str(json.dumps({"v": 1, "type": "pong", "id": data["id"],
                                                  "c": time.monotonic() * 1000}))
                elif kind == "welcome":
                    self.seq = data.get("seq", 0)
                    joined.set()
                elif kind == "ack" and data["seq"] == self.seq:
                    self.acked = True
                elif kind == "error" and data.get("seq") == self.seq:
                    self.refused += 1
                    self.sent_at = None
                elif kind == "screen":
                    if self.sent_at is not None and not self.acked:
                        continue                # a screen already on its way: not the answer
                    if self.sent_at is not None:
                        self.rtts.append(now - self.sent_at)
                        self.sent_at = None
                        self.acked = False
                        if len(self.rtts) >= self.want:
                            done.set()
                    move = next((m for m in data["screen"]["moves"] if m["legal"]), None)
                    if move is None and data["screen"].get("buzzer"):
                        buzzer = data["screen"]["buzzer"]
                        move = {"action": buzzer["action"]} if buzzer.get("armed") else None
                    if move is not None and not done.is_set():
                        if self.think_s:        # a finger goes down at no particular frame
                            await asyncio.sleep(self.rng.uniform(0, self.think_s))
                        self.seq += 1
                        self.sent_at = time.perf_counter()
                        await ws.send_str(json.dumps({"v": 1, "type": "intent", "seq": self.seq,
                                                      "action": move["action"],
                                                      "t": time.monotonic() * 1000}))
                if done.is_set():
                    break


async def drive(pipe: Any, port: int, code: str, secret: str, phones: int, want: int,
                timeout: float, think_ms: float, seed: int) -> None:
    rtts: list[float] = []
    done = asyncio.Event()
    sims = [Phone(i, code, secret, port, rtts, want, think_ms, seed) for i in range(phones)]
    async with aiohttp.ClientSession() as http:
        joins = [asyncio.Event() for _ in sims]
        tasks = [asyncio.create_task(p.run(http, j, done)) for p, j in zip(sims, joins, strict=True)]
        await asyncio.wait_for(asyncio.gather(*(j.wait() for j in joins)), 10)
        pipe.send("joined")                         # the host starts the game
        try:
            await asyncio.wait_for(done.wait(), timeout)
        except TimeoutError:
            print(f"phone_bench: only {len(rtts)} round trips in {timeout:.0f} s", file=sys.stderr)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    pipe.send((rtts, sum(p.refused for p in sims)))


def phones_process(pipe: Any, *args: Any) -> None:
    """The phones live in their own process, as real phones have their own CPUs: their
    JSON and sockets do not compete with the table for the GIL."""
    asyncio.run(drive(pipe, *args))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="daotam")
    ap.add_argument("--phones", type=int, default=5)
    ap.add_argument("--intents", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--think-ms", type=float, default=100.0,
                    help="each phone waits a random 0..this before a move (0: at once, so "
                         "every intent lands just after a frame and waits a whole one)")
    args = ap.parse_args(argv)

    room = Room(args.game, ["phone"] * args.phones)
    own = presenter(args.game)
    room._present = own or generic_presenter
    game = GameThread(room, args.game, args.phones, args.seed)
    server = PartyServer(room, host="127.0.0.1", port=0)
    server.start()
    game.thread.start()
    ctx = multiprocessing.get_context("spawn")      # no fork of a process running threads
    here, there = ctx.Pipe()
    proc = ctx.Process(target=phones_process, args=(there, server.port, room.code,
                                                    room.room_secret, args.phones,
                                                    args.intents, args.timeout, args.think_ms,
                                                    args.seed), daemon=True)
    proc.start()
    try:
        if not here.poll(60) or here.recv() != "joined":
            raise SystemExit("phone_bench: the phones did not join")
        room.start()
        if not here.poll(args.timeout + 30):
            raise SystemExit("phone_bench: the phones did not report")
        rtts, refused = here.recv()
    finally:
        proc.join(5)
        game.stop.set()
        game.thread.join(2)
        server.stop()
    ms = [r * 1000 for r in rtts]
    pump = [p * 1000 for p in game.pump_s]
    out = {
        "game": args.game, "phones": args.phones, "presenter": "game" if own else "generic",
        "think_ms": args.think_ms,
        "intents": len(ms), "refused": refused, "games": game.games,
        "rtt_ms": {"p50": round(percentile(ms, 50), 2), "p95": round(percentile(ms, 95), 2),
                   "max": round(max(ms, default=0.0), 2)},
        "pump_ms": {"frames": len(pump), "p50": round(percentile(pump, 50), 3),
                    "p99": round(percentile(pump, 99), 3), "max": round(max(pump, default=0.0), 3)},
    }
    print(json.dumps(out))
    return 0 if len(ms) >= args.intents else 1


if __name__ == "__main__":
    sys.exit(main())
