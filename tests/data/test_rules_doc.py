"""Loading data/rules/*.yaml: card-picture markup, and every mistake named by file/entry/field."""

from __future__ import annotations

import pytest
import yaml

from game.cards import DataError
from scenes.screens.rules_doc import Picture, load_rules, parse_card, rule_games

GOOD = {
    "game": "kowah",
    "title": {"vi": "Luật", "en": "Rules"},
    "sections": [{"heading": {"vi": "Bộ bài", "en": "The cards"},
                  "paragraphs": [{"vi": "Ba chất (萬).", "en": "Three suits (萬)."},
                                 {"picture": ["kowah/coins/5", "kowah/red_flower"]}]}],
}


def write(tmp_path, data, name="kowah.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def broken(tmp_path, edit) -> DataError:
    data = yaml.safe_load(yaml.safe_dump(GOOD, allow_unicode=True))
    edit(data)
    with pytest.raises(DataError) as err:
        load_rules("kowah", write(tmp_path, data))
    return err.value


def test_the_bundled_rules_load_with_their_pictures():
    assert rule_games() == ["ganjifa", "kowah", "daotam", "mascarade"]
    for game in rule_games():
        doc = load_rules(game)
        pictures = [p for s in doc.sections for p in s.paragraphs if isinstance(p, Picture)]
        if game in ("ganjifa", "kowah"):     # the games whose card art the rules can draw
            assert pictures, f"{game}: the rules show cards"
        assert all(c.game == game for p in pictures for c in p.cards)
        for lang in ("vi", "en"):
            assert all(t.strip() for t in doc.texts(lang))


def test_a_picture_without_caption_is_captioned_with_the_card_names(tmp_path):
    doc = load_rules("kowah", write(tmp_path, GOOD))
    pic = doc.sections[0].paragraphs[1]
    assert pic.caption_text("en") == "5 of Coins · Red Flower"
    assert pic.caption_text("vi") == "5 Xu · Hoa Đỏ"


def test_card_references():
    assert parse_card("ganjifa/matsya/raja").card == 0
    assert parse_card("ganjifa/matsya/mantri").card == 1
    assert parse_card("ganjifa/kalki/10").card == 119
    assert parse_card("kowah/myriads/9").card == 26
    assert parse_card("kowah/white_flower").card == 29
    for bad in ("ganjifa/matsya/queen", "ganjifa/fish/1", "kowah/coins/10", "kowah/coins",
                "chess/king", "ganjifa/matsya/1/2", 5):
        with pytest.raises(ValueError):
            parse_card(bad)


@pytest.mark.parametrize("edit,entry,field", [
    (lambda d: d.update(extra=1), "(top)", "extra"),
    (lambda d: d.update(game="ganjifa"), "(top)", "game"),
    (lambda d: d["title"].update(fr="Règles"), "(top)", "title.fr"),
    (lambda d: d["sections"][0].update(pictures=[]), "sections[0]", "pictures"),
    (lambda d: d["sections"][0]["heading"].update(de="x"), "sections[0]", "heading.de"),
    (lambda d: d["sections"][0]["paragraphs"][0].update(text="x"), "sections[0].paragraphs[0]", "text"),
    (lambda d: d["sections"][0]["paragraphs"][0].pop("vi"), "sections[0].paragraphs[0]", "text.vi"),
    (lambda d: d["sections"][0]["paragraphs"][1].update(captoin={"vi": "a", "en": "b"}),
     "sections[0].paragraphs[1]", "captoin"),
    (lambda d: d["sections"][0]["paragraphs"][1].update(picture=["kowah/coins/0"]),
     "sections[0].paragraphs[1]", "picture[0]"),
    (lambda d: d["sections"][0]["paragraphs"][1].update(picture=[]),
     "sections[0].paragraphs[1]", "picture"),
    (lambda d: d["sections"][0]["paragraphs"][1].update(picture="kowah/coins/1"),
     "sections[0].paragraphs[1]", "picture"),
    (lambda d: d["sections"][0]["paragraphs"][1].update(caption={"vi": "a"}),
     "sections[0].paragraphs[1]", "caption.en"),
    (lambda d: d["sections"][0]["paragraphs"][1].update(caption={"vi": "a", "en": "b", "x": "c"}),
     "sections[0].paragraphs[1].caption", "x"),
    (lambda d: d["sections"][0].update(paragraphs=[]), "sections[0]", "paragraphs"),
])
def test_mistakes_name_file_entry_and_field(tmp_path, edit, entry, field):
    err = broken(tmp_path, edit)
    assert (err.file.endswith("kowah.yaml"), err.entry, err.field) == (True, entry, field)
    assert "kowah.yaml" in str(err) and entry in str(err) and field in str(err)


def test_an_unknown_card_says_how_to_write_one(tmp_path):
    err = broken(tmp_path, lambda d: d["sections"][0]["paragraphs"][1].update(
        picture=["kowah/coins/5", "kowah/red_flowr"]))
    assert err.field == "picture[1]"
    assert "red_flowr" in err.problem and "red_flower" in err.problem
