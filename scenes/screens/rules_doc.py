"""The in-app rules texts (data/rules/<game>.yaml), read and validated.

A rules file is ``game``, ``title`` and ``sections``; a section is a ``heading`` and a
list of ``paragraphs``. A paragraph is either text in both languages, ``{vi: …, en: …}``,
or a card picture::

    - {picture: [<game>/<suit>/raja, <game>/<suit>/mantri, <game>/<suit>/1],
       caption: {vi: "…", en: "…"}}          # caption optional: card names by default

Card references are ``<game>/…``, in the forms the game's :class:`RulesCards` reads (its
table's front names them, e.g. ``<game>/<suit id>/<rank>``; ids from data/<game>.yaml);
a game without them has no pictures. Unknown keys anywhere are rejected with the file,
entry and field named, so a typo never loads silently. No drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.cards import DATA_DIR, LANGS, DataError, Reader, read_yaml

RULES_DIR = DATA_DIR / "rules"
MAX_PICTURE = 6
_TEXT_KEYS = frozenset(LANGS)
_PICTURE_KEYS = frozenset({"picture", "caption"})


@dataclass(frozen=True)
class CardRef:
    game: str      # a game whose table's front has rules cards
    card: int      # the game's card identity
    ref: str       # as written in the file


@dataclass(frozen=True)
class Picture:
    cards: tuple[CardRef, ...]
    caption: dict[str, str] | None = None

    def caption_text(self, lang: str) -> str:
        """The caption, or the cards' names joined with " · "."""
        if self.caption:
            return self.caption[lang]
        return " · ".join(card_name(c, lang) for c in self.cards)


Paragraph = dict[str, str] | Picture


@dataclass(frozen=True)
class Section:
    heading: dict[str, str]
    paragraphs: tuple[Paragraph, ...]


@dataclass(frozen=True)
class RulesDoc:
    game: str
    title: dict[str, str]
    sections: tuple[Section, ...]

    def texts(self, lang: str) -> list[str]:
        """Every string the viewer draws for this document in ``lang``, in order."""
        out = [self.title[lang]]
        for s in self.sections:
            out.append(s.heading[lang])
            for p in s.paragraphs:
                out.append(p.caption_text(lang) if isinstance(p, Picture) else p[lang])
        return out


def _only(r: Reader, allowed: frozenset[str]) -> None:
    unknown = sorted(str(k) for k in r.data if k not in allowed)
    if unknown:
        raise r.fail(unknown[0], f"unknown field (allowed: {', '.join(sorted(allowed))})")


class RulesCards:
    """The card pictures a game's rules texts may show: how a reference names a card, and
    (scenes.screens.rules_pictures) how it is drawn. A game's table package subclasses it."""

    #: A picture made only of this game's cards is laid out taller (narrow strips).
    tall = False

    def deck(self) -> Any:
        """The game's deck (``card_name``, and whatever :meth:`card` reads)."""
        raise NotImplementedError

    def card(self, deck: Any, parts: list[str]) -> int | None:
        """The card named by the reference's parts after ``<game>/``, or None."""
        raise NotImplementedError

    def forms(self, game: str, deck: Any) -> str:
        """The accepted forms, for an error message."""
        raise NotImplementedError

    def aspect(self) -> float:
        """Width / height of a card's picture."""
        return 1.0

    def art(self) -> Any:
        """The drawing side (``images(card, rect, u)`` → face, shadow, offset; ``clear()``)."""
        raise NotImplementedError


def rules_cards(game: str) -> RulesCards | None:
    """The game's :class:`RulesCards` (its table's front), or None."""
    from scenes.tables.registry import hook
    return hook(game, "rules_cards")


def _decks() -> dict[str, Any]:
    """The decks of the games with rules cards, in table order."""
    from scenes.tables.registry import TABLES
    out = {}
    for game in TABLES:
        cards = rules_cards(game)
        if cards is not None:
            out[game] = _deck(game, cards)
    return out


_DECKS: dict[str, Any] = {}


def _deck(game: str, cards: RulesCards) -> Any:
    if game not in _DECKS:
        _DECKS[game] = cards.deck()
    return _DECKS[game]


def card_name(ref: CardRef, lang: str) -> str:
    return _decks()[ref.game].card_name(ref.card, lang)


