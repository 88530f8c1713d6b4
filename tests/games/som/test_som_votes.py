"""Mode C: early elections and motions of censure (rules/som.md, "Mode C")."""

from __future__ import annotations

import pytest

from games.som.cards import SUFFRAGE_CARD
from games.som.common import HISENDA
from tests.games.som.som_kit import (
    FACE,
    G,
    act,
    act_on,
    at_move,
    bid,
    events,
    logged,
    play,
    position,
    refused,
    step,
    types,
    value,
    waiting,
)
from tests.support.present import present

BLUE = FACE["blue"]
HANDS = {0: ["mossos1", "justice1"], 1: ["health1", "roads1"], 2: ["health2", "roads2"], 3: ["health3", "forests1"]}
STAND = {"type": "stand", "stand": True}
SIT = {"type": "stand", "stand": False}
CALL = {"type": "call_elections"}
MOTION = {"type": "motion_of_censure"}
DECLINE = {"type": "decline_vote"}


def back(candidate: int | None) -> dict:
    return {"type": "back", "candidate": candidate}


def side(name: str | None) -> dict:
    return {"type": "back", "side": name}


def landed(mode: str = "C", face: str = "generalitat", hands: dict | None = None, participation=(2, 2, 2, 2),
           face_up: bool = False, holder: int = 0) -> dict:
    """The mover (the holder for "generalitat", else the colour's citizen) steps onto Sufragi universal on B2."""
    s = position(mode=mode, holder=holder, hands=hands or HANDS, cards={"B2": SUFFRAGE_CARD},
                 face_up=[SUFFRAGE_CARD] if face_up else [], participation=list(participation),
                 citizens=["A1", "A1", "A1", "A1"])
    s = at_move(s, face, holder)
    mover = next(iter(G.to_act(s)))
    return act(s, mover, step("B2"))


def elections(**kwargs) -> dict:
    return act(landed(**kwargs), 0, CALL)


# --- the announcement ----------------------------------------------------------------------------------


def test_the_holder_with_a_mossos_disc_may_call_elections():
    """Calling elections or declining; a mossos disc goes to the Hisenda as the cost."""
    s = landed()
    assert waiting(s) == "sufragi" and types(s, 0) == {"call_elections", "decline_vote"}
    called = act(s, 0, CALL)
    assert "mossos1" in called["hisenda"] and called["hands"][0] == ["justice1"]
    assert events(s, called, "sufragi")[0]["paid_with"] == "mossos1"


def test_face_up_sufragi_offers_the_vote_too():
    """Finding the card face up is enough."""
    assert waiting(landed(face_up=True)) == "sufragi"


def test_without_a_mossos_disc_the_announcement_is_skipped():
    """A firefighters disc does not count: the card is a plain world card."""
    hands = dict(HANDS)
    hands[0] = ["firefighters1", "justice1"]
    s = landed(hands=hands, face="everyone")
    assert waiting(s) == "move" and G.to_act(s) == {1}
    assert logged(s, "movement_ended")[-1]["why"] == "world"


def test_in_a_plus_c_elections_cost_three_euros():
    """The holder pays 3 € to the Hisenda; with less than 3 € they cannot call elections."""
    s = landed(mode="A+C", hands={0: ["justice1", "roads1", "roads2"], 1: ["health1"], 2: ["health2"],
                                  3: ["health3"]})
    before = value(s, HISENDA)
    called = act(s, 0, CALL)
    assert value(called, 0) == 1 and value(called, HISENDA) == before + 3
    assert events(s, called, "sufragi")[0]["paid_with"] == "3€"
    poor = landed(mode="A+C", face="everyone", hands={0: ["justice1"], 1: ["health1"], 2: ["health2"],
                                                       3: ["health3"]})
    assert waiting(poor) == "move" and G.to_act(poor) == {1}  # a world card: Lilac moves next


def test_another_citizen_may_present_a_motion_of_censure():
    """Lilac on Sufragi universal: motion or decline; elections are the holder's."""
    s = landed(face="lilac")
    assert G.to_act(s) == {1} and types(s, 1) == {"motion_of_censure", "decline_vote"}
    assert refused(s, 1, CALL).message_id == "som.elections_not_allowed"
    holder_on = landed()
    assert refused(holder_on, 0, MOTION).message_id == "som.motion_not_allowed"


def test_declining_ends_the_turn_even_in_an_everyone_turn():
    """Nobody else moves; the Generalitat passes."""
    s = landed(face="everyone")
    after = act_on(s, 0, DECLINE, BLUE)
    assert not events(s, after, "movement_started") and after["holder"] == 1
    assert events(s, after, "movement_ended")[0]["why"] == "declined"


