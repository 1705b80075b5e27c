"""Dashavatara Ganjifa (Cardavia rules)."""

from game.descriptor import GameInfo

GAME = GameInfo(
    "ganjifa", __name__, 3, 3, loader="deck:default_deck", prefix="GJ", sample_seats=3,
    intents=("play", "give", "dukal"), handoff="own_turn")
