"""Card symbols (rules/som.md, "Card symbols")."""

from __future__ import annotations

from games.som.cards import ATC_CARD, HEALTH_CARD, JUSTICE_CARD
from games.som.common import HISENDA
from tests.games.som.som_kit import (
    FACE,
    STOP,
    G,
    act,
    at_move,
    at_turn,
    events,
    position,
    step,
    types,
    value,
)

HANDS = {0: ["justice1", "health1"], 1: ["health2", "roads1"], 2: ["education1", "roads2"],
         3: ["education2", "forests1"]}


def test_revealing_an_economic_card_pays_three_euros_to_the_mover():
    """Ports i logística on E1, revealed by Lilac: 3 € from the Hisenda."""
    s = at_move(position(hands=HANDS, citizens=["A1", "D1", "A1", "A1"]), "lilac")
    after = act(s, 1, step("E1"))
    assert value(after, 1) == 3 + 3
    assert events(s, after, "economic") == [{**events(s, after, "economic")[0], "seat": 1, "card": "ports_i_logistica"}]


def test_landing_on_a_face_up_economic_card_gives_nothing():
    """Only the reveal pays."""
    s = at_move(position(hands=HANDS, citizens=["A1", "D1", "A1", "A1"], face_up=["ports_i_logistica"]), "lilac")
    after = act(s, 1, step("E1"))
    assert value(after, 1) == 3 and not events(s, after, "paid")


def test_an_economic_card_the_hisenda_cannot_pay_declares_independence():
    """DUI with the mover as provoker (participation tied: the provoker alone wins)."""
    s = at_move(position(hands=HANDS, hisenda=["housing1", "housing2"], citizens=["A1", "D1", "A1", "A1"]),
                "lilac")
    after = act(s, 1, step("E1"))
    outcome = G.outcome(after)
    assert outcome is not None and (outcome.reason, outcome.winners) == ("dui", [1])
    assert after["result"]["provoker"] == 1


def test_the_mover_goes_on_after_being_paid():
    """Ports i logística is a Catalunya card: the mover may continue."""
    s = at_move(position(hands=HANDS, citizens=["A1", "D1", "A1", "A1"]), "lilac")
    after = act(s, 1, step("E1"))
    assert types(after, 1) == {"move_citizen", "stop_moving"}


def test_the_atc_changes_taxation_from_the_next_turn():
    """Revealing it has no immediate effect; the next taxes are paid to the new holder."""
    s = at_move(position(hands=HANDS, citizens=["A1", "A2", "A1", "A1"]), "generalitat")
    revealed = act(s, 0, step("B1"))
    assert ATC_CARD in revealed["face_up"] and not events(s, revealed, "paid")
    assert G.view(revealed, None)["atc_active"]
    nxt = act(revealed, 0, STOP, FACE["blue"])
    taxes = [(e["payer"], e["payee"]) for e in events(revealed, nxt, "paid")]
    assert taxes == [(2, 1), (3, 1), (0, 1), (1, HISENDA)]


def test_a_collected_atc_stops_changing_taxation():
    """Once the State collects it, taxes go to the Hisenda again."""
    s = position(hands=HANDS, face_up=[ATC_CARD], citizens=["B5", "A1", "A1", "A1"])
    s = at_move(s, "generalitat")
    after = act(s, 0, step("C6"), FACE["blue"])
    assert ATC_CARD not in after["face_up"]
    taxes = [e["payee"] for e in events(s, after, "paid")]
    assert taxes == [HISENDA] * 4


def test_health_and_justice_cards_are_plain_in_mode_a():
    """Landing on Euro per recepta or Impost de successions in mode A offers no effect."""
    s = at_move(position(hands=HANDS, citizens="A1"), "generalitat")
    s = act(s, 0, step("B1"))
    on_health = act(s, 0, step("C1"))
    assert HEALTH_CARD in on_health["face_up"] and types(on_health, 0) == {"move_citizen", "stop_moving"}
    on_justice = act(on_health, 0, step("D1"))
    assert JUSTICE_CARD in on_justice["face_up"] and "use_disc_effect" not in types(on_justice, 0)
    assert G.view(on_justice, None)["effects"] == []


def test_the_hisenda_pays_its_3_euros_as_a_2_and_a_1():
    """2 € discs first, then 1 € discs."""
    s = at_move(position(hands=HANDS, citizens=["A1", "D1", "A1", "A1"]), "lilac")
    after = act(s, 1, step("E1"))
    paid = events(s, after, "paid")[0]
    assert (paid["twos"], paid["ones"], paid["payer"], paid["reason"]) == (1, 1, HISENDA, "economic")


def test_at_turn_helper_runs_taxes():
    """(The kit) a turn's start runs its taxes."""
    assert events(position(hands=HANDS), at_turn(position(hands=HANDS), 0, FACE["blue"]), "paid")
