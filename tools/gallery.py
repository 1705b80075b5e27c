"""The gallery: one fixed contact sheet per window size and language — every table at
its seat counts, the big moments caught mid-animation, the main screens — so anyone can
see the whole product's look at once (issue 18).

    python -m tools.gallery --out gallery [--sizes 1280x720,1920x1080] [--langs en,vi]
                            [--only daotam,menu,...] [--tries 12]

Writes, per size and language, ``contact_<W>x<H>_<lang>.png`` (a grid of labelled
thumbnails), every full-size frame as ``<shot>_<W>x<H>_<lang>.png`` next to it, an
``index.html`` showing them all and ``gallery.json`` (what each tile is, where, and what
was not found). The selection is fixed: the same seeds in the same order, the tables on
their own clock in fixed steps, so the same command gives the same sheet.

Moments are found by playing seeded games with agents at the real table (tools/film.py)
until the state holds, then the animation clock is stepped part way through the motion
(e.g. a trick half way to the winner's pile). A moment not found within ``--tries``
seeds gets a "not found" tile and a line in the output; it is never dropped.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.autoplay import play_with_agents  # noqa: E402
from game.core import Event  # noqa: E402
from game.match import Match, Seat  # noqa: E402
from tools.film import DT, Aim, Film, Moment, hunt  # noqa: E402

NAMES = {"ganjifa": "Ganjifa", "kowah": "Kowah", "daotam": "Đạo Tâm", "mascarade": "Mascarade"}
GROUPS = {"tables": "Tables", "moments": "Big moments, mid-animation", "screens": "Screens"}
COLS = 8
THUMB_W = 360                   # every sheet's thumbnails are this wide (sheets compare)
GAP = 14
LABEL_H = 44
HEAD_H = 34
SHEET_BG = (24, 24, 28)
TILE_BG = (40, 40, 46)
INK = (236, 232, 220)
DIM = (160, 156, 148)
MISSING = (232, 120, 96)


@dataclass(frozen=True)
class Shot:
    """One tile: ``film`` (game, seats, moment) shoots a table on its own clock;
    ``show(app)`` leaves the app's stack showing a still one."""

    id: str
    group: str
    title: str                  # "Đạo Tâm · 4 seats"
    what: str                   # "Khai Sáng win: the sweep, half way"
    film: tuple[str, int, Moment] | None = None
    show: Callable[[Any], None] | None = None


# ---- the moments -------------------------------------------------------------------------

def _daotam_mid(film: Film) -> bool:
    """The human's turn once a few Tâm Niệm are open (a table with something on it)."""
    st = film.match.state
    return (film.at_table and film.table.viewer_can_act and st.phase == "turn"
            and sum(len(o) for o in st.opened) >= 3)


def _race_on(race: Callable[[Any], bool]) -> Moment:
    """The shout race (tools/screens_daotam.py's check) with its ring some way round."""
    def check(film: Film) -> bool:
        table = film.table
        if not film.at_table or not race(table):
            return False
        reading = table.ring.reading(table.match, table.clock)
        return reading is not None and reading.fraction >= 0.4
    return check


def _lie(ev: Event, film: Film) -> bool:
    return any(c != ev.data["call"] for c in ev.data["cards"])


def _off_turn(ev: Event, film: Film) -> bool:
    return ev.data.get("method") in ("opponent_draw", "opponent_discard")


def _contested(ev: Event, film: Film) -> bool:
    return ev.data.get("why") == "claim" and len(ev.data["cards"]) >= 3


def _fine(ev: Event, film: Film) -> bool:
    """The coins flown after a reveal of three or more claimants, when a liar's fine to the
    courthouse is among them (the table flies one moment's coin events as one group, whose
    motion belongs to the group's first event)."""
    if ev.kind != "coins":
        return False
    events = film.match.events
    at = next(i for i, e in enumerate(events) if e is ev)
    if at and events[at - 1].kind in ("coins", "witch"):
        return False                        # not the first of its group
    group = []
    for e in events[at:]:
        if e.kind not in ("coins", "witch"):
            break
        group.append(e)
    if not any(e.data.get("dst") == "court" and isinstance(e.data.get("src"), int)
               and e.data.get("amount", 0) > 0 for e in group):
        return False
    shown = next((e for e in reversed(events[:at]) if e.kind == "reveal"), None)
    return shown is not None and _contested(shown, film)


def _khai_sang(ev: Event, film: Film) -> bool:
    return ev.data.get("reason") == "khai_sang"


def _seats(game: str, n: int) -> str:
    return f"{NAMES[game]} · {n} seats"


