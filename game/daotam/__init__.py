"""Đạo Tâm: Hành Trình Chính Đạo (shared/rules/daotam.md)."""

from game.daotam.intents import INTENTS
from game.descriptor import GameInfo

# What shared code may know about this game (see game/descriptor.py); registered by
# its line in game/registry.py.
GAME = GameInfo(
    "daotam", __name__, 3, 5,
    loader="deck:default_deck", card_name="deck:card_name",
    prefix="DT", sample_seats=4, handoff="decision",
    intents=INTENTS,
)
