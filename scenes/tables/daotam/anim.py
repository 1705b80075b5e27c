"""Engine events → the table's animations and memory: token flips when Đạo Tâm is lost or
restored, the ring's burst at a challenger, the claim shown in the centre, the public
log line. Every step is queued on the driver's AnimQueue (skippable, scaled by speed;
the windows' own lengths are the Match's and never scaled)."""

from __future__ import annotations

from game.core import Event
from scenes.i18n import t
from scenes.kit.token import DAO_TAM, TA_NIEM
from scenes.tween import Anim

BEAT_S = 0.3
PUSH_S = 0.5


class DaoTamAnim:
    """Mixin: ``on_event`` for the Đạo Tâm table."""

    def sync_tokens(self, seat: int, dao_tam: int) -> None:
        """Flip the seat's tokens so that ``dao_tam`` of the three show Đạo Tâm."""
        for i, tok in enumerate(self.tokens[seat]):
            want = DAO_TAM if i < dao_tam else TA_NIEM
            if tok.face != want:
                self.anim.add(tok.flip(want))

    def push_flight(self, src: int, dst: int) -> Anim:
        """A Tà Khí chip drifting from the possessed seat to the pushed one (AI or human)."""
        def _step(p: float) -> None:
            self.model.push_fx = (src, dst, p)

        def _end() -> None:
            self.model.push_fx = None
        return Anim(PUSH_S, None, _step, _end)

    def on_event(self, event: Event) -> None:
        k, s, d = event.kind, event.seat, event.data
        m = self.model
        if k == "window":
            m.window_kind = d["kind"]
        elif k == "claim":
            m.last_claim = (s, d["count"], d["call"])
            m.revealed, m.caught = (), ""
            m.clear()
            self.app.audio.play("place")
            self.anim.add(Anim(BEAT_S))
            m.note(t("daotam.log_claim", name=self.seat_name(s), n=d["count"],
                     call=t(f"daotam.{d['call']}")))
        elif k == "public":
            m.clear()
            m.last_claim = None
            m.note(t("daotam.log_public", name=self.seat_name(s)))
            self.anim.add(Anim(BEAT_S))
        elif k == "challenge":
            burst = self.ring.stop(self.match, s)
            if burst is not None:
                self.anim.add(burst)
            self.app.audio.play("drum")
            m.note(t("daotam.log_challenge", name=self.seat_name(s)))
        elif k == "reveal":
            m.revealed = tuple(d["cards"])
            truthful = all(c == d["call"] for c in d["cards"])
            m.caught = "truth" if truthful else "lie"
            m.note(t("daotam.log_truth" if truthful else "daotam.log_lie", name=self.seat_name(s)))
            self.anim.add(Anim(0.6))
        elif k == "race_won":
            if d.get("winner") is not None:
                burst = self.ring.stop(self.match, d["winner"])
                if burst is not None:
                    self.anim.add(burst)
                m.note(t("daotam.log_shout", name=self.seat_name(d["winner"])))
        elif k in ("lose", "heal"):
            self.sync_tokens(s, d["dao_tam"])
        elif k == "nhap_ma":
            self.sync_tokens(s, 0)
            self.app.audio.play("gong")
            m.note(t("daotam.log_nhap_ma", name=self.seat_name(s)))
        elif k == "push":
            m.note(t("daotam.log_push", name=self.seat_name(s), to=self.seat_name(d["to"])))
            self.anim.add(self.push_flight(s, d["to"]))
        elif k == "open":
            m.note(t("daotam.log_open", name=self.seat_name(s), card=self.card_name(d["card"])))
            self.anim.add(Anim(BEAT_S))
        elif k == "chinh_dao":
            self.anim.add(Anim(BEAT_S))
        elif k == "unchallenged":
            m.last_claim = None
        elif k == "turn":
            m.revealed, m.caught = (), ""
            m.last_claim = None
        self.layout_hand()
