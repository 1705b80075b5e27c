"""Engine events → the table's animations and memory: a claim's cards slide face down to
the table, a public play's Cương + Nhu pair lands face up, a challenge stops the ring
with a burst at the challenger, the claim's cards turn over, the race winner's plate
pops, Chính Đạo draws fly from their deck and turn over for all to see before they go
to a stage slot or the discard, tokens flip when Đạo Tâm is lost or restored, a Tà Khí
drifts to the pushed seat, a Khai Sáng win sweeps the table.

The engine's state is already at the end of the events handed over; what the drawing
must not show before its animation lands (the claim's cards, a just-opened slot) is
kept in the model and changed by the queued steps (``at``). Every step is on the
driver's AnimQueue: eased, 150–400 ms, skippable, scaled by the speed setting; the
windows' own lengths are the Match's and never scaled."""

from __future__ import annotations

from typing import Any

import scenes.tables.daotam.effects as fxm
from game.core import Event
from scenes.core.i18n import t
from scenes.core.tween import Anim
from scenes.core.tween import ease_in_out_cubic as ease_in_out
from scenes.kit.parts import borrowing
from scenes.tables.daotam.token import DAO_TAM, TA_NIEM
from scenes.tables.sprites import Sprite

BEAT_S = 0.3
HOLD_S = 0.4
FLIP_S = 0.28               # §6.7: a card flip
CD_UP_S, CD_FLIP_S, CD_AWAY_S = 0.28, 0.28, 0.30    # §3.5: a Chính Đạo draw
PUSH_S = 0.4
STAGGER_S = 0.08


@borrowing(table=("anim app card_name claim_zone clock confirmed_viewer deck_rects effects flights hand_h "
                  "match model ring seat_name slot_rects spots tokens viewer"),
           geometry="claim_card_h claim_rects hand_top layout_hand reveal_card_h")
