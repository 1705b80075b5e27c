"""The phone page (party/web/) in a real Chromium against the scripted fake server:
joining, rejoining by token, the clock pings, every part of a screen, the buzzer and
the touch sizes in portrait and landscape."""

from __future__ import annotations

import json
import math

import pytest

from tests.browser import samples
from tests.browser.conftest import new_context

try:
    from playwright.sync_api import expect
except ImportError:          # the conftest skips every test here, with one line why
    expect = None

ROOM = "/j/ABCD#k=ROOMSECRET"


def welcome(party, seat: int = 2, token: str = "tok-2", game: str = "ganjifa") -> None:
    party.send({"type": "welcome", "seat": seat, "token": token, "name": "Minh Châu", "game": game,
                "code": "ABCD", "lang": "en"})


def show(party, screen: dict, seat: int = 2, rev: int = 1) -> None:
    party.send({"type": "screen", "seat": seat, "rev": rev, "screen": screen, "view": None})


def playing(page, party, screen: dict, game: str = "ganjifa") -> None:
    """The page open, joined on seat 2 and showing ``screen``."""
    page.goto(party.url + ROOM)
    welcome(party, game=game)
    show(party, screen)
    expect(page.locator("#play")).to_be_visible()
    # the card pictures have come (a picture's arrival may lay the hand out again: a tap
    # in that instant would land on a card being replaced)
    page.wait_for_function("() => [...document.querySelectorAll('#hand img, #table-cards img')]"
                           ".every((i) => i.complete)")
    page.wait_for_timeout(50)


def intents(party) -> list[dict]:
    """The intents the page has sent so far: a ping answered first, so that everything the
    page sent before it has arrived (one socket keeps its order)."""
    n = len(party.of_type("pong")) + 1
    party.send({"type": "ping", "id": 9000 + n})
    party.wait_for("pong", n)
    return party.of_type("intent")


# ------------------------------------------------------------------ joining
def test_join_from_a_room_link_sends_the_secret_the_seat_and_the_name(page, party):
    party.on_connect = [samples.lobby(joined={0: "Lan"})]
    page.goto(party.url + ROOM)
    seats = page.locator("#seats .seat")
    expect(seats).to_have_count(5)                       # "any free seat" + four seats
    expect(page.locator('.seat[data-seat="0"]')).to_have_attribute("aria-disabled", "true")
    expect(page.locator('.seat[data-seat="3"]')).to_have_attribute("aria-disabled", "true")
    page.click('.seat[data-seat="2"]')
    expect(page.locator('.seat[data-seat="2"]')).to_have_attribute("aria-checked", "true")
    page.click('.seat[data-seat="0"]', force=True)       # taken: nothing changes
    expect(page.locator('.seat[data-seat="2"]')).to_have_attribute("aria-checked", "true")

    page.fill("#name", "")
    page.click("#join-btn")
    expect(page.locator("#join-error")).to_have_text("A name is 1 to 20 characters.")
    page.fill("#name", "x" * 21)
    page.click("#join-btn")
    expect(page.locator("#join-error")).to_be_visible()
    assert party.of_type("join") == []

    page.fill("#name", "  Minh Châu ")
    page.click("#join-btn")
    join = party.wait_for("join")
    assert join == {"v": 1, "type": "join", "code": "ABCD", "secret": "ROOMSECRET", "seat": 2,
                    "name": "Minh Châu", "lang": "en"}
    welcome(party)
    expect(page.locator("#waiting")).to_contain_text("seat 3")
    expect(page.locator("#join-head")).to_have_text("Players")
    expect(page.locator("#join-form")).to_be_hidden()


def test_a_seat_link_takes_its_own_seat_and_no_other(page, party):
    party.on_connect = [samples.lobby()]
    page.goto(party.url + "/j/ABCD#k=SEATSECRET&s=1")
    expect(page.locator('.seat[data-seat="1"]')).to_have_attribute("aria-checked", "true")
    expect(page.locator('.seat[data-seat="any"]')).to_have_count(0)
    page.click('.seat[data-seat="2"]', force=True)
    expect(page.locator('.seat[data-seat="1"]')).to_have_attribute("aria-checked", "true")
    page.fill("#name", "Bình")
    page.click("#join-btn")
    join = party.wait_for("join")
    assert (join["secret"], join["seat"], join["code"]) == ("SEATSECRET", 1, "ABCD")


