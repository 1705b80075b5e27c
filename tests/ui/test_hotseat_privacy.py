"""Hot-seat privacy proven at the drawing layer (issue 7 §2).

Two humans and an AI play a whole hand of each game through the real app, frame by frame,
with animations running (a fake 20 fps clock) and every cached layer repainted each frame,
so every card face on screen is asked of the card art during that frame's draw. Each face
drawn must be public or belong to the viewer who confirmed the last handoff; the viewer
changes only when a handoff screen is confirmed.
"""

from __future__ import annotations

import time
from collections import Counter

import pygame
import pytest

from game import registry
from game.match import Match, Seat
from scenes.core import session
from scenes.screens.handoff import HandoffScene
from scenes.screens.results import ResultsScene
from scenes.tables.base import TableScene
from scenes.widgets.layer import CachedLayer
from tests.ui.helpers import key, make_app, post

ZOOM_KEY = pygame.K_z      # the zoom's default binding (scenes.core.keymap "common.zoom")

FRAME = [0]
_real_get = CachedLayer.get


def _repaint_each_frame(self, key, size, paint):
    """A cached layer is painted afresh once per frame (so its faces are asked for again)."""
    if getattr(self, "_frame", None) != FRAME[0]:
        self._frame = FRAME[0]
        self.key = object()
    return _real_get(self, key, size, paint)


def looking(table: TableScene) -> int | None:
    return table.viewer if table.confirmed_viewer else None


def hidden_ganjifa(match: Match, seen_by: int | None) -> Counter:
    """Cards nobody but their holder may see: every hand but the looking seat's."""
    out: Counter = Counter()
    for s in range(len(match.seats)):
        if s != seen_by:
            out.update(match.state.view(s).hand)
    return out


def concealed_kowah(match: Match, seat: int) -> Counter:
    """Copies of each identity in ``seat``'s hand that nobody else may see: not its exposed
    pair, nor cards known to be in it, nor a declarer's drawn card, nor a winner's hand
    shown at the end."""
    st = match.state
    result = match.result() if match.is_over() else None
    if result is not None and result.winners and seat == result.winners[0]:
        return Counter()
    hand = Counter(st.hands[seat])
    hand.subtract(st.known[seat])
    if st.declared[seat] is not None:
        hand.subtract({st.declared[seat]: 2})
    if st.held is not None and st.turn == seat:
        hand.subtract({st.held: 1})
    return Counter({c: k for c, k in hand.items() if k > 0})


def hidden_kowah(match: Match, seen_by: int | None) -> Counter:
    """Copies the looking seat cannot see: the stock and the others' concealed cards."""
    out: Counter = Counter(match.state.stock)
    for s in range(len(match.seats)):
        if s != seen_by:
            out.update(concealed_kowah(match, s))
    return out


