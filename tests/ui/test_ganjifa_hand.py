"""The Ganjifa hand over whole hands: every legal card readable and reachable, every suit
group labelled and in its place, and a prompt that stays while it is the player's turn."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from scenes.art.ganjifa_cards import MEDALLION_AT, MEDALLION_R
from scenes.core.boot import first_scene
from scenes.tables.ganjifa import GanjifaTable
from tests.ui.helpers import click, drag, key, make_app, post, strings_drawn


def open_table(seed: int, lang: str = "en", size=(1280, 720), seats="human,random,random"):
    app = make_app(game="ganjifa", seats=seats, seed=seed, time="day", lang=lang, size=size)
    app.stack.push(first_scene(app))
    table = app.stack.top
    assert isinstance(table, GanjifaTable)
    return app, table


def settle(app, table, limit=3000) -> None:
    """Frames until the viewer may act (patient: the AIs decide in a worker process,
    which on a busy machine can take longer than a few hundred quick frames)."""
    for _ in range(limit):
        app.step()
        if table.viewer_can_act or table.match.is_over():
            return
    raise AssertionError("table never became ready")


def hand_d(table) -> float:
    return getattr(table, "hand_d", table.D)


def index_points(centre, d) -> list[tuple[int, int]]:
    """The index medallion at 10:30 on a card drawn at ``centre``: its centre and eight
    points on a ring at 80 % of its radius (where the digit and its outline are)."""
    m = MEDALLION_AT / math.sqrt(2)
    cx, cy = centre[0] - m * d, centre[1] - m * d
    r = 0.8 * MEDALLION_R * d
    pts = [(cx, cy)] + [(cx + r * math.cos(a), cy + r * math.sin(a))
                        for a in (i * math.pi / 4 for i in range(8))]
    return [(round(x), round(y)) for x, y in pts]


def legal_cards(table) -> list[int]:
    return [a[1] for a in table.match.legal_actions(table.viewer) if a[0] in ("play", "give")]


def check_hand(table) -> None:
    """At a decision: each legal card's index is on screen, and at every point of it the
    hit test (which follows the paint order) names that card: nothing covers it."""
    w, h = table.app.size
    d = hand_d(table)
    drawn = dict(table.geometry._drawn_slots())
    for card in legal_cards(table):
        assert card in drawn, f"legal card {card} is not in the hand"
        for p in index_points(drawn[card], d):
            assert 0 <= p[0] < w and 0 <= p[1] < h, f"index of {card} is off screen"
            assert table.geometry.card_at(p) == card, f"index of legal card {card} is covered at {p}"


def check_tabs(table) -> dict[int, pygame.Rect]:
    """One label per suit group of each row, on screen, not overlapping another label or
    any index (the lower row's labels sit in the seam, over the upper row's cards)."""
    w, h = table.app.size
    per = table.deck.per_suit
    tabs = {(tab["suit"], tab["row"]): tab["rect"] for tab in table.painter._tabs()}
    assert set(tabs) == {(s.card // per, s.row) for s in table.slots}, "a suit group has no label"
    rects = list(tabs.values())
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), "two suit labels overlap"
    d = hand_d(table)
    for r in rects:
        assert r.width > 0 and r.height > 0 and pygame.Rect(0, 0, w, h).contains(r)
        for card, pos in table.geometry._drawn_slots():
            for p in index_points(pos, d):
                assert not r.collidepoint(p), f"a suit label covers the index of {card}"
    return {suit: r for (suit, _row), r in tabs.items()}


def check_groups(table, order: list[int]) -> None:
    """Rows of at most 20 (two only for a hand of more); read row by row, the groups in
    avatar order, never interleaved (a suit is cut only at the end of the upper row)."""
    per = table.deck.per_suit
    rows = sorted({s.row for s in table.slots})
    assert rows == ([0, 1] if len(table.slots) > 20 else [0]), f"{len(table.slots)} cards in rows {rows}"
    suits: list[int] = []
    heights = []
    for r in rows:
        xs = sorted((s for s in table.slots if s.row == r), key=lambda s: s.centre[0])
        assert len(xs) <= 20, f"{len(xs)} cards in a row"
        assert len({round(s.centre[1]) for s in xs}) == 1, "a row's cards sit at different heights"
        heights.append(xs[0].centre[1])
        suits += [s.card // per for s in xs]
    assert heights == sorted(heights), "the upper row is not above the lower"
    seen = list(dict.fromkeys(suits))
    for suit in seen:
        at = [i for i, x in enumerate(suits) if x == suit]
        assert at == list(range(at[0], at[-1] + 1)), "a suit group is split"
    assert seen == [s for s in order if s in seen], "groups changed order"


def play_one(app, table, rng: random.Random, turn: int) -> None:
    """Make the viewer's move like a player: drag, double-click, keys, or a Dukal."""
    match = table.match
    legal = match.legal_actions(table.viewer)
    n = len(match.log)
    if table.phase() == "give":
        for card in rng.sample([a[1] for a in legal], table.controls.give_needed()):
            click(table.geometry.grab_point(card))
            app.step()
        click(table.give_button.rect.center)
        app.step()
        assert len(match.log) > n, "giving up cards did not go through"
        return
    dukals = [a for a in legal if a[0] == "dukal"]
    if dukals and rng.random() < 0.5:
        key(pygame.K_d)
        app.step()
        post(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")
        app.step()
        assert len(match.log) == n + 1 and match.log[-1][1][0] == "dukal"
        return
    card = rng.choice([a[1] for a in legal if a[0] == "play"])
    how = turn % 3
    if how == 0:
        drag(table.geometry.grab_point(card), table.centre_pt)
    elif how == 1:
        click(table.geometry.grab_point(card))
        app.step()
        click(table.geometry.grab_point(card))
    else:
        order = [s.card for s in table.geometry._drawn_slots_sorted()]
        target = order.index(card)
        table.focus = order[0]
        for _ in range(target):
            key(pygame.K_RIGHT)
        app.step()
        assert table.focus == card
        key(pygame.K_RETURN)
    app.step()
    assert len(match.log) == n + 1 and match.log[-1] == (table.viewer, ("play", card))


@pytest.mark.parametrize("seed,size", [(5, (1280, 720)), (21, (1280, 720)), (8, (1920, 1080)),
                                       (13, (1024, 768))])
def test_every_legal_card_stays_readable_and_reachable_over_a_whole_hand(seed, size):
    app, table = open_table(seed, size=size)
    rng = random.Random(seed)
    match = table.match
    order = list(range(len(table.deck.suits)))
    decisions = 0
    while not match.is_over():
        settle(app, table)
        if match.is_over():
            break
        check_hand(table)
        check_tabs(table)
        check_groups(table, order)
        play_one(app, table, rng, decisions)
        decisions += 1
    assert decisions >= 20


def test_a_one_card_suit_keeps_its_label():
    app, table = open_table(5)
    settle(app, table)
    per = table.deck.per_suit
    suit = table.hand[0] // per
    table.hand = [c for c in table.hand if c // per != suit or c == table.hand[0]]
    table.geometry._layout_hand()
    tabs = check_tabs(table)
    assert suit in tabs and tabs[suit].width > 0


def drawn_strings(app, frames: int = 1) -> list[str]:
    """Every string rendered through scenes.core.fonts during the next frames."""
    return strings_drawn(lambda: [app.step() for _ in range(frames)])


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_turn_prompt_stays_and_says_what_to_do(lang):
    from scenes.core.i18n import t
    app, table = open_table(5, lang=lang)
    rng = random.Random(1)
    match = table.match
    seen_kinds = set()
    for turn in range(25):
        settle(app, table)
        if match.is_over():
            break
        view = match.view(table.viewer)
        table.update(3.0)               # 3 s pass with nothing happening (a toast is gone)
        texts = drawn_strings(app)
        mine = t("ganjifa.prompt_lead").split("—")[0].strip()       # "Your turn"
        prompts = [s for s in texts if s.startswith(mine) and "—" in s]
        assert prompts, f"no lasting prompt at decision {turn}: {texts}"
        if view.phase == "follow":
            led = table.deck.suits[view.trick[0][1] // table.deck.per_suit].name[lang]
            assert led in prompts[0]
            seen_kinds.add("follow")
        elif view.phase == "give":
            assert str(table.controls.give_needed()) in prompts[0]
            seen_kinds.add("give")
        else:
            seen_kinds.add("lead")
        play_one(app, table, rng, turn)
    assert {"follow", "lead"} <= seen_kinds


def test_the_prompt_names_a_void_choice():
    app, table = open_table(5)
    match = table.match
    rng = random.Random(3)
    for turn in range(40):
        settle(app, table)
        if match.is_over():
            break
        view = match.view(table.viewer)
        per = table.deck.per_suit
        if view.phase == "follow" and not any(c // per == view.trick[0][1] // per for c in table.hand):
            text = table.painter.prompt_text(view)
            assert text.startswith("Your turn — no ")
            return
        play_one(app, table, rng, turn)
    pytest.skip("no void in this deal")


def test_the_base_banner_does_not_sit_on_the_prompt():
    app, table = open_table(5)
    settle(app, table)
    texts = drawn_strings(app)
    assert "Your turn" not in texts          # the bare 1.2 s banner: the prompt says it
    assert any(s.startswith("Your turn — ") for s in texts)


def test_window_sizes_it_can_be_given_draw_without_errors():
    app, table = open_table(5)
    settle(app, table)
    for size in [(1, 1), (50, 40), (320, 200), (800, 500), (3, 900), (900, 3)]:
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        for _ in range(3):
            app.step()
        key(pygame.K_l)
        post(pygame.MOUSEMOTION, pos=(size[0] // 2, size[1] - 1), rel=(0, 0), buttons=(0, 0, 0))
        app.step()
        key(pygame.K_l)
        app.step()


@pytest.mark.parametrize("size", [(1, 1), (50, 40), (320, 200)])
def test_a_table_opened_at_a_tiny_size_plays_without_errors(size):
    app, table = open_table(7, size=size)
    for _ in range(5):
        app.step()
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    key(pygame.K_l)
    for _ in range(5):
        app.step()
