"""UI strings in Vietnamese and English from data/i18n/*.yaml.

A string names its parameters in braces: ``"{seat} swaps"``. Where the words depend on a
parameter — a count ("1 coin", "2 coins") or a person ("AI 2 claims", "You claim") — the
string says so with one ICU-like form, ``{param, plural, case {text} … other {text}}``
(``select`` is the same word), and ``t`` keeps the text of the first case the value has:

* a number: ``one`` when it is 1, then ``other``;
* a person (a seat name from :func:`person`, a list from :func:`names`): ``you`` for the
  viewer addressed as "You", then ``other`` (English "you" agrees like a plural: "You
  claim"); a single other name is ``one`` then ``other``; several names only ``other``;
* any other text: ``one`` then ``other``.

``other`` is required. Vietnamese needs no plural forms and rarely uses the form at all.
A "You" placed inside a sentence (not at its start, nor after ``.!?:``) is written with a
small letter: "2 coins from AI 1 to you", "Đến lượt bạn".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

from game import registry
from game.cards import DATA_DIR, LANGS, DataError, read_yaml

_lang = "vi"


@cache
def _flat(lang: str) -> dict[str, str]:
    return _read(DATA_DIR / "i18n" / f"{lang}.yaml")


def _read(path: Path) -> dict[str, str]:
    """One strings file, flattened to dotted keys, every value's forms checked."""
    data = read_yaml(path)
    flat: dict[str, str] = {}

    def walk(prefix: str, node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(f"{prefix}.{k}" if prefix else str(k), v)
        elif isinstance(node, str):
            try:
                parse_forms(node)
            except FormError as err:
                entry, _, field = prefix.rpartition(".")
                raise DataError(path, entry or "(top)", field, str(err)) from None
            flat[prefix] = node
        else:
            entry, _, field = prefix.rpartition(".")
            raise DataError(path, entry or "(top)", field or "-",
                            f"must be text, got {type(node).__name__} {node!r}"[:200])

    walk("", data)
    return flat


def strings(lang: str) -> dict[str, str]:
    """Every UI string of a language, by dotted key: data/i18n/<lang>.yaml and the strings
    each registered game brings in its own data folder (``i18n/<game>.<lang>.yaml``, see
    GameInfo.strings_path). Raises DataError for a key that one language has and the other
    lacks, naming the file to fix (see :func:`check_keys`), or for a game's key that
    another file already defines."""
    games = registry.GAMES
    seen = (lang, id(games), len(games), registry.VERSION[0])
    if _last[0] != seen:                # (t() asks this for every string: keep it cheap)
        _last[:] = [seen, _strings(lang, tuple((g.name, g.data) for g in games.values()))]
    return _last[1]


_last: list = [None, None]      # (lang, registry seen, its strings): the last answer


@cache
def _strings(lang: str, games: tuple[tuple[str, str], ...]) -> dict[str, str]:
    from game.registry import info
    flat = _flat(lang)
    check_keys({other: (DATA_DIR / "i18n" / f"{other}.yaml", _flat(other)) for other in LANGS})
    own = {}
    for name, _ in games:
        paths = {other: info(name).strings_path(other) for other in LANGS}
        if not any(p.exists() for p in paths.values()):
            continue
        files = {other: (p, _read(p) if p.exists() else {}) for other, p in paths.items()}
        check_keys(files)
        path, theirs = files[lang]
        for key in theirs:
            if key in flat or key in own:
                entry, _, field = key.rpartition(".")
                raise DataError(path, entry or "(top)", field,
                                "is already defined by another strings file; a game's own "
                                "strings add keys")
        own.update(theirs)
    return {**flat, **own} if own else flat


def _clear() -> None:
    _flat.cache_clear()
    _strings.cache_clear()
    _last[:] = [None, None]


strings.cache_clear = _clear      # type: ignore[attr-defined]


def check_keys(files: dict[str, tuple[Path, dict[str, str]]]) -> None:
    """Both languages need the same keys. For a key only one file has, blame the file to
    edit: the one that has it, when it is a misspelling of a key of the same entry both
    files have (``menu.qiut`` beside ``menu.quit``) or of a key only the other has (a
    rename; the English file is the reference then); else the one that lacks it (a key
    deleted from en.yaml is reported against en.yaml, not against vi.yaml)."""
    langs = sorted(files, key=lambda lg: lg == "en")      # the reference language last
    keys = {lg: set(files[lg][1]) for lg in langs}
    for lang in langs:
        path, flat = files[lang]
        for other in langs:
            if other == lang:
                continue
            shared = keys[lang] & keys[other]
            theirs = keys[other] - keys[lang]
            for key in flat:
                if key in keys[other]:
                    continue
                entry, _, field = key.rpartition(".")
                near = _near(key, shared) or (_near(key, theirs) if lang != "en" else None)
                if near is not None:
                    raise DataError(path, entry or "(top)", field,
                                    f"unknown key (did you mean '{near.rpartition('.')[2]}'? "
                                    f"{other}.yaml has that one; both languages need the same keys)")
                if lang == "en" and _near(key, theirs) is not None:
                    continue                     # a rename: reported against the other file
                raise DataError(files[other][0], entry or "(top)", field,
                                f"is missing ({lang}.yaml has it; both languages need the same keys)")


def _near(key: str, candidates: set[str]) -> str | None:
    """A key of the same entry whose last part is a near spelling of ``key``'s."""
    import difflib
    entry, _, field = key.rpartition(".")
    fields = {c.rpartition(".")[2]: c for c in candidates if c.rpartition(".")[0] == entry}
    close = difflib.get_close_matches(field, sorted(fields), 1, 0.75)
    return fields[close[0]] if close else None


def set_lang(lang: str) -> None:
    global _lang
    if lang not in LANGS:
        raise ValueError(f"language must be one of {LANGS}")
    _lang = lang


def lang() -> str:
    return _lang


class Person(str):
    """A seat's name as sentences use it; ``you`` when it is the viewer ("You", "Bạn")."""

    you: bool = False
    many: bool = False
    you_first: bool = False     # a list that starts with "You"


def person(text: str, you: bool = False) -> Person:
    """A name for a ``{seat}``-like parameter; ``you=True`` for the viewer's own "You"."""
    p = Person(text)
    p.you = you
    return p


def names(items: Iterable[str]) -> Person:
    """Several names joined with commas, as one subject ("You, AI 2 win"; "AI 2 wins")."""
    items = list(items)
    if len(items) == 1:
        return items[0] if isinstance(items[0], Person) else person(items[0])
    p = Person(", ".join([items[0], *(_small(s) if _is_you(s) else s for s in items[1:])]))
    p.many = True
    p.you_first = bool(items) and _is_you(items[0])
    return p


def _is_you(name: object) -> bool:
    return isinstance(name, Person) and name.you


def _small(text: str) -> str:
    return text[:1].lower() + text[1:]


def cases(value: object) -> tuple[str, ...]:
    """The cases a value matches, most specific first (see the module docstring)."""
    if isinstance(value, Person):
        if value.you:
            return ("you", "other")
        return ("other",) if value.many else ("one", "other")
    if isinstance(value, bool):
        return ("other",)
    if isinstance(value, int | float):
        return ("one", "other") if value == 1 else ("other",)
    return ("one", "other")


_SELECT = re.compile(r"\{(\w+),\s*(?:plural|select),\s*")
_CASE = re.compile(r"\s*(\w+)\s*\{")
_FIELD = re.compile(r"\{(\w+)\}")
#: ``{key.<game>.buzz1}``: the label of the key bound now to a binding (scenes.core.keymap).
_KEY_FIELD = re.compile(r"\{key\.(\w+)\.(\w+)\}")
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+|[“\"]|\n)$")


class FormError(ValueError):
    """A ``{param, plural, …}`` form that does not parse."""


def _closing(text: str, start: int) -> int:
    """The index of the ``}`` that closes the brace opened just before ``start``."""
    depth = 1
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise FormError(f"unclosed brace in {text!r}")


def parse_forms(text: str) -> tuple[tuple[int, int, str, dict[str, str]], ...]:
    """Every top-level form of ``text``: (start, end, param, {case: text}); parsed once per
    string (t() fills the same strings every frame)."""
    return _parse_forms(text) if "," in text else ()


@lru_cache(maxsize=4096)
def _parse_forms(text: str) -> tuple[tuple[int, int, str, dict[str, str]], ...]:
    """Every top-level form of ``text``: (start, end, param, {case: text})."""
    out = []
    pos = 0
    while (m := _SELECT.search(text, pos)) is not None:
        i, found = m.end(), {}
        while True:
            c = _CASE.match(text, i)
            if c is None:
                break
            end = _closing(text, c.end())
            found[c.group(1)] = text[c.end():end]
            i = end + 1
        rest = re.compile(r"\s*\}").match(text, i)
        if rest is None or "other" not in found:
            raise FormError(f"{{{m.group(1)}, plural, …}} needs cases and an 'other' in {text!r}")
        out.append((m.start(), rest.end(), m.group(1), found))
        pos = rest.end()
    return tuple(out)


def params_of(text: str) -> set[str]:
    """Every parameter a string uses, in its plain fields and its forms' cases."""
    found = set()
    for _, _, param, branches in parse_forms(text):
        found.add(param)
        for branch in branches.values():
            found |= params_of(branch)
    outside = text
    for start, end, _, _ in reversed(parse_forms(text)):
        outside = outside[:start] + outside[end:]
    return found | set(_FIELD.findall(outside))


def choose(text: str, params: dict[str, object]) -> str:
    """``text`` with each form replaced by the case its parameter's value takes (recursively);
    a form whose parameter is not given keeps its ``other`` text."""
    for start, end, param, branches in reversed(parse_forms(text)):
        kinds = cases(params[param]) if param in params else ("other",)
        branch = next(branches[k] for k in kinds if k in branches)
        text = text[:start] + choose(branch, params) + text[end:]
    return text


def fill(text: str, params: dict[str, object]) -> str:
    """Forms chosen, then ``{param}`` fields filled; an unknown field stays as it is."""
    text = choose(text, params)

    def put(m: re.Match) -> str:
        if m.group(1) not in params:
            return m.group()
        value = params[m.group(1)]
        s = str(value)
        if (isinstance(value, Person) and (value.you or value.you_first)
                and not _SENTENCE_START.search(text[:m.start()])):
            s = _small(s)
        return s

    return _FIELD.sub(put, _keys_filled(text))


def _keys_filled(text: str) -> str:
    """``{key.group.name}`` fields replaced by the labels of the keys bound now."""
    if "{key." not in text:
        return text
    from scenes.core.keymap import label_now
    return _KEY_FIELD.sub(lambda m: label_now(f"{m.group(1)}.{m.group(2)}"), text)


def t(key: str, **params: object) -> str:
    """The string for ``key`` in the current language, with its forms and fields filled in."""
    table = strings(_lang)
    text = table.get(key)
    if text is None:
        text = strings("en").get(key, key)
    try:
        return fill(text, params)
    except FormError:
        return text
