"""Every registered game declares its intents in one place (``game/<name>/intents.py``:
``INTENTS``, the real-time ones in ``REALTIME``), and the declaration cannot drift from the
engine: in seeded random playouts at every seat count, every legal action is an intent
kind, or (Đạo Tâm) what a buzz turns into."""

from __future__ import annotations

import importlib
import random

import pytest

from game import registry

GAMES = sorted(registry.GAMES)


def intents_of(game: str):
    return importlib.import_module(f"{registry.info(game).module}.intents")


@pytest.mark.parametrize("game", GAMES)
def test_the_intents_are_declared_once_and_cover_every_legal_action(game):
    mod = intents_of(game)
    assert len(set(mod.INTENTS)) == len(mod.INTENTS) and set(mod.REALTIME) <= set(mod.INTENTS)
    allowed = set(mod.INTENTS) | set(getattr(mod, "BUZZ_MEANS", ()))
    info = registry.info(game)
    seen: set[str] = set()
    for n in range(info.min_seats, min(info.max_seats, 6) + 1):
        for seed in range(4):
            st = registry.new_game(game, n, seed, {})
            rng = random.Random(seed)
            for _ in range(400):
                if st.is_over():
                    break
                seat = st.active_seats()[0]
                legal = st.legal_actions(seat)
                seen |= {a[0] for a in legal}
                st.apply(seat, rng.choice(legal))
    assert seen and seen <= allowed, f"{game}: undeclared intents {sorted(seen - allowed)}"


def test_the_daotam_buzzer_is_one_intent_and_not_an_engine_action():
    mod = intents_of("daotam")
    assert "buzz" in mod.REALTIME and "buzz" not in mod.BUZZ_MEANS
    assert {"challenge", "shout"} == set(mod.BUZZ_MEANS) and not set(mod.BUZZ_MEANS) & set(mod.INTENTS)
