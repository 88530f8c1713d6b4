"""Moving the leader (rules/arditi.md "Moving the leader (only to attack)"): one swap of N places along
the march for N steps, and only when it ends in an attack.

The seed: "quando avviene uno scontro di piazza è possibile impiegare una parte dei punti movimento per
far avanzare o arretrare il comitato organizzatore del corteo lungo il cordone dei compagni: se ad
esempio voglio muoverlo di 3 case, dovrò usare tanti punti movimento scambiandolo di posto con la
pedina che si trova alla casa in cui desidero spostarla. Lo scopo di questi movimenti è fare in modo
che il comitato centrale del partito venga a trovarsi in corrispondenza con quello di un altro
concorrente."

Geometry: seat 1's march runs along ring 1 (32-37-42-47-52) with its leader in the middle on 42; seat
0's march runs down ray 8 (43-44-45) with its leader at the head on 45, so two places toward the tail
bring it onto 43, next to 42. Seat 2's leader on 49, in the middle of 54-49-50, stands next to 44.
"""

from __future__ import annotations

import pytest

from tests.games.arditi.arditi_kit import (
    END,
    ROLL,
    G,
    act,
    events,
    kinds,
    lead,
    leader_space,
    march,
    place,
    position,
    refused,
    spaces_of,
    walk,
)

ATTACKER = march([43, 44, 45], leader=2)  # heading in, the leader at the head on 45
VICTIM = march(walk(32, "ccw", "ccw", "ccw", "ccw"), leader=2)  # 32-37-42-47-52, the leader on 42
SECOND = march([54, 49, 50], leader=1)  # seat 2's leader on 49, next to 44
FAR = march([80])


def rolled(die: int, *marches: dict, **fields) -> dict:
    return act(position([ATTACKER, *marches], **fields), 0, ROLL, die)


def leader_moves(state: dict, seat: int = 0) -> list[tuple[str, int]]:
    return [(a["toward"], a["places"]) for a in G.legal_actions(state, seat) if a["type"] == "leader_move"]


def test_one_swap_of_n_places_for_n_steps():
    """ "se ad esempio voglio muoverlo di 3 case, dovrò usare tanti punti movimento scambiandolo di posto
    con la pedina che si trova alla casa in cui desidero spostarla": the leader moves two places in one
    swap for two steps; the pieces in between stay where they are; the attack follows."""
    before = rolled(4, VICTIM)
    assert leader_moves(before) == [("tail", 2)]
    state = act(before, 0, lead("tail", 2))
    assert spaces_of(state, 0) == [43, 44, 45] and leader_space(state, 0) == 43
    assert state["marches"][0]["dir"] == "in"  # the head did not move
    assert state["steps_left"] == 2
    assert [(e["space"], e["toward"], e["places"]) for e in events(before, state, "leader_moved")] == [
        (43, "tail", 2)]
    assert [(e["seat"], e["victim"], e["space"]) for e in events(before, state, "clash")] == [(0, 1, 42)]
    assert state["phase"] == "place_leader"


def test_only_the_destination_counts_for_a_clash():
    """The swap does not pass through the spaces in between: moving two places past 44 (next to seat 2's
    leader) onto 43 attacks seat 1 only."""
    before = rolled(3, VICTIM, SECOND)
    assert leader_moves(before) == [("tail", 1), ("tail", 2)]
    state = act(before, 0, lead("tail", 2))
    assert [e["victim"] for e in events(before, state, "clash")] == [1]
    assert state["marches"][2] == SECOND
    state = act(before, 0, lead("tail", 1))  # one place: onto 44, next to seat 2's leader only
    assert [e["victim"] for e in events(before, state, "clash")] == [2]


def test_the_steps_left_after_the_attack_are_ordinary_steps():
    """After the attack and the attacked player's choice, the mover takes its remaining steps as steps."""
    state = act(rolled(4, VICTIM), 0, lead("tail", 2))
    state = act(state, 1, place(27))
    assert (state["phase"], G.to_act(state), state["steps_left"]) == ("move", {0}, 2)
    assert "step" in kinds(state, 0)
    state = act(state, 0, next(a for a in G.legal_actions(state, 0) if a["type"] == "step"))
    assert state["steps_left"] == 1 and state["stepped"] is True


def test_only_to_attack():
    """ "quando avviene uno scontro di piazza": with no leader to attack along the march there is no
    leader move at all, and one is refused, so a roll cannot be spent moving the leader there and back."""
    state = rolled(6, FAR)
    assert "leader_move" not in kinds(state, 0)
    for toward, places in (("tail", 1), ("tail", 2)):
        refusal = refused(state, 0, lead(toward, places))
        assert refusal.message_id == "arditi.leader_no_attack"
        assert refusal.params["space"] == [43, 44, 45][2 - places]


