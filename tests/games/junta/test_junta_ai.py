"""The computer family (games/junta/ai.py): legal, deterministic, blind to others' secrets, and greedy for
its Swiss account — it banks, stands for President, votes its interest, shoots where the money is, and
starts only coups it can win."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from games.core.messages import counted, msg, seat_ref
from games.core.protocol import IllegalAction
from games.core.rng import SeededRng
from games.junta import GAME, readers
from games.junta.ai import advise, choose, coup_score, random_choose
from games.junta.board import OFFICE_UNITS, POWER_CENTRES
from games.junta.cards import NOTE_COUNT
from games.junta.coup import controller, units_in
from tests.games.junta.coup_kit import acting, end_movements, place, rebels_hold_three, started
from tests.games.junta.junta_kit import (
    FOUR,
    card,
    fail_budget,
    fresh,
    notes_total,
    others_secrets_changed,
    play,
    position,
    waiting,
)
from tests.support.advice_words import assert_worded

State = dict[str, Any]


def chosen(s: State, seat: int, rng: SeededRng | None = None) -> dict[str, Any]:
    """The computer family's action for `seat`, which must have one."""
    action = choose(s, seat, rng)
    assert action is not None, f"seat {seat} had nothing to do"
    return action


def game(n: int, seed: int, computers: set[int], states: list[State] | None = None) -> State:
    """A seeded game: `computers` seats chosen by the computer family, the others uniformly at random."""
    driver = random.Random(f"ai-test:{seed}")
    s = GAME.setup(n, {}, SeededRng(seed, 0))
    for step in range(1, 8000):
        if GAME.outcome(s) is not None:
            return s
        seat = driver.choice(sorted(GAME.to_act(s)))
        if seat in computers:
            action = choose(s, seat, SeededRng(seed, step))
            if states is not None:
                states.append(s)
        else:
            action = random_choose(s, seat, driver.randrange(2**31))
        assert action is not None, f"seat {seat} was asked and had nothing to do"
        s = GAME.apply(s, seat, action, SeededRng(seed, step))
        assert notes_total(s) == NOTE_COUNT
    raise AssertionError(f"seed {seed}: no end")


@pytest.mark.parametrize(("n", "seed"), [(4, 1), (7, 2)])
def test_computer_families_play_whole_games_legally(n: int, seed: int) -> None:
    """A table of computer families plays every decision with actions the engine accepts, to the end."""
    outcome = GAME.outcome(game(n, seed, set(range(n))))
    assert outcome is not None and outcome.reason == "aid_exhausted"


def test_one_computer_is_richest_against_four_random_players() -> None:
    """5 players, one computer family (seat varies) against random legal players: its account is the richest."""
    richest = 0
    for seed in range(4):
        me = seed % 5
        s = game(5, seed, {me})
        totals = [sum(a) for a in s["accounts"]]
        richest += totals[me] == max(totals)
    assert richest >= 3


def test_choice_is_deterministic() -> None:
    """The same position and rng give the same action; it never depends on a clock."""
    states: list[State] = []
    game(4, 3, {0, 1, 2, 3}, states)
    for s in states[::40]:
        seat = min(GAME.to_act(s))
        assert choose(s, seat, SeededRng(5, 1)) == choose(copy.deepcopy(s), seat, SeededRng(5, 1))


SECRET_SENSITIVE = ("declarations", "locations", "budget:propose", "firing_squad", "coup_poll", "banking", "return")