def zoom_point(table: TableScene) -> tuple[int, int] | None:
    """A point over the middle card of the bottom hand, face up or not (a zoom attempt)."""
    try:
        if table.match.game == "ganjifa":
            cards = table.geometry._sorted_hand()
            p = table.geometry.grab_point(cards[len(cards) // 2]) if cards else None
        else:
            p = table.geometry.grab_point(table.slots[len(table.slots) // 2].idx) if table.slots else None
    except KeyError:
        return None
    return None if p is None else (round(p[0]), round(p[1]))


def allowed(match: Match, hidden: Counter) -> Counter:
    deck = match.state.deck
    copies = Counter(deck.build() if hasattr(deck, "build") else range(deck.size))
    copies.subtract(hidden)
    return copies


@pytest.mark.parametrize("game,seed", [("ganjifa", 5), ("kowah", 11)])
def test_no_private_face_is_drawn_in_a_two_human_hand(game, seed, monkeypatch):
    monkeypatch.setattr(CachedLayer, "get", _repaint_each_frame)
    app = make_app(speed=0.0)
    app.settings.anim_speed = 0.5
    options = {"time": "night"} if game == "ganjifa" else {}
    match = Match(game, [Seat("human"), Seat("human"), Seat("normal")], seed, options)
    table = session.make_table(app, match, fresh=True)
    app.stack.push(table)
    agents = {s: registry.make_agent(game, "hard" if s else "normal", s, seed + s) for s in (0, 1)}

    faces: list[int] = []
    drawing = [False]
    if game == "ganjifa":
        real_face = table.art.face

        real_nearest = table.art.nearest_face

        def face(card, *a, **k):
            if drawing[0]:
                faces.append(card)
            return real_face(card, *a, **k)

        def nearest_face(card, *a, **k):     # a stand-in scaled from another size
            out = real_nearest(card, *a, **k)
            if drawing[0] and out is not None:
                faces.append(card)
            return out
        table.art.face, table.art.nearest_face = face, nearest_face
    else:   # Kowah places every card through blit_card, minis and the winner's groups
        real_blit, real_mini, real_groups = table.card_paint.blit_card, table.card_paint.mini, table.showcase._groups

        def blit_card(surface, card, *a, **k):
            if drawing[0] and card is not None:
                faces.append(card)
            return real_blit(surface, card, *a, **k)

        def mini(card, height):
            if drawing[0]:
                faces.append(card)
            return real_mini(card, height)

        def groups(o):
            out = real_groups(o)
            if drawing[0]:
                faces.extend(c for g in out for c in g)
            return out
        table.card_paint.blit_card, table.card_paint.mini, table.showcase._groups = blit_card, mini, groups

    real_zoom_draw = table.zoom.draw
    zoomed: list[int] = []

    def zoom_draw(surface):     # the zoom's panel is painted once and kept: note each showing
        was, drawing[0] = drawing[0], False     # (its face is a second showing of a card)
        try:
            real_zoom_draw(surface)
        finally:
            drawing[0] = was
        if was and table.zoom.card is not None:
            zoomed.append(table.zoom.card.key[1])
    table.zoom.draw = zoom_draw

    real_draw = app.stack.draw

    def draw(surface):
        drawing[0] = True
        try:
            real_draw(surface)
        finally:
            drawing[0] = False
    app.stack.draw = draw
    hidden_of = hidden_ganjifa if game == "ganjifa" else hidden_kowah

    handoffs = confirms = leaks = table_frames = zooms = 0
    tried = -1
    expect_viewer: int | None = None
    last_viewer = table.viewer
    for frame in range(6000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoffScene):
            handoffs += 1
            expect_viewer = top.seat
            key(pygame.K_RETURN)
        elif top is table and table.viewer_can_act and tried != len(match.log):
            tried = len(match.log)          # first, once a turn, enlarge a card of the hand
            at = zoom_point(table)
            if at is not None:
                post(pygame.MOUSEBUTTONDOWN, pos=at, button=3)
        elif top is table and table.viewer_can_act:
            seat = table.viewer
            table.submit(agents[seat].decide(match.view(seat), match.legal_actions(seat)))
        elif top is table and not table.zoom.is_open:
            at = zoom_point(table)          # and at every other moment (a hidden hand: nothing),
            if at is not None:              # by the zoom key, which skips no animation
                post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
                post(pygame.KEYDOWN, key=ZOOM_KEY, mod=0, unicode="z")
        faces.clear()
        zoomed.clear()
        FRAME[0] += 1
        app.now = time.perf_counter() - 0.05        # a fake 20 fps clock: animations run
        app.step()
        if table.viewer != last_viewer or expect_viewer is not None:
            assert table.viewer == expect_viewer, f"frame {frame}: viewer changed without a handoff"
            assert table.confirmed_viewer
            if expect_viewer is not None:
                confirms += 1
            expect_viewer, last_viewer = None, table.viewer
        if app.stack.top is not table and not isinstance(app.stack.top, ResultsScene):
            assert not faces or not isinstance(app.stack.top, HandoffScene), "the handoff drew cards"
            continue
        table_frames += 1
        zooms += table.zoom.is_open
        ok = allowed(match, hidden_of(match, looking(table)))
        if game == "ganjifa":       # unique cards: each face at most as often as it may be seen
            over = [c for c, k in Counter(faces).items() if k > ok[c]]
        else:   # four copies: a copy in public sight (pile, history, a flight) may be drawn
            seen = looking(table)       # more than once; otherwise no more than one's own
            own = concealed_kowah(match, seen) if seen is not None else Counter()
            over = [c for c, k in Counter(faces).items() if ok[c] - own[c] <= 0 and k > own[c]]
        over += [c for c in zoomed if ok[c] <= 0]       # an enlarged face: one the looker sees
        if over:
            leaks += 1
            pytest.fail(f"frame {frame}: private faces {over} drawn (viewer {table.viewer}, "
                        f"confirmed {table.confirmed_viewer}, active {match.active_seats()})")
    assert match.is_over(), "the hand did not finish"
    assert handoffs >= 2 and confirms == handoffs and table_frames > 100
    assert zooms > 10, "the zoom was never open over the bottom hand"
    assert leaks == 0


def test_daotam_peeks_never_show_a_hand_but_the_confirmed_peekers(monkeypatch):
    """Đạo Tâm's peek keys at a shared screen, in a whole hand with two humans and an AI:
    keys of seats the open window waits for and of seats it does not, confirmed (Enter or
    held) and not, and a second seat's key during a peek. Every Chiêu Thức face drawn is
    accounted for: the public ones (the discard's top, a revealed claim, a public pair, a
    card flying face up, a pushed Tà Khí) and, in the hand, only the hand of the confirmed
    viewer or of the one seat whose peek is confirmed and still waited for — never two."""
    from scenes.tables.daotam.model import hand_cards
    from scenes.tables.daotam.peek import PEEK_HOLD_S
    from scenes.tables.daotam.table import PEEK_KEYS
    seed = 4
    app = make_app(speed=0.0)
    app.settings.anim_speed = 0.5
    match = Match("daotam", [Seat("human"), Seat("human"), Seat("normal")], seed)
    table = session.make_table(app, match, fresh=True)
    app.stack.push(table)
    agents = {s: registry.make_agent("daotam", "normal", s, seed + s) for s in (0, 1)}
    humans = match.human_seats()

    faces: list[tuple[str, bool]] = []       # (kind, drawn by draw_hand)
    drawing, in_hand = [False], [False]
    real_face, real_hand, real_draw = table.card_faces.ct_face, table.painter.draw_hand, app.stack.draw

    def ct_face(kind, size, *variant):
        if drawing[0]:
            faces.append((kind, in_hand[0]))
        return real_face(kind, size, *variant)

    def draw_hand(surface, v):
        in_hand[0] = True
        try:
            real_hand(surface, v)
        finally:
            in_hand[0] = False

    def draw(surface):
        drawing[0] = True
        try:
            real_draw(surface)
        finally:
            drawing[0] = False
    table.card_faces.ct_face, table.painter.draw_hand, app.stack.draw = ct_face, draw_hand, draw

    def hand_of(seat: int) -> Counter:
        return Counter(hand_cards(match.view(seat).hand))

    def public_faces() -> Counter:
        v, m = match.view(None), table.model
        out: Counter = Counter(m.revealed)
        top = next((k for k in (0, 1, 2) if v.discard_face_up[k]), None)
        if v.discard_size and top is not None:
            out[("cuong", "nhu", "ta_khi")[top]] += 1
        if m.public_pair is not None:
            out.update(("cuong", "nhu"))
        out.update(s.card[1] for s in table.flying if s.card and s.card[0] == "ct" and s.card[1])
        if m.push_fx is not None:
            out["ta_khi"] += 1
        return out

    def waited(seat: int) -> bool:
        return (app.stack.top is table and table.looking is None and match.open_window() is not None
                and seat in match.state.waiting)

    def post(kind: int, k: int) -> None:
        pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode=""))

    # the script: (frame offset, what) per window, the peek's expected life kept alongside
    plan: list[tuple[int, str, int]] = []
    peek = {"seat": None, "since": 0.0, "enter": False}
    held: set[int] = set()
    windows_seen: set[int] = set()
    stats = Counter()
    for frame in range(8000):
        top = app.stack.top
        if isinstance(top, ResultsScene) or match.is_over():
            break
        if isinstance(top, HandoffScene):
            key(pygame.K_RETURN)
        elif top is table and table.viewer_can_act and match.state.phase in ("turn", "push", "option"):
            seat = table.viewer
            table.submit(agents[seat].decide(match.view(seat), match.legal_actions(seat)))
        ow = match.open_window()
        if top is table and ow is not None and ow.window.id not in windows_seen and not held:
            windows_seen.add(ow.window.id)
            waiting = [s for s in humans if s in match.state.waiting]
            idle = [s for s in humans if s not in match.state.waiting]
            case = len(windows_seen) % 4
            if case == 2 and idle:                       # a seat the window is not waiting for
                plan = [(0, "down", idle[0]), (6, "up", idle[0])]
            elif case == 2 and waiting:                  # held past the confirm time
                plan = [(0, "down", waiting[0]), (round(PEEK_HOLD_S / 0.05) + 6, "up", waiting[0])]
            elif case == 0 and waiting:                  # confirmed with Enter
                plan = [(0, "down", waiting[0]), (1, "enter", 0), (8, "up", waiting[0])]
            elif case == 1 and waiting:                  # never confirmed: released early
                plan = [(0, "down", waiting[0]), (4, "up", waiting[0])]
            elif case == 3 and waiting:                  # a second seat's key during a peek
                other = next(s for s in humans if s != waiting[0])
                plan = [(0, "down", waiting[0]), (1, "enter", 0), (3, "down", other),
                        (6, "up", other), (8, "up", waiting[0])]
            plan = [(frame + d, what, s) for d, what, s in plan]
        for _when, what, s in [p for p in plan if p[0] == frame]:
            if what == "down":
                post(pygame.KEYDOWN, PEEK_KEYS[s])
                held.add(s)
                stats["presses"] += 1
                if peek["seat"] is None and waited(s):
                    peek.update(seat=s, since=table.clock, enter=False)
                elif peek["seat"] is None:
                    stats["refused"] += 1
            elif what == "up":
                post(pygame.KEYUP, PEEK_KEYS[s])
                held.discard(s)
                if peek["seat"] == s:
                    peek["seat"] = None
            else:
                post(pygame.KEYDOWN, pygame.K_RETURN)
                post(pygame.KEYUP, pygame.K_RETURN)
                if peek["seat"] is not None:
                    peek["enter"] = True
        faces.clear()
        FRAME[0] += 1
        app.now = time.perf_counter() - 0.05        # a fake 20 fps clock: animations run
        app.step()
        if peek["seat"] is not None and not waited(peek["seat"]):
            peek["seat"] = None                     # the window stopped waiting: the peek is over
        if app.stack.top is not table:
            continue
        shown = peek["seat"]
        if shown is not None and not (peek["enter"] or table.clock - peek["since"] >= PEEK_HOLD_S - 1e-9):
            shown = None                            # a cover, not yet confirmed
        private = Counter(k for k, h in faces if h)
        public = Counter(k for k, h in faces if not h)
        assert not public - public_faces(), f"frame {frame}: faces {public} beyond the public ones"
        looking_seat = looking(table)
        if looking_seat is not None:
            assert shown is None and not private - hand_of(looking_seat), f"frame {frame}"
        elif shown is not None:
            stats["peek_frames"] += 1
            assert private == hand_of(shown), f"frame {frame}: peek of seat {shown} drew {private}"
        else:
            stats["cover_frames" if peek["seat"] is not None else "public_frames"] += 1
            assert not private, (f"frame {frame}: hand faces {private} drawn with nobody confirmed "
                                 f"(held {held}, waiting {match.state.waiting})")
    assert match.is_over(), "the hand did not finish"
    assert stats["peek_frames"] > 10 and stats["cover_frames"] > 5 and stats["refused"] >= 1, stats
