"""Players leaving (rules/spyfall.md "Votes in detail" and the `leave` action)."""

from __future__ import annotations

from tests.games.spyfall.spyfall_testkit import T0, G, accuse, act, new_game, points, refused, start, vote, votes
from tests.support.present import present


def leave(state: dict, seat: int, at: float | None = None) -> dict:
    action = {"type": "leave"} if at is None else {"type": "leave", "at": at}
    return act(state, seat, action)


def test_any_player_may_leave_at_any_time():
    """Leaving is offered to every player in every phase of a running game."""
    lobby = new_game(4)
    playing = start(n=4, dealer=0, spy=1)
    voting = accuse(playing, 0, 2, at=T0 + 5)
    for state in (lobby, playing, voting):
        for seat in range(4):
            assert {"type": "leave"} in G.legal_actions(state, seat)


def test_a_player_who_left_can_do_nothing_more():
    """After leaving, every action of that seat is refused and none is offered."""
    state = leave(start(n=5, dealer=0, spy=1), 3)
    assert G.legal_actions(state, 3) == []
    assert 3 not in G.to_act(state)
    refused(state, 3, {"type": "accuse", "target": 1})
    refused(state, 3, {"type": "leave"})
    assert G.view(state, None)["left"] == [False, False, False, True, False]
    assert "card" not in G.view(state, 3) or G.view(state, 3)["card"] is None


def test_non_spy_non_dealer_leaving_lets_the_round_go_on():
    """The round continues when someone else than the spy or dealer leaves."""
    state = leave(start(n=5, dealer=0, spy=1), 3, at=T0 + 5)
    assert state["phase"] == "playing"
    assert G.deadline(state) == T0 + 8 * 60


def test_leaver_does_not_vote():
    """A leaver drops out of the vote; the others' unanimous yes is enough."""
    state = accuse(start(n=5, dealer=0, spy=1), 0, 1, at=T0 + 5)
    state = votes(state, {2: True, 3: True}, at=T0 + 6)
    assert state["phase"] == "accusation"
    state = leave(state, 4, at=T0 + 7)
    assert state["phase"] == "round_over"
    assert points(state) == [2, 0, 1, 1, 0]


def test_leaver_is_not_in_later_votes():
    """After leaving, a player is not counted among the eligible voters."""
    state = leave(start(n=5, dealer=0, spy=1), 4)
    state = accuse(state, 0, 2, at=T0 + 5)
    assert present(G.view(state, None)["vote"])["eligible"] == 3


def test_accused_leaving_ends_the_vote_and_play_resumes():
    """If the accused leaves during the vote, the round goes on with the clock resumed."""
    state = accuse(start(n=5, dealer=0, spy=1), 0, 2, at=T0 + 100)
    state = leave(state, 2, at=T0 + 120)
    assert state["phase"] == "playing"
    assert G.deadline(state) == T0 + 120 + (8 * 60 - 100)


def test_spy_leaving_voids_the_round():
    """The spy leaving: round void, nobody scores, the location is shown, next deal follows."""
    state = start(n=5, dealer=0, spy=2, first_location="beach")
    state = act(state, 0, {"type": "ask", "target": 1})
    state = leave(state, 2, at=T0 + 30)
    shown = G.view(state, None)
    assert shown["phase"] == "round_over"
    assert present(shown["result"])["how"] == "void"
    assert present(shown["result"])["location"] == "beach"
    assert shown["scores"] == [0] * 5
    assert shown["dealer"] == 3
    assert G.to_act(state) == {3}


def test_dealer_leaving_voids_the_round():
    """The dealer leaving: round void with no points; the spy deals next."""
    state = accuse(start(n=5, dealer=0, spy=2), 1, 2, at=T0 + 5)
    state = votes(state, {0: True, 3: True}, at=T0 + 6)
    state = leave(state, 0, at=T0 + 7)
    shown = G.view(state, None)
    assert present(shown["result"])["how"] == "void"
    assert shown["scores"] == [0] * 5
    assert shown["dealer"] == 2


