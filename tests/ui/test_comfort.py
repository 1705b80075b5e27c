"""Comfort a party expects: keys remapped in the settings (clashes refused, saved, a
damaged entry falls back) and taken by the real tables; reduced motion (animations jump
to their end behind a short fade, rule timers untouched)."""

from __future__ import annotations

import json

import pygame
import pytest

from game import registry
from game.match import Match, Seat
from game.storage import user_dir
from game.windows import load_timing
from scenes.core import keymap
from scenes.core.i18n import t
from scenes.core.settings_store import Settings
from scenes.core.tween import FADE_S, Anim, AnimQueue
from scenes.kit.bluff.ring import read_window
from scenes.screens.handoff import HandoffScene
from scenes.screens.keys_screen import KeysScene
from scenes.screens.settings import SettingsScene
from scenes.tables.daotam import DaoTamTable
from tests.ui.helpers import click, key, make_app, strings_drawn

DT = 0.05


def step(app, dt: float = DT) -> None:
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.update(dt)
    app.stack.draw(app.screen)


def open_daotam(app, seed: int = 4):
    match = Match("daotam", [Seat("human"), Seat("human"), Seat("normal")], seed)
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    agents = {s: registry.make_agent("daotam", "normal", s, seed + s) for s in (0, 1)}
    return table, agents


def to_ai_claim_window(app, table, agents):
    """Play on (humans by their agents) until an AI claim's window waits for both humans."""
    match = table.match
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            key(pygame.K_RETURN)
        elif (top is table and table.viewer_can_act
              and match.state.phase in ("turn", "push", "option")):
            seat = table.viewer
            table.submit(agents[seat].decide(match.view(seat), match.legal_actions(seat)))
        ow = match.open_window()
        if (ow is not None and match.state.phase == "challenge" and match.state.turn == 2
                and set(match.state.waiting) == {0, 1}):
            return ow
        step(app)
    raise AssertionError("no AI claim with both humans in its window")


def rebind_on_screen(app, name: str, new_key: int) -> KeysScene:
    """Open Settings → Keys as a player would, click the binding's box, press ``new_key``."""
    settings = SettingsScene(app)
    app.stack.push(settings)
    step(app)
    row = next(r for r in settings.rows if r.label() == t("settings.keys_row"))
    click(row.button.rect.center)
    step(app)
    keys = app.stack.top
    assert isinstance(keys, KeysScene)
    target = next(r for r in keys.rows if r.name == name)
    keys.focus_row(target)
    click(target.button.rect.center)
    step(app)
    assert target.capturing
    key(new_key)
    step(app)
    return keys


# ------------------------------------------------------------------------- keys
def test_a_remapped_buzzer_buzzes_for_its_seat_and_the_old_key_no_longer_does():
    app = make_app()
    table, agents = open_daotam(app)
    keys = rebind_on_screen(app, "daotam.buzz1", pygame.K_m)       # while the table is open
    assert keys.status == t("keymap.changed", name=t("keymap.seat_buzz", n=1), k="M")
    key(pygame.K_ESCAPE)                                              # Keys → Settings
    step(app)
    key(pygame.K_ESCAPE)                                              # Settings → the table
    step(app)
    assert not [s for s in app.stack.scenes if isinstance(s, SettingsScene | KeysScene)]
    assert keymap.key(app.settings, "daotam.buzz1") == pygame.K_m
    assert table.buzzers.key_of[0] == pygame.K_m                     # the cap shows M
    assert "M" in strings_drawn(lambda: table.draw(app.screen))
    match = table.match
    to_ai_claim_window(app, table, agents)
    n = len(match.events)
    key(pygame.K_1)                                                   # the old key: nothing
    for _ in range(3):
        step(app, 0.01)
    assert not [e for e in match.events[n:] if e.kind == "challenge"]
    assert 0 in match.state.waiting
    key(pygame.K_m)                                                   # the new key: seat 1 buzzes
    for _ in range(50):
        step(app, 0.01)
        if any(e.kind == "challenge" for e in match.events[n:]):
            break
    challenges = [e for e in match.events[n:] if e.kind == "challenge"]
    assert [e.seat for e in challenges] == [0]


