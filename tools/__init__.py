"""Developer tools: benchmarks, the UI monkey, the arena, screenshots, sounds.
Not part of the installed product (setup.py packages only game* and scenes*)."""
