"""Junta's coup set up for a test: a 4-player game with a coup started, units placed, segments ended, a battle."""

from __future__ import annotations

from typing import Any

from games.junta import coup
from tests.games.junta.junta_kit import FOUR, State, play, position, ready_all, waiting

MOVE_B1 = {"kind": "move", "from": "barracks_1", "moves": [{"unit": "b1_1", "to": "market"}]}


def started(opening: dict[str, Any] | None = None, *, leader: int = 1, rolls: tuple[int, ...] = (),
            **kw: Any) -> State:
    """A 4-player game in which `leader` has just started a coup with `opening` (via the poll)."""
    kw.setdefault("offices", FOUR)
    s = position(4, phase=8, president=0, pretext=True, **kw)
    s = ready_all(s)
    for _ in range(8):
        name, seats = waiting(s)
        if name == "coup_poll" and seats == [leader]:
            break
        s = play(s, seats[0], {"type": "decline_coup"})
    return play(s, leader, {"type": "start_coup", "opening": opening or MOVE_B1}, rolls)


def c(s: State) -> dict[str, Any]:
    return s["coup"]


def acting(s: State) -> list[int]:
    return sorted(coup.coup_to_act(s))


def place(s: State, area: str, *units: str) -> None:
    """Put units straight on the map (a test's set-up, not a move)."""
    for u in units:
        s["coup"]["units"][u]["area"] = area


def add_card_units(s: State, unit_type: str, owner: int, area: str, count: int) -> list[str]:
    made = []
    for _ in range(count):
        k = s["coup"]["card_units"].get(unit_type, 0) + 1
        s["coup"]["card_units"][unit_type] = k
        uid = f"{unit_type}_{k}"
        s["coup"]["units"][uid] = {"type": unit_type, "area": area, "office": None, "owner": owner, "marker": None,
                                   "moved": False}
        made.append(uid)
    return made


def end_movements(s: State) -> State:
    """Every remaining movement turn of this segment ends."""
    for _ in range(20):
        if c(s)["segment"] != "movement" or c(s)["proposal"] is not None:
            return s
        s = play(s, acting(s)[0], {"type": "end_movement"})
    raise AssertionError("the movement segment does not end")


def end_declarations(s: State) -> State:
    for _ in range(20):
        if c(s)["segment"] != "combat" or c(s)["combat"]["step"] != "declare":
            return s
        s = play(s, acting(s)[0], {"type": "end_declaration"})
    raise AssertionError("the declarations do not end")


def quiet_phase(s: State) -> State:
    """Nobody moves or declares: on to the next phase."""
    phase = c(s)["phase"]
    s = end_declarations(end_movements(s))
    assert c(s)["phase"] == phase + 1 or c(s)["segment"] == "sides"
    return s


def battle() -> State:
    """Seat 1 has b1_1..3 in the market, seat 2 has b2_1..3 and the marines there; combat declared."""
    s = started({"kind": "move", "from": "barracks_1",
                 "moves": [{"unit": f"b1_{i}", "to": "market"} for i in (1, 2, 3)]})
    place(s, "market", "b2_1", "b2_2", "b2_3", "mar_1")
    s["coup"]["landed"]["marines"] = True
    s = end_movements(s)
    assert acting(s) == [1]
    s = play(s, 1, {"type": "declare_attack", "areas": ["market"]})
    return end_declarations(s)


def one_loss(s: State) -> State:
    """The market's three waves: seat 1 hits seat 2 once in the first (seat 2 loses b2_1), then nobody fires."""
    s = play(s, 1, {"type": "fire", "units": ["b1_1"], "target": 2})
    s = play(s, 2, {"type": "hold_fire"}, rolls=[6])
    s = play(s, 2, {"type": "choose_casualties", "units": ["b2_1"]})
    for _ in range(2):
        s = play(s, 1, {"type": "hold_fire"})
        s = play(s, 2, {"type": "hold_fire"})
    return s


def rebels_hold_three() -> State:
    """Seat 1's coup with his brigade in three power centres, played quietly to Choosing Sides."""
    s = started()
    place(s, "parliament", "b1_2")
    place(s, "radio_station", "b1_3")
    place(s, "railway_station", "b1_4")
    for _ in range(7):
        s = quiet_phase(s)
    return s