def test_a_clash_is_refused_with_the_other_binding_named_and_nothing_changes():
    app = make_app()
    keys = KeysScene(app)
    app.stack.push(keys)
    step(app)
    row = next(r for r in keys.rows if r.name == "daotam.buzz1")
    row.activate()
    key(pygame.K_2)                                  # seat 2's buzzer
    step(app)
    assert keymap.key(app.settings, "daotam.buzz1") == pygame.K_1
    assert row.warning and row.refusal == keys.status
    assert row.refusal == t("keymap.taken", k="2", other=f"{t('short.daotam')} · {t('keymap.seat_buzz', n=2)}")
    row.activate()
    key(pygame.K_h)                                  # the hint key works on every table
    step(app)
    assert "H" in row.refusal and t("keymap.hint_key") in row.refusal
    row.activate()
    key(pygame.K_ESCAPE)                             # Esc while waiting cancels, does not bind
    step(app)
    assert not row.capturing and keys in app.stack.scenes
    assert app.settings.keys == {}
    for reserved in (pygame.K_F1, pygame.K_SPACE, pygame.K_TAB):
        assert keymap.rebind(app.settings, "kowah.stock", reserved) == "reserved"
    assert keymap.rebind(app.settings, "mascarade.log", pygame.K_3) == "reserved"   # picks choice 3
    # another game's key is not a clash: Kowah's S and Đạo Tâm's pass 2 never answer together
    assert keymap.rebind(app.settings, "kowah.stock", pygame.K_d) is None
    assert keymap.rebind(app.settings, "daotam.buzz1", pygame.K_m) is None


def test_keys_are_saved_and_read_back_and_reset():
    app = make_app()
    keymap.rebind(app.settings, "daotam.peek2", pygame.K_b)
    keymap.rebind(app.settings, "kowah.stock", pygame.K_LSHIFT)
    app.settings.save()
    raw = json.loads((user_dir() / "settings.json").read_text(encoding="utf-8"))
    assert raw["keys"] == {"daotam.peek2": "b", "kowah.stock": "left shift"}
    loaded = Settings.load()
    assert keymap.key(loaded, "daotam.peek2") == pygame.K_b
    assert keymap.key(loaded, "kowah.stock") == pygame.K_LSHIFT
    assert keymap.key(loaded, "daotam.peek1") == pygame.K_q
    keys = KeysScene(app)
    app.stack.push(keys)
    step(app)
    click(keys.reset.rect.center)
    step(app)
    assert Settings.load().keys == {} and keymap.key(app.settings, "daotam.peek2") == pygame.K_w


@pytest.mark.parametrize("entry", [
    {"keys": {"daotam.buzz1": "no such key"}},
    {"keys": {"daotam.buzz1": 7}},
    {"keys": {"daotam.buzz1": "2"}},                  # clashes with seat 2's buzzer
    {"keys": {"daotam.buzz1": "escape"}},
    {"keys": {"no.such_binding": "m"}},
    {"keys": ["daotam.buzz1", "m"]},
    {"keys": "m"},
])
def test_a_damaged_key_entry_falls_back_to_the_default(entry):
    app = make_app()
    path = user_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"lang": "en", "volume": 0.4, **entry}), encoding="utf-8")
    loaded = Settings.load()
    assert loaded.volume == pytest.approx(0.4)          # the rest of the file still counts
    keys = keymap.keys_of(loaded)
    assert keys["daotam.buzz1"] == pygame.K_1 and keys["daotam.buzz2"] == pygame.K_2
    app.settings = loaded
    keymap.use(loaded)
    table, _ = open_daotam(app)
    step(app)
    assert table.buzzers.key_of[0] == pygame.K_1


