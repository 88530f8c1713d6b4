"""Choosing Sides and the coup's outcome (§8.11): who controls each power centre, and who won."""

from __future__ import annotations

from games.core.messages import N_
from games.core.protocol import Rng
from games.junta import common
from games.junta.board import POWER_CENTRES
from games.junta.coup.units import Action, Coup, State, players_in, refuse


def start_sides(s: State, c: Coup) -> None:
    c["segment"] = "sides"
    c["turn"] = None
    c["proposal"] = None
    c["reaction"] = None
    c["sides_order"] = common.clockwise_from(s, c["leader"])
    c["sides_pos"] = 0
    if s["president"] is not None:
        c["sides"][str(s["president"])] = "president"


def sides_seat(s: State, c: Coup) -> int | None:
    while c["sides_pos"] < len(c["sides_order"]):
        x = c["sides_order"][c["sides_pos"]]
        if common.is_active(s, x) and x != s["president"]:
            return int(x)
        c["sides_pos"] += 1
    return None


def do_choose_side(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    if c["segment"] != "sides" or sides_seat(s, c) != seat:
        raise refuse(N_("junta.coup.not_choosing"), "It is not your turn to choose a side (§8.11).")
    side = a.get("side")
    if side not in ("president", "rebels"):
        raise refuse(N_("junta.coup.bad_side"), "Choose president or rebels (§8.11).")
    c["sides"][str(seat)] = side
    c["sides_pos"] += 1
    common.log(s, {"type": "coup_side", "seat": seat, "side": side})


def controls(s: State, area: str, present: list[int] | None = None) -> str:
    """§8.11 step 2: rebels if the area holds active units, all of players who chose the Rebels
    (`present`: the area's `players_in`, when the caller has it)."""
    if present is None:
        present = players_in(s, area)
    sides = s["coup"]["sides"]
    if present and all(sides.get(str(x)) == "rebels" for x in present):
        return "rebels"
    return "president"


def finish(s: State, c: Coup) -> None:
    held = {a: controls(s, a) for a in POWER_CENTRES}
    if c["agreed"] is not None:
        winner = c["agreed"]
        if winner == "rebels" and "rebels" not in c["sides"].values():
            winner = "president"
    else:
        winner = "rebels" if sum(1 for v in held.values() if v == "rebels") >= 3 else "president"
    c["winner"] = winner
    c["over"] = True
    c["segment"] = "over"
    common.log(s, {"type": "coup_over", "winner": winner, "sides": dict(c["sides"]), "control": held,
                   "agreed": c["agreed"] is not None})
