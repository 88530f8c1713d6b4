"""A runtime check that a JSON value has the shape its declared type says (a game's view against its
TypedDict, games/<id>/view_types.py): TypedDicts (required and NotRequired keys, no undeclared key),
Literal, list[...], dict[str, ...], unions (None included), Any and the JSON scalars.

`mismatches(value, hint)` lists every place that does not fit, as "path: what is wrong"; empty: it fits.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints

__all__ = ["mismatches"]


def _is_typeddict(hint: Any) -> bool:
    return isinstance(hint, type) and typing.is_typeddict(hint)


def _unwrap(hint: Any) -> Any:
    """The type inside NotRequired[...] / Required[...] (get_type_hints keeps them with include_extras)."""
    while get_origin(hint) in (NotRequired, Required):
        hint = get_args(hint)[0]
    return hint


def mismatches(value: Any, hint: Any, path: str = "view") -> list[str]:
    """Every place in `value` that does not fit `hint` (empty: it fits)."""
    hint = _unwrap(hint)
    if hint is Any:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        found: list[str] = []
        for option in get_args(hint):
            wrong = mismatches(value, option, path)
            if not wrong:
                return []
            found = found or wrong
        return [f"{path}: {value!r:.80} fits none of {hint}"] + found[:3]
    if origin is Literal:
        # bool is an int: True must not pass for Literal[1], nor 1 for Literal[True]
        ok = any(value == option and type(value) is type(option) for option in get_args(hint))
        return [] if ok else [f"{path}: {value!r} is not one of {get_args(hint)}"]
    if _is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} is no dict"]
        hints = get_type_hints(hint, include_extras=True)
        wrong = [f"{path}.{key}: undeclared key" for key in value if key not in hints]
        for key in hint.__required_keys__:
            if key not in value:
                wrong.append(f"{path}.{key}: missing")
        for key, value_hint in hints.items():
            if key in value:
                wrong += mismatches(value[key], value_hint, f"{path}.{key}")
        return wrong
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__} is no list"]
        (item,) = get_args(hint)
        return [w for index, element in enumerate(value) for w in mismatches(element, item, f"{path}[{index}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} is no dict"]
        key_hint, value_hint = get_args(hint)
        return [w for key, element in value.items()
                for w in mismatches(key, key_hint, f"{path} key") + mismatches(element, value_hint, f"{path}[{key!r}]")]
    if hint is float:  # JSON numbers: an int is a float too (not a bool)
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{path}: {value!r} is no number"]
    if hint in (int, str):
        ok = isinstance(value, hint) and not isinstance(value, bool)
        return [] if ok else [f"{path}: {value!r} is no {hint.__name__}"]
    if hint is bool:
        return [] if isinstance(value, bool) else [f"{path}: {value!r} is no bool"]
    raise TypeError(f"{path}: the checker does not know the type {hint!r}")