def test_a_typed_room_code_is_the_secret_and_the_first_free_seat_is_asked_for(page, party):
    party.on_connect = [samples.lobby()]
    page.goto(party.url + "/")
    expect(page.locator("#code")).to_be_visible()
    page.fill("#name", "Lan")
    page.click("#join-btn")
    expect(page.locator("#join-error")).to_have_text("Type the room code shown on the big screen.")
    page.fill("#code", " k7qf ")
    page.click("#join-btn")
    join = party.wait_for("join")
    assert (join["code"], join["secret"], join["seat"]) == ("K7QF", "K7QF", None)


def test_the_token_is_kept_and_a_reload_says_hello_first(page, party):
    page.goto(party.url + ROOM)
    welcome(party, token="tok-xyz")
    page.wait_for_function("localStorage.getItem('party.token.ABCD') === 'tok-xyz'")
    party.clear()
    page.reload()
    hello = party.wait_for("hello")
    assert hello == {"v": 1, "type": "hello", "token": "tok-xyz"}
    assert party.received[0]["type"] == "hello"          # before anything else
    party.send({"type": "welcome", "seat": 2, "token": "tok-xyz", "name": "Minh Châu",
                "game": "ganjifa", "code": "ABCD", "lang": "vi"})
    assert party.wait_for("lang")["lang"] == "en"          # the phone's own choice wins


def test_a_refused_token_is_forgotten_and_the_join_form_comes_back(page, party):
    page.goto(party.url + ROOM)
    welcome(party, token="old")
    show(party, samples.ganjifa())
    expect(page.locator("#play")).to_be_visible()
    party.send({"type": "error", "seq": None, "code": "bad_token", "reason": "That seat link has expired."})
    expect(page.locator("#join-form")).to_be_visible()
    expect(page.locator("#toast")).to_have_text("That seat link has expired.")
    assert page.evaluate("localStorage.getItem('party.token.ABCD')") is None


def test_a_dropped_connection_shows_the_bar_and_rejoins_with_the_token(page, party):
    page.goto(party.url + ROOM)
    welcome(party, token="tok-r")
    show(party, samples.ganjifa())
    expect(page.locator("#bar")).to_be_hidden()
    party.clear()
    party.refuse = True                      # away until the bar has been seen
    party.drop()
    expect(page.locator("#bar")).to_have_text("Reconnecting…")
    expect(page.locator("#bar")).to_be_visible()
    party.refuse = False
    assert party.wait_for("hello")["token"] == "tok-r"
    assert party.opened == 2
    show(party, samples.ganjifa())
    expect(page.locator("#bar")).to_be_hidden()


def test_back_from_sleep_a_silent_socket_is_replaced_and_the_seat_rejoined(page, party):
    page.goto(party.url + ROOM)
    welcome(party, token="tok-s")
    show(party, samples.ganjifa())
    expect(page.locator("#play")).to_be_visible()
    party.clear()
    wake = """quiet => { const S = window.__phone.state, ws = S.ws;
        if (quiet) S.lastMsg = performance.now() - 60000;
        document.dispatchEvent(new Event('visibilitychange'));   // handled synchronously
        return S.ws === ws; }"""
    assert page.evaluate(wake, False) is True                   # news came lately: kept
    assert page.evaluate(wake, True) is False                   # silent for a minute: replaced
    assert party.wait_for("hello")["token"] == "tok-s"
    assert party.opened == 2


def test_bye_says_why_and_offers_to_join_again(page, party):
    page.goto(party.url + ROOM)
    welcome(party)
    show(party, samples.ganjifa())
    party.send({"type": "bye", "reason": "The host gave your seat to an AI."})
    expect(page.locator("#notice")).to_have_text("The host gave your seat to an AI.")
    expect(page.locator("#rejoin")).to_be_visible()
    assert page.evaluate("localStorage.getItem('party.token.ABCD')") is None


def test_pings_are_answered_with_the_phone_clock(page, party):
    page.goto(party.url + ROOM)
    party.send({"type": "ping", "id": 7})
    pong = party.wait_for("pong")
    assert pong["id"] == 7 and pong["v"] == 1
    assert isinstance(pong["c"], (int, float)) and 0 < pong["c"] <= page.evaluate("performance.now()")


