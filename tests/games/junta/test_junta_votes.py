"""§4 votes: sources, presidential elections (nominations, refusals, two rounds, ties), motions,
the Junta vote and the card windows of a vote."""

from __future__ import annotations

from games.junta import engine
from tests.games.junta.junta_kit import (
    card,
    events,
    fresh,
    pass_all,
    play,
    position,
    ready_all,
    refused,
    vote,
    waiting,
)
from tests.support.present import present


def nominate(s, seat, candidate, *sources):
    return play(s, seat, {"type": "nominate", "candidate": candidate, "sources": list(sources)})


def test_first_election_round_order_and_no_office_votes():
    """The owner opens the first election; voting turns go clockwise; no office gives a vote."""
    s = fresh(4, owner=2, hands={2: ["inf_church"], 3: ["vote_riggers"]})
    assert waiting(s) == ("vote:turns", [2])
    pending = engine.GAME.view(s, 2)["pending"]
    assert present(pending)["my_sources"] == [{"source": {"card": card("inf_church")}, "votes": 10}]
    s = nominate(s, 2, 2, {"card": card("inf_church")})
    assert card("inf_church") in s["influence"][2]  # cast from hand: now in play
    s = play(s, 2, {"type": "pass_vote"})
    assert waiting(s) == ("vote:turns", [3])
    s = play(s, 3, {"type": "cast_vote", "choice": 2, "source": {"card": card("vote_riggers")}})
    s = pass_all(s, "vote:turns")
    assert waiting(s) == ("vote:refusals", [2])
    s = play(s, 2, {"type": "accept_candidacy"})
    s = ready_all(s)
    s = pass_all(s, "vote:turns")  # round 2
    s = ready_all(s)
    assert s["president"] == 2
    assert card("vote_riggers") in s["discard"]  # a vote card is discarded when the vote ends
    assert card("inf_church") in s["influence"][2]  # influence cards stay in play


def test_nomination_needs_a_source_and_round_one():
    """A player with no source cannot nominate; nominations happen only in round 1."""
    s = fresh(4, hands={1: ["inf_unions"]})
    refused(s, 0, {"type": "nominate", "candidate": 0, "sources": []}, "junta.nominate_needs_vote")
    refused(s, 0, {"type": "nominate", "candidate": 0, "sources": [{"card": card("inf_unions")}]},
            "junta.source_unusable")
    s = play(s, 0, {"type": "pass_vote"})
    s = nominate(s, 1, 1, {"card": card("inf_unions")})
    refused(s, 1, {"type": "nominate", "candidate": 1, "sources": [{"card": card("inf_unions")}]},
            "junta.already_candidate")
    s = pass_all(s, "vote:turns")
    s = play(s, 1, {"type": "accept_candidacy"})
    s = ready_all(s)
    refused(s, 0, {"type": "nominate", "candidate": 0, "sources": [{"office": "admiral"}]}, "junta.no_nominations")


def test_refused_candidate_loses_votes_and_sources_stay_spent():
    """Votes cast for a candidate who refuses are lost; each source is used once across both rounds."""
    s = fresh(4, hands={0: ["inf_church", "inf_peasants"], 1: ["inf_unions"]})
    s = nominate(s, 0, 1, {"card": card("inf_church")})
    s = nominate(s, 0, 0, {"card": card("inf_peasants")})
    s = pass_all(s, "vote:turns")
    assert waiting(s) == ("vote:refusals", [0])
    s = play(s, 0, {"type": "accept_candidacy"})
    s = play(s, 1, {"type": "refuse_candidacy"})
    s = ready_all(s)
    refused(s, 0, {"type": "cast_vote", "choice": 0, "source": {"card": card("inf_church")}}, "junta.source_unusable")
    refused(s, 0, {"type": "cast_vote", "choice": 1, "source": {"card": card("inf_peasants")}}, "junta.bad_choice")
    s = pass_all(s, "vote:turns")
    s = ready_all(s)
    assert s["president"] == 0  # 3 votes against none: Bruno refused


