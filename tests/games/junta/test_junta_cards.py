"""Every card of junta_cards.md: its timing, its requirement, its cost and its effect (the cards not
tested here are in the rule files: votes, assassinations, turn)."""

from __future__ import annotations

import pytest

from games.junta import GAME
from games.junta.cards import CARD, CARDS, DECK, NOTES
from tests.games.junta.junta_kit import FOUR, card, events, play, position, ready_all, refused, vote, waiting


def test_the_deck_and_the_notes():
    """80 cards in the categories of junta_cards.md; 96 notes worth 156M."""
    assert len(DECK) == 80 and len(set(DECK)) == 80
    counts: dict[str, int] = {}
    for c in CARDS:
        counts[c.kind] = counts.get(c.kind, 0) + c.count
    assert counts == {"influence": 14, "vote": 14, "assassin": 9, "bribe": 9, "event": 13, "pretext": 3, "unit": 10,
                      "donation": 8}
    assert len(NOTES) == 96 and sum(NOTES) == 156


def test_influence_card_put_in_play_any_political_time():
    s = position(4, phase=5, offices=FOUR, hands={2: ["inf_landowners"]})
    s = play(s, 2, {"type": "play_card", "card": card("inf_landowners")})
    assert s["influence"][2] == [card("inf_landowners")]
    assert GAME.view(s, None)["players"][2]["influence"] == [{"card": card("inf_landowners"), "votes": 6}]


def test_secret_donation_draws_a_note_privately():
    s = position(4, phase=5, offices=FOUR, hands={2: ["don_secret_donation#1", "don_secret_donation#2"]},
                 aid=[2])
    s = play(s, 2, {"type": "play_card", "card": card("don_secret_donation", 1)})
    assert s["money"][2] == [2] and s["aid_down"] == []
    assert events(s, "donation") == []  # others do not learn whether it brought a note
    assert events(s, "donation", 2)[0]["note"] == 2
    assert events(s, "card_played")[0]["card"] == card("don_secret_donation", 1)
    s = play(s, 2, {"type": "play_card", "card": card("don_secret_donation", 2)})
    assert s["money"][2] == [2] and events(s, "donation", 2)[-1]["note"] is None


def test_coalition_break():
    s = position(4, phase=5, offices=FOUR, hands={2: ["evt_coalition_break"]},
                 influence={3: ["inf_church", "inf_peasants"]})
    refused(s, 2, {"type": "play_card", "card": card("evt_coalition_break"), "target": 1}, "junta.no_influence")
    s = play(s, 2, {"type": "play_card", "card": card("evt_coalition_break"), "target": 3})
    assert waiting(s) == ("influence_discard", [3])
    refused(s, 3, {"type": "choose_influence_discard", "card": card("inf_unions")}, "junta.not_in_play")
    s = play(s, 3, {"type": "choose_influence_discard", "card": card("inf_church")})
    assert s["influence"][3] == [card("inf_peasants")] and waiting(s)[0] == "locations"


def test_spy_in_switzerland_needs_academia_and_tells_only_its_player():
    s = position(4, phase=5, offices=FOUR, hands={2: ["evt_spy_switzerland"]}, accounts={3: [3, 2]})
    refused(s, 2, {"type": "play_card", "card": card("evt_spy_switzerland"), "target": 3}, "junta.requires_card")
    s = position(4, phase=5, offices=FOUR, hands={2: ["evt_spy_switzerland"]}, accounts={3: [3, 2]},
                 influence={2: ["inf_academia"]})
    s = play(s, 2, {"type": "play_card", "card": card("evt_spy_switzerland"), "target": 3})
    assert events(s, "spy_report", 2)[0]["total"] == 5
    assert events(s, "spy_report") == [] and events(s, "spy_report", 3) == []


def test_summer_recess_like_power_cut():
    s = position(4, phase=4, money={0: [2]}, offices=FOUR, hands={3: ["evt_summer_recess"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 2}})
    refused(s, 3, {"type": "play_card", "card": card("evt_summer_recess")}, "junta.wrong_time")
    s = vote(s, {0: [("no", {"office": "president"})]})
    s = play(s, 3, {"type": "play_card", "card": card("evt_summer_recess")})
    assert s["last_vote"]["passed"] is False and s["pretext"] is True


def test_bank_holiday_needs_bankers():
    s = position(4, phase=5, offices=FOUR, hands={2: ["evt_bank_holiday"]})
    refused(s, 2, {"type": "play_card", "card": card("evt_bank_holiday")}, "junta.requires_card")


