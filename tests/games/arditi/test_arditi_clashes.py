"""Clashes and leaderless groups (rules/arditi.md "Clashes").

The seed: "la miniatura del comitato avversario va tolta dalla casa in cui si trova e potrà scegliere di
portarsi all'estremità opposta di una delle due parti in cui il corteo si trova diviso, scegliendo se
possibile la più numerosa, quella parte del corteo invertirà il senso di marcia". The leader goes next
to the chosen part's rear end (the end opposite to its direction of travel: the old tail for the part
behind the leader, the piece at the split for the part ahead) and that part turns round.
"""

from __future__ import annotations

import pytest

from tests.games.arditi.arditi_kit import (
    JUMP,
    ROLL,
    G,
    act,
    ended,
    events,
    kinds,
    lead,
    leader_space,
    march,
    place,
    play,
    position,
    refused,
    spaces_of,
    step,
    walk,
)

VICTIM = walk(32, "ccw", "ccw", "ccw", "ccw")  # [32, 37, 42, 47, 52] on ring 1, the leader on 42
ATTACKER = march([44])  # seat 0 alone on 44: stepping out to 43 puts it next to 42


def clash(victim: dict, attacker: dict = ATTACKER, die: int = 3, **fields) -> tuple[dict, dict]:
    """Seat 0 rolls `die` and steps out from 44 to 43, next to 42: (the state before, after)."""
    state = position([attacker, victim], **fields)
    state = act(state, 0, ROLL, die)
    return state, act(state, 0, step("out"))


def test_a_leader_next_to_an_interior_leader_attacks_it():
    """A step that ends with the mover's leader next to another player's interior leader lifts it:
    its player must now place it."""
    before, state = clash(march(VICTIM, leader=2))
    assert [e["type"] for e in events(before, state)][-1] == "clash"
    assert [(e["seat"], e["victim"], e["space"]) for e in events(before, state, "clash")] == [(0, 1, 42)]
    assert state["phase"] == "place_leader"
    assert G.to_act(state) == {1}
    assert state["placing"]["seat"] == 1 and state["placing"]["from"] == 42


@pytest.mark.parametrize(("spaces", "leader"), [([42, 47, 52], 0), ([32, 37, 42], 2)], ids=["tail", "head"])
def test_a_leader_at_an_end_of_its_march_cannot_be_attacked(spaces, leader):
    """A leader at the head or the tail of its march is safe: nothing happens."""
    before, state = clash(march(spaces, leader=leader))
    assert events(before, state, "clash") == []
    assert state["marches"][1] == march(spaces, leader=leader)
    assert state["phase"] == "move"


def test_a_lone_leader_cannot_be_attacked():
    """A one-piece march has its leader at both ends."""
    before, state = clash(march([42]))
    assert events(before, state, "clash") == []


def test_equal_parts_let_the_attacked_player_choose():
    """With two parts of the same length every free space next to either rear end is offered: next to
    32 (the tail part's old tail) and next to 47 (the head part's piece at the split, 42 included: the
    lifted leader's space is free)."""
    _, state = clash(march(VICTIM, leader=2))
    assert [a["space"] for a in G.legal_actions(state, 1)] == [27, 31, 33, 42, 46, 48]
    assert state["placing"]["forced"] is None


def test_the_part_ahead_turns_round_too():
    """ "quella parte del corteo invertirà il senso di marcia", whichever part is chosen: the part that was
    ahead of the leader (47-52, travelling ccw) takes the leader at its rear end, next to 47, and now
    travels the other way, 52 its tail. The old head's side (51, next to 52) is no longer offered."""
    _, state = clash(march(VICTIM, leader=2))
    assert refused(state, 1, place(51)).message_id == "arditi.bad_leader_space"
    turned = act(state, 1, place(42))
    assert turned["marches"][1] == {"spaces": [52, 47, 42], "leader": 2, "dir": "cw"}
    assert turned["groups"] == [{"seat": 1, "spaces": [32, 37]}]
    aside = act(state, 1, place(48))
    assert aside["marches"][1] == {"spaces": [52, 47, 48], "leader": 2, "dir": "in"}


