"""Mascarade (Vũ Hội Hóa Trang) for 2–13 seats: data, rules, belief tracker and AI."""

from game.descriptor import GameInfo
from game.mascarade.intents import INTENTS

# What shared code may know about this game (see game/descriptor.py); registered by
# its line in game/registry.py.
GAME = GameInfo(
    "mascarade", __name__, 2, 13,
    loader="data:default_rules", card_name="data:card_name",
    prefix="MS", sample_seats=5, handoff="decision",
    intents=INTENTS,
)
