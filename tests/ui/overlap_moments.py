"""The screens and busy moments the overlap check (test_overlap.py) looks at.

Each moment is a function ``(app) -> None`` that leaves the app's stack showing it, laid
out for the app's window as it is now. The matches behind the tables are found once
(engine only, no window) and shared by every window size, language and text size; a
moment that needs the table's own clock (a Đạo Tâm window, a burst) is driven once and
then only laid out again (not resized: a resize skips the running animations).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from game.autoplay import play_first_legal, play_with_agents
from game.match import Match, Seat

Moment = Callable[[Any], None]


# ---- matches (found once) -------------------------------------------------------------

def _find(game: str, seats: list[str], until, seeds=range(1, 80), options=None, level="normal") -> Match:
    for seed in seeds:
        match = Match(game, [Seat(k) for k in seats], seed, dict(options or {}))
        if play_with_agents(match, until, level, seed):
            return match
        match.close()
    raise AssertionError(f"no {game} deal reaches the moment")


@cache
def ganjifa_trick() -> Match:
    return _find("ganjifa", ["human", "normal", "hard"],
                 lambda m: m.state.trick_no >= 9 and len(m.state.trick) == 2 and m.active_seats() == (0,),
                 options={"time": "day"})


@cache
def ganjifa_dukal() -> Match:
    return _find("ganjifa", ["human", "normal", "normal"],
                 lambda m: m.active_seats() == (0,) and m.state.phase == "lead"
                 and any(a[0] == "dukal" for a in m.legal_actions(0)), options={"time": "day"})


@cache
def ganjifa_over() -> Match:
    m = Match("ganjifa", [Seat("human"), Seat("easy"), Seat("hard")], 3, {"time": "day"})
    play_first_legal(m)
    return m


@cache
def finished(game: str, n: int) -> Match:
    """A whole game, seat 0 human (played by an agent like the others)."""
    m = Match(game, [Seat("human")] + [Seat("normal")] * (n - 1), 2, {"time": "day"} if game == "ganjifa" else {})
    play_with_agents(m, lambda m: False, "normal", 2)
    assert m.is_over()
    return m


@cache
def kowah_checki() -> Match:
    return _find("kowah", ["human", "normal", "hard"],
                 lambda m: m.state.turn == 0 and m.state.phase == "declare", seeds=range(1, 300))


@cache
def kowah_mid() -> Match:
    return _find("kowah", ["human", "normal", "hard"],
                 lambda m: len(m.state.discards) >= 14 and m.state.turn == 0
                 and m.state.phase == "discard" and not m.state.any_declared, seeds=range(1, 300))


@cache
def mascarade_mid(n: int) -> Match:
    return _find("mascarade", ["human"] + ["normal"] * (n - 1),
                 lambda m: m.view(None).turn_no >= 9 and m.view(None).phase == "turn" and m.view(None).turn == 0)


@cache
def mascarade_claim(n: int) -> Match:
    """A claim round: someone announced, the human to answer (claim or not)."""
    return _find("mascarade", ["human"] + ["normal"] * (n - 1),
                 lambda m: m.view(None).phase != "turn" and 0 in m.active_seats())


@cache
def mascarade_banners(n: int) -> Match:
    """A claim round with two counter-claims made: the announcer's and two numbered
    speech banners up, the human still to answer."""
    return _find("mascarade", ["human"] + ["normal"] * (n - 1),
                 lambda m: m.view(None).phase == "claim" and 0 in m.active_seats()
                 and sum(1 for _, a in m.view(None).answered if a == "claim") >= 2, seeds=range(1, 200))


@cache
def recorded(game: str) -> dict:
    n = {"ganjifa": 3, "kowah": 3, "daotam": 4, "mascarade": 6}[game]
    m = Match(game, [Seat("normal") for _ in range(n)], seed=11, think_scale=0)
    clock = 0.0
    while not m.is_over() and clock < 50_000:
        clock += 0.25
        m.tick(clock)
    rec = m.to_json()
    rec["seats"][0] = "human"
    m.close()
    return rec


def _clone(match: Match) -> Match:
    return Match.from_json(match.to_json())


# ---- Đạo Tâm: driven on the table's own clock ----------------------------------------

DT = 1 / 30


def daotam_driven(app: Any, n: int, want: Callable[[Any], bool], seeds=range(1, 13),
                  humans: int = 1, buzz: bool = False) -> Any:
    """A Đạo Tâm table (the first ``humans`` seats human, each played by an agent; a
    handoff is confirmed at once) stopped at the first frame ``want(table)`` holds;
    ``buzz``: seat 0 presses its buzzer key in every window it may answer."""
    speed, app.settings.anim_speed = app.settings.anim_speed, 1.0
    try:
        return _drive_daotam(app, n, want, seeds, humans, buzz)
    finally:
        app.settings.anim_speed = speed


def _press(app: Any, key: int) -> None:
    import pygame
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.dispatch(pygame.event.Event(kind, key=key, mod=0, unicode=""))


def _drive_daotam(app: Any, n: int, want: Callable[[Any], bool], seeds, humans: int,
                  buzz: bool = False) -> Any:
    from game import registry
    from scenes.screens.handoff import HandoffScene
    from scenes.tables.daotam import DaoTamTable
    for seed in seeds:
        match = Match("daotam", [Seat("human")] * humans + [Seat("normal")] * (n - humans), seed)
        table = DaoTamTable(app, match, fresh=True)
        app.stack.reset(table)
        brains = {s: registry.make_agent("daotam", "easy", s, seed + s) for s in range(humans)}
        for _ in range(20000):
            if match.is_over():
                break
            if isinstance(app.stack.top, HandoffScene):
                app.stack.top.confirm()
            if app.stack.top is not table:
                break
            if want(table):
                return table
            if table.viewer_can_act and match.state.phase in ("turn", "push", "option"):
                seat = table.viewer
                table.submit(brains[seat].decide(match.view(seat), match.legal_actions(seat)))
            elif buzz and window_open(table) and 0 in table.painter.eligible():
                _press(app, table.buzzers.key_of[0])
            app.stack.update(DT)
            if app.stack.top is table and want(table):
                return table
    raise AssertionError("no Đạo Tâm game reaches the moment")


def window_open(table: Any) -> bool:
    r = table.ring.reading(table.match, table.clock)
    return (table.match.state.phase == "challenge" and r is not None and not r.stopped
            and 0.3 < r.fraction < 0.6)


def race_open(table: Any) -> bool:
    r = table.ring.reading(table.match, table.clock)
    return table.match.state.phase == "race" and r is not None and not r.stopped and 0.3 < r.fraction < 0.7


def burst(kind: str) -> Callable[[Any], bool]:
    """A burst mid-way, after a "challenge" (Phản Đòn!) or a "race" (Cương Nhu Phối Triển!)."""
    def check(table: Any) -> bool:
        return (table.ring.burst_seat is not None and 0.3 < table.ring.burst_p < 0.5
                and table.model.window_kind == kind)
    return check


def drawn_cd(table: Any) -> bool:
    """A drawn Chính Đạo held up face up in the centre, its line above it."""
    return table.model.cd_shown is not None and table.model.cd_x >= 0.6


def reveal(table: Any) -> bool:
    return any(0.2 < tok.scale_x < 0.6 for toks in table.tokens for tok in toks)


# ---- the moments ------------------------------------------------------------------------

def _table(app: Any, match: Match) -> Any:
    from scenes.core import nav
    table = nav.make(app, "table", _clone(match))
    app.stack.reset(table)
    table.over_shown = True
    settle(app)
    return table


def settle(app: Any, frames: int = 3) -> None:
    """A few frames of time (animations are instant: the app's speed is 0) so that the
    table shows what the match holds (hands dealt, piles filled)."""
    for _ in range(frames):
        app.stack.update(1 / 30)


def menu(app: Any) -> None:
    from scenes.screens.menu import MenuScene
    app.stack.reset(MenuScene(app))


def setup(game: str) -> Moment:
    def show(app: Any) -> None:
        from scenes.screens.setup import SetupScene
        menu(app)
        app.stack.push(SetupScene(app, game, seed=42))
    return show


def settings(app: Any) -> None:
    from scenes.screens.settings import SettingsScene
    menu(app)
    app.stack.push(SettingsScene(app))


def pause(app: Any) -> None:
    _table(app, ganjifa_trick()).header.open_pause()


def rules(game: str) -> Moment:
    def show(app: Any) -> None:
        from scenes.screens.rules_viewer import RulesScene
        menu(app)
        app.stack.push(RulesScene(app, game))
    return show


def results(app: Any) -> None:
    from scenes.screens.results import ResultsScene
    table = _table(app, ganjifa_over())
    app.stack.push(ResultsScene(app, table))


def results_of(game: str, n: int) -> Moment:
    def show(app: Any) -> None:
        from scenes.screens.results import ResultsScene
        table = _table(app, finished(game, n))
        app.stack.push(ResultsScene(app, table))
    return show


def timeline(app: Any) -> None:
    """Mascarade's end timeline, over its results."""
    from scenes.screens.results import ResultsScene
    from scenes.tables.mascarade.timeline_scene import TimelineScene
    table = _table(app, finished("mascarade", 8))
    app.stack.push(ResultsScene(app, table))
    app.stack.push(TimelineScene(app, table))


def stats(app: Any) -> None:
    from scenes.core import nav
    menu(app)
    nav.push(app, "stats")


@cache
def history_db() -> str:
    """A statistics database with a few hundred games (made once per run)."""
    import tempfile
    from pathlib import Path

    from game import history
    from game.history import synthetic
    path = Path(tempfile.mkdtemp(prefix="overlap-stats-")) / "history.db"
    recorder = history.Recorder(path)
    for rec in synthetic.records(300, seed=11, per_game=6):
        recorder.record(rec)
    recorder.close()
    return str(path)


def stats_full(game: str | None, mode: str | None = None) -> Moment:
    def show(app: Any) -> None:
        from pathlib import Path

        from game import history
        from scenes.core import nav
        menu(app)
        if app.recorder is None:
            app.recorder = history.Recorder(Path(history_db()))
        nav.push(app, "stats", game=game, mode=mode)
    return show


def replay(game: str) -> Moment:
    def show(app: Any) -> None:
        from scenes.screens.replay import ReplayScene
        scene = ReplayScene(app, recorded(game))
        app.stack.reset(scene)
        scene.seek(scene.replay.length // 2)
    return show


def handoff(app: Any) -> None:
    from scenes.screens.handoff import HandoffScene
    _table(app, ganjifa_trick())
    app.stack.push(HandoffScene(app, 1, "Người Chơi Hai", "", lambda: None))


def ganjifa(app: Any) -> None:
    _table(app, ganjifa_trick())


def ganjifa_last(app: Any) -> None:
    _table(app, ganjifa_trick()).show_last = True


def ganjifa_dukal_panel(app: Any) -> None:
    _table(app, ganjifa_dukal()).controls.open_dukal()
    settle(app, 1)


def kowah(app: Any) -> None:
    _table(app, kowah_mid())


def kowah_checki_panel(app: Any) -> None:
    """The Checki prompt: the human's discard left a checki hand (the panel with its two
    buttons over the hand)."""
    _table(app, kowah_checki())


def kowah_pairs(app: Any) -> None:
    """Two pairs qualify: the chooser over the table."""
    from game.kowah.rules import KowahState
    from scenes.tables.kowah.pair import PairChooser
    hands = ["5C 5C 5S 5S 5M 8C 8S 1S", "1C 2C 3C 4C 6C 7C 9C 2S", "1M 2M 3M 4M 6M 7M 9M 3S"]
    two = Match("kowah", [Seat(k) for k in ("human", "normal", "hard")], 1,
                state_factory=lambda n, seed, opts: KowahState.from_deal(hands, "8M 6S 6S 7S"))
    two.submit(0, ("draw",))
    two.submit(0, ("discard", two.state.deck.parse("1S")))
    from scenes.tables.kowah import KowahTable
    table = KowahTable(app, two)
    app.stack.reset(table)
    settle(app)
    app.stack.push(PairChooser(app, table, table.pairs_offered()))


def mascarade(n: int, log: bool = False, known: bool = False, claim: bool = False,
              banners: bool = False) -> Moment:
    def show(app: Any) -> None:
        table = _table(app, mascarade_banners(n) if banners else mascarade_claim(n) if claim else mascarade_mid(n))
        if log:
            table.toggle_log()
        if known:
            table.toggle_known()
    return show


def daotam(n: int, want: Callable[[Any], bool], humans: int = 1, buzz: bool = False) -> Moment:
    """Driven once (on the first call), then only laid out again for each window."""
    held: dict[str, Any] = {}

    def show(app: Any) -> None:
        table = held.get("table")
        if table is None or table.app is not app:
            table = held["table"] = daotam_driven(app, n, want, humans=humans, buzz=buzz)
        if app.stack.top is not table:
            app.stack.reset(table)
        table.layout()          # for this window, the moment's animations kept (a resize skips them)
    return show


def moments() -> dict[str, Moment]:
    out: dict[str, Moment] = {
        "menu": menu, "settings": settings, "pause": pause, "results": results, "stats": stats,
        "stats-all": stats_full(None), "stats-kowah": stats_full("kowah", "ai"),
        "stats-mascarade": stats_full("mascarade", "party"),
        "handoff": handoff, "timeline": timeline,
        "results-kowah": results_of("kowah", 3), "results-daotam": results_of("daotam", 4),
        "results-mascarade": results_of("mascarade", 8),
        "ganjifa": ganjifa, "ganjifa-last": ganjifa_last, "ganjifa-dukal": ganjifa_dukal_panel,
        "kowah": kowah, "kowah-checki": kowah_checki_panel, "kowah-pairs": kowah_pairs,
    }
    for game in ("ganjifa", "kowah", "daotam", "mascarade"):
        out[f"setup-{game}"] = setup(game)
        out[f"rules-{game}"] = rules(game)
    out["replay-mascarade"] = replay("mascarade")
    out["replay-daotam"] = replay("daotam")
    for n in (3, 5):
        out[f"daotam{n}-turn"] = daotam(n, lambda tb: tb.viewer_can_act and tb.controls.acting_phase() == "turn")
        out[f"daotam{n}-window"] = daotam(n, window_open)
        out[f"daotam{n}-race"] = daotam(n, race_open)
        out[f"daotam{n}-burst-challenge"] = daotam(n, burst("challenge"))
        out[f"daotam{n}-burst-race"] = daotam(n, burst("race"))
        out[f"daotam{n}-reveal"] = daotam(n, reveal)
        out[f"daotam{n}-drawn"] = daotam(n, drawn_cd)
        # hot seat: two buzzers (seat 1's beside its plate, near the claim caption)
        out[f"daotam{n}-2p-window"] = daotam(n, window_open, humans=2)
        out[f"daotam{n}-2p-burst"] = daotam(n, burst("challenge"), humans=2)
        # the human's own press: the burst at its buzzer cap
        out[f"daotam{n}-my-burst"] = daotam(n, lambda tb: burst("challenge")(tb) and tb.ring.burst_seat == 0,
                                            buzz=True)
    for n in (4, 8, 13):
        out[f"mascarade{n}-log"] = mascarade(n, log=True, known=True)
        out[f"mascarade{n}-known"] = mascarade(n, known=True)
        out[f"mascarade{n}-claim"] = mascarade(n, claim=True)
    for n in (5, 13):
        out[f"mascarade{n}-banners"] = mascarade(n, banners=True)
    out.update(later_moments())
    return out


# ---- moments of the later screens (keys, zoom, peek, prompts, problem notes) -----------

def keys(capture: bool = False, clash: bool = False, bottom: bool = False) -> Moment:
    """The Keys screen (Settings → Keys at the table): waiting for a key, a clash refused,
    scrolled to its end."""
    def show(app: Any) -> None:
        from scenes.core import keymap
        from scenes.screens.keys_screen import KeysScene
        settings(app)
        scene = KeysScene(app)
        app.stack.push(scene)
        if capture or clash:
            scene.start_capture(scene.rows[0])
        if clash:
            scene.captured(scene.rows[0], keymap.key(app.settings, scene.rows[1].name))
        if bottom:
            scene.scroll(10 ** 6)
    return show


def stats_note(kind: str) -> Moment:
    """The statistics screen saying what is wrong with its file: none to be had, read
    only, or games waiting for the disk (the note the screen makes, over its figures)."""
    def show(app: Any) -> None:
        from scenes.core.i18n import t
        from scenes.screens.stats_text import problem_text
        stats_full(None)(app)
        scene = app.stack.top
        if kind == "unavailable":
            scene.reader, scene.counts = None, {}
            scene.notice = problem_text(None, unavailable=True)
            scene.load()
        elif kind == "read_only":
            scene.notice = problem_text(None, read_only=True)
        else:
            scene.notice = t("stats.problem.pending")
        scene.resize(app.size)
    return show


def zoom_cards(table: Any) -> list[Any]:
    """The zoomable cards found on a coarse grid over the window."""
    w, h = table.app.size
    step = max(6, h // 40)
    found: dict[tuple, tuple[Any, tuple[int, int]]] = {}
    for y in range(step // 2, h, step):
        for x in range(step // 2, w, step):
            card = table.zoom_at((x, y))
            if card is not None and card.key not in found:
                found[card.key] = (card, (x, y))
    return list(found.values())


def zoom(table_moment: Moment, edge: str) -> Moment:
    """A table with the card zoom open on its card nearest one edge of the window."""
    def show(app: Any) -> None:
        table_moment(app)
        table = app.stack.top
        cards = zoom_cards(table)
        assert cards, "no card to zoom"
        pick = {"left": lambda c: c[0].rect.left, "right": lambda c: -c[0].rect.right,
                "top": lambda c: c[0].rect.top, "bottom": lambda c: -c[0].rect.bottom}[edge]
        card, at = min(cards, key=pick)
        table.zoom.open(card, "click", at)
    return show


def ganjifa_full(app: Any) -> None:
    """A fresh deal: the human's 40 cards in two rows, the suit tabs under them."""
    _table(app, Match("ganjifa", [Seat("human"), Seat("normal"), Seat("hard")], 5, {"time": "day"}))


@cache
def mascarade_opening(n: int) -> Match:
    """An opening turn of the human: swaps only (Peek and Announce greyed)."""
    return _find("mascarade", ["human"] + ["normal"] * (n - 1),
                 lambda m: m.view(None).phase == "turn" and m.view(None).turn == 0
                 and m.view(None).turn_no <= 4)


def mascarade_swap(n: int, faces: bool = False) -> Moment:
    def show(app: Any) -> None:
        table = _table(app, mascarade_opening(n))
        if faces:           # every card face up, as at the opening's show (names beside them)
            table.model.faceup = dict(enumerate(table.match.state.cards))
    return show


def daotam_with(n: int, want: Callable[[Any], bool], then: Callable[[Any], None],
                humans: int = 1) -> Moment:
    """A driven Đạo Tâm moment with something done on the table once it is reached."""
    base = daotam(n, want, humans=humans)

    def show(app: Any) -> None:
        base(app)
        then(app.stack.top)
        app.stack.top.layout()
    return show


def peek_ready(table: Any) -> bool:
    return window_open(table) and any(table.peeker.peek_allowed(s) for s in (0, 1))


def peek(confirmed: bool) -> Callable[[Any], None]:
    def go(table: Any) -> None:
        seat = next(s for s in (0, 1) if table.peeker.peek_allowed(s))
        table.peeker.peek, table.peeker.peek_confirmed, table.peeker.peek_since = seat, confirmed, table.clock
    return go


def stage(table: Any) -> None:
    """Two hand cards picked: staged in the claim zone."""
    if not table.model.picked:
        for i in range(min(2, len(table.hand_rects))):
            table.model.toggle(i)


def false_start() -> Callable[[Any], bool]:
    """Seat 0 shouts while no window is open (an AI's turn): the toast and the red shake."""
    pressed: list[bool] = []

    def want(table: Any) -> bool:
        if 0 in table.faults:
            return 0.05 < table.clock - table.faults[0] < 0.25
        if not pressed and table.match.state.phase == "turn" and not table.viewer_can_act \
                and table.match.open_window() is None and table.clock > 3:
            pressed.append(True)
            _press(table.app, table.buzzers.key_of[0])
        return False
    return want


def say_false_start(table: Any) -> None:
    """The toast again in this window's language (it was written when the moment was driven)."""
    from scenes.core.i18n import t
    lock = table.match.timing.seconds("false_start_lock_s")
    table.toast.message = t("daotam_table.false_start", name=table.seat_name(0), s=f"{lock:g}")


def later_moments() -> dict[str, Moment]:
    out: dict[str, Moment] = {
        "keys": keys(), "keys-capture": keys(capture=True), "keys-clash": keys(clash=True),
        "keys-bottom": keys(bottom=True),
        "stats-unavailable": stats_note("unavailable"), "stats-read-only": stats_note("read_only"),
        "stats-pending": stats_note("pending"),
        "ganjifa-full": ganjifa_full,
        "mascarade5-swap": mascarade_swap(5), "mascarade13-faces": mascarade_swap(13, faces=True),
        "daotam3-peek-cover": daotam_with(3, peek_ready, peek(False), humans=2),
        "daotam3-peek-shown": daotam_with(3, peek_ready, peek(True), humans=2),
        "daotam3-staged": daotam_with(3, lambda tb: tb.viewer_can_act and tb.controls.acting_phase() == "turn", stage),
        "daotam3-push": daotam(3, lambda tb: tb.viewer_can_act and tb.controls.acting_phase() == "push"),
        "daotam3-false-start": daotam_with(3, false_start(), say_false_start),
    }
    tables = {"ganjifa": ganjifa_full, "kowah": kowah, "mascarade5": mascarade_swap(5, faces=True),
              "daotam3": daotam(3, lambda tb: tb.viewer_can_act and tb.controls.acting_phase() == "turn")}
    for name, moment in tables.items():
        for edge in ("left", "right", "top", "bottom"):
            out[f"{name}-zoom-{edge}"] = zoom(moment, edge)
    return out