def test_reads_no_other_familys_secret() -> None:
    """Its choice and its reason, with the reason's numbers, are the same whatever the other families hold
    (notes, accounts, hands, hidden locations)."""
    states: list[State] = []
    game(5, 4, {0, 1, 2, 3, 4}, states)
    pick = random.Random(9)
    checked: Counter[str] = Counter()
    for i, s in enumerate(states):
        frame, seats = readers.waiting(s)
        if frame is None or readers.decision_of(frame) in ("budget:keep", "surrender", "coup"):
            continue  # asked only of a player whose notes allow it / the coup itself is public
        decision = readers.decision_of(frame)
        if decision not in SECRET_SENSITIVE and i % 13:
            continue  # every decision that weighs money or places, and a sample of the others
        seat = min(seats)
        other = others_secrets_changed(s, seat, pick)
        if GAME.view(other, seat) != GAME.view(s, seat):
            continue  # the perturbation showed through the seat's own view (a private log line): skip
        assert advise(other, seat, SeededRng(1, 1)) == advise(s, seat, SeededRng(1, 1)), decision
        checked[decision] += 1
    assert {"declarations", "locations", "budget:propose", "banking"} <= set(checked), checked


# --- money --------------------------------------------------------------------------------------------------------


def test_banks_everything_then_ends() -> None:
    """At the bank it deposits all its notes, then ends its banking."""
    s = position(4, phase=7, offices=FOUR, money={2: [3, 1]}, locations={0: "home", 1: "home", 2: "bank", 3: "bank"})
    action = chosen(s, 2)
    assert action == {"type": "deposit", "notes": [1, 3]}
    s = play(s, 2, action)
    assert choose(s, 2) == {"type": "end_banking"}


def test_keeps_the_price_of_bribing_the_assassin() -> None:
    """Holding Bribe the Assassin it keeps at least 2M in hand and banks the rest."""
    s = position(4, phase=7, offices=FOUR, money={2: [3, 1, 1]}, hands={2: ["brb_assassin"]},
                 locations={0: "home", 1: "home", 2: "bank", 3: "home"})
    action = chosen(s, 2)
    s = play(s, 2, action)
    assert sum(s["money"][2]) >= 2 and sum(s["accounts"][2]) == 5 - sum(s["money"][2]) and s["accounts"][2]


@pytest.mark.parametrize(("bank", "money", "where"), [("open", [3, 3], "bank"), ("lunch", [3, 3], "bank"),
                                                      ("holiday", [3, 3], None), ("open", [1], None)])
def test_goes_to_the_bank_when_it_carries_money(bank: str, money: list[int], where: str | None) -> None:
    """With money and a bank that opens this turn it goes there; otherwise somewhere else."""
    s = position(4, phase=5, offices=FOUR, money={2: money}, bank=bank)
    action = chosen(s, 2, SeededRng(1, 0))
    assert action["type"] == "choose_location"
    assert action["location"] == where if where else action["location"] != "bank"


# --- votes and the budget -------------------------------------------------------------------------------------------


def test_stands_for_president_in_the_first_election() -> None:
    """On its first voting turn it nominates itself with its strongest source."""
    s = fresh(4, hands={0: ["vote_bought_deputies", "vote_refugees"], 1: [], 2: [], 3: []})
    action = chosen(s, 0)
    assert action == {"type": "nominate", "candidate": 0, "sources": [{"card": card("vote_bought_deputies")}]}


def _budget_vote(amounts: dict[str, int], hands: dict[int, list[str]] | None = None) -> State:
    s = position(4, phase=4, money={0: [3, 2]}, offices=FOUR, hands=hands or {})
    s = play(s, 0, {"type": "propose_budget", "amounts": amounts})
    s = play(s, 0, {"type": "pass_vote"})
    return play(s, 1, {"type": "pass_vote"})


def test_votes_yes_for_a_budget_that_pays_it_and_no_otherwise() -> None:
    """Paid: its office votes go to yes; not paid: to no."""
    s = _budget_vote({"2": 2})
    assert waiting(s) == ("vote:turns", [2])
    action = chosen(s, 2)
    assert action["type"] == "cast_vote" and action["choice"] == "yes"
    s = play(s, 2, {"type": "pass_vote"})
    action = chosen(s, 3)
    assert action["type"] == "cast_vote" and action["choice"] == "no"