def test_plain_world_card_in_mode_b():
    """No vote outside modes C and A+C."""
    s = landed(mode="B", face="everyone")
    assert waiting(s) == "move" and G.to_act(s) == {1}


# --- elections -----------------------------------------------------------------------------------------


def test_candidacies_then_alliances_in_seat_order_from_after_the_holder():
    """Lilac, Orange, Blue declare whether they stand; then those who did not back a candidate."""
    s = elections()
    assert waiting(s) == "stand" and G.to_act(s) == {1}
    s = act(s, 1, SIT)
    assert G.to_act(s) == {2}
    s = play(s, (2, STAND), (3, SIT))
    assert waiting(s) == "back" and G.to_act(s) == {1}
    assert s["vote"]["candidates"] == [0, 2]
    assert [a["candidate"] for a in G.legal_actions(s, 1)] == [0, 2, None]
    assert refused(s, 1, back(3)).message_id == "som.back_candidate"
    s = play(s, (1, back(2)), (3, back(None)))
    assert waiting(s) == "bid" and G.to_act(s) == {0, 1, 2, 3}


def test_if_only_the_holder_stands_everyone_backs_the_holder():
    """No alliance step: straight to the bids."""
    s = play(elections(), (1, SIT), (2, SIT), (3, SIT))
    assert waiting(s) == "bid" and s["vote"]["backing"] == {"1": 0, "2": 0, "3": 0}


def test_bids_are_secret_until_the_last_one():
    """Who has bid is public; amounts are not, except one's own; the reveal shows all."""
    s = play(elections(), (1, STAND), (2, SIT), (3, SIT), (2, back(1)), (3, back(0)))
    s = act(s, 2, bid(1))
    public = G.view(s, None)
    assert present(public["vote"])["bid_done"] == [2] and "bids" not in present(public["vote"])
    assert public["players"][2]["bid_done"] and not public["players"][0]["bid_done"]
    assert G.view(s, 2)["my_bid"] == 1 and G.view(s, 0)["my_bid"] is None
    assert present(G.view(s, 2)["vote"])["my_bid"] == 1
    assert all("count" not in e for e in public["log"])
    assert G.to_act(s) == {0, 1, 3}
    assert refused(s, 2, bid(0)).message_id == "som.already_bid"
    s = play(s, (0, bid(2)), (1, bid(0)))
    done = act_on(s, 3, bid(2), BLUE)
    assert logged(done, "vote_result")[0]["bids"] == [2, 0, 1, 2]


def test_a_bid_above_ones_discs_is_refused():
    """0 up to one's own participation discs."""
    s = play(elections(), (1, SIT), (2, SIT), (3, SIT))
    assert refused(s, 1, bid(3)).message_id == "som.bid_range"
    assert refused(s, 1, bid(-1)).message_id == "som.bid_range"
    assert refused(s, 1, bid(True)).message_id == "core.bad_field"
    assert [a["count"] for a in G.legal_actions(s, 1)] == [0, 1, 2]


def test_players_without_discs_bid_nothing_at_once():
    """An empty fist needs no question."""
    s = play(elections(participation=(2, 0, 2, 0)), (1, SIT), (2, SIT), (3, SIT))
    assert G.to_act(s) == {0, 2} and sorted(s["vote"]["bids"]) == ["1", "3"]


def test_every_disc_bid_goes_to_the_pool():
    """Winners' and losers' alike."""
    s = play(elections(), (1, STAND), (2, SIT), (3, SIT), (2, back(1)), (3, back(None)))
    pool = s["pool"]
    s = play(s, (0, bid(1)), (1, bid(2)), (2, bid(2)))
    done = act_on(s, 3, bid(2), BLUE)
    assert done["pool"] == pool + 7 and done["participation"] == [1, 0, 0, 0]


def test_the_winning_candidate_takes_the_generalitat():
    """Lilac's side (Lilac 2 + Orange 1) beats the holder's 1: Lilac plays the next turn."""
    s = play(elections(), (1, STAND), (2, SIT), (3, SIT), (2, back(1)), (3, back(0)))
    s = play(s, (0, bid(1)), (1, bid(2)), (2, bid(1)))
    done = act_on(s, 3, bid(0), BLUE)
    result = logged(done, "vote_result")[0]
    assert result["winner"] == 1 and done["holder"] == 1
    assert logged(done, "turn_ended")[-1]["why"] == "vote"


def test_an_abstaining_bid_counts_for_no_side():
    """Blue abstains and bids 2: the holder's 1 against Lilac's 1 is a tie, the holder wins."""
    s = play(elections(), (1, STAND), (2, SIT), (3, SIT), (2, back(None)), (3, back(None)))
    s = play(s, (0, bid(1)), (1, bid(1)), (2, bid(2)))
    done = act_on(s, 3, bid(2), BLUE)
    assert logged(done, "vote_result")[0]["winner"] == 0 and done["holder"] == 0


