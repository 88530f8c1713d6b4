"""The coup's public view (§11)."""

from __future__ import annotations

from games.core.data import clone
from games.junta import common
from games.junta.board import AREA, POWER_CENTRES
from games.junta.coup.driver import coup_to_act
from games.junta.coup.sides import controls
from games.junta.coup.units import State, area_players, contested, controller
from games.junta.view_types import Combat, FireOrder, Unit
from games.junta.view_types import Coup as CoupView


def coup_view(state: State, seat: int | None) -> CoupView | None:
    """The whole coup is public (§11), except the fire orders of a wave until all are in (None: no coup)."""
    s = state
    c = s["coup"]
    if c is None:
        return None
    units: dict[str, Unit] = {}
    for u, d in c["units"].items():
        who = controller(s, u)
        units[u] = {"type": d["type"], "area": d["area"], "office": d["office"], "owner": d["owner"],
                    "marker": d["marker"], "moved": d["moved"], "controller": who,
                    # is_active_unit, with the controller found once
                    "active": d["area"] in AREA and who is not None and common.is_active(s, who)}
    present = area_players(s)
    cb = c["combat"]
    fire: dict[str, FireOrder | str | None] = {k: (v if seat is not None and k == str(seat) else "given")
                                                 for k, v in cb["fire"].items()}
    kept = clone(cb)
    combat: Combat = {
        "step": kept["step"], "declarers": kept["declarers"], "declarer_pos": kept["declarer_pos"],
        "attacks": kept["attacks"], "bombardments": kept["bombardments"], "bindex": kept["bindex"],
        "order": kept["order"], "apos": kept["apos"], "area": kept["area"], "wave": kept["wave"], "fire": fire,
        "losses": kept["losses"], "casualties": kept["casualties"], "cas_area": kept["cas_area"],
        "cas_from": kept["cas_from"], "stay": kept["stay"], "retreat": kept["retreat"],
    }
    return {
        "leader": c["leader"], "rebels": list(c["rebels"]), "sides": clone(c["sides"]), "winner": c["winner"],
        "over": c["over"], "phase": c["phase"], "segment": c["segment"], "first_mover": c["first_mover"],
        "order": list(c["order"]), "pos": c["pos"], "turn": clone(c["turn"]), "units": units,
        "landed": clone(c["landed"]), "helicopter_moved": c["helicopter_moved"],
        "air_strikes": c["air_strikes"],
        "air_strike_used": c["air_strike_used"], "gunboat_used": c["gunboat_used"],
        "proposal": clone(c["proposal"]), "proposed": list(c["proposed"]), "agreed": c["agreed"],
        "safe_conduct": list(c["safe_conduct"]), "reaction": clone(c["reaction"]), "combat": combat,
        "permits": clone(c["permits"]), "contested": contested(s, present),
        "control": {a: controls(s, a, present.get(a, [])) for a in POWER_CENTRES},
        "waiting": sorted(coup_to_act(s)), "sides_order": list(c["sides_order"]), "sides_pos": c["sides_pos"],
    }
