"""The Kowah pack (Chinese money cards), loaded from ``data/kowah.yaml``.

A card is its *identity*, a small int (rule 5): the four copies of an identity are
interchangeable, so hands are sorted lists of ints with repeats. Numerals come first,
suit by suit (Coins 1–9, Strings 1–9, Myriads 1–9), then the honours in YAML order; that
is also the display order (rule 4).

Each identity has a *key*: triples match keys (rule 6). A numeral's key is its number
(``0..8`` for 1–9), so suits mix freely; each honour has a key of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game.cards import DATA_DIR, DataError, Reader, read_yaml
from game.options import accept_setup_fields


@dataclass(frozen=True, slots=True)
class Suit:
    index: int
    id: str
    short: str
    name: dict[str, str]
    chinese: str


@dataclass(frozen=True, slots=True)
class Honour:
    index: int
    id: str
    short: str
    name: dict[str, str]
    chinese: str


@dataclass(frozen=True, slots=True)
class Excluded:
    id: str
    copies: int
    name: dict[str, str]
    chinese: str


@dataclass(frozen=True)
class Deck:
    name: dict[str, str]
    variant: dict[str, str]
    players: int
    direction: str
    hand_size: int
    deal_packet: int
    copies: int
    multipliers: dict[str, int]     # "self_drawn", "opponent_draw", "opponent_discard"
    options: dict[str, dict]        # option -> {"default": v, "values"/"min"/"max": …}
    suits: tuple[Suit, ...]
    numbers: tuple[int, ...]        # face values, 1..9
    number_chinese: tuple[str, ...]
    honours: tuple[Honour, ...]
    excluded: tuple[Excluded, ...]
    card_name_template: dict[str, str]
    red_cards: tuple[int, ...]
    ids: tuple[str, ...]            # per identity: "5C", "OT", …
    keys: tuple[int, ...]           # per identity: the triple key

    # ----------------------------------------------------------- structure
    @property
    def kinds(self) -> int:
        """Number of identities (30)."""
        return len(self.ids)

    @property
    def size(self) -> int:
        return self.kinds * self.copies

    @property
    def n_keys(self) -> int:
        return len(self.numbers) + len(self.honours)

    @property
    def n_numerals(self) -> int:
        return len(self.suits) * len(self.numbers)

    def is_honour(self, card: int) -> bool:
        return card >= self.n_numerals

    def suit_of(self, card: int) -> int | None:
        return None if self.is_honour(card) else card // len(self.numbers)

    def number_of(self, card: int) -> int | None:
        return None if self.is_honour(card) else self.numbers[card % len(self.numbers)]

    def honour_of(self, card: int) -> Honour | None:
        return self.honours[card - self.n_numerals] if self.is_honour(card) else None

    def build(self) -> list[int]:
        """The whole pack, sorted: every identity ``copies`` times."""
        return [c for c in range(self.kinds) for _ in range(self.copies)]

    # --------------------------------------------------------------- names
    def card_id(self, card: int) -> str:
        return self.ids[card]

    def parse(self, text: str) -> int:
        """``"5C"`` → identity (also ``"OT"``, ``"RF"``, ``"WF"``)."""
        try:
            return self.ids.index(text.strip().upper())
        except ValueError:
            raise KeyError(text) from None

    def parse_many(self, text: str | list) -> list[int]:
        """``"5C 5C 5S"`` (or a list of ids/ints) → identities."""
        items = text.split() if isinstance(text, str) else text
        return [self.parse(c) if isinstance(c, str) else int(c) for c in items]

    def card_name(self, card: int, lang: str) -> str:
        honour = self.honour_of(card)
        if honour is not None:
            return honour.name[lang]
        suit = self.suits[self.suit_of(card)]   # type: ignore[index]
        return self.card_name_template[lang].format(number=self.number_of(card),
                                                    suit=suit.name[lang])

    def chinese(self, card: int) -> str:
        """The Chinese marks on a card: "五萬", "老千", …"""
        honour = self.honour_of(card)
        if honour is not None:
            return honour.chinese
        per = len(self.numbers)
        return self.number_chinese[card % per] + self.suits[card // per].chinese


def _option_specs(top: Reader) -> dict[str, dict]:
    opts = top.sub("options")
    out: dict[str, dict] = {}
    flag = Reader(opts.file, "options.rediscard_taken_card",
                  opts.get("rediscard_taken_card", dict))
    values = flag.list("values")
    if sorted(values) != [False, True] or not all(isinstance(v, bool) for v in values):
        raise flag.fail("values", "must be [true, false]")
    out["rediscard_taken_card"] = {"default": flag.get("default", bool), "values": (True, False)}
    accept_setup_fields(flag)       # label, choice_label: the setup screen's (game.options)
    flag.done()
    guard = Reader(opts.file, "options.max_turns_without_stock_draw",
                   opts.get("max_turns_without_stock_draw", dict))
    lo, hi = guard.int("min", 1, 10**9), guard.int("max", 1, 10**9)
    if lo > hi:
        raise guard.fail("min", f"must not exceed max ({hi})")
    out["max_turns_without_stock_draw"] = {"default": guard.int("default", lo, hi),
                                           "min": lo, "max": hi}
    guard.done()
    unknown = set(opts.data) - set(out)
    if unknown:
        raise opts.fail(sorted(unknown)[0], "unknown option")
    return out


def load_deck(path: str | Path | None = None) -> Deck:
    """Read and validate a Kowah YAML file. Raises :class:`DataError`."""
    path = Path(path) if path else DATA_DIR / "kowah.yaml"
    top = Reader(path, "(top)", read_yaml(path))
    top.choice("game", ("kowah",), "kowah")
    name, variant = top.names("name"), top.names("variant")
    players = top.int("players", 2, 8)
    direction = top.choice("direction", ("clockwise", "counter_clockwise"))
    hand_size = top.int("hand_size", 1, 100)
    if hand_size != 8:
        raise top.fail("hand_size", f"must be 8 (two triples and a pair), got {hand_size}")
    packet = top.int("deal_packet", 1, hand_size)
    if hand_size % packet:
        raise top.fail("deal_packet", f"{hand_size} cards are not dealt in packets of {packet}")
    copies = top.int("copies", 1, 100)

    mult_r = top.sub("multipliers")
    multipliers = {m: mult_r.int(m, 1, 1000) for m in
                   ("self_drawn", "opponent_draw", "opponent_discard")}
    mult_r.done()
    options = _option_specs(top)

    seen_short: set[str] = set()
    suits: list[Suit] = []
    for i, raw in enumerate(top.list("suits")):
        r = Reader(path, f"suits[{i}]", raw)
        sid = r.str("id")
        r.entry = f"suit '{sid}'"
        short = r.str("short")
        if short in seen_short:
            raise r.fail("short", f"duplicate short name {short!r}")
        seen_short.add(short)
        suits.append(Suit(i, sid, short, r.names("name"), r.str("chinese")))
        r.done()
    if not suits:
        raise top.fail("suits", "needs at least one suit")

    numbers: list[int] = []
    number_chinese: list[str] = []
    for i, raw in enumerate(top.list("numbers")):
        r = Reader(path, f"numbers[{i}]", raw)
        value = r.int("value", 1, 99)
        if value != i + 1:
            raise r.fail("value", f"numbers must run 1, 2, 3 … in order; expected {i + 1}")
        numbers.append(value)
        number_chinese.append(r.str("chinese"))
        r.done()
    if not numbers:
        raise top.fail("numbers", "needs at least one number")

    honours: list[Honour] = []
    for i, raw in enumerate(top.list("honours")):
        r = Reader(path, f"honours[{i}]", raw)
        hid = r.str("id")
        r.entry = f"honour '{hid}'"
        short = r.str("short").upper()
        if short in seen_short or any(h.id == hid for h in honours):
            raise r.fail("short", f"duplicate honour {short!r}")
        seen_short.add(short)
        honours.append(Honour(i, hid, short, r.names("name"), r.str("chinese")))
        r.done()

    excluded: list[Excluded] = []
    for i, raw in enumerate(top.list("excluded", [])):
        r = Reader(path, f"excluded[{i}]", raw)
        eid = r.str("id")
        r.entry = f"excluded '{eid}'"
        if any(h.id == eid for h in honours):
            raise r.fail("id", "an excluded card cannot also be an honour")
        excluded.append(Excluded(eid, r.int("copies", 1, 100), r.names("name"),
                                 r.str("chinese", "")))
        r.done()

    ids: list[str] = [f"{n}{s.short}".upper() for s in suits for n in numbers]
    ids += [h.short for h in honours]
    if len(set(ids)) != len(ids):
        raise top.fail("honours", "card ids clash between numerals and honours")
    keys = [i % len(numbers) for i in range(len(suits) * len(numbers))]
    keys += [len(numbers) + h.index for h in honours]

    size = len(ids) * copies
    expected = top.int("deck_size", 1, 10000)
    if size != expected:
        raise top.fail("deck_size", f"{len(ids)} cards × {copies} copies make {size}, "
                                    f"not {expected}")
    if players * hand_size >= size:
        raise top.fail("players", f"{players} hands of {hand_size} leave no stock")

    template = top.names("card_name")
    for lang, text in template.items():
        if "{number}" not in text or "{suit}" not in text:
            raise top.fail(f"card_name.{lang}", "must contain {number} and {suit}")
    red: list[int] = []
    for cid in top.list("red_cards", []):
        if not isinstance(cid, str) or cid.upper() not in ids:
            raise top.fail("red_cards", f"unknown card {cid!r}")
        red.append(ids.index(cid.upper()))
    top.done()

    return Deck(
        name=name, variant=variant, players=players, direction=direction,
        hand_size=hand_size, deal_packet=packet, copies=copies, multipliers=multipliers,
        options=options, suits=tuple(suits), numbers=tuple(numbers),
        number_chinese=tuple(number_chinese), honours=tuple(honours),
        excluded=tuple(excluded), card_name_template=template, red_cards=tuple(red),
        ids=tuple(ids), keys=tuple(keys),
    )


@lru_cache(maxsize=1)
def default_deck() -> Deck:
    return load_deck()


def card_name(card: int, lang: str) -> str:
    """A card's name in ``lang`` (the words of a replay's "what really happened")."""
    return default_deck().card_name(int(card), lang)


def build_deck() -> list[int]:
    """The 120-card Kowah pack of the default data file (rule 1)."""
    return default_deck().build()


__all__ = ["Deck", "Suit", "Honour", "Excluded", "load_deck", "default_deck", "build_deck",
           "DataError"]