def test_votes_down_a_budget_when_it_holds_the_alternative() -> None:
    """Even paid, with the Alternative Budget in hand it votes no: a failed budget lets it take the aid."""
    s = _budget_vote({"2": 2}, hands={2: ["evt_alternative_budget"]})
    assert chosen(s, 2)["choice"] == "no"


def test_proposes_a_budget_that_buys_a_majority() -> None:
    """As President it pays the fewest strong voters it needs, from its smallest notes, and no more."""
    s = position(4, phase=4, money={0: [1, 1, 2, 2, 3, 3, 1, 2]}, offices=FOUR, influence={1: ["inf_church"]})
    action = chosen(s, 0)
    assert action["type"] == "propose_budget"
    assert set(action["amounts"]) == {"1"} and action["amounts"]["1"] == 1  # Church: 10 votes
    play(s, 0, action)


def test_plays_the_alternative_budget_when_the_budget_fails() -> None:
    """In the window after a failed budget it plays the Alternative Budget."""
    s = position(4, phase=4, money={0: [3, 2]}, offices=FOUR, hands={2: ["evt_alternative_budget"]})
    s = fail_budget(play(s, 0, {"type": "propose_budget", "amounts": {}}))
    frame = s["stack"][-1]
    assert frame["kind"] == "window" and frame["timing"] == "BUDGET_REJECTED"
    assert choose(s, 2) == {"type": "play_card", "card": card("evt_alternative_budget")}
    assert choose(s, 3) == {"type": "ready"}


@pytest.mark.parametrize("notes, kept", [([], None), ([2], 2), ([1, 3, 2], 3)])
def test_keeps_a_note_whatever_it_holds(notes: list[int], kept: int | None) -> None:
    """As President it is asked to keep a note however many it holds (issue 20): its highest, the only one,
    or none; each answer is legal."""
    s = position(4, phase=4, money={0: notes}, offices=FOUR, hands={2: ["evt_alternative_budget"]})
    s = fail_budget(play(s, 0, {"type": "propose_budget", "amounts": {}}))
    s = play(s, 2, {"type": "play_card", "card": card("evt_alternative_budget")})
    assert waiting(s) == ("budget:keep", [0])
    action = chosen(s, 0)
    assert action == {"type": "keep_note", "note": kept} and action in GAME.legal_actions(s, 0)
    assert waiting(play(s, 0, action)) == ("budget:propose", [2])


# --- assassinations ----------------------------------------------------------------------------------------------


def test_secret_police_shoots_the_president_at_the_bank_after_the_aid() -> None:
    """The Minister's free attempt goes to the family seen drawing the aid, at the bank while it is open."""
    offices = {"interior": 3, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 1, "air_force": 2}
    s = position(4, phase=6, president=0, offices=offices,
                 locations={0: "bank", 1: "mistress", 2: "night_club", 3: "headquarters"})
    s["log"] += [{"type": "phase", "turn": 1, "phase": 1}, {"type": "aid_drawn", "seat": 0, "count": 8}]
    assert waiting(s) == ("declarations", [3])
    assert choose(s, 3, SeededRng(1, 0)) == {"type": "declare_assassination", "assassin": "secret_police",
                                              "victim": 0, "location": "bank"}


def test_a_family_without_an_assassin_is_not_told_that_nobody_is_left() -> None:
    """The first declaration of a family that holds no assassin: it declares nothing because it has none to send,
    not because "there is nobody left worth naming" (nobody has been named yet)."""
    offices = {"interior": 3, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 1, "air_force": 2}
    s = position(4, phase=6, president=0, offices=offices,
                 locations={0: "home", 1: "mistress", 2: "night_club", 3: "headquarters"})
    s = play(s, 3, {"type": "end_declarations"})  # the Minister declares first
    assert waiting(s) == ("declarations", [0])
    advice = advise(s, 0, SeededRng(1, 0))
    assert advice.action == {"type": "end_declarations"}
    assert advice.reason == "junta.advice.no_assassin"


