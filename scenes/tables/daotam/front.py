"""What shared screens know about Đạo Tâm (see :mod:`scenes.tables.front`)."""

from __future__ import annotations

import pygame

from scenes.tables.felt import TableStyle
from scenes.tables.front import Front

SEATS = 5          # the most seats, each with its own buzzer, peek and pass key

#: the default keys, seat 1 first (scenes.core.keymap may rebind them)
BUZZ_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5)
PEEK_KEYS = (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t)
PASS_KEYS = (pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_f, pygame.K_g)

FRONT = Front(
    style=TableStyle((0x16, 0x23, 0x3D), (0x1C, 0x2C, 0x4A), "cloth", 0.03, 0.24),
    keys=(*((f"buzz{i + 1}", BUZZ_KEYS[i]) for i in range(SEATS)),
          *((f"peek{i + 1}", PEEK_KEYS[i]) for i in range(SEATS)),
          *((f"pass{i + 1}", PASS_KEYS[i]) for i in range(SEATS)),
          ("cuong", pygame.K_c), ("nhu", pygame.K_n), ("public", pygame.K_p)),
    seat_keys=("buzz", "peek", "pass"),
    reserved_keys=frozenset({pygame.K_y}),      # Y takes an option
    # "Far apart" for five players at one keyboard: each seat's buzzer, peek and pass keys
    # stacked in one column, the five columns spread over the whole main block.
    far_apart={
        "buzz1": "1", "peek1": "q", "pass1": "a",
        "buzz2": "4", "peek2": "r", "pass2": "f",
        "buzz3": "7", "peek3": "i", "pass3": "k",
        "buzz4": "0", "peek4": "o", "pass4": "l",
        "buzz5": "=", "peek5": "]", "pass5": "'",
    },
    sounds={"drum": 2, "gong": 1},
    reveal="scenes.tables.daotam.reveal:REVEAL",
    phone="scenes.tables.daotam.phone:present",
)
