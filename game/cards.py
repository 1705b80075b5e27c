"""YAML loading with validation. Every error names the file, the entry and the field."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from game import paths
from game.storage import NotARegularFile, TooBig, read_regular

#: The data folder; ``CARDTABLE_DATA`` points elsewhere (a modded or broken copy, in tests).
DATA_DIR = Path(os.environ.get("CARDTABLE_DATA") or paths.DATA)
LANGS = ("vi", "en")
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DataError(ValueError):
    """Broken game data: says which file, which entry and which field."""

    def __init__(self, file: str | Path, entry: str, field: str, problem: str) -> None:
        self.file, self.entry, self.field, self.problem = str(file), entry, field, problem
        super().__init__(f"{Path(file).name}: entry '{entry}', field '{field}': {problem}")


#: A data file is tens of kilobytes; past this it is not one, and is not read.
MAX_YAML_BYTES = 2 * 1024 * 1024
#: Values a file may hold once its aliases are expanded. The largest shipped file holds a
#: few thousand; an alias bomb (``b: [*a, *a, …]`` nine levels deep) a billion, which would
#: hang whoever walks it (the i18n flattening did).
MAX_YAML_VALUES = 200_000


def read_yaml(path: str | Path) -> dict:
    """Parse a YAML file into a mapping, or raise DataError. The one way the project
    reads YAML (a test holds every other module to it): safe tags only, a regular file of
    at most :data:`MAX_YAML_BYTES`, no alias that refers to itself, at most
    :data:`MAX_YAML_VALUES` values once aliases are expanded, nesting Python can walk."""
    path = Path(path)
    try:
        raw = read_regular(path, MAX_YAML_BYTES)
    except NotARegularFile as err:
        raise DataError(path, "-", "-", "not a regular file (a folder, pipe or device)") from err
    except TooBig as err:
        raise DataError(path, "-", "-", f"larger than {MAX_YAML_BYTES} bytes: not a data file") from err
    except OSError as err:
        raise DataError(path, "-", "-", f"cannot read file ({err.strerror})") from err
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise _not_utf8(path, raw, err) from None
    loader = _SAFE_LOADER(text)       # safe_load, in C when libyaml is there
    try:
        node = loader.get_single_node()
        if node is not None:
            _check_size(path, node)
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "?"
        raise DataError(path, where, "-", f"not valid YAML ({getattr(err, 'problem', err)})") from err
    except RecursionError:
        raise DataError(path, "-", "-", "nested too deeply to be a data file") from None
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        raise DataError(path, "-", "-", "top level must be a mapping")
    return data


def _check_size(path: Path, root: yaml.Node) -> None:
    """Refuse a node graph whose aliases expand past :data:`MAX_YAML_VALUES` values, or
    that contains itself. Each node is counted once (memo by identity), so this is linear
    in the file however many times its aliases are used."""
    sizes: dict[int, int] = {}
    busy: set[int] = set()

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in busy:
            raise DataError(path, f"line {node.start_mark.line + 1}", "-",
                            "an alias refers to the value that contains it")
        busy.add(key)
        total = 1
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                total += size(k) + size(v)
                if total > MAX_YAML_VALUES:
                    break
        elif isinstance(node, yaml.SequenceNode):
            for v in node.value:
                total += size(v)
                if total > MAX_YAML_VALUES:
                    break
        busy.discard(key)
        sizes[key] = total
        if total > MAX_YAML_VALUES:
            raise DataError(path, f"line {node.start_mark.line + 1}", "-",
                            f"its aliases expand to more than {MAX_YAML_VALUES} values "
                            f"(an alias bomb?)")
        return total

    size(root)


def _not_utf8(path: Path, raw: bytes, err: UnicodeDecodeError) -> DataError:
    """Name the entry and field holding the first byte that is not UTF-8: the file is
    parsed with that byte replaced, and the YAML node around it is looked up."""
    line = raw.count(b"\n", 0, err.start) + 1
    problem = f"byte 0x{raw[err.start]:02x} on line {line} is not UTF-8 text (save the file as UTF-8)"
    index = len(raw[:err.start].decode("utf-8"))
    try:
        root = yaml.compose(raw.decode("utf-8", errors="replace"))
    except yaml.YAMLError:
        root = None
    path_parts = _node_path(root, index) if root is not None else []
    return DataError(path, *_entry_and_field(path_parts, line), problem)


def _node_path(node: yaml.Node, index: int) -> list[str | int]:
    """Keys and list positions leading to the scalar that spans character ``index``."""
    parts: list[str | int] = []
    while True:
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if k.start_mark.index <= index < max(v.end_mark.index, k.end_mark.index):
                    parts.append(str(k.value) if isinstance(k, yaml.ScalarNode) else "?")
                    node = v if index >= v.start_mark.index else k
                    break
            else:
                return parts
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                if v.start_mark.index <= index < v.end_mark.index:
                    parts.append(i)
                    node = v
                    break
            else:
                return parts
        else:
            return parts


def _entry_and_field(parts: list[str | int], line: int) -> tuple[str, str]:
    """``["suits", 2, "name", "vi"]`` → ``("suits[2]", "name.vi")``, the way the loaders
    name entries (the last list item) and fields (the keys inside it)."""
    if not parts:
        return f"line {line}", "-"
    last = max((i for i, p in enumerate(parts) if isinstance(p, int)), default=-1)
    if last < 0:
        entry_parts, field_parts = parts[:-1], parts[-1:]
    else:
        entry_parts, field_parts = parts[:last + 1], parts[last + 1:]
    entry = ""
    for p in entry_parts:
        entry += f"[{p}]" if isinstance(p, int) else (f".{p}" if entry else str(p))
    return entry or "(top)", ".".join(str(p) for p in field_parts) or "-"


class Reader:
    """Typed field access on one YAML entry that reports file/entry/field on failure."""

    def __init__(self, file: str | Path, entry: str, data: Any) -> None:
        self.file, self.entry = file, entry
        if not isinstance(data, dict):
            raise DataError(file, entry, "-", "must be a mapping")
        self.data = data
        self.read: set[str] = set()      # fields asked for, present or not

    def done(self) -> None:
        """Refuse fields nobody asked for: a typo (``vaule:``) must not load silently.
        Call it once every field of the entry has been read."""
        unknown = [str(k) for k in self.data if str(k) not in self.read]
        if unknown:
            import difflib
            close = difflib.get_close_matches(unknown[0], sorted(self.read), 1)
            hint = f" (did you mean '{close[0]}'?)" if close else \
                f" (known: {', '.join(sorted(self.read))})" if self.read else ""
            raise self.fail(unknown[0], f"unknown field{hint}")

    def fail(self, field: str, problem: str) -> DataError:
        return DataError(self.file, self.entry, field, problem)

    def get(self, field: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        self.read.add(field)
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
        for lang in value:
            if lang not in LANGS:
                raise self.fail(f"{field}.{lang}", f"unknown language (use {', '.join(LANGS)})")
        for lang in LANGS:
            text = value.get(lang)
            if not isinstance(text, str) or not text.strip():
                raise self.fail(f"{field}.{lang}", "translation is missing")
        return {lang: value[lang] for lang in LANGS}

    def sub(self, field: str, entry: str | None = None) -> Reader:
        return Reader(self.file, entry or f"{self.entry}.{field}", self.get(field, dict))
