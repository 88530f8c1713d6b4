"""Police (rules/arditi.md "Police"): entering, leaving, moving by draws, blocking and arresting.

The seed: "Il numero di guardie sul tabellone dev'essere sempre pari al numero dei cortei sul campo con
più di 7 pedine in coda, se un corteo viene smembrato la guardia più vicina può essere tolta dal
tabellone."
"""

from __future__ import annotations

import json

from games.arditi.board import distances_from, space_at
from games.core.rng import ScriptedRng, SeededRng
from tests.games.arditi.arditi_kit import END, ROLL, G, act, ended, events, march, place, position, step, walk

SEVEN = walk(2, *["ccw"] * 7)  # [2, 7, …, 37]: 7 militants on ring 1, rays 0-7
SEVEN_B = walk(49, *["ccw"] * 7)  # [49, 54, …, 84]: 7 militants on ring 3, rays 9-16
WEAK = march([80])  # a lone leader that steps out to 79


def end_of_round(state: dict, *draws: int) -> dict:
    """The last seat of the round rolls a 1 and takes one step (or ends its move when it cannot);
    the police then use `draws`, every one of them."""
    seat = state["current"]
    rng = ScriptedRng([1, *draws])
    state = G.apply(state, seat, ROLL, rng)
    if state["phase"] == "move":
        actions = G.legal_actions(state, seat)
        action = END if END in actions else next(a for a in actions if a["type"] == "step")
        state = G.apply(state, seat, action, rng)
    assert rng.remaining == [], f"unused draws: {rng.remaining}"
    return state


def last_seat(marches: list[dict], **fields) -> dict:
    """A position where the last seat is to play the round's last move (seat 0 began the round)."""
    return position(marches, current=len(marches) - 1, stepped=True, **fields)


def test_a_march_of_seven_militants_calls_a_pawn():
    """At the end of the round, one march of at least 7 militants: the pawn enters and is placed by a draw."""
    before = last_seat([march(SEVEN, leader=5), WEAK])
    state = end_of_round(before, 60)
    assert state["police"] == [{"rank": "pawn", "space": 60}]
    assert [e["type"] for e in events(before, state) if e["type"].startswith("police")] == [
        "police_enter", "police_moved"]
    assert G.view(state, None)["spaces"]["60"] == {"kind": "police", "rank": "pawn"}


def test_six_militants_call_no_police():
    """A march of 6 militants is not enough: no police piece, no draw."""
    state = end_of_round(last_seat([march(SEVEN[:-1], leader=5), WEAK]))
    assert state["police"] == []


def test_police_act_only_at_the_end_of_a_round():
    """A move that is not the round's last does not bring the police."""
    state = position([march(SEVEN, leader=5), WEAK], current=0)
    state = G.apply(state, 0, ROLL, ScriptedRng([1]))
    state = G.apply(state, 0, step("ccw"), ScriptedRng())
    assert state["police"] == [] and state["current"] == 1


