"""Đạo Tâm agents (placeholder: every level plays at random until the levels land)."""

from __future__ import annotations

from typing import Any

from game.ai.base import RandomAgent


def make_agent(level: str, seat: int, seed: int = 0, **kwargs: Any) -> Any:
    return RandomAgent(seat, seed)