# ------------------------------------------------------------------ a hand of cards
def test_a_hand_shows_the_card_art_at_the_phone_density(page, party):
    playing(page, party, samples.ganjifa())
    cards = page.locator("#hand .card")
    expect(cards).to_have_count(7)
    src = cards.nth(1).locator("img").get_attribute("src")
    assert src.startswith("/art?g=ganjifa&c=80&h=")
    css_h = page.evaluate("parseFloat(getComputedStyle(document.getElementById('hand')).getPropertyValue('--card-h'))")
    assert int(src.rsplit("=", 1)[1]) == math.ceil(css_h * 2 / 16) * 16
    expect(page.locator("#status")).to_have_text("Your turn — follow Rama")
    expect(page.locator("#players .player.active")).to_contain_text("Minh Châu")
    expect(page.locator("#table-cards figure")).to_have_count(2)
    expect(page.locator("#info li").first).to_have_text("Day — Rama is trump")
    expect(page.locator("#log li").last).to_have_text("Lan played Raja of Rama")
    expect(page.locator("#moves .move")).to_have_count(0)   # every play is a tap on its card
    for where in ("#hand", "#hand .card", "#players li"):          # no zoom on a double tap
        assert page.locator(where).first.evaluate("e => getComputedStyle(e).touchAction") == "manipulation"


def test_the_same_card_twice_on_one_screen_shows_twice(page, party):
    screen = samples.ganjifa()
    screen["table"] = [dict(screen["table"][0], caption=who) for who in ("Lan", "Bình")]
    playing(page, party, screen)
    expect(page.locator("#table-cards figure img")).to_have_count(2)
    for i in range(2):
        page.wait_for_function(f"document.querySelectorAll('#table-cards img')[{i}].naturalWidth > 0")


def test_an_illegal_card_tells_why_and_legal_ones_play_with_rising_seq(page, party):
    playing(page, party, samples.ganjifa())
    kurma = page.locator('#hand .card[data-index="4"]')
    expect(kurma).to_have_class("card illegal")
    expect(page.locator('#hand .card[data-index="1"]')).to_have_class("card legal")
    kurma.click(force=True)                  # aria-disabled: tapped all the same
    expect(page.locator("#toast")).to_have_text("You must follow Rama.")
    page.click('#hand .card[data-index="1"]')
    first = party.wait_for("intent")
    assert first == {"v": 1, "type": "intent", "seq": 1, "action": ["play", 80], "t": None}
    page.click('#hand .card[data-index="3"]')
    second = party.wait_for("intent", 2)
    assert second["seq"] == 2 and second["action"] == ["play", 72]
    assert [m["action"] for m in intents(party)] == [["play", 80], ["play", 72]]   # none for Kurma


def test_on_another_seats_turn_a_tap_tells_why_and_sends_nothing(page, party):
    playing(page, party, samples.waiting())
    card = page.locator('#hand .card[data-index="1"]')
    expect(card).to_have_class("card illegal")
    card.click(force=True)
    expect(page.locator("#toast")).to_have_text("Not your turn yet.")
    expect(page.locator("#status")).to_have_class("tone-wait")
    show(party, samples.ganjifa(), rev=2)                  # the turn comes: the same tap plays
    page.click('#hand .card[data-index="1"]')
    assert party.wait_for("intent")["action"] == ["play", 80]
    assert len(intents(party)) == 1


def test_a_reload_never_reuses_a_seq(page, party):
    playing(page, party, samples.ganjifa())
    page.click('#hand .card[data-index="0"]')
    page.click('#hand .card[data-index="1"]')
    party.wait_for("intent", 2)
    page.reload()
    party.wait_for("hello")
    show(party, samples.ganjifa())
    page.click('#hand .card[data-index="2"]')
    assert party.wait_for("intent", 3)["seq"] == 3


def test_a_card_picture_that_fails_shows_its_label(page, party):
    screen = samples.ganjifa()
    screen["hand"][0]["card"] = {"broken": True}
    playing(page, party, screen)
    face = page.locator('#hand .card[data-index="0"] .face')
    expect(face).to_have_class("face fallback")
    expect(face).to_have_text("3 Rama")


def test_error_reasons_are_toasts(page, party):
    page.clock.install()                     # the page's timers run when the test says
    playing(page, party, samples.ganjifa())
    party.send({"type": "error", "seq": 4, "code": "not_your_turn", "reason": "Not your turn yet."})
    expect(page.locator("#toast")).to_have_text("Not your turn yet.")
    expect(page.locator("#toast")).to_be_visible()
    page.clock.run_for(2000)
    expect(page.locator("#toast")).to_be_visible()
    page.clock.run_for(1000)                 # 2.6 s and a 150 ms fade
    expect(page.locator("#toast")).to_be_hidden()


