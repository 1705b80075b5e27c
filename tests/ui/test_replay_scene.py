"""The replay scene: the game's real table driven by a record — stepping both ways, play,
speed, seat views, faces up only once the game is over, no move of its own, bad records."""

from __future__ import annotations

import random

import pygame
import pytest

from game.match import Match, Seat
from game.replay import Replay
from scenes.core.i18n import t
from scenes.screens.replay import ReplayScene, from_file
from scenes.screens.replay_truth import timeline
from tests.ui.helpers import click, key, make_app, strings_drawn

SEATS = {"ganjifa": 3, "kowah": 3, "daotam": 4, "mascarade": 5}


def record(game: str, seed: int = 4, moves: int | None = None) -> dict:
    """A game played by agents, to its end or ``moves`` moves, recorded as if a human had
    sat at seat 0 (the kinds do not change what replays)."""
    m = Match(game, [Seat("easy") for _ in range(SEATS[game])], seed=seed, think_scale=0)
    clock = 0.0
    while not m.is_over() and (moves is None or len(m.log) < moves):
        clock += 0.25
        m.tick(clock)
    rec = m.to_json()
    rec["seats"][0] = "human"
    if moves is not None:
        rec["actions"] = rec["actions"][:moves]
        rec["over"] = False
    return rec


def open_replay(rec, **kw):
    app = make_app(**kw)
    scene = ReplayScene(app, rec)
    app.stack.push(scene)
    app.step()
    return app, scene


def painted(scene, app):
    scene.panel.invalidate()
    scene.draw(app.screen)


def tup(events):
    return [tuple(e) for e in events]


@pytest.mark.parametrize("game", list(SEATS))
def test_stepping_drives_the_real_table_both_ways(game):
    app, scene = open_replay(record(game))
    for _ in range(5):
        key(pygame.K_RIGHT)
    app.step()
    r = scene.replay
    assert r.pos == 5 and len(scene.table.match.log) == 5
    assert tup(scene.table.match.events) == tup(r.events(5, everything=True))
    key(pygame.K_LEFT)
    key(pygame.K_LEFT)
    app.step()
    assert r.pos == 3 and scene.table.match.log == list(r.save.actions[:3])
    assert scene.table.viewer == 0 and scene.table.looking == 0
    key(pygame.K_END)
    app.step()
    assert scene.table.match.is_over() and app.stack.top is scene      # no results screen
    scene.draw(app.screen)


def test_play_advances_on_the_scenes_own_time_and_speed_changes_it():
    app, scene = open_replay(record("kowah"))
    key(pygame.K_SPACE)
    app.step()
    assert scene.playing
    for _ in range(50):
        scene.update(0.1)
    at_one = scene.replay.pos
    assert 3 <= at_one <= 8                # a move every 0.7 s of replay time
    key(pygame.K_PLUS)
    key(pygame.K_PLUS)
    app.step()
    assert scene.speed == 4.0
    for _ in range(50):
        scene.update(0.1)
    assert scene.replay.pos - at_one >= 2 * at_one        # four times the speed
    key(pygame.K_SPACE)
    app.step()
    before = scene.replay.pos
    scene.update(5.0)
    assert not scene.playing and scene.replay.pos == before


def test_the_on_screen_buttons_do_what_the_keys_do():
    app, scene = open_replay(record("ganjifa"))
    panel = scene.panel
    click(panel.fwd_b.rect.center)
    click(panel.fwd_b.rect.center)
    app.step()
    assert scene.replay.pos == 2
    click(panel.back_b.rect.center)
    app.step()
    assert scene.replay.pos == 1
    click(panel.faster_b.rect.center)
    app.step()
    assert scene.speed == 2.0
    click(panel.seat_b.rect.center)
    app.step()
    assert scene.seat == 1 and scene.table.viewer == 1
    click(panel.play_b.rect.center)
    app.step()
    assert scene.playing


def test_faces_up_waits_for_the_end_of_the_game():
    app, scene = open_replay(record("mascarade", moves=14))
    assert not scene.replay.over
    key(pygame.K_f)
    app.step()
    assert not scene.faces_up and not scene.table.reveal_all
    seen = strings_drawn(lambda: painted(scene, app))
    assert t("replay.truth") not in seen


@pytest.mark.parametrize("game,secret", [("mascarade", "replay.masc_"), ("daotam", "replay.dt_")])
def test_faces_up_tells_what_really_happened(game, secret):
    app, scene = open_replay(record(game))
    key(pygame.K_END)
    key(pygame.K_f)
    app.step()
    assert scene.faces_up and scene.table.reveal_all
    seen = strings_drawn(lambda: painted(scene, app))
    assert t("replay.truth") in seen
    names = [scene.seat_name(s) for s in range(SEATS[game])]
    assert all(any(n in s for s in seen) for n in names)         # every seat's hand is shown
    r = scene.replay
    lines = timeline(r, r.pos, scene.seat_name)
    others = [e for _, e in r.hidden_events(r.length) if e.to != 0]
    assert others and len(lines) > len(timeline(r, r.pos, scene.seat_name, seat=0))