def test_bank_holiday_too_late_after_phase_6():
    s = position(4, phase=8, offices=FOUR, hands={2: ["evt_bank_holiday"]}, influence={2: ["inf_bankers"]})
    refused(s, 2, {"type": "play_card", "card": card("evt_bank_holiday")}, "junta.wrong_time")


@pytest.mark.parametrize("pretext", ["pre_un_condemnation", "pre_carnival", "pre_border_incident"])
def test_pretext_cards(pretext):
    s = position(4, phase=2, offices=FOUR, hands={2: [pretext]})
    s = play(s, 2, {"type": "play_card", "card": card(pretext)})
    assert s["pretext"] is True and card(pretext) in s["discard"]


def test_pretext_too_late_once_the_poll_runs():
    s = position(4, phase=8, offices=FOUR, hands={2: ["pre_carnival"]}, locations={3: "headquarters"})
    s = ready_all(s)
    assert waiting(s) == ("coup_poll", [3])
    refused(s, 2, {"type": "play_card", "card": card("pre_carnival")}, "junta.wrong_time")


def test_monarchist_assassin_declared_needs_monarchists():
    s = position(4, phase=6, offices=FOUR, hands={1: ["asn_monarchist"]},
                 locations={0: "home", 1: "home", 2: "home", 3: "home"})
    refused(s, 1, {"type": "declare_assassination", "assassin": card("asn_monarchist"), "victim": 2,
                   "location": "home"}, "junta.requires_card")
    s = position(4, phase=6, offices=FOUR, hands={1: ["asn_monarchist"]}, influence={1: ["inf_monarchists"]},
                 locations={0: "home", 1: "home", 2: "home", 3: "home"})
    s = play(s, 1, {"type": "declare_assassination", "assassin": card("asn_monarchist"), "victim": 2,
                    "location": "home"})
    assert s["attempts"][0]["assassin"] == card("asn_monarchist")
    refused(s, 1, {"type": "play_card", "card": card("inf_church")}, "junta.card_not_in_hand")


def test_assassins_are_declared_not_played():
    s = position(4, phase=5, offices=FOUR, hands={2: ["asn_amateur"]})
    refused(s, 2, {"type": "play_card", "card": card("asn_amateur")}, "junta.declare_instead")


@pytest.mark.parametrize("design", ["unt_students", "unt_helicopter", "brb_police", "brb_irregulars"])
def test_coup_cards_are_refused_outside_a_coup(design):
    s = position(4, phase=5, offices=FOUR, hands={2: [design]})
    refused(s, 2, {"type": "play_card", "card": card(design)}, "junta.coup_card_not_now")


def test_unit_card_opens_a_coup():
    """A unit card is a coup's opening act (the card is played)."""
    s = position(4, phase=8, offices=FOUR, hands={2: ["unt_rioters"]}, pretext=True,
                 locations={x: "home" for x in range(4)})
    s = ready_all(s)
    assert waiting(s) == ("coup_poll", [1])
    s = play(s, 1, {"type": "decline_coup"})
    listed = [a for a in GAME.legal_actions(s, 2) if a["type"] == "start_coup"]
    assert {"type": "start_coup", "opening": {"kind": "card", "card": card("unt_rioters"), "area": "market"}} in listed
    s = play(s, 2, {"type": "start_coup", "opening": {"kind": "card", "card": card("unt_rioters"), "area": "market"}})
    assert card("unt_rioters") in s["discard"]
    assert events(s, "coup_started")[0]["leader"] == 2


def test_vote_cards_are_cast_not_played():
    s = position(4, phase=4, money={0: [2]}, offices=FOUR, hands={0: ["vote_riggers"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {}})
    refused(s, 0, {"type": "play_card", "card": card("vote_riggers")}, "junta.cast_instead")


def test_nuncio_only_before_the_firing_squad():
    s = position(4, phase=5, offices=FOUR, hands={2: ["evt_nuncio", "brb_assassin"]}, money={2: [2]})
    refused(s, 2, {"type": "play_card", "card": card("evt_nuncio")}, "junta.wrong_time")
    refused(s, 2, {"type": "play_card", "card": card("brb_assassin")}, "junta.wrong_time")


def test_every_design_has_a_rule():
    """Every card design is played somewhere: an influence, a vote, a declaration, a coup card or an effect."""
    from games.junta.effects import CARD_EFFECTS

    for design in CARD:
        kind = CARD[design].kind
        assert kind in ("influence", "vote", "assassin", "unit") or design in CARD_EFFECTS or design.startswith(
            "brb_"), design
