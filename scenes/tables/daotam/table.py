"""The Đạo Tâm table: an evening võ đường, 3–5 seats clockwise, the claim with its
countdown ring, per-seat buzzers, three Đạo Tâm / Tà Niệm tokens per seat.

The pieces beside it: the model (``model``, no pygame), geometry (``layout``), card
images (``cards``), event animations (``anim``), input (``input``) and painting
(``paint``), on the shared :class:`~scenes.tables.base.TableScene` and the table kit."""

from __future__ import annotations

from typing import Any

import pygame

from game.core import Event
from game.daotam.deck import default_deck
from game.match import Match
from scenes.core import keymap
from scenes.core.i18n import t
from scenes.kit.bluff.buzzers import Buzzers
from scenes.kit.bluff.ring import CountdownRing
from scenes.kit.card_art import WarmQueue
from scenes.kit.driver import DecisionHandoff, HandoffPolicy, TableDriver
from scenes.kit.parts import Borrowed
from scenes.kit.zoom import ZoomCard
from scenes.tables.base import TableScene, lang
from scenes.tables.daotam.anim import DaoTamAnim
from scenes.tables.daotam.cards import DaoTamCards
from scenes.tables.daotam.effects import Effects
from scenes.tables.daotam.front import FRONT, PASS_KEYS, PEEK_KEYS  # noqa: F401  (the defaults, for tools and tests)
from scenes.tables.daotam.input import DaoTamInput
from scenes.tables.daotam.layout import DaoTamLayout
from scenes.tables.daotam.memory import MemoryPanel
from scenes.tables.daotam.model import DaoTamModel, hand_cards
from scenes.tables.daotam.paint import DaoTamPaint
from scenes.tables.daotam.peek import DaoTamPeek
from scenes.tables.daotam.token import DAO_TAM, TA_NIEM, Token
from scenes.tables.daotam.zoom import DaoTamZoom
from scenes.tables.sprites import Sprite
from scenes.widgets.button import Button
from scenes.widgets.drag import Gesture

WINDOW_PHASES = ("challenge", "race")


def phone_seats(match: Match) -> list[int]:
    return [i for i, s in enumerate(match.seats) if s.kind == "phone"]


class DaoTamHandoff(DecisionHandoff):
    """Hot-seat privacy for Đạo Tâm: a handoff before a human's own decision (turn, push,
    option); during the reaction windows every screen is public (nobody's hand shown, no
    handoff — a seat's own covered peek aside, see ``peek``); with one human the hand is
    simply shown."""

    def decision_seat(self, driver: TableDriver) -> int | None:
        match = driver.match
        if match.is_over() or match.view(None).phase in WINDOW_PHASES:
            return None
        return driver.next_human()


