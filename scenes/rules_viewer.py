"""In-app rules (F1 at the table, or from the menu), in the current language."""

from __future__ import annotations

import pygame

from game.cards import DATA_DIR, Reader, read_yaml
from scenes import fonts, theme
from scenes.dialog import wrap
from scenes.i18n import lang, t
from scenes.stack import Scene
from scenes.widgets.button import Button, ButtonRow

RULE_GAMES = ("ganjifa", "kowah")


def load_rules(game: str) -> dict:
    path = DATA_DIR / "rules" / f"{game}.yaml"
    top = Reader(path, "(top)", read_yaml(path))
    top.choice("game", (game,), game)
    sections = []
    for i, raw in enumerate(top.list("sections")):
        s = Reader(path, f"sections[{i}]", raw)
        paras = [Reader(path, f"sections[{i}].paragraphs[{j}]", {"text": p}).names("text")
                 for j, p in enumerate(s.list("paragraphs"))]
        sections.append({"heading": s.names("heading"), "paragraphs": paras})
        s.done()                    # unknown fields are refused, not ignored
    result = {"title": top.names("title"), "sections": sections}
    top.done()
    return result


class RulesScene(Scene):
    opaque = True

    def __init__(self, app, game: str = "") -> None:
        super().__init__(app)
        self.games = [g for g in RULE_GAMES if (DATA_DIR / "rules" / f"{g}.yaml").exists()]
        self.game = game if game in self.games else self.games[0]
        self.scroll = 0.0
        self.tabs = [Button(lambda g=g: t(f"short.{g}"), lambda g=g: self.show(g)) for g in self.games]
        self.back = Button(lambda: t("common.back"), self.close, "primary")
        self.row = ButtonRow([*self.tabs, self.back])
        self._lines: list[tuple[str, str]] = []
        self._key = None
        self.show(self.game)

    def show(self, game: str) -> None:
        self.game, self.scroll, self._key = game, 0.0, None
        for g, b in zip(self.games, self.tabs, strict=True):
            b.style = "primary" if g == game else "normal"

    def close(self) -> None:
        self.app.stack.remove(self)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        u = self.app.u
        w, h = self.app.size
        x = round(3 * u)
        for b in self.tabs:
            b.rect = pygame.Rect(x, round(2 * u), round(22 * u), round(5 * u))
            x += round(23.5 * u)
        self.back.rect = pygame.Rect(w - round(3 * u) - round(16 * u), round(2 * u), round(16 * u), round(5 * u))
        self._key = None

    def _build(self) -> list[tuple[str, str]]:
        u = self.app.u
        w, _ = self.app.size
        key = (self.game, lang(), self.app.size)
        if key == self._key:
            return self._lines
        data = load_rules(self.game)
        width = min(round(w - 10 * u), round(110 * u))
        body_px = max(14, round(2.3 * u))
        lines: list[tuple[str, str]] = [("title", data["title"][lang()]), ("gap", "")]
        for s in data["sections"]:
            lines.append(("heading", s["heading"][lang()]))
            for p in s["paragraphs"]:
                lines += [("body", ln) for ln in wrap(p[lang()], body_px, width)]
                lines.append(("small", ""))
            lines.append(("gap", ""))
        self._lines, self._key = lines, key
        return lines

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()
            return True
        if self.row.handle(event):
            return True
        step = 6 * self.app.u
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0.0, self.scroll - event.y * step)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_UP,
                                                          pygame.K_PAGEUP):
            mult = 6 if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) else 1
            sign = 1 if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN) else -1
            self.scroll = max(0.0, self.scroll + sign * mult * step)
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        surface.fill((30, 24, 20))
        lines = self._build()
        sizes = {"title": round(4.2 * u), "heading": round(3 * u), "body": max(14, round(2.3 * u)),
                 "small": round(1.0 * u), "gap": round(1.6 * u)}
        heights = {k: round(v * 1.4) for k, v in sizes.items()}
        total = sum(heights[k] for k, _ in lines)
        top = round(9 * u)
        view_h = h - top - round(2 * u)
        self.scroll = min(self.scroll, max(0, total - view_h))
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(0, top, w, view_h))
        width = min(round(w - 10 * u), round(110 * u))
        x = (w - width) // 2
        y = top - round(self.scroll)
        for kind, text_ in lines:
            lh = heights[kind]
            if text_ and y + lh > top and y < h:
                col = theme.GOLD if kind in ("title", "heading") else theme.IVORY
                weight = "bold" if kind == "title" else "semibold" if kind == "heading" else "regular"
                surface.blit(fonts.text(text_, sizes[kind], col, weight), (x, y))
            y += lh
        surface.set_clip(clip)
        self.row.draw(surface, u)
