"""The rule options a game's YAML declares, as the setup screen shows them.

One entry per option lives in the ``options:`` section of ``data/<game>.yaml``: ``default``
and ``values`` are what the engine validates against (its deck reader reads them); an
entry that also has a ``label`` is offered on the setup screen:

    void_rule: {default: choice, values: [choice, strict],
                label: setup.void_rule, choice_label: "setup.void.{value}"}

``label`` and ``choice_label`` are i18n keys (``{value}`` is the choice; true/false for a
flag). ``suggest`` names a fresh default the setup screen computes (e.g. ``time_of_day``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.cards import Reader, read_yaml

SETUP_FIELDS = ("label", "choice_label", "suggest")


def clock_time_of_day() -> str:
    """A ``time`` option's suggestion from the clock (a trick game's rule 5): 06:00–17:59 is day."""
    return "day" if 6 <= time.localtime().tm_hour < 18 else "night"


#: The names ``suggest:`` may use, and what each computes (a fresh value every deal).
SUGGESTIONS: dict[str, Callable[[], Any]] = {"time_of_day": clock_time_of_day}


@dataclass(frozen=True)
class OptionSpec:
    key: str
    default: Any
    values: tuple[Any, ...]     # the choices, in the order the setup row steps through them
    label: str                  # i18n key of the row
    choice_label: str           # i18n key of one choice, with "{value}" in it
    suggest: str = ""           # a named fresh default (the setup screen knows the names)

    def choice_key(self, value: Any) -> str:
        word = str(value).lower() if isinstance(value, bool) else str(value)
        return self.choice_label.replace("{value}", word)


def accept_setup_fields(reader: Reader) -> None:
    """Let an engine's strict option reader pass over the setup screen's fields, checked
    (so a broken one stops the launch, which loads every deck, with its file and entry)."""
    for name in SETUP_FIELDS:
        if name in reader.data:
            reader.str(name)
        reader.read.add(name)
    if "label" in reader.data and "choice_label" not in reader.data:
        raise reader.fail("choice_label", "is missing (an option with a label needs it)")
    if "suggest" in reader.data and reader.data["suggest"] not in SUGGESTIONS:
        raise reader.fail("suggest", f"must be one of {', '.join(SUGGESTIONS)}")


def setup_specs(path: str | Path) -> tuple[OptionSpec, ...]:
    """The options of a game's YAML that the setup screen offers (those with a label)."""
    data = read_yaml(path)
    section = data.get("options") if isinstance(data, dict) else None
    out: list[OptionSpec] = []
    for key, raw in (section or {}).items():
        r = Reader(path, f"options.{key}", raw)
        if "label" not in r.data:
            continue
        label = r.str("label")
        values = tuple(r.list("values"))
        default = r.get("default", object)
        if default not in values:
            raise r.fail("default", f"must be one of the values {list(values)}, got {default!r}")
        out.append(OptionSpec(str(key), default, values, label, r.str("choice_label"),
                              r.str("suggest") if "suggest" in r.data else ""))
    return tuple(out)
