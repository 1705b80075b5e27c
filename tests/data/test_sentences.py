"""Every player-facing sentence reads right whoever and however many it names (issue 15).

Each key of data/i18n/{en,vi}.yaml is rendered the way the tables fill it: every counted
parameter as 1 and as 2, every person as "You" (the viewer), as one name and as two
names, the other parameters as a plain word. The renders are checked mechanically: no
unfilled ``{field}``, no "You claims", no "1 coins" and no "2 coin", no "card(s)", no
capital "You" inside a sentence, no doubled space, both languages with the same
parameters, and every character in the bundled font.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from game.cards import LANGS
from scenes.core.i18n import FormError, fill, names, params_of, parse_forms, person, strings
from tests.ui.test_glyphs import uncovered

#: Parameters that name a seat (the viewer's own "You" included) or a list of seats.
PERSON = {"seat", "name", "names", "winners", "target", "to", "src", "dst", "a", "b", "pos"}
#: Parameters that count things ("{n} cards").
COUNT = {"n", "coins", "total", "k", "d", "size", "seen", "now", "left", "hand", "g", "won", "ta",
         "stock", "seats", "dao", "count", "amount", "held"}
#: Other numbers: ordinals, percentages, factors, ranges ("move {move}", "{p} %", "×{x}").
NUMBER = {"round", "rounds", "trick", "tricks", "turn", "move", "x", "p", "q", "lo", "hi", "max"}
#: Parameters that are words (a card, a character, a game, a reason…).
TEXT = {"card", "char", "cards", "suit", "led", "game", "trump", "kind", "next", "call", "best",
        "what", "reason", "progress", "line", "level", "file", "code", "where", "wait", "their",
        "path", "pairs", "mode", "known", "pct", "example", "other", "sign", "chinese", "stage",
        "own", "nth"}
#: Where a parameter name means something else than it usually does.
KIND_IN = {("kowah.checki_two", "a"): "text", ("kowah.checki_two", "b"): "text",
           ("mascarade_memory.tl.announce_bluff", "held"): "text", ("replay.code_char", "pos"): "count",
           ("keymap.reserved", "k"): "text", ("keymap.taken", "k"): "text",
           ("daotam_table.false_start", "s"): "number", ("phone.daotam.false_start", "s"): "number",
           ("zoom.daotam_tam_niem", "n"): "number"}

WORD = "Rama"
NAME, OTHER = "Kim", "Lan"
MARK = "\u2063"          # invisible, after a counted number: where the count was put
#: English nouns that are counted, singular → plural.
NOUNS = {"card": "cards", "coin": "coins", "trump": "trumps", "copy": "copies", "stage": "stages",
         "player": "players", "game": "games", "move": "moves", "numeral": "numerals",
         "minute": "minutes", "turn": "turns", "round": "rounds", "trick": "tricks",
         "pair": "pairs", "time": "times", "seat": "seats"}
PLURALS = set(NOUNS.values())
SINGULARS = set(NOUNS)
#: "You" then a third-person verb ("You claims", "You (Spy) looks", "You is"); a verb
#: ending in "ss" (pass, guess) is the plain form.
VERB_S = r"(?!(?:as|its|this|thus|plus|yes)\b)(is|has|was|does|goes|[a-z]*[^s\W]s)\b"
YOU_VERB = re.compile(rf"\b[Yy]ou(?: \([^)]*\))? {VERB_S}")
MANY_VERB = re.compile(rf"\b{OTHER}(?: \([^)]*\))? {VERB_S}")
#: Words ending in "s" that may follow "You" in its clause without being its verb.
CLAUSE_OK = {"fortunes"}
ONE_VERB = re.compile(rf"\b{NAME}(?: \([^)]*\))? (are|have|were|do)\b")


class Counted(int):
    """A count that leaves a mark after itself in the text, so checks look only there."""

    def __str__(self) -> str:
        return f"{int(self)}{MARK}"


def kind(key: str, param: str) -> str:
    if (key, param) in KIND_IN:
        return KIND_IN[(key, param)]
    if param in NUMBER:
        return "number"
    return "person" if param in PERSON else "count" if param in COUNT else "text"


def base_values(key: str, params: set[str]) -> dict[str, object]:
    return {p: {"person": NAME, "count": Counted(2), "number": 2, "text": WORD}[kind(key, p)]
            for p in params}


def renders(lang: str, key: str) -> Iterator[tuple[str, str]]:
    """(what was varied, text) for every variation of ``key`` in ``lang``."""
    text = strings(lang)[key]
    params = params_of(text)
    base = base_values(key, params)
    you = person(strings(lang)["seat.you"], you=True)
    yield "base", fill(text, base)
    for p in sorted(params):
        k = kind(key, p)
        if k == "count":
            variants = {"1": Counted(1), "2": Counted(2)}
        elif k == "number":
            variants = {"1": 1, "2": 2}
        elif k == "person":
            variants = {"you": you, "one": person(NAME), "many": names([NAME, OTHER]),
                        "you+one": names([you, person(OTHER)])}
        else:
            continue
        for label, value in variants.items():
            yield f"{p}={label}", fill(text, base | {p: value})


def all_keys() -> list[str]:
    return sorted(strings("en"))


def after_count(text: str, n: int) -> Iterator[list[str]]:
    """The words after each counted ``n`` up to the next punctuation, at most three."""
    for m in re.finditer(rf"(?<!\d){n}{MARK}((?: [\w’']+){{0,3}})", text):
        yield m.group(1).split()


def problems(lang: str, key: str) -> list[str]:
    out = []
    you_word = strings(lang)["seat.you"]
    for varied, raw in renders(lang, key):
        text = raw.replace(MARK, "")
        where = f"{lang}.{key} [{varied}]: {text!r}"
        if re.search(r"\{\w*|\}", text):
            out.append(f"unfilled field — {where}")
        if "  " in text or text != text.strip():
            out.append(f"stray space — {where}")
        if re.search(r"\((?:s|es|ies)\)", text):
            out.append(f"'(s)' instead of a plural — {where}")
        if re.search(rf"[^.!?:“\"\s]\s+{you_word}\b", text):
            out.append(f"capital '{you_word}' inside a sentence — {where}")
        if lang != "en":
            continue
        if m := YOU_VERB.search(text):
            out.append(f"'you {m.group(1)}' — {where}")
        if varied.endswith("=you") and (m := re.search(rf"\b[Yy]ou\b[^:.;,—!?]*?\b{VERB_S}", text)) \
                and m.group(1) not in PLURALS | CLAUSE_OK:
            out.append(f"'you … {m.group(1)}' — {where}")
        if re.search(r"\b[Yy]ou's\b", text):
            out.append(f"'you's' — {where}")
        if varied.endswith("=you") and re.search(r"^You\b[^.;]*\btheir\b", text):
            out.append(f"'You … their' — {where}")
        if varied.endswith("=many") and (m := MANY_VERB.search(text)):
            out.append(f"two names + '{m.group(1)}' — {where}")
        if varied.endswith("=one") and (m := ONE_VERB.search(text)):
            out.append(f"one name + '{m.group(1)}' — {where}")
        for words in after_count(raw, 1):
            if PLURALS & set(words) or (words and words[0].endswith("s")
                                         and not words[0].endswith("ss") and words[0] not in SINGULARS):
                out.append(f"1 + plural — {where}")
        for words in after_count(raw, 2):
            if SINGULARS & set(words) and not PLURALS & set(words):
                out.append(f"2 + singular — {where}")
    return out


# --------------------------------------------------------------- the checks
@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_reads_right_for_you_a_name_and_one_or_two(lang):
    bad = [p for key in all_keys() for p in problems(lang, key)]
    assert bad == [], "\n".join(bad)


def test_both_languages_fill_the_same_parameters():
    en, vi = strings("en"), strings("vi")
    odd = {k: (sorted(params_of(en[k])), sorted(params_of(vi[k])))
           for k in en if params_of(en[k]) != params_of(vi[k])}
    assert odd == {}


def test_every_parameter_is_known_to_be_a_person_a_count_or_a_word():
    unknown = {(lang, k, p) for lang in LANGS for k, s in strings(lang).items()
               for p in params_of(s) if p not in PERSON | COUNT | NUMBER | TEXT and (k, p) not in KIND_IN}
    assert unknown == set()


@pytest.mark.parametrize("lang", LANGS)
def test_every_rendered_sentence_has_every_glyph(lang):
    missing = {f"{key} [{varied}]": "".join(uncovered(text.replace(MARK, "")))
               for key in all_keys() for varied, text in renders(lang, key)}
    assert {k: v for k, v in missing.items() if v} == {}


def test_the_checks_catch_the_mistakes_they_name(monkeypatch):
    wrong = {"a": "{seat} claims {call}", "b": "{coins} coins from {src}", "c": "{n} card(s)",
             "d": "Game over: {winners} wins", "e": "{n} coin", "f": "{seat} (Spy) looks",
             "g": "Pass the screen to You", "h": "{name}'s turn", "i": "{name} looked at their card",
             "j": "{seat} swap (or only pretends)",
             "seat.you": "You"}
    monkeypatch.setitem(globals(), "strings", lambda lang: wrong)
    found = {key: problems("en", key) for key in wrong if key != "seat.you"}
    assert all(found.values()), found
    assert any("'you claims'" in p for p in found["a"])
    assert any("1 + plural" in p for p in found["b"])
    assert any("capital 'You'" in p for p in found["g"])
    assert any("(s)" in p for p in found["c"])
    assert any("two names" in p for p in found["d"])
    assert any("2 + singular" in p for p in found["e"])
    assert any("'you looks'" in p for p in found["f"])
    assert any("you's" in p for p in found["h"])
    assert any("You … their" in p for p in found["i"])
    assert any("'you … pretends'" in p for p in found["j"])


def test_forms_pick_the_case_of_the_value():
    s = ("{seat} {seat, select, one {claims} other {claim}} {n} {n, plural, one {coin} other {coins}}"
         " from {src, select, you {your purse} other {{src}'s purse}}")
    you = person("You", you=True)
    assert fill(s, {"seat": you, "n": 1, "src": "AI 2"}) == "You claim 1 coin from AI 2's purse"
    assert fill(s, {"seat": "AI 2", "n": 2, "src": you}) == "AI 2 claims 2 coins from your purse"
    assert fill(s, {"seat": names(["AI 1", "AI 2"]), "n": 0, "src": you}).startswith("AI 1, AI 2 claim 0 coins")
    assert fill("{n} to {seat}", {"n": 3, "seat": you}) == "3 to you"       # "you" inside a sentence
    assert params_of(s) == {"seat", "n", "src"}


def test_a_broken_form_is_refused():
    for text in ["{n, plural, one {coin}}", "{n, plural, one {coin} other {coins}", "{n, select, other coins}"]:
        with pytest.raises(FormError):
            parse_forms(text)


def test_no_swap_or_not_shorthand_and_no_rule_numbers_in_player_text():
    """ "swap or not only" was a rules-document shorthand; a player reads what they may do."""
    odd = {f"{lang}.{k}": s for lang in LANGS for k, s in strings(lang).items()
           if re.search(r"\bswaps? or not\b|or not only|§|hoặc không:", s)}
    assert odd == {}


def test_a_broken_form_in_an_i18n_file_is_refused_at_load_naming_file_entry_and_field(tmp_path, monkeypatch):
    from game.cards import DataError
    from scenes.core import i18n
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "en.yaml").write_text(
        'daotam:\n  plate: "{n} {n, plural, one {card} other {cards}"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "DATA_DIR", tmp_path)
    i18n._flat.cache_clear()
    try:
        with pytest.raises(DataError) as err:
            i18n._flat("en")
    finally:
        i18n._flat.cache_clear()
    assert "en.yaml" in str(err.value) and "daotam" in str(err.value) and "plate" in str(err.value)
