"""Screenshots of the phone page against the fake server, with the project's own card art
for the sample cards: ``python -m tests.browser.shots [out_dir]`` (default
/work/shots/page). Portrait 390×844 and landscape 844×390, English and Vietnamese: the
lobby (before and after joining), a Ganjifa hand (an illegal card tapped), a 40-card
hand, a Đạo Tâm claim with two cards picked, a Đạo Tâm buzzer window, a finished game."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def real_art():
    """(game, card JSON, h) → PNG of the real face for the samples' games (pygame, one thread)."""
    import pygame

    from game.ganjifa.deck import default_deck
    from scenes.art.ganjifa_cards import GanjifaArt
    from scenes.tables.daotam.cards import chieu_thuc
    from scenes.tables.daotam.layout import card_size
    pygame.init()
    ganjifa = GanjifaArt(default_deck())

    def art(game: str, text: str, h: int) -> bytes | None:
        card = json.loads(text)
        if game == "ganjifa" and isinstance(card, int):
            img = ganjifa.face(card, h)
        elif isinstance(card, dict) and card.get("kind") in ("cuong", "nhu"):
            img = chieu_thuc(card["kind"], card_size(h), {"cuong": "Cương", "nhu": "Nhu"}[card["kind"]])
        else:
            return None
        out = io.BytesIO()
        pygame.image.save(img, out, "card.png")
        return out.getvalue()
    return art


def main(out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    from tests.browser import samples
    from tests.browser.conftest import ARGS, chromium_path, new_context
    from tests.browser.fake_party import FakeParty

    out.mkdir(parents=True, exist_ok=True)
    party = FakeParty().start()
    party.art = real_art()
    saved: list[Path] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=ARGS)
        for lang in ("en", "vi"):
            for w, h in ((390, 844), (844, 390)):
                tag = f"{w}x{h}_{lang}"
                ctx = new_context(browser, w, h)
                ctx.add_init_script(f"localStorage.setItem('party.lang', '{lang}')")
                page = ctx.new_page()

                def shot(name: str, page=page, tag=tag) -> None:
                    page.wait_for_timeout(350)
                    path = out / f"{name}_{tag}.png"
                    page.screenshot(path=str(path))
                    saved.append(path)

                party.on_connect = [samples.lobby(joined={0: "Lan"})]
                page.goto(party.url + "/j/ABCD#k=ROOMSECRET")
                page.locator("#seats .seat").first.wait_for()
                page.click('.seat[data-seat="2"]')
                page.fill("#name", "Minh Châu")
                shot("lobby")
                party.on_connect = []
                party.send({"type": "welcome", "seat": 2, "token": "t-" + tag, "name": "Minh Châu",
                            "game": "ganjifa", "code": "ABCD", "lang": lang})
                party.send(samples.lobby(you=2, joined={0: "Lan", 2: "Minh Châu"}))
                page.locator("#waiting").wait_for()
                shot("waiting")
                party.send({"type": "screen", "seat": 2, "rev": 1, "screen": samples.ganjifa(lang),
                            "view": None})
                page.locator("#hand .card").first.wait_for()
                page.click('#hand .card[data-index="4"]', force=True)
                shot("ganjifa")
                page.evaluate("document.getElementById('toast').hidden = true")
                party.send({"type": "screen", "seat": 2, "rev": 9, "screen": samples.big_hand(lang),
                            "view": None})
                page.locator('#hand .card[data-index="39"]').wait_for()
                shot("ganjifa40")
                page.evaluate("window.__phone.state.game = 'daotam'")
                party.send({"type": "screen", "seat": 2, "rev": 2, "screen": samples.claim(lang), "view": None})
                page.locator('#hand .card[data-index="3"]').wait_for()
                page.click('#hand .card[data-index="0"]')
                page.click('#hand .card[data-index="1"]')
                shot("daotam_claim")
                party.send({"type": "screen", "seat": 2, "rev": 3, "screen": samples.buzzer(lang, left_ms=1900),
                            "view": None})
                page.locator("#buzzer").wait_for()
                shot("daotam_buzzer")
                page.evaluate("window.__phone.state.game = 'ganjifa'")
                party.send({"type": "screen", "seat": 2, "rev": 4, "screen": samples.over(lang), "view": None})
                page.locator("#over").wait_for()
                shot("over")
                ctx.close()
        browser.close()
    party.stop()
    return saved


if __name__ == "__main__":
    for path in main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shots/page")):
        print(path)