def _film(sid: str, game: str, n: int, what: str, moment: Moment, group: str = "moments") -> Shot:
    return Shot(sid, group, _seats(game, n), what, film=(game, n, moment))


def shots() -> list[Shot]:
    """The fixed selection, in sheet order."""
    from tools import screens_daotam
    dt = screens_daotam.moments()
    out = [
        Shot("ganjifa3-table", "tables", _seats("ganjifa", 3), "mid-hand, the human to play",
             show=_ganjifa_mid),
        Shot("kowah3-table", "tables", _seats("kowah", 3), "mid-hand, the human to discard",
             show=_kowah_mid),
    ]
    out += [_film(f"daotam{n}-table", "daotam", n, "the human's turn, Tâm Niệm open", _daotam_mid, "tables")
            for n in (3, 4, 5)]
    out += [Shot(f"mascarade{n}-table", "tables", _seats("mascarade", n), "turn 9+, the human's turn",
                 show=_mascarade_mid(n)) for n in (4, 8, 13)]
    out += [
        _film("ganjifa3-trick", "ganjifa", 3, "a trick collected, half way", Aim("trick")),
        _film("ganjifa3-dukal", "ganjifa", 3, "Dukal declared, cards half way", Aim("dukal")),
        _film("kowah3-checki", "kowah", 3, "Checki declared, half way", Aim("declare")),
        _film("kowah3-offturn", "kowah", 3, "an off-turn win, half way", Aim("win", 0.5, _off_turn)),
        _film("daotam4-strike", "daotam", 4, "a challenge: the strike, half way", Aim("challenge")),
        _film("daotam4-lie", "daotam", 4, "a lie caught: the reveal, 70 %", Aim("reveal", 0.7, _lie)),
        _film("daotam4-public", "daotam", 4, "a public play (âm-dương), half way", Aim("public")),
        _film("daotam4-ta-niem", "daotam", 4, "a token falls to Tà Niệm, 35 %", Aim("lose", 0.35)),
        _film("daotam4-race", "daotam", 4, "the shout race, its ring 40 % run", _race_on(dt["race"])),
        _film("daotam4-nhap-ma", "daotam", 4, "Nhập Ma, half way", Aim("nhap_ma")),
        _film("daotam4-khai-sang", "daotam", 4, "Khai Sáng win: the white belt, 80 %",
              Aim("win", 0.8, _khai_sang)),
        _film("mascarade8-claims", "mascarade", 8, "an announcement with counter-claims",
              Aim("reveal", 0.0, _contested)),
        _film("mascarade8-reveal", "mascarade", 8, "the reveal of 3+ claimants: a fine in flight",
              Aim("coins", 0.5, _fine)),
        _film("mascarade13-swap", "mascarade", 13, "a swap, half way", Aim("swap")),
        _film("mascarade4-win", "mascarade", 4, "the win: the stack rises, confetti, half way", Aim("end")),
    ]
    out += [
        Shot("menu", "screens", "Menu", "", show=_menu),
        Shot("setup", "screens", "Setup", "Mascarade", show=_setup),
        Shot("results", "screens", "Results", "Ganjifa · 3 seats", show=_results),
        Shot("rules", "screens", "Rules", "Đạo Tâm", show=_rules),
        Shot("replay", "screens", "Replay", "Mascarade · 6 seats, half way", show=_replay),
        Shot("stats", "screens", "Statistics", "300 made-up games", show=_stats),
        Shot("settings", "screens", "Settings", "", show=_settings),
    ]
    return out


# ---- still shots --------------------------------------------------------------------------

def _settle(app: Any, frames: int = 3) -> None:
    """A few frames with animations instant, so a table shows what its match holds."""
    speed, app.settings.anim_speed = app.settings.anim_speed, 0.0
    for _ in range(frames):
        app.stack.update(DT)
    app.settings.anim_speed = speed


def _table(app: Any, match: Match) -> Any:
    from scenes.tables.registry import make_table
    table = make_table(app, Match.from_json(match.to_json()), fresh=False)
    app.stack.reset(table)
    table.over_shown = True
    _settle(app)
    return table


_found: dict[str, Match] = {}


def _engine(key: str, find: Callable[[], Match | None]) -> Match:
    """A position found by the engine alone (no window), once per run."""
    if key not in _found:
        match = find()
        if match is None:
            raise LookupError(key)
        _found[key] = match
    return _found[key]


