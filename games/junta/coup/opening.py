"""How a coup starts (§6.8): the openings a player may start one with, and the start itself."""

from __future__ import annotations

import copy
from typing import Any

from games.core.messages import N_
from games.core.protocol import Rng
from games.junta import common
from games.junta.board import MARINE_LANDINGS, NEIGHBOURS, OFFICE_UNITS, UNIT_CARD_ENTRIES, start_area
from games.junta.cards import design_id
from games.junta.coup.driver import advance
from games.junta.coup.movement import do_land, do_move_units, do_play_card
from games.junta.coup.state import new_coup, start_phase
from games.junta.coup.units import State, refuse


def opening_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """A representative set of the openings `seat` may start a coup with (§6.8)."""
    s = state
    found: list[dict[str, Any]] = []
    for card in s["hands"][seat]:
        entry = UNIT_CARD_ENTRIES.get(design_id(card))
        if entry is not None:
            found += [{"kind": "card", "card": card, "area": area} for area in entry[2]]
    for unit, (_type, office, _area) in OFFICE_UNITS.items():
        if office == "president" or common.office_controller(s, office) != seat:
            continue
        if unit == "mar_1":
            found += [{"kind": "land", "unit": "marines", "area": a} for a in MARINE_LANDINGS]
        elif unit == "para_1":
            found.append({"kind": "land", "unit": "paratrooper", "area": "palace"})
        elif unit.endswith("_1"):  # one representative move per office: its first unit, to each neighbour
            here = start_area(unit, s["occupied"])
            found += [{"kind": "move", "from": here, "moves": [{"unit": unit, "to": to}]} for to in NEIGHBOURS[here]]
    for office, weapon in (("admiral", "gunboat"), ("air_force", "air_strike")):
        if s["offices"][office] == seat and common.office_controller(s, office) == seat:
            found.append({"kind": "bombard_palace", "weapon": weapon})
    return found


def _open(s: State, seat: int, opening: Any, rng: Rng) -> None:
    if not isinstance(opening, dict) or opening.get("kind") not in ("card", "move", "land", "bombard_palace"):
        raise refuse(N_("junta.coup.bad_opening"), "Start the coup with a unit card, a move or landing of your "
                      "units, or a bombardment of the Palace (§6.8).")
    if seat == s["president"] or not common.is_active(s, seat):
        raise refuse(N_("junta.coup.president_loyal"),
                      "The President can never be a rebel: he may not do what would make him one (§8.3).")
    s["coup"] = c = new_coup(s, seat)
    start_phase(s, c, 0)
    c["turn"] = {"seat": seat, "used": [], "cousin": None}
    kind = opening["kind"]
    if kind == "card":
        do_play_card(s, seat, {"type": "play_card", "card": opening.get("card"), "area": opening.get("area")}, rng)
    elif kind == "move":
        if common.office_controller(s, "president") == seat:
            raise refuse(N_("junta.coup.president_loyal"),
                          "The President can never be a rebel: he may not do what would make him one (§8.3).")
        moves = opening.get("moves")
        if not isinstance(moves, list) or any(not isinstance(m, dict) or c["units"].get(m.get("unit"), {}).get(
                "office") is None for m in moves):
            raise refuse(N_("junta.coup.bad_opening"), "Start the coup with a unit card, a move or landing of your "
                          "units, or a bombardment of the Palace (§6.8).")
        do_move_units(s, seat, {"type": "move_units", "from": opening.get("from"), "moves": moves}, rng)
    elif kind == "land":
        unit = opening.get("unit")
        if unit not in ("paratrooper", "marines"):
            raise refuse(N_("junta.coup.bad_opening"), "Start the coup with a unit card, a move or landing of your "
                          "units, or a bombardment of the Palace (§6.8).")
        do_land(s, seat, {"area": opening.get("area")}, rng, unit)
    else:
        weapon = opening.get("weapon")
        office = "admiral" if weapon == "gunboat" else "air_force"
        president = s["president"]
        if weapon not in ("gunboat", "air_strike") or s["offices"][office] != seat \
                or common.office_controller(s, office) != seat or president is None:
            raise refuse(N_("junta.coup.bad_opening_bombard"), "Only the Admiral or the Air Force Commander in "
                          "person opens a coup by bombarding the Palace (§6.8).")
        c["combat"]["bombardments"].append({"by": seat, "weapon": weapon, "area": "palace", "target": president,
                                            "hits": None})
        c["gunboat_used" if weapon == "gunboat" else "air_strike_used"] = True
        if weapon == "air_strike":
            c["air_strikes"] -= 1
        common.log(s, {"type": "coup_bombardment_declared", "seat": seat, "weapon": weapon, "area": "palace",
                       "target": president})


def start_coup(state: State, seat: int, opening: Any, rng: Rng) -> None:
    """§6.8: the Rebel Leader's opening act starts the coup; refused with the state untouched."""
    _open(copy.deepcopy(state), seat, opening, rng)  # a dry run: the openings roll no dice
    _open(state, seat, opening, rng)
    advance(state, rng)
