"""Hidden information (rules/spyfall.md "Hidden information"): the public view keeps the secrets."""

from __future__ import annotations

import copy
import random
from typing import Any

from games.core import SeededRng
from games.spyfall.locations import LOCATION_NAME
from tests.games.spyfall.spyfall_testkit import ALL_IDS, T0, G, accuse, act, public_secret_leaks, start, time_up
from tests.support.present import present

SECRET_PHASES = ("playing", "accusation", "final_vote", "spy_guess")


def secret_states() -> list[dict]:
    playing = start(n=5, dealer=0, spy=3, first_location="police_station")
    return [
        playing,
        accuse(playing, 1, 3, at=T0 + 10),
        time_up(playing),
        act(playing, 3, {"type": "reveal", "at": T0 + 10}),
    ]


def swapped(state: dict, location: str, spy: int) -> dict:
    """The same public situation with another location, other roles and another spy."""
    other = copy.deepcopy(state)
    other["location"] = location
    other["spy"] = spy
    others = [p for p in range(state["n"]) if p != spy and not state["left"][p]]
    roles: list[int | None] = [None] * state["n"]
    for p, r in zip(others, [6, 5, 4, 3, 2, 1, 0], strict=False):
        roles[p] = r
    other["roles"] = roles
    return other


def test_public_view_never_shows_a_card_or_the_location():
    """In every phase of a round the public view holds no card, location, or role."""
    for state in secret_states():
        assert state["phase"] in SECRET_PHASES
        assert public_secret_leaks(state) == []


def test_public_view_does_not_depend_on_the_secrets():
    """Changing the location, the roles and (before a reveal) the spy leaves the public view equal."""
    for state in secret_states():
        spy = state["spy"] if state["phase"] == "spy_guess" else 4
        assert G.view(swapped(state, "zoo", spy), None) == G.view(state, None)


def test_players_views_do_not_depend_on_the_others_cards():
    """A non-spy's view changes only through their own card, never another player's role."""
    state = secret_states()[0]
    other = copy.deepcopy(state)
    other["roles"][1], other["roles"][2] = other["roles"][2], other["roles"][1]
    for seat in (0, 4):
        assert G.view(other, seat) == G.view(state, seat)


def test_location_becomes_public_when_the_round_ends():
    """After the round the public view shows the location and the spy."""
    state = act(secret_states()[3], 3, {"type": "guess", "location": "bank", "at": T0 + 20})
    shown = G.view(state, None)
    assert present(shown["result"])["location"] == "police_station"
    assert present(shown["result"])["spy"] == 3


def test_spy_list_of_locations_is_public():
    """Everyone, the spy included, sees the full list of locations, as ids the catalogs name."""
    state = secret_states()[0]
    for seat in (None, 3):
        listed = G.view(state, seat)["locations"]
        assert listed == ALL_IDS
        assert all(LOCATION_NAME[loc] == f"spyfall.location.{loc}" for loc in listed)


def test_random_games_never_leak_the_round_secret_publicly():
    """Across seeded random games with many rounds, no public view of a round shows its secret."""
    for seed in range(12):
        pick = random.Random(seed)
        state = G.setup(3 + seed % 6, {"rounds": 6, "roles": seed % 3 != 0}, SeededRng(seed, 0))
        step = 0
        while G.outcome(state) is None and step < 5000:
            step += 1
            if state["phase"] in SECRET_PHASES:
                assert public_secret_leaks(state) == [], (seed, step)
            choices: list[tuple[int | None, dict[str, Any]]] = [
                (s, a) for s in sorted(G.to_act(state)) for a in G.legal_actions(state, s) if a["type"] != "leave"]
            choices += [(None, a) for a in G.legal_actions(state, None)]
            seat, action = pick.choice(choices)
            state = G.apply(state, seat, action, SeededRng(seed, step))
        assert G.outcome(state) is not None
