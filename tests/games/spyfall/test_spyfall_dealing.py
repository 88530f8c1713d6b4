"""Dealing a round (rules/spyfall.md "A round", steps 1-2)."""

from __future__ import annotations

import json
import re

import pytest

from games.core import ScriptedRng, SeededRng
from games.spyfall.locations import BY_ID, LOCATION_NAME, LOCATIONS, ROLE_NAME
from tests.games.spyfall.spyfall_testkit import ALL_IDS, G, act, json_strings, new_game, secrets_shown, start
from tests.support.present import present


def test_thirty_locations_of_seven_distinct_roles():
    """The deck holds 30 locations, each with 7 distinct roles, all listed in the views.

    Ids and role keys are snake_case and each one has its message id (the names are in the catalogs).
    """
    assert len(LOCATIONS) == 30
    assert len(set(ALL_IDS)) == 30
    for loc in LOCATIONS:
        assert len(loc.roles) == 7
        assert len(set(loc.roles)) == 7
        assert LOCATION_NAME[loc.id] == f"spyfall.location.{loc.id}"
        for key in (loc.id, *loc.roles):
            assert re.fullmatch(r"[a-z]+(_[a-z]+)*", key), key
        assert [ROLE_NAME[f"{loc.id}.{role}"] for role in loc.roles] == [
            f"spyfall.role.{loc.id}.{role}" for role in loc.roles
        ]
    assert LOCATION_NAME.ids() == [f"spyfall.location.{i}" for i in ALL_IDS]
    assert len(ROLE_NAME.ids()) == 30 * 7
    listed = G.view(new_game(4), None)["locations"]
    assert listed == ALL_IDS


@pytest.mark.parametrize("n", range(3, 9))
def test_one_spy_and_distinct_roles_of_one_location(n):
    """Exactly one spy; every other player holds the same location with a distinct role."""
    for seed in range(25):
        state = G.setup(n, {}, SeededRng(seed, 0))
        state = G.apply(state, state["dealer"], {"type": "start_round", "at": 0}, SeededRng(seed, 1))
        cards = [present(G.view(state, s)["card"]) for s in range(n)]
        spies = [s for s, c in enumerate(cards) if c.get("spy")]
        assert len(spies) == 1
        others = [c for c in cards if not c.get("spy")]
        assert len({c["location"] for c in others}) == 1
        location = BY_ID[others[0]["location"]]
        roles = [c["role"] for c in others]
        assert len(set(roles)) == n - 1
        assert set(roles) <= set(location.roles)


@pytest.mark.parametrize("spy", [0, 1, 3])
def test_spy_is_drawn_at_random_among_players(spy):
    """The rng picks the spy among the players; that seat sees "You are the Spy"."""
    state = start(n=4, dealer=2, spy=spy)
    assert G.view(state, spy)["card"] == {"spy": True}
    for seat in set(range(4)) - {spy}:
        assert "spy" not in present(G.view(state, seat)["card"])


def test_every_seat_can_be_the_spy():
    """Over many seeds every seat is the spy at some point."""
    spies = set()
    for seed in range(100):
        state = G.setup(5, {}, SeededRng(seed, 0))
        state = G.apply(state, state["dealer"], {"type": "start_round"}, SeededRng(seed, 1))
        spies.add(state["spy"])
    assert spies == set(range(5))


def test_spy_card_never_shows_the_location():
    """The spy's card, and the spy's whole view, never name the location or its roles."""
    for seed in range(40):
        state = G.setup(6, {}, SeededRng(seed, 0))
        state = G.apply(state, state["dealer"], {"type": "start_round"}, SeededRng(seed, 1))
        spy_view = json.loads(json.dumps(G.view(state, state["spy"])))
        assert spy_view["card"] == {"spy": True}
        spy_view.pop("locations")
        assert not secrets_shown(spy_view, state["location"])


def test_each_player_sees_only_their_own_card():
    """A player's view holds their card and nothing of the others' roles."""
    state = start(n=5, spy=4, first_location="crusader_army")
    roles = {present(G.view(state, s)["card"])["role"] for s in range(4)}
    for seat in range(4):
        shown = json_strings(G.view(state, seat))
        own = present(G.view(state, seat)["card"])["role"]
        assert shown & roles == {own}


def test_eight_players_use_all_seven_roles():
    """With 8 players the 7 non-spies hold all 7 roles of the location."""
    state = start(n=8, spy=3, first_location="bank")
    roles = {present(G.view(state, s)["card"])["role"] for s in range(8) if s != 3}
    assert roles == set(BY_ID["bank"].roles)


def test_without_roles_cards_show_only_the_location():
    """In no-roles mode the location cards carry no role."""
    state = start(n=5, spy=0, roles=False, first_location="hotel")
    for seat in range(1, 5):
        card = G.view(state, seat)["card"]
        assert present(card)["location"] == "hotel"
        assert present(card)["role"] is None
    assert G.view(state, 0)["card"] == {"spy": True}


def play_round_quickly(state: dict, at: float) -> dict:
    """Deal (the current dealer), then the spy reveals and guesses wrong."""
    state = G.apply(state, state["dealer"], {"type": "start_round", "at": at}, SeededRng("loc", str(at)))
    wrong = next(i for i in ALL_IDS if i != state["location"])
    state = act(state, state["spy"], {"type": "reveal", "at": at + 1})
    return act(state, state["spy"], {"type": "guess", "location": wrong, "at": at + 2})


def test_locations_do_not_repeat_within_a_game():
    """A 20-round game never draws the same location twice."""
    state = new_game(4, rounds=20)
    seen = []
    for r in range(20):
        state = play_round_quickly(state, 1000.0 * (r + 1))
        seen.append(state["result"]["location"])
    assert state["phase"] == "game_over"
    assert len(set(seen)) == 20


def test_locations_repeat_only_after_all_thirty_were_used():
    """Over 45 rounds the first 30 use every location once; only then may one come back."""
    # The options cap a game at 20 rounds, so the agreed rounds are raised in the state directly.
    state = new_game(3)
    state["options"]["rounds"] = 45
    seen = []
    for r in range(45):
        state = play_round_quickly(state, 1000.0 * (r + 1))
        seen.append(state["result"]["location"])
    assert sorted(seen[:30]) == sorted(ALL_IDS)
    assert len(set(seen[30:])) == 15
    assert state["phase"] == "game_over"


def test_last_unused_location_is_drawn_then_the_deck_is_whole_again():
    """With 29 locations used the 30th is dealt; the next round may draw from all 30 again."""
    state = new_game(4)
    state["used_locations"] = [i for i in ALL_IDS if i != "zoo"]
    state = act(state, 0, {"type": "start_round", "at": 0}, 1)
    assert state["location"] == "zoo"
    state = act(state, 1, {"type": "reveal", "at": 1})
    state = act(state, 1, {"type": "guess", "location": "zoo", "at": 2})
    state = G.apply(state, 1, {"type": "start_round", "at": 3}, ScriptedRng([2]))
    assert state["location"] == ALL_IDS[0]
