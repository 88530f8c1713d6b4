"""Illegal actions (docs/engine-contract.md, "Refusals"): each is refused with its message id, the state unchanged."""

from __future__ import annotations

import pytest

from games.core.rng import ScriptedRng
from tests.games.arditi.arditi_kit import END, JUMP, ROLL, TO_HEAD, G, act, march, place, position, refused, step

FAR = march([80])


def start() -> dict:
    return position([march([16, 17, 18], leader=1), FAR])


def rolled() -> dict:
    return act(start(), 0, ROLL, 4)


@pytest.mark.parametrize("action", [ROLL, step("in"), JUMP, TO_HEAD, END, place(3)])
def test_out_of_turn(action):
    """Anything by a seat that is not to act is refused, naming whose turn it is."""
    refusal = refused(start(), 1, action)
    assert refusal.message_id == "arditi.not_your_turn"
    assert refusal.params == {"player": {"seat": 0}}


@pytest.mark.parametrize(("seat", "message_id"), [(None, "arditi.not_playing"), (2, "core.not_a_seat"),
                                                   (-1, "core.not_a_seat"), (True, "core.not_a_seat")])
def test_only_seated_players_act(seat, message_id):
    """The game master (None) and seats not at the table cannot act: there are no automatic steps."""
    assert refused(start(), seat, ROLL).message_id == message_id


@pytest.mark.parametrize("action", [None, "roll", ["roll"], {}, {"type": 3}])
def test_not_an_action(action):
    """Something without a string type is not an action."""
    assert refused(start(), 0, action).message_id == "core.not_an_action"


@pytest.mark.parametrize("kind", ["timeout", "leave", "move", "__init__"])
def test_unknown_action_types(kind):
    """Types outside the vocabulary are refused, the type named back."""
    refusal = refused(start(), 0, {"type": kind})
    assert refusal.message_id == "core.no_such_action"
    assert refusal.params == {"action": kind}


@pytest.mark.parametrize("action", [step("in"), JUMP, TO_HEAD, END])
def test_moving_before_rolling(action):
    """Steps, jumps, leader moves and end_move wait for the roll."""
    assert refused(start(), 0, action).message_id == "arditi.roll_first"


def test_rolling_twice():
    """One roll per turn."""
    assert refused(rolled(), 0, ROLL).message_id == "arditi.already_rolled"


def test_place_leader_without_an_attack():
    """place_leader belongs to an attacked player, after an attack only."""
    assert refused(rolled(), 0, place(23)).message_id == "arditi.already_rolled"
    assert refused(start(), 0, place(23)).message_id == "arditi.roll_first"


@pytest.mark.parametrize(("direction", "message_id"), [
    ("up", "arditi.bad_direction"), ("forward", "arditi.bad_direction"), ("IN", "arditi.bad_direction"),
    (None, "core.bad_field"), (1, "core.bad_field"), (["in"], "core.bad_field"),
])
def test_bad_direction(direction, message_id):
    """A step needs one of the absolute directions in, out, cw or ccw (a word: the shared guard refuses the rest)."""
    assert refused(rolled(), 0, step(direction)).message_id == message_id
    assert refused(rolled(), 0, {"type": "step"}).message_id == "core.missing_field"


@pytest.mark.parametrize(("toward", "message_id"), [
    ("front", "arditi.bad_toward"), ("HEAD", "arditi.bad_toward"), (None, "core.bad_field"), (1, "core.bad_field"),
])
def test_bad_toward(toward, message_id):
    """A leader move goes toward the head or toward the tail."""
    action = {"type": "leader_move", "toward": toward, "places": 1}
    assert refused(rolled(), 0, action).message_id == message_id


def test_refusals_carry_a_hint_of_what_is_possible():
    """A refused step tells the player what the march can do now."""
    refusal = refused(rolled(), 0, step("out"))
    assert refusal.message_id == "arditi.no_backwards"
    assert refusal.params["moves"]["msg"] == "arditi.hint.can"
    assert {m["msg"] for m in refusal.params["moves"]["params"]["what"]} == {"arditi.hint.step"}


def test_refused_space_names_the_space():
    """A step onto a piece names the space."""
    state = act(position([march([16, 17, 18], leader=1), march([19])]), 0, ROLL, 4)
    refusal = refused(state, 0, step("in"))
    assert (refusal.message_id, refusal.params["space"]) == ("arditi.space_taken", 19)


def test_legal_actions_are_accepted_and_only_they():
    """Every listed action applies; each unlisted step direction is refused."""
    state = rolled()
    listed = G.legal_actions(state, 0)
    for action in listed:
        G.apply(state, 0, action, ScriptedRng())
    for direction in ("in", "out", "cw", "ccw"):
        if step(direction) not in listed:
            refused(state, 0, step(direction))

