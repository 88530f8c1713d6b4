"""The computer player of Som el que decidim!: legal, deterministic, bounded, cooperative, better than chance.

Hand-built positions use the kit's unshuffled board (tests/games/som/som_kit.py): A1 Concentració
nacional, B2-E2 and B3-E3 Catalunya cards, B4-G4 world cards, D5-F5 and B6 urn cards, C6-E6 and
B7 Spain cards.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import games.som.ai as ai
import games.som.search as search_module
from games.core.choice import Advice, Budget
from games.core.messages import counted, msg, seat_ref
from games.core.protocol import IllegalAction
from games.core.rng import ScriptedRng, SeededRng
from games.som import GAME
from games.som.ai import advise, choose, random_choose
from games.som.cards import CARD, CELLS, DISC, SPAIN, URN, neighbours, total
from games.som.common import MAX_STEPS
from games.som.driver import run
from games.som.know import Know
from games.som.turn import start_turn
from tests.games.som.som_kit import act, at_cohesion, at_move, bid, position, step
from tests.support.advice_words import assert_worded
from tests.support.present import present

pytestmark = pytest.mark.slow(6)  # scheduled early (tests/conftest.py)

State = dict[str, Any]
CONFIGS = [(1, "A"), (1, "B"), (2, "A"), (2, "B"), (2, "C"), (2, "A+C"), (3, "B"), (3, "C"), (3, "A+C"), (4, "A"),
           (4, "B"), (4, "C"), (4, "A+C")]


def accepted(state: State, seat: int, action: dict[str, Any] | None) -> bool:
    """Listed by `legal_actions`, or (a gift list of the computer's own making) accepted by the engine."""
    if action is None:
        return False
    if action in GAME.legal_actions(state, seat):
        return True
    if action["type"] != "redistribute":
        return False
    try:
        GAME.apply(state, seat, action, SeededRng(0, 0))
    except IllegalAction:
        return False
    return True


def random_states(seed: int, n: int, mode: str, every: int) -> list[State]:
    """Positions of a seeded game (random and computer seats mixed, so both usual and rare steps come up),
    sampled every `every` actions."""
    chooser = random.Random(seed)
    state = GAME.setup(n, {"mode": mode}, SeededRng(seed, 0))
    sampled = []
    for count in range(1, 3000):
        if GAME.outcome(state) is not None:
            break
        if count <= 2 or count % every == 0:  # the set-up choices, then every `every` actions
            sampled.append(state)
        seat = min(GAME.to_act(state))
        action = chooser.choice(GAME.legal_actions(state, seat)) if chooser.random() < 0.5 else None
        action = action or choose(state, seat, count)
        assert action is not None
        state = GAME.apply(state, seat, action, SeededRng(seed, count))
    return sampled


def test_only_legal_actions_in_random_positions() -> None:
    """In positions of a seeded game in every mode with 1-4 players, every seat that must act gets a legal
    action and every other seat gets None."""
    seen: set[str] = set()
    for index, (n, mode) in enumerate(CONFIGS):
        for state in random_states(100 * index, n, mode, 14):
            acting = GAME.to_act(state)
            for seat in range(n):
                action = choose(state, seat, 7)
                if seat in acting:
                    assert accepted(state, seat, action), (n, mode, action)
                    assert action is not None
                    seen.add(action["type"])
                else:
                    assert action is None
    assert {"place_start", "choose_centralism", "pay", "break_coin", "redistribute", "move_citizen",
            "protect_urn"} <= seen


def test_votes_are_answered_legally() -> None:
    """Two computer tables (4 players in mode A+C, 3 in mode C) go through elections and motions with legal
    answers and bids."""
    seen: set[str] = set()
    for seed, n, mode in ((0, 4, "A+C"), (3, 3, "C")):
        state = GAME.setup(n, {"mode": mode}, SeededRng(seed, 0))
        for count in range(1, 3000):
            if GAME.outcome(state) is not None:
                break
            for seat in sorted(GAME.to_act(state)):
                action = choose(state, seat, count)
                assert accepted(state, seat, action)
                assert action is not None
                seen.add(action["type"])
                state = GAME.apply(state, seat, action, SeededRng(seed, count))
                break
    assert {"decline_vote", "bid"} & seen


def test_nothing_to_do_when_the_game_is_over() -> None:
    """A finished game gives None for every seat."""
    chooser = random.Random(3)
    state = GAME.setup(3, {"mode": "B"}, SeededRng(3, 0))
    count = 0
    while GAME.outcome(state) is None:
        count += 1
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)), SeededRng(3, count))
    assert all(choose(state, seat) is None for seat in range(3))
    assert random_choose(state, 0, 1) is None


