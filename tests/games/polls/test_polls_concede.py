"""Conceding (DECISIONS.md D18): a player who leaves concedes and the opponent wins at once."""

from __future__ import annotations

import copy

import pytest

from games.core.protocol import IllegalAction
from games.core.rng import ScriptedRng
from games.polls import GAME, projected_seats
from tests.games.polls.helpers_polls import BLUE, RED, act, events, new_game, with_board

CONCEDE = {"type": "concede"}


def board() -> dict:
    """Blue's turn, both parties with Influence on the map (so the projected seats differ)."""
    return with_board(new_game(BLUE), influence={"madrid": (2, 0), "catalonia": (0, 1), "valencia": (1, 1)})


def states() -> dict[str, dict]:
    """A state for each situation a player may concede in: turn, pending roll, national poll."""
    pending = act(new_game(BLUE), BLUE, {"type": "double_propaganda", "circle": "A"}, 2, 5)
    poll = with_board(new_game(BLUE), round=1, turn=10, current=RED, actions_left=0,
                      influence={r: (1, 0) for r in ("madrid", "catalonia", "galicia", "euskadi")})
    poll = act(poll, RED, {"type": "end_turn"})
    assert poll["phase"] == "poll" and GAME.to_act(poll) == {BLUE}
    return {"turn": board(), "pending": pending, "poll": poll}


@pytest.mark.parametrize("situation", ["turn", "pending", "poll"])
@pytest.mark.parametrize("seat", [BLUE, RED])
def test_concede_in_turn_or_out_of_turn_ends_the_game(situation: str, seat: int) -> None:
    """Either player may concede at any moment: the game is over and the other seat wins."""
    state = states()[situation]
    assert (seat in GAME.to_act(state)) == (seat == BLUE)  # Blue is to act, Red concedes out of turn
    before = copy.deepcopy(state)
    after = act(state, seat, CONCEDE)
    assert state == before
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.winners == [1 - seat]
    assert outcome.reason == "conceded"
    assert after["phase"] == "game_over"
    assert GAME.to_act(after) == set()
    assert [e["seat"] for e in events(state, after, "conceded")] == [seat]


def test_conceded_outcome_scores_are_the_projected_seats() -> None:
    """The final scores of a conceded game are the seats each party would win now."""
    state = board()
    seats = projected_seats(state)["seats"]
    assert seats[0] != seats[1]
    outcome = GAME.outcome(act(state, RED, CONCEDE))
    assert outcome is not None
    assert outcome.scores == {0: float(seats[0]), 1: float(seats[1])}
    assert outcome.winners == [BLUE]


def test_the_winner_of_a_conceded_game_need_not_lead() -> None:
    """Conceding hands the game to the opponent even when the conceding party leads in seats."""
    state = board()
    seats = projected_seats(state)["seats"]
    leader = seats.index(max(seats))
    outcome = GAME.outcome(act(state, leader, CONCEDE))
    assert outcome is not None
    assert outcome.winners == [1 - leader]


def test_concede_is_not_a_listed_action() -> None:
    """Conceding is never offered in legal_actions (computer players and random playouts never pick it)."""
    for state in states().values():
        for seat in (None, BLUE, RED):
            assert all(a["type"] != "concede" for a in GAME.legal_actions(state, seat))


def test_leave_action_is_concede_until_the_game_is_over() -> None:
    """leave_action is concede for both seats while the game runs, then None."""
    for state in states().values():
        assert [GAME.leave_action(state, seat) for seat in (BLUE, RED)] == [CONCEDE, CONCEDE]
    over = act(board(), BLUE, CONCEDE)
    assert [GAME.leave_action(over, seat) for seat in (BLUE, RED)] == [None, None]


def test_nothing_after_a_concession() -> None:
    """Once a player conceded, no action is accepted, a second concession included."""
    over = act(board(), RED, CONCEDE)
    for seat, action in ((BLUE, {"type": "propaganda", "circle": "A"}), (BLUE, CONCEDE), (RED, CONCEDE)):
        with pytest.raises(IllegalAction) as caught:
            GAME.apply(over, seat, action, ScriptedRng())
        assert caught.value.message_id == "polls.game_over"


def test_the_game_master_and_strangers_cannot_concede() -> None:
    """Only a seated player concedes: seat None and seats outside 0-1 are refused."""
    state = board()
    for seat, message_id in ((None, "polls.players_only"), (2, "core.not_a_seat"), (-1, "core.not_a_seat"),
                             (True, "core.not_a_seat")):
        with pytest.raises(IllegalAction) as caught:
            GAME.apply(state, seat, CONCEDE, ScriptedRng())
        assert caught.value.message_id == message_id
    assert GAME.leave_action(state, 2) is None
