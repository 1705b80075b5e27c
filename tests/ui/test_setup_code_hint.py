"""Each game's setup screen shows an example deal code of that game (issue 15: Đạo Tâm
and Mascarade showed a Kowah code), in both languages, whatever the screen draws."""

from __future__ import annotations

import re

import pytest

from game import registry
from game.cards import LANGS
from game.dealcode import decode, prefix
from scenes.screens.setup import SetupScene
from tests.ui.helpers import make_app, strings_drawn

CODE = re.compile(r"\b[A-Z]{2}-[0-9A-Z]{4}-[0-9A-Z]{4}\b")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_every_code_on_a_setup_screen_is_of_its_own_game(game, lang):
    app = make_app(lang=lang)
    setup = SetupScene(app, game, seed=15)          # the example's own deal number: another one
    app.stack.push(setup)
    app.step()
    drawn = strings_drawn(lambda: app.stack.draw(app.screen))
    codes = [c for s in drawn for c in CODE.findall(s)]
    assert len(codes) >= 2, drawn                   # the deal's code and the hint's example
    assert all(c.startswith(prefix(game) + "-") for c in codes), codes
    assert all(decode(c).game == game for c in codes)
    hint = setup.code_row.note()
    example = CODE.search(hint).group()
    assert example != setup.code_row.text()         # an example, not this deal's code
