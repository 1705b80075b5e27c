"""Deal codes round-trip for every game, seat count and option combination in the YAML
option specs; a mistyped code is refused with its reason."""

from __future__ import annotations

import itertools
import random

import pytest

from game import dealcode, registry
from game.dealcode import ALPHABET, DealCodeError, decode, encode


def combos(game):
    specs = registry.option_specs(game)
    for values in itertools.product(*(s.values for s in specs)):
        yield {s.key: v for s, v in zip(specs, values, strict=True)}


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_every_combination_round_trips(game):
    info = registry.info(game)
    for options in combos(game):
        for seats in range(info.min_seats, info.max_seats + 1):
            for deal in (0, 1, 12345, 999_999_999, 2**40 + 7):
                code = encode(game, seats, options, deal)
                assert decode(code) == dealcode.Deal(game, seats, options, deal), code
                assert decode(code.lower().replace("-", " ")).deal == deal


def test_a_code_is_short_and_typeable():
    code = encode("kowah", 3, {"rediscard_taken_card": False}, 4567)
    assert code.startswith("KW-") and len(code) == len("KW-0000-0000")
    assert all(c in ALPHABET for c in code[3:].replace("-", ""))
    assert decode(code.replace("0", "O")).deal == 4567       # O for 0 is forgiven
    assert len(encode("ganjifa", 3, {}, 999_999_999)) == len("GJ-0000-0000")


def test_every_single_mistyped_character_is_caught():
    rng = random.Random(4)
    for game in registry.GAMES:
        code = encode(game, registry.info(game).min_seats, {}, rng.randrange(10**9))
        for i, ch in enumerate(code):
            if i < 3 or ch == "-":
                continue
            for other in ALPHABET:
                if other != ch:
                    bad = code[:i] + other + code[i + 1:]
                    with pytest.raises(DealCodeError) as err:
                        decode(bad)
                    assert err.value.key == "replay.code_check", bad


@pytest.mark.parametrize("text,key", [
    ("", "replay.code_empty"), ("  - ", "replay.code_empty"),
    ("XX-1234-5678", "replay.code_game"),
    ("KW-12U4-5678", "replay.code_char"),
    ("KW-12", "replay.code_short"),
])
def test_a_bad_code_says_why(text, key):
    with pytest.raises(DealCodeError) as err:
        decode(text)
    assert err.value.key == key and str(err.value)


def test_neighbour_swaps_are_mostly_caught():
    code = encode("ganjifa", 3, {"time": "night", "void_rule": "strict"}, 80_412)
    body = [i for i, c in enumerate(code) if i >= 3 and c != "-"]
    caught = total = 0
    for a, b in zip(body, body[1:], strict=False):
        if code[a] == code[b]:
            continue
        s = list(code)
        s[a], s[b] = s[b], s[a]
        total += 1
        try:
            decode("".join(s))
        except DealCodeError:
            caught += 1
    assert caught >= total - 1


def test_encode_refuses_what_it_cannot_name():
    with pytest.raises(ValueError):
        encode("kowah", 4, {}, 1)
    with pytest.raises(ValueError):
        encode("ganjifa", 3, {"time": "dusk"}, 1)
    with pytest.raises(ValueError):
        encode("kowah", 3, {}, -1)
    with pytest.raises(ValueError):      # an option the setup screen does not offer
        encode("mascarade", 5, {"extra_middle_cards": 2}, 1)
    assert dealcode.code_for("mascarade", 5, {"extra_middle_cards": 2}, 1) == ""