def test_a_seats_view_lists_only_that_seats_secrets():
    rec = record("mascarade")
    r = Replay(rec)
    mine = timeline(r, r.length, str, seat=2)
    everyone = timeline(r, r.length, str)
    own = [n for n, e in r.hidden_events(r.length) if e.to == 2 and e.kind != "hand"]
    assert len(mine) == len(own) < len(everyone)


def test_the_table_cannot_make_a_move_of_its_own():
    app, scene = open_replay(record("kowah"))
    while 0 not in scene.table.match.active_seats():
        scene.forward()
    app.step()
    log = list(scene.table.match.log)
    key(pygame.K_s)                                 # Kowah: draw from the stock
    app.step()
    assert scene.table.match.log == log
    legal = scene.table.match.legal_actions(0)[0]
    assert scene.table.submit(legal) is False                  # a table's own submit is refused
    assert scene.table.match.log == log and scene.table.toast.message == t("replay.only")


def test_a_bad_record_is_shown_with_its_reason_and_closes_to_the_menu():
    from scenes.screens.menu import MenuScene
    app, scene = open_replay({"version": 1, "game": "kowah", "seed": 1, "seats": ["human"] * 3,
                              "actions": [[1, ["take"]]]})
    assert scene.replay is None and scene.error.key == "save.no_replay"
    seen = strings_drawn(lambda: painted(scene, app))
    assert t("replay.bad_title") in seen
    key(pygame.K_ESCAPE)
    app.step()
    assert isinstance(app.stack.top, MenuScene)


def test_a_replay_file_from_the_command_line(tmp_path):
    import main
    from game.replay import export_record
    assert main.build_parser().parse_args(["--replay", "x.json"]).replay.name == "x.json"
    app = make_app()
    good = from_file(app, export_record(record("ganjifa", moves=9), tmp_path))
    assert good.replay is not None and good.replay.length == 9
    (tmp_path / "bad.json").write_text("{not json")
    bad = from_file(app, tmp_path / "bad.json")
    assert bad.replay is None and bad.error.key == "save.damaged"
    assert from_file(app, tmp_path / "none.json").error.key == "replay.no_file"


def test_export_from_the_replay_writes_the_record(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    rec = record("daotam", moves=8)
    app, scene = open_replay(rec)
    key(pygame.K_e)
    app.step()
    files = list((tmp_path / "exports").glob("daotam-*.json"))
    assert len(files) == 1 and Replay(__import__("json").loads(files[0].read_text())).length == 8


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (640, 400)])
def test_every_size_draws(size):
    rng = random.Random(1)
    app, scene = open_replay(record(rng.choice(list(SEATS))), size=size)
    scene.seek(scene.replay.length // 2)
    scene.toggle_faces_up()
    scene.draw(app.screen)
    assert scene.table_rect().right <= size[0]


def test_rules_open_over_the_replay_and_a_resize_relays_the_table():
    from scenes.screens.rules_viewer import RulesScene
    app, scene = open_replay(record("daotam", moves=10))
    key(pygame.K_F1)
    app.step()
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.app is app
    app.stack.pop()
    from tests.ui.helpers import post
    post(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)
    app.step()
    assert scene.frame.size == scene.table_rect().size and scene.table_rect().width < 1600


def test_mascarade_faces_up_turns_every_card_over_on_the_table():
    """Faces up, the table itself shows the character at every position (the view holds
    only the face-up ones), and follows the real swaps as the replay steps."""
    from scenes.tables.mascarade.paint import MascaradePaint
    rec = record("mascarade")
    app, scene = open_replay(rec)
    key(pygame.K_END)
    app.step()
    drawn: list[int] = []
    real = MascaradePaint.public_face
    MascaradePaint.public_face = lambda self, face, h: (drawn.append(face), real(self, face, h))[1]
    try:
        scene.table.draw(app.screen)
        hidden = len(scene.table.pos_rects) - len(drawn)
        assert hidden > 0, "a finished game leaves cards face down"
        key(pygame.K_f)
        app.step()
        for n in (scene.replay.length // 2, scene.replay.length):
            scene.seek(n)
            drawn.clear()
            scene.table.draw(app.screen)
            cards = scene.replay.full_state(n).cards
            assert sorted(drawn) == sorted(cards), n
            assert scene.table.truth == dict(enumerate(cards))
    finally:
        MascaradePaint.public_face = real
