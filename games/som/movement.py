"""Phase 4 — Citizen action and the card symbols (rules/som.md, "Phase 4 — Citizen action",
"Card symbols"): where the mover may step (`step_cells`), a step (`move_citizen`): the card turned
face up and resolved by its flag (Catalunya: its symbol; world: the end of the movement, or
Sufragi universal's vote; urn: set aside; Spain: the State acts), and `stop_moving`.
"""

from __future__ import annotations

from games.core.messages import NP_
from games.core.protocol import IllegalAction, Rng
from games.som.cards import (
    CARD,
    CATALUNYA,
    CELL_INDEX,
    ECONOMIC,
    HEALTH,
    HEALTH_CARD,
    JUSTICE,
    JUSTICE_CARD,
    SPAIN,
    SUFFRAGE_CARD,
    URN,
    URN_COUNT,
    WORLD,
    neighbours,
)
from games.som.common import HISENDA, MAX_STEPS, Action, State, log
from games.som.end import game_over
from games.som.payments import queue_payment
from games.som.state_acts import spain_revealed
from games.som.turn import end_movement
from games.som.votes import sufragi_options


def step_cells(s: State) -> list[str]:
    """Cells the current mover may step to: every neighbour holding a card, the ones already stood on
    this movement included, until the movement has taken its MAX_STEPS steps."""
    movement = s["movement"]
    if movement is None or s["payment"] is not None or s["pending"] is not None or s["vote"] is not None:
        return []
    if movement["steps"] >= MAX_STEPS:
        return []
    return [c for c in neighbours(movement["cell"]) if s["board"][c] is not None]


def do_move_citizen(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    cell = action.get("cell")
    movement = s["movement"]
    moves = step_cells(s)
    if cell not in CELL_INDEX:
        raise IllegalAction("som.no_such_cell", "Name a cell of the board, such as D3.")
    if movement["steps"] >= MAX_STEPS:
        raise IllegalAction(NP_("som.step_limit"), f"Your citizen has already taken {MAX_STEPS} steps, the "
                                                   "most a movement allows: stop here.", count=MAX_STEPS)
    if cell not in moves:  # a card stood on earlier in this movement is a step like any other
        cells = ", ".join(moves) or "-"
        if cell not in neighbours(movement["cell"]):
            raise IllegalAction("som.cell_not_neighbour",
                                f"Step to a cell next to your citizen: {cells}.", cells=cells)
        raise IllegalAction("som.cell_empty", f"That cell has no card: step to {cells}.", cells=cells)
    mover = movement["mover"]
    came_from = movement["cell"]
    card = s["board"][cell]
    revealed = card not in s["face_up"]
    if revealed:
        s["face_up"].append(card)
        s["face_up"].sort()
    s["citizens"][mover] = cell
    movement.update(cell=cell, steps=movement["steps"] + 1, landed=card, window=[])
    movement["visited"].append(cell)
    log(s, {"type": "moved", "seat": mover, "from": came_from, "cell": cell, "card": card,
            "revealed": revealed})
    _resolve_card(s, mover, cell, card, came_from, revealed, rng)


def _resolve_card(s: State, mover: int, cell: str, card: str, came_from: str, revealed: bool, rng: Rng) -> None:
    """Step 3: resolve the card stepped onto by its flag (and a Catalunya card's symbol)."""
    flag = CARD[card].flag
    if flag == URN:
        _urn_found(s, mover, cell, card, came_from)
    elif flag == SPAIN:
        if revealed:
            spain_revealed(s, mover, cell, card, rng)
        else:
            end_movement(s, "spain")  # a face-up Spain card stops the movement like a world card
    elif flag == WORLD:
        options = sufragi_options(s, mover) if card == SUFFRAGE_CARD else []
        if options:
            s["pending"] = {"type": "sufragi", "seat": mover, "options": [*options, "decline_vote"]}
        else:
            end_movement(s, "world")
    else:
        assert flag == CATALUNYA
        symbol = CARD[card].symbol
        if revealed and symbol == ECONOMIC:
            log(s, {"type": "economic", "seat": mover, "card": card})
            queue_payment(s, HISENDA, mover, 3, "economic", provoker=mover)
        if symbol in (HEALTH, JUSTICE) and card in (HEALTH_CARD, JUSTICE_CARD):
            s["movement"]["window"] = [symbol]  # the disc effect may be used now (disc_effects.py)


def _urn_found(s: State, mover: int, cell: str, card: str, came_from: str) -> None:
    s["board"][cell] = None
    s["face_up"].remove(card)
    s["urn_area"].append(card)
    s["citizens"][mover] = came_from  # back to the card it stepped from; its symbol does not trigger
    s["movement"]["cell"] = came_from
    log(s, {"type": "urn_found", "seat": mover, "card": card, "cell": cell, "back_to": came_from,
            "urns": len(s["urn_area"])})
    if len(s["urn_area"]) == URN_COUNT:
        game_over(s, "referendum")
        return
    end_movement(s, "urn")


def do_stop_moving(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    if s["movement"]["steps"] == 0:
        raise IllegalAction("som.first_step", "The first step is compulsory: move your citizen.")
    end_movement(s, "stopped")
