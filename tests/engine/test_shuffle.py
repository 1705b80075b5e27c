"""Every engine deals with game.shuffle: the same permutation and the same draws as
``random.shuffle``, so a save or replay made before it deals again exactly."""

from __future__ import annotations

import random

import pytest

from game.shuffle import shuffle, shuffled_range


@pytest.mark.parametrize("size", [0, 1, 2, 3, 20, 55, 75, 120, 300, 1500])
def test_shuffle_is_random_shuffle(size):
    for seed in range(20):
        ours, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(a, ours)
        b.shuffle(theirs)
        assert ours == theirs and a.getstate() == b.getstate()
        c = random.Random(seed)
        assert shuffled_range(c, size) == theirs and c.getstate() == b.getstate()


def test_another_generator_uses_its_own_shuffle():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

    x = [1, 2, 3]
    shuffle(Reversing(0), x)
    assert x == [3, 2, 1]
