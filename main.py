"""Launch the card table. See README for the flags."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

DATA_ERROR_EXIT = 2         # broken data files (1 is left to Python's own crashes)


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("size must look like 1280x720") from None
    if w < 640 or h < 400:
        raise argparse.ArgumentTypeError("the window must be at least 640x400")
    return w, h


def parse_options(text: str) -> dict:
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, _, value = part.partition("=")
        out[key.strip()] = value.strip()
    return out


def build_parser() -> argparse.ArgumentParser:
    from game import registry
    p = argparse.ArgumentParser(description="Card table: card games against AI opponents.")
    p.add_argument("--game", help="go straight to a table: " + ", ".join(registry.GAMES))
    p.add_argument("--seats", help="one entry per seat in play order: human, phone, random, easy, normal, hard")
    p.add_argument("--seed", type=int, help="deal number (seed)")
    p.add_argument("--lang", choices=["vi", "en"])
    p.add_argument("--size", type=parse_size, default=(1280, 720), help="window size, e.g. 1280x720")
    p.add_argument("--fullscreen", action="store_true", default=None)
    p.add_argument("--time", choices=["day", "night"], help="for a game with a time option: play by day or by night")
    p.add_argument("--options", type=parse_options, default={}, help="rule options, e.g. void_rule=strict")
    p.add_argument("--autoplay", action="store_true", help="AI plays the human seats too")
    p.add_argument("--speed", type=float, help="animation and AI think-delay multiplier; 0 = instant")
    p.add_argument("--frames", type=int, help="quit after N frames")
    p.add_argument("--until-over", action="store_true", help="quit when the match ends; print the result as JSON")
    p.add_argument("--screenshot", type=Path, help="save the last frame as PNG")
    p.add_argument("--fps", type=int, default=60, help="frame-rate cap (0 = uncapped)")
    p.add_argument("--replay", type=Path, metavar="FILE", help="watch an exported game (a JSON record)")
    return p


def check_data() -> None:
    """Load every data file now (each registered game's own data through its descriptor,
    rules texts, UI strings) so that a broken one stops the launch with its name, not a
    scene halfway through. Raises DataError."""
    from game import registry
    from game.windows import load_timing
    from scenes.core import i18n
    from scenes.screens.rules_doc import load_rules, rule_games
    for game_id in registry.GAMES:
        registry.data_checks(game_id)
        load_timing(game_id)        # data/timing.yaml and the game's timing: section
    for game in rule_games():
        load_rules(game)
    for lang in i18n.LANGS:
        i18n.strings(lang)


def data_error_line(err: Exception) -> str:
    """One readable line for stderr (no traceback): what is broken, and where."""
    where = getattr(err, "file", "")
    return f"Card Table cannot start: {err}" + (f" ({where})" if where else "")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.cards import DataError
    try:
        check_data()
        from scenes.core.app import LaunchOptions, run
        opts = LaunchOptions(
            game=args.game, seats=args.seats, seed=args.seed, lang=args.lang, size=args.size,
            fullscreen=args.fullscreen, autoplay=args.autoplay, speed=args.speed,
            frames=args.frames, until_over=args.until_over, screenshot=args.screenshot,
            time=args.time, options=args.options, fps=args.fps, replay=args.replay,
        )
        return run(opts)
    except DataError as err:
        print(data_error_line(err), file=sys.stderr)
        return DATA_ERROR_EXIT


if __name__ == "__main__":
    sys.exit(main())
