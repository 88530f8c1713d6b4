"""The coup sub-game of Junta (rules/junta.md §8), behind the interface of docs/junta-state.md §5.

A coup is the Rebellion Phase (0) and Coup Phases 1-6. Each phase has a movement segment (movement
turns in a rotating order, a pending end-of-coup proposal or police reaction suspending it) and a
combat segment (declarations, the combat order, bombardments, three waves per attacked area with
their casualties, then the area's retreats). After Coup Phase 6, or an agreed end, come Choosing
Sides and the outcome. Every function works on the state dict the engine has already cloned; the
coup sub-state lives in `state["coup"]`. Randomness only through the `rng` argument.

`_advance` moves the coup on after every act until it waits on a player again (or is over);
`_label` names the decision it waits on, and `coup_decision_key` changes whenever that decision
changes, so the engine restarts the clock.
"""

from __future__ import annotations

import copy
from typing import Any, Final

from games.core.messages import N_
from games.core.protocol import IllegalAction, Rng
from games.junta import common
from games.junta.board import (
    AIR_FORCE_BOX,
    AIR_STRIKE_DICE,
    AIR_STRIKES,
    AREA,
    BRIBE_GROUPS,
    COASTAL,
    EMBASSIES,
    GUARD,
    GUNBOAT_DICE,
    MARINE_LANDINGS,
    NAVY_BOX,
    NEIGHBOURS,
    OFFICE_UNITS,
    POLICE_REACTION_CARDS,
    POWER_CENTRES,
    UNARMED,
    UNIT_CARD_ENTRIES,
    UNIT_TYPE,
    adjacent,
    start_area,
)
from games.junta.cards import design_id
from games.junta.view_types import Combat, FireOrder, Unit
from games.junta.view_types import Coup as CoupView

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


def _refuse(message_id: str, text: str, **params: Any) -> IllegalAction:
    return IllegalAction(message_id, text, **params)


# --- units ------------------------------------------------------------------------------------------


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


def units_in(s: State, area: str, seat: int | None = None) -> list[str]:
    """Active units in an area (of one controller if `seat` is given), in creation order."""
    return [u for u, d in s["coup"]["units"].items() if d["area"] == area and is_active_unit(s, u)
            and (seat is None or controller(s, u) == seat)]


def players_in(s: State, area: str) -> list[int]:
    """Seats controlling active units in an area, ascending."""
    return sorted({c for u in units_in(s, area) if (c := controller(s, u)) is not None})


def contested(s: State) -> list[str]:
    """§8.7.1: areas other than embassies with active units of two or more players."""
    return [a for a in AREA if a not in EMBASSIES and len(players_in(s, a)) >= 2]


def _guards_of_president(s: State, area: str) -> bool:
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


def _casualty_key(s: State, unit: str) -> tuple[int, str]:
    d = s["coup"]["units"][unit]
    rank = 0 if UNIT_TYPE[d["type"]].cls == UNARMED else (1 if d["office"] is None else 2)
    return rank, unit


def default_casualties(s: State, area: str, seat: int, count: int) -> list[str]:
    """§10: unarmed units first, then the other card units, then office units, each by id."""
    return sorted(units_in(s, area, seat), key=lambda u: _casualty_key(s, u))[:count]


# --- the sub-state ----------------------------------------------------------------------------------


def _new_coup(s: State, leader: int) -> Coup:
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


def _start_phase(s: State, c: Coup, phase: int) -> None:
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


def _make_rebel(s: State, seat: int) -> None:
    c = s["coup"]
    if not c["rebels"][seat]:
        c["rebels"][seat] = True
        common.log(s, {"type": "coup_rebel", "seat": seat})


def _may_not_rebel(s: State, seat: int) -> None:
    if seat == s["president"]:
        raise _refuse(N_("junta.coup.president_loyal"),
                      "The President can never be a rebel: he may not do what would make him one (§8.3).")


def _rebel_act(s: State, seat: int) -> None:
    """An act that makes a player a rebel in the Rebellion Phase (§8.3)."""
    if s["coup"]["phase"] == 0:
        _may_not_rebel(s, seat)
        _make_rebel(s, seat)


# --- the movement turn --------------------------------------------------------------------------------


def _turn_for(s: State, c: Coup, seat: int) -> dict[str, Any] | None:
    """The movement turn at `seat`'s place in the order, or None when it is skipped (§8.5)."""
    president = s["president"]
    if c["phase"] == 0:
        if seat == president or not common.is_active(s, seat):
            return None
        return {"seat": seat, "used": [], "cousin": None}
    if common.is_active(s, seat):
        return {"seat": seat, "used": [], "cousin": None}
    office = s["cousin"]
    if office is not None and s["offices"].get(office) == seat and president is not None \
            and common.is_active(s, president):
        return {"seat": president, "used": [], "cousin": office}
    return None


def _movement_keys(s: State, c: Coup) -> list[str]:
    """The movements still open in this turn: "own", or an office for a cousin movement (§8.5)."""
    turn = c["turn"]
    if turn["cousin"] is not None:
        keys = [turn["cousin"]]
    else:
        keys = ["own"]
        if turn["seat"] == s["president"] and s["cousin"] is not None and s["offices"].get(s["cousin"]) is None \
                and c["phase"] > 0:
            keys.append(s["cousin"])
    return [k for k in keys if k not in turn["used"]]


def _unit_in_key(s: State, unit: str, key: str, seat: int) -> bool:
    d = s["coup"]["units"][unit]
    if controller(s, unit) != seat:
        return False
    if key == "own":
        return not (s["coup"]["turn"]["cousin"] is not None)
    return d["office"] == key and d["marker"] is None


def _key_for(s: State, c: Coup, seat: int, units: list[str]) -> str | None:
    for key in _movement_keys(s, c):
        if all(_unit_in_key(s, u, key, seat) for u in units):
            if key == "own" and len(_movement_keys(s, c)) > 1 and all(
                    _unit_in_key(s, u, k, seat) for k in _movement_keys(s, c) if k != "own" for u in units):
                continue  # a cousin office's units use its extra movement first
            return key
    return None


def _check_turn(s: State, seat: int, *, cards: bool = False) -> Coup:
    c = s["coup"]
    if c["segment"] != "movement" or c["turn"] is None:
        raise _refuse(N_("junta.coup.not_movement"), "That is done in a movement segment of the coup (§8.5).")
    if c["proposal"] is not None or c["reaction"] is not None:
        raise _refuse(N_("junta.coup.suspended"),
                      "The movement turn waits for the end-of-coup proposal or the police reaction (§8.6, §8.10).")
    if c["turn"]["seat"] != seat:
        raise _refuse(N_("junta.coup.not_your_turn"), "It is not your movement turn (§8.5).")
    if cards and c["turn"]["cousin"] is not None:
        raise _refuse(N_("junta.coup.cousin_movement"),
                      "In the cousin's movement only that office's units move; play cards on your own turn (§8.5).")
    return c


def _moves_field(action: Action) -> list[tuple[str, Any]]:
    moves = action.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, dict) and isinstance(m.get("unit"), str) for m in moves):
        raise _refuse(N_("junta.coup.bad_moves"), 'Give the moves as a list of {"unit": id, "to": area}.')
    units = [m["unit"] for m in moves]
    if len(set(units)) != len(units):
        raise _refuse(N_("junta.coup.unit_twice"), "Each unit moves once (§8.5).")
    return [(m["unit"], m.get("to")) for m in moves]


