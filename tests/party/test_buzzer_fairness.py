"""Fair buzzers over Wi-Fi: the earlier real press wins, whatever each phone's network.

Phones with one-way delays of 20–200 ms (uneven legs, ±20 ms jitter, Wi-Fi stalls) and
clocks of their own (any origin, a small drift) answer pings about once a second; their
presses are judged by :meth:`party.clock.ClockSync.press_time` (the model is
tools/buzzer_fairness.py). Then a few races end to end through a Đạo Tâm Match, the
presses reaching it in the order they arrive while the table ticks every frame. Seeded
RNG; the clocks are numbers, no real time passes.
"""

from __future__ import annotations

import random

from game.core import BUZZ
from game.match import Match, Seat
from party.clock import ClockSync
from tests.engine.daotam_deal import deal, match
from tools.buzzer_fairness import Network, Phone, simulate

CLAIM = ("claim", ("cuong",), "cuong")
FRAME = 1 / 64              # a frame (a power of two: exact ties stay exact in binary)
LAG = 500.0                 # the table's clock started when the server's read 500 s


# -------------------------------------------------------------------- the clock alone
def test_the_earlier_real_press_wins_99_percent_of_races_at_least_30_ms_apart():
    figs = simulate(3000, seed=17, net=Network(), gap=0.030, max_gap=0.150)
    assert figs.races == 3000
    assert figs.rate() >= 0.99, f"earlier press won {figs.rate():.2%} of {figs.races} races"
    assert figs.arrival_rate() < 0.9, (           # the networks in the model do matter
        f"judged by arrival the earlier press already won {figs.arrival_rate():.2%}")


def test_even_races_exactly_30_ms_apart_go_to_the_earlier_press():
    figs = simulate(2000, seed=29, net=Network(), gap=0.030, max_gap=0.030, phones=(2, 2))
    assert figs.rate() >= 0.99, f"earlier press won {figs.rate():.2%} of {figs.races} races"
    assert figs.arrival_rate() < 0.7, f"by arrival: {figs.arrival_rate():.2%}"


def test_without_the_bound_a_stalled_press_could_not_be_told_from_a_forged_one():
    """The bound costs little: with it capped at 0 (judge by arrival) the same model
    loses far more races — the correction is what makes the figure."""
    figs = simulate(2000, seed=17, net=Network(), make_clock=lambda: ClockSync(cap_s=0.0))
    assert figs.rate() == figs.arrival_rate() < 0.9


# ------------------------------------------------------------- through the engine
def phones(rng: random.Random, n: int, net: Network | None = None) -> list[Phone]:
    return [Phone.draw(net or Network(), rng) for _ in range(n)]


def drive(m: Match, crowd: dict[int, Phone], presses: dict[int, float], opened: float,
          until: float) -> None:
    """The table's loop from the Match time ``opened`` to ``until``, a tick a frame: each
    frame first hands the Match the presses that have arrived (as the room does: ``at`` on
    the Match clock is ``table_clock - (now - pressed)``), in arrival order."""
    pings = {s: p.pings(LAG + opened - 30.0, LAG + until) for s, p in crowd.items()}
    arrivals = []
    for seat, real in presses.items():
        stamp, arrival = crowd[seat].press(real)
        arrivals.append((arrival, seat, stamp))
    arrivals.sort()
    for s, p in crowd.items():          # the pings answered before the window
        for sample in pings[s]:
            if sample[2] <= LAG + opened:
                p.clock.sample(*sample)
    fed = {s: sum(1 for x in pings[s] if x[2] <= LAG + opened) for s in crowd}
    t = opened
    while t <= until:
        now = t + LAG
        while arrivals and arrivals[0][0] <= now:
            arrival, seat, stamp = arrivals.pop(0)
            p = crowd[seat]
            while fed[seat] < len(pings[seat]) and pings[seat][fed[seat]][2] <= arrival:
                p.clock.sample(*pings[seat][fed[seat]])
                fed[seat] += 1
            pressed = p.clock.press_time(stamp, arrival)
            m.intent(seat, BUZZ, t - max(0.0, now - pressed))
        m.tick(t)
        t += FRAME


