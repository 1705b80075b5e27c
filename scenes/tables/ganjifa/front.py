"""What shared screens know about Ganjifa (see :mod:`scenes.tables.front`)."""

from __future__ import annotations

import pygame

from scenes.tables.felt import TableStyle
from scenes.tables.front import Front

FRONT = Front(
    style=TableStyle((58, 34, 24), (74, 44, 31), "wood", 0.04, 0.22),
    keys=(("last", pygame.K_l), ("dukal", pygame.K_d)),
    sounds={"dukal": 2, "trump": 1},
    rules_cards="scenes.tables.ganjifa.rules_cards:RULES_CARDS",
    phone="scenes.tables.ganjifa.phone:present",
)
