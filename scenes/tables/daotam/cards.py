"""Đạo Tâm card images for the table (art direction §3.2–3.3): tall 5 : 7 cards.

The painting lives in :mod:`scenes.art.daotam_faces` (shapes as data, painted at 2× and
cached per size); this module is the table's door to it, with the deck's names and texts
in the app's language: Chiêu Thức faces by kind (and art variant, which changes only the
ornament), Chính Đạo faces by card id, Môn Sinh by number, and the two backs.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.art import daotam_faces as art
from scenes.art.daotam_faces import (  # noqa: F401
    AO_NIEM,
    BAMBOO,
    BELT,
    CELADON,
    CT_BACK,
    INK,
    KIND_COLOUR,
    PAPER,
    SMOKE,
    SS,
    STAGE_COLOUR,
    STAGE_STRIPES,
    UNIFORM,
    Spec,
    symbol,
)
from scenes.core import i18n
from scenes.kit.parts import borrowing

KINDS = ("cuong", "nhu", "ta_khi")


def chieu_thuc(kind: str, size: tuple[int, int], label: str = "", variant: int = 0) -> pygame.Surface:
    """A Chiêu Thức face: ``label`` is the card's name (drawn where it is readable);
    ``variant`` picks the background ornament (the symbol never changes)."""
    spec = Spec(kind, variant=variant, title=label, short_title=i18n.t(f"daotam.{kind}") if label else "")
    return art.face(spec, tuple(size)).image


def ct_back(size: tuple[int, int]) -> pygame.Surface:
    return art.face(Spec("ct_back"), tuple(size)).image


def cd_back(size: tuple[int, int]) -> pygame.Surface:
    return art.face(Spec("cd_back"), tuple(size)).image


def chinh_dao(card_type: str, stage: str | None, principle: int | None, title: str,
              size: tuple[int, int], *, card: str = "", text: str = "", short: str = "",
              short_title: str = "") -> pygame.Surface:
    """A Chính Đạo face: Tâm Niệm (stage band, number, belt bar, title, ability box),
    Tĩnh Tâm, Ảo Niệm (``card`` picks its emblem) or Môn Sinh (``principle`` is its
    number). ``text`` is the full ability, ``short`` its one-line summary for small cards."""
    spec = Spec(card_type, stage=stage, number=principle, card=card, title=title, short_title=short_title,
                text=text, short=short)
    return art.face(spec, tuple(size)).image


def mon_sinh(number: int, size: tuple[int, int], title: str = "") -> pygame.Surface:
    """Môn Sinh ``number`` (1–5): the number over a standing figure in its pose."""
    return art.face(Spec("mon_sinh", number=number, title=title), tuple(size)).image


def card_words(cid: str, lang: str) -> tuple[str, str]:
    """A Chính Đạo card's short title (empty when the title itself is short enough) and
    its one-line effect, in ``lang`` (data/i18n: ``daotam_art``)."""
    table = i18n.strings(lang)
    return table.get(f"daotam_art.title_{cid}", ""), table.get(f"daotam_art.short_{cid}", "")


@borrowing(table="deck")
class DaoTamCards:
    """Part of the table: card images for the table (names from the deck in the app's language)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def ct_face(self, kind: str, size: tuple[int, int], variant: int = 0) -> pygame.Surface:
        lg = i18n.lang()
        return chieu_thuc(kind, size, self.deck.chieu_thuc[KINDS.index(kind)].name.get(lg, kind), variant)

    def n_variants(self, kind: str) -> int:
        """How many art variants ``kind`` has (data/daotam.yaml ``art_variants``)."""
        return max(1, self.deck.chieu_thuc[KINDS.index(kind)].art_variants)

    def variant_at(self, kind: str, place: int) -> int:
        """The variant a card of ``kind`` shows at a place on the table (the engine holds
        Chiêu Thức as counts, so a card's place, not its identity, picks its ornament:
        the same card keeps it while it lies still)."""
        return place % self.n_variants(kind)

    def hand_variants(self, cards: list[str], salt: int = 0) -> list[int]:
        """Each hand card's variant: its place among the hand's cards of its kind (from
        ``salt``, e.g. the seat): two Cương in a hand show two ornaments."""
        seen = dict.fromkeys(KINDS, 0)
        out = []
        for kind in cards:
            out.append(self.variant_at(kind, salt + seen[kind]))
            seen[kind] += 1
        return out

    def cd_face(self, cid: str, size: tuple[int, int]) -> pygame.Surface:
        lg = i18n.lang()
        card = self.deck.by_id[cid]
        short_title, short = card_words(cid, lg)
        return chinh_dao(card.type, card.stage, card.principle, card.name.get(lg, cid), size, card=cid,
                         text=card.text.get(lg, ""), short=short, short_title=short_title)

    def ms_face(self, number: int, size: tuple[int, int], titled: bool = True) -> pygame.Surface:
        """Môn Sinh ``number``; untitled (a plate's small card) its figure and number larger."""
        return mon_sinh(number, size, i18n.t("daotam_art.mon_sinh") if titled else "")