def test_protects_itself_when_an_attempt_hits() -> None:
    """Hit, it plays Bribe the Assassin rather than die."""
    offices = {"interior": 3, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 1, "air_force": 2}
    s = position(4, phase=6, president=0, offices=offices, hands={1: ["brb_assassin"]}, money={1: [2, 1]},
                 locations={0: "home", 1: "mistress", 2: "night_club", 3: "headquarters"})
    s = play(s, 3, {"type": "declare_assassination", "assassin": "secret_police", "victim": 1, "location": "mistress"})
    while waiting(s)[0] == "declarations":
        s = play(s, waiting(s)[1][0], {"type": "end_declarations"})
    assert waiting(s) == ("protect", [1])
    action = chosen(s, 1)
    assert action["type"] == "play_card" and action["card"] == card("brb_assassin")
    s = play(s, 1, action)
    assert s["alive"][1]


# --- the coup ------------------------------------------------------------------------------------------------------


def test_declines_a_coup_it_cannot_win_and_starts_one_it_can() -> None:
    """Its Minister and 1st Brigade (10 units) are fewer than the others' 18: it declines; with three unit
    cards more it starts, with the opening that places the rebels best."""
    weak = position(4, phase=8, president=0, pretext=True, offices=FOUR)
    while waiting(weak)[0] == "window":
        weak = play(weak, waiting(weak)[1][0], {"type": "ready"})
    assert waiting(weak) == ("coup_poll", [1])
    assert choose(weak, 1) == {"type": "decline_coup"}
    strong = position(4, phase=8, president=0, pretext=True, offices=FOUR,
                      hands={1: ["unt_students", "unt_rioters", "unt_strikers"]})
    while waiting(strong)[0] == "window":
        strong = play(strong, waiting(strong)[1][0], {"type": "ready"})
    action = chosen(strong, 1)
    assert action["type"] == "start_coup"
    assert play(strong, 1, action)["coup"]["leader"] == 1


def test_loyal_family_stays_out_of_the_rebellion_phase() -> None:
    """In the Rebellion Phase a loyal family only ends its movement turn (acting would make it a rebel)."""
    s = started()
    s = play(s, 1, {"type": "end_movement"})
    assert acting(s) == [2]
    assert choose(s, 2) == {"type": "end_movement"}


def test_rebel_leader_moves_to_better_its_side() -> None:
    """The leader's next movement improves the rebels' standing on the map."""
    s = started({"kind": "land", "unit": "paratrooper", "area": "palace"}, leader=3)
    action = chosen(s, 3)
    assert action["type"] != "end_movement"
    after = play(s, 3, action)
    assert coup_score(after, "rebels", 3) > coup_score(s, "rebels", 3)


def test_chooses_the_side_that_wins() -> None:
    """Choosing sides: the rebels hold three power centres whatever it chooses, so it joins the rebels."""
    s = play(rebels_hold_three(), 1, {"type": "choose_side", "side": "rebels"})
    assert acting(s) == [2] and choose(s, 2) == {"type": "choose_side", "side": "rebels"}


def wave_in_the_market() -> State:
    """A coup's first wave: the rebels' three units of barracks 1 attack the market, where two of family 2's
    stand."""
    s = started({"kind": "move", "from": "barracks_1",
                 "moves": [{"unit": f"b1_{i}", "to": "market"} for i in (1, 2, 3)]})
    place(s, "market", "b2_1", "b2_2")
    s = end_movements(s)
    s = play(s, 1, {"type": "declare_attack", "areas": ["market"]})
    while s["coup"]["combat"]["step"] == "declare":
        s = play(s, acting(s)[0], {"type": "end_declaration"})
    return s


def test_fires_at_the_other_side_and_holds_fire_among_friends() -> None:
    """In a wave it fires all its units there at the other side's strongest player."""
    s = wave_in_the_market()
    assert choose(s, 1) == {"type": "fire", "units": ["b1_1", "b1_2", "b1_3"], "target": 2}
    assert choose(s, 2) == {"type": "hold_fire"}  # loyal in the Rebellion Phase: even no return fire


