"""The only option, "first": who takes the first turn, set by the bot or drawn at set-up."""

from __future__ import annotations

import pytest

from games.core.messages import msg
from games.core.protocol import IllegalAction
from games.core.rng import ScriptedRng, SeededRng
from games.polls import GAME


def test_schema_has_first_unset_by_default_and_not_public() -> None:
    """The option "first" is a whole number 0-1, None by default (drawn), set by the bot, not offered."""
    (spec,) = GAME.options_schema
    assert (spec.name, spec.kind, spec.default, spec.minimum, spec.maximum) == ("first", "int", None, 0, 1)
    assert spec.public is False
    assert spec.label == "polls.option.first"


@pytest.mark.parametrize("first", [0, 1])
def test_first_zero_or_one_is_accepted(first: int) -> None:
    """first=0 or 1 fixes who moves first, without touching the rng."""
    rng = ScriptedRng()
    state = GAME.setup(2, {"first": first}, rng)
    assert (state["first"], state["current"]) == (first, first)
    assert GAME.to_act(state) == {first}


@pytest.mark.parametrize("first", [2, -1, "x", "0", 0.5, True])
def test_other_values_of_first_are_refused(first: object) -> None:
    """Anything but 0 or 1 (2, "x", a yes/no...) is refused with core.option_range."""
    with pytest.raises(IllegalAction) as caught:
        GAME.setup(2, {"first": first}, ScriptedRng([0]))
    assert caught.value.message_id == "core.option_range"
    assert caught.value.params == {"option": msg("polls.option.first"), "low": 0, "high": 1}


@pytest.mark.parametrize("options", [{}, {"first": None}])
@pytest.mark.parametrize("drawn", [0, 1])
def test_unset_first_is_drawn_from_the_rng(options: dict, drawn: int) -> None:
    """With "first" unset (or None) the rng draws the first player."""
    rng = ScriptedRng([drawn])
    state = GAME.setup(2, options, rng)
    assert rng.remaining == []
    assert (state["first"], state["current"]) == (drawn, drawn)


def test_drawn_first_player_can_be_either_seat() -> None:
    """Over seeds, both seats are drawn to move first."""
    assert {GAME.setup(2, {}, SeededRng(seed, 0))["first"] for seed in range(40)} == {0, 1}