def _ganjifa_mid(app: Any) -> None:
    def find() -> Match | None:
        match = Match("ganjifa", [Seat("human"), Seat("normal"), Seat("hard")], 7, {"time": "day"})
        ok = play_with_agents(match, lambda m: m.state.trick_no >= 9 and len(m.state.trick) == 2
                              and m.active_seats() == (0,))
        return match if ok else None
    _table(app, _engine("ganjifa-mid", find))


def _kowah_mid(app: Any) -> None:
    from tools.screens_kowah import find
    _table(app, _engine("kowah-mid", lambda: find(
        lambda m: len(m.state.discards) >= 14 and m.state.turn == 0 and m.state.phase == "discard"
        and not m.state.any_declared)))


def _mascarade_mid(n: int) -> Callable[[Any], None]:
    def show(app: Any) -> None:
        from tools.screens_mascarade import _turn, find
        _table(app, _engine(f"mascarade{n}-mid", lambda: find(n, lambda m: m.view(None).turn_no >= 9
                                                               and _turn(m))))
    return show


def _menu(app: Any) -> None:
    from scenes.screens.menu import MenuScene
    app.stack.reset(MenuScene(app))


def _setup(app: Any) -> None:
    from scenes.screens.setup import SetupScene
    _menu(app)
    app.stack.push(SetupScene(app, "mascarade", seed=42))


def _settings(app: Any) -> None:
    from scenes.screens.settings import SettingsScene
    _menu(app)
    app.stack.push(SettingsScene(app))


def _rules(app: Any) -> None:
    from scenes.screens.rules_viewer import RulesScene
    _menu(app)
    app.stack.push(RulesScene(app, "daotam"))


def _results(app: Any) -> None:
    from scenes.screens.results import ResultsScene

    def find() -> Match:
        match = Match("ganjifa", [Seat("human"), Seat("easy"), Seat("hard")], 3, {"time": "day"})
        play_with_agents(match, lambda m: False, "normal", 3)
        return match
    table = _table(app, _engine("ganjifa3-over", find))
    app.stack.push(ResultsScene(app, table))


_records: dict[str, dict] = {}


