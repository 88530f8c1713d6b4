"""Set-up (rules/som.md, "Set-up", "Modes", "Centralism degree"): the table's options, the deal,
where Concentració nacional lies (`place_start`) and the centralism degree (`choose_centralism`),
after which the starting holder's first turn begins.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.messages import N_
from games.core.options import check_options
from games.core.protocol import IllegalAction, OptionSpec, Rng
from games.som.cards import (
    CARDS,
    CELL_INDEX,
    CELLS,
    COLOURS,
    DEGREE_OF_NUMBER,
    DEGREES,
    FACE_NUMBER,
    FACES,
    HEALTH,
    JUSTICE,
    ONES,
    PARTICIPATION_DISCS,
    START_CARD,
    TWOS,
)
from games.som.common import Action, State, cell_of, log, start_cell
from games.som.turn import start_turn

MODES: Final = ("A", "B", "C", "A+C")

OPTIONS_SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec("mode", "choice", "A", N_("som.option.mode"), choices=MODES),
    # The table may fix the starting holder (tests do); otherwise it is drawn at set-up.
    OptionSpec("holder", "int", None, N_("som.option.holder"), 0, 3, public=False),
)


def new_state(n_players: int, options: dict[str, Any], rng: Rng) -> State:
    """A new game waiting on the starting holder's `place_start`."""
    if isinstance(n_players, bool) or not isinstance(n_players, int) or not 1 <= n_players <= 4:
        raise IllegalAction("som.player_count",
                            f"Som el que decidim! is played by 1 to 4 players, not {n_players}.",
                            seated=n_players if isinstance(n_players, int) else str(n_players))
    opts = check_options(OPTIONS_SCHEMA, dict(options))
    mode, holder = opts["mode"], opts["holder"]
    if n_players == 1 and mode in ("C", "A+C"):
        raise IllegalAction("som.solo_mode", "A game for one player is played in mode A or B.")
    if holder is not None and holder >= n_players:
        raise IllegalAction("som.bad_holder", f"The starting holder must be a seat from 0 to {n_players - 1}.",
                            high=n_players - 1)
    colours = rng.shuffle(list(COLOURS))[:n_players]
    if holder is None:
        holder = rng.randint(0, n_players - 1)
    twos, ones = rng.shuffle(list(TWOS)), rng.shuffle(list(ONES))
    per_two = 3 if n_players == 1 else 2
    hands = [sorted(twos[per_two * s: per_two * (s + 1)] + ones[2 * s: 2 * s + 2]) for s in range(n_players)]
    hisenda = sorted(twos[per_two * n_players:] + ones[2 * n_players:])
    cards = rng.shuffle([c.id for c in CARDS])
    board: dict[str, str | None] = dict(zip(CELLS, cards, strict=True))
    start = cell_of(board, START_CARD)
    state: State = {
        "n": n_players, "mode": mode, "kinds": mode in ("B", "C"), "degree": None, "colours": colours,
        "starting_holder": holder, "holder": holder, "turn": 0, "phase": "place_start",
        "hands": hands, "hisenda": hisenda, "participation": [0] * n_players, "pool": PARTICIPATION_DISCS,
        "board": board, "face_up": [START_CARD], "urn_area": [], "citizens": [start] * n_players,
        "die": None, "movers": [], "movement": None, "used": {HEALTH: False, JUSTICE: False},
        "payment": None, "pay_queue": [], "pending": None, "vote": None, "last_vote": None,
        "next_holder": None, "result": None, "log": [], "log_count": 0,
    }
    log(state, {"type": "game_started", "holder": holder, "colours": list(colours), "mode": mode})
    return state


def start_cells(s: State) -> list[str]:
    """The cells Concentració nacional may be swapped with (`place_start`; null leaves it)."""
    start = start_cell(s)
    return [c for c in CELLS if c != start]


def degrees(s: State) -> list[str]:
    """The centralism degrees the starting holder may choose, and "roll" (a lone player: no medium)."""
    return [d for d in (*DEGREES, "roll") if not (s["n"] == 1 and d == "medium")]


def do_place_start(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    cell = action.get("cell")
    start = start_cell(s)
    if cell is not None and cell not in CELL_INDEX:
        raise IllegalAction("som.no_such_cell", "Name a cell of the board, such as D3.")
    if cell == start:
        raise IllegalAction("som.start_same",
                            "Name another cell to swap with, or none to leave Concentració nacional where it is.")
    target = start if cell is None else cell
    board = s["board"]
    board[start], board[target] = board[target], board[start]
    s["citizens"] = [target] * s["n"]
    s["phase"] = "choose_centralism"
    log(s, {"type": "start_placed", "seat": seat, "from": start, "to": target})


def do_choose_centralism(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    degree = action.get("degree")
    if degree not in (*DEGREES, "roll"):
        raise IllegalAction("som.degree_bad", "Choose medium, high, intense or roll.")
    if degree == "medium" and s["n"] == 1:
        raise IllegalAction("som.degree_solo", "A game for one player is played at high or intense centralism.")
    rolls = []
    if degree == "roll":
        while True:  # the die's number; a lone player rolls a 0 again (never for missing colours)
            face = FACES[rng.die(6) - 1]
            rolls.append(face)
            number = FACE_NUMBER[face]
            if not (s["n"] == 1 and number == 0):
                break
        degree = DEGREE_OF_NUMBER[number]
    s["degree"] = degree
    log(s, {"type": "centralism", "seat": seat, "degree": degree, "rolls": rolls})
    start_turn(s, s["starting_holder"])