def test_deterministic_and_pure() -> None:
    """The same position and tie-breaking seed give the same action, after a dump/load round trip too, and
    the state is left unchanged."""
    for n, mode in ((2, "C"), (4, "B"), (1, "B")):
        for state in random_states(5, n, mode, 16):
            seat = min(GAME.to_act(state))
            before = GAME.dump(state)
            first = choose(state, seat, 5)
            assert first == choose(GAME.load(before), seat, 5) == choose(state, seat, SeededRng(5, 0))
            assert choose(state, seat) == choose(GAME.load(before), seat)
            assert GAME.dump(state) == before


def test_work_per_decision_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Look-ahead positions expanded and engine applications together stay within the node budget (a tiny
    budget still gives a legal action); with the normal budget the same decisions do more work."""
    work = [0]
    real_ways_on, real_apply = search_module.Mover.ways_on, ai._apply

    def ways_on(self: search_module.Mover, *args: Any) -> Any:
        work[0] += 1
        return real_ways_on(self, *args)

    def apply(*args: Any) -> Any:
        work[0] += 1
        return real_apply(*args)

    monkeypatch.setattr(search_module.Mover, "ways_on", ways_on)
    monkeypatch.setattr(ai, "_apply", apply)
    states = [s for n, mode in ((4, "A"), (2, "B"), (3, "C")) for s in random_states(11, n, mode, 2)]
    worst = {}
    for budget in (10, ai.NODE_BUDGET):
        monkeypatch.setattr(ai, "NODE_BUDGET", budget)
        worst[budget] = 0
        for state in states:
            seat = min(GAME.to_act(state))
            work[0] = 0
            assert accepted(state, seat, choose(state, seat))
            worst[budget] = max(worst[budget], work[0])
    assert worst[10] == 10  # ten positions at most (the root's first steps are read off them)
    assert worst[ai.NODE_BUDGET] > 40


def test_pays_a_tax_keeping_its_interior_disc() -> None:
    """Mode B: the holder owes 2 € and may hand over mossos, health or two infrastructures; it pays the tax
    with the two infrastructures and keeps the disc that protects urn cards."""
    s = position(2, mode="B", holder=0, hands={0: ["mossos1", "health1", "roads1", "forests1"],
                                                1: ["justice1", "roads2"]})
    start_turn(s, 0)
    run(s, ScriptedRng())
    assert GAME.to_act(s) == {0} and len(GAME.legal_actions(s, 0)) == 3
    action = choose(s, 0)
    assert action == {"type": "pay", "discs": ["forests1", "roads1"]}
    after = act(s, 0, action, 6)  # the die: everyone (0 €)
    assert after["hands"][0] == ["health1", "mossos1"] and GAME.outcome(after) is None


def test_gives_to_citizens_who_cannot_pay_the_next_tax() -> None:
    """3 players, holder 0 with 6 €: the next holder (1 €) gets enough for its 2 € tax and seat 2 (0 €) for
    its 1 €; the holder keeps what it needs."""
    s = at_cohesion(position(3, holder=0, hands={0: ["health1", "education1", "roads1", "forests1"],
                                                 1: ["housing1"]}), "generalitat")
    action = choose(s, 0)
    assert action is not None and action["type"] == "redistribute"
    after = GAME.apply(s, 0, action, ScriptedRng())
    values = [total(hand) for hand in after["hands"]]
    assert values[1] >= 2 and values[2] >= 1 and values[0] >= 1


def test_keeps_its_own_tax_when_giving() -> None:
    """The holder holds 2 € in two discs and seat 2 holds nothing: one disc goes to seat 2, one stays."""
    s = at_cohesion(position(3, holder=0, hands={0: ["roads1", "forests1"], 1: ["health1"]}), "generalitat")
    action = choose(s, 0)
    assert action is not None and len(action["gifts"]) == 1 and action["gifts"][0]["to"] == 2


def test_no_gift_when_nobody_is_short() -> None:
    """Everybody can pay comfortably: a poor holder keeps its discs."""
    s = at_cohesion(position(3, holder=0, hands={0: ["roads1"], 1: ["health1", "health2"],
                                                 2: ["education1", "education2"]}), "generalitat")
    assert choose(s, 0) == {"type": "redistribute", "gifts": []}


def test_steps_onto_a_face_down_card_rather_than_a_known_one() -> None:
    """Mid-movement on D3: the face-down E3 is a draw (maybe an urn card), the face-up C3 leads nowhere new
    and the world cards end the movement; it steps onto E3 rather than C3, the world cards or stopping."""
    known = ["parlament_de_catalunya", "estatut_d_autonomia", "llengua_catalana", "escola_catalana", "pagesia",
             "recerca_i_universitats", "comerc_de_proximitat", "llibertat_d_expressio", "separacio_de_poders",
             "estat_de_dret", "igualtat_de_genere"]
    s = at_move(position(2, holder=0, face_up=known, citizens="D3"), "generalitat")
    s["movement"].update(visited=["B2", "C2", "D2", "E2", "B3", "D3"], steps=5)
    legal = GAME.legal_actions(s, 0)
    assert step("C3") in legal and step("E3") in legal and {"type": "stop_moving"} in legal
    assert choose(s, 0) == step("E3")


def dead_end(steps: int) -> State:
    """The holder's citizen stepped from F2 (face-up Teixit associatiu, face-down cards around it) onto G1
    (face-up Turisme), whose other neighbours are face-up world cards."""
    worlds = {"F1": "pau", "G2": "sostenibilitat", "H2": "solidaritat"}
    s = position(2, holder=0, cards=worlds, citizens="G1",
                 face_up=["teixit_associatiu", "turisme", *worlds.values()])
    s = at_move(s, "generalitat")
    s["movement"].update(visited=["F2", "G1"], steps=steps)
    return s


def test_steps_back_onto_a_card_it_stood_on_to_reach_the_face_down_ones() -> None:
    """Seed: from a Catalunya card the citizen may go "a cualquiera de las 8 cartas de su alrededor, esté
    descubierta o no": at a dead end it steps back onto F2, already stood on, to turn a card next to it,
    rather than stop or end on a world card."""
    s = dead_end(1)
    assert step("F2") in GAME.legal_actions(s, 0)
    assert choose(s, 0) == step("F2")


def test_the_search_counts_only_the_steps_left() -> None:
    """With one step left (39 taken), stepping back onto F2 can turn nothing more: it is worth only where
    the movement then ends, and the search does not count on a draw beyond the 40th step."""
    know = Know(dead_end(MAX_STEPS - 1))
    search = search_module.Mover(know, 0, Budget(ai.NODE_BUDGET), ai.protectable(know))
    pools = search_module.pools_of(know)
    one_left = search.first_steps("G1", pools, True, 1)
    assert one_left["F2"] == pytest.approx(search.end("F2") - search_module.STEP)
    assert search.first_steps("G1", pools, True, 2)["F2"] > one_left["F2"] + 1


def test_prefers_the_cards_a_state_action_dealt_without_spain_cards() -> None:
    """Medium degree: the log says the last State action dealt an urn card and a Catalunya card onto C3
    and E3 (no Spain card among them); from D3, among eight face-down cards, it steps onto one of those."""
    s = at_move(position(2, holder=0, degree="medium", cards={"E3": "cultura_democratica"}, citizens="D3"),
                "generalitat")
    s["log"] = [{"id": 1, "type": "state_acts", "seat": 0, "card": "loapa", "cell": "D6", "degree": "medium",
                 "protected": [], "protecting": [], "collected": ["recerca_i_universitats", "cultura_democratica"],
                 "relaid": ["C3", "E3"]}]
    know = Know(s)
    assert know.group_of["C3"] == know.group_of["E3"] == 1 and know.group_of["D4"] == 0
    assert know.groups[1]["urn"] == 1 and know.groups[1]["cat"] == 1 and know.groups[0]["urn"] == 3
    assert choose(s, 0) in (step("C3"), step("E3"))


def reveal_spain(hands: dict[int, Sequence[str]]) -> State:
    """Mode B, two urn cards aside: the holder steps from B5 onto the face-down Tribunal Constitucional."""
    s = position(2, mode="B", holder=0, hands=hands, urn_area=["cultura_democratica", "mobilitzacio_ciutadana"],
                 citizens="B5")
    s = act(at_move(s, "generalitat"), 0, step("C6"))
    assert present(GAME.view(s, None)["pending"])["type"] == "protect_urn"
    return s


def test_protects_the_urn_cards_when_it_can() -> None:
    """Both citizens can spare an interior disc: both urn cards are protected."""
    s = reveal_spain({0: ["mossos1", "health1", "roads1", "forests1"], 1: ["firefighters1", "health2", "roads2"]})
    action = choose(s, 0)
    assert action is not None and sorted(action["discs"]) == ["firefighters1", "mossos1"]


def test_protects_only_what_keeps_the_next_taxes_payable() -> None:
    """Seat 1, the next holder, holds only its firefighters disc (its 2 € tax): only the holder's mossos
    protects an urn card."""
    s = reveal_spain({0: ["mossos1", "health1", "roads1", "forests1"], 1: ["firefighters1"]})
    assert choose(s, 0) == {"type": "protect_urn", "discs": ["mossos1"]}


def test_spends_no_disc_the_coming_taxes_need() -> None:
    """The team holds 5 €: protecting with the mossos would leave 3 € for the 5 € of the next two
    taxations, so the urn cards go back to the board and the discs stay."""
    s = reveal_spain({0: ["mossos1", "roads1"], 1: ["firefighters1"]})
    assert choose(s, 0) == {"type": "protect_urn", "discs": []}


def on_sufragi(mover: int, participation: list[int]) -> State:
    """Mode C, 3 players, holder 0: `mover`'s citizen steps from E3 onto Sufragi universal (F3)."""
    s = position(3, mode="C", holder=0, participation=participation, citizens="E3",
                 hands={0: ["mossos1", "mossos2", "health1", "roads1"], 1: ["health2", "education1", "roads2"],
                        2: ["education2", "forests1", "housing1"]})
    s = at_move(s, "generalitat" if mover == 0 else "lilac")
    return act(s, mover, step("F3"))


