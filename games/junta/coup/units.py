"""A coup's units, and what all its modules share.

Who controls a unit (§8.4), which units are active and where, the dice a player rolls (§8.2) and the order
casualties are taken in by default (§10); beside them the state's aliases, the coup's limits and the
refusal every coup module raises. Everything here only reads the state.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.messages import N_
from games.core.protocol import IllegalAction
from games.junta import common
from games.junta.board import AREA, EMBASSIES, GUARD, UNARMED, UNIT_TYPE

State = dict[str, Any]
Coup = dict[str, Any]
Action = dict[str, Any]

PHASES: Final = 6  # Coup Phases 1-6 after the Rebellion Phase (0)
WAVES: Final = 3
HIT: Final = 6
TRANSFER_OFFERS: Final = 2  # transfers offered by coup_legal_actions per phase (random play must end)

COUP_ACTIONS: Final[frozenset[str]] = frozenset({
    "move_units", "move_helicopter", "land_paratrooper", "land_marines", "transfer_units", "police_reaction",
    "end_movement", "declare_attack", "declare_bombardment", "end_declaration", "set_combat_order", "fire",
    "hold_fire", "choose_casualties", "allow_stay", "permit_retreat", "retreat", "propose_end_coup",
    "answer_end_coup", "choose_side", "play_card", "go_into_exile", "grant_safe_conduct",
})


def refuse(message_id: str, text: str, **params: Any) -> IllegalAction:
    return IllegalAction(message_id, text, **params)


def controller(s: State, unit: str) -> int | None:
    """§8.4: the marker's player, else the office's controller, else the card's player."""
    u = s["coup"]["units"][unit]
    if u["marker"] is not None:
        return int(u["marker"])
    if u["office"] is not None:
        return common.office_controller(s, u["office"])
    return None if u["owner"] is None else int(u["owner"])


def is_active_unit(s: State, unit: str) -> bool:
    """On the map with a controller who is an active player (else ignored, §8.4)."""
    u = s["coup"]["units"][unit]
    if u["area"] not in AREA:
        return False
    who = controller(s, unit)
    return who is not None and common.is_active(s, who)


def _active_in(s: State, area: str) -> list[tuple[str, int]]:
    """The active units in an area with their controllers, in creation order (each controller found once)."""
    if area not in AREA:
        return []  # not on the map: never active
    found: list[tuple[str, int]] = []
    for u, d in s["coup"]["units"].items():
        if d["area"] == area:
            who = controller(s, u)
            if who is not None and common.is_active(s, who):
                found.append((u, who))
    return found


def units_in(s: State, area: str, seat: int | None = None) -> list[str]:
    """Active units in an area (of one controller if `seat` is given), in creation order."""
    return [u for u, who in _active_in(s, area) if seat is None or who == seat]


def players_in(s: State, area: str) -> list[int]:
    """Seats controlling active units in an area, ascending."""
    return sorted({who for _u, who in _active_in(s, area)})


def area_players(s: State) -> dict[str, list[int]]:
    """`players_in` of every area that has any, in one pass over the units."""
    found: dict[str, set[int]] = {}
    for u, d in s["coup"]["units"].items():
        if d["area"] in AREA:
            who = controller(s, u)
            if who is not None and common.is_active(s, who):
                found.setdefault(d["area"], set()).add(who)
    return {area: sorted(seats) for area, seats in found.items()}


def contested(s: State, present: dict[str, list[int]] | None = None) -> list[str]:
    """§8.7.1: areas other than embassies with active units of two or more players (`present`: the
    state's `area_players`, when the caller has it)."""
    if present is None:
        present = area_players(s)
    return [a for a in AREA if a not in EMBASSIES and len(present.get(a, ())) >= 2]


def guards_of_president(s: State, area: str) -> bool:
    president = s["president"]
    return president is not None and any(
        s["coup"]["units"][u]["type"] == "presidential_guard" for u in units_in(s, area, president))


def dice_for(s: State, area: str, units: list[str]) -> int:
    """§8.2: one player's dice: armed 1 each, unarmed 1 per 2, guards 1 each plus, in the palace, 1 more
    when he fires guards there (one extra die per wave for each player firing guards, §14.7)."""
    kinds = [UNIT_TYPE[s["coup"]["units"][u]["type"]].cls for u in units]
    dice = sum(1 for k in kinds if k not in (UNARMED,)) + sum(1 for k in kinds if k == UNARMED) // 2
    if area == "palace" and GUARD in kinds:
        dice += 1
    return dice


def casualty_key(s: State, unit: str) -> tuple[int, str]:
    d = s["coup"]["units"][unit]
    rank = 0 if UNIT_TYPE[d["type"]].cls == UNARMED else (1 if d["office"] is None else 2)
    return rank, unit


def default_casualties(s: State, area: str, seat: int, count: int) -> list[str]:
    """§10: unarmed units first, then the other card units, then office units, each by id."""
    return sorted(units_in(s, area, seat), key=lambda u: casualty_key(s, u))[:count]


def moves_field(action: Action) -> list[tuple[str, Any]]:
    """An action's `moves` as (unit, area) pairs, each unit once."""
    moves = action.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, dict) and isinstance(m.get("unit"), str) for m in moves):
        raise refuse(N_("junta.coup.bad_moves"), 'Give the moves as a list of {"unit": id, "to": area}.')
    units = [m["unit"] for m in moves]
    if len(set(units)) != len(units):
        raise refuse(N_("junta.coup.unit_twice"), "Each unit moves once (§8.5).")
    return [(m["unit"], m.get("to")) for m in moves]