def test_refusal_is_never_its_answer() -> None:
    """Every action it picks over a mixed game applies (checked on sampled positions)."""
    states: list[State] = []
    game(6, 6, {0, 2, 4}, states)
    for s in states[::4]:
        seat = min(GAME.to_act(s) & {0, 2, 4}, default=None)
        if seat is None:
            continue
        action = choose(s, seat, SeededRng(2, 2))
        if action is None:
            continue
        try:
            GAME.apply(s, seat, action, SeededRng(2, 3))
        except IllegalAction as refusal:  # pragma: no cover - the failure message names the action
            raise AssertionError(f"{action} refused: {refusal}") from None


# --- why: advise ----------------------------------------------------------------------------------------------


def test_advice_is_the_choice_and_reads_in_every_language() -> None:
    """Over a computer game, for every seat at sampled positions, advise() gives exactly choose()'s action
    (None included) with a reason worded in the four catalogs; the generic reason stays rare."""
    states: list[State] = []
    game(4, 8, {0, 1, 2, 3}, states)
    met: Counter[str] = Counter()
    for step, s in enumerate(states[::6]):
        for seat in range(4):
            advice = advise(s, seat, SeededRng(3, step))
            assert advice.action == choose(s, seat, SeededRng(3, step))
            assert_worded(advice, "junta")
            met[advice.reason] += 1
    assert len(met) >= 15, met
    assert met["junta.advice.first_answer"] <= 0.05 * sum(met.values()), met


def test_a_budget_that_pays_says_how_much() -> None:
    """Paid: "vote for the budget: it pays you" the amount the proposed budget gives the seat; not paid: "it
    pays you nothing"."""
    s = _budget_vote({"2": 2})
    advice = advise(s, 2)
    assert advice.reason == "junta.advice.budget_pays"
    budget = next(f for f in s["stack"] if f["kind"] == "budget")
    assert advice.params == {"amount": budget["amounts"]["2"]}
    s = play(s, 2, {"type": "pass_vote"})
    assert advise(s, 3).reason == "junta.advice.budget_pays_nothing"


def test_holding_the_alternative_budget_is_the_reason_to_vote_it_down() -> None:
    """Paid, but holding the Alternative Budget: the reason names the card's chance, not the payment."""
    advice = advise(_budget_vote({"2": 2}, hands={2: ["evt_alternative_budget"]}), 2)
    assert (advice.action or {})["choice"] == "no" and advice.reason == "junta.advice.budget_alternative"


def test_the_proposed_budget_names_whom_it_pays_and_the_majority() -> None:
    """The President pays the Church's holder: the reason names that family, the amount and the votes for and
    against (the Church's 10 and the President's office against the rest of the offices)."""
    s = position(4, phase=4, money={0: [1, 1, 2, 2, 3, 3, 1, 2]}, offices=FOUR, influence={1: ["inf_church"]})
    advice = advise(s, 0)
    assert advice.reason == "junta.advice.propose_budget"
    offices = Counter(FOUR.values())
    yes = 1 + 10 + offices[1]  # the President's own office, the Church, seat 1's offices
    assert advice.params == {"amount": 1, "players": [seat_ref(1)], "votes": counted("junta.advice.votes", yes),
                             "no": offices[2] + offices[3]}


def test_banking_says_what_it_deposits_and_keeps() -> None:
    """All its notes: "bank all" their sum; with Bribe the Assassin in hand: what it keeps for it."""
    s = position(4, phase=7, offices=FOUR, money={2: [3, 1]}, locations={0: "home", 1: "home", 2: "bank", 3: "bank"})
    assert advise(s, 2).reason == "junta.advice.bank_all" and advise(s, 2).params == {"amount": 4}
    s = position(4, phase=7, offices=FOUR, money={2: [3, 1, 1]}, hands={2: ["brb_assassin"]},
                 locations={0: "home", 1: "home", 2: "bank", 3: "home"})
    advice = advise(s, 2)
    after = play(s, 2, advice.action or {})
    assert advice.reason == "junta.advice.bank_all_but"
    assert advice.params == {"amount": sum(after["accounts"][2]), "keep": sum(after["money"][2])}


