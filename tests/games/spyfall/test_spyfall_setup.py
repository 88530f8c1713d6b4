"""Spyfall set-up (rules/spyfall.md "Set-up of a game" and "Engine vocabulary")."""

from __future__ import annotations

import pytest
from spyfall_testkit import G, act, new_game, refused

from games import REGISTRY
from games.core import Game, IllegalAction, ScriptedRng, SeededRng


def test_registered_under_its_id_with_player_range():
    """REGISTRY["spyfall"] is the engine, for 3 to 8 players, shaped like the Game contract."""
    assert REGISTRY["spyfall"] is G
    assert G.id == "spyfall"
    assert (G.min_players, G.max_players) == (3, 8)
    assert isinstance(G, Game)


@pytest.mark.parametrize("n", range(3, 9))
def test_three_to_eight_players_may_play(n):
    """Any table of 3 to 8 players can be set up."""
    state = G.setup(n, {}, ScriptedRng([0]))
    assert G.view(state, None)["n"] == n


@pytest.mark.parametrize("n", [0, 1, 2, 9, 12])
def test_other_table_sizes_are_refused(n):
    """Fewer than 3 or more than 8 players is refused."""
    with pytest.raises(IllegalAction):
        G.setup(n, {}, ScriptedRng([0]))


def test_default_options():
    """By default: 5 rounds of 8 minutes, with roles, 60 s votes."""
    state = new_game(4)
    shown = G.view(state, None)
    assert (shown["rounds"], shown["minutes"], shown["roles_in_play"]) == (5, 8, True)
    state = act(state, 0, {"type": "start_round", "at": 0}, 3)
    assert G.deadline(state) == 8 * 60
    state = act(state, 1, {"type": "accuse", "target": 2, "at": 10})
    assert G.deadline(state) == 10 + 60


@pytest.mark.parametrize("minutes", [3, 8, 12, 15, 20])
def test_round_length_from_3_to_20_minutes(minutes):
    """Any round length from 3 to 20 minutes sets the round clock."""
    state = new_game(4, minutes=minutes)
    state = act(state, 0, {"type": "start_round", "at": 500}, 3)
    assert G.deadline(state) == 500 + 60 * minutes


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"minutes": 2},
        {"minutes": 21},
        {"minutes": 8.5},
        {"minutes": "8"},
        {"minutes": True},
        {"rounds": 0},
        {"rounds": -3},
        {"rounds": "5"},
        {"rounds": None},
        {"vote_seconds": 0},
        {"vote_seconds": -60},
        {"vote_seconds": "60"},
        {"roles": "yes"},
        {"roles": 1},
        {"roles": None},
    ],
)
def test_bad_options_are_refused(options):
    """Unknown options and out-of-range or mistyped values are refused."""
    with pytest.raises(IllegalAction):
        G.setup(4, options, ScriptedRng([0]))


def test_agreed_rounds_and_no_roles_are_kept():
    """Chosen options are what the game plays with."""
    state = new_game(5, rounds=3, roles=False, minutes=12, vote_seconds=30)
    shown = G.view(state, None)
    assert (shown["rounds"], shown["minutes"], shown["roles_in_play"]) == (3, 12, False)


def test_setup_starts_in_the_lobby_with_nothing_dealt():
    """After set-up: lobby, round 0, all scores 0, nobody holds a card."""
    state = new_game(4, dealer=1)
    for seat in (None, 0, 1, 2, 3):
        shown = G.view(state, seat)
        assert shown["phase"] == "lobby"
        assert shown["round"] == 0
        assert shown["scores"] == [0, 0, 0, 0]
        assert "card" not in shown
    assert G.outcome(state) is None
    assert G.deadline(state) is None


@pytest.mark.parametrize("dealer", [0, 2, 4])
def test_first_dealer_is_drawn_at_random(dealer):
    """Round 1's dealer is the rng's pick among the seats."""
    state = G.setup(5, {}, ScriptedRng([dealer]))
    assert G.view(state, None)["dealer"] == dealer
    assert G.to_act(state) == {dealer}


def test_first_dealer_can_be_any_seat():
    """Over many seeds every seat gets to deal first."""
    dealers = {G.setup(4, {}, SeededRng(seed, 0))["dealer"] for seed in range(200)}
    assert dealers == {0, 1, 2, 3}


def test_only_the_dealer_starts_round_one():
    """In the lobby only the dealer may start; the others are refused."""
    state = new_game(4, dealer=2)
    assert G.legal_actions(state, 2)[0] == {"type": "start_round"}
    for seat in (0, 1, 3):
        assert {"type": "start_round"} not in G.legal_actions(state, seat)
        refused(state, seat, {"type": "start_round"})
    refused(state, None, {"type": "start_round"})
    assert G.legal_actions(state, None) == []
