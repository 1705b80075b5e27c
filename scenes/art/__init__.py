"""Procedural card art: shared shape helpers plus one module per game's cards.

Everything is drawn in code from normalised shapes (see :mod:`scenes.art.shapes`);
no bitmap card art is bundled.
"""