class DaoTamTable(TableScene):
    """The table holds its parts: ``geometry`` (layout), ``card_faces``, ``fx`` (event
    animations), ``controls`` (input), ``peeker`` (the hot-seat peek), ``memory_panel``,
    ``painter`` and ``zoomer``."""

    style = FRONT.style
    direction = "clockwise"
    rules_game = "daotam"

    # the parts' state, by its old names
    peek = Borrowed("peeker")
    peek_confirmed = Borrowed("peeker")
    peek_since = Borrowed("peeker")
    _cd_pending = Borrowed("fx")                  # reset_visual clears the parts' own state
    _reveals_shown = Borrowed("memory_panel")

    def __init__(self, app: Any, match: Match, viewer: int | None = None, fresh: bool = False) -> None:
        self.geometry = DaoTamLayout(self)
        self.card_faces = DaoTamCards(self)
        self.fx = DaoTamAnim(self)
        self.controls = DaoTamInput(self)
        self.peeker = DaoTamPeek(self)
        self.memory_panel = MemoryPanel(self)
        self.painter = DaoTamPaint(self)
        self.zoomer = DaoTamZoom(self)
        self.deck = default_deck()
        self.model = DaoTamModel()
        self.effects = Effects()                    # the staged moments (§3.5) playing now
        self.warm_queue = WarmQueue()               # card faces painted in the frames' spare time
        self.tokens = [[Token() for _ in range(3)] for _ in match.seats]
        self.ring = CountdownRing()
        self.buzzers = Buzzers(match.screen_seats(), keymap.seat_keys(app.settings, "daotam", "buzz"))
        self.bind_keys(app.settings, match.screen_seats(), phone_seats(match))
        self.peeker.init_peek()
        self.pass_buttons = {s: Button(lambda s=s: self.pass_label(s), lambda s=s: self.controls.pass_window(s))
                             for s in self.pass_seat_of.values()}
        self.ticks = 0
        self.faults: dict[int, float] = {}          # seat -> table clock of its false start
        self._drop_seq = max([0] + [p.seq for _, p in match.desk.dropped])
        self.spots = []
        self.push_chip = pygame.Rect(0, 0, 0, 0)
        self.action_buttons = [
            Button(lambda: t("daotam.call_cuong"), lambda: self.controls.call("cuong"), "primary",
                   enabled=lambda: self.controls.acting_phase() == "turn"),
            Button(lambda: t("daotam.call_nhu"), lambda: self.controls.call("nhu"), "primary",
                   enabled=lambda: self.controls.acting_phase() == "turn"),
            Button(lambda: t("daotam.public"), self.controls.play_public,
                   enabled=lambda: self.controls.acting_phase() == "turn"),
        ]
        super().__init__(app, match, viewer)

    def make_handoff_policy(self) -> HandoffPolicy:
        return DaoTamHandoff()

    def reset_visual(self) -> None:
        v = self.match.view(None)
        for seat, toks in enumerate(self.tokens):
            for i, tok in enumerate(toks):
                tok.face = DAO_TAM if i < v.dao_tam[seat] else TA_NIEM
                tok.scale_x, tok.lift, tok.puff = 1.0, 0.0, None
        self.model.clear()
        self.model.settle()
        self.effects.clear()
        self._reveals_shown = None
        self._cd_pending = None
        self.flying = []
        self.drag.cancel()

    def layout(self) -> None:
        super().layout()
        self.geometry.layout()
        u = self.app.u
        w, h = self.app.size
        self.push_chip = pygame.Rect(0, 0, round(14 * u), round(5 * u))
        self.push_chip.midbottom = (round(w / 2), round(h - 4 * u))
        self.warm_caches()

    def warm_caches(self) -> None:
        """Draw once, off screen, what the first claim, draw and window would otherwise
        build mid-game (card faces at the sizes in use, the rings in every colour step),
        so no frame pays for it."""
        from scenes.kit.bluff.ring import RingReading, draw_ring
        from scenes.tables.daotam.cards import cd_back, ct_back
        from scenes.tables.daotam.layout import card_size
        u = self.app.u
        hand, claim = card_size(self.hand_h), card_size(self.geometry.claim_card_h())
        faces = self.card_faces
        for size in {hand, claim}:
            ct_back(size)
            for kind in ("cuong", "nhu", "ta_khi"):
                faces.ct_face(kind, size)
        for kind in ("cuong", "nhu", "ta_khi"):         # the hand shows every ornament at once
            for var in range(1, faces.n_variants(kind)):
                faces.ct_face(kind, hand, var)
        # the claim's and the discard's other ornaments: in the frames' spare time
        pile = self.deck_rects["ct_disc"].size
        self.warm_queue.reset(lambda k=kind, s=size, var=var: faces.ct_face(k, s, var)
                              for size in (pile, claim) for kind in ("cuong", "nhu", "ta_khi")
                              for var in range(faces.n_variants(kind)) if (size, var) != (claim, 0))
        slot = self.slot_rects[self.viewer][0].size if self.slot_rects else card_size(9 * u)
        for size in (slot, card_size(self.geometry.reveal_card_h())):
            cd_back(size)
            for cid in self.deck.by_id:
                self.card_faces.cd_face(cid, size)
        if self.spots:                  # each plate's Môn Sinh (one size for all plates)
            box, figure = self.geometry.ms_rect(self.viewer)
            for number in range(1, len(self.match.seats) + 1) if figure else ():
                self.card_faces.ms_face(number, box.size, False)
        scratch = pygame.Surface((4, 4), pygame.SRCALPHA)
        radii = [(self.geometry.ring_r, 0.7 * u)]
        from scenes.kit.bluff.buzzers import ring_radius
        radii += [ring_radius(r) for _, r in self.buzzers.caps.values()]
        from scenes.tables.daotam.paint import RING_IN_STEPS
        for grow in RING_IN_STEPS:                  # the claim's ring as it grows in (full, calm)
            draw_ring(scratch, (0, 0), self.geometry.ring_r * grow, 0.7 * u, RingReading(-1, 1.0, 3.0, 3.0))
        for radius, stroke in radii:
            for k in range(17):
                left = 1.5 - k / 16
                draw_ring(scratch, (0, 0), radius, stroke, RingReading(-1, 0.5, left, 3.0))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.turn_banner = 0.0      # the lasting instruction line (draw_prompt) says it instead
        if self.ring.ticker.poll(self.ring.reading(self.match, self.clock)):
            self.ticks += 1
            self.app.audio.play("tick")
        self.peeker.update_peek()
        self.memory_panel.sync_memory()
        self.watch_false_starts()

    def watch_false_starts(self) -> None:
        """A human's press the window desk threw out as a false start, or made in a race
        it is barred from: say so (naming the seat), shake its buzzer red, sound it."""
        dropped = self.match.desk.dropped
        for why, press in dropped:
            if press.seq <= self._drop_seq or press.seat not in self.buzzers.key_of:
                continue
            if why == "false start":
                lock = self.match.timing.seconds("false_start_lock_s")
                self.toast.show(t("daotam_table.false_start", name=self.seat_name(press.seat),
                                  s=f"{lock:g}"))
            elif why == "locked out":
                self.toast.show(self.race_out_text(press.seat))
            else:
                continue
            self.faults[press.seat] = self.clock
            self.app.audio.play("illegal")
        self._drop_seq = max([self._drop_seq] + [p.seq for _, p in dropped])

    def race_out_text(self, seat: int) -> str:
        if self.seat_name(seat) == t("seat.you"):
            return t("daotam_table.race_out_you")
        return t("daotam_table.race_out", name=self.seat_name(seat))

    def barred(self) -> set[int]:
        """Human seats a false start keeps out of the open shout race."""
        ow = self.match.open_window()
        if ow is None or ow.window.kind != "race":
            return set()
        return {s for s in ow.locked if s in self.buzzers.key_of}

    def bind_keys(self, settings: Any, humans: list[int], phones: list[int] = ()) -> None:
        """The screen seats' buzzer, peek and pass keys, from the key bindings
        (scenes.core.keymap); a phone seat's keys only say that it plays on its phone."""
        buzz_keys = keymap.seat_keys(settings, "daotam", "buzz")
        self.buzzers.rebind(buzz_keys)
        peek_keys = keymap.seat_keys(settings, "daotam", "peek")
        pass_keys = keymap.seat_keys(settings, "daotam", "pass")
        self.peek_seat_of = {peek_keys[s]: s for s in humans if s < len(peek_keys)}
        self.pass_seat_of = {pass_keys[s]: s for s in humans if s < len(pass_keys)}
        used = set(self.peek_seat_of) | set(self.pass_seat_of) | set(self.buzzers.seat_of)
        self.phone_key_of = {keys[s]: s for keys in (buzz_keys, peek_keys, pass_keys)
                             for s in phones if s < len(keys) and keys[s] not in used}

    def keys_changed(self) -> None:
        """The player rebound keys in the settings while this table was open."""
        self.bind_keys(self.app.settings, self.match.screen_seats(), phone_seats(self.match))

    def pass_label(self, seat: int) -> str:
        return t("daotam_table.pass", k=keymap.label(self.app.settings, f"daotam.pass{seat + 1}"))

    def on_privacy_change(self) -> None:
        self.peeker.end_peek()
        self.model.clear()
        self.geometry.layout_hand()

    # ------------------------------------------------------------ hooks, by part
    def on_event(self, event: Event) -> None:
        self.fx.on_event(event)

    def hand_top(self) -> float:
        return self.geometry.hand_top()

    def draw_background(self, surface: pygame.Surface) -> None:
        self.painter.draw_background(surface)

    def draw_game(self, surface: pygame.Surface) -> None:
        self.painter.draw_game(surface)

    def toast_place(self) -> tuple[tuple[int, int], int]:
        return self.painter.toast_place()

    def draw_card(self, surface: pygame.Surface, sprite: Sprite) -> None:
        self.painter.draw_card(surface, sprite)

    def handle_urgent(self, event: pygame.event.Event) -> bool:
        return self.controls.handle_urgent(event)

    def handle_game(self, event: pygame.event.Event) -> bool:
        return self.controls.handle_game(event)

    def item_at(self, pos: tuple[int, int]) -> Any:
        return self.controls.item_at(pos)

    def on_gesture(self, gesture: Gesture) -> None:
        self.controls.on_gesture(gesture)

    def hint_targets(self, action: tuple) -> list[pygame.Rect]:
        return self.controls.hint_targets(action)

    def zoom_at(self, pos: tuple[int, int]) -> ZoomCard | None:
        return self.zoomer.zoom_at(pos)

    def zoom_focused(self) -> ZoomCard | None:
        return self.zoomer.zoom_focused()

    # ------------------------------------------------------------ reads
    def hand_list(self) -> list[str]:
        """The viewer's hand as drawn (only while they are the confirmed viewer)."""
        if not self.confirmed_viewer:
            return []
        return hand_cards(self.match.view(self.viewer).hand)

    def card_name(self, cid: str) -> str:
        card = self.deck.by_id.get(cid)
        return card.name.get(lang(), cid) if card else cid

    def banner_text(self) -> str | None:
        """A reaction window is everyone's, not the viewer's turn: say what it asks."""
        phase = self.match.view(None).phase
        if phase == "challenge":
            return t("daotam_table.banner_challenge")
        if phase == "race":
            return t("daotam_table.banner_race")
        return super().banner_text()

    def handoff_preview(self, seat: int) -> str:
        return t("handoff.sees_hand")

    # ------------------------------------------------------------ results
    def score_text(self, seat: int) -> str:
        return t("daotam.score", n=self.match.result().scores[seat])

    def result_headline(self) -> str:
        result = self.match.result()
        base = self.results.default_headline()
        why = t(f"daotam.win_{result.reason}")
        return f"{base} — {why}" if why != f"daotam.win_{result.reason}" else base
