"""The phone presenters of the trick and draw games (Ganjifa, Kowah): seeded random games,
and at every step, for every seat and both languages, the screen a phone would get.

Checked on each screen: the format (party.present.check_screen, and the keys of every
hand card, table card, player and move); the whole ``screen`` message as JSON under
16 KB; the legal actions offered exactly once each (as moves, hand cards naming theirs),
anything offered but refused carrying the rules' reason; each card as the table's art
and the replay take it (an int) and named as the engine names it; every string filled,
non-empty and translated; and privacy: a world where the other seats hold other hidden
cards gives the seat a byte-identical screen.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game import registry, wire
from game.core import IllegalAction, action_from_json
from game.match import Match, Seat
from party.present import SCREEN_KEYS, PhoneContext, check_screen, presenter, refusal_text, tr
from scenes.core.i18n import strings
from scenes.screens.replay_truth import reveal

GAMES = ("ganjifa", "kowah")
#: (seed, who plays): random moves, or every seat an easy AI (it declares Kowah's checki
#: and leads Ganjifa's Dukals, which random moves almost never reach)
PLAYOUTS = ((1, None), (2, None), (3, None), (1, "easy"), (3, "easy"))
NAMES = ("Kim", "Lan", "Minh")
KINDS = ("phone", "screen", "ai")
RECENT = 12                 # events a context carries
MAX_BYTES = 16 * 1024
PRIVACY_EVERY = 4           # steps between two privacy checks (each redeals every seat)
HAND_KEYS = {"card", "label", "move", "reason"}
TABLE_KEYS = {"card", "label", "caption"}
PLAYER_KEYS = {"seat", "name", "line", "active", "you", "out", "away"}
MOVE_KEYS = {"id", "label", "action", "cards", "legal", "reason", "kind", "timed"}
ROOT = Path(__file__).resolve().parents[2]


def refusal_of(state: Any, seat: int) -> Callable[[tuple], IllegalAction | None]:
    """The rules' refusal for ``seat`` in ``state``, exactly as the Match says it."""
    shim = SimpleNamespace(state=state)

    def refusal(action: tuple) -> IllegalAction | None:
        return Match.why_illegal(shim, seat, action)      # type: ignore[arg-type]

    refusal.state = state       # type: ignore[attr-defined]    (only the leak test reads it)
    return refusal


def context(game: str, state: Any, seat: int, lang: str, events: list) -> PhoneContext:
    recent = tuple(e for e in events if e.visible_to(seat))[-RECENT:]
    return PhoneContext(game, seat, lang, state.view(seat), tuple(state.legal_actions(seat)),
                        refusal_of(state, seat), NAMES, KINDS, recent, None, state.is_over(),
                        (False, False, True))


def playout(game: str, seed: int, level: str | None = None) -> Iterator[Match]:
    """A seeded game of three seats, the match yielded before every action and once at
    the end; moves at random, or each seat's ``level`` AI's."""
    match = Match(game, [Seat("human") for _ in NAMES], seed, think_scale=0)
    rng = random.Random(seed)
    agents = [registry.make_agent(game, level, s, seed) for s in range(len(NAMES))] if level else []
    while True:
        yield match
        if match.is_over():
            return
        seat = rng.choice(match.active_seats())
        legal = match.legal_actions(seat)
        match.submit(seat, agents[seat].decide(match.view(seat), legal) if agents else rng.choice(legal))


