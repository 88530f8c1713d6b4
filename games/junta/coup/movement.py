"""The movement segment of a coup phase (§8.5): movement turns (and the cousin's), unit and bribe cards,
landings, transfers, exile and safe conduct (§8.9), the Minister's police reaction (§8.6) and the
end-of-coup proposals (§8.10).
"""

from __future__ import annotations

from typing import Any

from games.core.messages import N_
from games.core.protocol import Rng
from games.junta import common
from games.junta.board import (
    AIR_FORCE_BOX,
    AREA,
    BRIBE_GROUPS,
    EMBASSIES,
    MARINE_LANDINGS,
    NAVY_BOX,
    POLICE_REACTION_CARDS,
    UNIT_CARD_ENTRIES,
    adjacent,
)
from games.junta.cards import design_id
from games.junta.coup.state import rebel_act
from games.junta.coup.units import Action, Coup, State, controller, is_active_unit, moves_field, refuse, units_in


def turn_for(s: State, c: Coup, seat: int) -> dict[str, Any] | None:
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


def movement_keys(s: State, c: Coup) -> list[str]:
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


def unit_in_key(s: State, unit: str, key: str, seat: int) -> bool:
    d = s["coup"]["units"][unit]
    if controller(s, unit) != seat:
        return False
    if key == "own":
        return not (s["coup"]["turn"]["cousin"] is not None)
    return d["office"] == key and d["marker"] is None


def key_for(s: State, c: Coup, seat: int, units: list[str]) -> str | None:
    for key in movement_keys(s, c):
        if all(unit_in_key(s, u, key, seat) for u in units):
            if key == "own" and len(movement_keys(s, c)) > 1 and all(
                    unit_in_key(s, u, k, seat) for k in movement_keys(s, c) if k != "own" for u in units):
                continue  # a cousin office's units use its extra movement first
            return key
    return None


def _check_turn(s: State, seat: int, *, cards: bool = False) -> Coup:
    c = s["coup"]
    if c["segment"] != "movement" or c["turn"] is None:
        raise refuse(N_("junta.coup.not_movement"), "That is done in a movement segment of the coup (§8.5).")
    if c["proposal"] is not None or c["reaction"] is not None:
        raise refuse(N_("junta.coup.suspended"),
                      "The movement turn waits for the end-of-coup proposal or the police reaction (§8.6, §8.10).")
    if c["turn"]["seat"] != seat:
        raise refuse(N_("junta.coup.not_your_turn"), "It is not your movement turn (§8.5).")
    if cards and c["turn"]["cousin"] is not None:
        raise refuse(N_("junta.coup.cousin_movement"),
                      "In the cousin's movement only that office's units move; play cards on your own turn (§8.5).")
    return c


