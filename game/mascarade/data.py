"""data/mascarade.yaml: characters, set tables per player count (§3), flags (§13), texts.

Every error names the file, the entry and the field (:class:`game.cards.DataError`).
Custom sets (§3.3) are checked by :func:`check_set`, which the loader also runs on every
recommended set, so a broken table cannot load.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game.cards import DATA_DIR, DataError, Reader, read_yaml
from game.windows import check_timing

#: Characters in card order. The engine works on indices into this tuple.
CHARACTER_IDS = ("judge", "bishop", "king", "fool", "queen", "thief", "witch", "spy",
                 "peasant", "cheat", "inquisitor", "widow")
FLAG_NAMES = ("widow_mode", "forced_swap_after_reveal", "small_table_mode",
              "extra_middle_cards", "thief_two_player", "witch_may_decline", "first_player",
              "memory_aid_log")


@dataclass(frozen=True)
class Character:
    index: int
    id: str
    copies: int
    money: bool          # brings money from the bank (§3.3 b)
    amount: int          # the power's number (0: none)
    pair_amount: int     # Peasant: each takes this when both are revealed true
    min_players: int     # §3.3 (d)
    name: dict[str, str]
    power: dict[str, str]


@dataclass(frozen=True)
class Rules:
    """The loaded data file."""

    name: dict[str, str]
    min_players: int
    max_players: int
    first_game_players: int     # the seat count a fresh setup starts at (suggested 4-8)
    start_coins: int
    total_coins: int
    win_coins: int
    min_cards: int
    max_cards: int
    max_extra_middle: int
    forced_swap_turns: int
    fine: int
    money_share: int
    max_turns: int
    characters: tuple[Character, ...]
    sets: dict[int, tuple[int, ...]]                 # players -> character index per card
    small_sets: dict[int, tuple[int, ...]]
    cards_per_player: dict[int, int]
    flags: dict[str, tuple]                          # name -> allowed values, default first

    def by_id(self, cid: str) -> Character:
        for c in self.characters:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def index(self, cid: str) -> int:
        return self.by_id(cid).index

    def card_count(self, n_players: int, extra: int = 0) -> int:
        """§2.2: 6 cards up to 6 players, n cards from 6 on, plus the extra middle cards."""
        return max(self.min_cards, n_players) + extra


class SetError(ValueError):
    """A character set that breaks §3.3; the message says which rule."""


def check_set(rules: Rules, cards: list[int] | tuple[int, ...], n_players: int,
              extra: int = 0, small_table: bool = False) -> None:
    """Raise :class:`SetError` if ``cards`` (character indices, one per card) break §3.3."""
    chars = rules.characters
    names = [chars[c].id for c in cards]
    judge = rules.index("judge")
    if judge not in cards:
        raise SetError("the Judge must be in the set")
    money = sum(1 for c in cards if chars[c].money)
    if rules.money_share * money < len(cards):
        raise SetError(f"only {money} of {len(cards)} cards bring money; at least a third must")
    for c in set(cards):
        ch = chars[c]
        k = names.count(ch.id)
        if ch.copies == 2 and k != 2:
            raise SetError(f"both {ch.id.capitalize()} cards or neither, got {k}")
        if ch.copies == 1 and k > 1:
            raise SetError(f"{ch.id} appears {k} times; only the Peasant has two cards")
        if n_players < ch.min_players:
            raise SetError(f"{ch.id} needs {ch.min_players} or more players, not {n_players}")
    if not 0 <= extra <= rules.max_extra_middle or extra and n_players < 6:
        raise SetError(f"{extra} extra middle cards: only 0–{rules.max_extra_middle}, and only "
                       "with 6 or more players")
    want = 6 if small_table else rules.card_count(n_players, extra)
    if len(cards) != want:
        raise SetError(f"{n_players} players use {want} cards, not {len(cards)}")
    if len(cards) > rules.max_cards:
        raise SetError(f"at most {rules.max_cards} cards, not {len(cards)}")


def _set_table(r: Reader, field: str, chars: tuple[Character, ...]) -> dict[int, tuple[int, ...]]:
    table = r.get(field, dict)
    ids = {c.id: c.index for c in chars}
    out: dict[int, tuple[int, ...]] = {}
    for key, raw in table.items():
        entry = f"{r.entry}.{field}[{key}]" if r.entry != "(top)" else f"{field}[{key}]"
        if isinstance(key, bool) or not isinstance(key, int) or not 2 <= key <= 13:
            raise DataError(r.file, entry, "-", "the key must be a player count, 2 to 13")
        if not isinstance(raw, list):
            raise DataError(r.file, entry, "-", "must be a list of character ids")
        cards = []
        for i, cid in enumerate(raw):
            if cid not in ids:
                raise DataError(r.file, entry, f"[{i}]", f"unknown character {cid!r}")
            cards.append(ids[cid])
        out[key] = tuple(cards)
    return out


def load_rules(path: str | Path | None = None) -> Rules:
    """Read and validate a Mascarade YAML file. Raises :class:`DataError`."""
    path = Path(path) if path else DATA_DIR / "mascarade.yaml"
    top = Reader(path, "(top)", read_yaml(path))
    top.choice("game", ("mascarade",), "mascarade")
    name = top.names("name")
    lo, hi = top.int("min_players", 2, 13), top.int("max_players", 2, 13)
    if lo > hi:
        raise top.fail("min_players", f"must not exceed max_players ({hi})")
    first = top.int("first_game_players", lo, hi)
    nums = {k: top.int(k, lo_, hi_) for k, lo_, hi_ in (
        ("start_coins", 1, 100), ("total_coins", 1, 10000), ("win_coins", 2, 1000),
        ("min_cards", 1, 13), ("max_cards", 1, 13), ("max_extra_middle", 0, 13),
        ("forced_swap_turns", 0, 100), ("fine", 1, 100), ("money_share", 1, 10),
        ("max_turns", 10, 10**7))}

    chars: list[Character] = []
    for i, raw in enumerate(top.list("characters")):
        r = Reader(path, f"characters[{i}]", raw)
        cid = r.str("id")
        r.entry = f"character '{cid}'"
        if i >= len(CHARACTER_IDS) or cid != CHARACTER_IDS[i]:
            want = CHARACTER_IDS[i] if i < len(CHARACTER_IDS) else "(none)"
            raise r.fail("id", f"expected {want!r} here: the twelve characters in the order "
                               f"{', '.join(CHARACTER_IDS)}")
        chars.append(Character(i, cid, r.int("copies", 1, 2), r.get("money", bool),
                               r.int("amount", 0, 100, 0), r.int("pair_amount", 0, 100, 0),
                               r.int("min_players", 2, 13), r.names("name"), r.names("power")))
        r.done()
    if len(chars) != len(CHARACTER_IDS):
        raise top.fail("characters", f"needs the twelve characters, got {len(chars)}")
    chars_t = tuple(chars)

    sets = _set_table(top, "sets", chars_t)
    st = top.sub("small_table", "small_table")
    small = _set_table(st, "sets", chars_t)
    per = st.get("cards_per_player", dict)
    for k, v in per.items():
        if k not in small:
            raise st.fail(f"cards_per_player.{k}", "no small-table set for this count")
        if isinstance(v, bool) or not isinstance(v, int) or v * k != 6:
            raise st.fail(f"cards_per_player.{k}", f"{k} players × {v!r} cards must make 6")
    st.done()
    if set(small) != set(per):
        raise st.fail("cards_per_player", "one entry per small-table set")

    fr = top.sub("flags", "flags")
    flags: dict[str, tuple] = {}
    for f in FLAG_NAMES:
        values = fr.list(f)
        if not values or len(set(map(repr, values))) != len(values):
            raise fr.fail(f, "must list the allowed values, default first, no repeats")
        flags[f] = tuple(values)
    for i, v in enumerate(flags["extra_middle_cards"]):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= nums["max_extra_middle"]:
            raise fr.fail(f"extra_middle_cards[{i}]", f"must be a whole number 0–"
                                                      f"{nums['max_extra_middle']} (max_extra_middle), got {v!r}")
    fr.done()
    check_timing(path, "timing", top.get("timing", dict, {}))   # used by game.windows.load_timing
    top.done()

    rules = Rules(name=name, min_players=lo, max_players=hi, first_game_players=first, **nums,
                  characters=chars_t, sets=sets, small_sets=small, cards_per_player=dict(per), flags=flags)
    for n in range(lo, hi + 1):
        if n not in sets:
            raise top.fail(f"sets[{n}]", "is missing")
    for n, cards in sets.items():
        if not lo <= n <= hi:
            raise top.fail(f"sets[{n}]", f"player count outside {lo}–{hi}")
        try:
            check_set(rules, cards, n)
        except SetError as err:
            raise DataError(path, f"sets[{n}]", "-", str(err)) from None
    for n, cards in small.items():
        try:
            check_set(rules, cards, n, small_table=True)
        except SetError as err:
            raise DataError(path, f"small_table.sets[{n}]", "-", str(err)) from None
    return rules


@lru_cache(maxsize=1)
def default_rules() -> Rules:
    return load_rules()


def card_name(card: int, lang: str) -> str:
    """A character's name in ``lang`` (``card``: its index)."""
    c = default_rules().characters[int(card)]
    return c.name.get(lang, c.name["en"])
