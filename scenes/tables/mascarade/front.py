"""What shared screens know about Mascarade (see :mod:`scenes.tables.front`)."""

from __future__ import annotations

import pygame

from scenes.tables.felt import TableStyle
from scenes.tables.front import Front

FRONT = Front(
    style=TableStyle((0x0F, 0x35, 0x36), (0x16, 0x44, 0x45), "cloth", 0.03, 0.25),
    keys=(("log", pygame.K_l), ("odds", pygame.K_k), ("peek", pygame.K_p), ("announce", pygame.K_a),
          ("exchange", pygame.K_e), ("keep", pygame.K_n), ("claim", pygame.K_c), ("pass", pygame.K_x)),
    reserved_keys=frozenset(range(pygame.K_1, pygame.K_9 + 1)),    # a choice picked by its number
    reveal="scenes.tables.mascarade.reveal:REVEAL",
    phone="scenes.tables.mascarade.phone:present",
)
