"""Junta's own checks of the registry's random playouts (tests/games/test_registry_playouts.py calls them).

On every state the 96 notes and the 80 cards stay whole; at the sampled states the public view names no
secret and stays the same when the secrets are dealt otherwise (at random, unlike the registry's fixed
reshuffle); every game ends by one of Junta's ways, and the aid runs out in some of them.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from games.core.playout import Playout
from games.core.protocol import Game
from games.junta import readers
from games.junta.cards import DECK, NOTE_COUNT
from games.junta.common import LOCATIONS
from tests.games.junta.junta_kit import cards_total, notes_total

REASONS = {"aid_exhausted", "first_election_no_note", "all_dead"}
SECRET_KEYS = {"notes", "note", "total", "cards", "gave", "got", "hand", "money", "account"}


def phase(state: dict[str, Any]) -> Any:
    """The phase and the decision asked (a sample takes the first state of each)."""
    frame, _seats = readers.waiting(state)
    return state["phase"], readers.decision_of(frame) if frame is not None else None


def every_state(game: Game, state: dict[str, Any]) -> None:
    """The 96 notes and the 80 cards are all somewhere."""
    assert notes_total(state) == NOTE_COUNT
    assert cards_total(state) == len(DECK)


def perturbed(s: dict[str, Any], pick: random.Random) -> dict[str, Any]:
    """The same public position with other secrets: notes dealt differently (other counts and values,
    another aid deck size), other cards in hands (same counts), other unrevealed locations."""
    t = copy.deepcopy(s)
    pool = [v for m in t["money"] for v in m] + [v for a in t["accounts"] for v in a] + t["aid_down"] + t["aid_up"]
    pick.shuffle(pool)
    for seat in range(t["n"]):
        k, j = pick.randint(0, 6), pick.randint(0, 6)
        t["money"][seat], pool = sorted(pool[:k]), pool[k:]
        t["accounts"][seat], pool = sorted(pool[:j]), pool[j:]
    t["aid_down"], t["aid_up"] = pool[: len(pool) // 2], pool[len(pool) // 2:]
    for seat in range(t["n"]):
        for i in range(len(t["hands"][seat])):
            if t["deck"]:
                j = pick.randrange(len(t["deck"]))
                t["hands"][seat][i], t["deck"][j] = t["deck"][j], t["hands"][seat][i]
    if not t["revealed"]:
        t["location"] = [pick.choice(LOCATIONS) if loc is not None else None for loc in t["location"]]
    return t


def public_view(game: Game, s: dict[str, Any], pick: random.Random) -> None:
    """No hand, note, account or unrevealed location in view(None), its log included; the same view
    for other secrets, except while a decision only a player's notes allow is asked."""
    public = game.view(s, None)
    shown = json.loads(json.dumps(public))
    assert not {"hand", "money", "account", "location_choice", "swaps"} & set(shown)
    for player in shown["players"]:
        assert not {"hand", "money", "account"} & set(player)
        if not s["revealed"]:
            assert player["location"] is None
    for event in shown["log"]:
        assert not SECRET_KEYS & set(event), event
        assert "only" not in event and "private" not in event
        if event["type"] in ("location_chosen", "card_given"):
            assert not {"location", "embassy", "card"} & set(event), event
    frame, _seats = readers.waiting(s)
    if frame is not None and readers.decision_of(frame) in ("budget:keep", "coup", "surrender"):
        return  # these decisions are asked only of a player whose notes allow them (or the coup decides)
    assert game.view(perturbed(s, pick), None) == public, "the public view depends on a secret"


def finished(playout: Playout) -> None:
    """Every game ends by one of Junta's ways."""
    outcome = playout.outcome
    assert outcome is not None and outcome.reason in REASONS, outcome


def all_games(playouts: list[Playout]) -> None:
    """Some of the games run the aid out (the whole game, twelve turns of aid)."""
    assert "aid_exhausted" in {p.outcome.reason for p in playouts if p.outcome is not None}
