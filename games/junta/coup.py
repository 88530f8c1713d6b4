"""PLACEHOLDER coup sub-game: ends every coup at once with "no change" (the President's side wins).

This module stands in for the real coup of junta.md §8 until it is written against the interface
of docs/junta-state.md §5; the coup helper replaces this whole file. It checks the opening act
(§6.8: a unit card, a movement or landing of units the Rebel Leader controls, a bombardment of the
Palace by the Admiral or the Air Force Commander in person), consumes an opening card, makes only
the Rebel Leader a rebel, gives every active player his side by status and declares the
President's side the winner.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.messages import N_
from games.core.protocol import IllegalAction, Rng
from games.junta import common
from games.junta.board import MARINE_LANDINGS, NEIGHBOURS, OFFICE_UNITS, UNIT_CARD_ENTRIES, start_area
from games.junta.cards import design_id

State = dict[str, Any]

COUP_ACTIONS: Final[frozenset[str]] = frozenset()


def opening_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """A representative set of the openings `seat` may start a coup with."""
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


def start_coup(state: State, seat: int, opening: Any, rng: Rng) -> None:
    if opening not in opening_actions(state, seat):
        raise IllegalAction(N_("junta.coup.bad_opening"),
                            "Start the coup with a unit card, a move or landing of your units, or a bombardment "
                            "of the Palace.")
    if opening["kind"] == "card":
        common.remove_from_hand(state, seat, opening["card"])
        common.discard_played(state, opening["card"])
    rebels = [x == seat for x in range(state["n"])]
    sides = {str(x): ("rebels" if rebels[x] else "president")
             for x in range(state["n"]) if common.is_active(state, x)}
    state["coup"] = {"leader": seat, "rebels": rebels, "sides": sides, "winner": "president", "over": True,
                     "opening": opening, "placeholder": True}
    common.log(state, {"type": "coup_over", "winner": "president", "sides": dict(sides)})


def coup_to_act(state: State) -> set[int]:
    return set()


def coup_legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    return []


def apply_coup_action(state: State, seat: int, action: dict[str, Any], rng: Rng) -> None:
    raise IllegalAction(N_("junta.coup.not_now"), "The coup has no such move now.")


def coup_timeout(state: State, rng: Rng) -> None:
    return None


def coup_decision_key(state: State) -> str:
    return "over"


def coup_over(state: State) -> bool:
    return bool(state["coup"] is not None and state["coup"]["over"])


def in_combat_segment(state: State) -> bool:
    return False


def safe_conduct(state: State, seat: int) -> bool:
    return False


def coup_view(state: State, seat: int | None) -> dict[str, Any]:
    coup = state["coup"]
    if coup is None:
        return {}
    return {"leader": coup["leader"], "rebels": list(coup["rebels"]), "sides": dict(coup["sides"]),
            "winner": coup["winner"], "over": coup["over"], "placeholder": True}
