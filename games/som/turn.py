"""A turn (rules/som.md, "A turn"): phase 1 taxation, phase 2 transfer (the die), the movers of
phase 4 and the start and end of each movement, and the end of the turn (the Generalitat passes).

Phase 3 is `cohesion.py`; what a step of a movement does is `movement.py`.
"""

from __future__ import annotations

from games.core.protocol import Rng
from games.som.cards import EVERYONE_FACE, FACE_NUMBER, FACES, GENERALITAT_FACE, HEALTH, JUSTICE
from games.som.common import HISENDA, State, atc_active, log, others
from games.som.payments import queue_payment


def start_turn(s: State, holder: int) -> None:
    """The holder's turn begins: phase 1, its taxes queued (the ATC face up changes them)."""
    s.update(holder=holder, turn=s["turn"] + 1, phase="taxation", die=None, movers=[], movement=None,
             next_holder=None, used={HEALTH: False, JUSTICE: False})
    log(s, {"type": "turn_started", "seat": holder, "turn": s["turn"]})
    atc = atc_active(s)
    if s["n"] == 1:
        queue_payment(s, 0, HISENDA, 2 if atc else 3, "tax")
        return
    for other in others(s, holder):
        queue_payment(s, other, holder if atc else HISENDA, 1, "tax")
    # The holder's own tax plus territorial solidarity; with the ATC the own tax is paid to oneself.
    queue_payment(s, holder, HISENDA, 1 if atc else 2, "tax")


def roll_transfer(s: State, rng: Rng) -> None:
    """Phase 2: the die is rolled for the holder (a colour not in the game again), the Hisenda pays its number."""
    rerolled = []
    while True:
        face = FACES[rng.die(6) - 1]
        if s["n"] == 1 or face in (GENERALITAT_FACE, EVERYONE_FACE) or face in s["colours"]:
            break
        rerolled.append(face)  # a colour not in the game is rolled again
    s["die"] = face
    s["phase"] = "transfer"
    log(s, {"type": "rolled", "seat": s["holder"], "face": face, "number": FACE_NUMBER[face],
            "rerolled": rerolled})
    if FACE_NUMBER[face]:
        queue_payment(s, HISENDA, s["holder"], FACE_NUMBER[face], "transfer", provoker=s["holder"])


def movers_of(s: State) -> list[int]:
    """Who moves in phase 4, by the die's face, in order."""
    face = s["die"]
    n, holder = s["n"], s["holder"]
    if n == 1:
        return [0]
    if face == GENERALITAT_FACE:
        return [holder]
    if face == EVERYONE_FACE:
        return [(holder + i) % n for i in range(n)]
    return [s["colours"].index(face)]


def begin_action(s: State) -> None:
    """Phase 4 begins: the die's movers wait their turn to move."""
    s["phase"] = "action"
    s["movers"] = movers_of(s)
    s["movement"] = None


def start_movement(s: State) -> None:
    """The next mover's movement begins where its citizen stands."""
    mover = s["movers"].pop(0)
    cell = s["citizens"][mover]
    s["movement"] = {"mover": mover, "start": cell, "cell": cell, "visited": [cell], "steps": 0,
                     "landed": None, "window": []}
    log(s, {"type": "movement_started", "seat": mover, "cell": cell})


def end_movement(s: State, why: str, phase_ends: bool = False) -> None:
    """End the current movement; `phase_ends`: nobody else moves this turn (the State acted,
    or Sufragi universal was announced)."""
    mover, steps = s["movement"]["mover"], s["movement"]["steps"]
    log(s, {"type": "movement_ended", "seat": mover, "cell": s["citizens"][mover], "why": why,
            "steps": steps})
    s["movement"] = None
    if phase_ends:
        s["movers"] = []


def end_turn(s: State) -> None:
    """The Generalitat passes: to the vote's winner, else to the next seat; that turn starts."""
    holder = s["holder"]
    chosen = s["next_holder"]
    nxt = chosen if chosen is not None else (holder + 1) % s["n"]
    log(s, {"type": "turn_ended", "seat": holder, "next": nxt,
            "why": "vote" if chosen is not None else "rotation"})
    start_turn(s, nxt)
