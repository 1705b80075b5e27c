"""Đạo Tâm: Hành Trình Chính Đạo (shared/rules/daotam.md)."""

from game.descriptor import GameInfo

GAME = GameInfo(
    "daotam", __name__, 3, 5, loader="deck:default_deck", prefix="DT", sample_seats=4,
    intents=("claim", "public", "challenge", "shout", "pass", "push", "use", "decline"), handoff="decision")
