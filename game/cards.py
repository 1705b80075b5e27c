"""YAML loading with validation. Every error names the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
LANGS = ("vi", "en")


class DataError(ValueError):
    """Broken game data: says which file, which entry and which field."""

    def __init__(self, file: str | Path, entry: str, field: str, problem: str) -> None:
        self.file, self.entry, self.field, self.problem = str(file), entry, field, problem
        super().__init__(f"{Path(file).name}: entry '{entry}', field '{field}': {problem}")


def read_yaml(path: str | Path) -> dict:
    """Parse a YAML file (safe_load only) into a mapping, or raise DataError."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise DataError(path, "-", "-", f"cannot read file ({err.strerror})") from err
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "?"
        raise DataError(path, where, "-", f"not valid YAML ({getattr(err, 'problem', err)})") from err
    if not isinstance(data, dict):
        raise DataError(path, "-", "-", "top level must be a mapping")
    return data


class Reader:
    """Typed field access on one YAML entry that reports file/entry/field on failure."""

    def __init__(self, file: str | Path, entry: str, data: Any) -> None:
        self.file, self.entry = file, entry
        if not isinstance(data, dict):
            raise DataError(file, entry, "-", "must be a mapping")
        self.data = data

    def fail(self, field: str, problem: str) -> DataError:
        return DataError(self.file, self.entry, field, problem)

    def get(self, field: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if field not in self.data:
            if default is ...:
                raise self.fail(field, "is missing")
            return default
        value = self.data[field]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise self.fail(field, f"must be {names}, got {type(value).__name__} {value!r}")
        return value

    def int(self, field: str, lo: int | None = None, hi: int | None = None, default: Any = ...) -> int:
        value = self.get(field, int, default)
        if lo is not None and value < lo or hi is not None and value > hi:
            raise self.fail(field, f"must be between {lo} and {hi}, got {value}")
        return value

    def str(self, field: str, default: Any = ...) -> str:
        value = self.get(field, str, default)
        if isinstance(value, str) and not value.strip():
            raise self.fail(field, "must not be empty")
        return value

    def choice(self, field: str, allowed: tuple[str, ...] | list[str], default: Any = ...) -> str:
        value = self.get(field, str, default)
        if value not in allowed:
            raise self.fail(field, f"must be one of {', '.join(allowed)}, got {value!r}")
        return value

    def list(self, field: str, default: Any = ...) -> list:
        return self.get(field, list, default)

    def names(self, field: str = "name") -> dict[str, str]:
        """A ``{vi: …, en: …}`` mapping with both translations present."""
        value = self.get(field, dict)
        for lang in LANGS:
            text = value.get(lang)
            if not isinstance(text, str) or not text.strip():
                raise self.fail(f"{field}.{lang}", "translation is missing")
        return {lang: value[lang] for lang in LANGS}

    def sub(self, field: str, entry: str | None = None) -> Reader:
        return Reader(self.file, entry or f"{self.entry}.{field}", self.get(field, dict))
