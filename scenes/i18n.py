"""UI strings in Vietnamese and English from data/i18n/*.yaml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from game.cards import DATA_DIR, LANGS, DataError, read_yaml

_lang = "vi"


@cache
def _flat(lang: str) -> dict[str, str]:
    path = DATA_DIR / "i18n" / f"{lang}.yaml"
    data = read_yaml(path)
    flat: dict[str, str] = {}

    def walk(prefix: str, node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(f"{prefix}.{k}" if prefix else str(k), v)
        elif isinstance(node, str):
            flat[prefix] = node
        else:
            entry, _, field = prefix.rpartition(".")
            raise DataError(path, entry or "(top)", field or "-",
                            f"must be text, got {type(node).__name__} {node!r}"[:200])

    walk("", data)
    return flat


@cache
def strings(lang: str) -> dict[str, str]:
    """Every UI string of a language, by dotted key. Raises DataError for a key that one
    language has and the other lacks, naming the file to fix (see :func:`check_keys`)."""
    flat = _flat(lang)
    check_keys({other: (DATA_DIR / "i18n" / f"{other}.yaml", _flat(other)) for other in LANGS})
    return flat


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


def t(key: str, **params: object) -> str:
    """The string for ``key`` in the current language, with ``{name}`` filled in."""
    table = strings(_lang)
    text = table.get(key)
    if text is None:
        text = strings("en").get(key, key)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text
