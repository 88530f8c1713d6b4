"""The worked examples of the Italian rulebook (seeds/001_64d224c905a37fbc.txt) as scenarios."""

from __future__ import annotations

import pytest

from games.core import ScriptedRng
from games.spyfall.locations import LOCATION_NAME, ROLE_NAME
from tests.games.spyfall.spyfall_testkit import ALL_IDS, T0, G, act, deadline, points, refused, time_up, votes
from tests.support.present import present

BARBARA, FEDERICO, GIANNI, SABRINA = range(4)
KNIGHT, SQUIRE, ARCHER = 6, 4, 5  # role indexes of crusader_army: knight, squire, archer (Cavaliere, ...)


class DealingRng(ScriptedRng):
    """ScriptedRng whose shuffle deals a given order (to hand out the rulebook's roles)."""

    def __init__(self, rolls: list[int], order: list[int]) -> None:
        super().__init__(rolls)
        self._order = order

    def shuffle(self, items: list) -> list:
        assert sorted(items) == sorted(self._order)
        return list(self._order)


def crusader_round() -> dict:
    """Barbara, Federico, Gianni and Sabrina in the Crusader Army; Barbara is the spy.

    Gianni deals (he asks the first question). ScriptedRng.choice takes the first location of
    the pool, so every location before crusader_army is marked as used beforehand; the scripted
    shuffle hands Federico the Knight, Gianni the Squire and Sabrina the Archer.
    """
    state = G.setup(4, {}, ScriptedRng([GIANNI]))
    state["used_locations"] = ALL_IDS[: ALL_IDS.index("crusader_army")]
    order = [KNIGHT, SQUIRE, ARCHER, 0, 1, 2, 3]
    return G.apply(state, GIANNI, {"type": "start_round", "at": T0}, DealingRng([BARBARA], order))


def test_crusader_cards():
    """Barbara holds the Spy card; the others are knight, squire and archer of the army.

    The cards carry ids (the Italian "Esercito crociato", "Cavaliere"... are the catalogs' words).
    """
    state = crusader_round()
    assert G.view(state, BARBARA)["card"] == {"spy": True}
    for seat, role in ((FEDERICO, "knight"), (GIANNI, "squire"), (SABRINA, "archer")):
        card = G.view(state, seat)["card"]
        assert card == {"location": "crusader_army", "role": role}
        assert ROLE_NAME[f"{card['location']}.{card['role']}"] == f"spyfall.role.crusader_army.{role}"
    assert LOCATION_NAME["crusader_army"] == "spyfall.location.crusader_army"


def asked_round() -> dict:
    """Gianni asks Sabrina; Sabrina asks Federico; Federico asks Barbara."""
    state = crusader_round()
    state = act(state, GIANNI, {"type": "ask", "target": SABRINA, "at": T0 + 10})
    refused(state, SABRINA, {"type": "ask", "target": GIANNI})
    state = act(state, SABRINA, {"type": "ask", "target": FEDERICO, "at": T0 + 40})
    return act(state, FEDERICO, {"type": "ask", "target": BARBARA, "at": T0 + 70})


def test_crusader_questions():
    """Gianni asks first; Sabrina cannot ask Gianni back; after Federico, Barbara asks."""
    state = crusader_round()
    assert G.view(state, None)["asker"] == GIANNI
    state = asked_round()
    assert G.view(state, None)["asker"] == BARBARA
    assert G.view(state, None)["asked_by"] == FEDERICO


def test_crusader_potatoes_accusation_catches_the_spy():
    """Federico accuses Barbara over the potatoes; unanimous: non-spies +1, Federico +1 more."""
    state = act(asked_round(), FEDERICO, {"type": "accuse", "target": BARBARA, "at": T0 + 90})
    state = votes(state, {GIANNI: True, SABRINA: True}, at=T0 + 100)
    shown = G.view(state, None)
    assert present(shown["result"])["how"] == "spy_caught"
    assert present(shown["result"])["convicted"] == BARBARA
    assert shown["scores"] == [0, 2, 1, 1]
    assert shown["dealer"] == BARBARA


def test_crusader_accusation_not_unanimous_play_goes_on():
    """If Sabrina votes no, the round continues where it stopped, with Barbara to ask."""
    state = act(asked_round(), FEDERICO, {"type": "accuse", "target": BARBARA, "at": T0 + 90})
    state = votes(state, {GIANNI: True, SABRINA: False}, at=T0 + 100)
    shown = G.view(state, None)
    assert shown["phase"] == "playing"
    assert shown["asker"] == BARBARA
    assert shown["scores"] == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("guess", "scores"),
    [("pirate_ship", [0, 1, 1, 1]), ("crusader_army", [4, 0, 0, 0])],
)
def test_crusader_barbara_reveals_and_guesses(guess, scores):
    """Barbara reveals: the pirate ship is wrong (others +1), the crusader army right (+4)."""
    state = act(asked_round(), BARBARA, {"type": "reveal", "at": T0 + 90})
    state = act(state, BARBARA, {"type": "guess", "location": guess, "at": T0 + 120})
    assert G.view(state, None)["scores"] == scores


def test_crusader_barbara_survives_the_time_out_votes():
    """If time runs out and no vote is unanimous, starting from Gianni, Barbara scores 2."""
    state = time_up(asked_round())
    suspects = []
    while state["phase"] == "final_vote":
        suspects.append(present(G.view(state, None)["vote"])["suspect"])
        state = time_up(state)
    assert suspects == [GIANNI, SABRINA, BARBARA, FEDERICO]
    assert points(state) == [2, 0, 0, 0]


# The time-out example: "Gianni, dealer in a 4-player game, calls a vote on himself: 2 to 1, not
# enough. The next player, Federico: unanimous." Federico sits after Gianni at that table.
B, G_, F, S = range(4)  # Barbara, Gianni, Federico, Sabrina clockwise


def timeout_example(spy: int) -> dict:
    state = G.setup(4, {}, ScriptedRng([G_]))
    state = G.apply(state, G_, {"type": "start_round", "at": T0}, ScriptedRng([spy]))
    state = time_up(state)
    assert present(G.view(state, None)["vote"])["suspect"] == G_
    state = votes(state, {B: True, F: False, S: True}, at=deadline(state) - 30)
    result = [e for e in G.view(state, None)["log"] if e["type"] == "vote_result"][-1]
    assert (result["yes"], result["no"], result["convicted"]) == (2, 1, False)
    assert present(G.view(state, None)["vote"])["suspect"] == F
    return votes(state, {B: True, G_: True, S: True}, at=deadline(state) - 30)


def test_timeout_example_federico_is_the_spy():
    """Federico, unanimously voted, reveals the Spy card: the others score 1 each, no bonus."""
    state = timeout_example(spy=F)
    assert state["result"]["convicted"] == F
    assert state["result"]["cards"][F] == {"spy": True}
    assert points(state) == [1, 1, 0, 1]


def test_timeout_example_federico_is_innocent():
    """Federico is not the spy: the real spy (Sabrina) wins 4."""
    state = timeout_example(spy=S)
    assert state["result"]["convicted"] == F
    assert state["result"]["cards"][F]["location"] == state["result"]["location"]
    assert points(state) == [0, 0, 0, 4]