def vote_through(s: State) -> State:
    """Every seat answers with the computer until the vote is resolved."""
    while s["vote"] is not None or present(GAME.view(s, None)["pending"])["type"] == "sufragi":
        seat = min(GAME.to_act(s))
        action = choose(s, seat)
        assert action is not None and accepted(s, seat, action)
        s = GAME.apply(s, seat, action, SeededRng(0, s["log_count"]))
    return s


def test_elections_cost_no_discs_when_nobody_can_challenge() -> None:
    """The rich holder, with more participation discs than anyone, calls elections; nobody stands, and it
    keeps the Generalitat bidding nothing."""
    s = on_sufragi(0, [2, 1, 0])
    assert choose(s, 0) == {"type": "call_elections"}
    after = vote_through(s)
    result = after["last_vote"]
    assert result["kind"] == "elections" and result["bids"] == [0, 0, 0] and result["next_holder"] == 0
    assert after["participation"] == [2, 1, 0]


def test_elections_are_not_called_when_a_challenger_could_win() -> None:
    """A rival holds more participation discs than the holder could bid: the holder declines."""
    assert choose(on_sufragi(0, [1, 3, 0]), 0) == {"type": "decline_vote"}


def test_a_motion_bids_just_enough() -> None:
    """Lilac (2 discs) presents a motion against a holder with none, bids one disc and wins; the others
    abstain and bid nothing."""
    s = on_sufragi(1, [0, 2, 0])
    assert choose(s, 1) == {"type": "motion_of_censure"}
    after = vote_through(s)
    result = after["last_vote"]
    assert result["kind"] == "motion" and result["bids"] == [0, 1, 0] and result["next_holder"] == 1
    assert after["participation"] == [0, 1, 0]


