"""Mascarade (Vũ Hội Hóa Trang) for 2–13 seats: data, rules, belief tracker and AI."""

from game.descriptor import GameInfo

GAME = GameInfo(
    "mascarade", __name__, 2, 13, loader="data:default_rules", prefix="MS", sample_seats=5,
    intents=("swap", "peek", "announce", "claim", "pass", "bishop", "witch", "decline", "fool",
             "spy", "spy_swap", "inquire", "guess"),
    handoff="decision")