def texts(node: Any, skip: tuple[str, ...] = ("action", "id", "kind", "tone")) -> Iterator[str]:
    """Every player-readable string of a screen."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k not in skip:
                yield from texts(v, skip)
    elif isinstance(node, list):
        for v in node:
            yield from texts(v, skip)
    elif isinstance(node, str):
        yield node


def message_bytes(game: str, seat: int, screen: dict, view: Any) -> int:
    """The size of the ``screen`` message the server sends (the larger of the two JSON
    encodings, ASCII-escaped or UTF-8)."""
    msg = {"v": 1, "type": "screen", "seat": seat, "rev": 1, "screen": screen,
           "view": wire.to_json(view, game)}
    return max(len(json.dumps(msg).encode()), len(json.dumps(msg, ensure_ascii=False).encode()))


def check_offers(ctx: PhoneContext, screen: dict) -> None:
    """Every legal action exactly once as a legal move; hand cards name legal moves that
    play that very card; whatever is offered but refused says why."""
    moves = screen["moves"]
    assert all(set(m) == MOVE_KEYS for m in moves), moves
    ids = [m["id"] for m in moves]
    assert len(ids) == len(set(ids)), f"move ids repeat: {ids}"
    by_id = {m["id"]: m for m in moves}
    offered = Counter(action_from_json(m["action"]) for m in moves if m["legal"])
    assert offered == Counter(ctx.legal), (sorted(offered), sorted(ctx.legal))
    assert all(c == 1 for c in offered.values())
    for m in moves:
        json.dumps(m["action"])
        assert isinstance(m["action"], list) and m["kind"] in ("primary", "normal", "danger", "pass")
        assert m["timed"] is False and m["label"]
        if m["legal"]:
            assert m["reason"] is None
        else:
            assert action_from_json(m["action"]) not in ctx.legal
            assert isinstance(m["reason"], str) and m["reason"], m
        if m["cards"] is not None:
            assert all(0 <= i < len(screen["hand"]) for i in m["cards"]), m
    for h in screen["hand"]:
        assert set(h) == HAND_KEYS, h
        if h["move"] is None:
            assert isinstance(h["reason"], str) and h["reason"], h
        else:
            m = by_id[h["move"]]
            assert m["legal"] and h["reason"] is None
            assert m["action"][1] == h["card"], (m, h)
            assert screen["hand"][m["cards"][0]]["card"] == h["card"]
    if ctx.legal:
        assert any(m["kind"] == "primary" for m in moves if m["legal"])


def check_cards(game: str, ctx: PhoneContext, screen: dict) -> None:
    """Cards in the form the table's art and the replay's reveal take (an int the engine
    names), the hand being the seat's own (a declarer's drawn card included)."""
    view = ctx.view
    held = [view.held] if game == "kowah" and view.held is not None and view.turn == ctx.seat \
        and view.declared[ctx.seat] is not None else []
    assert Counter(h["card"] for h in screen["hand"]) == Counter(list(view.hand) + held)
    for entry in screen["hand"] + screen["table"]:
        assert type(entry["card"]) is int
        assert entry["label"] == registry.card_name(game, entry["card"], ctx.lang)
    assert all(set(t) == TABLE_KEYS and t["caption"] for t in screen["table"])


def check_words(ctx: PhoneContext, screen: dict) -> None:
    keys = set(strings("en"))
    for s in texts(screen):
        assert s and s == s.strip(), repr(s)
        assert "{" not in s and "}" not in s and s not in keys, f"{ctx.lang}: unfilled {s!r}"
    assert screen["status"] and screen["tone"] in ("turn", "wait", "window", "over")
    players = screen["players"]
    assert [p["seat"] for p in players] == list(range(len(NAMES)))
    assert all(set(p) == PLAYER_KEYS for p in players)
    assert [p["you"] for p in players].count(True) == 1 and players[ctx.seat]["you"]
    assert [p["name"] for p in players] == list(NAMES)
    assert (screen["tone"] == "over") == (screen["over"] is not None) == ctx.over
    assert (screen["tone"] == "turn") == bool(ctx.legal)


def check_screens(game: str, match: Match, seat: int, present: Callable[[PhoneContext], dict]) -> dict:
    """Both languages' screens of ``seat`` now, checked; the English one returned."""
    out = {}
    for lang in ("en", "vi"):
        ctx = context(game, match.state, seat, lang, match.events)
        screen = check_screen(present(ctx))
        assert message_bytes(game, seat, screen, ctx.view) < MAX_BYTES
        check_offers(ctx, screen)
        check_cards(game, ctx, screen)
        check_words(ctx, screen)
        out[lang] = screen
    assert out["vi"]["status"] != out["en"]["status"], out["en"]["status"]
    assert out["vi"]["log"] != out["en"]["log"] or not out["en"]["log"]
    return out["en"]