def test_placing_next_to_the_tail_part_reverses_it():
    """Choosing the tail part turns it around: its old tail is behind the leader, now its head."""
    _, state = clash(march(VICTIM, leader=2))
    state = act(state, 1, place(27))
    assert state["marches"][1] == {"spaces": [37, 32, 27], "leader": 2, "dir": "cw"}
    assert state["groups"] == [{"seat": 1, "spaces": [47, 52]}]


def test_the_larger_part_is_forced():
    """ "scegliendo se possibile la più numerosa": when the parts differ the leader must go to the larger
    one, next to its rear end, and it turns round."""
    _, state = clash(march([*VICTIM, 57], leader=2))  # tail part 32-37, head part 47-52-57
    assert state["placing"]["forced"] == "head"
    assert [a["space"] for a in G.legal_actions(state, 1)] == [42, 46, 48]
    assert refused(state, 1, place(31)).message_id == "arditi.bad_leader_space"
    assert refused(state, 1, place(62)).message_id == "arditi.bad_leader_space"
    state = act(state, 1, place(46))
    assert state["marches"][1] == {"spaces": [57, 52, 47, 46], "leader": 3, "dir": "out"}
    assert state["groups"] == [{"seat": 1, "spaces": [32, 37]}]


def test_the_other_part_when_the_larger_one_is_boxed_in():
    """ "se possibile": if the larger part's rear end has no free space, the smaller part is used."""
    victim = march(walk(27, "ccw", "ccw", "ccw", "ccw", "ccw"), leader=3)  # 27-32-37 | 42 | 47-52
    _, state = clash(victim, numbers=[22, 26, 28])  # every free neighbour of 27
    assert state["placing"]["forced"] == "head"
    assert [a["space"] for a in G.legal_actions(state, 1)] == [42, 46, 48]
    state = act(state, 1, place(48))
    assert state["marches"][1] == {"spaces": [52, 47, 48], "leader": 2, "dir": "in"}
    assert state["groups"] == [{"seat": 1, "spaces": [27, 32, 37]}]


def test_no_free_space_at_either_end_means_no_effect():
    """With no free space next to either rear end the leader stays and the march is untouched. (Only a
    hand-made position gets here: the lifted leader's own space is next to the head part's rear end, so
    a piece of its colour on 41 must make it coil.)"""
    before, state = clash(march(VICTIM, leader=2), numbers=[27, 31, 33, 46, 48], groups=[(1, [41])])
    assert [e["type"] for e in events(before, state)][-2:] == ["clash", "clash_no_effect"]
    assert state["marches"][1] == march(VICTIM, leader=2)
    assert state["groups"] == [{"seat": 1, "spaces": [41]}]
    assert (state["phase"], G.to_act(state)) == ("move", {0})


def test_a_single_legal_space_is_taken_automatically():
    """When exactly one space is legal the leader is placed there at once and the mover goes on."""
    before, state = clash(march([*VICTIM, 57], leader=2), numbers=[46, 48])
    assert state["phase"] == "move" and G.to_act(state) == {0}
    assert state["marches"][1]["spaces"] == [57, 52, 47, 42]
    assert events(before, state, "leader_placed")[0]["space"] == 42
    assert state["steps_left"] == 2


def test_placing_obeys_the_no_coiling_rule():
    """A space where a piece of the colour would touch more than two others is not offered."""
    # on 48 the leader would give 49 (in seat 1's group 54-49-50) a third neighbour of its colour
    _, state = clash(march([*VICTIM, 57], leader=2), groups=[(1, [54, 49, 50])])
    assert [a["space"] for a in G.legal_actions(state, 1)] == [42, 46]


def test_the_lifted_leaders_space_is_free_and_next_to_both_ends_keeps_the_head_part():
    """In a three-piece march both parts are one token next to the lifted leader's space: that space is
    offered, and taking it keeps the head part (a space next to both far ends does)."""
    victim = march([31, 32, 33], leader=1)
    state = position([march([22]), victim])
    state = act(state, 0, ROLL, 2)
    state = act(state, 0, step("ccw"))  # 22 → 27, next to 32
    assert 32 in [a["space"] for a in G.legal_actions(state, 1)]
    state = act(state, 1, place(32))
    assert state["marches"][1] == {"spaces": [33, 32], "leader": 1, "dir": "out"}
    assert state["groups"] == [{"seat": 1, "spaces": [31]}]


