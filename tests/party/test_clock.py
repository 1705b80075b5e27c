"""party.clock.ClockSync: a phone's clock offset from pings, and a press judged within a
bound of its arrival (seeded RNG, numbers for clocks: no real time passes)."""

from __future__ import annotations

import math
import random

import pytest

from party.clock import ClockSync

OFFSET = 1234.567          # server − phone (s): the phone's clock started long before


def phone_ms(t: float, offset: float = OFFSET, drift: float = 0.0) -> float:
    """The phone's clock (ms) at server time ``t``."""
    return (t - offset + t * drift) * 1000.0


def ping(clock: ClockSync, sent: float, down: float, up: float, offset: float = OFFSET,
         drift: float = 0.0) -> None:
    clock.sample(sent, phone_ms(sent + down, offset, drift), sent + down + up)


def true_offset(t: float, offset: float = OFFSET, drift: float = 0.0) -> float:
    return t - phone_ms(t, offset, drift) / 1000.0


def test_no_sample_no_offset_and_a_press_counts_at_its_arrival():
    c = ClockSync()
    assert c.offset() is None and c.rtt() is None and c.bound() == 0.0
    assert c.press_time(5000.0, 10.0) == 10.0


def test_even_legs_give_the_offset_exactly():
    c = ClockSync()
    for i in range(10):
        ping(c, i, 0.05, 0.05)
    assert c.offset() == pytest.approx(OFFSET, abs=1e-9)
    assert c.rtt() == pytest.approx(0.1)


def test_uneven_jittered_legs_converge_within_half_the_best_round_trip():
    rng = random.Random(7)
    c = ClockSync()
    for i in range(60):
        up = 0.120 + rng.uniform(-0.02, 0.02)           # the up leg is slower …
        down = 0.030 + rng.uniform(-0.02, 0.02)         # … than the down leg
        if rng.random() < 0.1:
            up += rng.uniform(0.05, 0.3)                # a Wi-Fi stall now and then
        ping(c, float(i), down, up)
    err = abs(c.offset() - OFFSET)
    assert err <= c.rtt() / 2
    assert err == pytest.approx(0.045, abs=0.02)        # the legs' unevenness / 2: unseen


def test_the_shortest_round_trips_decide_not_the_stalled_ones():
    rng = random.Random(3)
    c = ClockSync()
    for i in range(40):
        down, up = 0.04 + rng.uniform(0, 0.003), 0.04 + rng.uniform(0, 0.003)
        if i % 3 == 0:
            up += 0.4                                   # a third of the pongs stalled
        ping(c, float(i), down, up)
    assert c.offset() == pytest.approx(OFFSET, abs=0.003)


def test_a_drifting_clock_is_followed_through_the_sliding_window():
    drift = 500e-6          # 0.5 ms per second: 150 ms over the five minutes
    rng = random.Random(11)
    c = ClockSync()
    for i in range(300):
        ping(c, float(i), 0.05 + rng.uniform(0, 0.01), 0.05 + rng.uniform(0, 0.01), drift=drift)
    now = 300.0
    moved = abs(true_offset(now, drift=drift) - true_offset(0.0, drift=drift))
    assert moved > 0.14
    assert c.offset() == pytest.approx(true_offset(now, drift=drift), abs=0.03)


def test_bad_samples_are_dropped():
    c = ClockSync()
    c.sample(10.0, 1000.0, 9.0)                         # received before it was sent
    for bad in (math.nan, math.inf, -math.inf):
        c.sample(10.0, bad, 10.1)
        c.sample(bad, 1000.0, 10.1)
        c.sample(10.0, 1000.0, bad)
    assert c.samples == type(c.samples)() and c.offset() is None


def test_the_bound_is_the_one_way_delay_plus_the_margin_and_is_capped():
    c = ClockSync(margin_s=0.1, cap_s=0.35)
    for i in range(10):
        ping(c, float(i), 0.06, 0.06)
    assert c.bound() == pytest.approx(0.06 + 0.1)
    slow = ClockSync(margin_s=0.1, cap_s=0.35)
    for i in range(10):
        ping(slow, float(i), 1.5, 1.5)                  # or a phone that holds its pongs
    assert slow.bound() == pytest.approx(0.35)


@pytest.mark.parametrize("delay", [0.02, 0.2, 0.9])
def test_a_press_is_judged_between_its_arrival_minus_the_bound_and_its_arrival(delay):
    rng = random.Random(5)
    c = ClockSync()
    for i in range(20):
        ping(c, float(i), delay, delay)
    for _ in range(500):
        arrival = 30.0 + rng.uniform(0, 10)
        stamp = phone_ms(arrival) + rng.uniform(-2e3, 2e3)
        judged = c.press_time(stamp, arrival)
        assert arrival - c.bound() <= judged <= arrival


def test_an_honest_press_is_judged_at_when_it_was_made():
    c = ClockSync()
    for i in range(20):
        ping(c, float(i), 0.15, 0.15)
    pressed = 25.0
    assert c.press_time(phone_ms(pressed), pressed + 0.15) == pytest.approx(pressed)


@pytest.mark.parametrize("stamp", [-1e15, -1e6, 0.0, 1e6, 1e15, math.nan, math.inf, -math.inf, None])
def test_a_forged_stamp_gains_at_most_the_bound(stamp):
    c = ClockSync()
    for i in range(20):
        ping(c, float(i), 0.08, 0.08)
    arrival = 40.0
    judged = c.press_time(stamp, arrival)
    assert math.isfinite(judged)
    assert arrival - judged <= c.bound() + 1e-12
    assert c.bound() <= c.cap_s
    if stamp is None or not math.isfinite(stamp) or stamp > phone_ms(arrival):
        assert judged == arrival                        # the future or no number: its arrival


def test_forged_pongs_cannot_stretch_the_bound_past_the_cap():
    c = ClockSync()
    rng = random.Random(2)
    for i in range(48):        # a phone that holds every pong and lies about its clock
        c.sample(float(i), rng.uniform(-1e9, 1e9), i + rng.uniform(0, 50))
    assert c.bound() == c.cap_s
    assert c.press_time(-1e18, 100.0) == 100.0 - c.cap_s


def test_a_pong_whose_clock_is_not_a_number_is_dropped():
    c = ClockSync()
    for bad in (None, "12", [1.0]):
        c.sample(1.0, bad, 1.1)
    assert len(c.samples) == 0
    c.sample(1.0, 5.0, 1.1)
    assert len(c.samples) == 1
