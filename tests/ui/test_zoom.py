"""The card zoom (scenes.kit.zoom) on every table, driven with synthetic events on the
table's own clock: a hover held, a right-click, a long press and the zoom key open it over
a card the viewer may see, with that card's identity and text; a hidden card (an
opponent's back, a hot-seat hand before the handoff) opens nothing and paints no face;
Esc, a move of the pointer and a click close it. Đạo Tâm: an opened Tâm Niệm's title is
drawn at least 16 px high in the zoom at 1280x720."""

from __future__ import annotations

import pygame
import pytest

from game.autoplay import play_with_agents
from game.match import Match, Seat
from scenes.core import fonts, session
from scenes.core.i18n import set_lang, t
from scenes.kit.zoom import HOLD
from tests.ui.helpers import make_app, post

ZOOM_KEY = pygame.K_z      # the zoom's default binding (scenes.core.keymap "common.zoom")

DT = 0.1
SEATS = {"ganjifa": 3, "kowah": 3, "daotam": 4, "mascarade": 5}


def frame(app, dt: float = DT) -> None:
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.update(dt)
    app.stack.draw(app.screen)


def hold(app, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        frame(app)


def move(pos) -> None:
    post(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0), buttons=(0, 0, 0))


def button(pos, b: int, down: bool = True) -> None:
    post(pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP, pos=(round(pos[0]), round(pos[1])), button=b)


def press_key(k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="")
    post(pygame.KEYUP, key=k, mod=0, unicode="")


def ready(game: str):
    """A condition: the human (seat 0) to act, with what the test needs on the table."""
    def opened(m: Match) -> bool:
        return any(c for o in m.view(None).opened for c in o)
    extra = {"daotam": opened, "mascarade": lambda m: bool(m.view(None).faceup)}.get(game, lambda m: True)
    return lambda m: len(m.log) >= 4 and 0 in m.active_seats() and extra(m)


def table_at(game: str, size=(1280, 720), lang: str = "en", humans: int = 1):
    app = make_app(size=size, lang=lang)
    seats = [Seat("human")] * humans + [Seat("normal")] * (SEATS[game] - humans)
    for seed in range(1, 60):
        match = Match(game, seats, seed)
        if play_with_agents(match, ready(game), seed=seed):
            break
    else:
        raise AssertionError(f"no {game} deal reached the moment")
    table = session.make_table(app, match, fresh=False)
    app.stack.push(table)
    frame(app)
    return app, table