def test_spy_leaving_while_guessing_voids_the_round():
    """Even after revealing, a spy who leaves voids the round."""
    state = act(start(n=4, dealer=0, spy=2), 2, {"type": "reveal", "at": T0 + 5})
    state = leave(state, 2, at=T0 + 6)
    assert state["result"]["how"] == "void"
    assert G.view(state, None)["scores"] == [0] * 4


def test_fewer_than_three_players_end_the_game():
    """When a leave leaves fewer than 3 players the game is over, the round void."""
    state = start(n=4, dealer=0, spy=1)
    state = leave(state, 3)
    assert state["phase"] == "playing"
    state = leave(state, 2)
    assert state["phase"] == "game_over"
    outcome = G.outcome(state)
    assert outcome is not None
    assert outcome.reason == "too_few_players"
    assert G.view(state, None)["scores"] == [0] * 4
    assert state["history"][-1]["how"] == "void"


def test_three_players_in_the_lobby_one_leaves_game_over():
    """A three-player table losing one player before any round ends the game."""
    state = leave(new_game(3), 1)
    assert G.outcome(state) is not None
    assert G.to_act(state) == set()


def test_dealer_leaving_in_the_lobby_passes_the_deal_on():
    """If the dealer leaves before dealing, the next player clockwise deals."""
    state = leave(new_game(5, dealer=4), 4)
    assert G.view(state, None)["dealer"] == 0
    assert G.to_act(state) == {0}


def test_asker_leaving_passes_the_turn_on():
    """If the player whose turn it is to ask leaves, the next player clockwise asks."""
    state = act(start(n=5, dealer=0, spy=4), 0, {"type": "ask", "target": 2})
    state = leave(state, 2)
    shown = G.view(state, None)
    assert shown["asker"] == 3
    assert shown["asked_by"] is None


def test_the_one_who_asked_leaving_frees_the_answerer():
    """With the last asker gone, the answerer may ask anyone else still in the game."""
    state = act(start(n=5, dealer=0, spy=4), 0, {"type": "ask", "target": 2})
    state = act(state, 2, {"type": "ask", "target": 3})
    state = leave(state, 2)
    targets = sorted(a["target"] for a in G.legal_actions(state, 3) if a["type"] == "ask")
    assert targets == [0, 1, 4]


def test_accuser_who_left_gets_no_bonus_when_the_spy_is_convicted():
    """An accuser who leaves during the accusation vote scores nothing, not even the +1 bonus."""
    state = accuse(start(n=5, dealer=0, spy=1), 4, 1, at=T0 + 5)
    state = votes(state, {2: True, 3: True}, at=T0 + 6)
    state = leave(state, 4, at=T0 + 7)
    assert state["phase"] == "accusation"
    state = vote(state, 0, True, at=T0 + 8)
    assert state["result"]["how"] == "spy_caught"
    assert state["result"]["convicted"] == 1
    assert points(state) == [1, 0, 1, 1, 0]
    assert G.view(state, None)["scores"] == [1, 0, 1, 1, 0]


def test_leave_action_is_leave_for_a_seated_player():
    """leave_action: {"type": "leave"} for a seated player in every phase, then None for them."""
    lobby = new_game(4)
    playing = start(n=4, dealer=0, spy=1)
    voting = accuse(playing, 0, 2, at=T0 + 5)
    guessing = act(playing, 1, {"type": "reveal", "at": T0 + 5})
    for state in (lobby, playing, voting, guessing):
        for seat in range(4):
            action = G.leave_action(state, seat)
            assert action == {"type": "leave"}
            assert action in G.legal_actions(state, seat)
            act(state, seat, action)  # accepted
    gone = leave(start(n=5, dealer=0, spy=1), 3)
    assert G.leave_action(gone, 3) is None
    assert G.leave_action(gone, 2) == {"type": "leave"}
    for seat in (-1, 5):
        assert G.leave_action(gone, seat) is None


def test_no_leave_action_once_the_game_is_over():
    """When the game is over nobody can leave it any more."""
    state = leave(leave(start(n=4, dealer=0, spy=1), 3), 2)
    assert state["phase"] == "game_over"
    assert [G.leave_action(state, seat) for seat in range(4)] == [None] * 4
    refused(state, 0, {"type": "leave"})
