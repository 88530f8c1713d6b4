"""What every player of Som el que decidim! knows of a position, read once per decision by the computer
player (games/som/ai.py) and its movement search (games/som/search.py): the public board, the mix of the
face-down cards (split in two where the log still shows the last State action), the euros each citizen holds.
It never reads the identity of a face-down card nor another player's secret bid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.som.cards import ATC, CARD, CARDS, CATALUNYA, CELLS, DISC, ECONOMIC, INTERIOR, SPAIN, START_CARD, URN, WORLD

State = dict[str, Any]

TYPES = ("urn", "spain", "world", "cat", "econ", "atc")


def type_of(card: str) -> str:
    c = CARD[card]
    if c.flag == CATALUNYA:
        return "econ" if c.symbol == ECONOMIC else "atc" if c.symbol == ATC else "cat"
    return {URN: "urn", SPAIN: "spain", WORLD: "world"}[c.flag]


def _value(discs: Sequence[str]) -> int:
    return sum(DISC[d].value for d in discs)


@dataclass
class Know:
    """The public facts of one position, read once per decision."""

    state: State
    n: int = 0
    mode: str = "A"
    kinds: bool = False
    degree: str | None = None
    holder: int = 0
    atc: bool = False
    board: dict[str, str | None] = field(default_factory=dict)  # cell → card id, "?" face down, None empty
    hidden: dict[str, int] = field(default_factory=dict)  # type → face-down cards of that type
    values: list[int] = field(default_factory=list)
    hisenda: int = 0
    urns: int = 0
    start: str = ""
    group_of: dict[str, int] = field(default_factory=dict)  # face-down cell → its group (0 or 1)
    groups: list[dict[str, int]] = field(default_factory=list)  # group → type → face-down cards

    def __post_init__(self) -> None:
        s = self.state
        self.n, self.mode, self.kinds, self.degree = s["n"], s["mode"], s["kinds"], s["degree"]
        self.holder = s["holder"]
        face_up = set(s["face_up"])
        self.atc = "agencia_tributaria_catalana" in face_up
        self.board = {c: (None if s["board"][c] is None else s["board"][c] if s["board"][c] in face_up else "?")
                      for c in CELLS}
        gone = face_up | set(s["urn_area"])
        self.hidden = dict.fromkeys(TYPES, 0)
        for card in CARDS:  # the face-down mix: every card neither face up nor in the urn area
            if card.id not in gone:
                self.hidden[type_of(card.id)] += 1
        self.values = [_value(h) for h in s["hands"]]
        self.hisenda = _value(s["hisenda"])
        self.urns = len(s["urn_area"])
        self.start = next(c for c in CELLS if s["board"][c] == START_CARD)
        self._group()

    def _group(self) -> None:
        """Split the face-down cards into what the log still shows: the cells the last State action
        dealt its collected cards onto (their mix is known: that deck, less what was turned since),
        and the others (the rest of the face-down mix). Without that event in the log, one group."""
        down = [c for c in CELLS if self.board[c] == "?"]
        self.group_of = dict.fromkeys(down, 0)
        self.groups = [dict(self.hidden)]
        log = self.state["log"]
        last = next((i for i in range(len(log) - 1, -1, -1) if log[i]["type"] == "state_acts"), None)
        if last is None:
            return
        relaid = set(log[last]["relaid"])
        mix = dict.fromkeys(TYPES, 0)
        for card in log[last]["collected"]:
            mix[type_of(card)] += 1
        for event in log[last + 1:]:
            if event["type"] == "moved" and event["revealed"] and event["cell"] in relaid:
                relaid.discard(event["cell"])
                mix[type_of(event["card"])] -= 1
        cells = [c for c in down if c in relaid]
        rest = {t: self.hidden[t] - mix[t] for t in TYPES}
        if len(cells) != sum(mix.values()) or min(mix.values()) < 0 or min(rest.values()) < 0:
            return  # pragma: no cover - the log and the board disagree: judge all face-down cards alike
        for c in cells:
            self.group_of[c] = 1
        self.groups = [rest, mix]

    def hand(self, seat: int) -> list[str]:
        found: list[str] = self.state["hands"][seat]
        return found

    def flag(self, cell: str) -> str | None:
        card = self.board[cell]
        return None if card is None or card == "?" else CARD[card].flag

    def next_holder(self) -> int:
        return (self.holder + 1) % self.n

    def tax(self, seat: int, next_holder: int, atc: bool | None = None) -> int:
        """What `seat` must hold to pay the next taxation when `next_holder` holds the Generalitat."""
        atc = self.atc if atc is None else atc
        if self.n == 1:
            return 2 if atc else 3
        if seat == next_holder:
            return 0 if atc else 2  # with the ATC the others' taxes reach the holder first
        return 1

    def payable(self, values: Sequence[int], next_holder: int, atc: bool | None = None) -> bool:
        return all(values[p] >= self.tax(p, next_holder, atc) for p in range(self.n))

    def interior(self) -> list[tuple[str, int]]:
        return [(d, p) for p in range(self.n) for d in self.hand(p) if DISC[d].kind in INTERIOR]


def keep_value(know: Know, kind: str) -> float:
    """How much a citizen wants to keep a disc of `kind` (kinds matter)."""
    if kind in INTERIOR:
        base = 3.0 if know.urns or know.hidden["urn"] else 2.0
        return base + (0.5 if kind == "mossos" and know.mode == "C" else 0.0)
    return {"health": 1.0, "justice": 1.0, "education": 0.5}.get(kind, 0.2)