def test_first_election_tie_redeals_and_owner_draws():
    """§13.6: a tied first election: everything discarded, 5 new cards each, the owner draws a note,
    a new election opened by the owner."""
    s = fresh(5, owner=3, hands={0: ["inf_socialists", "vote_riggers"], 1: ["inf_freemasons", "vote_caciques"],
                                 2: ["inf_church"]})
    s = pass_all(s, "vote:turns") if waiting(s)[1] != [3] else s
    assert waiting(s) == ("vote:turns", [3])
    s = play(s, 3, {"type": "pass_vote"})
    s = play(s, 4, {"type": "pass_vote"})
    s = nominate(s, 0, 0, {"card": card("inf_socialists")}, {"card": card("vote_riggers")})  # 5 + 2
    s = play(s, 0, {"type": "pass_vote"})
    s = nominate(s, 1, 1, {"card": card("inf_freemasons")}, {"card": card("vote_caciques")})  # 4 + 3
    s = play(s, 1, {"type": "pass_vote"})
    s = play(s, 2, {"type": "pass_vote"})
    s = play(s, 0, {"type": "accept_candidacy"})
    s = play(s, 1, {"type": "accept_candidacy"})
    s = ready_all(s)
    s = pass_all(s, "vote:turns")
    owner_notes = list(s["money"][3])
    assert owner_notes == []
    s = ready_all(s)
    assert s["president"] is None
    assert all(len(h) == 5 for h in s["hands"]) and all(not i for i in s["influence"])
    assert len(s["money"][3]) == 1 and all(not s["money"][x] for x in (0, 1, 2, 4))
    assert waiting(s) == ("vote:turns", [3])  # a new first election, opened by the owner
    public = events(s, "owner_note")
    assert public == [{"type": "owner_note", "seat": 3, "count": 1}]


def later_election(n=4, hands=None, influence=None, **kw):
    """A death election: the President (seat 0) is dead in Phase 6 after the resolution."""
    s = position(n, phase=6, step=2, president=0, dead=[0], hands=hands, influence=influence,
                 locations={x: "home" for x in range(n)}, **kw)
    s["revealed"] = True
    return s


def test_later_tie_discards_vote_cards_and_draws_after_three():
    """§13.8: a tied death election discards the vote cards cast and in every hand; influence cards
    and office votes may be cast again; a third tie in a row is drawn among the tied."""
    s = later_election(4, hands={1: ["vote_riggers"], 2: ["vote_caciques"]}, influence={1: ["inf_unions"],
                       3: ["inf_freemasons"]},
                       offices={"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 3,
                                "air_force": 2})
    assert waiting(s) == ("vote:turns", [1])  # opened by the player to the dead President's left
    s = nominate(s, 1, 1, {"card": card("vote_riggers")}, {"office": "interior"}, {"office": "general_1"})  # 4
    s = play(s, 1, {"type": "pass_vote"})
    s = play(s, 2, {"type": "pass_vote"})
    s = nominate(s, 3, 3, {"card": card("inf_freemasons")})  # 4
    s = play(s, 3, {"type": "pass_vote"})
    s = play(s, 1, {"type": "accept_candidacy"})
    s = play(s, 3, {"type": "accept_candidacy"})
    s = ready_all(s)
    s = pass_all(s, "vote:turns")
    s = ready_all(s)
    assert not events(s, "president_elected")  # the dead President's seat stays recorded until then
    assert card("vote_riggers") in s["discard"] and card("vote_caciques") in s["discard"]
    assert s["hands"][2] == []
    assert waiting(s) == ("vote:turns", [1])  # a new ballot, same opener
    s = nominate(s, 1, 1, {"office": "interior"}, {"office": "general_1"}, {"card": card("inf_unions")})  # 7
    s = play(s, 1, {"type": "pass_vote"})
    s = nominate(s, 2, 2, {"office": "general_2"}, {"office": "air_force"})
    s = play(s, 2, {"type": "pass_vote"})
    s = nominate(s, 3, 3, {"card": card("inf_freemasons")}, {"office": "general_3"}, {"office": "admiral"})  # 6
    s = play(s, 3, {"type": "pass_vote"})
    s = pass_all(s, "vote:refusals")
    s = ready_all(s)
    s = play(s, 1, {"type": "pass_vote"})
    s = play(s, 2, {"type": "pass_vote"})
    s = play(s, 3, {"type": "pass_vote"})
    s = ready_all(s)
    assert s["president"] == 1
    assert [e["seat"] for e in events(s, "president_elected")] == [1]


def test_third_tied_ballot_is_drawn_by_lot():
    """After three tied ballots in a row the engine draws the winner among the tied, publicly."""
    s = later_election(4, influence={1: ["inf_unions"], 2: ["inf_peasants"], 3: ["inf_radicals"]},
                       offices={"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 3,
                                "air_force": 2})
    for ballot in range(3):
        s = nominate(s, 1, 2, {"office": "interior"}, {"office": "general_1"})
        s = play(s, 1, {"type": "pass_vote"})
        s = nominate(s, 2, 3, {"office": "general_2"}, {"office": "air_force"})
        s = play(s, 2, {"type": "pass_vote"})
        s = play(s, 3, {"type": "pass_vote"})
        s = pass_all(s, "vote:refusals")
        s = ready_all(s)
        s = pass_all(s, "vote:turns")
        if ballot < 2:
            s = ready_all(s)
            assert not events(s, "president_elected")
    s = play(s, 1, {"type": "ready"})
    s = play(s, 2, {"type": "ready"})
    s = play(s, 3, {"type": "ready"}, rolls=[1])  # randint(0, 1) → the second of the tied
    assert s["president"] == 3
    assert events(s, "election_drawn")[0]["pool"] == [2, 3]


