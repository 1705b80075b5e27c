"""The phone presenters of Đạo Tâm and Mascarade (issue 17): every screen of seeded
random playouts, for every seat, offers exactly the seat's legal actions (each once; a
refused one only with its reason), fits a phone message, reads in both languages, and
depends on nothing the seat may not see."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from game import registry, wire
from game.core import IllegalAction
from party.present import (
    SCREEN_KEYS,
    PhoneContext,
    WindowInfo,
    check_screen,
    presenter,
    refusal_text,
    tr,
)

GAMES = [("daotam", n) for n in (3, 4, 5)] + [("mascarade", n) for n in (4, 6, 8, 10, 13)]
SEEDS = (1, 2)
STEPS = 140                    # actions per playout (a whole game when it ends sooner)
RECENT = 30                    # events a phone's context carries (party.room)
MAX_BYTES = 16 * 1024
#: The Fool's choice at 12–13 seats offers every (pair, exchange-or-not) of 11–12 other
#: players as its own move: 110–132 moves, more than 16 KB; every other screen fits.
FOOL_MAX_BYTES = 24 * 1024
BUZZ_MEANS = {("challenge",), ("shout",)}
SECRET = {"swap", "fool", "spy", "spy_swap", "peek"}


def why_illegal(st: Any, seat: int, action: Any) -> IllegalAction | None:
    """The rules' refusal, as game.match.Match.why_illegal gives it."""
    if action in st.legal_actions(seat):
        return None
    own = getattr(st, "refusal", None)
    if own is not None:
        return own(seat, action)
    if seat not in st.active_seats():
        return IllegalAction("It is not your turn.", "not_your_turn")
    try:
        st.clone().apply(seat, action)
    except IllegalAction as err:
        return err
    return None


def context(game: str, st: Any, seat: int, events: list, lang: str = "en") -> PhoneContext:
    n = st.n_seats
    win = st.window()
    info = None
    if win is not None:
        info = WindowInfo(1.25, 3.0, seat in win.seats and seat in st.active_seats())
    return PhoneContext(
        game=game, seat=seat, lang=lang, view=st.view(seat),
        legal=tuple(st.legal_actions(seat)) if not st.is_over() else (),
        refusal=lambda action: why_illegal(st, seat, action),
        names=tuple(f"Ngọc {i + 1}" for i in range(n)), kinds=("phone",) * n,
        recent=tuple(e for e in events if e.visible_to(seat))[-RECENT:], window=info,
        over=st.is_over(), away=(False,) * n)


def playout(game: str, n: int, seed: int, steps: int = STEPS) -> Iterator[tuple[int, Any, list]]:
    """``(step, state, events so far)`` before each action of a seeded random game, and
    once more at its end (or after ``steps`` actions)."""
    st = registry.new_game(game, n, seed)
    events = list(st.deal_events())
    rng = random.Random(f"phone:{game}:{n}:{seed}")
    for step in range(steps):
        yield step, st, events
        if st.is_over():
            return
        seat = rng.choice(st.active_seats())
        events += st.apply(seat, choose(st.legal_actions(seat), rng))
    yield steps, st, events


def choose(legal: list, rng: random.Random) -> Any:
    """A random move that lets games last and powers happen: a kind of move first, then
    one of that kind; a window or an announcement is mostly let pass."""
    if ("pass",) in legal and rng.random() < 0.8:
        return ("pass",)
    kind = rng.choice(sorted({a[0] for a in legal}))
    return rng.choice([a for a in legal if a[0] == kind])


def as_tuple(action: Any) -> Any:
    return tuple(as_tuple(a) for a in action) if isinstance(action, list) else action


def text_of(screen: dict) -> list[str]:
    """Every string a player reads on the screen."""
    out = [screen["title"], screen["status"], *screen["info"], *screen["log"]]
    out += [p["line"] for p in screen["players"]] + [p["name"] for p in screen["players"]]
    out += [c["label"] for c in screen["hand"]] + [c["label"] for c in screen["table"]]
    out += [c["caption"] for c in screen["table"]]
    out += [m["label"] for m in screen["moves"]] + [m["reason"] for m in screen["moves"] if m["reason"]]
    if screen["pick"]:
        out.append(screen["pick"]["prompt"])
    if screen["buzzer"]:
        out.append(screen["buzzer"]["label"])
    if screen["over"]:
        out += [screen["over"]["headline"], *screen["over"]["lines"]]
    return out