def test_chooses_medium_centralism_and_a_central_start() -> None:
    """The starting holder puts Concentració nacional where most cells are around it, then picks medium
    (high when alone)."""
    state = GAME.setup(3, {"mode": "A"}, SeededRng(1, 0))
    action = choose(state, state["starting_holder"])
    assert action is not None and action["type"] == "place_start"
    assert action["cell"] in ("D3", "E3", "D2", "E2", "D4", "E4")
    state = GAME.apply(state, state["starting_holder"], action, SeededRng(1, 1))
    assert choose(state, state["starting_holder"]) == {"type": "choose_centralism", "degree": "medium"}
    alone = GAME.apply(GAME.setup(1, {"mode": "A"}, SeededRng(1, 0)), 0, {"type": "place_start", "cell": None},
                       SeededRng(1, 1))
    assert choose(alone, 0) == {"type": "choose_centralism", "degree": "high"}


def play(seed: int, computer: bool) -> str:
    """A seeded 2-player mode-A game at medium centralism, every seat played by one policy."""
    chooser = random.Random(seed)
    state = GAME.setup(2, {"mode": "A"}, SeededRng(seed, 0))
    for count in range(1, 5000):
        outcome = GAME.outcome(state)
        if outcome is not None:
            return outcome.reason
        seat = min(GAME.to_act(state))
        if GAME.legal_actions(state, seat)[0]["type"] == "choose_centralism":
            action: dict[str, Any] | None = {"type": "choose_centralism", "degree": "medium"}
        elif computer:
            action = choose(state, seat, count)
        else:
            action = random_choose(state, seat, chooser.randrange(2**31))
        assert action is not None
        state = GAME.apply(state, seat, action, SeededRng(seed, count))
    raise AssertionError("no outcome")