def test_goes_to_the_bank_with_what_it_carries() -> None:
    """With notes in hand and the bank open, the reason gives what it carries."""
    s = position(4, phase=5, offices=FOUR, money={2: [3, 3]}, bank="open")
    advice = advise(s, 2, SeededRng(1, 0))
    assert advice.reason == "junta.advice.go_to_bank" and advice.params == {"amount": sum(s["money"][2])}


def test_the_secret_police_names_its_victim_and_place() -> None:
    """The family seen drawing the aid is the victim, at the bank, which opens this turn."""
    offices = {"interior": 3, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 1, "air_force": 2}
    s = position(4, phase=6, president=0, offices=offices,
                 locations={0: "bank", 1: "mistress", 2: "night_club", 3: "headquarters"})
    s["log"] += [{"type": "phase", "turn": 1, "phase": 1}, {"type": "aid_drawn", "seat": 0, "count": 8}]
    advice = advise(s, 3, SeededRng(1, 0))
    assert advice.reason == "junta.advice.shoot_richest"
    assert advice.params["player"] == seat_ref(0) and advice.params["location"] == msg("junta.location.bank")
    assert advice.params["assassin"] == msg("junta.secret_police")


def test_a_coup_it_cannot_win_is_declined_with_the_units_counted() -> None:
    """The 10 units of seat 1's offices against the other families' 18: the reason gives both counts."""
    weak = position(4, phase=8, president=0, pretext=True, offices=FOUR)
    while waiting(weak)[0] == "window":
        weak = play(weak, waiting(weak)[1][0], {"type": "ready"})
    advice = advise(weak, 1)
    holders = {**FOUR, "president": 0}
    units = Counter(holders[office] for _type, office, _area in OFFICE_UNITS.values())
    assert advice.reason == "junta.advice.no_coup_weak"
    assert advice.params == {"count": units[1], "against": units[0] + units[2] + units[3]}


def _centres_held(s: State, side: str) -> int:
    """Power centres whose units all belong to `side`'s families (the rebels), or not (the President)."""
    held = 0
    for area in POWER_CENTRES:
        units = units_in(s, area)
        rebels = bool(units) and all(s["coup"]["rebels"][controller(s, u) or 0] for u in units)
        held += rebels if side == "rebels" else not rebels
    return held


def test_a_rebel_move_says_how_many_power_centres_its_side_then_holds() -> None:
    """The leader's move: the reason names where it goes and the power centres the rebels hold after it."""
    s = started({"kind": "land", "unit": "paratrooper", "area": "palace"}, leader=3)
    advice = advise(s, 3)
    assert advice.reason in ("junta.advice.move", "junta.advice.move_somewhere")
    assert advice.params["count"] == _centres_held(play(s, 3, advice.action or {}), "rebels")


def test_fire_names_the_target_and_its_units() -> None:
    """It fires at the other side's player with the most units in the area, and says how many."""
    s = wave_in_the_market()
    advice = advise(s, 1)
    assert advice.reason == "junta.advice.fire"
    assert advice.params == {"player": seat_ref(2), "count": len(units_in(s, "market", 2))}
    assert advise(s, 2).reason == "junta.advice.stay_loyal"


def test_nothing_to_do_is_said_too() -> None:
    """A seat the game does not wait on, with nothing that only gains, gets no action and says so."""
    s = _budget_vote({"2": 2})
    advice = advise(s, 0)
    assert advice.action is None and advice.reason == "junta.advice.nothing_to_do"
    assert_worded(advice, "junta")
