"""The legal coup actions of a seat: a representative set where the choices are combinatorial (which units,
which areas), so that every kind of act is offered and a random playout ends.
"""

from __future__ import annotations

from typing import Any

from games.junta import common
from games.junta.board import (
    AIR_FORCE_BOX,
    AREA,
    BRIBE_GROUPS,
    EMBASSIES,
    MARINE_LANDINGS,
    NAVY_BOX,
    NEIGHBOURS,
    UNIT_CARD_ENTRIES,
)
from games.junta.cards import design_id
from games.junta.coup.combat import attack_options, bombard_options, default_retreat, retreat_destinations
from games.junta.coup.driver import coup_to_act
from games.junta.coup.movement import key_for, movement_keys, police_of, unit_in_key
from games.junta.coup.units import (
    TRANSFER_OFFERS,
    Action,
    Coup,
    State,
    casualty_key,
    controller,
    is_active_unit,
    players_in,
    units_in,
)


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
                police = police_of(s, seat)
                area = c["reaction"]["areas"][0]
                found += [{"type": "police_reaction", "moves": []},
                          {"type": "police_reaction", "moves": [{"unit": u, "to": area} for u in police]}]
            return found
        if acting:
            found += _movement_options(s, c, seat)
        if c["transfers"] < TRANSFER_OFFERS:
            others = [x for x in common.active_players(s) if x != seat]
            # is_active_unit with the seat's own controller (active, or nothing was offered above)
            mine = [u for u, d in c["units"].items() if d["area"] in AREA and controller(s, u) == seat]
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
        mine = sorted(units_in(s, cb["cas_area"], seat), key=lambda u: casualty_key(s, u))
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
        found += [{"type": "declare_attack", "areas": [a]} for a in attack_options(s, seat)]
        return found + bombard_options(s, seat)
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
        dest = retreat_destinations(s, seat, cb["area"])
        for d in dest[1:]:
            found.append({"type": "retreat", "moves": [{"unit": u, "to": d} for u in units_in(s, cb["area"], seat)]})
    return found


def _movement_options(s: State, c: Coup, seat: int) -> list[Action]:
    found: list[Action] = [{"type": "end_movement"}]
    keys = movement_keys(s, c)
    for key in keys:
        by_area: dict[str, list[str]] = {}
        for u, d in c["units"].items():
            if d["type"] != "helicopter" and not d["moved"] and is_active_unit(s, u) and unit_in_key(s, u, key, seat):
                by_area.setdefault(d["area"], []).append(u)
        for area, units in by_area.items():
            if key_for(s, c, seat, units) != key:
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
