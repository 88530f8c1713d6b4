"""End of the game and winners (rules/som.md, "End of the game and winners")."""

from __future__ import annotations

import json

import pytest

from games.som.cards import ATC_CARD
from tests.games.som.som_kit import FACE, G, act, at_move, at_turn, ended, logged, position, refused, step
from tests.support.present import present

URNS = ["cultura_democratica", "mobilitzacio_ciutadana", "politics_compromesos"]


def last_urn(participation: list[int], n: int = 4) -> dict:
    """Three urn cards aside; Pink stands next to the fourth (B6: Estratègia internacional)."""
    s = position(n, participation=participation, pool=12 - sum(participation), urn_area=URNS,
                 citizens=["B5"] * n)
    return at_move(s, "generalitat")


@pytest.mark.parametrize(("participation", "winners"), [
    ([3, 1, 0, 2], [0]), ([3, 3, 0, 2], [0, 1]), ([0, 0, 0, 0], [0, 1, 2, 3]), ([1, 2, 2, 2], [1, 2, 3]),
])
def test_the_referendum_is_won_by_the_most_participation_discs(participation, winners):
    """The 4th urn card ends the game; ties share the win, and if all hold 0 all win."""
    s = act(last_urn(participation), 0, step("B6"))
    outcome = G.outcome(s)
    assert outcome is not None and outcome.reason == "referendum"
    assert outcome.winners == winners
    assert outcome.scores == {seat: float(p) for seat, p in enumerate(participation)}
    assert len(s["urn_area"]) == 4 and logged(s, "game_over")[0]["reason"] == "referendum"


def test_an_intervened_generalitat_loses_for_everybody():
    """No winners, whatever the participation."""
    s = position(participation=[5, 0, 0, 0], pool=7, hands={0: ["justice1", "justice2"], 1: ["health1"],
                                                            2: ["health2"], 3: []})
    outcome = G.outcome(at_turn(s, 0))
    assert outcome is not None and (outcome.reason, outcome.winners) == ("intervened", [])


def test_the_citizens_share_one_place_against_the_game():
    """The places ratings read: every citizen one team, above the game after a referendum (whoever holds the
    most discs), below it when intervened; the game's side is as hard as the mode and degree."""
    won = G.outcome(act(last_urn([3, 1, 0, 2]), 0, step("B6")))
    assert won is not None and won.ranks == dict.fromkeys(range(4), 1) and won.teams == dict.fromkeys(range(4), 0)
    assert won.game_side is not None and won.game_side.rank == 2
    s = position(participation=[5, 0, 0, 0], pool=7, hands={0: ["justice1", "justice2"], 1: ["health1"],
                                                            2: ["health2"], 3: []})
    s["degree"] = "intense"
    lost = G.outcome(at_turn(s, 0))
    assert lost is not None and lost.ranks == dict.fromkeys(range(4), 2)
    assert lost.game_side is not None and (lost.game_side.rank, lost.game_side.level) == (1, "A/intense")


@pytest.mark.parametrize(("participation", "winners"), [([0, 4, 1, 0], [1]), ([2, 2, 0, 0], [3]),
                                                        ([0, 0, 0, 0], [3])])
def test_a_dui_is_won_by_the_most_discs_or_else_the_provoker(participation, winners):
    """Blue (the holder) provokes it; a tie for the most makes Blue the only winner."""
    s = position(holder=3, face_up=[ATC_CARD], hisenda=["railways1"], participation=participation,
                 pool=12 - sum(participation),
                 hands={0: ["justice1"], 1: ["justice2"], 2: ["health1"], 3: ["health2"]})
    outcome = G.outcome(at_turn(s, 3, FACE["lilac"]))
    assert outcome is not None and (outcome.reason, outcome.winners) == ("dui", winners)


def test_one_player_wins_the_referendum_and_the_dui_and_loses_an_intervention():
    """Alone, the first two are wins, the last a loss."""
    s = act(last_urn([0], n=1), 0, step("B6"))
    assert ended(s).winners == [0]
    dui = position(1, face_up=[ATC_CARD], hisenda=[], hands={0: ["justice1", "justice2"]})
    assert ended(at_turn(dui, 0, FACE["pink"])).winners == [0]
    broke = position(1, hands={0: ["justice1"]})
    outcome = G.outcome(at_turn(broke, 0))
    assert outcome is not None and (outcome.reason, outcome.winners) == ("intervened", [])


def test_nothing_is_legal_after_the_end():
    """No seat acts; any action is refused as the game is over."""
    s = act(last_urn([1, 0, 0, 0]), 0, step("B6"))
    assert G.to_act(s) == set() and all(G.legal_actions(s, seat) == [] for seat in (None, 0, 1, 2, 3))
    assert refused(s, 0, step("B5")).message_id == "som.game_over"
    assert G.view(s, None)["pending"] is None and present(G.view(s, None)["result"])["reason"] == "referendum"


def test_dump_and_load_round_trip_exactly():
    """JSON through dump/load rebuilds the same state, mid-game and at the end."""
    for s in (last_urn([1, 0, 0, 0]), act(last_urn([1, 0, 0, 0]), 0, step("B6"))):
        assert G.load(json.loads(json.dumps(G.dump(s)))) == s
    assert G.deadline(last_urn([0, 0, 0, 0])) is None