class DaoTamAnim:
    """Part of the table: ``on_event`` for the Đạo Tâm table."""

    def __init__(self, table: Any) -> None:
        self.table = table

    _cd_pending: tuple[int, str] | None = None        # a drawn Chính Đạo not yet put away
    claim_from: list[tuple[int, int]] = []            # the viewer's staged claim cards' centres
    _challenger: int | None = None                    # who said "Phản Đòn!" to the claim being judged
    _public_actor: int | None = None                  # who played the pair the race is for

    def at(self, fn) -> None:
        """Run ``fn`` when the queue reaches this point (at once if skipped)."""
        self.anim.add(Anim(0.0, fn, overlap=0.0))

    def log_after(self, line: str) -> None:
        """Add ``line`` to the public log once the queue reaches this point: a line that
        states what an animation shows (a lie caught, a shout won) never comes before it."""
        self.at(lambda: self.model.note(line))

    def sync_tokens(self, seat: int, dao_tam: int) -> None:
        """Flip the seat's tokens so that ``dao_tam`` of the three show Đạo Tâm, each ringed
        while it turns with what it costs or gives back ("−1 Đạo Tâm" / "+1 Đạo Tâm")."""
        for i, tok in enumerate(self.tokens[seat]):
            want = DAO_TAM if i < dao_tam else TA_NIEM
            if tok.face != want:
                self.anim.add(self.effects.step("token", fxm.TOKEN_S, {"seat": seat, "index": i, "to": want},
                                                overlap=0.0))
                self.anim.add(tok.flip(want))

    def push_flight(self, src: int, dst: int) -> Anim:
        """A Tà Khí chip drifting from the possessed seat to the pushed one (AI or human)."""
        def _step(p: float) -> None:
            self.model.push_fx = (src, dst, p)

        def _end() -> None:
            self.model.push_fx = None
        return Anim(PUSH_S, None, _step, _end, ease_in_out)

    def seat_source(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards leave from: the viewer's hand, else the plate."""
        if seat == self.viewer and self.confirmed_viewer:
            return (self.app.size[0] / 2, self.hand_top() + self.hand_h / 2)
        return self.spots[seat].centre

    def _fly_card(self, key: tuple, src, dst, h0: float, h1: float, end=None, start=None,
                  overlap: float | None = None, duration: float | None = None) -> None:
        sprite = Sprite(key, src, round(h0))  # type: ignore[arg-type]
        self.flights.fly(sprite, src, dst, duration or self.flights.flight_time(src, dst), end=end,
                         overlap=overlap, size=(round(h0), round(h1)), start=start)

    # ------------------------------------------------------------ claims
    def _claim(self, seat: int, count: int, call: str) -> None:
        m = self.model

        def _start() -> None:
            m.last_claim, m.revealed, m.caught = (seat, count, call), (), ""
            m.claim_landed, m.reveal_x, m.public_pair = 0, 1.0, None
            m.clear()
        self.at(_start)
        src = self.seat_source(seat)
        staged, self.claim_from = self.claim_from, []
        h = self.claim_card_h()
        for i, rect in enumerate(self.claim_rects(count)):
            def _land() -> None:
                m.claim_landed += 1
            from_ = staged[i] if seat == self.viewer and len(staged) == count else src
            self._fly_card(("ct", None), from_, rect.center, h if from_ != src else h * 0.7, h, _land,
                           overlap=STAGGER_S if i < count - 1 else None)

    def _public(self, seat: int) -> None:
        m = self.model

        def _start() -> None:
            m.last_claim, m.revealed, m.caught = None, (), ""
            m.public_pair, m.pair_landed = seat, 0
            m.clear()
        self.at(_start)
        src = self.seat_source(seat)
        h = self.claim_card_h()
        for i, (kind, rect) in enumerate(zip(("cuong", "nhu"), self.claim_rects(2), strict=True)):
            def _land() -> None:
                m.pair_landed += 1
            self._fly_card(("ct", kind, self.table.card_faces.variant_at(kind, seat)), src, rect.center, h * 0.7, h, _land,
                           overlap=STAGGER_S if i == 0 else None)

        def _join() -> None:         # beside the race's ring: the rule window is not held back
            speed = 0.0 if self.anim.reduced else fxm.speed_of(self.app)
            self.effects.start_clock("am_duong", self.clock, fxm.SPEC_S["am_duong"] * speed, {"seat": seat})
        self.at(_join)

    def _reveal(self, cards: tuple[str, ...], caught: str, line: str, payer: int | None) -> None:
        m = self.model

        def _step(p: float) -> None:
            if p < 0.5:
                m.reveal_x = 1 - 2 * p
            else:
                m.revealed, m.caught, m.reveal_x = cards, caught, 2 * p - 1
        self.anim.add(Anim(FLIP_S, None, _step, None, lambda x: x))
        self.log_after(line)                 # once the cards are face up
        self.anim.add(self.effects.step("verdict", fxm.VERDICT_S, {"caught": caught, "payer": payer}))

    # ------------------------------------------------------------ Chính Đạo
    def _chinh_dao(self, seat: int, cid: str) -> None:
        m = self.model
        src = self.deck_rects["cd_deck"].center
        h = self.reveal_card_h()

        def _land() -> None:
            m.cd_shown, m.cd_x = (seat, cid), 0.0

        sprite = Sprite(("cd", None), src, round(self.deck_rects["cd_deck"].h))  # type: ignore[arg-type]
        self.flights.fly(sprite, src, self.claim_zone.center, CD_UP_S, end=_land,
                         size=(round(self.deck_rects["cd_deck"].h), round(h)))

        def _flip(p: float) -> None:
            m.cd_x = p
        self.anim.add(Anim(CD_FLIP_S, None, _flip))
        self.anim.add(Anim(HOLD_S))
        self._cd_pending = (seat, cid)

    def _put_away_cd(self, kind: str, seat: int | None, data: dict) -> None:
        """The drawn Chính Đạo leaves the centre: to its stage slot (opened) or the discard."""
        pending, self._cd_pending = self._cd_pending, None
        assert pending is not None
        drawer, cid = pending
        m = self.model
        h = self.reveal_card_h()

        def _start() -> None:
            m.cd_shown = None
        if kind == "open" and seat == drawer:
            stage = data["stage"]
            m.hidden_slots.add((seat, stage))
            slot = self.slot_rects[seat][("hoc_dao", "hieu_dao", "hanh_dao").index(stage)]

            def _land() -> None:
                m.hidden_slots.discard((seat, stage))
            self._fly_card(("cd", cid), self.claim_zone.center, slot.center, h, slot.h, _land, _start,
                           duration=CD_AWAY_S)
        else:
            dst = (self.spots[drawer].centre if kind == "shield" and seat == drawer
                   else self.deck_rects["cd_disc"].center)
            self._fly_card(("cd", cid), self.claim_zone.center, dst, h, self.deck_rects["cd_disc"].h,
                           None, _start, duration=CD_AWAY_S)

    # ------------------------------------------------------------ the rest
    def _pop(self, seat: int) -> None:
        """The race winner's plate pops 1 → 1.1 and back (200 ms, §3.5)."""
        m = self.model

        def _step(p: float) -> None:
            m.pop = (seat, p)

        def _end() -> None:
            m.pop = None
        anim = Anim(fxm.POP_S, None, _step, _end, lambda x: x)
        anim.fx = "pop"           # type: ignore[attr-defined]
        self.anim.add(anim)

    def _sweep(self, winners: tuple[int, ...]) -> None:
        """Khai Sáng: the winner's three stage cards align in the centre, a white-belt band
        sweeps across them (900 ms), then a beat to read it."""
        m = self.model

        def _step(p: float) -> None:
            m.sweep = (winners, p)
        step = self.effects.step("sweep", fxm.SWEEP_S, {"winners": winners})
        inner = step.step

        def _both(p: float) -> None:
            inner(p)
            _step(p)
        step.step = _both
        self.anim.add(step)
        self.anim.add(Anim(HOLD_S))

    @property
    def sweep_p(self) -> float:
        """How far the Khai Sáng sweep has gone (0 when none; the screenshot tool reads it)."""
        return self.model.sweep[1] if self.model.sweep else 0.0

    def on_event(self, event: Event) -> None:
        k, s, d = event.kind, event.seat, event.data
        m = self.model
        if self._cd_pending is not None and k not in ("draw", "drew"):
            self._put_away_cd(k, s, d)
        if k == "window":
            m.window_kind = d["kind"]
        elif k == "claim":
            self._claim(s, d["count"], d["call"])
            self.app.audio.play("place")
            self.log_after(t("daotam.log_claim", name=self.seat_name(s), n=d["count"],
                             call=t(f"daotam.{d['call']}")))
        elif k == "public":
            self._public_actor = s
            self._public(s)
            self.app.audio.play("place")
            self.log_after(t("daotam.log_public", name=self.seat_name(s)))
        elif k == "challenge":
            self._challenger = s
            # the challenger's plate flashes ivory, a strike line slashes the claim; the burst with them
            self.anim.add(self.effects.step("strike", fxm.STRIKE_S, {"seat": s}, overlap=0.0))
            burst = self.ring.stop(self.match, s)
            if burst is not None:
                self.anim.add(burst)
            self.app.audio.play("drum")
            self.log_after(t("daotam.log_challenge", name=self.seat_name(s)))
        elif k == "reveal":
            truthful = all(c == d["call"] for c in d["cards"])
            self._reveal(tuple(d["cards"]), "truth" if truthful else "lie",
                         t("daotam.log_truth" if truthful else "daotam.log_lie", name=self.seat_name(s)),
                         self._challenger if truthful else s)        # who pays: the challenger, or the liar
        elif k == "race_won":
            if d.get("winner") is not None:
                burst = self.ring.stop(self.match, d["winner"])
                if burst is not None:
                    burst.overlap = 0.0
                    self.anim.add(burst)
                winner, actor = d["winner"], self._public_actor
                if actor is not None and winner != actor:      # a stolen shout: from the pair's player
                    self.anim.add(self.effects.step("steal", fxm.STEAL_S, {"from": actor, "to": winner},
                                                    overlap=0.0))
                self._pop(winner)
                self.log_after(t("daotam.log_shout", name=self.seat_name(winner)))
        elif k in ("lose", "heal"):
            self.sync_tokens(s, d["dao_tam"])
        elif k == "nhap_ma":
            self.anim.add(self.effects.step("ma", fxm.MA_S, {"seat": s}, motion=True, overlap=0.0))
            self.sync_tokens(s, 0)
            self.app.audio.play("gong")
            self.log_after(t("daotam.log_nhap_ma", name=self.seat_name(s)))
        elif k == "push":
            self.anim.add(self.push_flight(s, d["to"]))
            self.log_after(t("daotam.log_push", name=self.seat_name(s), to=self.seat_name(d["to"])))
        elif k == "open":
            self.log_after(t("daotam.log_open", name=self.seat_name(s), card=self.card_name(d["card"])))
        elif k == "chinh_dao":
            self._chinh_dao(s, d["card"])
        elif k == "win" and d.get("reason") == "khai_sang":
            self._sweep(tuple(d["winners"]))
        elif k in ("unchallenged", "turn"):
            def _clear() -> None:
                m.last_claim, m.revealed, m.caught = None, (), ""
                m.claim_landed, m.public_pair, m.pair_landed = 0, None, 0
            self.at(_clear)
        self.layout_hand()
