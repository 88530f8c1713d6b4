"""The coup map of Junta (rules/junta_map.md): 27 areas, 52 edges, units and their start positions.

Pure data and small lookups; the coup sub-game (games/junta/coup/) and the political engine
(Phase 1 reset, the opening act of a coup) read it. Nothing here knows a player.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

# --- areas -----------------------------------------------------------------------------------------

POWER_CENTRE: Final = "power_centre"
BARRACKS: Final = "barracks"
POLICE_STATION: Final = "police_station"
EMBASSY: Final = "embassy"
PORT: Final = "port"
AIRPORT: Final = "airport"
DISTRICT: Final = "district"


@dataclass(frozen=True)
class Area:
    id: str
    name: str  # English name (the bot words areas through its catalogs; this is for logs and tests)
    italian: str
    kind: str
    coastal: bool  # the gunboat may bombard it
    x: int  # centre on a 1000 × 1000 canvas, for a renderer
    y: int

    @property
    def power_centre(self) -> bool:
        return self.kind == POWER_CENTRE

    @property
    def embassy(self) -> bool:
        return self.kind == EMBASSY


AREAS: Final[tuple[Area, ...]] = (
    Area("palace", "Presidential Palace", "Palazzo Presidenziale", POWER_CENTRE, True, 540, 900),
    Area("parliament", "Parliament", "Parlamento", POWER_CENTRE, False, 540, 430),
    Area("central_bank", "Central Bank", "Banca Centrale", POWER_CENTRE, False, 640, 600),
    Area("radio_station", "Radio Station", "Stazione Radio", POWER_CENTRE, False, 680, 250),
    Area("railway_station", "Railway Station", "Stazione Ferroviaria", POWER_CENTRE, False, 170, 440),
    Area("barracks_1", "1st Brigade Barracks", "Caserma della Prima Brigata", BARRACKS, True, 110, 790),
    Area("barracks_2", "2nd Brigade Barracks", "Caserma della Seconda Brigata", BARRACKS, False, 340, 90),
    Area("barracks_3", "3rd Brigade Barracks", "Caserma della Terza Brigata", BARRACKS, False, 870, 100),
    Area("police_north", "North Police Station", "Commissariato Nord", POLICE_STATION, False, 470, 250),
    Area("police_east", "East Police Station", "Commissariato Est", POLICE_STATION, False, 910, 460),
    Area("police_south", "South Police Station", "Commissariato Sud", POLICE_STATION, False, 460, 740),
    Area("police_west", "West Police Station", "Commissariato Ovest", POLICE_STATION, False, 80, 600),
    Area("superpower_embassy", "Superpower Embassy", "Ambasciata della Superpotenza", EMBASSY, False, 880, 290),
    Area("swiss_embassy", "Swiss Embassy", "Ambasciata Svizzera", EMBASSY, False, 860, 740),
    Area("port", "Port", "Porto", PORT, True, 330, 910),
    Area("airport", "Airport", "Aeroporto", AIRPORT, False, 110, 100),
    Area("old_town", "Old Town", "Città Vecchia", DISTRICT, False, 460, 590),
    Area("cathedral_square", "Cathedral Square", "Piazza della Cattedrale", DISTRICT, False, 720, 440),
    Area("university", "University", "Città Universitaria", DISTRICT, False, 370, 420),
    Area("market", "Market", "Mercato", DISTRICT, False, 280, 590),
    Area("shantytown", "Shantytown", "Baraccopoli", DISTRICT, False, 290, 260),
    Area("industrial_zone", "Industrial Zone", "Zona Industriale", DISTRICT, False, 90, 290),
    Area("financial_district", "Financial District", "Quartiere degli Affari", DISTRICT, False, 830, 600),
    Area("hillside_villas", "Hillside Villas", "Le Colline", DISTRICT, False, 580, 110),
    Area("malecon", "Malecón (seafront)", "Lungomare", DISTRICT, True, 720, 880),
    Area("fishermen_quarter", "Fishermen's Quarter", "Quartiere dei Pescatori", DISTRICT, True, 280, 760),
    Area("hotel_zone", "Hotel Zone", "Zona Alberghiera", DISTRICT, True, 910, 900),
)
AREA: Final[dict[str, Area]] = {a.id: a for a in AREAS}
AREA_IDS: Final[tuple[str, ...]] = tuple(a.id for a in AREAS)
POWER_CENTRES: Final[tuple[str, ...]] = (
    "central_bank", "parliament", "palace", "radio_station", "railway_station",
)
EMBASSIES: Final[tuple[str, ...]] = ("superpower_embassy", "swiss_embassy")
COASTAL: Final[tuple[str, ...]] = tuple(a.id for a in AREAS if a.coastal)

# Off-map boxes: units there are not on the map (cannot move, fire, be hit or be bribed).
AIR_FORCE_BOX: Final = "air_force_box"
NAVY_BOX: Final = "navy_box"
BOXES: Final[tuple[str, ...]] = (AIR_FORCE_BOX, NAVY_BOX)

EDGES: Final[tuple[tuple[str, str], ...]] = (
    ("airport", "barracks_2"), ("airport", "industrial_zone"), ("airport", "shantytown"),
    ("barracks_2", "hillside_villas"), ("barracks_2", "shantytown"),
    ("hillside_villas", "barracks_3"), ("hillside_villas", "police_north"), ("hillside_villas", "radio_station"),
    ("barracks_3", "superpower_embassy"),
    ("industrial_zone", "shantytown"), ("industrial_zone", "railway_station"),
    ("shantytown", "police_north"), ("shantytown", "railway_station"), ("shantytown", "university"),
    ("police_north", "radio_station"), ("police_north", "university"), ("police_north", "parliament"),
    ("radio_station", "superpower_embassy"), ("radio_station", "cathedral_square"),
    ("superpower_embassy", "cathedral_square"), ("superpower_embassy", "police_east"),
    ("railway_station", "university"), ("railway_station", "police_west"), ("railway_station", "market"),
    ("university", "parliament"), ("university", "market"), ("university", "old_town"),
    ("parliament", "cathedral_square"), ("parliament", "old_town"),
    ("cathedral_square", "police_east"), ("cathedral_square", "central_bank"),
    ("cathedral_square", "financial_district"),
    ("police_east", "financial_district"),
    ("police_west", "market"), ("police_west", "barracks_1"),
    ("market", "old_town"), ("market", "barracks_1"), ("market", "fishermen_quarter"),
    ("old_town", "central_bank"), ("old_town", "police_south"),
    ("central_bank", "financial_district"), ("central_bank", "malecon"),
    ("financial_district", "swiss_embassy"),
    ("barracks_1", "fishermen_quarter"),
    ("fishermen_quarter", "police_south"), ("fishermen_quarter", "port"),
    ("police_south", "port"), ("police_south", "palace"),
    ("palace", "malecon"),
    ("malecon", "swiss_embassy"), ("malecon", "hotel_zone"),
    ("swiss_embassy", "hotel_zone"),
)


def _neighbours() -> dict[str, tuple[str, ...]]:
    found: dict[str, set[str]] = {a: set() for a in AREA_IDS}
    for a, b in EDGES:
        found[a].add(b)
        found[b].add(a)
    return {a: tuple(sorted(ns)) for a, ns in found.items()}


NEIGHBOURS: Final[dict[str, tuple[str, ...]]] = _neighbours()  # each sorted alphabetically


def adjacent(a: str, b: str) -> bool:
    return b in NEIGHBOURS.get(a, ())


@cache
def distance(a: str, b: str) -> int:
    """Steps between two areas (breadth-first; the graph is connected)."""
    if a == b:
        return 0
    seen, frontier, steps = {a}, [a], 0
    while frontier:
        steps += 1
        nxt = []
        for here in frontier:
            for there in NEIGHBOURS[here]:
                if there == b:
                    return steps
                if there not in seen:
                    seen.add(there)
                    nxt.append(there)
        frontier = nxt
    raise ValueError(f"{a} and {b} are not connected")


# --- units -----------------------------------------------------------------------------------------

ARMED: Final = "armed"  # (1): one die per firing unit
UNARMED: Final = "unarmed"  # (1/2): one die per two firing units of one player
GUARD: Final = "guard"  # (1*): as armed, plus one die per firing player in the palace


@dataclass(frozen=True)
class UnitType:
    id: str
    cls: str  # armed | unarmed | guard
    office: str | None  # the office whose units these are (None: a card's units)
    prefix: str  # unit instance ids: prefix + "_" + number


UNIT_TYPES: Final[tuple[UnitType, ...]] = (
    UnitType("presidential_guard", GUARD, "president", "pg"),
    UnitType("police", ARMED, "interior", "pol"),
    UnitType("brigade_1", ARMED, "general_1", "b1"),
    UnitType("brigade_2", ARMED, "general_2", "b2"),
    UnitType("brigade_3", ARMED, "general_3", "b3"),
    UnitType("marines", ARMED, "admiral", "mar"),
    UnitType("paratrooper", ARMED, "air_force", "para"),
    UnitType("students", UNARMED, None, "students"),
    UnitType("rioters", UNARMED, None, "rioters"),
    UnitType("strikers", UNARMED, None, "strikers"),
    UnitType("demonstrators", UNARMED, None, "demonstrators"),
    UnitType("bank_guards", ARMED, None, "bank_guards"),
    UnitType("private_security", ARMED, None, "private_security"),
    UnitType("christian_militia", ARMED, None, "christian_militia"),
    UnitType("helicopter", ARMED, None, "helicopter"),
)
UNIT_TYPE: Final[dict[str, UnitType]] = {u.id: u for u in UNIT_TYPES}

POLICE_STATIONS: Final[tuple[str, ...]] = ("police_north", "police_east", "police_south", "police_west")


def _office_units() -> dict[str, tuple[str, str, str]]:
    """unit id → (unit type, office, start area or box), in a fixed order."""
    units: dict[str, tuple[str, str, str]] = {}
    for i in range(1, 5):
        units[f"pg_{i}"] = ("presidential_guard", "president", "palace")
    for i, station in enumerate(POLICE_STATIONS, start=1):
        units[f"pol_{i}"] = ("police", "interior", station)
    for brigade in (1, 2, 3):
        for i in range(1, 7):
            units[f"b{brigade}_{i}"] = (f"brigade_{brigade}", f"general_{brigade}", f"barracks_{brigade}")
    units["mar_1"] = ("marines", "admiral", NAVY_BOX)
    units["para_1"] = ("paratrooper", "air_force", AIR_FORCE_BOX)
    return units


OFFICE_UNITS: Final[dict[str, tuple[str, str, str]]] = _office_units()
OCCUPIED_PARLIAMENT: Final = "parliament"  # where the 4 police start when the Minister occupied it


def start_area(unit: str, occupied: bool) -> str:
    """Where an office unit starts a coup: police in Parliament when the Minister occupied it."""
    unit_type, _office, area = OFFICE_UNITS[unit]
    if unit_type == "police" and occupied:
        return OCCUPIED_PARLIAMENT
    return area


# Landings and the off-map weapons.
MARINE_LANDINGS: Final[tuple[str, ...]] = ("fishermen_quarter", "police_south", "barracks_1")
PARATROOPER_LANDINGS: Final[tuple[str, ...]] = AREA_IDS  # any area, embassies included
AIR_STRIKES: Final = 3
GUNBOAT_DICE: Final = 3
AIR_STRIKE_DICE: Final = 6

# Unit cards: card design id → (unit type, how many, the areas the player may place them in).
UNIT_CARD_ENTRIES: Final[dict[str, tuple[str, int, tuple[str, ...]]]] = {
    "unt_students": ("students", 4, ("university",)),
    "unt_rioters": ("rioters", 4, ("shantytown", "market")),
    "unt_strikers": ("strikers", 4, ("industrial_zone", "port")),
    "unt_demonstrators": ("demonstrators", 4, ("cathedral_square", "old_town")),
    "unt_bank_guards": ("bank_guards", 2, ("central_bank",)),
    "unt_private_security": ("private_security", 2, ("hillside_villas", "financial_district")),
    "unt_christian_militia": ("christian_militia", 3, ("cathedral_square",)),
    "unt_helicopter": ("helicopter", 1, ("airport",)),
}
# Unit cards whose units trigger the police reaction when a rebel plays them in the Rebellion Phase.
POLICE_REACTION_CARDS: Final[frozenset[str]] = frozenset(
    {"unt_students", "unt_rioters", "unt_strikers", "unt_demonstrators"}
)
CARD_UNIT_TYPES: Final[frozenset[str]] = frozenset(t for t, _n, _a in UNIT_CARD_ENTRIES.values())

# Unit bribe cards: card design id → (the unit types it may bribe, the lowest die that succeeds).
BRIBE_GROUPS: Final[dict[str, tuple[frozenset[str], int]]] = {
    "brb_brigade_1": (frozenset({"brigade_1"}), 4),
    "brb_brigade_2": (frozenset({"brigade_2"}), 4),
    "brb_brigade_3": (frozenset({"brigade_3"}), 4),
    "brb_police": (frozenset({"police"}), 4),
    "brb_guard": (frozenset({"presidential_guard"}), 5),
    "brb_elite": (frozenset({"marines", "paratrooper"}), 5),
    "brb_irregulars": (CARD_UNIT_TYPES, 3),
}