def test_the_over_panel(page, party):
    playing(page, party, samples.over())
    expect(page.locator("#over")).to_be_visible()
    expect(page.locator("#over h2")).to_have_text("Lan wins the game")
    expect(page.locator("#over p")).to_have_text("Lan 42 cards · Bình 31 · You 27")
    show(party, samples.ganjifa(), rev=2)
    expect(page.locator("#over")).to_be_hidden()


# ------------------------------------------------------------------ pick mode
def test_pick_mode_enables_the_claims_whose_cards_are_picked(page, party):
    playing(page, party, samples.claim(), game="daotam")
    cuong = page.locator("#moves .move", has_text="Claim Cương")
    public = page.locator("#moves .move", has_text="Public play")
    expect(page.locator("#moves .move")).to_have_count(3)            # one button per label
    expect(cuong).to_have_attribute("aria-disabled", "true")
    cuong.click(force=True)
    expect(page.locator("#toast")).to_have_text("Pick 1 or 2 cards")
    assert intents(party) == []

    page.click('#hand .card[data-index="1"]')
    expect(page.locator("#pick-line")).to_have_text("Pick 1 or 2 cards · Selected 1 of 2")
    expect(public).to_have_attribute("aria-disabled", "true")
    page.click('#hand .card[data-index="0"]')
    expect(page.locator('#hand .card[data-index="0"]')).to_have_attribute("aria-pressed", "true")
    page.click('#hand .card[data-index="2"]')                        # a third: refused
    expect(page.locator('#hand .card[data-index="2"]')).to_have_attribute("aria-pressed", "false")
    expect(cuong).not_to_have_attribute("aria-disabled", "true")
    expect(public).not_to_have_attribute("aria-disabled", "true")
    same = samples.claim()
    same["log"] = ["Lan claimed Nhu"]                               # the same hand, news only
    show(party, same, rev=2)
    expect(page.locator("#log li")).to_have_text(["Lan claimed Nhu"])
    expect(page.locator('#hand .card[aria-pressed="true"]')).to_have_count(2)   # picks kept
    cuong.click()
    assert party.wait_for("intent")["action"] == ["claim", [0, 1], "cuong"]
    page.click('#hand .card[data-index="0"]')                        # unpick: one card left
    expect(public).to_have_attribute("aria-disabled", "true")
    page.locator("#moves .move", has_text="Claim Nhu").click()
    claim = party.wait_for("intent", 2)
    assert claim["action"] == ["claim", [1], "nhu"] and claim["seq"] == 2
    fewer = samples.claim()
    fewer["hand"] = fewer["hand"][1:]                                # a new hand: picks cleared
    show(party, fewer, rev=3)
    expect(page.locator("#hand .card")).to_have_count(3)
    expect(page.locator('#hand .card[aria-pressed="true"]')).to_have_count(0)


def test_a_pick_of_alike_cards_matches_the_claim_naming_the_first_of_them(page, party):
    """Đạo Tâm's presenter names the first card of each kind; two Cương are alike, so
    tapping the second one makes the same claim."""
    alike = samples.claim()
    alike["hand"][2]["card"] = alike["hand"][0]["card"]             # two cards the same
    alike["moves"] = [m for m in alike["moves"] if m["cards"] != [2] and 2 not in m["cards"]]
    playing(page, party, alike, game="daotam")
    cuong = page.locator("#moves .move", has_text="Claim Cương")
    page.click('#hand .card[data-index="2"]')                        # the second alike card
    expect(cuong).not_to_have_attribute("aria-disabled", "true")
    cuong.click()
    assert party.wait_for("intent")["action"] == ["claim", [0], "cuong"]


# ------------------------------------------------------------------ the buzzer and the ring
def test_the_buzzer_sends_the_time_the_finger_went_down(page, party):
    playing(page, party, samples.buzzer(), game="daotam")
    buzzer = page.locator("#buzzer")
    expect(buzzer).to_have_class("armed")
    box = buzzer.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    before = page.evaluate("performance.now()")
    page.mouse.down()                       # no pointerup yet: pointerdown alone sends it
    sent = party.wait_for("intent")
    after = page.evaluate("performance.now()")
    page.mouse.up()
    assert sent["action"] == ["shout"] and sent["seq"] == 1
    assert before <= sent["t"] <= after
    assert len(intents(party)) == 1         # the click that followed sent nothing more


