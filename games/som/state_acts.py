"""The State acts (rules/som.md, "The State acts"): a face-down Spain card is revealed; the holder
may protect urn cards with interior discs (`protect_urn`), every citizen goes back to Concentració
nacional, the face-up Catalunya cards, the unprotected urn cards and (by the degree) Spain cards are
collected, shuffled and dealt face down onto empty cells, and the turn ends.
"""

from __future__ import annotations

from games.core.messages import NP_
from games.core.protocol import IllegalAction, Rng
from games.som.cards import CARD, CATALUNYA, CELL_INDEX, CELLS, DISC, INTERIOR, SPAIN, START_CARD, aligned, neighbours
from games.som.common import HISENDA, Action, State, log, move_disc, start_cell
from games.som.turn import end_movement


def interior_held(s: State) -> list[tuple[str, int]]:
    """Every interior disc (mossos, firefighters) a player holds, with its owner, seat by seat."""
    return [(d, seat) for seat in range(s["n"]) for d in s["hands"][seat] if DISC[d].kind in INTERIOR]


def spain_revealed(s: State, mover: int, cell: str, card: str, rng: Rng) -> None:
    """A step revealed a Spain card: the holder is asked to protect urn cards, or the State acts now."""
    if s["kinds"] and s["urn_area"] and interior_held(s):
        s["pending"] = {"type": "protect_urn", "seat": s["holder"], "card": card, "cell": cell, "revealer": mover}
        return
    state_acts(s, mover, cell, card, [], rng)


def do_protect_urn(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    discs = action.get("discs")
    if not isinstance(discs, list) or not all(isinstance(d, str) for d in discs) or len(set(discs)) != len(discs):
        raise IllegalAction("som.bad_discs", "Name a list of different discs, such as [\"health1\", \"roads2\"].")
    held = {d: owner for d, owner in interior_held(s)}
    if any(d not in held for d in discs):
        raise IllegalAction("som.protect_interior",
                            "Protect urn cards with mossos d'esquadra or firefighters discs that players hold.")
    most = len(s["urn_area"])
    if len(discs) > most:
        raise IllegalAction(NP_("som.protect_too_many"), f"You can protect at most {most} urn cards.", count=most)
    pending = s["pending"]
    s["pending"] = None
    for disc in discs:
        move_disc(s, disc, held[disc], HISENDA)
    state_acts(s, pending["revealer"], pending["cell"], pending["card"], sorted(discs), rng)


def state_acts(s: State, revealer: int, cell: str, card: str, protecting: list[str], rng: Rng) -> None:
    """Collect and re-lay the cards (steps 3-6); `protecting`: the interior discs handed over."""
    board = s["board"]
    protected = s["urn_area"][: len(protecting)]  # the earliest set aside
    start = start_cell(s)
    s["citizens"] = [start] * s["n"]  # in protest and self-affirmation
    collected_cells = [c for c in CELLS if board[c] is not None and board[c] in s["face_up"]
                       and CARD[board[c]].flag == CATALUNYA and board[c] != START_CARD]
    degree = s["degree"]
    if degree == "intense":
        collected_cells.append(cell)
    elif degree == "high":
        others = [c for c in CELLS if c != cell and board[c] is not None and board[c] in s["face_up"]
                  and CARD[board[c]].flag == SPAIN and aligned(c, cell)]
        if others:
            collected_cells += [cell, *others]
    collected_cells.sort(key=CELL_INDEX.__getitem__)
    deck = [board[c] for c in collected_cells]
    returning = s["urn_area"][len(protecting):]
    s["urn_area"] = protected
    for c in collected_cells:
        s["face_up"].remove(board[c])
        board[c] = None
    deck_ids: list[str] = [d for d in deck if d is not None] + returning
    collected = list(deck_ids)
    rng.shuffle(deck_ids)
    empty = [c for c in CELLS if board[c] is None]
    if len(empty) > len(deck_ids):
        # Cards go first to the empty cells next to Concentració nacional, so nobody is stranded there.
        near = [c for c in empty if c in neighbours(start)]
        far = [c for c in empty if c not in near]
        if len(deck_ids) <= len(near):
            receiving = rng.shuffle(near)[: len(deck_ids)]
        else:
            receiving = near + rng.shuffle(far)[: len(deck_ids) - len(near)]
    else:
        receiving = empty
    receiving = sorted(receiving, key=CELL_INDEX.__getitem__)
    for c, dealt in zip(receiving, deck_ids, strict=True):
        board[c] = dealt
    log(s, {"type": "state_acts", "seat": revealer, "card": card, "cell": cell, "degree": degree,
            "protected": list(protected), "protecting": list(protecting), "collected": collected,
            "relaid": list(receiving)})
    s["movement"]["cell"] = start
    end_movement(s, "spain", phase_ends=True)
