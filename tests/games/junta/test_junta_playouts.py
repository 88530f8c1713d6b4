"""Junta's random playouts are checked by the registry's test (tests/games/test_registry_playouts.py) with
Junta's own checks (playout_checks.py): these tests show that those checks can fail."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.junta import GAME
from tests.games.junta import playout_checks
from tests.support.corpus import PlayoutCorpus


def test_a_lost_note_or_card_is_caught(playout_corpus: PlayoutCorpus) -> None:
    """The note and card totals fail on a state that lost a note, or a card."""
    state = playout_corpus.playout("junta", 0).states[40]
    playout_checks.every_state(GAME, state)
    lost_note = playout_corpus.playout("junta", 0).states[40]
    lost_note["aid_down"].pop()
    with pytest.raises(AssertionError):
        playout_checks.every_state(GAME, lost_note)
    lost_card = playout_corpus.playout("junta", 0).states[40]
    lost_card["deck"].pop()
    with pytest.raises(AssertionError):
        playout_checks.every_state(GAME, lost_card)


class _Leaky:
    """Junta whose public view tells how many notes the first family holds."""

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def view(self, state: Any, seat: int | None) -> Any:
        return {**GAME.view(state, seat), "weather": len(state["money"][0])}


def test_the_random_reshuffle_catches_a_leaking_view(playout_corpus: PlayoutCorpus) -> None:
    """Dealing the secrets otherwise changes a view that depends on them."""
    playout = playout_corpus.playout("junta", 0)
    states = [playout.states[i] for i in range(0, len(playout.states), max(1, len(playout.states) // 20))]
    for state in states:
        playout_checks.public_view(GAME, state, random.Random(1))
    leaky: Any = _Leaky()
    with pytest.raises(AssertionError):
        for state in states:
            playout_checks.public_view(leaky, state, random.Random(1))
