"""Spyfall set-up (rules/spyfall.md "Set-up of a game" and "Engine vocabulary")."""

from __future__ import annotations

import pytest

from games import REGISTRY
from games.core import Game, IllegalAction, ScriptedRng, SeededRng
from games.core.messages import msg
from tests.games.spyfall.spyfall_testkit import G, accuse, act, new_game, refused


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
    ("options", "message_id"),
    [
        ({"colour": "red"}, "core.option_unknown"),
        ({"minutes": 2}, "core.option_range"),
        ({"minutes": 21}, "core.option_range"),
        ({"minutes": 8.5}, "core.option_range"),
        ({"minutes": "8"}, "core.option_range"),
        ({"minutes": True}, "core.option_range"),
        ({"rounds": 0}, "core.option_range"),
        ({"rounds": -3}, "core.option_range"),
        ({"rounds": "5"}, "core.option_range"),
        ({"rounds": None}, "core.option_range"),
        ({"vote_seconds": 0}, "core.option_range"),
        ({"vote_seconds": -60}, "core.option_range"),
        ({"vote_seconds": "60"}, "core.option_range"),
        ({"roles": "yes"}, "core.option_bool"),
        ({"roles": 1}, "core.option_bool"),
        ({"roles": None}, "core.option_bool"),
    ],
)
def test_bad_options_are_refused(options, message_id):
    """Unknown options and out-of-range or mistyped values are refused, each with its message id."""
    with pytest.raises(IllegalAction) as info:
        G.setup(4, options, ScriptedRng([0]))
    assert info.value.message_id == message_id


def test_options_schema_is_rounds_minutes_roles_and_vote_seconds():
    """The schema the lobby shows: rounds 1-20 (5), minutes 3-20 (8), vote_seconds 15-600 (60), roles yes/no;
    the location set (built-in by default) and the pack are set by /spyfall new, not shown."""
    schema = {spec.name: spec for spec in G.options_schema}
    assert set(schema) == {"rounds", "minutes", "vote_seconds", "roles", "locations", "pack"}
    ranges = {name: (spec.kind, spec.minimum, spec.maximum, spec.default) for name, spec in schema.items()}
    assert ranges == {
        "rounds": ("int", 1, 20, 5),
        "minutes": ("int", 3, 20, 8),
        "vote_seconds": ("int", 15, 600, 60),
        "roles": ("bool", None, None, True),
        "locations": ("choice", None, None, "builtin"),
        "pack": ("data", None, None, None),
    }
    assert schema["locations"].choices == ("builtin", "pack", "both")
    assert all(spec.label == f"spyfall.option.{spec.name}" for spec in G.options_schema)
    assert [spec.name for spec in G.options_schema if not spec.public] == ["locations", "pack"]


@pytest.mark.parametrize(("name", "low", "high"), [("rounds", 1, 20), ("minutes", 3, 20), ("vote_seconds", 15, 600)])
def test_setup_enforces_the_schema_ranges(name, low, high):
    """Both ends of each range are accepted; one step outside is refused with core.option_range."""
    for value in (low, high):
        assert G.setup(4, {name: value}, ScriptedRng([0]))["options"][name] == value
    for value in (low - 1, high + 1):
        with pytest.raises(IllegalAction) as info:
            G.setup(4, {name: value}, ScriptedRng([0]))
        refusal = info.value
        assert refusal.message_id == "core.option_range"
        assert refusal.params == {"option": msg(f"spyfall.option.{name}"), "low": low, "high": high}
        assert str(refusal) == f"The option {name} must be a whole number from {low} to {high}."


def test_setup_enforces_roles_as_true_or_false():
    """roles takes true or false, anything else is refused with core.option_bool."""
    for value in (True, False):
        assert G.setup(4, {"roles": value}, ScriptedRng([0]))["options"]["roles"] is value
    with pytest.raises(IllegalAction) as info:
        G.setup(4, {"roles": "no"}, ScriptedRng([0]))
    assert info.value.message_id == "core.option_bool"
    assert info.value.params == {"option": msg("spyfall.option.roles")}


def test_unknown_option_names_the_known_ones():
    """An unknown option is refused with core.option_unknown, listing Spyfall's options."""
    with pytest.raises(IllegalAction) as info:
        G.setup(4, {"colour": "red", "rounds": 3}, ScriptedRng([0]))
    assert info.value.message_id == "core.option_unknown"
    assert info.value.params["option"] == "colour"
    assert info.value.params["known"].split(", ") == ["rounds", "minutes", "roles", "vote_seconds", "locations", "pack"]


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


def test_auto_action_deals_round_one_then_rests():
    """In the lobby the game master deals round 1 at once (seat None); after that auto_action is None."""
    state = new_game(4, dealer=2)
    auto = G.auto_action(state)
    assert auto == {"type": "start_round"}
    assert auto is not None
    state = act(state, None, auto, 3)
    assert (state["phase"], state["round"], state["dealer"], state["asker"], state["spy"]) == ("playing", 1, 2, 2, 3)
    assert G.auto_action(state) is None
    voting = accuse(state, 0, 1, at=5)
    assert G.auto_action(voting) is None
    over = act(act(state, 3, {"type": "reveal"}), 3, {"type": "guess", "location": "zoo"})
    assert over["phase"] == "round_over"
    assert G.auto_action(over) is None
    refused(over, None, {"type": "start_round"})  # round 2 is the dealer's (or anyone's after the clock)
    finished = act(over, 0, {"type": "leave"})
    finished = act(finished, 1, {"type": "leave"})
    assert finished["phase"] == "game_over"
    assert G.auto_action(finished) is None


def test_only_the_dealer_or_the_game_master_starts_round_one():
    """In the lobby only the dealer (or the game master, dealing at once) may start; others are refused."""
    state = new_game(4, dealer=2)
    assert G.legal_actions(state, 2)[0] == {"type": "start_round"}
    for seat in (0, 1, 3):
        assert {"type": "start_round"} not in G.legal_actions(state, seat)
        assert refused(state, seat, {"type": "start_round"}).message_id == "spyfall.dealer_only"
    assert G.legal_actions(state, None) == [{"type": "start_round"}]
    dealt = act(state, None, {"type": "start_round", "at": 0}, 3)
    assert (dealt["phase"], dealt["round"], dealt["asker"]) == ("playing", 1, 2)
