"""§6.8: who starts a coup and with what opening act. §13's cases 3, 4, 5 and 12 (dice, retreats, control,
the end by agreement) are in test_junta_coup.py, with the coup sub-game's own tests."""

from __future__ import annotations

from games.junta import GAME
from tests.games.junta.junta_kit import FOUR, card, events, play, position, ready_all, refused, waiting


def at_poll(**kw):
    s = position(4, phase=8, offices=FOUR, pretext=True, locations={x: "home" for x in range(4)}, **kw)
    return ready_all(s)


def test_start_coup_needs_an_opening_act_of_the_leader():
    s = at_poll()
    assert waiting(s) == ("coup_poll", [1])
    refused(s, 1, {"type": "start_coup", "opening": {"kind": "card", "card": card("unt_students"),
                                                       "area": "university"}})
    refused(s, 1, {"type": "start_coup", "opening": {"kind": "bombard_palace", "weapon": "gunboat"}})
    openings = [a["opening"] for a in GAME.legal_actions(s, 1) if a["type"] == "start_coup"]
    assert openings and all(o["kind"] in ("move", "land", "card", "bombard_palace") for o in openings)
    s = play(s, 1, {"type": "start_coup", "opening": openings[0]})
    assert events(s, "coup_started")[0]["leader"] == 1


def test_the_president_never_starts_a_coup():
    s = at_poll()
    assert 0 not in s["stack"][-1]["order"]


def test_first_to_start_stops_the_poll():
    s = at_poll()
    s = play(s, 1, {"type": "decline_coup"})
    opening = next(a["opening"] for a in GAME.legal_actions(s, 2) if a["type"] == "start_coup")
    s = play(s, 2, {"type": "start_coup", "opening": opening})
    assert s["coup"] is not None and s["coup"]["leader"] == 2 and s["coup"]["rebels"][2]
    assert not any(f["kind"] == "coup_poll" for f in s["stack"])
