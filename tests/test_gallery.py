"""The gallery (tools/gallery.py): a tiny subset — one table, one moment caught
mid-animation, one small window — gives a contact sheet whose tiles are where the grid
puts them, each showing its frame and its label, none blank; a moment that is not found
gets its own "not found" tile instead of being dropped."""

from __future__ import annotations

import json

import pygame
import pytest

from scenes.core import fonts
from tools import gallery

SIZE = (640, 400)


def colours(img: pygame.Surface, rect: tuple[int, int, int, int]) -> int:
    """How many distinct colours the area holds (a blank area has one)."""
    sub = img.subsurface(pygame.Rect(rect))
    step = max(1, sub.get_width() // 120)
    return len({tuple(sub.get_at((x, y)))[:3] for x in range(0, sub.get_width(), step)
                for y in range(0, sub.get_height(), step)})


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    out = tmp_path_factory.mktemp("gallery")
    sheets = gallery.run(out, [SIZE], ["en"], only="mascarade4-table,mascarade13-swap")
    yield out, sheets
    pygame.quit()


def test_one_sheet_with_the_chosen_tiles(made):
    out, sheets = made
    assert json.loads((out / "gallery.json").read_text(encoding="utf-8"))["sheets"] == sheets
    [s] = sheets
    assert s["file"] == "contact_640x400_en.png" and (out / s["file"]).is_file()
    assert [t["id"] for t in s["tiles"]] == ["mascarade4-table", "mascarade13-swap"]
    for t in s["tiles"]:
        assert t["file"] == f"{t['id']}_640x400_en.png", t
        frame = pygame.image.load(str(out / t["file"]))
        assert frame.get_size() == SIZE
        assert colours(frame, (0, 0, *SIZE)) > 40, f"{t['id']}: the frame is blank"
    html = (out / "index.html").read_text(encoding="utf-8")
    for name in [s["file"]] + [t["file"] for t in s["tiles"]]:
        assert f'src="{name}"' in html


def test_the_sheet_is_the_grid_of_thumbnails_and_labels(made):
    out, sheets = made
    [s] = sheets
    img = pygame.image.load(str(out / s["file"]))
    frames = [gallery.Frame(next(x for x in gallery.shots() if x.id == t["id"]), t["file"])
              for t in s["tiles"]]
    size, tiles, heads = gallery.grid(frames, SIZE)
    assert img.get_size() == size
    assert [list(t.thumb) for t in tiles] == [t["thumb"] for t in s["tiles"]]
    assert [h for h, _ in heads] == [gallery.GROUPS["tables"], gallery.GROUPS["moments"]]
    for tile in tiles:
        x, y, w, h = tile.thumb
        want = pygame.transform.smoothscale(pygame.image.load(str(out / tile.frame.file)), (w, h))
        got = img.subsurface(pygame.Rect(tile.thumb))
        same = sum(got.get_at((i, j))[:3] == want.get_at((i, j))[:3]
                   for i in range(0, w, 7) for j in range(0, h, 7))
        assert same > 0.95 * len(range(0, w, 7)) * len(range(0, h, 7)), f"{tile.frame.shot.id}: not its frame"
        assert colours(img, tile.thumb) > 40, f"{tile.frame.shot.id}: a blank thumbnail"
        label = (x, y + h, w, tile.rect[3] - h)
        assert colours(img, label) > 4, f"{tile.frame.shot.id}: no label"
        title = fonts.text(tile.frame.shot.title, 15, gallery.INK, "bold")
        ink = img.subsurface(pygame.Rect(x, y + h + 4, *title.get_size()))
        sheet_bg = pygame.Surface(title.get_size())
        sheet_bg.fill(gallery.SHEET_BG)
        sheet_bg.blit(title, (0, 0))
        assert pygame.image.tobytes(ink, "RGB") == pygame.image.tobytes(sheet_bg, "RGB"), \
            f"{tile.frame.shot.id}: the label is not its title"


def test_a_moment_not_found_has_its_tile(tmp_path, capsys):
    sheets = gallery.run(tmp_path, [SIZE], ["en"], only="mascarade13-swap,menu", tries=0)
    [s] = sheets
    miss, menu = s["tiles"]
    assert miss["id"] == "mascarade13-swap" and miss["file"] is None and "not found" in miss["note"]
    assert menu["file"] is not None
    assert "mascarade13-swap: not found" in capsys.readouterr().out
    img = pygame.image.load(str(tmp_path / s["file"]))
    assert colours(img, tuple(miss["thumb"])) > 3, "the not-found tile says nothing"
    assert "not found" in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_a_moment_is_shot_part_way_through_its_motion():
    """tools/film.py: an Aim stops the table's clock half way through the event's motion
    (the swap's step running, neither at its start nor its end)."""
    from tools.film import Aim, Film
    app = gallery.make_app(SIZE, "en")
    film = Film(app, "mascarade", 13, 1)
    seen: list[tuple[float, float]] = []

    def shoot(name: str) -> None:
        [motion] = [m for m in film.motions if m.event.kind == "swap" and m.started and not m.done]
        [step] = [a for a in app.stack.top.anim.running if a in motion.anims]
        seen.append((motion.progress(), step.elapsed / step.duration))
    assert film.run({"swap": Aim("swap", 0.5)}, shoot) == {"swap"}
    [(progress, ran)] = seen
    assert 0.5 <= progress < 0.56 and 0.5 <= ran < 0.56, seen
    film.close()


def test_a_check_that_raises_spoils_only_its_tile(tmp_path, monkeypatch):
    """A moment's check broken by a reworked table: its tile says what went wrong, the
    other tiles are drawn — the other moments of the same game too."""
    from tools.film import Aim

    def broken(film) -> bool:
        raise AttributeError("no ring here")
    mine = [gallery.Shot("mascarade4-broken", "moments", "Mascarade · 4 seats", "a broken check",
                         film=("mascarade", 4, broken)),
            gallery.Shot("mascarade4-swap", "moments", "Mascarade · 4 seats", "a swap",
                         film=("mascarade", 4, Aim("swap"))),
            next(s for s in gallery.shots() if s.id == "menu")]
    monkeypatch.setattr(gallery, "shots", lambda: mine)
    [s] = gallery.run(tmp_path, [SIZE], ["en"], tries=1)
    broke, swap, menu = s["tiles"]
    assert broke["file"] is None and broke["note"] == "error: AttributeError: no ring here"
    assert swap["file"] is not None and menu["file"] is not None