def test_holds_the_referendum_more_often_than_random_play() -> None:
    """Seeded 2-player games (mode A, medium): computer tables hold the referendum in at least 2 of 4, random
    tables in none of those 4 and at most 2 of 20 (the strength itself is measured by the bench,
    `python -m bench.som_ai --players 2 --modes A --degrees medium`)."""
    computer = sum(play(seed, True) == "referendum" for seed in range(4))
    chance = [play(seed, False) == "referendum" for seed in range(20)]
    assert computer >= 2 and not any(chance[:4]) and sum(chance) <= 2


# --- why: advise ----------------------------------------------------------------------------------------------


def test_advice_is_the_choice_and_reads_in_every_language() -> None:
    """At positions of seeded games in every mode, advise() gives exactly choose()'s action for every seat
    (None for those not asked) with a reason worded in the four catalogs; the generic reason never shows."""
    met: set[str] = set()
    for index, (n, mode) in enumerate([(1, "B"), (2, "C"), (3, "B"), (4, "A+C")]):
        for state in random_states(300 + index, n, mode, 9):
            for seat in range(n):
                advice = advise(state, seat, 4)
                assert advice.action == choose(state, seat, 4)
                assert_worded(advice, "som")
                met.add(advice.reason)
    assert "som.advice.default" not in met and "som.advice.safest_listed" not in met
    assert {"som.advice.nothing_to_do", "som.advice.hand_over", "som.advice.start_central"} <= met, met
    assert met & {"som.advice.turn", "som.advice.walk_to_turn"}, met


def _face_down_dealt_otherwise(s: State, pick: random.Random) -> State:
    """The same public position with the face-down cards dealt otherwise: a permutation of their identities
    among the face-down cells, within each part of the board whose mix the log makes public (the cells the
    last State action dealt its collected cards onto, and the rest)."""
    t = copy.deepcopy(s)
    face_up = set(t["face_up"])
    down = [c for c in CELLS if t["board"][c] is not None and t["board"][c] not in face_up]
    relaid = next((set(e["relaid"]) for e in reversed(t["log"]) if e["type"] == "state_acts"), set())
    for part in ([c for c in down if c in relaid], [c for c in down if c not in relaid]):
        cards = [t["board"][c] for c in part]
        pick.shuffle(cards)
        for cell, card in zip(part, cards, strict=True):
            t["board"][cell] = card
    return t


def _blind_over_face_down_cards(advisor: Callable[[State, int, int], Advice], games: int) -> Counter[str]:
    """Compare `advisor` at positions of seeded games (each seat asked) with the same positions with the
    face-down cards dealt otherwise, after checking the seat's view is the same; the reasons met."""
    pick = random.Random(5)
    checked: Counter[str] = Counter()
    for index, (n, mode) in enumerate([(2, "B"), (3, "A"), (4, "B")][:games]):
        for state in random_states(500 + index, n, mode, 5):
            for seat in sorted(GAME.to_act(state)):
                other = _face_down_dealt_otherwise(state, pick)
                assert GAME.view(other, seat) == GAME.view(state, seat)
                advice = advisor(state, seat, 2)
                assert advisor(other, seat, 2) == advice, advice
                checked[advice.reason] += 1
    return checked


