"""Whole games played from phones: the real app (join panel, table, server) on its own
thread, each phone a Chromium page on the room link, tapping what its screen offers.

What they show: phones join and the host starts; every decision is made on the deciding
phone; the big screen shows no handoff; a reload rejoins the seat and sees the current
position; a buzzer race is won by the earlier press; every phone sees the result.
"""

from __future__ import annotations

import time

from tests.browser.party_host import HostApp, Phone, wait_until


def start_party(host: HostApp, browser, names: list[str], seed: int) -> list[Phone]:
    link = host.call(lambda app: app.party.link())
    phones = [Phone(browser, link, name, seed * 31 + i) for i, name in enumerate(names)]
    for phone in phones:
        phone.join()
    wait_until(lambda: host.call(lambda app: app.party.room.ready()), 20)
    host.click(lambda app: app.stack.scenes[-1].go_button.rect)
    wait_until(lambda: host.call(lambda app: host.table_now() is not None), 20)
    for phone in phones:
        phone.page.wait_for_selector("#play:not([hidden])")
    return phones


def over(host: HostApp) -> bool:
    return host.call(lambda app: host.table_now().match.is_over())


def play_round(phones: list[Phone], skip: set[int] = frozenset()) -> int:
    """Each phone that has a decision makes one; how many did."""
    made = 0
    for i, phone in enumerate(phones):
        if i in skip:
            continue
        sc = phone.screen()
        if not sc or sc.get("over"):
            continue
        move = phone.choose(sc)
        if move is not None:
            try:
                phone.play(move, sc)
                made += 1
            except Exception as err:       # noqa: BLE001 - the screen changed under the finger
                phone.misses.append(f"{move['id']}: {str(err)[:900]}")
    return made


def finish(host: HostApp, phones: list[Phone], limit_s: float) -> None:
    end = time.monotonic() + limit_s
    while not over(host):
        if time.monotonic() > end:
            where = [(p.name, (p.screen() or {}).get("status")) for p in phones]
            raise AssertionError(f"the game did not end in {limit_s} s: {len(log_of(host))} "
                                 f"actions, frames {host.frames}, phones {where}, misses "
                                 f"{[p.misses[-3:] for p in phones]}")
        if not play_round(phones):
            time.sleep(0.03)
    for phone in phones:
        phone.page.wait_for_selector("#over:not([hidden])")


def log_of(host: HostApp) -> list:
    return host.call(lambda app: list(host.table_now().match.log))


def test_a_ganjifa_hand_with_two_phones_and_an_ai_and_a_reload_mid_game(browser):
    with HostApp("ganjifa", "phone,phone,normal", seed=11) as host:
        phones = start_party(host, browser, ["Kim", "Lan"], 11)
        try:
            for _ in range(40):                         # a few tricks
                play_round(phones)
            mine = wait_until(lambda: next((p for p in phones
                                            if (p.screen() or {}).get("tone") == "turn"), None), 20)
            before = mine.screen()
            mine.page.reload()                          # the phone reloads (or slept) mid-game
            mine.page.wait_for_selector("#play:not([hidden])")
            after = wait_until(lambda: mine.screen(), 10)
            assert after["hand"] == before["hand"] and after["status"] == before["status"]
            assert mine.page.locator("#hand .card").count() == len(before["hand"])
            finish(host, phones, 180)
            seats = {s for s, _ in log_of(host)}
            assert {0, 1, 2} <= seats                   # both phones and the AI played
            assert host.handoffs() == 0
        finally:
            for phone in phones:
                phone.close()


def test_a_daotam_game_with_three_phones_and_an_ai_a_buzzer_race_and_a_challenge(browser):
    with HostApp("daotam", "phone,phone,phone,normal", seed=5) as host:
        phones = start_party(host, browser, ["Kim", "Lan", "Minh"], 5)
        race: tuple[int, int, int] | None = None        # (first presser, second, log length)
        end = time.monotonic() + 300
        try:
            while not over(host):
                assert time.monotonic() < end, f"the game did not end: {len(log_of(host))} actions"
                screens = [p.screen() or {} for p in phones]
                armed = [i for i, sc in enumerate(screens)
                         if (sc.get("buzzer") or {}).get("armed")]
                if race is None and len(armed) >= 2:
                    a, b = armed[:2]
                    at = len(log_of(host))
                    if phones[a].press_buzzer():            # one finger, then another 0.1 s later (the
                        time.sleep(0.1)                     # fairness bound is for presses >= 30 ms apart;
                        if phones[b].press_buzzer():        # back to back they were a few ms apart)
                            race = (phones[a].seat(), phones[b].seat(), at)
                    continue
                if armed and phones[armed[0]].rng.random() < 0.3:
                    phones[armed[0]].press_buzzer()     # a challenge (or a shout) now and then
                    continue
                if not play_round(phones):
                    time.sleep(0.03)
            for phone in phones:
                phone.page.wait_for_selector("#over:not([hidden])")
            log = log_of(host)
            assert race is not None, "no window had two phones able to buzz"
            first, second, at = race
            answer = next((seat, a) for seat, a in log[at:] if a[0] in ("challenge", "shout"))
            assert answer[0] == first, (race, answer)   # the earlier press won the race
            phone_seats = {p.seat() for p in phones}
            assert any(a[0] == "challenge" and seat in phone_seats for seat, a in log)
            assert host.handoffs() == 0
        finally:
            for phone in phones:
                phone.close()


def test_a_mascarade_game_with_four_phones_and_four_ais(browser):
    with HostApp("mascarade", ",".join(["phone"] * 4 + ["normal"] * 4), seed=8) as host:
        phones = start_party(host, browser, ["Kim", "Lan", "Minh", "Ngọc"], 8)
        try:
            finish(host, phones, 420)
            log = log_of(host)
            phone_seats = {p.seat() for p in phones}
            assert phone_seats <= {s for s, _ in log}     # every phone made decisions
            assert any(a[0] == "swap" for s, a in log if s in phone_seats)
            assert host.handoffs() == 0
        finally:
            for phone in phones:
                phone.close()
