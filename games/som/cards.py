"""The components of Som el que decidim! (rules/som.md, "Components" and "The board").

The 37 board cards with their flag (type) and symbol, the grid in the shape of Catalonia with its
labels and Moore neighbours, the die faces, and the 24 public-management discs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from games.core.messages import MessageFamily

# --- board cards -----------------------------------------------------------------------------------

CATALUNYA: Final = "catalunya"
WORLD: Final = "world"
URN: Final = "urn"
SPAIN: Final = "spain"

ECONOMIC: Final = "economic"
ATC: Final = "atc"
HEALTH: Final = "health"
JUSTICE: Final = "justice"
SUFFRAGE: Final = "suffrage"


@dataclass(frozen=True)
class Card:
    id: str
    flag: str  # catalunya | world | urn | spain
    symbol: str | None = None  # economic | atc | health | justice | suffrage


START_CARD: Final = "concentracio_nacional"
ATC_CARD: Final = "agencia_tributaria_catalana"
HEALTH_CARD: Final = "euro_per_recepta"
JUSTICE_CARD: Final = "impost_de_successions"
SUFFRAGE_CARD: Final = "sufragi_universal"

CARDS: Final[tuple[Card, ...]] = (
    Card(START_CARD, CATALUNYA),
    Card(ATC_CARD, CATALUNYA, ATC),
    Card(HEALTH_CARD, CATALUNYA, HEALTH),
    Card(JUSTICE_CARD, CATALUNYA, JUSTICE),
    Card("ports_i_logistica", CATALUNYA, ECONOMIC),
    Card("teixit_industrial", CATALUNYA, ECONOMIC),
    Card("turisme", CATALUNYA, ECONOMIC),
    Card("parlament_de_catalunya", CATALUNYA),
    Card("estatut_d_autonomia", CATALUNYA),
    Card("llengua_catalana", CATALUNYA),
    Card("escola_catalana", CATALUNYA),
    Card("teixit_associatiu", CATALUNYA),
    Card("cooperativisme", CATALUNYA),
    Card("castells", CATALUNYA),
    Card("pagesia", CATALUNYA),
    Card("recerca_i_universitats", CATALUNYA),
    Card("comerc_de_proximitat", CATALUNYA),
    Card("mitjans_en_catala", CATALUNYA),
    Card(SUFFRAGE_CARD, WORLD, SUFFRAGE),
    Card("drets_humans", WORLD),
    Card("autodeterminacio", WORLD),
    Card("llibertat_d_expressio", WORLD),
    Card("separacio_de_poders", WORLD),
    Card("estat_de_dret", WORLD),
    Card("igualtat_de_genere", WORLD),
    Card("pau", WORLD),
    Card("sostenibilitat", WORLD),
    Card("diversitat_cultural", WORLD),
    Card("solidaritat", WORLD),
    Card("cultura_democratica", URN),
    Card("mobilitzacio_ciutadana", URN),
    Card("politics_compromesos", URN),
    Card("estrategia_internacional", URN),
    Card("tribunal_constitucional", SPAIN),
    Card("loapa", SPAIN),
    Card("llei_wert", SPAIN),
    Card("lleis_de_bases", SPAIN),
)
CARD: Final = {card.id: card for card in CARDS}
URN_COUNT: Final = 4

# --- the grid ----------------------------------------------------------------------------------------

COLUMNS: Final = "ABCDEFGH"
ROWS: Final[tuple[tuple[int, int], ...]] = ((0, 6), (1, 7), (1, 7), (1, 6), (1, 5), (1, 4), (1, 1))  # first, last col

Pos = tuple[int, int]


def label(pos: Pos) -> str:
    """(row, col) → "C3"."""
    row, col = pos
    return f"{COLUMNS[col]}{row + 1}"


POSITIONS: Final[tuple[Pos, ...]] = tuple(
    (row, col) for row, (first, last) in enumerate(ROWS) for col in range(first, last + 1)
)
CELLS: Final[tuple[str, ...]] = tuple(label(pos) for pos in POSITIONS)  # row by row
POS: Final[dict[str, Pos]] = {label(pos): pos for pos in POSITIONS}
CELL_INDEX: Final = {cell: index for index, cell in enumerate(CELLS)}


@cache
def neighbours(cell: str) -> tuple[str, ...]:
    """The cells among the 8 surrounding positions (Moore neighbourhood), in board order."""
    row, col = POS[cell]
    around = {(row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)}
    return tuple(c for c in CELLS if POS[c] in around)


def aligned(a: str, b: str) -> bool:
    """Two cells sharing a row or a column (any distance; diagonals do not count)."""
    (ra, ca), (rb, cb) = POS[a], POS[b]
    return ra == rb or ca == cb


# --- citizens and the die ----------------------------------------------------------------------------

COLOURS: Final = ("pink", "lilac", "orange", "blue")
GENERALITAT_FACE: Final = "generalitat"
EVERYONE_FACE: Final = "everyone"
# The die's 6 faces in the order rng.die(6) numbers them (1 = generalitat ... 6 = everyone).
FACES: Final = (GENERALITAT_FACE, "pink", "lilac", "orange", "blue", EVERYONE_FACE)
FACE_NUMBER: Final = {"generalitat": 2, "pink": 4, "lilac": 4, "orange": 2, "blue": 0, "everyone": 0}
DEGREE_OF_NUMBER: Final = {0: "medium", 2: "high", 4: "intense"}
DEGREES: Final = ("medium", "high", "intense")

# --- public-management discs -------------------------------------------------------------------------

SERVICE: Final = "service"
INFRASTRUCTURE: Final = "infrastructure"
INTERIOR: Final = ("mossos", "firefighters")


@dataclass(frozen=True)
class Disc:
    id: str
    kind: str
    value: int
    group: str


DISC_KINDS: Final[tuple[tuple[str, int, int], ...]] = (  # kind, value, count
    ("justice", 2, 2),
    ("health", 2, 3),
    ("education", 2, 3),
    ("mossos", 2, 2),
    ("firefighters", 2, 2),
    ("railways", 1, 2),
    ("roads", 1, 2),
    ("forests", 1, 3),
    ("energy", 1, 2),
    ("housing", 1, 3),
)
DISCS: Final[tuple[Disc, ...]] = tuple(
    Disc(f"{kind}{i}", kind, value, SERVICE if value == 2 else INFRASTRUCTURE)
    for kind, value, count in DISC_KINDS
    for i in range(1, count + 1)
)
DISC: Final = {disc.id: disc for disc in DISCS}
TWOS: Final = tuple(d.id for d in DISCS if d.value == 2)
ONES: Final = tuple(d.id for d in DISCS if d.value == 1)
PARTICIPATION_DISCS: Final = 12


def kind(disc: str) -> str:
    return DISC[disc].kind


def value(disc: str) -> int:
    return DISC[disc].value


def total(discs: list[str]) -> int:
    return sum(DISC[d].value for d in discs)


# Words the bot shows for these components (catalog domain "som"): card names as printed, disc kinds.
CARD_NAME: Final = MessageFamily("som.card", [card.id for card in CARDS])
KIND_NAME: Final = MessageFamily("som.kind", [k for k, _value, _count in DISC_KINDS])
FACE_NAME: Final = MessageFamily("som.face", FACES)