def own_card(table) -> tuple[tuple, tuple[int, int]]:
    """(identity, point) of a card the viewer sees face up: a hand card, or for
    Mascarade a face-up position, for Đạo Tâm an opened Tâm Niệm."""
    game = table.match.game
    if game == "ganjifa":
        c = table.geometry._sorted_hand()[len(table.hand) // 2]
        return ("ganjifa", c, table.card_paint._mark(c)), table.geometry.grab_point(c)
    if game == "kowah":
        slot = table.slots[len(table.slots) // 2]
        return ("kowah", slot.card), table.geometry.grab_point(slot.idx)
    if game == "daotam":
        v = table.match.view(None)
        for seat, slots in table.slot_rects.items():
            for slot, cid in zip(slots, v.opened[seat], strict=True):
                if cid and cid.startswith("tn"):
                    return ("daotam", cid), slot.center
        raise AssertionError("no opened Tâm Niệm")
    pos, char = sorted(table.model.faceup.items())[0]
    return ("mascarade", char), table.pos_rects[pos].center


def hidden_point(table) -> tuple[int, int]:
    """A point over a card the viewer may not see: an opponent's back."""
    game = table.match.game
    seat = next(s for s in range(table.n) if s != table.viewer)
    if game == "ganjifa":
        ax, ay = table.plates.anchor(seat)            # the fan of backs under the plate
        return (round(ax), round(ay + 9.5 * table.app.u))
    if game == "kowah":
        return tuple(round(v) for v in table.geometry.fan_pt(seat))
    if game == "daotam":
        return table.deck_rects["ct_deck"].center
    down = next(p for p in range(len(table.pos_rects)) if p not in table.model.faceup)
    return table.pos_rects[down].center


def text_of(game: str, key: tuple) -> str:
    """A piece of the card's text the zoom must carry (from the data files and i18n)."""
    if game == "ganjifa":
        from game.ganjifa.deck import default_deck
        d = default_deck()
        return t(f"zoom.ganjifa_{d.suits[d.suit_of(key[1])].order}")
    if game == "kowah":
        return t("zoom.kowah_copies")
    if game == "daotam":
        from game.daotam.deck import default_deck
        return default_deck().by_id[key[1]].text["en"]
    from game.mascarade.data import default_rules
    return default_rules().characters[key[1]].power["en"]


@pytest.fixture(autouse=True)
def english():
    set_lang("en")
    yield
    set_lang("en")


@pytest.mark.parametrize("game", list(SEATS))
def test_hover_held_opens_the_card_with_its_text_and_a_move_closes_it(game):
    app, table = table_at(game)
    key, pos = own_card(table)
    move(pos)
    hold(app, HOLD - 2 * DT)
    assert not table.zoom.is_open, "opened before the hover was held"
    seen = []
    real = fonts.text
    fonts.text = lambda s, *a, **k: (seen.append(s), real(s, *a, **k))[1]
    try:
        hold(app, 3 * DT)
    finally:
        fonts.text = real
    assert table.zoom.is_open and table.zoom.card.key == key
    assert table.zoom.rect is not None and not table.zoom.rect.colliderect(table.zoom.card.rect)
    assert pygame.Rect((0, 0), app.size).contains(table.zoom.rect)
    drawn = " ".join(seen)
    want = text_of(game, key)
    assert table.zoom.card.text == want or want in (table.zoom.card.text + table.zoom.card.note)
    assert table.zoom.card.title in drawn and want.split()[0] in drawn
    move((2, app.size[1] // 2))              # the pointer leaves the card
    frame(app)
    assert not table.zoom.is_open


@pytest.mark.parametrize("game", list(SEATS))
def test_right_click_toggles_and_esc_closes_without_the_pause_menu(game):
    app, table = table_at(game)
    key, pos = own_card(table)
    button(pos, 3)
    frame(app)
    assert table.zoom.is_open and table.zoom.card.key == key
    button(pos, 3)
    frame(app)
    assert not table.zoom.is_open
    button(pos, 3)
    frame(app)
    assert table.zoom.is_open
    press_key(pygame.K_ESCAPE)
    frame(app)
    assert not table.zoom.is_open and app.stack.top is table, "Esc went past the zoom"


@pytest.mark.parametrize("game", list(SEATS))
def test_a_hidden_card_opens_nothing(game):
    app, table = table_at(game)
    pos = hidden_point(table)
    assert table.zoom_at(pos) is None
    button(pos, 3)
    move(pos)
    hold(app, 2 * HOLD)
    assert not table.zoom.is_open


@pytest.mark.parametrize("game", ["ganjifa", "kowah", "daotam"])
def test_a_hot_seat_hand_before_the_handoff_opens_nothing_and_paints_no_face(game):
    app = make_app()
    match = Match(game, [Seat("human"), Seat("human"), Seat("normal")] + [Seat("normal")] * (game == "daotam"), 5)
    table = session.make_table(app, match, fresh=False)
    app.stack.push(table)
    assert not table.confirmed_viewer
    hand = table.match.view(table.viewer).hand
    asked = []
    if game == "ganjifa":
        real = table.art.face
        table.art.face = lambda c, *a, **k: (asked.append(c), real(c, *a, **k))[1]
    elif game == "daotam":              # a Chiêu Thức face by kind; nothing is face up yet
        from scenes.tables.daotam.model import hand_cards
        hand = hand_cards(hand)
        real = table.card_faces.ct_face
        table.card_faces.ct_face = lambda c, *a, **k: (asked.append(c), real(c, *a, **k))[1]
    else:
        real = table.cards.face
        table.cards.face = lambda c, *a, **k: (asked.append(c), real(c, *a, **k))[1]
    w, h = app.size
    for x in range(0, w, 8):                 # the whole bottom strip, where the hand lies
        for y in range(round(h * 0.7), h, 8):
            assert table.zoom_at((x, y)) is None
    x = w // 2
    y = h - round(6 * app.u)
    for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3),
                  pygame.event.Event(pygame.KEYDOWN, key=ZOOM_KEY, mod=0, unicode="z")):
        table.zoom.pointer = (x, y)
        table.handle(event)
        assert not table.zoom.is_open
    asked.clear()
    table.draw(app.screen)
    assert not set(asked) & set(hand), "a private face was painted"


@pytest.mark.parametrize("game", list(SEATS))
def test_long_press_opens_and_its_release_is_no_click(game):
    app, table = table_at(game)
    key, pos = own_card(table)
    log = len(table.match.log)
    picked = list(getattr(table.model, "picked", []))
    button(pos, 1)
    hold(app, HOLD + DT)
    assert table.zoom.is_open and table.zoom.card.key == key
    post(pygame.MOUSEMOTION, pos=(round(pos[0]) + 1, round(pos[1])), rel=(1, 0), buttons=(1, 0, 0))
    frame(app)                               # a finger's jitter keeps it open
    assert table.zoom.is_open
    button(pos, 1, down=False)
    frame(app)
    assert table.zoom.is_open, "the release closed it"
    assert len(table.match.log) == log and not table.drag.active
    assert list(getattr(table.model, "picked", [])) == picked
    assert getattr(table, "pick", []) == []
    button((pos[0], pos[1]), 1)              # any click closes it
    frame(app)
    assert not table.zoom.is_open


@pytest.mark.parametrize("game", list(SEATS))
def test_the_zoom_key_opens_the_focused_card(game):
    app, table = table_at(game)
    if game == "mascarade":                  # the focus on a face-up position
        table.focus = min(table.model.faceup)
    else:
        press_key(pygame.K_RIGHT)
        frame(app)
    focused = table.zoom_focused()
    assert focused is not None
    press_key(ZOOM_KEY)
    frame(app)
    assert table.zoom.is_open and table.zoom.card.key == focused.key
    press_key(ZOOM_KEY)
    frame(app)
    assert not table.zoom.is_open


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_daotam_opened_tam_niem_title_is_at_least_16px_in_the_zoom(lang):
    app, table = table_at("daotam", lang=lang)
    set_lang(lang)
    key, pos = own_card(table)
    title = table.deck.by_id[key[1]].name[lang]
    heights = {}
    real = fonts.text

    def spy(s, px, *a, **k):
        img = real(s, px, *a, **k)
        heights[s] = max(heights.get(s, 0), img.get_height())
        return img
    fonts.text = spy
    try:
        button(pos, 3)
        frame(app)
    finally:
        fonts.text = real
    assert table.zoom.is_open and table.zoom.card.title == title
    words = [s for s in heights if s and s in title]
    assert words, f"the title {title!r} was not drawn"
    assert min(heights[s] for s in words) >= 16


def test_small_window_zoom_fits_and_keeps_clear_of_the_card():
    app, table = table_at("ganjifa", size=(640, 400))
    key, pos = own_card(table)
    button(pos, 3)
    frame(app)
    z = table.zoom
    assert z.is_open and pygame.Rect((0, 0), app.size).contains(z.rect)
    assert not z.rect.colliderect(z.card.rect)


def test_a_hover_paints_the_panel_ahead_in_spare_time():
    import time as _time

    from scenes.kit import zoom as zoom_mod
    app, table = table_at("daotam")
    key, pos = own_card(table)
    move(pos)
    frame(app)
    assert not table.zoom.cache
    for _ in range(30):                      # frames with no spare time: still done in time
        table.zoom.spare(_time.thread_time() - 1.0)
    assert table.zoom.cache, "the hovered card's panel was not painted ahead"
    painted = []
    real = zoom_mod.paint_panel
    zoom_mod.paint_panel = lambda *a, **k: (painted.append(a), real(*a, **k))[1]
    try:
        hold(app, HOLD + DT)
    finally:
        zoom_mod.paint_panel = real
    assert table.zoom.is_open and table.zoom.card.key == key and not painted


def test_playing_the_zoomed_card_closes_the_zoom():
    app, table = table_at("ganjifa")
    card = sorted(table.controls.legal_cards())[0]
    pos = table.geometry.grab_point(card)
    button(pos, 3)
    frame(app)
    assert table.zoom.is_open and table.zoom.card.key[1] == card
    assert table.submit(("play", card))
    hold(app, 1.0)
    assert not table.zoom.is_open


def test_a_click_on_the_zoom_only_closes_it():
    app, table = table_at("mascarade")
    key, pos = own_card(table)
    button(pos, 3)
    frame(app)
    z = table.zoom
    assert z.is_open
    under = next(((x, y) for x in range(z.rect.left + 4, z.rect.right - 4, 6)
                  for y in range(z.rect.top + 4, z.rect.bottom - 4, 6) if table.geometry.pos_at((x, y)) is not None),
                 z.rect.center)
    log, pick, focus = len(table.match.log), list(table.pick), table.focus
    button(under, 1)
    button(under, 1, down=False)
    frame(app)
    assert not z.is_open
    assert (len(table.match.log), table.pick, table.focus) == (log, pick, focus), "the click reached the table"
