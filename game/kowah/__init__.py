"""Kowah / Cheki with Chinese money cards (Cardavia rules, exposed-pair wait)."""

from game.descriptor import GameInfo

GAME = GameInfo(
    "kowah", __name__, 3, 3, loader="deck:default_deck", prefix="KW", sample_seats=3,
    intents=("draw", "take", "discard", "declare", "pass"), handoff="own_turn")