def challenge_race(rng: random.Random, lag: float) -> tuple[int, int]:
    """Seat 0 claims; two or three of the four phones buzz ≥ 30 ms apart (each after its
    phone has shown the window). (The first real press, the seat the rules took.)"""
    st = deal(["CNTTT"] * 5)
    m = match(st, seats=[Seat("human")] + [Seat("phone") for _ in range(4)])
    m.judge_lag = lag
    m.submit(0, CLAIM)
    opened = 30.0
    m.tick(opened)
    crowd = dict(zip(range(1, 5), phones(rng, 4), strict=True))
    who = rng.sample(sorted(crowd), rng.randint(2, 3))
    real = LAG + opened + max(crowd[s].down for s in who) + 0.05 + rng.uniform(0.0, 0.3)
    presses = {}
    for s in who:
        presses[s] = real
        real += rng.uniform(0.030, 0.150)
    drive(m, crowd, presses, opened, opened + 2.0)
    took = [e.seat for e in m.events if e.kind == "challenge"]
    assert len(took) == 1, took
    return who[0], took[0]


def test_through_the_match_the_earlier_real_press_is_the_challenge_the_rules_take():
    rng = random.Random(5)
    fair = [challenge_race(rng, lag=ClockSync().cap_s) for _ in range(40)]
    won = sum(first == took for first, took in fair)
    assert won >= 39, f"the earlier press took {won} of {len(fair)} challenges"


def test_judged_as_they_arrive_with_no_lag_a_faster_network_steals_challenges():
    """Why the Match judges windows ``judge_lag`` behind its clock when phones play: a
    later press over a faster network is judged before the earlier one has arrived."""
    rng = random.Random(5)
    races = [challenge_race(rng, lag=0.0) for _ in range(40)]
    won = sum(first == took for first, took in races)
    assert won <= 36, f"the earlier press took {won} of {len(races)} challenges"


class ExactPhone(Phone):
    """A phone whose numbers are exact in binary (even legs, no jitter, a ping every
    second): its presses are judged at exactly when they were made, so two can tie."""

    def pings(self, start: float, end: float) -> list[tuple[float, float, float]]:
        return [(s, self.now_ms(s + self.down), s + self.down + self.up)
                for s in range(int(start) + 1, int(end))]


def exact_phone(one_way: float, origin: float) -> Phone:
    return ExactPhone(one_way, one_way, origin, 0.0, Network(), random.Random(0))


def test_exact_ties_in_a_challenge_go_clockwise_from_the_claimant():
    for actor, pressers, winner in ((0, (4, 2), 2), (3, (1, 4), 4), (2, (1, 0), 0)):
        st = deal(["CNTTT"] * 5, first=actor)
        m = match(st, seats=[Seat("phone") for _ in range(5)])
        m.judge_lag = ClockSync().cap_s
        m.submit(actor, CLAIM)
        m.tick(30.0)
        crowd = {s: exact_phone(d, o) for s, d, o in
                 zip(pressers, (0.1875, 0.03125), (-777.5, 4096.25), strict=True)}
        drive(m, crowd, {s: LAG + 30.5 for s in pressers}, 30.0, 31.0)
        assert [e.seat for e in m.events if e.kind == "challenge"] == [winner]


def test_exact_ties_in_a_shout_race_go_to_the_player_who_played():
    st = deal(["CNTTT"] * 4)
    m = match(st, seats=[Seat("phone") for _ in range(4)])
    m.judge_lag = ClockSync().cap_s
    m.submit(0, ("public",))
    m.tick(30.0)
    assert m.open_window().window.kind == "race"
    crowd = {2: exact_phone(0.03125, 12.5), 0: exact_phone(0.1875, -3.75), 3: exact_phone(0.0625, 0.0)}
    drive(m, crowd, {2: LAG + 30.5, 0: LAG + 30.5, 3: LAG + 30.5}, 30.0, 31.0)
    assert [e.data["winner"] for e in m.events if e.kind == "race_won"] == [0]


def test_a_press_made_before_the_deadline_counts_though_it_arrives_after_it():
    """A challenge made 0.1 s before Phản Đòn's deadline reaches the Match 0.1 s after it;
    judged ``judge_lag`` behind the clock, the window is still open for it."""
    for lag, challenged in ((0.3, 1), (0.0, 0)):
        st = deal(["CNTTT"] * 3)
        m = match(st, seats=[Seat("phone") for _ in range(3)])
        m.judge_lag = lag
        m.submit(0, CLAIM)
        m.tick(10.0)
        end = m.open_window().ends_at
        t = 10.0
        while t < end + 0.1:
            m.tick(t)
            t += FRAME
        m.intent(2, BUZZ, end - 0.1)
        m.tick(end + 0.5)
        assert st.stats["challenges"] == challenged, lag
