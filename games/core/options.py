"""Checking a game's options against its schema (`options_schema`, games.core.protocol.OptionSpec)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.messages import msg
from games.core.protocol import IllegalAction, OptionSpec


def check_options(schema: Sequence[OptionSpec], options: dict[str, Any]) -> dict[str, Any]:
    """The options with defaults filled in; IllegalAction for an unknown option or a bad value."""
    known = {spec.name: spec for spec in schema}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise IllegalAction(
            "core.option_unknown",
            f"Unknown option: {', '.join(unknown)}. The options are: {', '.join(known) or 'none'}.",
            option=", ".join(unknown), known=", ".join(known),
        )
    merged = {spec.name: spec.default for spec in schema}
    merged.update(options)
    for spec in schema:
        value = merged[spec.name]
        if value is None and spec.default is None:
            continue  # an option left unset, for the game to decide (e.g. drawn at set-up)
        if spec.kind == "int":
            low, high = spec.minimum, spec.maximum
            if (
                isinstance(value, bool) or not isinstance(value, int)
                or (low is not None and value < low) or (high is not None and value > high)
            ):
                raise IllegalAction(
                    "core.option_range",
                    f"The option {spec.name} must be a whole number from {low} to {high}.",
                    option=msg(spec.label), low=low, high=high,
                )
        elif spec.kind == "bool":
            if not isinstance(value, bool):
                raise IllegalAction(
                    "core.option_bool", f"The option {spec.name} must be true or false.", option=msg(spec.label)
                )
        elif spec.kind == "choice":
            if value not in spec.choices:
                raise IllegalAction(
                    "core.option_choice",
                    f"The option {spec.name} must be one of {', '.join(spec.choices)}.",
                    option=msg(spec.label), choices=", ".join(spec.choices),
                )
        elif spec.kind == "data":
            if spec.check is None:
                raise ValueError(f"the data option {spec.name!r} has no check")
            spec.check(value)
        else:
            raise ValueError(f"unknown option kind {spec.kind!r}")
    return merged
