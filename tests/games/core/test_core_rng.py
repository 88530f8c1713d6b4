"""SeededRng (replayable play) and ScriptedRng (tests) from games/core/rng.py."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, ScriptedRng, SeededRng


def draws(rng: SeededRng) -> list:
    return [
        rng.die(6),
        rng.randint(0, 10**9),
        rng.shuffle(list(range(20))),
        rng.choice("abcdefghijklmnopqrstuvwxyz"),
        [rng.die(20) for _ in range(10)],
    ]


def test_seeded_same_seed_and_step_same_draws():
    """The same (seed, step) gives exactly the same sequence of draws."""
    assert draws(SeededRng(12345, 7)) == draws(SeededRng(12345, 7))
    assert draws(SeededRng("table-9", 0)) == draws(SeededRng("table-9", 0))


def test_seeded_different_step_different_draws():
    """Another step of the same seed gives other draws."""
    assert draws(SeededRng(12345, 7)) != draws(SeededRng(12345, 8))


def test_seeded_different_seed_different_draws():
    """Another seed at the same step gives other draws."""
    assert draws(SeededRng(1, 3)) != draws(SeededRng(2, 3))


def test_seeded_die_and_randint_stay_in_range_and_reach_both_ends():
    """die(n) is 1..n and randint(a, b) is a..b, both ends included."""
    rng = SeededRng(99, 1)
    dice = {rng.die(6) for _ in range(600)}
    ints = {rng.randint(-2, 2) for _ in range(500)}
    assert dice == {1, 2, 3, 4, 5, 6}
    assert ints == {-2, -1, 0, 1, 2}


def test_seeded_shuffle_is_an_in_place_permutation():
    """shuffle returns the very list it was given, holding the same items."""
    items = list(range(50))
    result = SeededRng(5, 5).shuffle(items)
    assert result is items
    assert sorted(result) == list(range(50))
    assert result != list(range(50))


def test_seeded_choice_picks_a_member_of_any_sequence():
    """choice works on tuples and strings and returns one of their items."""
    rng = SeededRng(3, 0)
    picks = {rng.choice(("x", "y", "z")) for _ in range(100)}
    assert picks == {"x", "y", "z"}


def test_scripted_returns_queued_values_in_order():
    """die and randint return the queued values in order, from one shared queue."""
    rng = ScriptedRng([3, 1, 6, 0])
    assert rng.die(6) == 3
    assert rng.randint(0, 5) == 1
    assert rng.die(6) == 6
    assert rng.remaining == [0]
    assert rng.randint(0, 0) == 0
    assert rng.remaining == []


def test_scripted_exhausted_is_an_error_not_an_illegal_action():
    """Asking for more values than queued is a test error, never mistaken for a rule refusal."""
    rng = ScriptedRng([2])
    rng.die(6)
    with pytest.raises(Exception) as info:
        rng.die(6)
    assert not isinstance(info.value, IllegalAction)
    with pytest.raises(Exception) as info:
        ScriptedRng().randint(0, 3)
    assert not isinstance(info.value, IllegalAction)


@pytest.mark.parametrize(
    ("value", "call"),
    [
        (7, lambda r: r.die(6)),
        (0, lambda r: r.die(6)),
        (5, lambda r: r.randint(2, 4)),
        (1, lambda r: r.randint(2, 4)),
    ],
)
def test_scripted_out_of_range_value_is_an_error(value, call):
    """A queued value outside the asked range is an error."""
    with pytest.raises(Exception) as info:
        call(ScriptedRng([value]))
    assert not isinstance(info.value, IllegalAction)


def test_scripted_shuffle_keeps_order_and_choice_takes_first():
    """shuffle keeps the order; choice takes the first item; neither uses the queue."""
    rng = ScriptedRng([4])
    assert rng.shuffle([5, 3, 9, 1]) == [5, 3, 9, 1]
    assert rng.choice(["b", "a", "c"]) == "b"
    assert rng.choice(("only",)) == "only"
    assert rng.remaining == [4]


def test_scripted_choice_of_nothing_is_an_error():
    """choice on an empty sequence is an error."""
    with pytest.raises(Exception) as info:
        ScriptedRng().choice([])
    assert not isinstance(info.value, IllegalAction)
