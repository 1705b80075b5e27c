"""The kit's widgets drawn for real: the countdown ring, the two-sided token and the
buzzers' key state (issue 8 §2)."""

from __future__ import annotations

import pygame
import pytest

from scenes.core.tween import AnimQueue
from scenes.kit.bluff.buzzers import BUZZER_KEYS, Buzzers, key_label
from scenes.kit.bluff.ring import RingReading, SecondTicker, draw_ring, read_window, ring_colour
from scenes.tables.daotam.token import DAO_TAM, TA_NIEM, Token, token_face
from tests.engine.snap_rules import first_card, snap_match

BG = (0, 0, 0)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def lit(surface: pygame.Surface, test) -> int:
    w, h = surface.get_size()
    return sum(1 for x in range(w) for y in range(h) if test(surface.get_at((x, y))))


def ivory(c) -> bool:
    return c.r > 150 and c.g > 150 and c.b > 120


def amber(c) -> bool:
    return c.r > 150 and c.g > 110 and c.b < 90


def ring_image(fraction: float, remaining: float | None = 2.5) -> pygame.Surface:
    s = pygame.Surface((120, 120))
    s.fill(BG)
    draw_ring(s, (60, 60), 40, 6, RingReading(1, fraction, remaining, 3.0))
    return s


def test_the_rings_arc_shrinks_as_time_passes():
    counts = [lit(ring_image(f), ivory) for f in (1.0, 0.75, 0.5, 0.25)]
    assert counts[0] > counts[1] > counts[2] > counts[3] > 0, counts
    # roughly proportional to the time left (the caps add a little)
    assert 0.4 < counts[2] / counts[0] < 0.6, counts
    assert lit(ring_image(0.0), ivory) == 0


def test_the_ring_is_antialiased():
    s = ring_image(0.6)
    shades = {s.get_at((x, y))[:3] for x in range(120) for y in range(120)}
    # the edges blend the table into ivory (and the track): many shades, not 3 flat colours
    assert len(shades) > 12, len(shades)
    hard = pygame.Surface((120, 120))
    pygame.draw.circle(hard, (240, 232, 212), (60, 60), 43, 6)
    assert len({hard.get_at((x, y))[:3] for x in range(120) for y in range(120)}) == 2


def test_the_ring_turns_amber_in_the_last_second():
    assert ring_colour(2.5) == ring_colour(None)
    assert ring_colour(0.5) == (226, 180, 31)
    calm = ring_image(0.8, remaining=2.4)
    urgent = ring_image(0.8, remaining=0.5)
    assert lit(calm, amber) == 0 and lit(urgent, amber) > 0.8 * lit(calm, ivory)