def test_reads_no_face_down_card() -> None:
    """With the face-down cards dealt otherwise the seat's view is the same, and so are its action, its
    reason and the reason's numbers (the chance of an urn card is the public mix's)."""
    checked = _blind_over_face_down_cards(advise, 3)
    assert sum(checked[r] for r in ("som.advice.turn", "som.advice.walk_to_turn", "som.advice.stop_risk")) >= 5, \
        checked


def test_the_blind_check_catches_a_peek() -> None:
    """An advisor whose reason names the card really lying under the cell it turns fails the check."""

    def peeking(state: State, seat: int, rng: int) -> Advice:
        advice = advise(state, seat, rng)
        if advice.reason != "som.advice.turn":
            return advice
        return Advice(advice.action, advice.reason, {**advice.params, "card": state["board"][advice.params["cell"]]})

    with pytest.raises(AssertionError):
        _blind_over_face_down_cards(peeking, 1)


def test_reads_no_other_players_bid() -> None:
    """In a motion's secret bids, whatever the others have bid, the seat's view and its advice (action,
    reason and numbers) are the same."""
    s = GAME.apply(on_sufragi(1, [2, 2, 1]), 1, {"type": "motion_of_censure"}, SeededRng(0, 0))
    while s["vote"]["step"] != "bid":
        seat = min(GAME.to_act(s))
        s = GAME.apply(s, seat, choose(s, seat) or {}, SeededRng(0, s["log_count"]))
    s = GAME.apply(s, 0, bid(2), SeededRng(0, 1))
    s = GAME.apply(s, 2, bid(1), SeededRng(0, 2))
    assert GAME.to_act(s) == {1}
    for first, third in ((0, 0), (1, 1), (2, 0), (0, 1)):
        other = copy.deepcopy(s)
        other["vote"]["bids"].update({"0": first, "2": third})
        assert GAME.view(other, 1) == GAME.view(s, 1)
        assert advise(other, 1) == advise(s, 1)


def test_gives_what_the_short_citizen_needs_and_says_so() -> None:
    """Seat 2 holds nothing: the gift goes to seat 2, "otherwise they cannot pay the next tax", for the euros
    the holder hands over."""
    s = at_cohesion(position(3, holder=0, hands={0: ["roads1", "forests1"], 1: ["health1"]}), "generalitat")
    advice = advise(s, 0)
    after = GAME.apply(s, 0, advice.action or {}, ScriptedRng())
    assert advice.reason == "som.advice.give_short"
    assert advice.params == {"amount": total(s["hands"][0]) - total(after["hands"][0]), "players": [seat_ref(2)],
                             "count": 1}


def test_no_gift_says_no_gift_helps() -> None:
    """Everybody can pay comfortably: no gift, and the reason says no gift makes the taxes safer."""
    s = at_cohesion(position(3, holder=0, hands={0: ["roads1"], 1: ["health1", "health2"],
                                                 2: ["education1", "education2"]}), "generalitat")
    assert advise(s, 0) == Advice({"type": "redistribute", "gifts": []}, "som.advice.give_nothing")


def test_turning_a_card_gives_the_chance_of_an_urn_card() -> None:
    """Stepping onto the face-down E3: the chance of an urn card and of a Spain card are those of the cards
    still face down (no State action in the log: one mix)."""
    known = ["parlament_de_catalunya", "estatut_d_autonomia", "llengua_catalana", "escola_catalana", "pagesia",
             "recerca_i_universitats", "comerc_de_proximitat", "llibertat_d_expressio", "separacio_de_poders",
             "estat_de_dret", "igualtat_de_genere"]
    s = at_move(position(2, holder=0, face_up=known, citizens="D3"), "generalitat")
    s["movement"].update(visited=["B2", "C2", "D2", "E2", "B3", "D3"], steps=5)
    down = [s["board"][c] for c in CELLS if s["board"][c] is not None and s["board"][c] not in s["face_up"]]
    advice = advise(s, 0)
    assert advice.action == step("E3") and advice.reason == "som.advice.turn"
    assert advice.params == {"cell": "E3", "chance": round(100 * sum(CARD[c].flag == URN for c in down) / len(down)),
                             "spain": round(100 * sum(CARD[c].flag == SPAIN for c in down) / len(down))}