def _do_move_units(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_turn(s, seat)
    here = a.get("from")
    moves = _moves_field(a)
    if here not in AREA or not moves:
        raise _refuse(N_("junta.coup.bad_move"), "Name the area the units leave and at least one unit (§8.5).")
    for unit, to in moves:
        d = c["units"].get(unit)
        if d is None or d["area"] != here or not is_active_unit(s, unit) or controller(s, unit) != seat:
            raise _refuse(N_("junta.coup.not_your_unit"),
                          "Move only your own active units from the one area you chose (§8.4, §8.5).")
        if d["type"] == "helicopter":
            raise _refuse(N_("junta.coup.helicopter_alone"), "The helicopter moves on its own path (§8.5).")
        if d["moved"]:
            raise _refuse(N_("junta.coup.already_moved"), "No unit moves more than once per phase (§8.5).")
        if not isinstance(to, str) or not adjacent(here, to):
            raise _refuse(N_("junta.coup.not_adjacent"), "Each unit moves to an area adjacent to its own (§8.5).")
    key = _key_for(s, c, seat, [u for u, _t in moves])
    if key is None:
        raise _refuse(N_("junta.coup.one_movement"), "You have made your one movement this phase (§8.5).")
    _rebel_act(s, seat)
    c["turn"]["used"].append(key)
    for unit, to in moves:
        c["units"][unit]["area"] = to
        c["units"][unit]["moved"] = True
    common.log(s, {"type": "coup_move", "seat": seat, "from": here, "moves": [{"unit": u, "to": t} for u, t in moves]})


def _do_move_helicopter(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_turn(s, seat, cards=True)
    path = a.get("path")
    heli = [u for u, d in c["units"].items() if d["type"] == "helicopter" and is_active_unit(s, u)
            and controller(s, u) == seat]
    if not heli:
        raise _refuse(N_("junta.coup.no_helicopter"), "You control no helicopter on the map (§8.5).")
    if c["helicopter_moved"] or c["units"][heli[0]]["moved"]:
        raise _refuse(N_("junta.coup.helicopter_moved"), "The helicopter moves once per phase (§8.5).")
    if not isinstance(path, list) or not 1 <= len(path) <= 2:
        raise _refuse(N_("junta.coup.bad_path"), "The helicopter's path is 1 or 2 areas (§8.5).")
    here = c["units"][heli[0]]["area"]
    for step in path:
        if not isinstance(step, str) or not adjacent(here, step):
            raise _refuse(N_("junta.coup.not_adjacent"), "Each unit moves to an area adjacent to its own (§8.5).")
        here = step
    _rebel_act(s, seat)
    c["units"][heli[0]]["area"] = here
    c["units"][heli[0]]["moved"] = True
    c["helicopter_moved"] = True
    common.log(s, {"type": "coup_helicopter", "seat": seat, "path": list(path)})


def _do_land(s: State, seat: int, a: Action, rng: Rng, kind: str) -> None:
    c = _check_turn(s, seat)
    unit = "para_1" if kind == "paratrooper" else "mar_1"
    area = a.get("area")
    allowed = tuple(AREA) if kind == "paratrooper" else MARINE_LANDINGS
    d = c["units"][unit]
    key_ok = c["turn"]["cousin"] is None or d["office"] == c["turn"]["cousin"]
    if controller(s, unit) != seat or not common.is_active(s, seat) or not key_ok:
        raise _refuse(N_("junta.coup.not_your_landing"), "Only the controller of the unit lands it (§8.5).")
    if c["landed"][kind] or d["area"] not in (AIR_FORCE_BOX, NAVY_BOX):
        raise _refuse(N_("junta.coup.landed"), "Each of the paratrooper and the marines lands once per coup (§8.5).")
    if area not in allowed:
        raise _refuse(N_("junta.coup.bad_landing"),
                      "The marines land in fishermen_quarter, police_south or barracks_1; the paratrooper anywhere "
                      "(§8.5).")
    _rebel_act(s, seat)
    c["landed"][kind] = True
    d["area"] = area
    common.log(s, {"type": "coup_landing", "seat": seat, "unit": unit, "area": area})


def _do_play_card(s: State, seat: int, a: Action, rng: Rng) -> None:
    card = a.get("card")
    if not isinstance(card, str) or card not in s["hands"][seat]:
        raise _refuse(N_("junta.coup.no_card"), "Play a card from your hand.")
    did = design_id(card)
    if did not in UNIT_CARD_ENTRIES and did not in BRIBE_GROUPS:
        raise _refuse(N_("junta.coup.not_coup_card"), "Only unit and unit bribe cards are played in a coup.")
    c = _check_turn(s, seat, cards=True)
    area = a.get("area")
    if did in UNIT_CARD_ENTRIES:
        unit_type, count, areas = UNIT_CARD_ENTRIES[did]
        if area not in areas:
            raise _refuse(N_("junta.coup.bad_entry"), "Place the card's units in one of its entry areas.",
                          areas=list(areas))
        _rebel_act(s, seat)
        common.remove_from_hand(s, seat, card)
        common.discard_played(s, card)
        placed = []
        for _ in range(count):
            k = c["card_units"].get(unit_type, 0) + 1
            c["card_units"][unit_type] = k
            uid = f"{unit_type}_{k}"
            c["units"][uid] = {"type": unit_type, "area": area, "office": None, "owner": seat, "marker": None,
                               "moved": False}
            placed.append(uid)
        common.log(s, {"type": "coup_units", "seat": seat, "card": card, "area": area, "units": placed})
        minister = common.minister(s)
        if c["phase"] == 0 and did in POLICE_REACTION_CARDS and minister is not None and _police_of(s, minister):
            c["reaction"] = {"areas": [area], "minister": minister}
        return
    group, least = BRIBE_GROUPS[did]
    units = a.get("units")
    if area not in AREA or not isinstance(units, list) or not units or len(set(map(str, units))) != len(units):
        raise _refuse(N_("junta.coup.bad_bribe"), "Name an area and the units you try to bribe there.")
    for unit in units:
        d = c["units"].get(unit) if isinstance(unit, str) else None
        if d is None or d["area"] != area or not is_active_unit(s, unit) or d["type"] not in group \
                or controller(s, unit) == seat:
            raise _refuse(N_("junta.coup.bad_bribe_unit"), "Bribe only active units of the card's group, in the "
                          "named area, that another player controls.")
    _rebel_act(s, seat)
    common.pay_cost(s, seat, card, len(units), a.get("notes"))
    common.remove_from_hand(s, seat, card)
    common.discard_played(s, card)
    rolls, won = [], []
    for unit in units:
        roll = rng.die(6)
        rolls.append(roll)
        if roll >= least:
            c["units"][unit]["marker"] = seat
            won.append(unit)
    common.log(s, {"type": "coup_bribe", "seat": seat, "card": card, "area": area, "units": list(units),
                   "dice": rolls, "bribed": won})


def _police_of(s: State, seat: int) -> list[str]:
    return [u for u, d in s["coup"]["units"].items() if d["type"] == "police" and is_active_unit(s, u)
            and controller(s, u) == seat]


def _do_police_reaction(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    reaction = c["reaction"]
    if reaction is None or reaction["minister"] != seat:
        raise _refuse(N_("junta.coup.no_reaction"), "Only the Minister reacts, when rebels' crowds enter (§8.6).")
    moves = _moves_field(a)
    police = _police_of(s, seat)
    for unit, to in moves:
        if unit not in police or to not in reaction["areas"]:
            raise _refuse(N_("junta.coup.bad_reaction"),
                          "Move only your police units into the area the crowds entered (§8.6).")
    for unit, to in moves:
        c["units"][unit]["area"] = to
    c["reaction"] = None
    common.log(s, {"type": "coup_police_reaction", "seat": seat, "moves": [{"unit": u, "to": t} for u, t in moves]})


def _do_end_movement(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_turn(s, seat)
    c["turn"] = None
    c["pos"] += 1


def _do_transfer(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    to, units = a.get("to"), a.get("units")
    if c["segment"] != "movement" or c["proposal"] is not None or c["reaction"] is not None:
        raise _refuse(N_("junta.coup.not_movement"), "That is done in a movement segment of the coup (§8.5).")
    if not common.is_active(s, seat) or not common.is_seat(to, s["n"]) or to == seat or not common.is_active(s, to):  # type: ignore[arg-type]
        raise _refuse(N_("junta.coup.bad_transfer"), "Transfer units to another active player (§8.5).")
    if not isinstance(units, list) or not units or len(set(map(str, units))) != len(units) or not all(
            isinstance(u, str) and u in c["units"] and is_active_unit(s, u) and controller(s, u) == seat
            for u in units):
        raise _refuse(N_("junta.coup.not_your_unit"),
                      "Move only your own active units from the one area you chose (§8.4, §8.5).")
    for u in units:
        c["units"][u]["marker"] = to
    c["transfers"] += 1
    common.log(s, {"type": "coup_transfer", "seat": seat, "to": to, "units": list(units)})


def _do_exile(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    embassy = a.get("embassy")
    if c["segment"] != "movement" or c["proposal"] is not None or c["reaction"] is not None:
        raise _refuse(N_("junta.coup.not_movement"), "That is done in a movement segment of the coup (§8.5).")
    if seat == s["president"]:
        raise _refuse(N_("junta.coup.president_no_exile"), "The President cannot go into exile (§5.5).")
    if embassy not in EMBASSIES or not common.is_active(s, seat) or not units_in(s, embassy, seat):
        raise _refuse(N_("junta.coup.no_embassy_unit"),
                      "Go into exile only into an embassy where you control an active unit (§8.9).")
    common.go_into_exile(s, seat, embassy)
    if c["turn"] is not None and c["turn"]["seat"] == seat:
        c["turn"] = None
        c["pos"] += 1


def _do_safe_conduct(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    to = a.get("to")
    if c["over"] or not common.is_active(s, seat) or not common.is_seat(to, s["n"]) or s["exile"][to] is None \
            or not units_in(s, s["exile"][to], seat):
        raise _refuse(N_("junta.coup.bad_safe_conduct"), "Grant safe conduct to a player exiled in an embassy "
                      "where you control an active unit (§8.9).")
    if to not in c["safe_conduct"]:
        c["safe_conduct"].append(to)
    common.log(s, {"type": "coup_safe_conduct", "seat": seat, "to": to})


def _do_propose(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    winner = a.get("winner")
    if winner not in ("president", "rebels"):
        raise _refuse(N_("junta.coup.bad_winner"), "Propose president or rebels as the winner (§8.10).")
    if c["segment"] != "movement" or c["proposal"] is not None or not common.is_active(s, seat):
        raise _refuse(N_("junta.coup.no_proposal_now"), "An active player proposes an end during a movement "
                      "segment, while no other proposal is pending (§8.10).")
    if seat in c["proposed"]:
        raise _refuse(N_("junta.coup.proposed"), "You have already proposed an end in this coup phase (§8.10).")
    c["proposed"].append(seat)
    c["proposal"] = {"by": seat, "winner": winner, "answers": {}}
    common.log(s, {"type": "coup_proposal", "seat": seat, "winner": winner})


def _proposal_waits(s: State, c: Coup) -> list[int]:
    p = c["proposal"]
    return [x for x in common.active_players(s) if x != p["by"] and str(x) not in p["answers"]]


def _do_answer(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    accept = a.get("accept")
    if c["proposal"] is None or seat not in _proposal_waits(s, c):
        raise _refuse(N_("junta.coup.no_answer_now"), "No end-of-coup proposal waits for your answer (§8.10).")
    if not isinstance(accept, bool):
        raise _refuse(N_("junta.coup.bad_answer"), "Answer with accept true or false (§8.10).")
    c["proposal"]["answers"][str(seat)] = accept
    common.log(s, {"type": "coup_answer", "seat": seat, "accept": accept})
    if not accept:
        common.log(s, {"type": "coup_proposal_failed", "by": c["proposal"]["by"]})
        c["proposal"] = None


# --- the combat segment -------------------------------------------------------------------------------


def _declarers(s: State, c: Coup) -> list[int]:
    first = s["president"] if s["president"] is not None else c["leader"]
    return [x for x in common.clockwise_from(s, first)
            if common.is_active(s, x) and not (c["phase"] == 0 and x == s["president"])]


def _weapon_controller(s: State, weapon: str) -> int | None:
    return common.office_controller(s, "admiral" if weapon == "gunboat" else "air_force")


def _bombard_problem(s: State, seat: int, weapon: Any, area: Any, target: Any) -> str | None:
    c = s["coup"]
    if weapon not in ("gunboat", "air_strike") or _weapon_controller(s, weapon) != seat:
        return "weapon"
    if weapon == "gunboat" and (c["gunboat_used"] or area not in COASTAL):
        return "gunboat"
    if weapon == "air_strike" and (c["air_strike_used"] or c["air_strikes"] <= 0 or area not in AREA
                                   or area in EMBASSIES):
        return "air_strike"
    if area in EMBASSIES:
        return "embassy"
    if not common.is_seat(target, s["n"]) or target == seat or target not in players_in(s, area):
        return "target"
    if seat == s["president"] and (c["phase"] == 0 or area == "palace"):
        return "president"
    return None


def _bombard_options(s: State, seat: int) -> list[Action]:
    found = []
    for weapon in ("gunboat", "air_strike"):
        if _weapon_controller(s, weapon) != seat:
            continue
        for area in AREA:
            for target in players_in(s, area):
                if _bombard_problem(s, seat, weapon, area, target) is None:
                    found.append({"type": "declare_bombardment", "weapon": weapon, "area": area, "target": target})
    return found


def _attack_options(s: State, seat: int) -> list[str]:
    c = s["coup"]
    return [a for a in contested(s) if units_in(s, a, seat) and seat not in c["combat"]["attacks"].get(a, [])]


def _check_declarer(s: State, seat: int) -> Coup:
    c = s["coup"]
    cb = c["combat"]
    if c["segment"] != "combat" or cb["step"] != "declare" or cb["declarers"][cb["declarer_pos"]] != seat:
        raise _refuse(N_("junta.coup.not_declaring"), "It is not your combat declaration turn (§8.7).")
    return c


def _do_declare_attack(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_declarer(s, seat)
    areas = a.get("areas")
    if isinstance(areas, str):
        areas = [areas]
    if not isinstance(areas, list) or not areas or any(x not in contested(s) or not units_in(s, x, seat)
                                                       for x in areas):
        raise _refuse(N_("junta.coup.bad_attack"),
                      "Declare attacks only in contested areas (not embassies) where you have active units (§8.7).")
    _rebel_act(s, seat)
    for area in areas:
        if seat not in c["combat"]["attacks"].setdefault(area, []):
            c["combat"]["attacks"][area].append(seat)
    common.log(s, {"type": "coup_attack", "seat": seat, "areas": list(areas)})


def _declare_bombardment(s: State, seat: int, weapon: str, area: str, target: int) -> None:
    c = s["coup"]
    problem = _bombard_problem(s, seat, weapon, area, target)
    if problem == "president":
        _may_not_rebel(s, seat)
    if problem is not None:
        raise _refuse(N_("junta.coup.bad_bombardment"),
                      "Bombard with a weapon you control, once per phase each (3 air strikes per coup), the gunboat "
                      "at a coastal area, never an embassy, targeting another player with active units there (§8.7).")
    if c["phase"] == 0 or area == "palace" or (target == s["president"] and _guards_of_president(s, area)):
        _make_rebel(s, seat)
    if weapon == "gunboat":
        c["gunboat_used"] = True
    else:
        c["air_strike_used"] = True
        c["air_strikes"] -= 1
    c["combat"]["bombardments"].append({"by": seat, "weapon": weapon, "area": area, "target": target, "hits": None})
    common.log(s, {"type": "coup_bombardment_declared", "seat": seat, "weapon": weapon, "area": area,
                   "target": target})


def _do_declare_bombardment(s: State, seat: int, a: Action, rng: Rng) -> None:
    _check_declarer(s, seat)
    _declare_bombardment(s, seat, a.get("weapon"), a.get("area"), a.get("target"))  # type: ignore[arg-type]


def _do_end_declaration(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_declarer(s, seat)
    c["combat"]["declarer_pos"] += 1


def _order_chooser(s: State, c: Coup) -> int | None:
    if common.is_active(s, c["leader"]):
        return int(c["leader"])
    president = s["president"]
    return president if president is not None and common.is_active(s, president) else None


def _do_set_order(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    if c["segment"] != "combat" or cb["step"] != "order" or _order_chooser(s, c) != seat:
        raise _refuse(N_("junta.coup.not_ordering"), "The Rebel Leader (or the President if he is in exile) orders "
                      "the combats (§8.7).")
    areas = a.get("areas")
    if not isinstance(areas, list) or sorted(map(str, areas)) != sorted(cb["attacks"]) or len(areas) != len(
            set(areas)):
        raise _refuse(N_("junta.coup.bad_order"), "Order exactly the areas where an attack was declared, each once "
                      "(§8.7).", areas=sorted(cb["attacks"]))
    cb["order"] = list(areas)
    common.log(s, {"type": "coup_combat_order", "seat": seat, "areas": list(areas)})


def _wave_players(s: State, c: Coup) -> list[int]:
    """Who answers the current wave: every player with active units there (not the President in phase 0)."""
    area = c["combat"]["area"]
    return [x for x in players_in(s, area) if not (c["phase"] == 0 and x == s["president"])]


def _in_wave(s: State, c: Coup) -> bool:
    cb = c["combat"]
    return c["segment"] == "combat" and cb["step"] == "wave" and not cb["casualties"]


def _do_fire(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    if not _in_wave(s, c) or seat not in players_in(s, cb["area"]):
        raise _refuse(N_("junta.coup.no_wave"), "You have no units in the area whose wave is being fired (§8.7).")
    if str(seat) in cb["fire"]:
        raise _refuse(N_("junta.coup.fired"), "You have already given your order for this wave (§8.7).")
    if a["type"] == "hold_fire":
        cb["fire"][str(seat)] = None
        return
    if c["phase"] == 0:
        _may_not_rebel(s, seat)
    units, target = a.get("units"), a.get("target")
    mine = units_in(s, cb["area"], seat)
    if not isinstance(units, list) or not units or len(set(map(str, units))) != len(units) or any(
            u not in mine for u in units):
        raise _refuse(N_("junta.coup.bad_fire"), "Fire with your own active units in this area, each once (§8.7).")
    if not common.is_seat(target, s["n"]) or target == seat or target not in players_in(s, cb["area"]):
        raise _refuse(N_("junta.coup.bad_target"), "Target one other player with active units in this area (§8.7).")
    if c["phase"] == 0 or (target == s["president"] and _guards_of_president(s, cb["area"])):
        _make_rebel(s, seat)
    cb["fire"][str(seat)] = {"units": list(units), "target": target}


def _resolve_wave(s: State, c: Coup, rng: Rng) -> None:
    cb = c["combat"]
    area = cb["area"]
    orders = {int(k): v for k, v in cb["fire"].items() if v is not None}
    hits: dict[int, int] = {}
    report = []
    for seat in sorted(orders):
        o = orders[seat]
        dice = [rng.die(6) for _ in range(dice_for(s, area, o["units"]))]
        n = sum(1 for d in dice if d == HIT)
        hits[o["target"]] = hits.get(o["target"], 0) + n
        report.append({"seat": seat, "units": o["units"], "target": o["target"], "dice": dice, "hits": n})
    common.log(s, {"type": "coup_wave", "area": area, "wave": cb["wave"], "fire": report,
                   "held": sorted(int(k) for k, v in cb["fire"].items() if v is None)})
    cb["fire"] = {}
    losses = cb["losses"].setdefault(area, {})
    for target, n in sorted(hits.items()):
        count = min(n, len(units_in(s, area, target)))
        if count:
            losses[str(target)] = losses.get(str(target), 0) + count
            cb["casualties"][str(target)] = count
    cb["cas_area"], cb["cas_from"] = area, "wave"
    _auto_casualties(s, c)


def _auto_casualties(s: State, c: Coup) -> None:
    """Casualties that leave no choice (all of a player's units there, or one kind only) are taken at once."""
    cb = c["combat"]
    for key, count in list(cb["casualties"].items()):
        mine = units_in(s, cb["cas_area"], int(key))
        if count >= len(mine) or len({(c["units"][u]["type"], c["units"][u]["marker"]) for u in mine}) == 1:
            _remove(s, int(key), default_casualties(s, cb["cas_area"], int(key), count))
            del cb["casualties"][key]


def _remove(s: State, seat: int, units: list[str]) -> None:
    c = s["coup"]
    area = c["units"][units[0]]["area"] if units else None
    for u in units:
        c["units"][u]["area"] = None
    if units:
        common.log(s, {"type": "coup_casualties", "seat": seat, "area": area, "units": list(units)})


def _do_choose_casualties(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    if c["segment"] != "combat" or str(seat) not in cb["casualties"]:
        raise _refuse(N_("junta.coup.no_casualties"), "You have no casualties to choose now (§8.7).")
    count = cb["casualties"][str(seat)]
    units = a.get("units")
    mine = units_in(s, cb["cas_area"], seat)
    if not isinstance(units, list) or len(units) != count or len(set(map(str, units))) != count or any(
            u not in mine for u in units):
        raise _refuse(N_("junta.coup.bad_casualties"), "Remove exactly as many of your units in that area as the "
                      "hits (§8.7).", count=count)
    _remove(s, seat, list(units))
    del cb["casualties"][str(seat)]


def _retreat_destinations(s: State, seat: int, area: str) -> list[str]:
    """§8.8: adjacent areas that are free, or whose every other player there has permitted the retreat."""
    c = s["coup"]
    found = []
    for n in NEIGHBOURS[area]:
        others = [x for x in players_in(s, n) if x != seat]
        if all({"by": x, "to": seat, "area": n} in c["permits"] for x in others):
            found.append(n)
    return found


def _start_retreats(s: State, c: Coup) -> bool:
    """After an area's waves: who must retreat (§8.8). True when a decision is opened."""
    cb = c["combat"]
    area = cb["area"]
    present = players_in(s, area)
    if len(present) < 2:
        return False
    losses = cb["losses"].get(area, {})
    least = min(losses.get(str(x), 0) for x in present)
    stayers = [x for x in present if losses.get(str(x), 0) == least]
    others = [x for x in present if x not in stayers]
    if not others:
        return False
    cb["stay"] = {"stayers": stayers, "others": others, "answers": {}}
    cb["step"] = "stay"
    return True


def _finish_stay(s: State, c: Coup) -> None:
    cb = c["combat"]
    st = cb["stay"]
    allowed = [x for x in st["others"] if all(x in st["answers"].get(str(y), []) for y in st["stayers"])]
    queue = [x for x in c["order"] if x in st["others"] and x not in allowed]
    common.log(s, {"type": "coup_stay", "area": cb["area"], "stay": st["stayers"] + allowed, "retreat": queue})
    cb["stay"] = None
    cb["retreat"] = {"queue": queue}
    cb["step"] = "retreat"


def _do_allow_stay(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    st = cb["stay"]
    if c["segment"] != "combat" or cb["step"] != "stay" or seat not in st["stayers"] or str(seat) in st["answers"]:
        raise _refuse(N_("junta.coup.no_stay_now"), "Only the players who stay decide who else may stay (§8.8).")
    to = a.get("to")
    if common.is_seat(to, s["n"]):
        to = [to]
    if to is None:
        to = []
    if not isinstance(to, list) or any(x not in st["others"] for x in to):
        raise _refuse(N_("junta.coup.bad_stay"), "Name players who would have to retreat from this area (§8.8).")
    st["answers"][str(seat)] = sorted(set(to))


def _do_permit_retreat(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    to, area = a.get("to"), a.get("area")
    if c["over"] or area not in AREA or not units_in(s, area, seat) or not common.is_seat(to, s["n"]) or to == seat:
        raise _refuse(N_("junta.coup.bad_permit"), "Permit another player's retreat into an area where you have "
                      "active units (§8.8).")
    permit = {"by": seat, "to": to, "area": area}
    if permit not in c["permits"]:
        c["permits"].append(permit)
    common.log(s, {"type": "coup_permit", "seat": seat, "to": to, "area": area})


def default_retreat(s: State, seat: int, area: str) -> list[dict[str, Any]]:
    """§10: each unit to the first legal neighbour in alphabetical order, else removed."""
    dest = _retreat_destinations(s, seat, area)
    return [{"unit": u, "to": dest[0] if dest else None} for u in units_in(s, area, seat)]


def _do_retreat(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    if c["segment"] != "combat" or cb["step"] != "retreat" or not cb["retreat"]["queue"] \
            or cb["retreat"]["queue"][0] != seat:
        raise _refuse(N_("junta.coup.no_retreat_now"), "It is not your retreat (§8.8).")
    area = cb["area"]
    moves = dict(_moves_field(a))
    mine = units_in(s, area, seat)
    dest = _retreat_destinations(s, seat, area)
    if any(u not in mine for u in moves) or any(u not in moves and dest for u in mine) or any(
            t not in dest and not (t is None and not dest) for t in moves.values()):
        raise _refuse(N_("junta.coup.bad_retreat"), "Retreat all your active units from the area, each to an "
                      "adjacent area that is free or where the others permit it (§8.8).", areas=dest)
    _retreat(s, seat, [{"unit": u, "to": moves.get(u)} for u in mine])


def _retreat(s: State, seat: int, moves: list[dict[str, Any]]) -> None:
    c = s["coup"]
    for m in moves:
        c["units"][m["unit"]]["area"] = m["to"]
    common.log(s, {"type": "coup_retreat", "seat": seat, "area": c["combat"]["area"], "moves": moves})
    c["combat"]["retreat"]["queue"].pop(0)


# --- sides and the outcome ----------------------------------------------------------------------------


def _start_sides(s: State, c: Coup) -> None:
    c["segment"] = "sides"
    c["turn"] = None
    c["proposal"] = None
    c["reaction"] = None
    c["sides_order"] = common.clockwise_from(s, c["leader"])
    c["sides_pos"] = 0
    if s["president"] is not None:
        c["sides"][str(s["president"])] = "president"


def _sides_seat(s: State, c: Coup) -> int | None:
    while c["sides_pos"] < len(c["sides_order"]):
        x = c["sides_order"][c["sides_pos"]]
        if common.is_active(s, x) and x != s["president"]:
            return int(x)
        c["sides_pos"] += 1
    return None


def _do_choose_side(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    if c["segment"] != "sides" or _sides_seat(s, c) != seat:
        raise _refuse(N_("junta.coup.not_choosing"), "It is not your turn to choose a side (§8.11).")
    side = a.get("side")
    if side not in ("president", "rebels"):
        raise _refuse(N_("junta.coup.bad_side"), "Choose president or rebels (§8.11).")
    c["sides"][str(seat)] = side
    c["sides_pos"] += 1
    common.log(s, {"type": "coup_side", "seat": seat, "side": side})


def controls(s: State, area: str) -> str:
    """§8.11 step 2: rebels if the area holds active units, all of players who chose the Rebels."""
    present = players_in(s, area)
    sides = s["coup"]["sides"]
    if present and all(sides.get(str(x)) == "rebels" for x in present):
        return "rebels"
    return "president"


def _finish(s: State, c: Coup) -> None:
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


# --- the driver ------------------------------------------------------------------------------------------


def _start_combat(s: State, c: Coup) -> None:
    c["segment"] = "combat"
    c["turn"] = None
    c["proposal"] = None
    c["reaction"] = None
    cb = c["combat"]
    cb["step"] = "declare"
    cb["declarers"] = _declarers(s, c)
    cb["declarer_pos"] = 0


def _end_phase(s: State, c: Coup) -> None:
    if c["phase"] >= PHASES:
        _start_sides(s, c)
    else:
        _start_phase(s, c, c["phase"] + 1)


def _advance(s: State, rng: Rng) -> None:
    """Run the coup's automatic steps until it waits on a player or is over."""
    c = s["coup"]
    for _ in range(10000):
        if c["over"]:
            break
        if not _step(s, c, rng):
            break
    else:  # pragma: no cover - a bug guard
        raise AssertionError("junta coup: the driver does not settle")
    label = _label(s, c)
    if label != c["label"]:
        c["label"] = label
        c["seq"] += 1


def _step(s: State, c: Coup, rng: Rng) -> bool:
    """One automatic step; False when the coup waits on a player."""
    if c["segment"] == "movement":
        if c["agreed"] is not None:
            _start_sides(s, c)
            return True
        if c["proposal"] is not None:
            if _proposal_waits(s, c):
                return False
            c["agreed"] = c["proposal"]["winner"]
            common.log(s, {"type": "coup_agreed", "winner": c["agreed"]})
            c["proposal"] = None
            return True
        if c["reaction"] is not None:
            if common.minister(s) == c["reaction"]["minister"] and _police_of(s, c["reaction"]["minister"]):
                return False
            c["reaction"] = None
            return True
        if c["turn"] is not None:
            return False
        while c["pos"] < len(c["order"]):
            turn = _turn_for(s, c, c["order"][c["pos"]])
            if turn is not None:
                c["turn"] = turn
                return False
            c["pos"] += 1
        _start_combat(s, c)
        return True
    if c["segment"] == "combat":
        return _combat_step(s, c, rng)
    if c["segment"] == "sides":
        if _sides_seat(s, c) is not None:
            return False
        _finish(s, c)
        return True
    return False


def _combat_step(s: State, c: Coup, rng: Rng) -> bool:
    cb = c["combat"]
    if cb["step"] == "declare":
        while cb["declarer_pos"] < len(cb["declarers"]):
            seat = cb["declarers"][cb["declarer_pos"]]
            if common.is_active(s, seat) and (_attack_options(s, seat) or _bombard_options(s, seat)):
                return False
            cb["declarer_pos"] += 1
        cb["step"] = "order"
        if len(cb["attacks"]) <= 1 or _order_chooser(s, c) is None:
            cb["order"] = sorted(cb["attacks"])
        return True
    if cb["step"] == "order":
        if cb["order"] is None:
            return False
        cb["step"] = "bombard"
        return True
    if cb["casualties"]:
        return False
    if cb["step"] == "bombard":
        if cb["bindex"] < len(cb["bombardments"]):
            b = cb["bombardments"][cb["bindex"]]
            cb["bindex"] += 1
            dice = [rng.die(6) for _ in range(GUNBOAT_DICE if b["weapon"] == "gunboat" else AIR_STRIKE_DICE)]
            b["hits"] = sum(1 for d in dice if d == HIT)
            common.log(s, {"type": "coup_bombardment", "seat": b["by"], "weapon": b["weapon"], "area": b["area"],
                           "target": b["target"], "dice": dice, "hits": b["hits"]})
            count = min(b["hits"], len(units_in(s, b["area"], b["target"])))
            if count:
                cb["casualties"][str(b["target"])] = count
                cb["cas_area"], cb["cas_from"] = b["area"], "bombard"
                _auto_casualties(s, c)
            return True
        cb["step"] = "area"
        cb["apos"] = 0
        return True
    if cb["step"] == "area":
        if cb["apos"] >= len(cb["order"]):
            _end_phase(s, c)
            return True
        cb["area"] = cb["order"][cb["apos"]]
        cb["wave"] = 1
        cb["fire"] = {}
        cb["step"] = "wave"
        return True
    if cb["step"] == "wave":
        if cb["wave"] > WAVES or len(players_in(s, cb["area"])) < 2:
            if not _start_retreats(s, c):
                cb["apos"] += 1
                cb["step"] = "area"
            return True
        waiting = [x for x in _wave_players(s, c) if str(x) not in cb["fire"]]
        if waiting:
            return False
        _resolve_wave(s, c, rng)
        cb["wave"] += 1
        return True
    if cb["step"] == "stay":
        if [x for x in cb["stay"]["stayers"] if str(x) not in cb["stay"]["answers"]]:
            return False
        _finish_stay(s, c)
        return True
    if cb["step"] == "retreat":
        queue = cb["retreat"]["queue"]
        if not queue:
            cb["retreat"] = None
            cb["apos"] += 1
            cb["step"] = "area"
            return True
        seat = queue[0]
        if not units_in(s, cb["area"], seat):
            queue.pop(0)
            return True
        if not _retreat_destinations(s, seat, cb["area"]):
            _retreat(s, seat, default_retreat(s, seat, cb["area"]))
            return True
        return False
    raise AssertionError(f"junta coup: unknown combat step {cb['step']!r}")


def _label(s: State, c: Coup) -> str:
    """The decision the coup waits on (seats of parallel decisions left out)."""
    head = f"{c['phase']}:{c['segment']}"
    if c["over"]:
        return "over"
    if c["segment"] == "movement":
        if c["proposal"] is not None:
            return f"{head}:proposal:{c['proposal']['by']}"
        if c["reaction"] is not None:
            return f"{head}:reaction"
        return f"{head}:turn:{c['pos']}"
    if c["segment"] == "sides":
        return f"{head}:{c['sides_pos']}"
    cb = c["combat"]
    if cb["casualties"]:
        return f"{head}:casualties:{cb['cas_from']}:{cb['bindex']}:{cb['apos']}:{cb['wave']}"
    if cb["step"] == "declare":
        return f"{head}:declare:{cb['declarer_pos']}"
    if cb["step"] == "retreat":
        return f"{head}:retreat:{cb['apos']}:{len(cb['retreat']['queue'])}"
    return f"{head}:{cb['step']}:{cb['apos']}:{cb['wave']}"


# What a combat step waits on, by the word the views give it (a wave waits on fire orders).
_COMBAT_KINDS: Final = {"declare": "declare", "order": "order", "wave": "fire", "stay": "stay", "retreat": "retreat"}
# Decisions whose asked players answer in any order, each answer leaving the decision (and `_label`) as it
# was: an end-of-coup proposal's answers, a wave's fire orders, its casualties, the stayers' allow_stay.
PARALLEL_KINDS: Final = frozenset({"proposal", "fire", "casualties", "stay"})


def coup_decision_kind(state: State) -> str:
    """What the coup waits on: `move`, `proposal`, `reaction`, `declare`, `order`, `fire`, `casualties`,
    `stay`, `retreat`, `sides`; `over` once it is over (`other` at the combat's automatic steps, which never
    wait on anyone)."""
    c = state["coup"]
    if c is None or c["over"]:
        return "over"
    if c["segment"] == "movement":
        if c["proposal"] is not None:
            return "proposal"
        return "reaction" if c["reaction"] is not None else "move"
    if c["segment"] == "sides":
        return "sides"
    cb = c["combat"]
    if cb["casualties"]:
        return "casualties"
    return _COMBAT_KINDS.get(str(cb["step"]), "other")


def coup_parallel(state: State) -> bool:
    """Whether the players the coup waits on answer in any order (see PARALLEL_KINDS)."""
    return coup_decision_kind(state) in PARALLEL_KINDS


# --- the interface ----------------------------------------------------------------------------------------


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
        raise _refuse(N_("junta.coup.bad_opening"), "Start the coup with a unit card, a move or landing of your "
                      "units, or a bombardment of the Palace (§6.8).")
    if seat == s["president"] or not common.is_active(s, seat):
        raise _refuse(N_("junta.coup.president_loyal"),
                      "The President can never be a rebel: he may not do what would make him one (§8.3).")
    s["coup"] = c = _new_coup(s, seat)
    _start_phase(s, c, 0)
    c["turn"] = {"seat": seat, "used": [], "cousin": None}
    kind = opening["kind"]
    if kind == "card":
        _do_play_card(s, seat, {"type": "play_card", "card": opening.get("card"), "area": opening.get("area")}, rng)
    elif kind == "move":
        if common.office_controller(s, "president") == seat:
            raise _refuse(N_("junta.coup.president_loyal"),
                          "The President can never be a rebel: he may not do what would make him one (§8.3).")
        moves = opening.get("moves")
        if not isinstance(moves, list) or any(not isinstance(m, dict) or c["units"].get(m.get("unit"), {}).get(
                "office") is None for m in moves):
            raise _refuse(N_("junta.coup.bad_opening"), "Start the coup with a unit card, a move or landing of your "
                          "units, or a bombardment of the Palace (§6.8).")
        _do_move_units(s, seat, {"type": "move_units", "from": opening.get("from"), "moves": moves}, rng)
    elif kind == "land":
        unit = opening.get("unit")
        if unit not in ("paratrooper", "marines"):
            raise _refuse(N_("junta.coup.bad_opening"), "Start the coup with a unit card, a move or landing of your "
                          "units, or a bombardment of the Palace (§6.8).")
        _do_land(s, seat, {"area": opening.get("area")}, rng, unit)
    else:
        weapon = opening.get("weapon")
        office = "admiral" if weapon == "gunboat" else "air_force"
        president = s["president"]
        if weapon not in ("gunboat", "air_strike") or s["offices"][office] != seat \
                or common.office_controller(s, office) != seat or president is None:
            raise _refuse(N_("junta.coup.bad_opening_bombard"), "Only the Admiral or the Air Force Commander in "
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
    _advance(state, rng)


def coup_to_act(state: State) -> set[int]:
    s = state
    c = s["coup"]
    if c is None or c["over"]:
        return set()
    if c["segment"] == "movement":
        if c["proposal"] is not None:
            return set(_proposal_waits(s, c))
        if c["reaction"] is not None:
            return {int(c["reaction"]["minister"])}
        return {int(c["turn"]["seat"])} if c["turn"] is not None else set()
    if c["segment"] == "sides":
        seat = _sides_seat(s, c)
        return set() if seat is None else {seat}
    cb = c["combat"]
    if cb["casualties"]:
        return {int(k) for k in cb["casualties"]}
    if cb["step"] == "declare" and cb["declarer_pos"] < len(cb["declarers"]):
        return {int(cb["declarers"][cb["declarer_pos"]])}
    if cb["step"] == "order":
        chooser = _order_chooser(s, c)
        return set() if chooser is None else {chooser}
    if cb["step"] == "wave":
        return {x for x in _wave_players(s, c) if str(x) not in cb["fire"]}
    if cb["step"] == "stay":
        return {x for x in cb["stay"]["stayers"] if str(x) not in cb["stay"]["answers"]}
    if cb["step"] == "retreat" and cb["retreat"]["queue"]:
        return {int(cb["retreat"]["queue"][0])}
    return set()


HANDLERS: Final = {
    "move_units": _do_move_units, "move_helicopter": _do_move_helicopter,
    "land_paratrooper": lambda s, x, a, r: _do_land(s, x, a, r, "paratrooper"),
    "land_marines": lambda s, x, a, r: _do_land(s, x, a, r, "marines"),
    "transfer_units": _do_transfer, "police_reaction": _do_police_reaction, "end_movement": _do_end_movement,
    "declare_attack": _do_declare_attack, "declare_bombardment": _do_declare_bombardment,
    "end_declaration": _do_end_declaration, "set_combat_order": _do_set_order, "fire": _do_fire,
    "hold_fire": _do_fire, "choose_casualties": _do_choose_casualties, "allow_stay": _do_allow_stay,
    "permit_retreat": _do_permit_retreat, "retreat": _do_retreat, "propose_end_coup": _do_propose,
    "answer_end_coup": _do_answer, "choose_side": _do_choose_side, "play_card": _do_play_card,
    "go_into_exile": _do_exile, "grant_safe_conduct": _do_safe_conduct,
}


def apply_coup_action(state: State, seat: int, action: dict[str, Any], rng: Rng) -> None:
    """Apply one coup action of `seat` (§12.4) and run the coup on to its next decision."""
    s = state
    c = s["coup"]
    kind = action.get("type") if isinstance(action, dict) else None
    if c is None or c["over"] or kind not in HANDLERS:
        raise _refuse(N_("junta.coup.not_now"), "The coup has no such move now.")
    if not s["alive"][seat]:
        raise _refuse(N_("junta.coup.dead"), "You are dead until the end of the turn (§5.4).")
    if s["exile"][seat] is not None:
        raise _refuse(N_("junta.coup.exiled"), "Players in exile take no part in the coup (§5.5).")
    HANDLERS[kind](s, seat, action, rng)
    _advance(s, rng)


def coup_timeout(state: State, rng: Rng) -> None:
    """§10's defaults for every seat the coup waits on."""
    s = state
    c = s["coup"]
    if c is None or c["over"]:
        return
    seats = sorted(coup_to_act(s))
    if c["segment"] == "movement":
        if c["proposal"] is not None:
            for x in seats:
                if c["proposal"] is not None:
                    _do_answer(s, x, {"accept": False}, rng)
        elif c["reaction"] is not None:
            c["reaction"] = None
            common.log(s, {"type": "coup_police_reaction", "seat": seats[0] if seats else None, "moves": []})
        elif c["turn"] is not None:
            c["turn"] = None
            c["pos"] += 1
    elif c["segment"] == "sides":
        for x in seats:
            _do_choose_side(s, x, {"side": "rebels" if c["rebels"][x] else "president"}, rng)
    else:
        cb = c["combat"]
        if cb["casualties"]:
            for x in seats:
                _remove(s, x, default_casualties(s, cb["cas_area"], x, cb["casualties"][str(x)]))
                del cb["casualties"][str(x)]
        elif cb["step"] == "declare":
            cb["declarer_pos"] += 1
        elif cb["step"] == "order":
            cb["order"] = sorted(cb["attacks"])
        elif cb["step"] == "wave":
            for x in seats:
                cb["fire"][str(x)] = None
        elif cb["step"] == "stay":
            for x in seats:
                cb["stay"]["answers"][str(x)] = []
        elif cb["step"] == "retreat":
            x = seats[0]
            _retreat(s, x, default_retreat(s, x, cb["area"]))
    _advance(s, rng)


def coup_decision_key(state: State) -> str:
    c = state["coup"]
    if c is None:
        return "none"
    return f"{c['seq']}:{c['label']}"


def coup_over(state: State) -> bool:
    return bool(state["coup"] is not None and state["coup"]["over"])


def in_combat_segment(state: State) -> bool:
    c = state["coup"]
    return bool(c is not None and not c["over"] and c["segment"] == "combat")


def safe_conduct(state: State, seat: int) -> bool:
    c = state["coup"]
    return bool(c is not None and seat in c["safe_conduct"])


# --- legal actions (a representative set where the choices are combinatorial) ---------------------------


def coup_legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    s = state
    c = s["coup"]
    if c is None or c["over"] or not common.is_active(s, seat):
        return []
    found: list[Action] = []
    acting = seat in coup_to_act(s)
    if c["segment"] == "movement":
        if c["proposal"] is not None:
            if acting:
                found += [{"type": "answer_end_coup", "accept": True}, {"type": "answer_end_coup", "accept": False}]
            return found
        if c["reaction"] is not None:
            if acting:
                police = _police_of(s, seat)
                area = c["reaction"]["areas"][0]
                found += [{"type": "police_reaction", "moves": []},
                          {"type": "police_reaction", "moves": [{"unit": u, "to": area} for u in police]}]
            return found
        if acting:
            found += _movement_options(s, c, seat)
        if c["transfers"] < TRANSFER_OFFERS:
            others = [x for x in common.active_players(s) if x != seat]
            mine = [u for u, d in c["units"].items() if is_active_unit(s, u) and controller(s, u) == seat]
            if others and mine:  # one unit to each other player: the private panel picks how many
                found += [{"type": "transfer_units", "to": x, "units": mine[:1]} for x in others]
        if seat not in c["proposed"]:
            found += [{"type": "propose_end_coup", "winner": w} for w in ("president", "rebels")]
        for x in range(s["n"]):
            e = s["exile"][x]
            if e is not None and x not in c["safe_conduct"] and units_in(s, e, seat):
                found.append({"type": "grant_safe_conduct", "to": x})
        return found
    if not acting:
        return found
    if c["segment"] == "sides":
        return [{"type": "choose_side", "side": "rebels"}, {"type": "choose_side", "side": "president"}]
    cb = c["combat"]
    if cb["casualties"]:
        count = cb["casualties"][str(seat)]
        mine = sorted(units_in(s, cb["cas_area"], seat), key=lambda u: _casualty_key(s, u))
        # §10's default first, the other end of the order next, then the units between them, so that
        # every unit the player may lose is in some choice (the private panel offers each of them).
        choices = [mine[:count], mine[::-1][:count]] + [mine[i:i + count] for i in range(count, len(mine) - count,
                                                                                           count)]
        for units in choices:
            if all(set(units) != set(a["units"]) for a in found):
                found.append({"type": "choose_casualties", "units": units})
        return found
    if cb["step"] == "declare":
        found.append({"type": "end_declaration"})
        found += [{"type": "declare_attack", "areas": [a]} for a in _attack_options(s, seat)]
        return found + _bombard_options(s, seat)
    if cb["step"] == "order":
        areas = sorted(cb["attacks"])
        return [{"type": "set_combat_order", "areas": areas}, {"type": "set_combat_order", "areas": areas[::-1]}]
    if cb["step"] == "wave":
        found.append({"type": "hold_fire"})
        if not (c["phase"] == 0 and seat == s["president"]):
            mine = units_in(s, cb["area"], seat)
            found += [{"type": "fire", "units": mine, "target": t} for t in players_in(s, cb["area"]) if t != seat]
        return found
    if cb["step"] == "stay":
        others = cb["stay"]["others"]
        return [{"type": "allow_stay", "to": []}, {"type": "allow_stay", "to": list(others)}]
    if cb["step"] == "retreat":
        found.append({"type": "retreat", "moves": default_retreat(s, seat, cb["area"])})
        dest = _retreat_destinations(s, seat, cb["area"])
        for d in dest[1:]:
            found.append({"type": "retreat", "moves": [{"unit": u, "to": d} for u in units_in(s, cb["area"], seat)]})
    return found


def _movement_options(s: State, c: Coup, seat: int) -> list[Action]:
    found: list[Action] = [{"type": "end_movement"}]
    keys = _movement_keys(s, c)
    for key in keys:
        by_area: dict[str, list[str]] = {}
        for u, d in c["units"].items():
            if d["type"] != "helicopter" and not d["moved"] and is_active_unit(s, u) and _unit_in_key(s, u, key, seat):
                by_area.setdefault(d["area"], []).append(u)
        for area, units in by_area.items():
            if _key_for(s, c, seat, units) != key:
                continue
            found += [{"type": "move_units", "from": area, "moves": [{"unit": u, "to": to} for u in units]}
                      for to in NEIGHBOURS[area]]
    if c["turn"]["cousin"] is None:
        for u, d in c["units"].items():
            if d["type"] == "helicopter" and not d["moved"] and not c["helicopter_moved"] and is_active_unit(s, u) \
                    and controller(s, u) == seat:
                for a in NEIGHBOURS[d["area"]]:
                    found.append({"type": "move_helicopter", "path": [a]})
                    found += [{"type": "move_helicopter", "path": [a, b]} for b in NEIGHBOURS[a]]
        for card in s["hands"][seat]:
            did = design_id(card)
            if did in UNIT_CARD_ENTRIES:
                found += [{"type": "play_card", "card": card, "area": a} for a in UNIT_CARD_ENTRIES[did][2]]
            elif did in BRIBE_GROUPS and seat not in s["targets"]:
                group, _least = BRIBE_GROUPS[did]
                for area in AREA:
                    units = [u for u in units_in(s, area)
                             if c["units"][u]["type"] in group and controller(s, u) != seat]
                    if units:
                        due, _savers = common.cost_after_savings(s, seat, card, 1)
                        if common.cheapest_payment(s["money"][seat], due) is not None:
                            found.append({"type": "play_card", "card": card, "area": area, "units": units[:1]})
    for kind, unit in (("paratrooper", "para_1"), ("marines", "mar_1")):
        d = c["units"][unit]
        if not c["landed"][kind] and controller(s, unit) == seat and d["area"] in (AIR_FORCE_BOX, NAVY_BOX) and (
                c["turn"]["cousin"] is None or d["office"] == c["turn"]["cousin"]):
            areas = ("palace", "radio_station", "parliament") if kind == "paratrooper" else MARINE_LANDINGS
            found += [{"type": f"land_{kind}", "area": a} for a in areas]
    if seat != s["president"]:
        found += [{"type": "go_into_exile", "embassy": e} for e in EMBASSIES if units_in(s, e, seat)]
    return found


# --- the public view ----------------------------------------------------------------------------------------


def coup_view(state: State, seat: int | None) -> CoupView | None:
    """The whole coup is public (§11), except the fire orders of a wave until all are in (None: no coup)."""
    s = state
    c = s["coup"]
    if c is None:
        return None
    units: dict[str, Unit] = {u: {"type": d["type"], "area": d["area"], "office": d["office"], "owner": d["owner"],
                 "marker": d["marker"], "moved": d["moved"], "controller": controller(s, u),
                 "active": is_active_unit(s, u)} for u, d in c["units"].items()}
    cb = c["combat"]
    fire: dict[str, FireOrder | str | None] = {k: (v if seat is not None and k == str(seat) else "given")
                                                 for k, v in cb["fire"].items()}
    kept = copy.deepcopy(cb)
    combat: Combat = {
        "step": kept["step"], "declarers": kept["declarers"], "declarer_pos": kept["declarer_pos"],
        "attacks": kept["attacks"], "bombardments": kept["bombardments"], "bindex": kept["bindex"],
        "order": kept["order"], "apos": kept["apos"], "area": kept["area"], "wave": kept["wave"], "fire": fire,
        "losses": kept["losses"], "casualties": kept["casualties"], "cas_area": kept["cas_area"],
        "cas_from": kept["cas_from"], "stay": kept["stay"], "retreat": kept["retreat"],
    }
    return {
        "leader": c["leader"], "rebels": list(c["rebels"]), "sides": copy.deepcopy(c["sides"]), "winner": c["winner"],
        "over": c["over"], "phase": c["phase"], "segment": c["segment"], "first_mover": c["first_mover"],
        "order": list(c["order"]), "pos": c["pos"], "turn": copy.deepcopy(c["turn"]), "units": units,
        "landed": copy.deepcopy(c["landed"]), "helicopter_moved": c["helicopter_moved"],
        "air_strikes": c["air_strikes"],
        "air_strike_used": c["air_strike_used"], "gunboat_used": c["gunboat_used"],
        "proposal": copy.deepcopy(c["proposal"]), "proposed": list(c["proposed"]), "agreed": c["agreed"],
        "safe_conduct": list(c["safe_conduct"]), "reaction": copy.deepcopy(c["reaction"]), "combat": combat,
        "permits": copy.deepcopy(c["permits"]), "contested": contested(s),
        "control": {a: controls(s, a) for a in POWER_CENTRES},
        "waiting": sorted(coup_to_act(s)), "sides_order": list(c["sides_order"]), "sides_pos": c["sides_pos"],
    }