def test_a_new_colour_step_tints_the_cached_ring_instead_of_drawing_one(monkeypatch):
    """Each of the last second's colour steps used to draw a ring supersampled (a Đạo Tâm
    frame at 1080p took 30 ms when several did at once); now one white ring per size is
    drawn, and every colour is that ring tinted: the same pixels, within rounding."""
    from scenes.kit.bluff import ring
    ring._CACHE.clear()
    ring._WHITE.clear()
    drawn = []
    real = ring._band
    monkeypatch.setattr(ring, "_band", lambda *a, **k: (drawn.append(a[1]), real(*a, **k)))
    for remaining in (2.5, 1.2, 1.0, 0.8, 0.4):
        ring_image(0.5, remaining)
    assert len(drawn) == 2 and all(c == (255, 255, 255, 255) for c in drawn)   # two halves, once
    img = ring._full_ring(40, 6, (226, 180, 31))
    w = img.get_width()
    top = img.get_at((w // 2, 4 + 6 // 2))          # mid-stroke at 12 o'clock: opaque amber
    assert all(abs(a - b) <= 3 for a, b in zip(tuple(top)[:3], (226, 180, 31), strict=True)) and top.a > 200


def test_the_ring_reads_the_matchs_window_on_the_tables_clock():
    m = snap_match()
    m.submit(0, first_card(m))
    m.tick(10.0)
    ow = m.open_window()
    assert ow is not None and ow.opened_at == 10.0
    a, b = read_window(ow, 10.0), read_window(ow, 11.5)
    assert a.fraction == 1.0 and a.seconds_label == "3"
    assert b.fraction == pytest.approx(0.5) and b.seconds_label == "2"
    assert read_window(ow, 99.0).fraction == 0.0
    off = snap_match(timers=False)
    off.submit(0, first_card(off))
    off.tick(0.0)
    r = read_window(off.open_window(), 50.0)
    assert r.fraction == 1.0 and r.remaining is None and r.seconds_label == ""


def test_the_ticker_says_each_whole_second_once():
    t = SecondTicker()
    fired = [left for left in (3.0, 2.6, 2.0, 1.99, 1.5, 1.0, 0.99, 0.4, 0.0)
             if t.poll(RingReading(7, left / 3, left, 3.0))]
    assert fired == [2.0, 1.0]
    assert not t.poll(RingReading(8, 0.9, 2.7, 3.0))      # a new window starts quiet


def token_image(token: Token, d: int = 60) -> pygame.Surface:
    s = pygame.Surface((100, 100))
    s.fill(BG)
    token.draw(s, (50, 50), d, 7.2)
    return s


def drawn_width(s: pygame.Surface) -> int:
    cols = [x for x in range(s.get_width()) if any(
        s.get_at((x, y))[:3] != BG and s.get_at((x, y)).r + s.get_at((x, y)).g > 60
        for y in range(0, 70))]
    return cols[-1] - cols[0] + 1 if cols else 0


def test_the_token_flip_squashes_lifts_and_lands_on_the_other_face():
    token = Token(DAO_TAM)
    rest = token_image(token)
    q = AnimQueue(speed=1.0)
    q.add(token.flip())
    widths, lifts = [], []
    for _ in range(45):                  # 0.75 s: the flip (0.36 s) and its puffs (to 0.68 s)
        q.update(1 / 60)
        widths.append(round(token.scale_x, 3))
        lifts.append(token.lift)
        if 0.2 < token.scale_x < 0.5 and token.face == DAO_TAM:
            mid = token_image(token)
    assert not q.busy and token.face == TA_NIEM and token.scale_x == 1.0 and token.lift == 0.0
    assert min(widths) < 0.1 and max(lifts) > 0.9
    assert drawn_width(mid) < 0.6 * drawn_width(rest)
    end = token_image(token)
    assert pygame.image.tobytes(end, "RGB") != pygame.image.tobytes(rest, "RGB")


def test_turning_to_ta_niem_puffs_violet_smoke():
    token = Token(DAO_TAM)
    q = AnimQueue(speed=1.0)
    q.add(token.flip())
    for _ in range(18):                  # 0.3 s: past the swap, the puffs drifting out
        q.update(1 / 60)
    assert token.puff is not None and 0 < token.puff < 1
    s = token_image(token, d=30)
    far = [s.get_at((x, y)) for x in range(100) for y in range(100)
           if (x - 50) ** 2 + (y - 50) ** 2 > 20 ** 2]
    assert any(c.b > c.g + 20 and c.r > 40 for c in far)      # violet outside the disc
    q.skip()
    assert token.puff is None
    back = Token(TA_NIEM)
    q.add(back.flip())
    q.update(0.3)
    assert back.puff is None             # no smoke turning back to Đạo Tâm


def test_the_flip_is_skippable_and_speed_scaled():
    token = Token(TA_NIEM)
    q = AnimQueue(speed=2.0)
    q.add(token.flip())
    for _ in range(23):                  # 0.38 s of a 0.72 s (speed-scaled) flip
        q.update(1 / 60)
    assert q.busy and token.flipping
    q.skip()
    assert token.face == DAO_TAM and not token.flipping
    with pytest.raises(ValueError):
        token.flip(duration=0.6)


def test_both_faces_differ_in_shape_not_only_colour():
    a, b = token_face(DAO_TAM, 64), token_face(TA_NIEM, 64)

    def mask(img: pygame.Surface, ground) -> set[tuple[int, int]]:
        """Pixels of the emblem: far from the face's own ground colour, inside the ring."""
        out = set()
        for x in range(14, 50):
            for y in range(14, 50):
                c = img.get_at((x, y))
                if sum(abs(c[i] - ground[i]) for i in range(3)) > 120:
                    out.add((x, y))
        return out
    ma, mb = mask(a, (247, 239, 217)), mask(b, (42, 30, 46))
    assert ma and mb
    assert len(ma ^ mb) > 0.5 * len(ma | mb)      # the silhouettes mostly disagree


def keydown(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def keyup(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="")


def test_only_a_fresh_keydown_presses_a_buzzer():
    b = Buzzers([0, 2, 12])
    assert b.handle(keydown(pygame.K_1)) == 0
    assert b.handle(keydown(pygame.K_1)) is None          # repeat, no KEYUP between
    b.handle(keyup(pygame.K_1))
    assert b.handle(keydown(pygame.K_1)) == 0
    assert b.handle(keydown(pygame.K_2)) is None          # seat 1 is not a human
    assert b.handle(keydown(pygame.K_BACKSPACE)) == 12
    assert key_label(BUZZER_KEYS[9]) == "0" and key_label(BUZZER_KEYS[12]) == "BS"
    assert len(set(BUZZER_KEYS)) == 13


def test_a_press_is_stamped_and_handed_to_the_match():
    m = snap_match()
    b = Buzzers(m.human_seats())
    got = []
    m.press = lambda seat, action, at: got.append((seat, action, at))
    assert b.press(keydown(pygame.K_3), 4.25, m, lambda s: ("snap",))
    assert not b.press(keydown(pygame.K_3), 4.5, m, lambda s: ("snap",))
    assert got == [(2, ("snap",), 4.25)]