def test_no_way_back_after_the_attack():
    """Once the attack is over the leader cannot go back: the way back ends next to no leader in the
    middle of a march (the attacked leader now heads its march)."""
    state = act(rolled(6, VICTIM), 0, lead("tail", 2))
    state = act(state, 1, place(27))
    assert leader_moves(state) == []
    assert refused(state, 0, lead("head", 2)).message_id == "arditi.leader_no_attack"


def test_legal_actions_list_every_attack_within_the_steps_left():
    """One leader_move per (toward, places) that ends in an attack, as far as the steps left reach."""
    assert leader_moves(rolled(1, VICTIM, SECOND)) == [("tail", 1)]
    assert leader_moves(rolled(2, VICTIM, SECOND)) == [("tail", 1), ("tail", 2)]
    # seat 0's leader in the middle (next to seat 2's): one place toward the tail attacks seat 1, none toward the head
    state = act(position([march([43, 44, 45], leader=1), VICTIM, SECOND]), 0, ROLL, 6)
    assert leader_moves(state) == [("tail", 1)]
    assert kinds(state, 0) >= {"step", "leader_move"}


def test_the_view_lists_each_attack_with_its_victims():
    """The board's moves name each attack: the destination, the places (= steps) and who is attacked."""
    view = G.view(rolled(3, VICTIM, SECOND), None)
    attacks = [m for m in view["moves"] if m["type"] == "leader_move"]
    assert attacks == [
        {"type": "leader_move", "toward": "tail", "places": 1, "space": 44, "victims": [2]},
        {"type": "leader_move", "toward": "tail", "places": 2, "space": 43, "victims": [1]},
    ]


def test_a_destination_next_to_two_leaders_attacks_both():
    """A swap that ends next to two interior leaders attacks both, one placement after the other."""
    third = march([39, 38, 37], leader=1)  # seat 2's leader on 38, next to 43
    victim = march([41, 42, 47], leader=1)  # seat 1's leader on 42, next to 43
    state = rolled(4, victim, third)
    assert G.view(state, None)["moves"][-1] == {"type": "leader_move", "toward": "tail", "places": 2,
                                                "space": 43, "victims": [1, 2]}
    state = act(state, 0, lead("tail", 2))
    assert state["attacks"] == [2] and state["placing"]["seat"] == 1


@pytest.mark.parametrize("places", [0, -1])
def test_places_is_at_least_one(places):
    """A leader move goes at least one place (a field of the wrong type is the action guard's refusal)."""
    assert refused(rolled(4, VICTIM), 0, lead("tail", places)).message_id == "arditi.bad_places"


def test_no_more_places_than_steps_left():
    """Moving N places costs N steps: with one step left, two places are refused (the count is shown)."""
    refusal = refused(rolled(1, VICTIM), 0, lead("tail", 2))
    assert refusal.message_id == "arditi.not_enough_steps" and refusal.params["count"] == 1
    # The second count travels as a count phrase of its own (docs/decisions.md, "Words").
    assert refusal.params["distance"] == {"msg": "arditi.places", "params": {"count": 2}}


def test_not_beyond_the_end_of_the_march():
    """The destination must be a piece of the march."""
    state = rolled(6, VICTIM)
    assert refused(state, 0, lead("tail", 3)).message_id == "arditi.beyond_march"
    assert refused(state, 0, lead("head", 1)).message_id == "arditi.beyond_march"
    state = act(position([march([17]), FAR]), 0, ROLL, 3)
    assert refused(state, 0, lead("head", 1)).message_id == "arditi.beyond_march"


def test_a_leader_move_is_no_step_but_may_end_the_move():
    """The head does not move (nothing is visited, no step counts for the round); spending the last steps
    on the attack ends the move once the attacked leader is placed."""
    before = rolled(2, VICTIM)
    state = act(before, 0, lead("tail", 2))
    assert state["visited"] == before["visited"] == [45]
    assert state["stepped"] is False
    state = act(state, 1, place(27))
    assert (state["current"], state["phase"]) == (1, "roll")


def test_end_move_is_offered_when_only_attacks_are_left():
    """With no step or jump left, an attack by the leader is possible but never forced: end_move."""
    boxed = rolled(5, VICTIM, numbers=[50, 40, 90, 89])  # 45 faces 90 across the centre (89 behind it), 40, 50
    assert kinds(boxed, 0) == {"leader_move", "end_move"}
    state = act(boxed, 0, END)
    assert (state["current"], state["phase"]) == (1, "roll")