def test_an_old_settings_file_without_keys_or_reduced_motion_loads():
    path = user_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"lang": "vi", "anim_speed": 0.5, "large_text": True}), encoding="utf-8")
    s = Settings.load()
    assert (s.lang, s.anim_speed, s.large_text, s.keys, s.reduced_motion) == ("vi", 0.5, True, {}, False)


def test_a_valid_swap_of_two_keys_survives_a_reload():
    make_app()
    keys = keymap.resolve({"daotam.buzz1": "2", "daotam.buzz2": "1"})
    assert (keys["daotam.buzz1"], keys["daotam.buzz2"]) == (pygame.K_2, pygame.K_1)


def test_far_apart_spreads_five_seats_and_the_hints_follow():
    app = make_app()
    keys = KeysScene(app)
    app.stack.push(keys)
    step(app)
    click(keys.far.rect.center)
    step(app)
    buzz = keymap.seat_keys(app.settings, "daotam", "buzz")
    assert buzz == (pygame.K_1, pygame.K_4, pygame.K_7, pygame.K_0, pygame.K_EQUALS)
    assert keymap.resolve(app.settings.keys) == keymap.keys_of(app.settings)          # nothing dropped
    keymap.rebind(app.settings, "daotam.public", pygame.K_j)
    assert t("daotam.public").endswith("(J)") and t("daotam_table.pass", k="x")
    keymap.rebind(app.settings, "common.hint", pygame.K_b)
    assert t("hints.button").endswith("(B)")
    assert "{" not in t("kowah.prompt_take") and "(S)" in t("kowah.prompt_take")


def test_kowah_and_mascarade_take_their_remapped_keys():
    from scenes.core.boot import first_scene
    app = make_app(game="kowah", seats="human,random,random", seed=3)
    keymap.rebind(app.settings, "kowah.stock", pygame.K_b)
    app.stack.push(first_scene(app))
    table = app.stack.top
    for _ in range(400):
        step(app)
        if table.viewer_can_act and table.phase() == "take":
            break
    hand = len(table.match.view(table.viewer).hand)
    key(pygame.K_s)                                   # the old key: nothing
    step(app)
    assert len(table.match.view(table.viewer).hand) == hand
    key(pygame.K_b)
    step(app)
    assert len(table.match.view(table.viewer).hand) == hand + 1
    assert "(B)" in t("kowah.prompt_take") or table.phase() != "take"


# --------------------------------------------------------------- reduced motion
def test_reduced_motion_jumps_motion_steps_and_keeps_the_beats():
    moved: list[float] = []
    q = AnimQueue(speed=1.0, reduced=True)
    q.add(Anim(0.35, step=moved.append))                  # a flight
    q.add(Anim(0.30, step=moved.append, overlap=0.1))     # a flip
    q.add(Anim(0.7))                                      # a beat to read the trick
    faded: list[float] = []
    q.add(Anim(0.4, step=faded.append, motion=False))     # a word fading out
    q.update(1 / 60)
    assert moved[-1] == 1.0 and q.jumps == 2
    frames = 1
    while q.busy:
        q.update(1 / 60)
        frames += 1
    assert frames == pytest.approx(1.1 * 60, abs=3)       # the beat and the fade keep their length
    assert len(faded) > 20 and q.jumps == 2


def test_reduced_motion_keeps_the_challenge_word_and_drops_the_burst_rays():
    app = make_app(speed=1.0)
    app.settings.reduced_motion = True
    table, agents = open_daotam(app)
    to_ai_claim_window(app, table, agents)
    key(pygame.K_1)                                   # seat 1 challenges the AI's claim
    seen = []
    rays = []
    import scenes.tables.daotam.paint as paint
    real = paint.draw_burst
    paint.draw_burst = lambda *a, **kw: rays.append(a)
    try:
        for _ in range(40):
            step(app, 0.02)
            if table.ring.burst_seat == 0 and table.ring.burst_p < 1:
                seen.append(t("daotam.challenge") in strings_drawn(lambda: table.draw(app.screen)))
    finally:
        paint.draw_burst = real
    assert seen and all(seen), "the word 'Phản Đòn!' shows at the challenger under reduced motion"
    assert not rays


