"""Kowah / Cheki with Chinese money cards (Cardavia rules, exposed-pair wait)."""

from game.descriptor import GameInfo
from game.kowah.intents import INTENTS

# What shared code may know about this game (see game/descriptor.py); registered by
# its line in game/registry.py.
GAME = GameInfo(
    "kowah", __name__, 3, 3,
    loader="deck:default_deck", card_name="deck:card_name",
    prefix="KW", sample_seats=3, handoff="own_turn",
    intents=INTENTS,
)
