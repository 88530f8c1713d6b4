"""Polls' own checks of the registry's random playouts (tests/games/test_registry_playouts.py calls them).

On every state: the 30 tokens of each side are all somewhere, no sector holds both colours, the log's
ids run in order. On every state of the first `DETAILED` games: the state and every seat's view survive
JSON, only the seat to act has actions (the other is refused, the game master has none). At the end the
66 seats are all given out.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core.playout import Playout
from games.core.protocol import Game, IllegalAction
from games.core.rng import SeededRng
from games.polls.engine import supply
from tests.games.polls.helpers_polls import tokens_on_board

REASONS = {"absolute_majority", "minority_government", "hung_parliament"}
DETAILED = 5  # seeds whose every state gets the costlier checks of `detailed`


def every_state(game: Game, state: dict[str, Any]) -> None:
    """Tokens, sectors and the log's ids."""
    for seat in (0, 1):
        assert 0 <= supply(state, seat) <= 30
        assert tokens_on_board(state, seat) + supply(state, seat) == 30
        assert all(v >= 0 for v in state["propaganda"][seat].values())
    for counts in state["sectors"].values():
        assert min(counts) >= 0 and 0 in counts, "a sector holds both colours"
    for counts in list(state["influence"].values()) + list(state["pacts"].values()):
        assert min(counts) >= 0
    ids = [e["id"] for e in state["log"]]
    assert ids == sorted(ids) and ids[-1] == state["log_count"]


def detailed(game: Game, state: dict[str, Any]) -> None:
    """JSON round trips of the state and of every seat's view; only the seat to act has actions."""
    assert json.loads(json.dumps(game.dump(state))) == state
    for viewer in (None, 0, 1):
        view = game.view(state, viewer)
        assert json.loads(json.dumps(view)) == view
    assert game.legal_actions(state, None) == []
    if game.outcome(state) is None:
        (seat,) = game.to_act(state)
        other = 1 - seat
        assert game.legal_actions(state, other) == []
        with pytest.raises(IllegalAction):
            game.apply(state, other, {"type": "end_turn"}, SeededRng("polls-other", 0))


def finished(playout: Playout) -> None:
    """The 66 seats are given out (the third parties' included); a known way to end."""
    outcome = playout.outcome
    assert outcome is not None and outcome.reason in REASONS, outcome
    assert sum(outcome.scores.values()) + playout.final["result"]["third"] == 66
    assert set(outcome.winners) <= {0, 1}
    if playout.seed < DETAILED:
        for state in playout.states:
            detailed(playout.game, state)