def parse_card(ref: object) -> CardRef:
    """``"<game>/<suit>/<rank>"`` → CardRef; ValueError with the accepted forms if not."""
    if not isinstance(ref, str):
        raise ValueError(f"must be text like <game>/<suit>/<rank>, got {type(ref).__name__} {ref!r}")
    game, _, rest = ref.strip().partition("/")
    decks = _decks()
    if game not in decks:
        raise ValueError(f"unknown game in {ref!r} (games: {', '.join(decks)})")
    deck, cards = decks[game], rules_cards(game)
    parts = rest.split("/") if rest else []
    card = cards.card(deck, parts)
    if card is None:
        raise ValueError(f"unknown card {ref!r} (write {cards.forms(game, deck)})")
    return CardRef(game, card, ref)


def _picture(r: Reader) -> Picture:
    _only(r, _PICTURE_KEYS)
    refs = r.list("picture")
    if not 1 <= len(refs) <= MAX_PICTURE:
        raise r.fail("picture", f"must list 1 to {MAX_PICTURE} cards, got {len(refs)}")
    cards = []
    for k, ref in enumerate(refs):
        try:
            cards.append(parse_card(ref))
        except ValueError as err:
            raise r.fail(f"picture[{k}]", str(err)) from None
    caption = None
    if "caption" in r.data:
        _only(Reader(r.file, f"{r.entry}.caption", r.get("caption", dict)), _TEXT_KEYS)
        caption = r.names("caption")
    return Picture(tuple(cards), caption)


def _paragraph(r: Reader) -> Paragraph:
    if "picture" in r.data:
        return _picture(r)
    _only(r, _TEXT_KEYS)
    return Reader(r.file, r.entry, {"text": r.data}).names("text")


@lru_cache(maxsize=8)
def _bundled(game: str, path: Path) -> RulesDoc:
    return _load(game, path)


def rules_path(game: str) -> Path:
    """Where a game's rules document is: the one its descriptor names (``rules/<game>.yaml``
    in the game's data folder), else data/rules/<game>.yaml."""
    from game import registry
    return registry.info(game).rules_path if game in registry.GAMES else RULES_DIR / f"{game}.yaml"


def load_rules(game: str, path: str | Path | None = None) -> RulesDoc:
    """Read and validate the game's rules document (:func:`rules_path`, once per
    process), or the file at ``path``. Raises :class:`DataError`."""
    return _load(game, Path(path)) if path else _bundled(game, rules_path(game))


def _load(game: str, path: Path) -> RulesDoc:
    top = Reader(path, "(top)", read_yaml(path))
    _only(top, frozenset({"game", "title", "sections"}))
    if top.str("game") != game:
        raise top.fail("game", f"must be {game!r} (the file's game), got {top.data['game']!r}")
    title = top.names("title")
    _only(Reader(path, "title", top.data["title"]), _TEXT_KEYS)
    sections = []
    for i, raw in enumerate(top.list("sections")):
        s = Reader(path, f"sections[{i}]", raw)
        _only(s, frozenset({"heading", "paragraphs"}))
        heading = s.names("heading")
        _only(Reader(path, f"sections[{i}].heading", s.data["heading"]), _TEXT_KEYS)
        paras = tuple(_paragraph(Reader(path, f"sections[{i}].paragraphs[{j}]", p))
                      for j, p in enumerate(s.list("paragraphs")))
        if not paras:
            raise s.fail("paragraphs", "must not be empty")
        sections.append(Section(heading, paras))
    if not sections:
        raise top.fail("sections", "must not be empty")
    return RulesDoc(game, title, tuple(sections))


def rule_games() -> list[str]:
    """The games that have a rules document, in a stable order (registry order first,
    then any other file in data/rules/)."""
    from scenes.tables.registry import TABLES
    known = [g for g in TABLES if rules_path(g).exists()]
    found = sorted(p.stem for p in RULES_DIR.glob("*.yaml"))
    return known + [g for g in found if g not in known]


__all__ = ["CardRef", "DataError", "Picture", "RulesCards", "RulesDoc", "Section", "card_name",
           "load_rules", "parse_card", "rule_games", "rules_cards", "rules_path"]
