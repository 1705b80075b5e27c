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
            raise DataError(path, prefix, "-", "must be text")

    walk("", data)
    return flat


@cache
def strings(lang: str) -> dict[str, str]:
    """Every UI string of a language, by dotted key. Raises DataError for a key that the
    other language lacks: a typo (``menu.contniue``) must not load silently."""
    flat = _flat(lang)
    for other in LANGS:
        if other != lang:
            check_keys(DATA_DIR / "i18n" / f"{lang}.yaml", flat, _flat(other), other)
    return flat


def check_keys(path: Path, flat: dict[str, str], reference: dict[str, str], other: str) -> None:
    """Refuse a key of ``flat`` that ``reference`` (language ``other``) does not have."""
    for key in flat:
        if key not in reference:
            entry, _, field = key.rpartition(".")
            raise DataError(path, entry or "(top)", field,
                            f"unknown key: {other}.yaml has no such key (both languages need the same keys)")


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
    if "{key." in text:             # "Hint ({key.common.hint})": the key bound now
        from scenes.keymap import LABELS
        params.setdefault("key", LABELS)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text