def test_budget_motion_tie_broken_by_president():
    """A budget motion passes if yes > no; a tie is broken by the President (break_tie)."""
    s = position(4, phase=4, president=0, money={0: [3, 2]}, influence={1: ["inf_peasants"], 2: ["inf_radicals"]},
                 offices={"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 3,
                          "air_force": 2})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 3}})
    assert waiting(s) == ("vote:turns", [0])  # the President votes first
    s = vote(s, {1: [("yes", {"card": card("inf_peasants")})], 2: [("no", {"card": card("inf_radicals")})]})
    s = ready_all(s)
    s = pass_all(s, "vote:turns")
    s = ready_all(s)
    assert waiting(s) == ("tiebreak", [0])
    refused(s, 0, {"type": "break_tie", "choice": "maybe"}, "junta.bad_tiebreak")
    s = play(s, 0, {"type": "break_tie", "choice": "yes"})
    assert waiting(s) == ("budget:pay", [0])


def test_no_confidence_needs_two_thirds():
    """No Confidence passes only with yes ≥ 2 × no (and yes ≥ 1); then the President is removed,
    cannot stand, and the player to his left opens the election."""
    s = position(4, phase=2, president=0, hands={1: ["evt_no_confidence"]},
                 influence={1: ["inf_church"], 2: ["inf_freemasons"], 3: ["inf_unions"]},
                 offices={"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 3,
                          "air_force": 2})
    assert waiting(s) == ("window", [0, 1, 2, 3])
    s = play(s, 1, {"type": "play_card", "card": card("evt_no_confidence")})
    assert waiting(s) == ("vote:turns", [0])
    s = vote(s, {0: [("no", {"office": "president"})], 1: [("yes", {"card": card("inf_church")})],
                 3: [("no", {"card": card("inf_unions")})]})  # yes 10, no 6
    s = ready_all(s)
    s = pass_all(s, "vote:turns")
    s = ready_all(s)
    assert s["last_vote"]["passed"] is False and s["president"] == 0  # 10 < 12

    s2 = position(4, phase=2, president=0, hands={1: ["evt_no_confidence"]},
                  influence={1: ["inf_church"], 2: ["inf_freemasons"], 3: ["inf_unions"]},
                  offices={"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 3,
                           "air_force": 2})
    s2 = play(s2, 1, {"type": "play_card", "card": card("evt_no_confidence")})
    s2 = vote(s2, {0: [("no", {"office": "president"})], 1: [("yes", {"card": card("inf_church")})],
                   2: [("yes", {"card": card("inf_freemasons")})]})  # yes 14, no 1
    s2 = ready_all(s2)
    s2 = pass_all(s2, "vote:turns")
    s2 = ready_all(s2)
    assert s2["president"] is None
    assert waiting(s2) == ("vote:turns", [1])
    refused(s2, 1, {"type": "nominate", "candidate": 0, "sources": [{"office": "interior"}]}, "junta.not_eligible")
    s2 = nominate(s2, 1, 1, {"office": "interior"})
    s2 = pass_all(s2, "vote:turns")
    s2 = pass_all(s2, "vote:refusals")
    s2 = ready_all(s2)
    s2 = pass_all(s2, "vote:turns")
    s2 = ready_all(s2)
    assert s2["president"] == 1
    assert s2["offices"]["interior"] == 0 and s2["offices"]["general_1"] == 0  # the removed one takes them
    assert waiting(s2) == ("assign", [1])  # Phase 2 goes on: the new President assigns the offices


def test_power_cut_ends_the_vote_after_round_one():
    """Power Cut in the AFTER_ROUND_1 window: no round 2; counted on the votes already cast."""
    s = position(4, phase=4, president=0, money={0: [2]}, hands={3: ["evt_power_cut", "vote_bought_deputies"]},
                 influence={1: ["inf_peasants"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 2}})
    s = vote(s, {1: [("yes", {"card": card("inf_peasants")})]})
    s = play(s, 3, {"type": "play_card", "card": card("evt_power_cut")})
    assert waiting(s) == ("budget:pay", [0])  # passed 3-0 without round 2
    assert s["last_vote"]["passed"] is True


