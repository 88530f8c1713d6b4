"""The coup sub-state (`state["coup"]`): a new coup, the start of each phase, and who becomes a rebel (§8.3)."""

from __future__ import annotations

from typing import Any

from games.core.messages import N_
from games.junta import common
from games.junta.board import AIR_STRIKES, OFFICE_UNITS, start_area
from games.junta.coup.units import Coup, State, refuse


def new_coup(s: State, leader: int) -> Coup:
    units = {u: {"type": t, "area": start_area(u, bool(s["occupied"])), "office": office, "owner": None,
                 "marker": None, "moved": False} for u, (t, office, _a) in OFFICE_UNITS.items()}
    c: Coup = {
        "leader": leader, "rebels": [x == leader for x in range(s["n"])], "sides": {}, "winner": None,
        "over": False, "phase": 0, "segment": "movement", "first_mover": leader, "order": [], "pos": 0,
        "turn": None, "units": units, "landed": {"paratrooper": False, "marines": False},
        "helicopter_moved": False, "air_strikes": AIR_STRIKES, "air_strike_used": False, "gunboat_used": False,
        "card_units": {}, "proposal": None, "proposed": [], "agreed": None, "safe_conduct": [],
        "reaction": None, "combat": _new_combat(), "permits": [], "transfers": 0,
        "sides_order": [], "sides_pos": 0, "seq": 0, "label": "",
    }
    return c


def _new_combat() -> dict[str, Any]:
    return {"step": None, "declarers": [], "declarer_pos": 0, "attacks": {}, "bombardments": [], "bindex": 0,
            "order": None, "apos": 0, "area": None, "wave": 0, "fire": {}, "losses": {}, "casualties": {},
            "cas_area": None, "cas_from": None, "stay": None, "retreat": None}


def start_phase(s: State, c: Coup, phase: int) -> None:
    c["phase"] = phase
    c["segment"] = "movement"
    if phase == 0:
        c["first_mover"] = c["leader"]
    elif phase == 1:
        c["first_mover"] = common.left_of(s, c["leader"])
    else:
        c["first_mover"] = common.left_of(s, c["first_mover"])
    c["order"] = common.clockwise_from(s, c["first_mover"])
    c["pos"] = 0
    c["turn"] = None
    for d in c["units"].values():
        d["moved"] = False
    c["helicopter_moved"] = c["air_strike_used"] = c["gunboat_used"] = False
    c["proposed"] = []
    c["transfers"] = 0
    c["permits"] = []
    c["combat"] = _new_combat()
    common.log(s, {"type": "coup_phase", "phase": phase, "first_mover": c["first_mover"]})


def make_rebel(s: State, seat: int) -> None:
    c = s["coup"]
    if not c["rebels"][seat]:
        c["rebels"][seat] = True
        common.log(s, {"type": "coup_rebel", "seat": seat})


def may_not_rebel(s: State, seat: int) -> None:
    if seat == s["president"]:
        raise refuse(N_("junta.coup.president_loyal"),
                      "The President can never be a rebel: he may not do what would make him one (§8.3).")


def rebel_act(s: State, seat: int) -> None:
    """An act that makes a player a rebel in the Rebellion Phase (§8.3)."""
    if s["coup"]["phase"] == 0:
        may_not_rebel(s, seat)
        make_rebel(s, seat)
