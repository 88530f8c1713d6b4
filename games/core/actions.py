"""One guard for every engine's `apply`: the seat and the shape of the action, before any rule.

Each game declares its action vocabulary once, as data, next to its engine (`games/<game>/actions.py`):
the action types it knows and, for each, the JSON type of every field. `check_action` judges a seat
and an action against it, so that an engine's rules only ever see well-formed input: a seat that is
`None` or an `int` (never a `bool`) of the table, a dict whose `type` the game declares, and fields
of their declared types, with no NaN or infinity and no list where an id belongs. What the rules
then forbid (a wrong phase, a space that is taken) stays the engine's own refusal.

A field's type is written as data:

    "int"       a whole number (not true/false), at most 2**53 in size (JSON's safe integers)
    "number"    a whole or decimal number, finite (not NaN or infinity), not true/false
    "bool"      true or false
    "str"       a word (at most 200 characters)
    "null"      null (JSON's null, Python's None)
    "int|str"   either (any of the above joined by "|")
    ["str"]     a list (at most 100 items) whose items are of the type inside
    {"unit": "str", "to?": "str"}   an object with these fields; a name ending in "?" may be left out;
                                    fields not named are ignored
    {"*": "int"}  an object with any names, each value of that type

Every action may carry `"at"`, the time stamp the table puts on it: a number (or null: no time).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Union

from games.core.messages import MessageFamily, msg
from games.core.protocol import Action, IllegalAction

FieldType = Union[str, list["FieldType"], dict[str, "FieldType"]]  # noqa: UP007 - a recursive alias
ActionFields = Mapping[str, FieldType]

SAFE_INTEGER = 2**53
LONGEST_WORD = 200
LONGEST_LIST = 100
SCALARS = ("int", "number", "bool", "str", "null")
# What a field should be, worded for the reader of a refusal.
EXPECTED = MessageFamily("core.expected", (*SCALARS, "list", "object"))


@dataclass(frozen=True)
class ActionVocabulary:
    """The action types of one game and the fields of each: `{"step": {"dir": "str"}, "roll": {}}`."""

    game: str
    types: Mapping[str, ActionFields]

    def __post_init__(self) -> None:
        for kind, fields in self.types.items():
            for name, field_type in fields.items():
                _check_declaration(field_type, f"{self.game}.{kind}.{name}")

    def __contains__(self, kind: object) -> bool:
        return kind in self.types


def _check_declaration(field_type: FieldType, where: str) -> None:
    """A declaration is checked once, when the game is imported: a typo fails at once, not in play."""
    if isinstance(field_type, str):
        unknown = [part for part in field_type.split("|") if part not in SCALARS]
        if unknown:
            raise ValueError(f"{where}: unknown field type {unknown[0]!r}")
    elif isinstance(field_type, list):
        if len(field_type) != 1:
            raise ValueError(f"{where}: a list type names one item type")
        _check_declaration(field_type[0], f"{where}[]")
    elif isinstance(field_type, dict):
        for name, inner in field_type.items():
            _check_declaration(inner, f"{where}.{name}")
    else:
        raise ValueError(f"{where}: a field type is a word, a list or a dict")


def is_table_seat(seat: object, n_seats: int) -> bool:
    """A seat of a table of `n_seats`: an int from 0 to n - 1 (true and false are not seats)."""
    return type(seat) is int and 0 <= seat < n_seats


def check_seat(seat: object, n_seats: int) -> None:
    """`None` (the game master) or a seat of the table; anything else is refused."""
    if seat is not None and not is_table_seat(seat, n_seats):
        raise IllegalAction("core.not_a_seat", "Only a player at this table can do that.")


def check_action(vocabulary: ActionVocabulary, n_seats: int, seat: object, action: object) -> Action:
    """The action, once its seat and shape are those the game declares; else `IllegalAction`."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("core.not_an_action", 'That is not an action: send an object with a "type".')
    kind = action["type"]
    fields = vocabulary.types.get(kind)
    if fields is None:
        shown = kind if len(kind) <= 40 else kind[:40] + "…"
        raise IllegalAction("core.no_such_action", f'This game has no action called "{shown}".', action=shown)
    check_seat(seat, n_seats)
    if action.get("at") is not None and not _fits(action["at"], "number"):
        raise IllegalAction("core.bad_time", "The action's time stamp is not a number.")
    for name, field_type in fields.items():
        _check_field(action, name, field_type, name)
    return action


def _check_field(container: Mapping[str, Any], name: str, field_type: FieldType, path: str) -> None:
    optional = name.endswith("?")
    key = name[:-1] if optional else name
    if optional:
        path = path[:-1]
    if key not in container:
        if optional:
            return
        raise IllegalAction("core.missing_field", f'The action lacks its field "{path}".', field=path)
    _check_value(container[key], field_type, path)


def _check_value(value: Any, field_type: FieldType, path: str) -> None:
    if isinstance(field_type, str):
        if not any(_fits(value, part) for part in field_type.split("|")):
            _refuse(path, field_type.split("|")[0])
    elif isinstance(field_type, list):
        if not isinstance(value, list) or len(value) > LONGEST_LIST:
            _refuse(path, "list")
        for index, item in enumerate(value):
            _check_value(item, field_type[0], f"{path}[{index}]")
    else:
        if not isinstance(value, dict):
            _refuse(path, "object")
        if "*" in field_type:
            if len(value) > LONGEST_LIST:
                _refuse(path, "object")
            for key, item in value.items():
                if not isinstance(key, str) and type(key) is not int:  # Python callers may key by seat
                    _refuse(path, "object")
                _check_value(item, field_type["*"], f"{path}.{key}")
        else:
            for name, inner in field_type.items():
                _check_field(value, name, inner, f"{path}.{name}")


def _fits(value: Any, scalar: str) -> bool:
    if scalar == "int":
        return type(value) is int and -SAFE_INTEGER <= value <= SAFE_INTEGER
    if scalar == "number":
        if type(value) is int:
            return -SAFE_INTEGER <= value <= SAFE_INTEGER
        return type(value) is float and math.isfinite(value)
    if scalar == "bool":
        return type(value) is bool
    if scalar == "str":
        return type(value) is str and len(value) <= LONGEST_WORD
    return value is None  # "null"


def _refuse(path: str, expected: str) -> None:
    raise IllegalAction("core.bad_field", f'The action\'s field "{path}" should be {_ENGLISH[expected]}.',
                        field=path, expected=msg(EXPECTED[expected]))


_ENGLISH = {
    "int": "a whole number", "number": "a number", "bool": "true or false", "str": "a word", "null": "empty",
    "list": "a list", "object": "an object with named fields",
}