def test_tied_other_sides_are_split_by_unused_discs():
    """Lilac and Orange both beat the holder with 2; Orange keeps more discs unused: Orange wins."""
    s = play(elections(participation=(2, 2, 4, 2)), (1, STAND), (2, STAND), (3, SIT), (3, back(None)))
    s = play(s, (0, bid(0)), (1, bid(2)), (2, bid(2)))
    done = act_on(s, 3, bid(0), BLUE)
    result = logged(done, "vote_result")[0]
    assert [(sd["head"], sd["votes"], sd["unused"]) for sd in result["sides"]] == [(0, 0, 2), (1, 2, 0), (2, 2, 2)]
    assert result["winner"] == 2 and done["holder"] == 2


def test_still_tied_nobody_wins_and_the_generalitat_rotates():
    """Same votes and same unused discs: the next player after the holder takes over as usual."""
    s = play(elections(), (1, STAND), (2, STAND), (3, SIT), (3, back(None)))
    s = play(s, (0, bid(0)), (1, bid(1)), (2, bid(1)))
    done = act_on(s, 3, bid(0), BLUE)
    assert logged(done, "vote_result")[0]["winner"] is None and done["holder"] == 1
    assert logged(done, "turn_ended")[-1]["why"] == "rotation"


def test_using_the_card_ends_the_turn():
    """No other citizen moves after a vote, even in an everyone turn."""
    s = act(landed(face="everyone"), 0, CALL)
    s = play(s, (1, SIT), (2, SIT), (3, SIT), (0, bid(0)), (1, bid(0)), (2, bid(0)))
    done = act_on(s, 3, bid(0), BLUE)
    assert not events(s, done, "movement_started")


# --- motions of censure ------------------------------------------------------------------------------


def motion(participation=(2, 2, 2, 2)) -> dict:
    return act(landed(face="lilac", participation=participation), 1, MOTION)


def test_motion_sides_are_declared_by_the_others_in_seat_order():
    """Orange then Blue (not the proposer Lilac nor the holder Pink) back a side or abstain."""
    s = motion()
    assert waiting(s) == "back" and G.to_act(s) == {2}
    assert [a["side"] for a in G.legal_actions(s, 2)] == ["motion", "government", None]
    assert refused(s, 2, side("rebels")).message_id == "som.back_side"
    s = play(s, (2, side("government")), (3, side(None)))
    assert waiting(s) == "bid" and s["vote"]["beneficiary"] == 1
    assert s["vote"]["sides"] == {"motion": [1], "government": [0, 2], "abstain": [3]}


def test_a_motion_side_of_two_names_its_beneficiary():
    """The proposer names who takes the Generalitat if the motion wins."""
    s = play(motion(), (2, side("motion")), (3, side("government")))
    assert waiting(s) == "name_beneficiary" and G.to_act(s) == {1}
    assert refused(s, 1, {"type": "name_beneficiary", "player": 3}).message_id == "som.beneficiary_side"
    s = act(s, 1, {"type": "name_beneficiary", "player": 2})
    s = play(s, (0, bid(0)), (1, bid(2)), (2, bid(0)))
    done = act_on(s, 3, bid(1), BLUE)
    assert logged(done, "vote_result")[0]["winner"] == 2 and done["holder"] == 2


def test_the_government_winning_keeps_the_holder():
    """More votes for the government: the holder plays the next turn again."""
    s = play(motion(), (2, side(None)), (3, side(None)))
    s = play(s, (0, bid(2)), (1, bid(1)), (2, bid(2)))
    done = act_on(s, 3, bid(2), BLUE)
    assert logged(done, "vote_result")[0]["winner"] == 0 and done["holder"] == 0


@pytest.mark.parametrize(("motion_bid", "holder_bid"), [(1, 1), (0, 0)])
def test_any_motion_tie_fails(motion_bid, holder_bid):
    """The Generalitat passes to the next player as usual."""
    s = play(motion(), (2, side(None)), (3, side(None)))
    s = play(s, (0, bid(holder_bid)), (1, bid(motion_bid)), (2, bid(1)))
    done = act_on(s, 3, bid(0), BLUE)
    assert logged(done, "vote_result")[0]["winner"] is None and done["holder"] == 1


def test_vote_steps_refuse_other_actions():
    """During a vote only its step's action is taken."""
    s = elections()
    assert refused(s, 1, bid(0)).message_id == "som.not_now"
    assert refused(s, 1, {"type": "stand", "stand": "yes"}).message_id == "core.bad_field"
    assert refused(s, 2, STAND).message_id == "som.not_your_turn"