def check_private(game: str, match: Match, seat: int, rng: random.Random,
                  present: Callable[[PhoneContext], dict]) -> bool:
    """The seat's screen in this world and in one where the cards it cannot see are dealt
    again are byte-identical; True if the other world really differed."""
    alt = wire.contract(game).redeal_hidden(match.state, seat, rng)
    for lang in ("en", "vi"):
        mine = present(context(game, match.state, seat, lang, match.events))
        theirs = present(context(game, alt, seat, lang, match.events))
        assert json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True), \
            f"{game} seat {seat}: the screen shows cards it cannot see"
    return alt.hands != match.state.hands


@pytest.mark.parametrize("game", GAMES)
def test_every_screen_of_random_games_offers_exactly_the_legal_moves_in_words_and_privately(game):
    present = presenter(game)
    assert present is not None, f"{game}'s front names no phone presenter"
    seen: Counter = Counter()
    differed = 0
    for seed, level in PLAYOUTS:
        rng = random.Random(seed * 7919)
        for step, match in enumerate(playout(game, seed, level)):
            for seat in range(len(NAMES)):
                screen = check_screens(game, match, seat, present)
                seen[screen["tone"]] += 1
                seen.update(f"move:{m['action'][0]}" for m in screen["moves"])
                seen.update("refused:" + m["action"][0] for m in screen["moves"] if not m["legal"])
                seen["table"] += bool(screen["table"])
                if step % PRIVACY_EVERY == 0 or match.is_over():
                    differed += check_private(game, match, seat, rng, present)
    # the games went everywhere the screens must cover
    assert seen["turn"] and seen["wait"] and seen["over"] and seen["table"], seen
    missing = [k for k in registry.info(game).intents if not seen[f"move:{k}"]]
    assert not missing, f"never offered: {missing}"
    assert differed > 0, "the other worlds never differed: the privacy check checked nothing"


def test_ganjifa_offers_a_dukal_and_the_give_up_with_their_words():
    """A Dukal (rare in random games) is a button naming its suit and run; answering it,
    the hand's cards are given up one tap at a time."""
    from game.ganjifa.rules import GanjifaState
    hands = [["rama-R", "rama-M", "rama-1", "rama-2", "rama-3", "kalki-4"],
             ["matsya-1", "matsya-2", "matsya-3", "matsya-4", "matsya-5", "matsya-6"],
             ["kurma-1", "kurma-2", "kurma-3", "kurma-4", "kurma-5", "kurma-6"]]
    st = GanjifaState.from_deal(hands, trick_no=1, leader=0)
    present = presenter("ganjifa")
    ctx = context("ganjifa", st, 0, "en", [])
    screen = present(ctx)
    check_offers(ctx, screen)
    dukals = [m for m in screen["moves"] if m["action"][0] == "dukal"]
    assert len(dukals) == 1 and dukals[0]["label"] == "Lead a Dukal of Rama (1–3): 5 cards"
    assert [screen["hand"][i]["card"] for i in dukals[0]["cards"]] == sorted(dukals[0]["action"][1])
    assert screen["status"] == "Your turn — lead any card, or a Dukal"
    events = st.apply(0, action_from_json(dukals[0]["action"]))
    for lang, status, caption in (("en", "Your turn — give up 5 cards to the Dukal of Kim", "Kim: Dukal"),
                                  ("vi", "Lượt của bạn — bỏ ra 5 lá cho Dukal của Kim", "Kim: Dukal")):
        ctx = context("ganjifa", st, 1, lang, events)
        screen = present(ctx)
        check_offers(ctx, screen)
        assert screen["status"] == status
        assert {t["caption"] for t in screen["table"]} == {caption}
        assert all(h["move"] for h in screen["hand"])
    waiting = present(context("ganjifa", st, 2, "en", events))
    assert waiting["status"] == "Lan is choosing 5 cards to give up to the Dukal…"
    assert all(h["reason"] == "It is not your turn." for h in waiting["hand"])
    assert waiting["log"][-1] == "Kim led a Dukal of Rama: 5 cards"


