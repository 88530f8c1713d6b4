"""The combat segment of a coup phase (§8.7, §8.8): declarations, the combat order, bombardments, three
waves per attacked area with their casualties, then who may stay in the area and who retreats.
"""

from __future__ import annotations

from typing import Any

from games.core.messages import N_
from games.core.protocol import Rng
from games.junta import common
from games.junta.board import AREA, COASTAL, EMBASSIES, NEIGHBOURS
from games.junta.coup.state import make_rebel, may_not_rebel, rebel_act
from games.junta.coup.units import (
    HIT,
    Action,
    Coup,
    State,
    contested,
    default_casualties,
    dice_for,
    guards_of_president,
    moves_field,
    players_in,
    refuse,
    units_in,
)


def declarers(s: State, c: Coup) -> list[int]:
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


def bombard_options(s: State, seat: int) -> list[Action]:
    found = []
    for weapon in ("gunboat", "air_strike"):
        if _weapon_controller(s, weapon) != seat:
            continue
        for area in AREA:
            for target in players_in(s, area):
                if _bombard_problem(s, seat, weapon, area, target) is None:
                    found.append({"type": "declare_bombardment", "weapon": weapon, "area": area, "target": target})
    return found


def attack_options(s: State, seat: int) -> list[str]:
    c = s["coup"]
    return [a for a in contested(s) if units_in(s, a, seat) and seat not in c["combat"]["attacks"].get(a, [])]


def _check_declarer(s: State, seat: int) -> Coup:
    c = s["coup"]
    cb = c["combat"]
    if c["segment"] != "combat" or cb["step"] != "declare" or cb["declarers"][cb["declarer_pos"]] != seat:
        raise refuse(N_("junta.coup.not_declaring"), "It is not your combat declaration turn (§8.7).")
    return c


