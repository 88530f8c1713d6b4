"""2 and 3 players, and the 1-player game (rules/som.md, "2 and 3 players" and "1 player")."""

from __future__ import annotations

from games.som.cards import ATC_CARD
from games.som.common import HISENDA
from tests.games.som.som_kit import (
    FACE,
    G,
    act,
    at_move,
    at_turn,
    events,
    position,
    step,
    value,
    waiting,
)
from tests.support.present import present

TWO = {0: ["justice1", "justice2"], 1: ["health1", "health2"]}


def two(**kwargs) -> dict:
    return position(2, colours=["pink", "blue"], hands=TWO, **kwargs)


def test_missing_colours_are_rolled_again():
    """With pink and blue in play, orange and lilac are rolled again until a valid face."""
    s = two()
    after = at_turn(s, 0, FACE["orange"], FACE["lilac"], FACE["blue"])
    rolled = events(s, after, "rolled")[0]
    assert (rolled["face"], rolled["rerolled"]) == ("blue", ["orange", "lilac"])
    assert present(G.view(after, None)["die"])["movers"] == [1]


def test_generalitat_and_everyone_are_always_valid():
    """Those faces are never rolled again."""
    for face in ("generalitat", "everyone"):
        after = at_turn(two(), 0, FACE[face])
        assert after["die"] == face


def test_everyone_moves_only_the_citizens_in_the_game():
    """Two players: the holder, then the other."""
    s = at_move(two(), "everyone", holder=1)
    assert present(G.view(s, None)["die"])["movers"] == [1, 0]


def test_three_players_play_every_mode():
    """Mode C motions work with three (the third player backs a side)."""
    s = position(3, mode="C", hands={0: ["mossos1"], 1: ["health1"], 2: ["health2"]},
                 cards={"B2": "sufragi_universal"}, participation=[1, 1, 1], pool=9)
    s = act(at_move(s, "lilac"), 1, step("B2"))
    s = act(s, 1, {"type": "motion_of_censure"})
    assert G.to_act(s) == {2}


# --- one player ------------------------------------------------------------------------------------


def solo(hand: list[str], **kwargs) -> dict:
    return position(1, colours=["orange"], hands={0: hand}, **kwargs)


def test_solo_taxes_are_three_euros_or_two_with_the_atc():
    """Paid to the Hisenda."""
    s = solo(["justice1", "justice2", "roads1", "roads2"])
    assert [e["amount"] for e in events(s, at_turn(s, 0, FACE["blue"]), "paid")] == [3]
    s = solo(["justice1", "justice2", "roads1", "roads2"], face_up=[ATC_CARD])
    assert [(e["amount"], e["payee"]) for e in events(s, at_turn(s, 0, FACE["blue"]), "paid")] == [(2, HISENDA)]


def test_solo_every_face_counts_and_phase_three_is_skipped():
    """Lilac's face pays 4 € although lilac is not in play; then the player's citizen moves."""
    s = solo(["justice1", "justice2", "roads1", "roads2"])
    after = at_turn(s, 0, FACE["lilac"])
    assert events(s, after, "rolled")[0]["rerolled"] == []
    assert value(after, 0) == 6 - 3 + 4
    assert waiting(after) == "move" and G.to_act(after) == {0}


def test_solo_the_citizen_moves_exactly_once():
    """Even on an everyone face the one citizen makes one movement."""
    s = at_turn(solo(["justice1", "justice2", "roads1", "roads2"]), 0, FACE["everyone"])
    assert present(G.view(s, None)["die"])["movers"] == [0] and s["movers"] == []


def test_solo_change_comes_only_from_the_hisenda_or_the_player_overpays():
    """3 € from three 2 € discs: the Hisenda breaks one; without its 1 € coins the player pays 4 €."""
    s = solo(["justice1", "justice2", "health1"])
    after = at_turn(s, 0, FACE["blue"])
    assert events(s, after, "change")[0]["changer"] == HISENDA and value(after, 0) == 3
    s = solo(["justice1", "justice2", "health1"], hisenda=["education1"])
    after = at_turn(s, 0, FACE["blue"])
    paid = events(s, after, "paid")[0]
    assert (paid["amount"], paid["handed"]) == (3, 4) and value(after, 0) == 2


def test_solo_the_player_gives_the_hisenda_change():
    """The Hisenda paying 3 € with only 2 € discs breaks one with the player's 1 € discs."""
    s = solo(["justice1", "roads1", "roads2"], hisenda=["health1", "health2"], cards={"B2": "turisme"},
             citizens="A1")
    s = at_move(s, "orange")
    after = act(s, 0, step("B2"))
    assert events(s, after, "change")[0]["changer"] == 0 and value(after, 0) == 4 + 3


def test_solo_mode_b_keeps_only_the_protection():
    """No exchanges, no health or justice; the holder may protect urn cards with interior discs."""
    s = solo(["health1", "mossos1", "justice1"], mode="B", cards={"B2": "euro_per_recepta"}, citizens="A1")
    landed = act(at_move(s, "orange"), 0, step("B2"))
    assert all(a["type"] != "use_disc_effect" for a in G.legal_actions(landed, 0))
    s = solo(["mossos1", "justice1"], mode="B", urn_area=["cultura_democratica"], citizens="B5")
    revealed = act(at_move(s, "orange"), 0, step("C6"))
    assert waiting(revealed) == "protect_urn"


def test_solo_mode_b_payment_choices_are_asked():
    """Kinds matter for paying: 3 € from health + justice + roads + forests offers a choice."""
    s = solo(["health1", "justice1", "roads1", "forests1"], mode="B")
    after = at_turn(s, 0)
    assert waiting(after) == "pay" and len(G.legal_actions(after, 0)) == 4
