"""UI tests leave no window behind for the next test."""

import pygame
import pytest


@pytest.fixture(autouse=True)
def _close_display():
    yield
    if pygame.display.get_init():
        pygame.display.quit()
