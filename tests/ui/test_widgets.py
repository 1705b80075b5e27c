"""Shared widgets: drag/click recognition, cached layers, tweens."""

import pygame

from scenes.core.tween import Anim, AnimQueue
from scenes.widgets.drag import DOUBLE_CLICK, DragController
from scenes.widgets.layer import CachedLayer


def test_press_and_release_in_place_is_a_click_then_a_double_click():
    d = DragController()
    d.press("a", (10, 10))
    assert d.release((11, 10), now=1.0).kind == "click"
    d.press("a", (10, 10))
    assert d.release((10, 10), now=1.0 + DOUBLE_CLICK / 2).kind == "double"
    d.press("a", (10, 10))
    assert d.release((10, 10), now=5.0).kind == "click"


def test_slow_second_click_or_other_item_is_not_a_double():
    d = DragController()
    d.press("a", (0, 0))
    d.release((0, 0), now=0.0)
    d.press("b", (0, 0))
    assert d.release((0, 0), now=0.1).kind == "click"


def test_moving_past_the_threshold_makes_a_drop_with_its_position():
    d = DragController()
    d.press("card", (100, 100))
    d.motion((103, 100))
    assert not d.dragging
    d.motion((100, 40))
    assert d.dragging
    g = d.release((100, 40), now=0.0)
    assert (g.kind, g.item, g.pos) == ("drop", "card", (100, 40))
    assert d.drop_origin("card") == (100, 40)
    d.cancel()
    assert d.drop_origin("card") is None and not d.active


def test_cached_layer_repaints_only_when_the_key_changes():
    calls = []
    layer = CachedLayer()

    def paint(s):
        calls.append(1)

    a = layer.get(("k", 1), (20, 10), paint)
    assert layer.get(("k", 1), (20, 10), paint) is a
    layer.get(("k", 2), (20, 10), paint)
    assert len(calls) == 2
    assert isinstance(a, pygame.Surface)


def test_anim_queue_runs_in_order_overlaps_and_skips():
    log = []
    q = AnimQueue(speed=1.0)
    q.add(Anim(0.2, start=lambda: log.append("a+"), end=lambda: log.append("a-"), overlap=0.05))
    q.add(Anim(0.2, start=lambda: log.append("b+"), end=lambda: log.append("b-")))
    q.add(Anim(0.2, start=lambda: log.append("c+"), end=lambda: log.append("c-")))
    q.update(0.06)
    assert log == ["a+", "b+"]          # b started before a ended (stagger)
    q.skip()
    assert log == ["a+", "b+", "a-", "b-", "c+", "c-"]
    assert not q.busy


def test_speed_zero_is_instant_and_speed_scales_time():
    log = []
    q = AnimQueue(speed=0.0)
    q.add(Anim(1.0, end=lambda: log.append("done")))
    q.update(0.001)
    assert log == ["done"]
    q = AnimQueue(speed=2.0)          # durations × 2
    q.add(Anim(0.2, end=lambda: log.append("slow")))
    q.update(0.3)
    assert log == ["done"]
    q.update(0.2)
    assert log == ["done", "slow"]
