"""Names the engine's modules share: character indices (into
:data:`game.mascarade.data.CHARACTER_IDS`), phases and coin places. ``rules`` re-exports
them; ``powers`` takes them from here, so ``rules`` can import ``powers`` at the top."""

TURN, CLAIM, POWER = "turn", "claim", "power"
(JUDGE, BISHOP, KING, FOOL, QUEEN, THIEF, WITCH, SPY, PEASANT, CHEAT, INQUISITOR,
 WIDOW) = range(12)
BANK, COURT = "bank", "court"