def test_the_protection_counts_the_urn_cards() -> None:
    """Both urn cards protected, with two discs; with the taxes short, none, of the two urn cards."""
    s = reveal_spain({0: ["mossos1", "health1", "roads1", "forests1"], 1: ["firefighters1", "health2", "roads2"]})
    assert advise(s, 0).reason == "som.advice.protect"
    assert advise(s, 0).params == {"count": 2, "urn_cards": counted("som.urn_cards", len(s["urn_area"]))}
    s = reveal_spain({0: ["mossos1", "roads1"], 1: ["firefighters1"]})
    assert advise(s, 0).reason == "som.advice.protect_none" and advise(s, 0).params == {"count": len(s["urn_area"])}


def test_a_tax_is_paid_with_the_least_useful_kinds() -> None:
    """The tax is paid with the two infrastructures, and the reason names their kinds."""
    s = position(2, mode="B", holder=0, hands={0: ["mossos1", "health1", "roads1", "forests1"],
                                                1: ["justice1", "roads2"]})
    start_turn(s, 0)
    run(s, ScriptedRng())
    advice = advise(s, 0)
    assert advice.reason == "som.advice.hand_over"
    assert advice.params == {"discs": [msg("som.kind.forests"), msg("som.kind.roads")]}


def test_votes_say_why() -> None:
    """The rich holder calls elections and says what it keeps after handing over a mossos disc; facing a
    stronger rival it declines because of them; a motion against a holder with no discs needs one disc."""
    s = on_sufragi(0, [2, 1, 0])
    advice = advise(s, 0)
    assert advice.reason == "som.advice.call_elections"
    assert advice.params == {"value": total(s["hands"][0]) - DISC["mossos1"].value}
    assert advise(on_sufragi(0, [1, 3, 0]), 0).reason == "som.advice.no_elections_challenger"
    s = on_sufragi(1, [0, 2, 0])
    advice = advise(s, 1)
    assert advice.reason == "som.advice.censure" and advice.params == {"count": s["participation"][0] + 1}
    while s["vote"] is None or s["vote"]["step"] != "bid":
        seat = min(GAME.to_act(s))
        s = GAME.apply(s, seat, choose(s, seat) or {}, SeededRng(0, s["log_count"]))
    assert advise(s, 1) == Advice(bid(1), "som.advice.bid", {"count": s["participation"][0] + 1})


def test_set_up_says_why() -> None:
    """The start goes where the most cells are around it, and the reason counts them; then medium centralism
    (high, the mildest allowed, when alone)."""
    state = GAME.setup(3, {"mode": "A"}, SeededRng(1, 0))
    advice = advise(state, state["starting_holder"])
    cell = (advice.action or {})["cell"]
    assert advice.reason == "som.advice.start_central"
    assert advice.params == {"cell": cell, "count": len(neighbours(cell))}
    state = GAME.apply(state, state["starting_holder"], advice.action or {}, SeededRng(1, 1))
    assert advise(state, state["starting_holder"]).reason == "som.advice.centralism_medium"
    alone = GAME.apply(GAME.setup(1, {"mode": "A"}, SeededRng(1, 0)), 0, {"type": "place_start", "cell": None},
                       SeededRng(1, 1))
    assert advise(alone, 0).params == {"degree": msg("som.degree.high")}


def test_every_step_of_a_vote_says_why() -> None:
    """Through elections and a motion, each seat asked gets advice that is its choice, worded in the four
    catalogs; nobody bids or stands without a reason that says so."""
    met: set[str] = set()
    for s in (GAME.apply(on_sufragi(0, [2, 1, 0]), 0, {"type": "call_elections"}, SeededRng(0, 0)),
              GAME.apply(on_sufragi(1, [1, 2, 0]), 1, {"type": "motion_of_censure"}, SeededRng(0, 0))):
        while s["vote"] is not None:
            seat = min(GAME.to_act(s))
            advice = advise(s, seat)
            assert advice.action == choose(s, seat)
            assert_worded(advice, "som")
            met.add(advice.reason)
            s = GAME.apply(s, seat, advice.action or {}, SeededRng(0, s["log_count"]))
    assert {"som.advice.no_stand_discs", "som.advice.abstain", "som.advice.bid_nothing_at_stake"} & met, met
