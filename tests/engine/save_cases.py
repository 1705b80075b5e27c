"""Damaged save files, shared by the engine tests and the menu tests.

``corrupt_cases(data)`` maps a case name to (file bytes, the ``SaveError.key`` expected).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from game.match import SAVE_VERSION, Match, Seat
from game.storage import MAX_SAVE_BYTES, read_json


def good_save(path: Path, game: str = "ganjifa", moves: int = 6, seed: int = 21) -> dict:
    """Play ``moves`` actions of a real hand (human seat 0 plays its first legal card)."""
    m = Match(game, [Seat("human"), Seat("random"), Seat("easy")], seed=seed,
              save_path=path, think_scale=0.0)
    now = 0.0
    while len(m.log) < moves and not m.is_over():
        (seat,) = m.active_seats()
        if seat == 0:
            m.submit(seat, m.legal_actions(seat)[0])
        else:
            now += 1.0
            m.tick(now)
    m.close()
    return read_json(path)


def corrupt_cases(data: dict) -> dict[str, tuple[bytes, str]]:
    def dump(d) -> bytes:
        return json.dumps(d).encode()

    raw = dump(data)
    bad_card = copy.deepcopy(data)
    bad_card["actions"][0][1] = ["play", 9999]
    wrong_seat = copy.deepcopy(data)
    wrong_seat["actions"][1][0] = (wrong_seat["actions"][1][0] + 1) % 3
    extra = copy.deepcopy(data)
    extra["actions"].append([0, ["give", 3]])
    odd_action = copy.deepcopy(data)
    odd_action["actions"][0][1] = ["play", "seventeen"]
    no_actions = {k: v for k, v in data.items() if k != "actions"}
    seed_at = raw.index(b'"seed": ') + len(b'"seed": ')
    seed_end = raw.index(b",", seed_at)

    def seed(text: bytes) -> bytes:
        return raw[:seed_at] + text + raw[seed_end:]

    return {
        "garbage bytes": (b"\x00\xff\xfe garbage \x89PNG\r\n", "save.damaged"),
        "binary file": (bytes(range(256)) * 64, "save.damaged"),
        "empty file": (b"", "save.damaged"),
        "truncated JSON": (raw[: len(raw) // 2], "save.damaged"),
        "not UTF-8": (raw.replace(b'"ganjifa"', b'"ganj\xe9fa"', 1).replace(b'"kowah"', b'"kow\xe9h"', 1),
                      "save.damaged"),
        "5000-digit integer": (seed(b"9" * 5000), "save.damaged"),
        "deeply nested": (b"[" * 100_000 + b"]" * 100_000, "save.damaged"),
        "deeply nested action": (raw.replace(b'"actions": [', b'"actions": [' + b"[" * 50_000, 1)
                                 + b"]" * 50_000, "save.damaged"),
        "NaN seed": (seed(b"NaN"), "save.damaged"),
        "Infinity seed": (seed(b"-Infinity"), "save.damaged"),
        "seed overflows": (seed(b"1e999"), "save.incomplete"),
        "huge file": (raw + b" " * (MAX_SAVE_BYTES + 1), "save.too_big"),
        "not a mapping": (b"[1, 2, 3]", "save.not_a_save"),
        "no version": (dump({k: v for k, v in data.items() if k != "version"}), "save.not_a_save"),
        "version is text": (dump(data | {"version": "1"}), "save.not_a_save"),
        "version from the future": (dump(data | {"version": SAVE_VERSION + 1}), "save.newer"),
        "old version": (dump(data | {"version": 0}), "save.older"),
        "missing actions": (dump(no_actions), "save.incomplete"),
        "actions not a list": (dump(data | {"actions": 5}), "save.incomplete"),
        "action not a pair": (dump(data | {"actions": [{"seat": 0}]}), "save.incomplete"),
        "seed not a number": (dump(data | {"seed": "abc"}), "save.incomplete"),
        "seed is true": (dump(data | {"seed": True}), "save.incomplete"),
        "seed negative": (dump(data | {"seed": -5}), "save.incomplete"),
        "seats a string": (dump(data | {"seats": "human,easy,hard"}), "save.incomplete"),
        "game a number": (dump(data | {"game": 7}), "save.incomplete"),
        "options a list": (dump(data | {"options": [1, 2]}), "save.incomplete"),
        "over is text": (dump(data | {"over": "no"}), "save.incomplete"),
        "unknown seat kind": (dump(data | {"seats": ["human", "wizard", "easy"]}), "save.incomplete"),
        "unknown game": (dump(data | {"game": "chess"}), "save.unknown_game"),
        "bad option": (dump(data | {"options": {"time": "noon"}}), "save.bad_setup"),
        "wrong seat count": (dump(data | {"seats": ["human", "easy"]}), "save.bad_setup"),
        "card not in hand": (dump(bad_card), "save.no_replay"),
        "not your turn": (dump(wrong_seat), "save.no_replay"),
        "action after the log ends badly": (dump(extra), "save.no_replay"),
        "action of an odd shape": (dump(odd_action), "save.no_replay"),
    }
