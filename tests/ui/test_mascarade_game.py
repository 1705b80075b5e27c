"""A whole 6-seat Mascarade game played through the table: two humans (their moves made
with clicks and keys, every handoff confirmed) and four AIs."""

from __future__ import annotations

from scenes.screens.results import ResultsScene
from tests.ui.mascarade_drive import Driver, frame, mascarade_app


def test_a_six_seat_game_plays_through_the_table_with_two_humans():
    app, match, table = mascarade_app(["human", "normal", "human", "easy", "normal", "hard"], seed=4)
    drive = Driver(app, match, table, seed=4, peeks=0.4)
    kinds: set[str] = set()
    for _ in range(40000):
        if isinstance(app.stack.top, ResultsScene):
            break
        drive.step()
        frame(app)
        kinds.update(a[0] for s, a in match.log if s in (0, 2))
    assert match.is_over(), f"not finished: turn {match.view(None).turn_no}"
    assert drive.handoffs >= 2
    assert {"swap", "peek", "claim", "pass", "announce"} <= kinds, kinds
    # the log has a line for every public swap, claim, reveal and coin movement
    public = [e for e in match.events if e.to is None]
    want = sum(1 for e in public if e.kind in ("swap", "fool", "spy_swap", "announce", "claim",
                                               "pass", "reveal")
               or e.kind == "coins" and e.data["amount"])
    got = sum(1 for line in table.model.log if line.key in ("swap", "fool", "spy_swap", "announce",
                                                             "claim", "pass", "reveal", "coins"))
    assert got == want


def test_the_fool_and_spy_prompts_play_through_the_table():
    """Humans who truly hold the Fool or the Spy announce it (a test shortcut), so the
    Fool's pair pick and covered exchange, and the Spy's look, run through the UI."""
    from game.mascarade.rules import FOOL, SPY
    options = {"characters": ["fool", "spy", "king", "queen", "judge", "bishop"]}
    kinds: set[str] = set()
    for seed in (1, 3):
        app, match, table = mascarade_app(["human", "normal", "human", "easy", "normal", "hard"],
                                          seed=seed, options=options)
        drive = Driver(app, match, table, seed=seed, powers=(FOOL, SPY))
        for _ in range(40000):
            if isinstance(app.stack.top, ResultsScene):
                break
            drive.step()
            frame(app)
        assert match.is_over()
        kinds.update(a[0] for s, a in match.log if s in (0, 2))
    assert {"fool", "spy", "spy_swap"} <= kinds, kinds
