"""Hot-seat privacy at the drawing layer for Mascarade (like test_hotseat_privacy.py).

Two humans and four AIs play a whole game through the table. Every character face drawn
is asked of ``MascaradeCards.face``; each must be either a card the table shows in the
open — a position whose face the public events (setup, reveals) showed — or, on a
covered prompt, a card its confirmed viewer learnt in secret (a peek or the Spy's look)
during that viewer's own secret decision, or the mask on a speech banner, which is the
character announced (said aloud, not a card shown). The viewer changes only through a
confirmed handoff, and the handoff screen draws no face."""

from __future__ import annotations

import inspect

import pytest

from game.mascarade.rules import FOOL, SPY
from scenes.screens.handoff import HandoffScene
from scenes.screens.results import ResultsScene
from scenes.tables.mascarade.cards import MascaradeCards
from tests.ui.mascarade_drive import Driver, frame, mascarade_app


def _public_pairs(match) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for e in match.events:
        if e.to is None and e.kind == "setup":
            out.update(enumerate(e.data["layout"]))
        elif e.to is None and e.kind == "reveal":
            out.update(tuple(c) for c in e.data["cards"])
    return out


def _secret_cards(match, seat: int) -> set[int]:
    out: set[int] = set()
    for p in match.view(seat).private:
        if p[0] == "peek":
            out.add(p[2])
        elif p[0] == "spy":
            out.update((p[2], p[4]))
    return out


POWERS_SET = {"characters": ["fool", "spy", "king", "queen", "judge", "bishop"]}


@pytest.mark.parametrize("seed,options,powers", [(4, {}, ()), (6, POWERS_SET, (FOOL, SPY))],
                         ids=["peeks", "fool-and-spy"])
def test_no_private_face_is_drawn_unless_its_owner_is_looking(monkeypatch, seed, options, powers):
    drawn: list[tuple[str, int]] = []
    real_face = MascaradeCards.face

    def face(self, char, height):
        drawn.append((inspect.stack()[1].function, char))
        return real_face(self, char, height)
    monkeypatch.setattr(MascaradeCards, "face", face)
    app, match, table = mascarade_app(["human", "normal", "human", "easy", "normal", "hard"],
                                      seed=seed, options=options)
    drive = Driver(app, match, table, seed=seed, peeks=0.4, powers=powers)
    public_frames = secret_frames = 0
    last_viewer = table.viewer
    for n in range(40000):
        if isinstance(app.stack.top, ResultsScene):
            break
        drive.step()
        was_handoff = isinstance(app.stack.top, HandoffScene)
        drawn.clear()
        frame(app)
        if table.viewer != last_viewer:
            assert was_handoff and table.confirmed_viewer, f"frame {n}: viewer changed without a handoff"
            last_viewer = table.viewer
        if isinstance(app.stack.top, HandoffScene):
            assert not drawn, "the handoff screen drew a face"
            continue
        pairs = _public_pairs(match)
        shown = set(table.model.faceup.items())
        assert shown <= pairs, f"frame {n}: faces up that no public event showed: {shown - pairs}"
        for where, char in drawn:
            if where == "public_face":
                assert char in table.model.faceup.values(), f"frame {n}: public face {char} not up"
                public_frames += 1
            elif where == "said_face":      # a speech banner's mask: the character said aloud
                ann = table.model.announced
                assert ann is not None and char == ann[1], f"frame {n}: a banner drew {char}, not the one said"
            else:
                seat = table.looking
                assert where == "private_face" and seat is not None, f"frame {n}: {where} drew {char}"
                assert table.controls.secret_seat() == seat, f"frame {n}: private face outside a secret decision"
                assert char in _secret_cards(match, seat), f"frame {n}: {char} is not seat {seat}'s secret"
                secret_frames += 1
    assert match.is_over()
    if powers:
        assert {"spy", "spy_swap"} <= {a[0] for s, a in match.log if s in (0, 2)}
    assert drive.handoffs >= 3 and public_frames > 0 and secret_frames > 0
