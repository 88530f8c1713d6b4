"""Random playouts for 4-7 players: they always reach the end within a bounded number of actions,
the 96 notes and 80 cards stay whole, every listed action is legal, the public view leaks no secret,
and dump/load and a replay of the log rebuild the state exactly."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from games.core.protocol import IllegalAction
from games.core.rng import SeededRng
from games.junta import GAME, engine
from games.junta.cards import DECK, NOTE_COUNT
from tests.games.junta.junta_kit import cards_total, notes_total

STEP_BOUND = 10000  # the longest of the 24 seeds takes about 5,400 actions
OPTIONS = [{}, {"coup_needs_hq_and_pretext": True}, {"burn_after_coup": True},
           {"recycle_money": True, "recycle_limit": 96}, {"decision_timer": 30}]
SECRET_KEYS = {"notes", "note", "total", "cards", "gave", "got", "hand", "money", "account"}


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
        t["location"] = [pick.choice(engine.LOCATIONS) if loc is not None else None for loc in t["location"]]
    return t


def check_public(s: dict[str, Any], pick: random.Random) -> None:
    public = GAME.view(s, None)
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
    frame, _seats = engine._waiting(s)
    if frame is not None and engine._decision(frame) in ("budget:keep", "coup", "surrender"):
        return  # these decisions are asked only of a player whose notes allow them (or the coup decides)
    assert GAME.view(perturbed(s, pick), None) == public, "the public view depends on a secret"


def playout(seed: int, probe_every: int = 0) -> tuple[int, Any]:
    pick = random.Random(f"junta:{seed}")
    n = pick.randint(4, 7)
    options = pick.choice(OPTIONS)
    state = GAME.setup(n, dict(options), SeededRng(seed, 0))
    record = [(None, {"type": "start_clock", "at": 0.0}, 0)]  # the table opens: the game master starts the clock
    state = GAME.apply(state, None, record[0][1], SeededRng(seed, 0))
    now = 0.0
    for step in range(1, STEP_BOUND + 1):
        if GAME.outcome(state) is not None:
            break
        acting = GAME.to_act(state)
        listed = {x: GAME.legal_actions(state, x) for x in (None, *range(n))}
        assert all(listed[x] for x in acting)
        choices = [(x, a) for x in sorted(acting) for a in listed[x]] + [(None, a) for a in listed[None]]
        if probe_every and step % probe_every == 0:
            for x, acts in listed.items():
                for a in acts:
                    try:
                        GAME.apply(state, x, a, SeededRng(seed, "probe"))
                    except IllegalAction as refusal:  # pragma: no cover - a listed action must be legal
                        raise AssertionError(f"listed {a} for {x} is refused: {refusal}") from None
            check_public(state, pick)
            data = json.loads(json.dumps(GAME.dump(state)))
            assert GAME.load(data) == state
        seat, action = pick.choice(choices)
        if seat is None:
            deadline = GAME.deadline(state)
            now = max(now, deadline or now)
            action = {**action, "at": now}
        elif pick.random() < 0.5:
            deadline = GAME.deadline(state)
            later = now + (pick.uniform(0, (deadline - now) * 0.9) if deadline is not None and deadline > now else 0)
            now = later if deadline is None or later < deadline else now  # never rounded up onto the deadline
            action = {**action, "at": now}
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        record.append((seat, action, step))
        assert notes_total(state) == NOTE_COUNT
        assert cards_total(state) == len(DECK)
    else:
        raise AssertionError(f"seed {seed}: no end after {STEP_BOUND} actions")
    outcome = GAME.outcome(state)
    assert GAME.to_act(state) == set() and all(GAME.legal_actions(state, x) == [] for x in (None, *range(n)))
    replayed = GAME.setup(n, dict(options), SeededRng(seed, 0))
    for seat, action, step in json.loads(json.dumps(record)):
        replayed = GAME.apply(replayed, seat, action, SeededRng(seed, step))
    assert replayed == state
    return len(record), outcome


@pytest.mark.parametrize("chunk", range(4))
def test_random_playouts_end(chunk):
    """Every seeded random game ends (aid exhausted, or earlier) within the bound, 4 to 7 players."""
    reasons, sizes = set(), set()
    for seed in range(chunk * 6, chunk * 6 + 6):
        steps, outcome = playout(seed)
        reasons.add(outcome.reason)
        sizes.add(steps)
        assert outcome.reason in ("aid_exhausted", "first_election_no_note", "all_dead")
    assert "aid_exhausted" in reasons


@pytest.mark.parametrize("seed", [100, 101])
def test_listed_actions_are_legal_and_views_hide_secrets(seed):
    """Probing every 5th position: each listed action applies, the public view is independent of the
    secrets, and the state survives a JSON round trip."""
    playout(seed, probe_every=5)