def _replay(app: Any) -> None:
    from scenes.screens.replay import ReplayScene
    from tools.screens_replay import recorded
    if "mascarade" not in _records:
        _records["mascarade"] = recorded("mascarade")
    scene = ReplayScene(app, _records["mascarade"])
    app.stack.reset(scene)
    scene.seek(scene.replay.length // 2)


def _stats(app: Any) -> None:
    from game import history
    from scenes.core import nav
    from tools.screens_stats import fill
    db = Path(os.environ["CARDTABLE_HOME"]) / "gallery-history.db"
    if not db.exists():
        fill(db, 300)
    _menu(app)
    app.recorder = history.Recorder(db)
    nav.push(app, "stats")


# ---- shooting ------------------------------------------------------------------------------

@dataclass
class Frame:
    shot: Shot
    file: str | None = None         # the full-size PNG (None: not found)
    seed: int | None = None
    note: str = ""


def make_app(size: tuple[int, int], lang: str) -> Any:
    from scenes.core.app import App, LaunchOptions
    from scenes.core.settings_store import Settings
    return App(LaunchOptions(size=size, lang=lang, fps=0, speed=1.0), settings=Settings(lang=lang))


def _save(app: Any, path: Path) -> None:
    app.stack.draw(app.screen)
    pygame.image.save(app.screen, str(path))


def guard(name: str, moment: Moment, errors: dict[str, str]) -> Moment:
    """A check that raises (a table reworked under it) counts as not holding, once noted:
    its tile says so instead of the whole gallery stopping."""
    if isinstance(moment, Aim):
        return moment

    def check(film: Film) -> bool:
        try:
            return bool(moment(film))
        except Exception as err:            # noqa: BLE001
            errors.setdefault(name, f"{type(err).__name__}: {err}")
            return False
    return check


@dataclass
class Gallery:
    out: Path
    tries: int = 12
    seeds_found: dict[str, int] = field(default_factory=dict)     # shot -> seed (earlier sheets)

    def frames(self, app: Any, tag: str, chosen: list[Shot]) -> list[Frame]:
        """Every chosen shot at the app's size and language, saved as ``<id>_<tag>.png``."""
        frames = {s.id: Frame(s) for s in chosen}
        errors: dict[str, str] = {}          # shot -> the exception that stopped it
        films: dict[tuple[str, int], list[Shot]] = {}
        for s in chosen:
            if s.film is not None:
                films.setdefault(s.film[:2], []).append(s)
        for (game, n), group in films.items():
            known = sorted({self.seeds_found[s.id] for s in group if s.id in self.seeds_found})
            seeds = known + [k for k in range(1, self.tries + 1) if k not in known]

            def shoot(name: str, seed: int) -> None:
                file = f"{name}_{tag}.png"
                _save(app, self.out / file)
                frames[name].file, frames[name].seed = file, seed
            options = {"time": "day"} if game == "ganjifa" else {}
            want = {s.id: guard(s.id, s.film[2], errors) for s in group}
            try:
                self.seeds_found.update(hunt(app, game, n, want, shoot, seeds, options=options))
            except Exception as err:        # noqa: BLE001 - one broken table spoils only its tiles
                for s in group:
                    errors.setdefault(s.id, f"{type(err).__name__}: {err}")
                traceback.print_exc()
        for s in chosen:
            if s.show is None:
                continue
            try:
                s.show(app)
            except LookupError:
                continue
            except Exception as err:        # noqa: BLE001
                errors[s.id] = f"{type(err).__name__}: {err}"
                traceback.print_exc()
                continue
            _settle(app, 1)
            file = f"{s.id}_{tag}.png"
            _save(app, self.out / file)
            frames[s.id].file = file
            if app.recorder is not None:
                app.recorder.close()
                app.recorder = None
        for f in frames.values():
            if f.file is None:
                f.note = "not found" if f.shot.film is None else f"not found in {self.tries} seeds"
                if f.shot.id in errors:
                    f.note = f"error: {errors[f.shot.id]}"
        return [frames[s.id] for s in chosen]


# ---- the sheet ------------------------------------------------------------------------------

@dataclass
class Tile:
    frame: Frame
    rect: tuple[int, int, int, int]       # the whole tile (thumbnail and label)
    thumb: tuple[int, int, int, int]


def grid(frames: list[Frame], size: tuple[int, int], cols: int = COLS) -> tuple[tuple[int, int], list[Tile],
                                                                               list[tuple[str, int]]]:
    """Where each tile goes: groups start on a new row under their heading. Returns the
    sheet's size, the tiles and the headings (text, y)."""
    tw = THUMB_W
    th = round(tw * size[1] / size[0])
    y = HEAD_H + GAP
    tiles: list[Tile] = []
    heads: list[tuple[str, int]] = []
    for group in GROUPS:
        members = [f for f in frames if f.shot.group == group]
        if not members:
            continue
        heads.append((GROUPS[group], y))
        y += HEAD_H
        for i, f in enumerate(members):
            col, row = i % cols, i // cols
            x = GAP + col * (tw + GAP)
            top = y + row * (th + LABEL_H + GAP)
            tiles.append(Tile(f, (x, top, tw, th + LABEL_H), (x, top, tw, th)))
        rows = (len(members) + cols - 1) // cols
        y += rows * (th + LABEL_H + GAP) + GAP
    width = GAP + min(cols, max(1, len(frames))) * (tw + GAP)
    return (width, y), tiles, heads


def sheet(out: Path, frames: list[Frame], size: tuple[int, int], lang: str, file: str) -> list[Tile]:
    """Draw the contact sheet of ``frames`` (taken at ``size``) into ``out / file``."""
    from scenes.core import fonts
    (w, h), tiles, heads = grid(frames, size)
    surf = pygame.Surface((w, h))
    surf.fill(SHEET_BG)
    title = fonts.text(f"Card Table gallery · {size[0]}×{size[1]} · {lang}", 22, INK, "bold")
    surf.blit(title, (GAP, (HEAD_H + GAP - title.get_height()) // 2 + 4))
    for text, y in heads:
        img = fonts.text(text, 18, DIM, "bold")
        surf.blit(img, (GAP, y + (HEAD_H - img.get_height()) // 2))
    for tile in tiles:
        x, y, tw, th = tile.thumb
        f = tile.frame
        if f.file is not None:
            img = pygame.image.load(str(out / f.file)).convert()
            surf.blit(pygame.transform.smoothscale(img, (tw, th)), (x, y))
        else:
            pygame.draw.rect(surf, TILE_BG, tile.thumb)
            pygame.draw.rect(surf, MISSING, tile.thumb, 2)
            note = f.note or "not found"
            note = note if len(note) <= 60 else note[:59] + "…"
            miss = fonts.text(note, fonts.fit(note, 20, tw - 16, "bold"), MISSING, "bold")
            surf.blit(miss, miss.get_rect(center=(x + tw // 2, y + th // 2)))
        line1 = fonts.text(f.shot.title, 15, INK, "bold")
        surf.blit(line1, (x, y + th + 4))
        what = f.shot.what + ("" if f.file is not None else " — not found")
        if what:
            px = fonts.fit(what, 14, tw)
            line2 = fonts.text(what, px, MISSING if f.file is None else DIM)
            surf.blit(line2, (x, y + th + 6 + line1.get_height()))
    pygame.image.save(surf, str(out / file))
    return tiles


def write_index(out: Path, sheets: list[dict]) -> None:
    """index.html: every sheet, then every frame under it (relative links only)."""
    esc = html.escape
    parts = ["<!doctype html>", '<meta charset="utf-8">', "<title>Card Table gallery</title>",
             "<style>body{background:#18181c;color:#ece8dc;font-family:sans-serif}"
             "figure{display:inline-block;margin:6px;width:330px;vertical-align:top}"
             "img{max-width:100%}.miss{color:#e87860}a{color:#e8c878}</style>",
             "<h1>Card Table gallery</h1>"]
    for s in sheets:
        parts.append(f"<h2>{esc(s['size'])} · {esc(s['lang'])}</h2>")
        parts.append(f'<a href="{esc(s["file"])}"><img src="{esc(s["file"])}" alt="contact sheet"></a>')
        parts.append("<div>")
        for t in s["tiles"]:
            label = esc(f"{t['title']} — {t['what']}" if t["what"] else t["title"])
            if t["file"]:
                parts.append(f'<figure><a href="{esc(t["file"])}"><img src="{esc(t["file"])}" '
                             f'alt="{label}"></a><figcaption>{label}</figcaption></figure>')
            else:
                parts.append(f'<figure class="miss"><figcaption>{label}: {esc(t["note"])}</figcaption>'
                             "</figure>")
        parts.append("</div>")
    (out / "index.html").write_text("\n".join(parts) + "\n", encoding="utf-8")


def pick(all_shots: list[Shot], only: str) -> list[Shot]:
    """``only``: comma list of shot ids, their prefixes ("daotam", "mascarade8") or groups
    ("tables", "moments", "screens"); empty: all."""
    keys = [k for k in only.split(",") if k]
    if not keys:
        return all_shots
    return [s for s in all_shots if any(s.id.startswith(k) or s.group == k for k in keys)]


def run(out: Path, sizes: list[tuple[int, int]], langs: list[str], only: str = "",
        tries: int = 12) -> list[dict]:
    """Render every sheet; returns what gallery.json holds."""
    out.mkdir(parents=True, exist_ok=True)
    chosen = pick(shots(), only)
    if not chosen:
        raise SystemExit(f"--only {only!r} picks no shot; ids: {', '.join(s.id for s in shots())}")
    gallery = Gallery(out, tries)
    sheets: list[dict] = []
    for size in sizes:
        for lang in langs:
            tag = f"{size[0]}x{size[1]}_{lang}"
            app = make_app(size, lang)
            frames = gallery.frames(app, tag, chosen)
            file = f"contact_{tag}.png"
            tiles = sheet(out, frames, size, lang, file)
            sheets.append({"file": file, "size": f"{size[0]}x{size[1]}", "lang": lang, "tiles": [
                {"id": t.frame.shot.id, "group": t.frame.shot.group, "title": t.frame.shot.title,
                 "what": t.frame.shot.what, "file": t.frame.file, "seed": t.frame.seed,
                 "note": t.frame.note, "rect": list(t.rect), "thumb": list(t.thumb)} for t in tiles]})
            for f in frames:
                if f.file is None:
                    print(f"{tag}: {f.shot.id}: {f.note}", flush=True)
            print(out / file, flush=True)
    (out / "gallery.json").write_text(json.dumps({"sheets": sheets}, ensure_ascii=False, indent=1) + "\n",
                                      encoding="utf-8")
    write_index(out, sheets)
    return sheets


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path("gallery"))
    p.add_argument("--sizes", default="1280x720,1920x1080")
    p.add_argument("--langs", default="en,vi")
    p.add_argument("--only", default="", help="comma list of shot ids, prefixes or groups")
    p.add_argument("--tries", type=int, default=12, help="seeds to try per table")
    a = p.parse_args(argv)
    # the player's settings and history are neither read nor written
    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-gallery-")
    os.environ["CARDTABLE_HISTORY"] = "off"
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in a.sizes.split(",") if s]
    t0 = time.perf_counter()
    run(a.out, sizes, [x for x in a.langs.split(",") if x], a.only, a.tries)   # type: ignore[arg-type]
    print(f"gallery: {time.perf_counter() - t0:.0f} s", flush=True)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
