"""Whose turn it is to ask (rules/spyfall.md "A round", step 3)."""

from __future__ import annotations

import pytest

from tests.games.spyfall.spyfall_testkit import T0, G, act, refused, start


def ask(state: dict, seat: int, target: int) -> dict:
    return act(state, seat, {"type": "ask", "target": target})


def test_dealer_asks_first():
    """When the round starts the dealer is the one to ask."""
    state = start(n=5, dealer=3, spy=0)
    assert G.view(state, None)["asker"] == 3
    assert any(a["type"] == "ask" for a in G.legal_actions(state, 3))
    for seat in (0, 1, 2, 4):
        assert not any(a["type"] == "ask" for a in G.legal_actions(state, seat))


def test_the_answerer_asks_next():
    """After a question, the player who answered holds the turn to ask."""
    state = ask(start(n=5, dealer=3, spy=0), 3, 1)
    assert G.view(state, None)["asker"] == 1
    state = ask(state, 1, 4)
    assert G.view(state, None)["asker"] == 4


def test_cannot_ask_yourself():
    """The asker cannot pick themselves."""
    refused(start(n=4, dealer=0), 0, {"type": "ask", "target": 0})


def test_cannot_ask_back_the_one_who_just_asked():
    """The answerer may ask anyone but the player who just asked them."""
    state = ask(start(n=4, dealer=0), 0, 2)
    refused(state, 2, {"type": "ask", "target": 0})
    targets = sorted(a["target"] for a in G.legal_actions(state, 2) if a["type"] == "ask")
    assert targets == [1, 3]
    state = ask(state, 2, 3)
    state = ask(state, 3, 0)
    assert G.view(state, None)["asker"] == 0


def test_dealer_may_ask_anyone_else_first():
    """The first question may go to any other player."""
    state = start(n=6, dealer=2)
    targets = sorted(a["target"] for a in G.legal_actions(state, 2) if a["type"] == "ask")
    assert targets == [0, 1, 3, 4, 5]


def test_three_players_alternate_the_only_allowed_target():
    """At three players the answerer has exactly one player to ask."""
    state = ask(start(n=3, dealer=0), 0, 1)
    assert [a["target"] for a in G.legal_actions(state, 1) if a["type"] == "ask"] == [2]


def test_only_the_asker_may_ask():
    """Anybody else trying to ask is refused."""
    state = start(n=4, dealer=0)
    for seat in (1, 2, 3):
        refused(state, seat, {"type": "ask", "target": (seat + 1) % 4})
    refused(state, None, {"type": "ask", "target": 1})


@pytest.mark.parametrize("target", [None, 4, -1, "1", 1.0, True, [1]])
def test_ask_target_must_be_a_seat_at_the_table(target):
    """A target that is not a player's seat is refused."""
    refused(start(n=4, dealer=0), 0, {"type": "ask", "target": target})


def test_cannot_ask_a_player_who_left():
    """A player who left cannot be asked."""
    state = act(start(n=5, dealer=0, spy=1), 3, {"type": "leave"})
    refused(state, 0, {"type": "ask", "target": 3})


def test_no_questions_outside_play():
    """Questions are tracked only while the round is being played."""
    state = start(n=4, dealer=0, spy=1)
    voting = act(state, 2, {"type": "accuse", "target": 3, "at": T0 + 5})
    refused(voting, 0, {"type": "ask", "target": 1})
    guessing = act(state, 1, {"type": "reveal", "at": T0 + 5})
    refused(guessing, 0, {"type": "ask", "target": 2})


def test_asking_does_not_touch_the_clock():
    """Questions keep the round clock running as it was."""
    state = start(n=4, dealer=0)
    asked = act(state, 0, {"type": "ask", "target": 1, "at": T0 + 30})
    assert G.deadline(asked) == G.deadline(state)
