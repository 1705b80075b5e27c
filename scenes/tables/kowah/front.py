"""What shared screens know about Kowah (see :mod:`scenes.tables.front`)."""

from __future__ import annotations

import pygame

from scenes.tables.felt import TableStyle
from scenes.tables.front import Front

FRONT = Front(
    style=TableStyle((0x1E, 0x4A, 0x42), (0x2B, 0x62, 0x57), "cloth", 0.03, 0.24),
    keys=(("stock", pygame.K_s), ("discard", pygame.K_t), ("checki", pygame.K_c), ("later", pygame.K_n)),
    sounds={"checki": 2},
    reveal="scenes.tables.kowah.reveal:REVEAL",
    rules_cards="scenes.tables.kowah.rules_cards:RULES_CARDS",
    phone="scenes.tables.kowah.phone:present",
)