def test_ganjifa_refusals_name_the_suits_in_the_phones_language():
    from game.ganjifa.rules import GanjifaState
    hands = [["rama-5", "kalki-4"], ["matsya-1", "rama-1"], ["kurma-1", "kurma-2"]]
    st = GanjifaState.from_deal(hands, trick_no=1, leader=0)
    st.apply(0, ("play", st.deck.parse("rama-5")))
    present = presenter("ganjifa")
    for lang, text in (("en", "You must follow Rama."), ("vi", "Phải theo chất Rama.")):
        screen = present(context("ganjifa", st, 1, lang, []))
        refused = [h for h in screen["hand"] if h["move"] is None]
        assert [h["reason"] for h in refused] == [text]
    assert screen["table"][0]["caption"] == "Kim dẫn"


def test_kowah_offers_draw_take_checki_and_the_declarers_drawn_card():
    from game.kowah.rules import KowahState
    present = presenter("kowah")
    st = KowahState.from_deal(["1C 1C 1S 2C 2C 2S 3C 4C", "5C 5S 5M 6C 6S 6M 7C 7S",
                               "9C 9S 9M OT OT OT RF WF"], "3C 8C 8S 8M 4S", discards="4M",
                              first=2, turn=0, opening=False)
    ctx = context("kowah", st, 0, "en", [])
    screen = present(ctx)
    check_offers(ctx, screen)
    assert screen["status"] == "Draw from the stock or take the discard"
    assert [(m["id"], m["kind"], m["legal"]) for m in screen["moves"]] == [
        ("draw", "primary", True), ("take", "normal", True)]
    assert screen["moves"][1]["label"] == "Take the 4 of Myriads"
    assert all(h["reason"].startswith("Take a card first") for h in screen["hand"])
    st.apply(0, ("draw",))          # the 3C: checki once the 4C goes
    st.apply(0, ("discard", st.deck.parse("4C")))
    ctx = context("kowah", st, 0, "vi", [])
    screen = present(ctx)
    check_offers(ctx, screen)
    assert screen["status"].startswith("Bài đã checki!")
    assert {m["kind"] for m in screen["moves"]} == {"primary", "pass"}
    assert any(m["label"] == "Để sau" for m in screen["moves"])
    pair = next(m for m in screen["moves"] if m["action"][0] == "declare")
    st.apply(0, action_from_json(pair["action"]))
    st.apply(1, ("draw",))
    st.apply(1, ("discard", st.deck.parse("7C")))
    st.apply(2, ("draw",))
    st.apply(2, ("discard", st.deck.parse("9C")))
    st.apply(0, ("draw",))          # a declarer's draw: discard it (or win on it)
    ctx = context("kowah", st, 0, "en", [])
    screen = present(ctx)
    check_offers(ctx, screen)
    assert screen["status"] == "Not your card: discard the card you drew"
    assert screen["hand"][-1]["card"] == st.held and screen["hand"][-1]["move"]
    assert all(h["reason"].startswith("You have declared") for h in screen["hand"][:-1])
    assert [t["caption"] for t in screen["table"]][-2:] == ["Your exposed pair"] * 2
    other = present(context("kowah", st, 1, "en", []))
    assert [t["caption"] for t in other["table"]][-2:] == ["Exposed pair of Kim"] * 2


def test_a_first_turn_offers_the_pile_refused_with_the_rules_reason():
    from game.kowah.rules import KowahState
    st = KowahState.from_deal(["1C 1C 1S 2C 2C 2S 3C 4C", "5C 5S 5M 6C 6S 6M 7C 7S",
                               "9C 9S 9M OT OT OT RF WF"], "3S 8C", discards="4M", first=0, opening=True)
    ctx = context("kowah", st, 0, "vi", [])
    screen = presenter("kowah")(ctx)
    check_offers(ctx, screen)
    take = next(m for m in screen["moves"] if m["id"] == "take")
    assert not take["legal"] and take["reason"] == "Lượt đầu của ván: phải bốc từ nọc."
    assert screen["status"] == "Lượt của bạn — bốc từ nọc"


