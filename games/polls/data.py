"""Static data of The Polls Are Closed! (Spain): circles, regions, costs and the seats table.

Everything here is plain data (tuples of strings and ints) that a renderer or a computer
player may import freely; the engine's state never holds these tuples, only JSON values.
"""

from __future__ import annotations

from typing import Final

from games.core.messages import MessageFamily

BLUE: Final = 0
RED: Final = 1
PARTY_NAMES: Final = ("blue", "red")

TOKENS_PER_PARTY: Final = 30
TURNS_PER_ROUND: Final = (10, 9, 8)
ROUNDS: Final = len(TURNS_PER_ROUND)
TOTAL_SEATS: Final = 66
ABSOLUTE_MAJORITY: Final = 34

# --- the propaganda circles -------------------------------------------------------------------

OUTER_A: Final = ("A1", "A2", "A3", "A4", "A5", "A6")
INTERMEDIATE_A: Final = ("A16", "A25", "A34")
SECTORS_A: Final = OUTER_A + INTERMEDIATE_A
SECTORS_B: Final = ("B14", "B25", "B36")
SECTORS: Final = SECTORS_A + SECTORS_B
CENTRES: Final = ("A", "B", "C")

# (first sector, second sector, the sector or centre they converge on), in the order the engine
# checks them: pairs whose target is further out come first, then the listed order.
COMBINATIONS: Final = (
    ("A1", "A6", "A16"),
    ("A2", "A5", "A25"),
    ("A3", "A4", "A34"),
    ("A16", "A25", "A"),
    ("A16", "A34", "A"),
    ("A25", "A34", "A"),
    ("B14", "B25", "B"),
    ("B14", "B36", "B"),
    ("B25", "B36", "B"),
)


def sector_for_die(circle: str, value: int) -> str:
    """The outer sector a die showing `value` selects in circle A or B ("BC" counts as B)."""
    if circle == "A":
        return f"A{value}"
    return ("B14", "B25", "B36")[(value - 1) % 3]


def intermediate_for_seven(a: int, b: int) -> str:
    """The intermediate sector of circle A two dice summing 7 point at (A16, A25 or A34)."""
    low, high = sorted((a, b))
    return f"A{low}{high}"


# --- the map --------------------------------------------------------------------------------

# Region ids in the order of the seats table (and of the rules file).
REGIONS: Final = (
    "asturias",
    "aragon",
    "castilla_la_mancha",
    "islands",
    "castilla_y_leon",
    "galicia",
    "euskadi",
    "valencia",
    "andalusia",
    "madrid",
    "catalonia",
)

REGION_NAMES: Final = {
    "asturias": "Asturias",
    "aragon": "Aragon",
    "castilla_la_mancha": "Castilla-La Mancha",
    "islands": "the Islands",
    "castilla_y_leon": "Castilla y León",
    "galicia": "Galicia",
    "euskadi": "Euskadi",
    "valencia": "Valencia",
    "andalusia": "Andalusia",
    "madrid": "Madrid",
    "catalonia": "Catalonia",
}

# Message ids of the words players read (bot/i18n/locale/*/polls.po).
REGION_WORD: Final = MessageFamily("polls.region", REGIONS)
# "in Madrid", "nelle Asturie", "en las Islas": languages put different words before a region.
REGION_IN: Final = MessageFamily("polls.region_in", REGIONS)
PARTY_WORD: Final = MessageFamily("polls.party", PARTY_NAMES)
ACTION_WORD: Final = MessageFamily("polls.action", (
    "propaganda", "double_propaganda", "take_seven", "place_die", "pact", "shift", "influence", "end_turn",
    "poll_influence",
))

REGION_TYPE: Final = {
    "asturias": "2C",
    "aragon": "2C",
    "castilla_la_mancha": "2C",
    "islands": "2C",
    "castilla_y_leon": "2C",
    "galicia": "5C/2B",
    "euskadi": "5C/2B",
    "valencia": "3B",
    "andalusia": "3B",
    "madrid": "1A",
    "catalonia": "1A",
}

# What one Influence token costs in each region type: {centre paid: tokens}.
COSTS: Final = {
    "1A": {"A": 1},
    "3B": {"B": 3},
    "5C/2B": {"C": 5, "B": 2},
    "2C": {"C": 2},
}

# End-of-turn limits: a player must hold fewer than this many Propaganda of each kind.
PROPAGANDA_LIMITS: Final = {"A": 1, "B": 3, "C": 5}

POLL_REGIONS: Final = tuple(r for r in REGIONS if REGION_TYPE[r] == "2C")

# Pact boxes and the circles whose Opinions may be moved there.
PACT_CIRCLES: Final = {
    "catalonia": ("A",),
    "euskadi": ("A", "B"),
    "galicia": ("A", "B"),
}
PACT_REGIONS: Final = tuple(PACT_CIRCLES)

# --- the seats table ------------------------------------------------------------------------

# region: (seats, (tie each, tie third), (lead 1 W, L, third), (lead 2 ...), (lead 3+ ...))
SEATS_TABLE: Final = {
    "asturias": (2, (1, 0), (1, 1, 0), (2, 0, 0), (2, 0, 0)),
    "aragon": (3, (1, 1), (2, 1, 0), (2, 1, 0), (3, 0, 0)),
    "castilla_la_mancha": (4, (2, 0), (2, 2, 0), (3, 1, 0), (4, 0, 0)),
    "islands": (5, (2, 1), (3, 2, 0), (3, 2, 0), (4, 1, 0)),
    "castilla_y_leon": (6, (3, 0), (3, 3, 0), (4, 2, 0), (5, 1, 0)),
    "galicia": (5, (2, 1), (3, 2, 0), (4, 1, 0), (5, 0, 0)),
    "euskadi": (5, (1, 3), (2, 1, 2), (3, 0, 2), (3, 0, 2)),
    "valencia": (8, (4, 0), (5, 3, 0), (6, 2, 0), (7, 1, 0)),
    "andalusia": (12, (5, 2), (7, 5, 0), (8, 4, 0), (9, 3, 0)),
    "madrid": (7, (3, 1), (5, 1, 1), (6, 1, 0), (7, 0, 0)),
    "catalonia": (9, (2, 5), (4, 1, 4), (6, 1, 2), (7, 0, 2)),
}


def region_seats(region: str, blue: int, red: int) -> tuple[int, int, int]:
    """Seats (blue, red, third parties) a region gives for these Influence counts."""
    _, tie, *leads = SEATS_TABLE[region]
    if blue == red:
        each, third = tie
        return each, each, third
    winner, loser, third = leads[min(abs(blue - red), 3) - 1]
    return (winner, loser, third) if blue > red else (loser, winner, third)