def offered(screen: dict) -> list:
    """The actions a tap can send now: the legal moves (a hand card plays one of them)
    and an armed buzzer."""
    acts = [as_tuple(m["action"]) for m in screen["moves"] if m["legal"]]
    if screen["buzzer"] and screen["buzzer"]["armed"]:
        acts.append(as_tuple(screen["buzzer"]["action"]))
    return acts


def check(game: str, st: Any, seat: int, screen: dict, where: str) -> None:
    check_screen(screen)
    size = len(json.dumps(screen, ensure_ascii=False, separators=(",", ":")).encode())
    fool = any(m["action"][0] == "fool" for m in screen["moves"])
    assert size < (FOOL_MAX_BYTES if fool and st.n_seats >= 12 else MAX_BYTES), f"{where}: {size} bytes"
    legal = [] if st.is_over() else st.legal_actions(seat)
    acts = offered(screen)
    assert len(acts) == len(set(acts)), f"{where}: an action offered twice: {acts}"
    want = set(legal)
    if game == "daotam":
        if want & BUZZ_MEANS:
            want = (want - BUZZ_MEANS) | {("buzz",)}
        view = st.view(seat)
        buzzer = screen["buzzer"]
        living = view.status[seat] == "living" and not st.is_over()
        assert (buzzer is not None) == living, f"{where}: a buzzer only for a living seat"
        if buzzer is not None:
            assert buzzer["action"] == ["buzz"] and buzzer["label"]
            assert buzzer["armed"] == bool(set(legal) & BUZZ_MEANS), f"{where}: armed {buzzer}"
        for m in screen["moves"]:
            if m["kind"] == "pass" or m["action"] == ["pass"]:
                assert m["timed"] and m["kind"] == "pass", f"{where}: a pass is timed"
    assert set(acts) == want, f"{where}: offered {sorted(map(str, acts))} != legal {sorted(map(str, want))}"
    ids = [m["id"] for m in screen["moves"]]
    assert len(ids) == len(set(ids)), f"{where}: move ids repeat"
    for card in screen["hand"]:
        assert card["move"] is None or card["move"] in ids, f"{where}: a hand card plays no move"
    for m in screen["moves"]:
        if not m["legal"]:
            assert m["reason"], f"{where}: {m['id']} refused without a reason"
            assert as_tuple(m["action"]) not in set(legal)
        if m["cards"] is not None:
            pick = screen["pick"]
            assert pick is not None and pick["min"] <= len(m["cards"]) <= pick["max"], f"{where}: {m}"
            assert all(0 <= i < len(screen["hand"]) for i in m["cards"]) and \
                len(set(m["cards"])) == len(m["cards"]), f"{where}: {m}"
            if game == "daotam":
                chosen = sorted(screen["hand"][i]["card"] for i in m["cards"])
                action = as_tuple(m["action"])
                wanted = sorted(action[1]) if action[0] == "claim" else ["cuong", "nhu"]
                assert chosen == wanted, f"{where}: {m['id']} picks {chosen}"
    for key in ("left_ms", "total_ms"):
        if screen["window"] is not None:
            assert isinstance(screen["window"][key], int)


def cards_ok(game: str, screen: dict) -> None:
    """The card identities are what the game's art and replay reveal take."""
    for card in screen["hand"] + screen["table"]:
        c = card["card"]
        if game == "daotam":
            assert c in (None, "cuong", "nhu", "ta_khi"), c
        else:
            assert c is None or isinstance(c, int) and 0 <= c < 12, c


