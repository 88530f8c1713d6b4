"""What every part of Som el que decidim!'s rules reads or writes on a state (rules/som.md, "Terms").

The state's shape (`State`, parties: a seat or the Hisenda), the log, who holds which discs and
what they are worth, the other players in turn order, where Concentració nacional lies, whether
the Agència Tributària Catalana is face up, and handing a disc from one party to another.
"""

from __future__ import annotations

from typing import Any, Final

from games.som.cards import ATC_CARD, DISC, START_CARD, total

State = dict[str, Any]
Action = dict[str, Any]
Party = int | str

GAME_ID: Final = "som"
HISENDA: Final = "hisenda"
LOG_KEPT: Final = 60
MAX_STEPS: Final = 40  # steps in one movement: a citizen may step back onto cards, so automated play needs a bound


def log(s: State, event: dict[str, Any]) -> None:
    """Append an event (numbered by `log_count`); events are never changed once written."""
    s["log_count"] += 1
    s["log"] = s["log"] + [{"id": s["log_count"], **event}]


def is_seat(value: Any, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def ones(discs: list[str]) -> list[str]:
    """The 1 € discs among `discs`."""
    return [d for d in discs if DISC[d].value == 1]


def twos(discs: list[str]) -> list[str]:
    """The 2 € discs among `discs`."""
    return [d for d in discs if DISC[d].value == 2]


def representatives(discs: list[str]) -> dict[str, list[str]]:
    """kind → the party's discs of that kind, lowest id first."""
    found: dict[str, list[str]] = {}
    for d in sorted(discs):
        found.setdefault(DISC[d].kind, []).append(d)
    return found


def discs_of(s: State, party: Party) -> list[str]:
    """The discs a party holds (the state's own list: changing it changes the state)."""
    found: list[str] = s["hisenda"] if party == HISENDA else s["hands"][party]
    return found


def value_of(s: State, party: Party) -> int:
    """value(party): the euros of the discs it holds."""
    return total(discs_of(s, party))


def others(s: State, seat: int) -> list[int]:
    """The other players in seat order from the one after `seat`."""
    return [(seat + i) % s["n"] for i in range(1, s["n"])]


def cell_of(board: dict[str, str | None], card: str) -> str:
    return next(cell for cell, here in board.items() if here == card)


def start_cell(s: State) -> str:
    """Where Concentració nacional lies."""
    return cell_of(s["board"], START_CARD)


def atc_active(s: State) -> bool:
    """The Agència Tributària Catalana is face up (it changes taxation)."""
    return ATC_CARD in s["face_up"]


def move_disc(s: State, disc: str, source: Party, target: Party) -> None:
    discs_of(s, source).remove(disc)
    into = discs_of(s, target)
    into.append(disc)
    into.sort()