def test_after_placing_the_attacker_goes_on_with_its_move():
    """Once the attacked leader is placed the mover's move continues with its remaining steps."""
    _, state = clash(march(VICTIM, leader=2))
    state = act(state, 1, place(48))
    assert (state["phase"], state["current"], state["steps_left"]) == ("move", 0, 2)
    assert G.to_act(state) == {0}


def test_placing_the_last_step_ends_the_attackers_move():
    """An attack on the mover's last step: the move ends as soon as the leader is placed."""
    _, state = clash(march(VICTIM, leader=2), die=1)
    assert state["phase"] == "place_leader"
    state = act(state, 1, place(48))
    assert (state["phase"], state["current"]) == ("roll", 1)


def test_refusals_while_a_leader_is_being_placed():
    """Only the attacked player acts, only with place_leader, only on an offered space."""
    _, state = clash(march(VICTIM, leader=2))
    assert refused(state, 0, step("out")).message_id == "arditi.not_your_turn"
    assert refused(state, 1, ROLL).message_id == "arditi.placing_first"
    assert refused(state, 1, step("in")).message_id == "arditi.placing_first"
    for bad in (51, 26, 0, -42):
        assert refused(state, 1, place(bad)).message_id == "arditi.bad_leader_space"


def test_true_is_not_space_one():
    """A boolean is not a space number, even where space 1 is offered."""
    victim = march([2, 7, 12], leader=1)  # 2's free neighbours include 1
    state = position([march([9]), victim])
    state = act(state, 0, ROLL, 2)
    state = act(state, 0, step("out"))  # 9 → 8, next to 7
    assert 1 in state["placing"]["options"]
    assert refused(state, 1, place(True)).message_id == "core.bad_field"  # the shared guard: a boolean is no int
    state = act(state, 1, place(1))
    assert state["marches"][1]["spaces"] == [2, 1]
    assert state["groups"] == [{"seat": 1, "spaces": [12]}]


def test_a_leader_move_can_attack():
    """Bringing the leader along its own march next to an interior leader attacks it too: two places in
    one swap (38, one place on, is next to no leader, so that is no leader move)."""
    attacker = march([33, 38, 43], leader=0)
    state = position([attacker, march(VICTIM, leader=2)])
    state = act(state, 0, ROLL, 3)
    assert [a for a in G.legal_actions(state, 0) if a["type"] == "leader_move"] == [lead("head", 2)]
    state = act(state, 0, lead("head", 2))  # on 43: next to 42
    assert state["phase"] == "place_leader"


def test_a_token_next_to_a_leader_does_not_attack():
    """Only the mover's leader attacks: a token may end next to another leader."""
    state = position([march([45, 44], leader=1), march(VICTIM, leader=2)])
    before = act(state, 0, ROLL, 2)
    state = act(before, 0, step("out"))  # the token on 45 goes to 43, next to 42; the leader stays on 44
    assert spaces_of(state, 0) == [44, 43] and leader_space(state, 0) == 44
    assert events(before, state, "clash") == []
    assert state["phase"] == "move"


def test_a_leader_reaching_the_front_attacks():
    """When the leader is the tail it moves to the front itself, and may land next to a leader."""
    state = position([march([45, 44], leader=0), march(VICTIM, leader=2)])
    state = act(state, 0, ROLL, 2)
    state = act(state, 0, step("out"))
    assert leader_space(state, 0) == 43 and state["phase"] == "place_leader"


def test_a_leaderless_group_cannot_move():
    """The leaderless part stays where it is while its player's march moves on."""
    _, state = clash(march(VICTIM, leader=2), die=1)
    state = act(state, 1, place(48))  # seat 1's turn now; the group 32-37 remains
    state = act(state, 1, ROLL, 2)
    state = play(state, 1, step("in"), step("in"))  # from 48 on to 49 and 50
    assert state["groups"] == [{"seat": 1, "spaces": [32, 37]}]
    assert "group" not in {a["type"] for a in G.legal_actions(state, 1)}


def test_a_leaderless_group_cannot_be_recruited():
    """Another march cannot jump a leaderless group's token, even with a free space beyond."""
    state = position([march([17], direction="in"), march([80])], groups=[(1, [18])])
    state = act(state, 0, ROLL, 3)
    assert "jump" not in kinds(state, 0)
    assert refused(state, 0, JUMP).message_id == "arditi.no_jump"


