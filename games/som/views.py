"""`view`: everything but face-down cards, the Hisenda's kinds and unrevealed bids (rules/som.md,
"Hidden information"; every key in docs/som-view.md)."""

from __future__ import annotations

from games.core.actions import check_seat
from games.core.data import clone
from games.som.cards import CARD, CELLS, DISC, FACE_NUMBER, POS, total
from games.som.common import GAME_ID, Action, State, atc_active, ones, start_cell, twos
from games.som.disc_effects import exchange_actions, landing_actions
from games.som.movement import step_cells
from games.som.payments import due, payment_choices
from games.som.readers import waiting as waiting_on
from games.som.set_up import degrees, start_cells
from games.som.state_acts import interior_held
from games.som.turn import movers_of
from games.som.view_types import Cell, Die, Movement, Payment, Pending, Player, SomView, Vote


def view(state: State, seat: int | None) -> SomView:
    """Everything but face-down cards, the Hisenda's kinds and unrevealed bids (docs/som-view.md)."""
    check_seat(seat, state["n"])
    s = state
    waiting, seats = waiting_on(s)
    face_up = set(s["face_up"])
    board: list[Cell] = []
    for cell in CELLS:
        card = s["board"][cell]
        row, col = POS[cell]
        known = card if card is not None and card in face_up else None
        board.append({
            "cell": cell, "row": row, "col": col,
            "state": "empty" if card is None else "face_up" if known else "face_down",
            "card": known, "flag": CARD[known].flag if known else None,
            "symbol": CARD[known].symbol if known else None,
            "citizens": [x for x in range(s["n"]) if s["citizens"][x] == cell],
        })
    vote = s["vote"]
    bidding = vote is not None and vote["step"] == "bid"
    players: list[Player] = []
    for x in range(s["n"]):
        hand = s["hands"][x]
        players.append({
            "seat": x, "colour": s["colours"][x], "cell": s["citizens"][x], "value": total(hand),
            "participation": s["participation"][x],
            "discs": [{"id": d, "kind": DISC[d].kind, "value": DISC[d].value, "group": DISC[d].group}
                      for d in hand],
            "is_holder": x == s["holder"], "bid_done": bool(bidding and str(x) in vote["bids"]),
        })
    hisenda = s["hisenda"]
    die: Die | None = None
    if s["die"] is not None:
        die = {"face": s["die"], "number": FACE_NUMBER[s["die"]], "movers": movers_of(s)}
    pending = _pending_view(s, waiting, seats)
    payment = s["payment"]
    payment_view: Payment | None = None
    if payment is not None:
        payment_view = {
            "payer": payment["payer"], "payee": payment["payee"], "amount": payment["amount"],
            "reason": payment["reason"], "step": payment["step"], "changer": payment["changer"],
            "overpay": payment["overpay"],
            # the Hisenda's coin: named only once it reaches a player's hands
            "broken": None if payment["broken"] in hisenda else payment["broken"],
            "due": due(payment), "choices": payment_choices(s),
        }
    movement = s["movement"]
    movement_view: Movement | None = None
    if movement is not None:
        movement_view = {
            "mover": movement["mover"], "start": movement["start"], "cell": movement["cell"],
            "visited": list(movement["visited"]), "steps": movement["steps"], "landed": movement["landed"],
            "first_step": movement["steps"] == 0,
        }
    effects: list[Action] = []
    if waiting == "cohesion":
        effects = exchange_actions(s)
    elif waiting == "move":
        effects = landing_actions(s)
    shown: SomView = {
        "game": GAME_ID,
        "n": s["n"],
        "mode": s["mode"],
        "kinds_matter": s["kinds"],
        "degree": s["degree"],
        "phase": s["phase"],
        "turn": s["turn"],
        "holder": s["holder"],
        "starting_holder": s["starting_holder"],
        "colours": list(s["colours"]),
        "seat_of_colour": {c: x for x, c in enumerate(s["colours"])},
        "die": die,
        "movers_left": list(s["movers"]),
        "players": players,
        "hisenda": {"ones": len(ones(hisenda)), "twos": len(twos(hisenda)), "value": total(hisenda)},
        "pool": s["pool"],
        "urn_area": list(s["urn_area"]),
        "board": board,
        "start_cell": start_cell(s),
        "atc_active": atc_active(s),
        "used": {"health": s["used"]["health"], "justice": s["used"]["justice"]},
        "to_act": sorted(seats),
        "pending": pending,
        "payment": payment_view,
        "movement": movement_view,
        "moves": step_cells(s) if waiting == "move" else [],
        "can_stop": waiting == "move" and movement is not None and movement["steps"] > 0,
        "effects": effects,
        "vote": _vote_view(s),
        "last_vote": clone(s["last_vote"]),
        "result": clone(s["result"]),
        "log": clone(s["log"]),
        "log_count": s["log_count"],
    }
    if seat is not None:
        shown["you"] = seat
        shown["my_bid"] = vote["bids"].get(str(seat)) if bidding else None
        if bidding and shown["vote"] is not None:
            shown["vote"]["my_bid"] = shown["my_bid"]
    return shown


def _pending_view(s: State, waiting: str | None, seats: list[int]) -> Pending | None:
    if waiting is None:
        return None
    pending: Pending
    if waiting == "bid":
        return {"type": "bid", "seat": None, "seats": list(seats)}
    pending = {"type": waiting, "seat": seats[0]}
    if waiting == "place_start":
        pending["cells"] = start_cells(s)
    elif waiting == "choose_centralism":
        pending["degrees"] = degrees(s)
    elif waiting == "move":
        pending["first_step"] = s["movement"]["steps"] == 0
    elif waiting == "protect_urn":
        pending["card"] = s["pending"]["card"]
        pending["max"] = len(s["urn_area"])
        pending["interior"] = [{"disc": d, "owner": o} for d, o in interior_held(s)]
    elif waiting == "sufragi":
        pending["options"] = list(s["pending"]["options"])
    elif waiting == "name_beneficiary":
        pending["players"] = list(s["vote"]["sides"]["motion"])
    return pending


def _vote_view(s: State) -> Vote | None:
    vote = s["vote"]
    if vote is None:
        return None
    return {
        "kind": vote["kind"], "step": vote["step"], "caller": vote["caller"], "holder": vote["holder"],
        "candidates": list(vote["candidates"]) if vote["kind"] == "elections" else None,
        "stood": dict(vote["stood"]) if vote["kind"] == "elections" else None,
        "backing": dict(vote["backing"]) if vote["kind"] == "elections" else None,
        "sides": clone(vote["sides"]) if vote["kind"] == "motion" else None,
        "beneficiary": vote["beneficiary"],
        "waiting_for": vote["waiting_for"] if vote["step"] != "bid" else None,
        "bid_done": sorted(int(x) for x in vote["bids"]),
    }
