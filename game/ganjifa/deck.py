"""The Ganjifa pack, loaded from ``data/ganjifa.yaml``.

Cards are small ints ``suit * ranks_per_suit + rank`` so the engine stays fast;
:class:`Deck` maps them to names, suits and strengths.
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
    name: dict[str, str]
    sign: dict[str, str]
    order: str  # "ace_high" or "ten_high"


@dataclass(frozen=True, slots=True)
class Rank:
    index: int
    id: str          # "R", "M", "1".."10"
    kind: str        # "raja", "mantri" or "numeral"
    value: int       # face value for numerals, 0 for courts
    name: dict[str, str] | None


@dataclass(frozen=True)
class Deck:
    name: dict[str, str]
    players: int
    direction: str
    deal_packet: int
    dukal_min_run: int
    trumps: dict[str, int]          # "day"/"night" -> suit index
    options: dict[str, tuple[str, tuple[str, ...]]]
    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    strength: tuple[int, ...]       # per card: 11 = strongest in its suit
    raja_rank: int
    mantri_rank: int

    @property
    def size(self) -> int:
        return len(self.suits) * len(self.ranks)

    @property
    def per_suit(self) -> int:
        return len(self.ranks)

    def suit_of(self, card: int) -> int:
        return card // len(self.ranks)

    def rank_of(self, card: int) -> Rank:
        return self.ranks[card % len(self.ranks)]

    def card(self, suit: int, rank_id: str) -> int:
        for r in self.ranks:
            if r.id == rank_id:
                return suit * len(self.ranks) + r.index
        raise KeyError(rank_id)

    def card_id(self, card: int) -> str:
        return f"{self.suits[self.suit_of(card)].id}-{self.rank_of(card).id}"

    def parse(self, text: str) -> int:
        """``"rama-R"`` → card int (used by tests and scenario files)."""
        suit_id, _, rank_id = text.partition("-")
        for s in self.suits:
            if s.id == suit_id:
                return self.card(s.index, rank_id)
        raise KeyError(text)

    def card_name(self, card: int, lang: str) -> str:
        rank = self.rank_of(card)
        suit = self.suits[self.suit_of(card)].name[lang]
        label = rank.name[lang] if rank.name else rank.id
        return f"{label} {suit}" if lang == "en" else f"{label} {suit}"


def load_deck(path: str | Path | None = None) -> Deck:
    """Read and validate a Ganjifa YAML file. Raises :class:`DataError`."""
    path = Path(path) if path else DATA_DIR / "ganjifa.yaml"
    top = Reader(path, "(top)", read_yaml(path))
    top.choice("game", ("ganjifa",), "ganjifa")
    name = top.names("name")
    players = top.int("players", 2, 8)
    direction = top.choice("direction", ("clockwise", "counter_clockwise"))
    packet = top.int("deal_packet", 1, 40)
    min_run = top.int("dukal_min_run", 1, 10)

    ranks: list[Rank] = []
    for i, raw in enumerate(top.list("ranks")):
        r = Reader(path, f"ranks[{i}]", raw)
        rid = r.get("id", (str, int))
        rid = str(rid)
        kind = r.choice("kind", ("raja", "mantri", "numeral"), "numeral")
        value = r.int("value", 1, 99) if kind == "numeral" else 0
        rname = r.names("name") if kind != "numeral" else None
        if any(x.id == rid for x in ranks):
            raise r.fail("id", f"duplicate rank {rid!r}")
        r.done()                    # a numeral has no name, a court no value
        ranks.append(Rank(i, rid, kind, value, rname))
    kinds = [r.kind for r in ranks]
    if kinds.count("raja") != 1 or kinds.count("mantri") != 1:
        raise top.fail("ranks", "needs exactly one raja and one mantri")

    orders_r = top.sub("rank_orders")
    orders: dict[str, list[str]] = {}
    rank_ids = sorted(r.id for r in ranks)
    for oname, seq in orders_r.data.items():
        if not isinstance(seq, list) or sorted(str(x) for x in seq) != rank_ids:
            raise orders_r.fail(str(oname), "must list every rank exactly once")
        orders[str(oname)] = [str(x) for x in seq]

    suits: list[Suit] = []
    for i, raw in enumerate(top.list("suits")):
        s = Reader(path, f"suits[{i}]", raw)
        sid = s.str("id")
        s.entry = f"suit '{sid}'"
        order = s.choice("order", tuple(orders))
        if any(x.id == sid for x in suits):
            raise s.fail("id", f"duplicate suit {sid!r}")
        suits.append(Suit(i, sid, s.names("name"), s.names("sign"), order))
        s.done()

    size = len(suits) * len(ranks)
    expected = top.int("deck_size", 1, 1000)
    if size != expected:
        raise top.fail("deck_size", f"suits × ranks make {size} cards, not {expected}")
    if size % (players * packet):
        raise top.fail("deal_packet", f"{size} cards do not deal evenly to {players} players")

    trumps_r = top.sub("trumps")
    trumps = {}
    for t in ("day", "night"):
        sid = trumps_r.choice(t, tuple(s.id for s in suits))
        trumps[t] = next(s.index for s in suits if s.id == sid)
    trumps_r.done()

    opts_r = top.sub("options")
    options = {}
    for oname, raw in opts_r.data.items():
        o = Reader(path, f"options.{oname}", raw)
        values = tuple(str(v) for v in o.list("values"))
        options[str(oname)] = (o.choice("default", values), values)
        accept_setup_fields(o)      # label, choice_label, suggest: the setup screen's (game.options)
        o.done()

    top.done()

    index_of = {r.id: r.index for r in ranks}
    strength = [0] * size
    for s in suits:
        seq = orders[s.order]
        for pos, rid in enumerate(seq):
            strength[s.index * len(ranks) + index_of[rid]] = len(seq) - 1 - pos

    return Deck(
        name=name, players=players, direction=direction, deal_packet=packet,
        dukal_min_run=min_run, trumps=trumps, options=options, suits=tuple(suits),
        ranks=tuple(ranks), strength=tuple(strength),
        raja_rank=kinds.index("raja"), mantri_rank=kinds.index("mantri"),
    )


@lru_cache(maxsize=1)
def default_deck() -> Deck:
    return load_deck()


def card_name(card: int, lang: str) -> str:
    """A card's name in ``lang`` (the words of a replay's "what really happened")."""
    return default_deck().card_name(int(card), lang)


__all__ = ["Deck", "Suit", "Rank", "load_deck", "default_deck", "DataError"]