@pytest.mark.parametrize("group", [[19, 24, 29], [29, 24, 19]], ids=["first-end", "last-end"])
def test_a_march_rejoins_its_group_from_either_end(group):
    """A head ending a step next to an end of its group takes the group in front: the other end is
    the new head, travelling from the piece next to it."""
    state = position([march([17]), march([80])], groups=[(0, group)])
    before = act(state, 0, ROLL, 3)
    state = act(before, 0, step("in"))  # onto 18, next to 19
    assert state["marches"][0] == {"spaces": [18, 19, 24, 29], "leader": 0, "dir": "ccw"}
    assert state["groups"] == []
    assert events(before, state, "rejoined")[0]["size"] == 3
    assert G.view(state, None)["marches"][0]["militants"] == 3


def test_rejoining_after_a_jump():
    """Landing a jump next to an end of the group rejoins it too."""
    state = position([march([17], direction="in"), march([80])], numbers=[18], groups=[(0, [14, 9])])
    state = act(state, 0, ROLL, 3)
    state = act(state, 0, JUMP)  # lands on 19, next to 14
    assert state["marches"][0]["spaces"] == [18, 19, 14, 9]
    assert state["marches"][0]["dir"] == "cw"


def test_a_head_left_next_to_its_group_takes_it_back_as_its_turn_starts():
    """ "bisogna portare la testa su casa confinante con una delle due estremità del gruppo … da quel
    momento può tornare a muoversi come un corpo unico": a clash that leaves the head next to an end of
    its own group (the leader put back on its own space) joins them when that march's turn starts, not
    before; the whole march then heads the other way (docs/decisions.md, "Arditi — round two")."""
    _, state = clash(march(VICTIM, leader=2), die=2)
    state = act(state, 1, place(42))  # the head part 52-47-42 heads cw; 32-37 is cut off
    assert state["groups"] == [{"seat": 1, "spaces": [32, 37]}]  # seat 0 still has a step to take
    before = state
    state = act(state, 0, step("ccw"))  # 43 → 48: seat 0's move ends, seat 1's turn starts
    assert state["current"] == 1 and state["phase"] == "roll"
    assert state["marches"][1] == {"spaces": [52, 47, 42, 37, 32], "leader": 2, "dir": "cw"}
    assert state["groups"] == []
    assert [(e["seat"], e["size"]) for e in events(before, state, "rejoined")] == [(1, 2)]


def test_a_group_taken_back_as_the_turn_starts_can_make_twelve():
    """Eight militants and a group of four next to the head: the turn starts with a march of 12, and the
    game ends at once."""
    eight = walk(3, *["ccw"] * 8)  # [3, 8, …, 43] on ring 2, heading ccw
    state = position([march([80]), march(eight)], groups=[(1, [44, 49, 54, 59])])
    state = act(state, 0, ROLL, 1)
    state = act(state, 0, step("out"))
    assert ended(state).reason == "twelve_militants"
    assert state["first_to_twelve"] == 1 and len(state["marches"][1]["spaces"]) == 13


def test_another_colours_group_is_not_rejoined():
    """A head next to another player's group takes nothing."""
    state = position([march([17]), march([80])], groups=[(1, [19, 24, 29])])
    state = act(state, 0, ROLL, 3)
    state = act(state, 0, step("in"))
    assert spaces_of(state, 0) == [18]
    assert state["groups"] == [{"seat": 1, "spaces": [19, 24, 29]}]


def test_two_leaders_attacked_by_one_step_are_placed_in_turn():
    """A step next to two interior leaders attacks both: their players place them one after the other."""
    state = position([march([48]), march(VICTIM, leader=2), march([39, 44, 49], leader=1)])
    state = act(state, 0, ROLL, 3)
    state = act(state, 0, step("cw"))  # 48 → 43, between 42 and 44
    assert G.to_act(state) == {1} and state["attacks"] == [2]
    state = act(state, 1, place(46))
    assert G.to_act(state) == {2} and state["placing"]["seat"] == 2
    state = act(state, 2, place(50))
    assert state["marches"][2] == {"spaces": [49, 50], "leader": 1, "dir": "in"}
    assert state["groups"] == [{"seat": 1, "spaces": [32, 37]}, {"seat": 2, "spaces": [39]}]
    assert (state["phase"], G.to_act(state), state["steps_left"]) == ("move", {0}, 2)