def test_pieces_enter_in_rank_order_up_to_six():
    """Six strong marches bring in pawn, bishop, knight, rook, queen and king, in that order."""
    marches = [march([space_at(ray + 9 * (seat % 2), 2 * (seat // 2)) for ray in range(8)])
               for seat in range(6)]  # rings 0, 2 and 4, rays 0-7 and 9-16; leaders at the tails
    state = end_of_round(last_seat(marches), 2, 7, 12, 17, 22, 27)  # free spaces of ring 1
    assert [p["rank"] for p in state["police"]] == ["pawn", "bishop", "knight", "rook", "queen", "king"]
    assert [p["space"] for p in state["police"]] == [2, 7, 12, 17, 22, 27]


def test_a_second_strong_march_brings_the_next_rank():
    """With a pawn on the board, a second strong march calls the bishop."""
    state = last_seat([march(SEVEN, leader=5), march(SEVEN_B, leader=2)], police=[("pawn", 45)], strong=[0])
    state = end_of_round(state, 60, 61)
    assert state["police"] == [{"rank": "pawn", "space": 60}, {"rank": "bishop", "space": 61}]


def test_police_move_lowest_rank_first():
    """Each round every piece is moved by a draw, the lowest rank first whatever the entry order."""
    state = last_seat([march(SEVEN, leader=5), march(SEVEN_B, leader=2)],
                      police=[("bishop", 45), ("pawn", 46)], strong=[0, 1])
    state = end_of_round(state, 60, 61)
    assert state["police"] == [{"rank": "bishop", "space": 61}, {"rank": "pawn", "space": 60}]


def test_a_police_draw_stays_out_of_the_bag():
    """The number a piece goes to leaves the bag like every other draw ("pesca un numero a caso dalla
    borsa"; rules/arditi.md "Police", corrected 2026-11-28): the police empty the bag too."""
    before = last_seat([march(SEVEN, leader=5), WEAK])
    state = end_of_round(before, 60)
    assert state["police"] == [{"rank": "pawn", "space": 60}]
    assert sorted(state["bag"]) == sorted(set(before["bag"]) - {60})
    assert G.outcome(state) is None


def test_the_police_drawing_the_last_number_end_the_game_at_the_end_of_the_round():
    """ "Il gioco si conclude quando finiscono i numeri della tombola": the police's draw of the last
    number ends the game at the end of that round, before the next round starts."""
    before = last_seat([march(SEVEN, leader=5), WEAK], bag=[60])
    state = end_of_round(before, 60)
    assert state["bag"] == [] and state["round"] == before["round"]
    assert ended(state).reason == "bag_empty"


def test_the_police_leaving_numbers_in_the_bag_let_the_game_go_on():
    """A police draw that leaves a number in the bag ends nothing: the next round starts."""
    before = last_seat([march(SEVEN, leader=5), WEAK], bag=[60, 61])
    state = end_of_round(before, 60)
    assert state["bag"] == [61] and state["round"] == before["round"] + 1
    assert G.outcome(state) is None


RETURN_DRAWS = {"max_rounds": 60, "police_return_draws": True}


def stored(state: dict) -> dict:
    """The state as a restart reads it back: dumped to JSON, then loaded."""
    return G.load(json.loads(json.dumps(G.dump(state))))


def test_with_the_house_rule_police_draws_go_back_into_the_bag():
    """The `police_return_draws` house rule puts a police draw back: the bag keeps its size, and a
    police draw never ends the game."""
    before = last_seat([march(SEVEN, leader=5), WEAK], options=RETURN_DRAWS, bag=[60])
    state = end_of_round(before, 60)
    assert state["police"] == [{"rank": "pawn", "space": 60}]
    assert state["bag"] == [60]
    assert G.outcome(state) is None
    assert G.view(state, None)["police_return_draws"] is True


def test_a_table_stored_before_either_option_plays_on_with_the_draws_put_back():
    """A stored state whose options predate both options (a game begun before 2026-11-27) plays on
    under the rule it started with: the draws go back."""
    before = stored(last_seat([march(SEVEN, leader=5), WEAK], options={"max_rounds": 60}))
    state = end_of_round(before, 60)
    assert sorted(state["bag"]) == sorted(before["bag"])
    assert G.view(state, None)["police_return_draws"] is True


def test_a_table_stored_with_the_old_option_plays_on_under_it():
    """A stored state with the old `police_keep_draws` option (2026-11-27) keeps the rule it started
    with, either way."""
    kept = stored(last_seat([march(SEVEN, leader=5), WEAK], options={"max_rounds": 60, "police_keep_draws": True}))
    assert sorted(end_of_round(kept, 60)["bag"]) == sorted(set(kept["bag"]) - {60})
    put_back = stored(last_seat([march(SEVEN, leader=5), WEAK],
                                options={"max_rounds": 60, "police_keep_draws": False}))
    assert sorted(end_of_round(put_back, 60)["bag"]) == sorted(put_back["bag"])


def test_setting_up_with_the_old_option_keeps_it_verbatim():
    """A stored table's options from before the rename still set up (its replay must rebuild its stored
    snapshot, whose options name the old option), and under the rule they name."""
    state = G.setup(2, {"max_rounds": 60, "police_keep_draws": False}, SeededRng(1, 0))
    assert state["options"] == {"max_rounds": 60, "police_keep_draws": False}
    assert G.view(state, None)["police_return_draws"] is True


def test_a_piece_leaves_when_a_march_falls_below_seven():
    """When the strong marches are fewer than the pieces, one leaves (no draw for it)."""
    state = last_seat([march(SEVEN[:-1], leader=5), WEAK], police=[("pawn", 60)], strong=[0])
    after = end_of_round(state)
    assert after["police"] == []
    assert events(state, after, "police_leave")[0]["rank"] == "pawn"


def boxed_fallen(police: list[tuple[str, int | None]]) -> dict:
    """Seat 0 still strong; seat 1's march (6 militants, head on 79) fell below 7 and cannot step."""
    fallen = march(SEVEN_B[:-1], leader=3)
    return last_seat([march(SEVEN, leader=5), fallen], police=police, strong=[0, 1], numbers=[84, 89, 80, 78])


def test_the_piece_nearest_to_the_fallen_march_leaves():
    """The piece nearest in steps to the march that fell below 7 leaves; the other one patrols."""
    state = end_of_round(boxed_fallen([("pawn", 48), ("bishop", 20)]), 60)
    assert state["police"] == [{"rank": "bishop", "space": 60}]


def test_the_newest_piece_leaves_on_a_tie():
    """Two pieces as near to the fallen march: the newer one leaves."""
    assert distances_from(48)[49] == distances_from(55)[54] == 1
    state = end_of_round(boxed_fallen([("pawn", 48), ("bishop", 55)]), 60)
    assert state["police"] == [{"rank": "pawn", "space": 60}]


def test_a_police_piece_on_a_free_space_blocks_it():
    """A piece moved to a free space stays there as an obstacle to every march."""
    state = end_of_round(last_seat([march(SEVEN, leader=5), WEAK]), 42)  # 42 lies ccw of 37, the head
    state = G.apply(state, 0, ROLL, ScriptedRng([1]))
    assert {"type": "step", "dir": "ccw"} not in G.legal_actions(state, 0)


def test_an_arrest_splits_the_march_and_the_leader_part_stays_the_march():
    """On a token behind the leader: the token leaves, the part with the leader stays the march and
    the tail part becomes a leaderless group. The march fell below 7, so the pawn (on 12, the nearest
    piece) leaves at once ("dev'essere sempre pari")."""
    before = last_seat([march(SEVEN, leader=5), WEAK])
    state = end_of_round(before, 12)
    assert state["marches"][0] == {"spaces": [17, 22, 27, 32, 37], "leader": 2, "dir": "ccw"}
    assert state["groups"] == [{"seat": 0, "spaces": [2, 7]}]
    assert state["arrested"] == [1, 0]
    assert state["police"] == []
    assert [(e["rank"], e["seat"], e["space"]) for e in events(before, state, "arrest")] == [("pawn", 0, 12)]
    assert [e["type"] for e in events(before, state, "police_leave")] == ["police_leave"]


def test_an_arrest_that_leaves_seven_keeps_the_piece():
    """A march of 8 militants that loses one token at its tail still has 7: the piece stays on its space."""
    eight = march(walk(2, *["ccw"] * 8), leader=5)
    state = end_of_round(last_seat([eight, WEAK]), 2)
    assert state["police"] == [{"rank": "pawn", "space": 2}]


def test_a_piece_leaves_the_moment_a_clash_cuts_a_march_below_seven():
    """A clash in the middle of a round splits a strong march: the nearest piece leaves at once, not at
    the end of the round, so it arrests nobody in the meantime."""
    strong = march(walk(2, *["ccw"] * 8), leader=4)  # 2 … 42 on ring 1, 8 militants, the leader on 22
    attacker = march([24])  # a lone leader stepping out to 23, next to 22
    police = [("pawn", 18), ("bishop", 70)]  # the bishop stands near seat 2's strong march
    state = position([attacker, strong, march(SEVEN_B, leader=2)], police=police, strong=[1, 2])
    state = act(state, 0, ROLL, 2)
    before = state
    state = act(state, 0, step("out"))  # 24 → 23: clash on 22
    state = act(state, 1, place(3))  # the tail part 2-17 turns round (4 militants), 27-42 is cut off
    assert state["marches"][1]["spaces"] == [17, 12, 7, 2, 3]
    assert [e["type"] for e in events(before, state)][-2:] == ["leader_placed", "police_leave"]
    assert state["police"] == [{"rank": "bishop", "space": 70}]
    assert (state["phase"], state["current"], state["steps_left"]) == ("move", 0, 1)


def test_an_arrest_sends_the_nearest_piece_away_before_it_patrols():
    """Two strong marches, two pieces: the pawn's arrest cuts seat 0's march below 7; the nearest piece
    (the pawn, next to the arrest) leaves and the bishop still patrols for seat 1's march."""
    state = last_seat([march(SEVEN, leader=5), march(SEVEN_B, leader=2)],
                      police=[("pawn", 45), ("bishop", 60)], strong=[0, 1])
    after = end_of_round(state, 12, 61)
    assert after["police"] == [{"rank": "bishop", "space": 61}]
    kinds = [e["type"] for e in events(state, after) if e["type"].startswith("police") or e["type"] == "arrest"]
    assert kinds == ["arrest", "police_leave", "police_moved"]


def test_an_arrest_ahead_of_the_leader_gives_a_new_head_and_direction():
    """Cutting the front off: the leader's part keeps marching, its new head travelling from the piece
    behind it; the front part becomes a group."""
    bent = walk(2, "ccw", "ccw", "ccw", "ccw", "ccw", "in", "in")  # …, 22, 27, 28, 29: heading in
    state = end_of_round(last_seat([march(bent, leader=5), WEAK]), 28)
    assert state["marches"][0] == {"spaces": [2, 7, 12, 17, 22, 27], "leader": 5, "dir": "ccw"}
    assert state["groups"] == [{"seat": 0, "spaces": [29]}]


def test_an_arrest_at_an_end_just_shrinks_the_march():
    """A token at the tail (or the head) leaves without making a group."""
    state = end_of_round(last_seat([march(SEVEN, leader=5), WEAK]), 2)
    assert state["marches"][0]["spaces"] == SEVEN[1:]
    state = end_of_round(last_seat([march(SEVEN, leader=5), WEAK]), 37)
    assert state["marches"][0] == {"spaces": SEVEN[:-1], "leader": 5, "dir": "ccw"}
    assert state["groups"] == []


def test_an_arrest_splits_a_leaderless_group():
    """Groups can be arrested too: the group splits at the arrested token."""
    state = last_seat([march(SEVEN, leader=5), WEAK], groups=[(1, [61, 62, 63])])
    state = end_of_round(state, 62)
    assert state["groups"] == [{"seat": 1, "spaces": [61]}, {"seat": 1, "spaces": [63]}]
    assert state["arrested"] == [0, 1]


def test_never_a_leader_a_number_or_another_police_piece():
    """Draws landing on a leader, a number or another police piece are drawn again."""
    state = last_seat([march(SEVEN, leader=5), march(SEVEN_B, leader=2)],
                      police=[("pawn", 45), ("bishop", 60)], strong=[0, 1], numbers=[70])
    after = end_of_round(state, 60, 27, 70, 71, 72)  # pawn: bishop's space, a leader, a number, then 71
    assert after["police"] == [{"rank": "pawn", "space": 71}, {"rank": "bishop", "space": 72}]
    assert after["arrested"] == [0, 0]
    # The refused numbers went back into the bag; only the two taken stay out.
    assert sorted(after["bag"]) == sorted(set(state["bag"]) - {71, 72})


def test_a_piece_drawing_its_own_space_stays_there():
    """Its own space holds no *other* police piece: drawn, the piece simply stays."""
    state = last_seat([march(SEVEN, leader=5), WEAK], police=[("pawn", 45)], strong=[0])
    state = end_of_round(state, 45)
    assert state["police"] == [{"rank": "pawn", "space": 45}]


def test_a_piece_stays_when_no_number_in_the_bag_gives_a_valid_space():
    """With only leaders', numbers' and police spaces left in the bag, no draw is made and the piece
    stays where it is."""
    state = last_seat([march(SEVEN, leader=5), WEAK], police=[("pawn", 45)], strong=[0],
                      numbers=[70], bag=[27, 70])
    after = end_of_round(state)
    assert after["police"] == [{"rank": "pawn", "space": 45}]
    assert events(state, after, "police_stays")[0]["rank"] == "pawn"


def test_a_new_piece_without_a_valid_space_waits_off_the_board():
    """A piece that enters with no valid space in the bag has no space yet (and blocks nothing)."""
    state = end_of_round(last_seat([march(SEVEN, leader=5), WEAK], bag=[27]))
    assert state["police"] == [{"rank": "pawn", "space": None}]
    assert all(v["kind"] != "police" for v in G.view(state, None)["spaces"].values())


def test_an_arrest_leaving_the_leader_alone_keeps_the_direction():
    """Arresting the token right in front of a leader at the tail leaves the leader alone: it keeps the
    march's direction of travel, and everything beyond becomes a group."""
    state = end_of_round(last_seat([march(SEVEN, leader=0), WEAK]), 7)
    assert state["marches"][0] == {"spaces": [2], "leader": 0, "dir": "ccw"}
    assert state["groups"] == [{"seat": 0, "spaces": SEVEN[2:]}]


def test_a_piece_waiting_off_the_board_is_the_first_to_leave():
    """A piece that never found a space leaves before any piece on the board."""
    state = end_of_round(boxed_fallen([("pawn", None), ("bishop", 48)]), 60)
    assert state["police"] == [{"rank": "bishop", "space": 60}]
