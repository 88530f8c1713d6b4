"""§9 the end: the aid deck runs out in Phase 3, the owner finds no note after a tied first election,
everybody dies; the winner is the richest Swiss account (dead and exiled players included)."""

from __future__ import annotations

from games.junta import GAME
from tests.games.junta.junta_kit import FOUR, card, ended, fresh, pass_all, play, position, ready_all, waiting
from tests.support.present import present


def test_aid_exhausted_richest_account_wins_hand_money_does_not_count():
    s = position(4, phase=3, offices=FOUR, aid=[1] * 7, accounts={1: [3, 3], 2: [2, 2, 1], 3: [3]},
                 money={3: [3, 3, 3]}, exile={1: "swiss_embassy"})
    outcome = ended(s)
    assert outcome.winners == [1] and outcome.scores == {0: 0.0, 1: 6.0, 2: 5.0, 3: 3.0}
    assert outcome.reason == "aid_exhausted"
    assert present(GAME.view(s, None)["result"])["accounts"][1] == [3, 3]  # revealed at the end
    assert GAME.to_act(s) == set() and GAME.legal_actions(s, 0) == [] and GAME.deadline(s) is None
    assert GAME.legal_actions(s, None) == []


def test_shared_victory():
    s = position(4, phase=3, offices=FOUR, aid=[], accounts={1: [3], 2: [2, 1]})
    assert ended(s).winners == [1, 2]


def test_game_over_refuses_actions():
    s = position(4, phase=3, offices=FOUR, aid=[])
    from tests.games.junta.junta_kit import refused

    refused(s, 0, {"type": "pass_vote"}, "junta.game_over")


def test_first_election_tie_without_a_note_ends_the_game():
    s = fresh(4, hands={})
    s["aid_up"], s["aid_down"] = s["aid_up"] + s["aid_down"], []
    s = pass_all(s, "vote:turns")
    s = ready_all(s)
    s = pass_all(s, "vote:turns")
    s = ready_all(s)
    outcome = ended(s)
    assert outcome.reason == "first_election_no_note" and outcome.winners == [0, 1, 2, 3]


def test_everybody_dead_everybody_loses():
    s = position(4, phase=6, offices=FOUR, locations={x: "home" for x in range(4)}, dead=[2, 3],
                 hands={0: ["asn_professional#1"], 1: ["asn_professional#2"]}, money={0: [2], 1: [2]})
    s = play(s, 1, {"type": "declare_assassination", "assassin": card("asn_professional", 2), "victim": 0,
                    "location": "home"})
    s = play(s, 1, {"type": "end_declarations"})
    s = play(s, 0, {"type": "declare_assassination", "assassin": card("asn_professional", 1), "victim": 1,
                    "location": "home"})
    s = play(s, 0, {"type": "end_declarations"})
    s = play(s, 0, {"type": "decline_protection"})
    assert waiting(s) == ("protect", [1])
    s = play(s, 1, {"type": "decline_protection"})
    outcome = ended(s)
    assert outcome.reason == "all_dead" and outcome.winners == []
