"""Shared helpers for the Som el que decidim! tests: positions built by hand, scripted actions, the log.

Set-up with a ScriptedRng keeps every order: seats 0-3 are pink, lilac, orange and blue, and the
cards lie on the cells in the order of `CARDS` (A1 Concentració nacional, B1 Agència Tributària
Catalana, C1 Euro per recepta, D1 Impost de successions, E1 Ports i logística, ...). `position`
builds a game with exactly the discs, cards and citizens a test names; `at_cohesion`, `at_move` and
`at_turn` put it where the game waits on a player (they run the engine's own automatic steps).
Die faces for ScriptedRng: 1 generalitat, 2 pink, 3 lilac, 4 orange, 5 blue, 6 everyone.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from games.core.protocol import IllegalAction, Outcome
from games.core.rng import ScriptedRng
from games.som import GAME
from games.som.cards import CARDS, DISCS, FACES, START_CARD
from games.som.common import HISENDA
from games.som.driver import run
from games.som.turn import begin_action, start_turn

G = GAME
State = dict[str, Any]
FACE = {face: index + 1 for index, face in enumerate(FACES)}  # face → the die value that rolls it
ALL_DISCS = [d.id for d in DISCS]
STOP = {"type": "stop_moving"}


def new(n: int = 4, mode: str = "A", holder: int = 0) -> State:
    """A fresh game in set-up (waiting on place_start), everything in its unshuffled order."""
    return G.setup(n, {"mode": mode, "holder": holder}, ScriptedRng())


def position(
    n: int = 4,
    *,
    mode: str = "A",
    holder: int = 0,
    degree: str = "high",
    hands: Mapping[int, Sequence[str]] | None = None,
    hisenda: Sequence[str] | None = None,
    participation: Sequence[int] | None = None,
    pool: int | None = None,
    cards: dict[str, str] | None = None,
    face_up: Iterable[str] = (),
    urn_area: Sequence[str] = (),
    citizens: str | Sequence[str] | None = None,
    colours: Sequence[str] | None = None,
) -> State:
    """A game after set-up with exactly these pieces (phase "cohesion", nobody's turn started).

    `hands`: seat → discs (seats not named hold none); the Hisenda holds every other disc unless
    `hisenda` names its discs (the rest are then out of play). `cards`: cell → card, each placed by
    swapping with the card on that cell. `urn_area`: urn cards already set aside (their cells
    empty). `citizens`: one cell for everyone or a cell per seat (default: Concentració nacional).
    """
    s = new(n, mode, holder)
    s["degree"] = degree
    s["phase"] = "cohesion"
    s["turn"] = 1
    if colours is not None:
        s["colours"] = list(colours)
    hands = hands or {}
    s["hands"] = [sorted(hands.get(seat, [])) for seat in range(n)]
    held = {d for hand in s["hands"] for d in hand}
    assert len(held) == sum(len(h) for h in s["hands"]), "a disc is dealt twice"
    s["hisenda"] = sorted(hisenda) if hisenda is not None else [d for d in ALL_DISCS if d not in held]
    assert not held & set(s["hisenda"]), "a disc is both held and in the Hisenda"
    if participation is not None:
        s["participation"] = list(participation)
    s["pool"] = pool if pool is not None else 12 - sum(s["participation"])
    for cell, card in (cards or {}).items():
        put(s, cell, card)
    for card in face_up:
        if card not in s["face_up"]:
            s["face_up"].append(card)
    s["face_up"].sort()
    for card in urn_area:
        cell = cell_of(s, card)
        s["board"][cell] = None
        s["urn_area"].append(card)
    start = cell_of(s, START_CARD)
    if citizens is None:
        s["citizens"] = [start] * n
    elif isinstance(citizens, str):
        s["citizens"] = [citizens] * n
    else:
        s["citizens"] = list(citizens)
    s["log"] = []
    s["log_count"] = 0
    return s


def put(s: State, cell: str, card: str) -> None:
    """Place `card` on `cell`, swapping it with whatever lies there (the board stays a deal of 37)."""
    board = s["board"]
    here = board[cell]
    there = cell_of(s, card)
    board[cell], board[there] = card, here


def cell_of(s: State, card: str) -> str:
    return next(cell for cell, here in s["board"].items() if here == card)


def at_cohesion(s: State, face: str = "blue", holder: int | None = None) -> State:
    """Phase 3 of the holder's turn, the die showing `face` (no tax or transfer is run)."""
    s = copy.deepcopy(s)
    if holder is not None:
        s["holder"] = holder
    s.update(phase="cohesion", die=face, movers=[], movement=None, payment=None, pay_queue=[], pending=None,
             vote=None)
    return s


def at_move(s: State, face: str = "generalitat", holder: int | None = None) -> State:
    """Phase 4 with the die showing `face`: the first mover's movement has started."""
    s = at_cohesion(s, face, holder)
    begin_action(s)
    run(s, ScriptedRng())
    return s


def at_turn(s: State, holder: int, *rolls: int) -> State:
    """The start of `holder`'s turn: taxes and the transfer run with these die rolls."""
    s = copy.deepcopy(s)
    rng = ScriptedRng(rolls)
    start_turn(s, holder)
    run(s, rng)
    assert rng.remaining == [], f"unused scripted values: {rng.remaining}"
    return s


def act(state: State, seat: int | None, action: dict[str, Any], *rolls: int) -> State:
    """Apply one action with scripted dice; the input is not mutated and every value is used."""
    before = copy.deepcopy(state)
    rng = ScriptedRng(rolls)
    new_state = G.apply(state, seat, action, rng)
    assert state == before, "apply mutated its input state"
    assert rng.remaining == [], f"unused scripted values: {rng.remaining}"
    return new_state


def act_on(state: State, seat: int | None, action: dict[str, Any], *rolls: int) -> State:
    """Like `act` for an action that ends the turn: the next turn's roll may go unused when its
    taxes stop for a payer's choice (modes B and C)."""
    before = copy.deepcopy(state)
    new_state = G.apply(state, seat, action, ScriptedRng(rolls))
    assert state == before, "apply mutated its input state"
    return new_state


def play(state: State, *moves: tuple[int, dict[str, Any]]) -> State:
    """Several (seat, action) pairs that roll nothing."""
    for seat, action in moves:
        state = act(state, seat, action)
    return state


def refused(state: State, seat: int | None, action: Any) -> IllegalAction:
    """Assert the action is illegal and leaves the state exactly as it was; return the refusal."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        G.apply(state, seat, action, ScriptedRng())
    assert state == before, "a refused action changed the state"
    refusal = info.value
    assert refusal.text and refusal.text[0].isupper() and refusal.text.endswith((".", "?")), refusal.text
    assert re.fullmatch(r"(som|core)(\.[a-z][a-z_]*)+", refusal.message_id), refusal.message_id
    return refusal


def step(cell: str) -> dict[str, Any]:
    return {"type": "move_citizen", "cell": cell}


def gifts(*pairs: tuple[str, int]) -> dict[str, Any]:
    return {"type": "redistribute", "gifts": [{"disc": d, "to": to} for d, to in pairs]}


def bid(count: int) -> dict[str, Any]:
    return {"type": "bid", "count": count}


NO_GIFTS = gifts()


def events(before: State, after: State, kind: str | None = None) -> list[dict[str, Any]]:
    """Log events added between two states (optionally of one type)."""
    seen = before["log_count"]
    return [e for e in after["log"] if e["id"] > seen and (kind is None or e["type"] == kind)]


def ended(state: State) -> Outcome:
    """The outcome of a game that has ended (the test fails if it has not)."""
    outcome = G.outcome(state)
    assert outcome is not None, "the game has not ended"
    return outcome


def logged(state: State, kind: str) -> list[dict[str, Any]]:
    return [e for e in state["log"] if e["type"] == kind]


def value(state: State, party: int | str) -> int:
    from games.som.cards import total

    return total(state["hisenda"] if party == HISENDA else state["hands"][party])


def waiting(state: State) -> str | None:
    pending = G.view(state, None)["pending"]
    return None if pending is None else str(pending["type"])


def types(state: State, seat: int) -> set[str]:
    return {a["type"] for a in G.legal_actions(state, seat)}


def discs_conserved(state: State) -> bool:
    """Every disc is somewhere exactly once (for positions that keep all 24 in play)."""
    found = [d for hand in state["hands"] for d in hand] + list(state["hisenda"])
    return sorted(found) == sorted(ALL_DISCS)


def cards_conserved(state: State) -> bool:
    """Each card on a cell or in the urn area; empty cells as many as urn cards set aside."""
    on_board = [c for c in state["board"].values() if c is not None]
    empty = sum(1 for c in state["board"].values() if c is None)
    return sorted(on_board + state["urn_area"]) == sorted(c.id for c in CARDS) and empty == len(state["urn_area"])