def do_move_units(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_turn(s, seat)
    here = a.get("from")
    moves = moves_field(a)
    if here not in AREA or not moves:
        raise refuse(N_("junta.coup.bad_move"), "Name the area the units leave and at least one unit (§8.5).")
    for unit, to in moves:
        d = c["units"].get(unit)
        if d is None or d["area"] != here or not is_active_unit(s, unit) or controller(s, unit) != seat:
            raise refuse(N_("junta.coup.not_your_unit"),
                          "Move only your own active units from the one area you chose (§8.4, §8.5).")
        if d["type"] == "helicopter":
            raise refuse(N_("junta.coup.helicopter_alone"), "The helicopter moves on its own path (§8.5).")
        if d["moved"]:
            raise refuse(N_("junta.coup.already_moved"), "No unit moves more than once per phase (§8.5).")
        if not isinstance(to, str) or not adjacent(here, to):
            raise refuse(N_("junta.coup.not_adjacent"), "Each unit moves to an area adjacent to its own (§8.5).")
    key = key_for(s, c, seat, [u for u, _t in moves])
    if key is None:
        raise refuse(N_("junta.coup.one_movement"), "You have made your one movement this phase (§8.5).")
    rebel_act(s, seat)
    c["turn"]["used"].append(key)
    for unit, to in moves:
        c["units"][unit]["area"] = to
        c["units"][unit]["moved"] = True
    common.log(s, {"type": "coup_move", "seat": seat, "from": here, "moves": [{"unit": u, "to": t} for u, t in moves]})


def do_move_helicopter(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_turn(s, seat, cards=True)
    path = a.get("path")
    heli = [u for u, d in c["units"].items() if d["type"] == "helicopter" and is_active_unit(s, u)
            and controller(s, u) == seat]
    if not heli:
        raise refuse(N_("junta.coup.no_helicopter"), "You control no helicopter on the map (§8.5).")
    if c["helicopter_moved"] or c["units"][heli[0]]["moved"]:
        raise refuse(N_("junta.coup.helicopter_moved"), "The helicopter moves once per phase (§8.5).")
    if not isinstance(path, list) or not 1 <= len(path) <= 2:
        raise refuse(N_("junta.coup.bad_path"), "The helicopter's path is 1 or 2 areas (§8.5).")
    here = c["units"][heli[0]]["area"]
    for step in path:
        if not isinstance(step, str) or not adjacent(here, step):
            raise refuse(N_("junta.coup.not_adjacent"), "Each unit moves to an area adjacent to its own (§8.5).")
        here = step
    rebel_act(s, seat)
    c["units"][heli[0]]["area"] = here
    c["units"][heli[0]]["moved"] = True
    c["helicopter_moved"] = True
    common.log(s, {"type": "coup_helicopter", "seat": seat, "path": list(path)})


def do_land(s: State, seat: int, a: Action, rng: Rng, kind: str) -> None:
    c = _check_turn(s, seat)
    unit = "para_1" if kind == "paratrooper" else "mar_1"
    area = a.get("area")
    allowed = tuple(AREA) if kind == "paratrooper" else MARINE_LANDINGS
    d = c["units"][unit]
    key_ok = c["turn"]["cousin"] is None or d["office"] == c["turn"]["cousin"]
    if controller(s, unit) != seat or not common.is_active(s, seat) or not key_ok:
        raise refuse(N_("junta.coup.not_your_landing"), "Only the controller of the unit lands it (§8.5).")
    if c["landed"][kind] or d["area"] not in (AIR_FORCE_BOX, NAVY_BOX):
        raise refuse(N_("junta.coup.landed"), "Each of the paratrooper and the marines lands once per coup (§8.5).")
    if area not in allowed:
        raise refuse(N_("junta.coup.bad_landing"),
                      "The marines land in fishermen_quarter, police_south or barracks_1; the paratrooper anywhere "
                      "(§8.5).")
    rebel_act(s, seat)
    c["landed"][kind] = True
    d["area"] = area
    common.log(s, {"type": "coup_landing", "seat": seat, "unit": unit, "area": area})


def do_play_card(s: State, seat: int, a: Action, rng: Rng) -> None:
    card = a.get("card")
    if not isinstance(card, str) or card not in s["hands"][seat]:
        raise refuse(N_("junta.coup.no_card"), "Play a card from your hand.")
    did = design_id(card)
    if did not in UNIT_CARD_ENTRIES and did not in BRIBE_GROUPS:
        raise refuse(N_("junta.coup.not_coup_card"), "Only unit and unit bribe cards are played in a coup.")
    c = _check_turn(s, seat, cards=True)
    area = a.get("area")
    if did in UNIT_CARD_ENTRIES:
        unit_type, count, areas = UNIT_CARD_ENTRIES[did]
        if area not in areas:
            raise refuse(N_("junta.coup.bad_entry"), "Place the card's units in one of its entry areas.",
                          areas=list(areas))
        rebel_act(s, seat)
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
        if c["phase"] == 0 and did in POLICE_REACTION_CARDS and minister is not None and police_of(s, minister):
            c["reaction"] = {"areas": [area], "minister": minister}
        return
    group, least = BRIBE_GROUPS[did]
    units = a.get("units")
    if area not in AREA or not isinstance(units, list) or not units or len(set(map(str, units))) != len(units):
        raise refuse(N_("junta.coup.bad_bribe"), "Name an area and the units you try to bribe there.")
    for unit in units:
        d = c["units"].get(unit) if isinstance(unit, str) else None
        if d is None or d["area"] != area or not is_active_unit(s, unit) or d["type"] not in group \
                or controller(s, unit) == seat:
            raise refuse(N_("junta.coup.bad_bribe_unit"), "Bribe only active units of the card's group, in the "
                          "named area, that another player controls.")
    rebel_act(s, seat)
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


def police_of(s: State, seat: int) -> list[str]:
    return [u for u, d in s["coup"]["units"].items() if d["type"] == "police" and is_active_unit(s, u)
            and controller(s, u) == seat]


def do_police_reaction(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    reaction = c["reaction"]
    if reaction is None or reaction["minister"] != seat:
        raise refuse(N_("junta.coup.no_reaction"), "Only the Minister reacts, when rebels' crowds enter (§8.6).")
    moves = moves_field(a)
    police = police_of(s, seat)
    for unit, to in moves:
        if unit not in police or to not in reaction["areas"]:
            raise refuse(N_("junta.coup.bad_reaction"),
                          "Move only your police units into the area the crowds entered (§8.6).")
    for unit, to in moves:
        c["units"][unit]["area"] = to
    c["reaction"] = None
    common.log(s, {"type": "coup_police_reaction", "seat": seat, "moves": [{"unit": u, "to": t} for u, t in moves]})


def do_end_movement(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_turn(s, seat)
    c["turn"] = None
    c["pos"] += 1


def do_transfer(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    to, units = a.get("to"), a.get("units")
    if c["segment"] != "movement" or c["proposal"] is not None or c["reaction"] is not None:
        raise refuse(N_("junta.coup.not_movement"), "That is done in a movement segment of the coup (§8.5).")
    if not common.is_active(s, seat) or not common.is_seat(to, s["n"]) or to == seat or not common.is_active(s, to):  # type: ignore[arg-type]
        raise refuse(N_("junta.coup.bad_transfer"), "Transfer units to another active player (§8.5).")
    if not isinstance(units, list) or not units or len(set(map(str, units))) != len(units) or not all(
            isinstance(u, str) and u in c["units"] and is_active_unit(s, u) and controller(s, u) == seat
            for u in units):
        raise refuse(N_("junta.coup.not_your_unit"),
                      "Move only your own active units from the one area you chose (§8.4, §8.5).")
    for u in units:
        c["units"][u]["marker"] = to
    c["transfers"] += 1
    common.log(s, {"type": "coup_transfer", "seat": seat, "to": to, "units": list(units)})


def do_exile(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    embassy = a.get("embassy")
    if c["segment"] != "movement" or c["proposal"] is not None or c["reaction"] is not None:
        raise refuse(N_("junta.coup.not_movement"), "That is done in a movement segment of the coup (§8.5).")
    if seat == s["president"]:
        raise refuse(N_("junta.coup.president_no_exile"), "The President cannot go into exile (§5.5).")
    if embassy not in EMBASSIES or not common.is_active(s, seat) or not units_in(s, embassy, seat):
        raise refuse(N_("junta.coup.no_embassy_unit"),
                      "Go into exile only into an embassy where you control an active unit (§8.9).")
    common.go_into_exile(s, seat, embassy)
    if c["turn"] is not None and c["turn"]["seat"] == seat:
        c["turn"] = None
        c["pos"] += 1


def do_safe_conduct(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    to = a.get("to")
    if c["over"] or not common.is_active(s, seat) or not common.is_seat(to, s["n"]) or s["exile"][to] is None \
            or not units_in(s, s["exile"][to], seat):
        raise refuse(N_("junta.coup.bad_safe_conduct"), "Grant safe conduct to a player exiled in an embassy "
                      "where you control an active unit (§8.9).")
    if to not in c["safe_conduct"]:
        c["safe_conduct"].append(to)
    common.log(s, {"type": "coup_safe_conduct", "seat": seat, "to": to})


def do_propose(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    winner = a.get("winner")
    if winner not in ("president", "rebels"):
        raise refuse(N_("junta.coup.bad_winner"), "Propose president or rebels as the winner (§8.10).")
    if c["segment"] != "movement" or c["proposal"] is not None or not common.is_active(s, seat):
        raise refuse(N_("junta.coup.no_proposal_now"), "An active player proposes an end during a movement "
                      "segment, while no other proposal is pending (§8.10).")
    if seat in c["proposed"]:
        raise refuse(N_("junta.coup.proposed"), "You have already proposed an end in this coup phase (§8.10).")
    c["proposed"].append(seat)
    c["proposal"] = {"by": seat, "winner": winner, "answers": {}}
    common.log(s, {"type": "coup_proposal", "seat": seat, "winner": winner})


def proposal_waits(s: State, c: Coup) -> list[int]:
    p = c["proposal"]
    return [x for x in common.active_players(s) if x != p["by"] and str(x) not in p["answers"]]


def do_answer(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    accept = a.get("accept")
    if c["proposal"] is None or seat not in proposal_waits(s, c):
        raise refuse(N_("junta.coup.no_answer_now"), "No end-of-coup proposal waits for your answer (§8.10).")
    if not isinstance(accept, bool):
        raise refuse(N_("junta.coup.bad_answer"), "Answer with accept true or false (§8.10).")
    c["proposal"]["answers"][str(seat)] = accept
    common.log(s, {"type": "coup_answer", "seat": seat, "accept": accept})
    if not accept:
        common.log(s, {"type": "coup_proposal_failed", "by": c["proposal"]["by"]})
        c["proposal"] = None
