"""Names are whole on a full Mascarade table (issue 15: "Thằng Đ…" at 13 seats): with 13
seats and every card face up, each seat's name and each character's name is drawn whole
(a character name may take two lines), at 12 px or more at 1280 × 720 and 1920 × 1080 —
small faces leave the name to a label beside the card. At 640 × 400 they are whole too
(the seat names there are smaller than 12 px: the window is 400 px tall)."""

from __future__ import annotations

import pytest

from game.match import Match, Seat
from scenes.core import fonts
from scenes.core.i18n import t
from scenes.core.textfit import ELLIPSIS
from scenes.tables.mascarade import MascaradeTable
from scenes.tables.mascarade.cards import character_name
from tests.ui.helpers import make_app


def drawn_texts(paint) -> list[tuple[str, int]]:
    """(text, px) of every string rendered through scenes.core.fonts while ``paint()`` runs
    (card faces write with ``art_text`` at 2x and are shown at half: their px is halved)."""
    seen: list[tuple[str, int]] = []
    real, real_art = fonts.text, fonts.art_text

    def spy(s, px, *a, **kw):
        seen.append((s, px))
        return real(s, px, *a, **kw)

    def spy_art(s, px, *a, **kw):
        seen.append((s, px // 2))
        return real_art(s, px, *a, **kw)

    fonts.text, fonts.art_text = spy, spy_art
    try:
        paint()
    finally:
        fonts.text, fonts.art_text = real, real_art
    return seen


def whole(name: str, texts: list[tuple[str, int]], floor: int) -> bool:
    """``name`` drawn in one piece, or as two consecutive lines, at ``floor`` px or more."""
    for i, (s, px) in enumerate(texts):
        if s == name and px >= floor:
            return True
        if i + 1 < len(texts) and f"{s} {texts[i + 1][0]}" == name and min(px, texts[i + 1][1]) >= floor:
            return True
    return False


@pytest.mark.parametrize("size, floor", [((1280, 720), 12), ((1920, 1080), 12), ((640, 400), 1)])
@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("level", ["normal", "random"])      # "Máy 13 · Ngẫu nhiên": the longest
def test_thirteen_seats_show_every_name_whole(size, floor, lang, level):
    app = make_app(size=size, lang=lang)
    match = Match("mascarade", [Seat("human")] + [Seat(level)] * 12, 3, {})
    table = MascaradeTable(app, match)
    app.stack.push(table)
    table.model.faceup = dict(enumerate(match.state.cards))      # every card face up
    table.cards._cache.clear()                                   # faces painted afresh
    texts = drawn_texts(lambda: table.draw(app.screen))
    names = [table.seat_name(s) for s in range(13)]
    chars = sorted({character_name(c) for c in match.state.cards})
    assert len(chars) == 12
    for name in names + chars:
        assert whole(name, texts, floor), (name, [t for t in texts if t[0] and t[0][0] == name[0]])
    cut = [s for s, _ in texts if s.endswith(ELLIPSIS)]
    assert not cut, cut


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (640, 400)])
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_thirteen_seats_keep_the_coin_count_under_the_name(size, lang):
    """The coin count of every seat on its own line inside the plate (the plates start tall
    enough), so it takes no width from the name's row; the courthouse and bank, side by
    side, each hold their name whole under their picture."""
    app = make_app(size=size, lang=lang)
    match = Match("mascarade", [Seat("human")] + [Seat("normal")] * 12, 3, {})
    table = MascaradeTable(app, match)
    app.stack.push(table)
    table.draw(app.screen)
    geo = table.geometry
    for spot in geo.spots:
        x, y, w, h = spot.plate
        assert geo.coin_inset[spot.seat] == 0, (spot.seat, spot.plate)
        cx, cy = geo.coin_at[spot.seat]
        assert x < cx < x + w and y + h / 2 < cy < y + h, (spot.seat, spot.plate, (cx, cy))
    court, bank = geo.court_rect, geo.bank_rect
    assert not court.colliderect(bank)
    for rect, key in ((court, "mascarade.courthouse"), (bank, "mascarade.bank")):
        name_px, num_px = geo.pile_px
        assert fonts.size(t(key), name_px, "semibold")[0] <= rect.width
        assert (fonts.text("Ág", name_px, (0, 0, 0), "semibold").get_height()
                + fonts.text("0", num_px, (0, 0, 0), "bold").get_height()) <= rect.height