def test_with_reduced_motion_a_card_play_finishes_within_the_fade():
    from scenes.core.boot import first_scene
    app = make_app(game="ganjifa", seats="human,random,random", seed=5, time="day", speed=1.0)
    app.settings.reduced_motion = True
    app.stack.push(first_scene(app))
    table = app.stack.top
    for _ in range(2000):
        step(app)
        if table.viewer_can_act and not table.anim.busy:
            break
    for _ in range(30):                                    # the deal has jumped and faded
        step(app)
    assert table.viewer_can_act and not table.anim.busy and table.fade.layer(app.screen) is None
    card = sorted(table.controls.legal_cards())[0]
    assert table.controls._try_play(card)
    jumps = table.anim.jumps
    elapsed = 0.0
    step(app, 0.01)
    elapsed += 0.01
    while table.anim.busy and elapsed < 2:
        step(app, 0.01)
        elapsed += 0.01
    assert table.anim.jumps > jumps
    assert elapsed <= FADE_S + 1e-9, f"the play took {elapsed:.2f} s with reduced motion"
    assert table.fade.frame is not None                         # the change fades in …
    for _ in range(round(FADE_S / 0.01) + 2):
        step(app, 0.01)
    assert table.fade.layer(app.screen) is None            # … and the fade is over


def test_without_reduced_motion_the_same_play_animates():
    from scenes.core.boot import first_scene
    app = make_app(game="ganjifa", seats="human,random,random", seed=5, time="day", speed=1.0)
    app.stack.push(first_scene(app))
    table = app.stack.top
    for _ in range(2000):
        step(app)
        if table.viewer_can_act and not table.anim.busy:
            break
    assert table.controls._try_play(sorted(table.controls.legal_cards())[0])
    step(app, 0.01)
    step(app, 0.01)
    assert table.anim.busy and table.flying and table.anim.jumps == 0


def test_reduced_motion_leaves_the_challenge_window_its_three_seconds():
    timing = load_timing("daotam")
    app = make_app(speed=1.0)
    app.settings.reduced_motion = True
    table, agents = open_daotam(app)
    ow = to_ai_claim_window(app, table, agents)
    assert ow.ends_at - ow.opened_at == pytest.approx(timing["challenge_window_s"])
    first = read_window(table.match.open_window(), table.clock)
    assert first.total == pytest.approx(timing["challenge_window_s"])
    for _ in range(10):
        step(app, 0.02)
    now = read_window(table.match.open_window(), table.clock)
    if now is not None and now.window_id == first.window_id:
        assert first.remaining - now.remaining == pytest.approx(0.2, abs=1e-6)   # real time, not faded


def test_reduced_motion_is_a_setting_that_is_saved():
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    step(app)
    row = next(r for r in scene.rows if r.label() == t("settings.reduced_motion"))
    click(row.button.rect.center)
    step(app)
    assert app.settings.reduced_motion
    assert Settings.load().reduced_motion


def test_the_keys_screen_works_by_keyboard_alone_and_scrolls_to_the_focus():
    app = make_app(size=(640, 400))
    keys = KeysScene(app)
    app.stack.push(keys)
    step(app)
    target = next(r for r in keys.rows if r.name == "mascarade.pass")      # the last row
    for _ in range(len(keys.rows) + 3):
        if target.button.focused:
            break
        key(pygame.K_DOWN)
        step(app)
    assert target.button.focused
    assert keys.view.contains(target.rect), "the focused row is scrolled into view"
    key(pygame.K_RETURN)
    step(app)
    assert target.capturing
    key(pygame.K_b)
    step(app)
    assert keymap.key(app.settings, "mascarade.pass") == pygame.K_b
    assert "(B)" in t("mascarade.pass")
    key(pygame.K_ESCAPE)
    step(app)
    assert keys not in app.stack.scenes
