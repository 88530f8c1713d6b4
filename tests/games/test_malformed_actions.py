"""Every engine refuses malformed actions and seats with IllegalAction and leaves its state untouched.

Registry-wide fuzz: each game's own action vocabulary (`GAME.actions`) and the actions its
`legal_actions` lists are the templates; every field of every template, nested ones included, is
replaced by values of the wrong JSON type, NaN, infinities, huge numbers, lists and dicts; fields are
dropped; types are unknown; seats are True, -1, n and worse. Only IllegalAction may come back.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from games import REGISTRY
from games.core import Game, IllegalAction, SeededRng
from games.core.actions import check_action
from games.core.protocol import optional_member

SAMPLED_STATES = 12 # states per game, spread over one seeded random game
PLAYOUT_BOUND = 3000
HUGE = 10**30

# Values that are never a well-formed value of a field declared with the scalar type named by the key.
NEVER: dict[str, list[Any]] = {
    "int": [True, False, 1.5, math.nan, math.inf, -math.inf, HUGE, -HUGE, "1", None, [], [1], {}, {"a": 1}],
    "number": [True, math.nan, math.inf, -math.inf, HUGE, "1", None, [], {}],
    "bool": [1, 0, "true", None, math.nan, [], {}],
    "str": [1, 1.5, math.nan, True, None, [], ["a"], {}, {"id": "a"}, "x" * 5000],
    "null": [1, "a", [], {}],
}
NOT_AN_ACTION: list[Any] = [None, 1, "roll", [], [{"type": "roll"}], {"type": 5}, {"type": None}, {"type": ["roll"]},
                            {"kind": "roll"}, {}]


def scalar_kinds(declared: Any) -> list[str] | None:
    """The scalar kinds a declaration allows, or None for a list or an object."""
    return declared.split("|") if isinstance(declared, str) else None


def bad_values(declared: Any) -> list[Any]:
    """Values a field so declared must never accept."""
    kinds = scalar_kinds(declared)
    if kinds is None:  # a list or an object: any scalar is wrong, and so is the other container
        wrong_container: list[Any] = [{}] if isinstance(declared, list) else [[], [{}]]
        return [None, 1, "a", True, math.nan, *wrong_container]
    return [value for kind in kinds for value in NEVER[kind]
            if not any(fits_plainly(value, other) for other in kinds)]


def fits_plainly(value: Any, kind: str) -> bool:
    """Whether `value` is, by the plain JSON reading, of `kind` (for unions like int|null)."""
    if kind == "null":
        return value is None
    if kind == "bool":
        return type(value) is bool
    if kind == "str":
        return type(value) is str and len(value) < 1000
    if kind == "int":
        return type(value) is int and abs(value) < 2**53
    return (type(value) is int and abs(value) < 2**53) or (type(value) is float and math.isfinite(value))


def example(declared: Any) -> Any:
    """A well-typed value for a declaration (a template for types `legal_actions` does not list now)."""
    kinds = scalar_kinds(declared)
    if kinds is not None:
        return {"int": 0, "number": 1.0, "bool": True, "str": "a", "null": None}[kinds[0]]
    if isinstance(declared, list):
        return [example(declared[0])]
    if "*" in declared:
        return {"0": example(declared["*"])}
    return {name.rstrip("?"): example(inner) for name, inner in declared.items()}


def field_paths(value: Any, declared: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(path, declaration) of every declared place in a well-typed value, containers and their insides."""
    yield path, declared
    if isinstance(declared, list) and isinstance(value, list):
        for index, item in enumerate(value[:2]):
            yield from field_paths(item, declared[0], (*path, index))
    elif isinstance(declared, dict) and isinstance(value, dict):
        for name, inner in declared.items():
            key = name.rstrip("?")
            if name == "*":
                for actual in list(value)[:2]:
                    yield from field_paths(value[actual], inner, (*path, actual))
            elif key in value:
                yield from field_paths(value[key], inner, (*path, key))


def replaced(action: dict[str, Any], path: tuple[Any, ...], new: Any) -> dict[str, Any]:
    changed = copy.deepcopy(action)
    place: Any = changed
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = new
    return changed


