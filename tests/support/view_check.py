"""A runtime check that a JSON value has the shape its declared type says (a game's view against its
TypedDict, games/<id>/view_types.py): TypedDicts (required and NotRequired keys, no undeclared key),
Literal, list[...], dict[str, ...], unions (None included), Any and the JSON scalars.

`mismatches(value, hint)` lists every place that does not fit, as "path: what is wrong"; empty: it fits.
`typed(view, declared)` checks a plain dict view so and hands it on typed.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal, NotRequired, Required, TypeVar, Union, cast, get_args, get_origin, get_type_hints

__all__ = ["mismatches", "typed"]


def _is_typeddict(hint: Any) -> bool:
    return isinstance(hint, type) and typing.is_typeddict(hint)


@functools.cache
def _keys(declared: type) -> tuple[dict[str, Any], frozenset[str]]:
    """A TypedDict's keys with their types, and its required keys. `__required_keys__` is not trusted: under
    `from __future__ import annotations` Python 3.11 cannot see NotRequired in a string annotation."""
    hints = get_type_hints(declared, include_extras=True)
    required = set()
    for key, hint in hints.items():
        origin = get_origin(hint)
        if origin is Required or (origin is not NotRequired and getattr(declared, "__total__", True)):
            required.add(key)
    return {key: _unwrap(hint) for key, hint in hints.items()}, frozenset(required)


def _unwrap(hint: Any) -> Any:
    """The type inside NotRequired[...] / Required[...] (get_type_hints keeps them with include_extras)."""
    while get_origin(hint) in (NotRequired, Required):
        hint = get_args(hint)[0]
    return hint


def mismatches(value: Any, hint: Any, path: str = "view") -> list[str]:
    """Every place in `value` that does not fit `hint` (empty: it fits)."""
    try:
        if _fits(hint)(value):
            return []
    except TypeError:  # a type the checker does not know: `_places` names where
        pass
    return _places(value, hint, path)


@functools.cache
def _fits(hint: Any) -> Callable[[Any], bool]:
    """Whether a value fits `hint`, as a function made once per hint: the same answer as `_places` gives (no
    place: it fits), without naming places. Most values fit, so they are checked this way first; only a
    value that does not fit is walked again to name its places (a Junta game's views are checked by the
    thousand)."""
    hint = _unwrap(hint)
    if hint is Any:
        return lambda value: True
    if hint is None or hint is type(None):
        return lambda value: value is None
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = tuple(_fits(option) for option in get_args(hint))
        return lambda value: any(fits(value) for fits in options)
    if origin is Literal:
        literals = get_args(hint)
        return lambda value: any(value == option and type(value) is type(option) for option in literals)
    if _is_typeddict(hint):
        hints, required = _keys(hint)
        checks = {key: _fits(value_hint) for key, value_hint in hints.items()}

        def fits_dict(value: Any) -> bool:
            if not isinstance(value, dict) or not required <= value.keys():
                return False
            for key, element in value.items():
                check = checks.get(key)
                if check is None or not check(element):
                    return False
            return True

        return fits_dict
    if origin is list:
        (item,) = get_args(hint)
        fits_item = _fits(item)
        return lambda value: isinstance(value, list) and all(fits_item(element) for element in value)
    if origin is dict:
        key_hint, value_hint = get_args(hint)
        if key_hint is str and value_hint is Any:
            return lambda value: isinstance(value, dict) and all(type(key) is str for key in value)
        fits_key, fits_value = _fits(key_hint), _fits(value_hint)
        return lambda value: isinstance(value, dict) and all(fits_key(k) and fits_value(v) for k, v in value.items())
    if hint is float:
        return lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint in (int, str):
        return lambda value: isinstance(value, hint) and not isinstance(value, bool)
    if hint is bool:
        return lambda value: isinstance(value, bool)
    raise TypeError(f"the checker does not know the type {hint!r}")


def _places(value: Any, hint: Any, path: str) -> list[str]:
    """Every place in `value` that does not fit `hint`, each as "path: what is wrong"."""
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
        hints, required = _keys(hint)
        wrong = [f"{path}.{key}: undeclared key" for key in value if key not in hints]
        for key in required:
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
        if key_hint is str and value_hint is Any:  # a log event: any JSON under string keys (the quick path)
            return [] if all(type(key) is str for key in value) else [f"{path}: a key is no string"]
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


V = TypeVar("V")


def typed(view: Mapping[str, Any], declared: Callable[..., V]) -> V:
    """A view built as a plain dict (the renderers' samples, a test's own), checked against its game's declared
    type (`declared`: the TypedDict) and returned as that type."""
    wrong = mismatches(view, declared)
    assert not wrong, "\n".join(wrong[:10])
    return cast(V, view)
