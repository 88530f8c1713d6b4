"""What the views show and hide (rules/som.md, "Hidden information"; docs/som-view.md)."""

from __future__ import annotations

import json

from games.som.cards import START_CARD
from tests.games.som.som_kit import G, act, at_move, at_turn, bid, events, new, play, position, step
from tests.support.present import present

KEYS = {"game", "n", "mode", "kinds_matter", "degree", "phase", "turn", "holder", "starting_holder", "colours",
        "seat_of_colour", "die", "movers_left", "players", "hisenda", "pool", "urn_area", "board", "start_cell",
        "atc_active", "used", "to_act", "pending", "payment", "movement", "moves", "can_stop", "effects", "vote",
        "last_vote", "result", "log", "log_count"}


def test_the_view_has_the_documented_keys():
    """Public and seat views carry the keys docs/som-view.md lists; a seat's adds you and my_bid."""
    s = at_move(position(), "generalitat")
    assert set(G.view(s, None)) == KEYS
    assert set(G.view(s, 1)) == KEYS | {"you", "my_bid"}
    assert G.view(s, 1)["you"] == 1
    assert json.loads(json.dumps(G.view(s, None))) == G.view(s, None)


def test_face_down_cards_have_no_identity_anywhere():
    """Only face-up cards are named, on the board and in the log."""
    s = new()
    dumped = json.dumps(G.view(s, None))
    hidden = [card for card in s["board"].values() if card != START_CARD]
    assert not [card for card in hidden if f'"{card}"' in dumped]
    board = G.view(s, 0)["board"]
    assert {c["state"] for c in board} == {"face_up", "face_down"}
    assert all(c["card"] is None and c["flag"] is None for c in board if c["state"] == "face_down")


def test_the_hisenda_shows_coin_counts_only():
    """Counts of 1 € and 2 € coins and their value, no disc ids."""
    s = position(hands={0: ["justice1"]})
    assert G.view(s, None)["hisenda"] == {"ones": 12, "twos": 11, "value": 34}


def test_players_discs_are_public():
    """Every player's discs, with kind and value, in every view."""
    s = position(hands={2: ["roads1", "health2"]})
    player = G.view(s, None)["players"][2]
    assert player["discs"] == [{"id": "health2", "kind": "health", "value": 2, "group": "service"},
                               {"id": "roads1", "kind": "roads", "value": 1, "group": "infrastructure"}]
    assert player["value"] == 3 and player["colour"] == "orange"


def test_bids_stay_secret_until_revealed():
    """The public view shows who bid; each seat sees its own bid only."""
    s = position(mode="C", hands={0: ["mossos1"], 1: ["health1"], 2: ["health2"], 3: ["health3"]},
                 cards={"B2": "sufragi_universal"}, participation=[2, 2, 2, 2], pool=4)
    s = act(at_move(s, "generalitat"), 0, step("B2"))
    s = play(s, (0, {"type": "call_elections"}), (1, {"type": "stand", "stand": False}),
             (2, {"type": "stand", "stand": False}), (3, {"type": "stand", "stand": False}), (1, bid(2)))
    public = G.view(s, None)
    other = dict(s)
    other["vote"] = {**s["vote"], "bids": {"1": 0}}
    assert G.view(other, None) == public
    assert G.view(s, 1)["my_bid"] == 2 and G.view(s, 3)["my_bid"] is None
    assert public["pending"] == {"type": "bid", "seat": None, "seats": [0, 2, 3]}


def test_the_view_says_what_the_ui_needs_now():
    """Pending step, the mover's moves, whether it may stop, and payment choices for the payer."""
    s = at_move(position(), "generalitat")
    view = G.view(s, None)
    assert view["pending"] == {"type": "move", "seat": 0, "first_step": True}
    assert present(view["movement"])["mover"] == 0 and view["moves"] == ["B1", "B2"] and view["to_act"] == [0]
    paying = at_turn(position(2, mode="B", colours=["pink", "blue"],
                              hands={0: ["justice1", "justice2"], 1: ["roads1", "forests1"]}), 0)
    payment = G.view(paying, 1)["payment"]
    assert present(payment)["choices"] == [["forests1"], ["roads1"]] and present(payment)["step"] == "pay"


def test_the_log_records_events_as_data():
    """Each event has an increasing id and a type."""
    s = act(at_move(position(), "generalitat"), 0, step("B2"))
    ids = [e["id"] for e in s["log"]]
    assert ids == sorted(ids) and all(isinstance(e["type"], str) for e in s["log"])
    assert s["log"][-1]["type"] == "moved" and G.view(s, None)["log_count"] == ids[-1]


def hisenda_breaks_a_coin() -> tuple[dict, dict]:
    """Mode B: Pink reveals Turisme and the Hisenda owes her 3 € holding only 2 € discs (education1 and
    mossos1): it breaks one at random, and Pink, the holder with three kinds of 1 € discs, gives the change."""
    s = position(2, mode="B", colours=["pink", "blue"], hands={0: ["justice1", "roads1", "forests1", "housing1"],
                                                               1: ["health3"]},
                 hisenda=["education1", "mossos1"], cards={"B2": "turisme"})
    s = at_move(s, "generalitat")
    return s, act(s, 0, step("B2"))  # ScriptedRng: the Hisenda's random pick is its first disc, education1


def test_the_hisendas_broken_coin_is_named_only_once_revealed():
    """Seed: the Hisenda's discs lie coin side up "sin que se pueda saber a qué servicio público o a qué
    infraestructura corresponden": while Pink chooses the change for the Hisenda's 2 € disc, no view names
    that disc (nor does the log); it is named from the moment it reaches her hands."""
    s, asked = hisenda_breaks_a_coin()
    assert asked["payment"]["broken"] == "education1" and asked["payment"]["step"] == "give_change"
    for seat in (None, 0, 1):
        view = G.view(asked, seat)
        assert present(view["payment"])["broken"] is None and present(view["payment"])["changer"] == 0
        assert present(view["payment"])["payer"] == "hisenda" and "education1" not in json.dumps(view)
    given = act(asked, 0, {"type": "give_change", "discs": ["forests1", "roads1"]})
    change = events(asked, given, "change")[0]
    assert (change["payer"], change["changer"], change["broken"]) == ("hisenda", 0, "education1")
    assert "education1" in [d["id"] for d in G.view(given, None)["players"][0]["discs"]]


def test_a_players_own_coin_being_broken_is_public():
    """A disc a player breaks lies service side up in their hands: the payment names it while the
    change-giver chooses."""
    s = position(2, mode="B", colours=["pink", "blue"], hands={0: ["justice1", "roads1", "forests1", "housing1"],
                                                               1: ["health1"]}, hisenda=["education1"])
    asked = at_turn(s, 0)
    assert present(G.view(asked, None)["payment"])["broken"] == "health1"
    assert present(G.view(asked, None)["payment"])["payer"] == 1