def malformed(game: Game, template: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Malformed variants of one well-typed action."""
    fields = dict(game.actions.types[template["type"]])  # type: ignore[attr-defined]
    for path, declared in field_paths(template, fields):
        if not path:
            continue
        for value in bad_values(declared):
            yield replaced(template, path, value)
    for name in fields:
        if not name.endswith("?"):
            yield {k: v for k, v in template.items() if k != name}
    stamps: list[Any] = [math.nan, math.inf, "noon", [], True]
    for stamp in stamps:
        yield {**template, "at": stamp}


def templates(game: Game, state: Any) -> list[tuple[int | None, dict[str, Any]]]:
    """The legal actions of every seat now, and one example of every declared type for the first seat."""
    found: list[tuple[int | None, dict[str, Any]]] = []
    for seat in [None, *sorted(game.to_act(state))]:
        found.extend((seat, action) for action in game.legal_actions(state, seat)[:12])
    seat = min(game.to_act(state), default=0)
    vocabulary = game.actions.types  # type: ignore[attr-defined]
    found.extend((seat, {"type": kind, **example(dict(fields))}) for kind, fields in vocabulary.items())
    return found


def players(game: Game) -> int:
    return game.min_players + 1 if game.max_players > game.min_players else game.min_players


def sampled_states(game: Game) -> list[Any]:
    """Some states of one seeded random game, from its set-up to near its end."""
    pick = random.Random(7)
    state = game.setup(players(game), {}, SeededRng(7, 0))
    auto = optional_member(game, "auto_action")
    states = [state]
    for step in range(1, PLAYOUT_BOUND):
        if game.outcome(state) is not None:
            break
        due = auto(state) if auto is not None else None
        if due is not None:
            state = game.apply(state, None, due, SeededRng(7, step))
        else:
            choices: list[tuple[int | None, Any]] = [
                (s, a) for s in sorted(game.to_act(state)) for a in game.legal_actions(state, s)]
            choices = choices or [(None, a) for a in game.legal_actions(state, None)]
            seat, action = pick.choice(choices)
            state = game.apply(state, seat, action, SeededRng(7, step))
        states.append(state)
    every = max(1, len(states) // SAMPLED_STATES)
    return states[::every][:SAMPLED_STATES]


def fingerprint(state: Any) -> str:
    """The whole state as text: compared once after many refusals, far cheaper than a copy per action."""
    return json.dumps(state, sort_keys=True, default=repr)


def refused(game: Game, state: Any, seat: Any, action: Any) -> None:
    try:
        game.apply(state, seat, action, SeededRng(3, 1))
    except IllegalAction as refusal:
        assert refusal.message_id and refusal.text, refusal
    else:
        raise AssertionError(f"{game.id}: seat {seat!r} {action!r} was accepted")


def refused_untouched(game: Game, state: Any, seat: Any, action: Any) -> None:
    before = copy.deepcopy(state)
    refused(game, state, seat, action)
    assert state == before, f"{game.id}: a refused {action!r} changed the state"


def survives(game: Game, state: Any, seat: Any, action: Any) -> None:
    """A well-typed but possibly senseless action is either applied or refused; nothing else."""
    with contextlib.suppress(IllegalAction):
        game.apply(state, seat, action, SeededRng(3, 1))


@pytest.fixture(scope="module", params=sorted(REGISTRY))
def game_states(request: pytest.FixtureRequest) -> tuple[Game, list[Any]]:
    game = REGISTRY[request.param]
    return game, sampled_states(game)


def test_every_game_declares_its_actions(game_states: tuple[Game, list[Any]]) -> None:
    """Each engine declares its vocabulary, and every action legal_actions lists passes the guard (its type is
    declared, its fields of their declared types: a vocabulary stricter than the engine would refuse a move)."""
    game, states = game_states
    for state in states:
        for seat in [None, *game.to_act(state)]:
            for action in game.legal_actions(state, seat):
                check_action(game.actions, players(game), seat, action)  # type: ignore[attr-defined]


def test_malformed_fields_are_refused(game_states: tuple[Game, list[Any]]) -> None:
    """Thousands of wrongly typed fields, nested ones included, and missing fields: refused, state intact."""
    game, states = game_states
    sent = 0
    for state in states:
        before = fingerprint(state)
        for seat, template in templates(game, state):
            for action in malformed(game, template):
                refused(game, state, seat, action)
                sent += 1
        assert fingerprint(state) == before, f"{game.id}: a refused action changed the state"
    assert sent >= 1000, sent


def test_not_actions_and_unknown_types_are_refused(game_states: tuple[Game, list[Any]]) -> None:
    """Non-objects, objects without a word as type, and types the game does not know are refused."""
    game, states = game_states
    for state in states:
        seat = min(game.to_act(state), default=0)
        for action in [*NOT_AN_ACTION, {"type": "no_such_thing"}, {"type": "x" * 5000}, {"type": "__init__"},
                       {"type": "apply"}, {"type": ""}]:
            refused_untouched(game, state, seat, action)


def test_bad_seats_are_refused(game_states: tuple[Game, list[Any]]) -> None:
    """A legal action from True, -1, n, a float or a string as seat is refused; so is view() for them."""
    game, states = game_states
    for state in states:
        n = players(game)
        before = fingerprint(state)
        for seat in sorted(game.to_act(state)):
            for action in game.legal_actions(state, seat)[:5]:
                for bad in (True, False, -1, n, 99, HUGE, float(seat), str(seat), [seat]):
                    refused(game, state, bad, action)
        assert fingerprint(state) == before
        not_seats: list[Any] = [True, -1, 99, "0", 0.0]
        for bad in not_seats:
            with pytest.raises(IllegalAction):
                game.view(state, bad)


def test_well_typed_nonsense_never_crashes(game_states: tuple[Game, list[Any]]) -> None:
    """Well-typed values that make no sense (negative ids, huge counts, unknown words) are refused or applied,
    never a crash."""
    game, states = game_states
    senseless: dict[str, list[Any]] = {"int": [-1, 2**53, 999], "number": [-1.0, 1e300], "bool": [False],
                                       "str": ["", "nowhere", "0"], "null": [None]}
    for state in states:
        before = fingerprint(state)
        for seat, template in templates(game, state):
            fields = dict(game.actions.types[template["type"]])  # type: ignore[attr-defined]
            for path, declared in field_paths(template, fields):
                kinds = scalar_kinds(declared)
                if path and kinds is not None:
                    for value in (v for kind in kinds for v in senseless[kind]):
                        survives(game, state, seat, replaced(template, path, value))
                elif path and isinstance(declared, list):
                    survives(game, state, seat, replaced(template, path, []))
                    survives(game, state, seat, replaced(template, path, [example(declared[0])] * 3))
        assert fingerprint(state) == before, f"{game.id}: an action changed its input state"
