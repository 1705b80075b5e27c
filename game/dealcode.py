"""Deal codes: a short code a player can read aloud or type, naming a game, its seat
count, its rule options and the deal number — "the same cards" for a friend.

``KW-0009-M2CX``: two letters for the game, then groups of four characters of Crockford
base 32 (digits and letters without I, L, O, U; typing O for 0 or I/L for 1 is forgiven,
case and spaces do not matter). The characters hold one number, mixed-radix::

    ((deal × seat choices + seats − min) × option combinations + option index)

spread over the seven characters by an invertible affine map (so codes of nearby deals
look nothing alike and have no run of zeros; a number too big for seven is written as it is).
where the option index counts through the game's setup options (``game.options``, in YAML
order, each option's values in YAML order). The last character is a Luhn mod 32 check, so
any one mistyped character and most swaps of two neighbours are caught and named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import registry
from game.options import OptionSpec

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"       # Crockford base 32
FORGIVE = {"O": "0", "I": "1", "L": "1"}
MIN_BODY = 7            # payload characters before the check (a 9-digit deal fits)
GROUP = 4
SPACE = 32 ** MIN_BODY
MIX_A, MIX_B = 0x2F1A_8E3B, 0x1B_5D29_C7A1 % SPACE   # an odd multiplier: a bijection of SPACE
MIX_INV = pow(MIX_A, -1, SPACE)


class DealCodeError(ValueError):
    """A code that names no deal. ``key``/``params``: the reason, for the player."""

    def __init__(self, message: str, key: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Deal:
    game: str
    seats: int
    options: dict
    deal: int


def prefix(game: str) -> str:
    """The code's two letters for ``game`` (its descriptor's ``prefix``)."""
    g = registry.GAMES.get(game)
    return g.code_prefix if g is not None else game[:2].upper()


def _specs(game: str) -> tuple[OptionSpec, ...]:
    return registry.option_specs(game)


def _check_char(values: list[int]) -> int:
    """Luhn mod 32 over the payload digits (the check digit that makes the sum 0)."""
    total, factor = 0, 2
    for v in reversed(values):
        x = v * factor
        total += x // 32 + x % 32
        factor = 3 - factor
    return (32 - total % 32) % 32


def _valid(values: list[int]) -> bool:
    total, factor = 0, 1
    for v in reversed(values):
        x = v * factor
        total += x // 32 + x % 32
        factor = 3 - factor
    return total % 32 == 0


def encode(game: str, seats: int, options: dict, deal: int) -> str:
    """The code of a deal. ValueError for a game, seat count or option it cannot name."""
    info = registry.info(game)
    if not info.min_seats <= seats <= info.max_seats:
        raise ValueError(f"{game} is played by {info.min_seats}–{info.max_seats}, not {seats}")
    if not isinstance(deal, int) or deal < 0:
        raise ValueError(f"a deal number is a whole number ≥ 0, not {deal!r}")
    specs = _specs(game)
    unknown = sorted(set(options) - {s.key for s in specs})
    if unknown:             # a code names only the setup options: it would deal other cards
        raise ValueError(f"a code cannot name the option {unknown[0]!r}")
    index = 0
    for spec in specs:
        value = options.get(spec.key, spec.default)
        if value not in spec.values:
            raise ValueError(f"{spec.key}={value!r} is not one of {list(spec.values)}")
        index = index * len(spec.values) + spec.values.index(value)
    combos = _combos(game)
    number = (deal * (info.max_seats - info.min_seats + 1) + seats - info.min_seats) * combos + index
    if number < SPACE:      # spread small numbers over the space: no run of zeros
        number = (number * MIX_A + MIX_B) % SPACE
    digits: list[int] = []
    while number or len(digits) < MIN_BODY:
        number, d = divmod(number, 32)
        digits.append(d)
    digits.reverse()
    digits.append(_check_char(digits))
    body = "".join(ALPHABET[d] for d in digits)
    groups = [body[max(0, i - GROUP):i] for i in range(len(body), 0, -GROUP)][::-1]
    return "-".join([prefix(game), *groups])


def _combos(game: str) -> int:
    out = 1
    for spec in _specs(game):
        out *= len(spec.values)
    return out


def decode(code: str) -> Deal:
    """The deal a code names; DealCodeError says what is wrong with a mistyped one."""
    text = "".join(ch for ch in str(code).upper() if ch not in " -_.\t")
    if not text:
        raise DealCodeError("The code is empty.", "replay.code_empty")
    games = {prefix(g): g for g in registry.GAMES}
    game = games.get(text[:2])
    if game is None:
        raise DealCodeError(f"The code does not start with a game's letters ({', '.join(games)}).",
                            "replay.code_game", letters=text[:2], known=", ".join(games))
    body = text[2:]
    digits: list[int] = []
    for pos, ch in enumerate(body, 3):
        ch = FORGIVE.get(ch, ch)
        if ch not in ALPHABET:
            raise DealCodeError(f"'{ch}' (character {pos}) is not used in codes.",
                                "replay.code_char", char=ch, pos=pos)
        digits.append(ALPHABET.index(ch))
    if len(digits) < MIN_BODY + 1:
        raise DealCodeError("The code is too short: a character is missing.", "replay.code_short")
    if not _valid(digits):
        raise DealCodeError("The code's check does not match: a character is mistyped or two "
                            "are swapped.", "replay.code_check")
    number = 0
    for d in digits[:-1]:
        number = number * 32 + d
    if len(digits) == MIN_BODY + 1:
        number = (number - MIX_B) * MIX_INV % SPACE
    info = registry.info(game)
    number, index = divmod(number, _combos(game))
    deal, seat_i = divmod(number, info.max_seats - info.min_seats + 1)
    options: dict = {}
    for spec in reversed(_specs(game)):
        index, i = divmod(index, len(spec.values))
        options[spec.key] = spec.values[i]
    return Deal(game, info.min_seats + seat_i, dict(reversed(options.items())), deal)


def code_for(game: str, seats: int, options: dict, deal: int) -> str:
    """The deal's code, or "" for one no code names (an unknown game, or an option value
    the setup screen does not offer)."""
    try:
        return encode(game, seats, options, deal)
    except ValueError:
        return ""