def do_declare_attack(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_declarer(s, seat)
    areas = a.get("areas")
    if isinstance(areas, str):
        areas = [areas]
    if not isinstance(areas, list) or not areas or any(x not in contested(s) or not units_in(s, x, seat)
                                                       for x in areas):
        raise refuse(N_("junta.coup.bad_attack"),
                      "Declare attacks only in contested areas (not embassies) where you have active units (§8.7).")
    rebel_act(s, seat)
    for area in areas:
        if seat not in c["combat"]["attacks"].setdefault(area, []):
            c["combat"]["attacks"][area].append(seat)
    common.log(s, {"type": "coup_attack", "seat": seat, "areas": list(areas)})


def _declare_bombardment(s: State, seat: int, weapon: str, area: str, target: int) -> None:
    c = s["coup"]
    problem = _bombard_problem(s, seat, weapon, area, target)
    if problem == "president":
        may_not_rebel(s, seat)
    if problem is not None:
        raise refuse(N_("junta.coup.bad_bombardment"),
                      "Bombard with a weapon you control, once per phase each (3 air strikes per coup), the gunboat "
                      "at a coastal area, never an embassy, targeting another player with active units there (§8.7).")
    if c["phase"] == 0 or area == "palace" or (target == s["president"] and guards_of_president(s, area)):
        make_rebel(s, seat)
    if weapon == "gunboat":
        c["gunboat_used"] = True
    else:
        c["air_strike_used"] = True
        c["air_strikes"] -= 1
    c["combat"]["bombardments"].append({"by": seat, "weapon": weapon, "area": area, "target": target, "hits": None})
    common.log(s, {"type": "coup_bombardment_declared", "seat": seat, "weapon": weapon, "area": area,
                   "target": target})


def do_declare_bombardment(s: State, seat: int, a: Action, rng: Rng) -> None:
    _check_declarer(s, seat)
    _declare_bombardment(s, seat, a.get("weapon"), a.get("area"), a.get("target"))  # type: ignore[arg-type]


def do_end_declaration(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = _check_declarer(s, seat)
    c["combat"]["declarer_pos"] += 1


def order_chooser(s: State, c: Coup) -> int | None:
    if common.is_active(s, c["leader"]):
        return int(c["leader"])
    president = s["president"]
    return president if president is not None and common.is_active(s, president) else None


def do_set_order(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    if c["segment"] != "combat" or cb["step"] != "order" or order_chooser(s, c) != seat:
        raise refuse(N_("junta.coup.not_ordering"), "The Rebel Leader (or the President if he is in exile) orders "
                      "the combats (§8.7).")
    areas = a.get("areas")
    if not isinstance(areas, list) or sorted(map(str, areas)) != sorted(cb["attacks"]) or len(areas) != len(
            set(areas)):
        raise refuse(N_("junta.coup.bad_order"), "Order exactly the areas where an attack was declared, each once "
                      "(§8.7).", areas=sorted(cb["attacks"]))
    cb["order"] = list(areas)
    common.log(s, {"type": "coup_combat_order", "seat": seat, "areas": list(areas)})


def wave_players(s: State, c: Coup) -> list[int]:
    """Who answers the current wave: every player with active units there (not the President in phase 0)."""
    area = c["combat"]["area"]
    return [x for x in players_in(s, area) if not (c["phase"] == 0 and x == s["president"])]


def _in_wave(s: State, c: Coup) -> bool:
    cb = c["combat"]
    return c["segment"] == "combat" and cb["step"] == "wave" and not cb["casualties"]


def do_fire(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    if not _in_wave(s, c) or seat not in players_in(s, cb["area"]):
        raise refuse(N_("junta.coup.no_wave"), "You have no units in the area whose wave is being fired (§8.7).")
    if str(seat) in cb["fire"]:
        raise refuse(N_("junta.coup.fired"), "You have already given your order for this wave (§8.7).")
    if a["type"] == "hold_fire":
        cb["fire"][str(seat)] = None
        return
    if c["phase"] == 0:
        may_not_rebel(s, seat)
    units, target = a.get("units"), a.get("target")
    mine = units_in(s, cb["area"], seat)
    if not isinstance(units, list) or not units or len(set(map(str, units))) != len(units) or any(
            u not in mine for u in units):
        raise refuse(N_("junta.coup.bad_fire"), "Fire with your own active units in this area, each once (§8.7).")
    if not common.is_seat(target, s["n"]) or target == seat or target not in players_in(s, cb["area"]):
        raise refuse(N_("junta.coup.bad_target"), "Target one other player with active units in this area (§8.7).")
    if c["phase"] == 0 or (target == s["president"] and guards_of_president(s, cb["area"])):
        make_rebel(s, seat)
    cb["fire"][str(seat)] = {"units": list(units), "target": target}


def resolve_wave(s: State, c: Coup, rng: Rng) -> None:
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
    auto_casualties(s, c)


def auto_casualties(s: State, c: Coup) -> None:
    """Casualties that leave no choice (all of a player's units there, or one kind only) are taken at once."""
    cb = c["combat"]
    for key, count in list(cb["casualties"].items()):
        mine = units_in(s, cb["cas_area"], int(key))
        if count >= len(mine) or len({(c["units"][u]["type"], c["units"][u]["marker"]) for u in mine}) == 1:
            remove(s, int(key), default_casualties(s, cb["cas_area"], int(key), count))
            del cb["casualties"][key]


def remove(s: State, seat: int, units: list[str]) -> None:
    c = s["coup"]
    area = c["units"][units[0]]["area"] if units else None
    for u in units:
        c["units"][u]["area"] = None
    if units:
        common.log(s, {"type": "coup_casualties", "seat": seat, "area": area, "units": list(units)})


def do_choose_casualties(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    if c["segment"] != "combat" or str(seat) not in cb["casualties"]:
        raise refuse(N_("junta.coup.no_casualties"), "You have no casualties to choose now (§8.7).")
    count = cb["casualties"][str(seat)]
    units = a.get("units")
    mine = units_in(s, cb["cas_area"], seat)
    if not isinstance(units, list) or len(units) != count or len(set(map(str, units))) != count or any(
            u not in mine for u in units):
        raise refuse(N_("junta.coup.bad_casualties"), "Remove exactly as many of your units in that area as the "
                      "hits (§8.7).", count=count)
    remove(s, seat, list(units))
    del cb["casualties"][str(seat)]


def retreat_destinations(s: State, seat: int, area: str) -> list[str]:
    """§8.8: adjacent areas that are free, or whose every other player there has permitted the retreat."""
    c = s["coup"]
    found = []
    for n in NEIGHBOURS[area]:
        others = [x for x in players_in(s, n) if x != seat]
        if all({"by": x, "to": seat, "area": n} in c["permits"] for x in others):
            found.append(n)
    return found


def start_retreats(s: State, c: Coup) -> bool:
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


def finish_stay(s: State, c: Coup) -> None:
    cb = c["combat"]
    st = cb["stay"]
    allowed = [x for x in st["others"] if all(x in st["answers"].get(str(y), []) for y in st["stayers"])]
    queue = [x for x in c["order"] if x in st["others"] and x not in allowed]
    common.log(s, {"type": "coup_stay", "area": cb["area"], "stay": st["stayers"] + allowed, "retreat": queue})
    cb["stay"] = None
    cb["retreat"] = {"queue": queue}
    cb["step"] = "retreat"


def do_allow_stay(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    st = cb["stay"]
    if c["segment"] != "combat" or cb["step"] != "stay" or seat not in st["stayers"] or str(seat) in st["answers"]:
        raise refuse(N_("junta.coup.no_stay_now"), "Only the players who stay decide who else may stay (§8.8).")
    to = a.get("to")
    if common.is_seat(to, s["n"]):
        to = [to]
    if to is None:
        to = []
    if not isinstance(to, list) or any(x not in st["others"] for x in to):
        raise refuse(N_("junta.coup.bad_stay"), "Name players who would have to retreat from this area (§8.8).")
    st["answers"][str(seat)] = sorted(set(to))


def do_permit_retreat(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    to, area = a.get("to"), a.get("area")
    if c["over"] or area not in AREA or not units_in(s, area, seat) or not common.is_seat(to, s["n"]) or to == seat:
        raise refuse(N_("junta.coup.bad_permit"), "Permit another player's retreat into an area where you have "
                      "active units (§8.8).")
    permit = {"by": seat, "to": to, "area": area}
    if permit not in c["permits"]:
        c["permits"].append(permit)
    common.log(s, {"type": "coup_permit", "seat": seat, "to": to, "area": area})


def default_retreat(s: State, seat: int, area: str) -> list[dict[str, Any]]:
    """§10: each unit to the first legal neighbour in alphabetical order, else removed."""
    dest = retreat_destinations(s, seat, area)
    return [{"unit": u, "to": dest[0] if dest else None} for u in units_in(s, area, seat)]


def do_retreat(s: State, seat: int, a: Action, rng: Rng) -> None:
    c = s["coup"]
    cb = c["combat"]
    if c["segment"] != "combat" or cb["step"] != "retreat" or not cb["retreat"]["queue"] \
            or cb["retreat"]["queue"][0] != seat:
        raise refuse(N_("junta.coup.no_retreat_now"), "It is not your retreat (§8.8).")
    area = cb["area"]
    moves = dict(moves_field(a))
    mine = units_in(s, area, seat)
    dest = retreat_destinations(s, seat, area)
    if any(u not in mine for u in moves) or any(u not in moves and dest for u in mine) or any(
            t not in dest and not (t is None and not dest) for t in moves.values()):
        raise refuse(N_("junta.coup.bad_retreat"), "Retreat all your active units from the area, each to an "
                      "adjacent area that is free or where the others permit it (§8.8).", areas=dest)
    retreat(s, seat, [{"unit": u, "to": moves.get(u)} for u in mine])


def retreat(s: State, seat: int, moves: list[dict[str, Any]]) -> None:
    c = s["coup"]
    for m in moves:
        c["units"][m["unit"]]["area"] = m["to"]
    common.log(s, {"type": "coup_retreat", "seat": seat, "area": c["combat"]["area"], "moves": moves})
    c["combat"]["retreat"]["queue"].pop(0)