# ------------------------------------------------------------------ the screens
@pytest.mark.parametrize("game,n", GAMES)
def test_every_screen_offers_the_legal_moves_once_and_reads_in_both_languages(game, n):
    present = presenter(game)
    assert present is not None, f"{game}: no phone presenter registered"
    screens = 0
    kinds: set[str] = set()
    for seed in SEEDS:
        for step, st, events in playout(game, n, seed):
            rng = random.Random(step)
            seats = set(st.active_seats()) | set(rng.sample(range(n), min(n, 2)))
            for seat in sorted(seats):
                where = f"{game} n={n} seed={seed} step={step} seat={seat}"
                for lang in ("en", "vi") if step % 4 == 0 or seat in st.active_seats() else ("en",):
                    screen = present(context(game, st, seat, events, lang))
                    check(game, st, seat, screen, f"{where} {lang}")
                    cards_ok(game, screen)
                    words = text_of(screen)
                    assert all(isinstance(s, str) and s.strip() for s in words), f"{where} {lang}: {words}"
                    stray = [s for s in words if "phone." in s or s.startswith(("err.", "daotam.", "mascarade."))]
                    assert not stray, f"{where} {lang}: untranslated {stray}"
                    screens += 1
                    kinds |= {m["action"][0] for m in screen["moves"]}
    assert screens > 50
    # the playouts reach the decisions the screens are for
    need = {"daotam": {"claim", "public", "pass"}, "mascarade": {"swap", "peek", "announce", "pass"}}[game]
    assert need <= kinds, f"{game}: never offered {need - kinds}"


@pytest.mark.parametrize("game,n", [(g, n) for g, n in GAMES if n in (3, 5, 6, 13)])
def test_a_seat_s_screen_does_not_depend_on_cards_it_cannot_see(game, n):
    present = presenter(game)
    changed = compared = 0
    for seed in SEEDS:
        for step, st, events in playout(game, n, seed):
            if step % 3:
                continue
            for seat in range(n):
                rng = random.Random(f"{seed}:{step}:{seat}")
                alt = wire.contract(game).redeal_hidden(st, seat, rng)
                changed += registry.truth(game, alt) != registry.truth(game, st)
                for lang in ("en", "vi"):
                    a = json.dumps(present(context(game, st, seat, events, lang)), ensure_ascii=False)
                    b = json.dumps(present(context(game, alt, seat, events, lang)), ensure_ascii=False)
                    assert a.encode() == b.encode(), f"{game} n={n} seed={seed} step={step} seat={seat}"
                    compared += 1
    assert changed and compared


@pytest.mark.parametrize("n", [4, 7, 13])
def test_a_mascarade_swap_or_not_is_on_the_deciding_phone_only(n):
    present = presenter("mascarade")
    secret = 0
    for seed in SEEDS:
        for step, st, events in playout("mascarade", n, seed):
            deciding = {s for s in range(n)
                        if any(a[0] in SECRET for a in ([] if st.is_over() else st.legal_actions(s)))}
            for seat in range(n):
                screen = present(context("mascarade", st, seat, events))
                kinds = {m["action"][0] for m in screen["moves"]}
                if seat in deciding:
                    secret += 1
                    assert kinds & SECRET, f"n={n} seed={seed} step={step}: seat {seat} cannot decide"
                else:
                    assert not kinds & SECRET, f"n={n} seed={seed} step={step}: seat {seat} sees {kinds}"
                    assert not screen["pick"]
    assert secret


# ------------------------------------------------------------------ particular moments
def mascarade_game(n: int = 4) -> tuple[Any, list]:
    st = registry.new_game("mascarade", n, 7, {"first_player": "fixed_seat", "first_seat": 0})
    return st, list(st.deal_events())


def test_mascarade_knows_a_card_until_someone_else_s_swap_touches_it():
    present = presenter("mascarade")
    st, events = mascarade_game()
    start = st.view(0).initial
    screen = present(context("mascarade", st, 0, events))
    assert screen["hand"][0]["card"] == start[0]          # dealt face up: known
    events += st.apply(0, ("swap", 0, 1, 1))              # seat 0 exchanges with seat 1
    screen = present(context("mascarade", st, 0, events))
    assert screen["hand"][0]["card"] == start[1]          # it took the card it saw at seat 1
    assert "You exchanged for real" in screen["log"]
    other = present(context("mascarade", st, 1, events))
    assert not any("exchanged for real" in line or "only pretended" in line for line in other["log"])
    assert other["hand"][0]["card"] is None               # seat 1 cannot know what happened
    events += st.apply(1, ("swap", 1, 0, 0))              # seat 1 swaps (or not) with seat 0
    screen = present(context("mascarade", st, 0, events))
    assert screen["hand"][0]["card"] is None              # now seat 0 is no longer sure
    assert "last seen" in screen["hand"][0]["label"]