def test_recount_annuls_and_repeats_the_vote():
    """Recount: the votes are annulled, vote cards cast are discarded, sources usable again."""
    s = position(4, phase=4, president=0, money={0: [2]}, hands={3: ["evt_recount"], 2: ["vote_bought_deputies"]},
                 influence={1: ["inf_peasants"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 2}})
    s = vote(s, {2: [("no", {"card": card("vote_bought_deputies")})]})
    s = ready_all(s)
    s = vote(s, {1: [("yes", {"card": card("inf_peasants")})]})
    s = play(s, 3, {"type": "play_card", "card": card("evt_recount")})
    assert waiting(s) == ("vote:turns", [0])
    assert card("vote_bought_deputies") in s["discard"]
    assert present(engine.GAME.view(s, None)["vote"])["casts"] == []
    s = vote(s, {1: [("yes", {"card": card("inf_peasants")})]})
    s = ready_all(s)
    s = pass_all(s, "vote:turns")
    s = ready_all(s)
    assert waiting(s) == ("budget:pay", [0])


def test_reform_demand_and_church_looting():
    """Demand for Reform takes other players' influence cards of 5 or less for this vote; Looting of
    a Church casts 5 votes at once."""
    s = position(4, phase=4, president=0, money={0: [2]}, hands={1: ["evt_reform_demand", "evt_church_looting"]},
                 influence={1: ["inf_christian_democrats", "inf_church"], 2: ["inf_unions", "inf_landowners"],
                            3: ["inf_peasants"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"2": 2}})
    s = play(s, 0, {"type": "pass_vote"})
    s = play(s, 1, {"type": "play_card", "card": card("evt_reform_demand")})
    view = engine.GAME.view(s, 1)
    assert sorted(present(view["vote"])["controlled"]["1"]) == [card("inf_peasants"), card("inf_unions")]
    s = play(s, 1, {"type": "cast_vote", "choice": "no", "source": {"controlled_card": card("inf_unions")}})
    s = play(s, 1, {"type": "play_card", "card": card("evt_church_looting"), "choice": "no"})
    s = play(s, 1, {"type": "pass_vote"})
    refused(s, 2, {"type": "cast_vote", "choice": "yes", "source": {"card": card("inf_unions")}},
            "junta.source_unusable")
    s = play(s, 2, {"type": "cast_vote", "choice": "yes", "source": {"card": card("inf_landowners")}})
    assert present(engine.GAME.view(s, None)["vote"])["tally"] == {"no": 10, "yes": 6}
    assert card("evt_church_looting") in s["discard"]


def test_combo_values():
    """Socialists are worth 10 with Trade Unions in play; a card cast by another through Reform counts
    its printed value."""
    s = position(4, phase=4, president=0, money={0: [2]}, influence={2: ["inf_socialists", "inf_unions"]})
    view = engine.GAME.view(s, None)
    assert view["players"][2]["influence"] == [{"card": card("inf_socialists"), "votes": 10},
                                               {"card": card("inf_unions"), "votes": 5}]


def test_card_window_waits_on_every_active_player():
    """A window asks every active player (not exiles), whether or not he holds a card, and closes when all
    have sent ready."""
    s = position(4, phase=2, president=0, exile={3: "swiss_embassy"})
    assert waiting(s) == ("window", [0, 1, 2])
    s = play(s, 1, {"type": "ready"})
    refused(s, 1, {"type": "ready"}, "junta.not_your_turn")
    s = play(s, 0, {"type": "ready"})
    s = play(s, 2, {"type": "ready"})
    assert waiting(s) == ("assign", [0])


def test_returnee_takes_only_the_turns_still_to_come():
    """A player who returns during a vote takes only the voting turns not yet come in its order."""
    s = position(4, phase=4, president=0, money={0: [2]}, exile={3: "swiss_embassy"},
                 offices={"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3,
                          "admiral": 3, "air_force": 2}, dead=[])
    s["offices"]["interior"] = 3  # the Minister himself is away: his return is safe
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 2}})
    s = play(s, 0, {"type": "pass_vote"})
    s = play(s, 3, {"type": "return_from_exile"})
    assert s["exile"][3] is None
    s = play(s, 1, {"type": "pass_vote"})
    s = play(s, 2, {"type": "pass_vote"})
    assert waiting(s) == ("vote:turns", [3])


def test_a_window_passes_only_seats_with_nothing_to_play():
    """`pass_action` is Ready for a seat the window waits on with no card it may play in it, None for a seat that
    holds one (No Confidence at the start of Phase 2) and for a seat the window no longer waits on; the engine's
    window still waits on every active player."""
    s = position(4, phase=2, president=0, hands={1: ["evt_no_confidence"]}, influence={1: ["inf_church"]},
                 offices={"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 3,
                          "air_force": 2})
    assert waiting(s) == ("window", [0, 1, 2, 3])
    assert [engine.GAME.pass_action(s, x) for x in range(4)] == [{"type": "ready"}, None, {"type": "ready"},
                                                                 {"type": "ready"}]
    s = play(s, 0, {"type": "ready"})
    assert engine.GAME.pass_action(s, 0) is None
    assert waiting(s) == ("window", [1, 2, 3])
