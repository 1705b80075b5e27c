"""Rule options have one source: the ``options:`` entries of data/<game>.yaml. The engine
validates against their default and values, the setup screen shows those with a label."""

from __future__ import annotations

import pytest
import yaml

from game import registry
from game.cards import DATA_DIR, DataError
from game.ganjifa.deck import load_deck as ganjifa_deck
from game.kowah.deck import load_deck as kowah_deck
from game.options import setup_specs
from scenes.core.i18n import strings

DECKS = {"ganjifa": ganjifa_deck, "kowah": kowah_deck}


def engine_values(game: str, key: str) -> tuple:
    spec = DECKS[game]().options[key]
    return tuple(spec["values"]) if isinstance(spec, dict) else tuple(spec[1])


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
def test_setup_offers_what_the_engine_accepts(game):
    specs = registry.option_specs(game)
    assert specs, f"{game} offers no option"
    for spec in specs:
        assert spec.values == engine_values(game, spec.key)
        state = registry.new_game(game, 3, 1, {spec.key: spec.values[-1]})
        assert state.options[spec.key] == spec.values[-1]


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
def test_every_label_is_a_string_in_both_languages(game):
    for spec in registry.option_specs(game):
        for lang in ("en", "vi"):
            table = strings(lang)
            assert spec.label in table
            for value in spec.values:
                assert spec.choice_key(value) in table, (lang, spec.choice_key(value))


def test_the_setup_rows_of_today():
    assert [(s.key, s.values, s.suggest) for s in registry.option_specs("ganjifa")] == [
        ("time", ("day", "night"), "time_of_day"), ("void_rule", ("choice", "strict"), "")]
    assert [(s.key, s.values) for s in registry.option_specs("kowah")] == [
        ("rediscard_taken_card", (True, False))]


def _copy(tmp_path, game: str, edit) -> str:
    data = yaml.safe_load((DATA_DIR / f"{game}.yaml").read_text(encoding="utf-8"))
    edit(data["options"])
    path = tmp_path / f"{game}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("game,key", [("ganjifa", "void_rule"), ("kowah", "rediscard_taken_card")])
def test_a_misspelt_setup_field_is_refused_by_the_engine(tmp_path, game, key):
    path = _copy(tmp_path, game, lambda o: o[key].update(lable="x"))
    with pytest.raises(DataError, match="lable"):
        DECKS[game](path)


def test_a_default_that_is_not_a_choice_is_refused(tmp_path):
    def edit(options):
        options["void_rule"]["default"] = "sometimes"
    path = _copy(tmp_path, "ganjifa", edit)
    with pytest.raises(DataError, match="default"):
        setup_specs(path)


@pytest.mark.parametrize("edit,field", [
    (lambda o: o["void_rule"].pop("choice_label"), "choice_label"),
    (lambda o: o["time"].update(suggest="moon_phase"), "suggest"),
])
def test_a_broken_setup_field_stops_the_deck_loading(tmp_path, edit, field):
    path = _copy(tmp_path, "ganjifa", edit)
    with pytest.raises(DataError, match=field):
        ganjifa_deck(path)