def test_mascarade_refusals_are_in_the_phone_s_language():
    present = presenter("mascarade")
    st, events = mascarade_game()
    screen = present(context("mascarade", st, 0, events, "vi"))
    peek = next(m for m in screen["moves"] if m["id"] == "peek")
    assert not peek["legal"]
    err = st.refusal(0, ("peek", 0))
    assert peek["reason"] == refusal_text("vi", err) != str(err)


def test_daotam_claim_moves_name_the_cards_they_put_down():
    present = presenter("daotam")
    st = registry.new_game("daotam", 4, 3)
    seat = st.active_seats()[0]
    screen = present(context("daotam", st, seat, list(st.deal_events())))
    assert screen["pick"] == {"min": 1, "max": 2, "prompt": screen["pick"]["prompt"]}
    claims = [m for m in screen["moves"] if m["action"][0] == "claim"]
    assert len(claims) == sum(1 for a in st.legal_actions(seat) if a[0] == "claim")
    assert screen["buzzer"]["armed"] is False               # no window: a press is a false start
    assert "false start" in screen["status"]


def test_refusal_text_falls_back_to_the_engine_s_sentence():
    err = IllegalAction("Plain words.", "no.such.key")
    assert refusal_text("vi", err) == "Plain words."
    known = IllegalAction("x", "daotam.claim_count")
    assert refusal_text("vi", known) == tr("vi", "err.daotam.claim_count") != "x"


def test_screen_keys_are_the_format_s():
    present = presenter("daotam")
    st = registry.new_game("daotam", 3, 1)
    assert tuple(present(context("daotam", st, 0, list(st.deal_events())))) == SCREEN_KEYS


def test_presenters_import_no_pygame():
    code = ("import sys; import scenes.tables.daotam.phone, scenes.tables.mascarade.phone; "
            "from party.present import tr; tr('vi', 'seat.you'); "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_daotam_an_optional_ability_is_asked_on_its_owner_s_phone():
    from game.daotam.rules import DaoTamState
    st = DaoTamState.from_deal(3, [[2, 1, 2], [2, 2, 1], [1, 2, 2]], [0, 1, 2] * 10,
                               ["tn01", "tn02"], opened=[{"hanh_dao": "tn07"}, {}, {}])
    events = list(st.deal_events())
    events += st.apply(0, ("claim", ("cuong",), "cuong"))
    for seat in (1, 2):
        screen = presenter("daotam")(context("daotam", st, seat, events))
        assert screen["buzzer"]["armed"] and [m["id"] for m in screen["moves"]] == ["pass"]
        events += st.apply(seat, ("pass",))
    assert st.phase == "option"
    screen = presenter("daotam")(context("daotam", st, 0, events, "vi"))
    check("daotam", st, 0, screen, "option")
    assert {m["id"] for m in screen["moves"]} == {"use", "decline"}
    assert "Sống Trong Sạch" in screen["status"]
    other = presenter("daotam")(context("daotam", st, 1, events))
    assert other["moves"] == [] and other["tone"] == "wait"


def test_mascarade_the_fool_taps_two_players_then_exchanges_or_pretends_at_13_seats():
    from game.mascarade.rules import FOOL
    st = registry.new_game("mascarade", 13, 5, {"first_player": "fixed_seat", "first_seat": 0})
    events = list(st.deal_events())
    for seat in range(4):
        events += st.apply(seat, ("swap", seat, seat + 1, 0))
    events += st.apply(4, ("announce", FOOL, 4))
    while st.phase == "claim":
        events += st.apply(st.active_seats()[0], ("pass",))
    assert st.pending[0] == "fool"
    screen = presenter("mascarade")(context("mascarade", st, 4, events))
    check("mascarade", st, 4, screen, "fool at 13")
    assert screen["pick"]["min"] == screen["pick"]["max"] == 2 and len(screen["hand"]) == 12
    assert len(screen["moves"]) == 2 * 66
    watcher = presenter("mascarade")(context("mascarade", st, 7, events))
    assert watcher["moves"] == [] and watcher["pick"] is None and len(watcher["hand"]) == 1