def test_the_checks_catch_a_missing_move_a_doubled_one_and_a_leak():
    """The checks above can fail: a presenter that drops a move, offers one twice, or
    reads the cards of a world it should not see is caught."""
    present = presenter("ganjifa")
    match = next(m for i, m in enumerate(playout("ganjifa", 1)) if i == 6)
    seat = match.active_seats()[0]
    ctx = context("ganjifa", match.state, seat, "en", match.events)
    good = present(ctx)
    check_offers(ctx, good)
    dropped = {**good, "moves": good["moves"][1:]}
    dropped["hand"] = [{**h, "move": None, "reason": "x"} if h["move"] == good["moves"][0]["id"] else h
                       for h in good["hand"]]
    with pytest.raises(AssertionError):
        check_offers(ctx, dropped)
    with pytest.raises(AssertionError):
        check_offers(ctx, {**good, "moves": good["moves"] + [{**good["moves"][0], "id": "again"}]})
    with pytest.raises(AssertionError):
        check_offers(ctx, {**good, "hand": [{**h, "reason": None, "move": None} for h in good["hand"]]})

    def leaky(ctx: PhoneContext) -> dict:
        screen = present(ctx)
        others = [h for s, h in enumerate(ctx.refusal.state.hands) if s != ctx.seat]
        return {**screen, "info": screen["info"] + [str(others)]}

    with pytest.raises(AssertionError, match="cannot see"):
        check_private("ganjifa", match, seat, random.Random(1), leaky)


@pytest.mark.parametrize("game", GAMES)
def test_the_presenter_imports_and_runs_without_pygame(game):
    code = f"""
import sys, importlib
from game import registry
from game.match import Match, Seat
from party.present import PhoneContext
module = importlib.import_module("scenes.tables.{game}.phone")
m = Match("{game}", [Seat("human") for _ in range(3)], 5, think_scale=0)
seat = m.active_seats()[0]
for lang in ("en", "vi"):
    ctx = PhoneContext("{game}", seat, lang, m.view(seat), tuple(m.legal_actions(seat)),
                       lambda a: m.why_illegal(seat, a), ("A", "B", "C"), ("phone",) * 3,
                       tuple(m.events))
    assert module.present(ctx)["status"]
assert "pygame" not in sys.modules, "pygame was imported"
"""
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]


def test_refusal_text_is_the_tables_sentence_without_key_hints():
    err = IllegalAction("Take a card first.", "must_take")
    assert refusal_text("en", err) == "Take a card first: draw from the stock or take the discard."
    assert refusal_text("vi", IllegalAction("x", "pile_empty")) == "Chồng bài bỏ đang trống."
    assert refusal_text("en", IllegalAction("The engine's own words.", "no_such_key")) == \
        "The engine's own words."
    assert tr("en", "kowah.not_now") == "Not now"
    assert set(SCREEN_KEYS) == {"title", "status", "tone", "players", "info", "hand", "table", "pick",
                                "moves", "buzzer", "window", "log", "over"}
    assert reveal("kowah").held_cards("kowah", registry.new_game("kowah", 3, 1))[0][0] in range(30)


def test_refusal_parameters_are_words_in_the_phones_language():
    """What the tables' feedback and the phones share: suits, cards and seats in words."""
    from scenes.core.i18n import person
    from scenes.tables.ganjifa.phone import error_params as ganjifa_params
    from scenes.tables.kowah.phone import error_params as kowah_params
    seat = ["Kim", "Lan", person("Minh")].__getitem__
    err = IllegalAction("-", "void_choice", led=0, trump=6, next=1)
    assert refusal_text("en", err, ganjifa_params(err, "en", seat)) == \
        "No Matsya: play a trump (Rama) or Kurma."
    err = IllegalAction("-", "dukal_size", n=5, seat=2)
    assert refusal_text("en", err, ganjifa_params(err, "en", seat)) == \
        "A Dukal of 5 cards is more than Minh holds."
    err = IllegalAction("-", "bad_pair", pairs=[0, 29])
    assert refusal_text("en", err, kowah_params(err, "en", seat)) == \
        "That pair cannot be exposed; choose 1 of Coins, White Flower."
    err = IllegalAction("-", "no_rediscard", card=11)
    assert "3 Chuỗi" in refusal_text("vi", err, kowah_params(err, "vi", seat))