def test_a_buzzer_not_armed_sends_nothing(page, party):
    playing(page, party, samples.buzzer(armed=False), game="daotam")
    page.click("#buzzer", force=True)
    page.click("#moves .move.pass")          # a timed pass still works, with its time
    sent = party.wait_for("intent")
    assert sent["action"] == ["pass"] and isinstance(sent["t"], float | int)
    assert len(intents(party)) == 1


def test_the_window_ring_counts_down_and_the_phone_vibrates_once(page, party):
    playing(page, party, samples.buzzer(left_ms=1600, total_ms=2000), game="daotam")
    ring = page.locator("#buzzer #ring")
    expect(ring).to_be_visible()
    page.wait_for_function("Number(document.getElementById('ring').dataset.left) < 1500")
    secs, left = ring.evaluate("e => [e.querySelector('.secs').textContent, Number(e.dataset.left)]")
    assert 0 <= left < 1500 and secs == str(math.ceil(left / 1000))   # whole seconds, counted here
    offset = float(ring.locator(".arc").evaluate("e => parseFloat(e.style.strokeDashoffset)"))
    assert offset > 0                        # part of the arc is gone
    assert page.evaluate("window.__vibrations.length") == 1
    show(party, samples.buzzer(left_ms=900), rev=2)          # the same window: no new buzz
    expect(ring).to_have_class("ring late")
    assert page.evaluate("window.__vibrations.length") == 1
    show(party, samples.buzzer(left_ms=0, total_ms=0), rev=3)  # untimed: waits for every seat
    expect(page.locator("#ring")).to_be_hidden()
    show(party, samples.ganjifa(), rev=3)
    expect(page.locator("#ring")).to_be_hidden()
    show(party, samples.buzzer(), rev=4)                      # a new window for this seat
    page.wait_for_function("window.__vibrations.length === 2")


def test_portrait_buzzer_fills_the_lower_half_landscape_puts_it_right(browser, party):
    for width, height in ((390, 844), (844, 390)):
        ctx = new_context(browser, width, height)
        page = ctx.new_page()
        playing(page, party, samples.buzzer(), game="daotam")
        bz = page.locator("#buzzer").bounding_box()
        hand = page.locator("#hand").bounding_box()
        if width < height:
            assert bz["y"] >= height * 0.5 and bz["y"] + bz["height"] <= height
            assert bz["height"] >= height * 0.3 and bz["width"] >= width * 0.85
        else:
            assert bz["x"] >= hand["x"] + hand["width"] and bz["height"] >= height * 0.4
        ctx.close()


# ------------------------------------------------------------------ language and touch
def test_the_language_toggle_sends_lang_and_translates_the_page(page, party):
    party.on_connect = [samples.lobby()]
    page.goto(party.url + ROOM)
    expect(page.locator("#join-btn")).to_have_text("Join")
    page.click("#lang")
    assert party.wait_for("lang") == {"v": 1, "type": "lang", "lang": "vi"}
    expect(page.locator("#join-btn")).to_have_text("Vào bàn")
    expect(page.locator("#lang")).to_have_text("English")
    assert page.evaluate("document.documentElement.lang") == "vi"
    page.fill("#name", "Lan")
    page.click("#join-btn")
    assert party.wait_for("join")["lang"] == "vi"


TARGETS = "button:visible, input:visible, summary:visible, a:visible"


def small_targets(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('button, input, summary, a')]
        .filter(e => e.offsetParent !== null || getComputedStyle(e).position === 'fixed')
        .map(e => [e.id || e.className || e.tagName, e.getBoundingClientRect()])
        .filter(([n, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
        .map(([n, r]) => n + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")


@pytest.mark.parametrize("width,height", [(390, 844), (844, 390)])
def test_every_target_is_at_least_44_px(browser, party, width, height):
    ctx = new_context(browser, width, height)
    page = ctx.new_page()
    party.on_connect = [samples.lobby(joined={0: "Lan"})]
    page.goto(party.url + ROOM)
    expect(page.locator("#seats .seat")).to_have_count(5)
    counted = [small_targets(page)]
    welcome(party, game="daotam")
    for rev, screen in enumerate((samples.ganjifa(), samples.claim(), samples.buzzer()), 1):
        show(party, screen, rev=rev)
        expect(page.locator("#hand .card")).to_have_count(len(screen["hand"]))
        page.wait_for_timeout(50)            # let the image sizes settle
        counted.append(small_targets(page))
    assert page.locator(TARGETS).count() > 5
    assert counted == [[]] * 4, json.dumps(counted)
    ctx.close()
