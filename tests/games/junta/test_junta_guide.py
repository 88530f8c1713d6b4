"""Junta's "What now?" guide (games/junta/guide.py): every moment of a random game and of the rare positions
built by hand gets its own words, translated in the four catalogs, with a rule from a heading of
docs/rules/junta.md, and every kind of action a player may be offered is said in plain words."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

import pytest

from games.core.guide import Moment, group_key
from games.junta import GAME
from games.junta.actions import TYPES
from games.junta.guide import COUP_FALLBACK, GUIDE, OTHER_ACTION, TURN_FALLBACK
from games.junta.view_types import JuntaView
from tests.games.guide_checks import moment_problems, rule_headings, wording_problems
from tests.games.junta.junta_kit import FOUR, card, play, position, ready_all, vote
from tests.support.corpus import PlayoutCorpus

SEED = 0  # one game of the corpus's standard set: 6 players, coups, a firing squad, a lunch closing
EVERY = 3  # every third state of it, and its last
# Decision kinds allowed to fall back on the turn's or the coup's general words: none. The coup's
# automatic steps (`coup_other`, `coup_over`) never wait on anyone, so no view at rest shows them.
FALLBACK_KINDS: frozenset[str] = frozenset()

State = dict[str, Any]


def problems(moment: Moment) -> list[str]:
    """The shared checks of a moment (tests/games/guide_checks.py), and its nested words (the coup's phase)
    translated too: a catalog without them would fall back on English without a trace."""
    nested = [value["msg"] for value in moment.params.values() if isinstance(value, dict) and "msg" in value]
    return moment_problems("junta", moment) + [p for message_id in nested for p in wording_problems(message_id, {})]


def kind_of(view: Mapping[str, Any]) -> str:
    decision = view["decision"]
    return "none" if decision is None else str(decision["kind"])


@pytest.fixture(scope="module")
def sampled(playout_corpus: PlayoutCorpus) -> list[tuple[State, JuntaView]]:
    """States of one random game (every EVERY-th and the last) with their public views."""
    playout = playout_corpus.playout("junta", SEED)
    picked = [*range(0, len(playout.states), EVERY), len(playout.states) - 1]
    states = [playout.states[i] for i in picked]
    return [(s, GAME.view(s, None)) for s in states]


def rare_positions() -> dict[str, State]:
    """Moments random games seldom reach, played to by hand: the Alternative Budget's three steps, a
    motion of no confidence, a returning exile shot at, a psychotic assassin's backfire, the exiles'
    poll after the President's death, the bank reopening after lunch, the shorter game's coup poll."""
    found: dict[str, State] = {}
    s = position(4, phase=4, money={0: [3, 2, 1]}, offices=FOUR, hands={3: ["evt_alternative_budget"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {}})
    for _ in range(2):
        s = ready_all(vote(s, {}))
    s = play(s, 0, {"type": "break_tie", "choice": "no"})
    found["keep_note"] = s = play(s, 3, {"type": "play_card", "card": card("evt_alternative_budget")})
    found["alternative_proposal"] = s = play(s, 0, {"type": "keep_note", "note": 3})
    found["alternative_vote"] = play(s, 3, {"type": "propose_budget", "amounts": {"0": 1}})
    s = position(4, phase=2, president=0, offices=FOUR, hands={1: ["evt_no_confidence"]})
    found["no_confidence"] = play(s, 1, {"type": "play_card", "card": card("evt_no_confidence")})
    s = position(4, phase=2, offices=FOUR, exile={2: "swiss_embassy"}, hands={2: ["brb_assassin"]})
    found["return"] = s = play(s, 2, {"type": "return_from_exile"})
    found["returnee_shot"] = play(s, 1, {"type": "kill_returnee", "kill": True})
    s = position(4, phase=6, president=0, offices=FOUR, hands={3: ["asn_psychotic"]},
                 locations={0: "home", 1: "mistress", 2: "night_club", 3: "headquarters"})
    s = play(s, 1, {"type": "end_declarations"})  # the Minister declares first, then clockwise
    s = play(s, 2, {"type": "end_declarations"})
    s = play(s, 3, {"type": "declare_assassination", "assassin": card("asn_psychotic"), "victim": 1,
                    "location": "mistress"})
    s = play(s, 3, {"type": "end_declarations"})
    found["backfire"] = play(s, 0, {"type": "end_declarations"}, rolls=[6, 5])
    found["exiles_poll"] = position(4, phase=6, step=2, president=0, dead=[0, 1], offices=FOUR,
                                    exile={2: "swiss_embassy", 3: "superpower_embassy"}, locations={})
    found["lunch"] = position(4, phase=9, step=1, offices=FOUR, bank="lunch",
                              locations={0: "home", 1: "bank", 2: "home", 3: "home"})
    found["strict_poll"] = position(4, phase=8, step=1, offices=FOUR, pretext=True, coup_needs_hq_and_pretext=True,
                                    locations={0: "home", 1: "headquarters", 2: "home", 3: "home"})
    return found


@pytest.fixture(scope="module")
def rare() -> dict[str, JuntaView]:
    return {name: GAME.view(s, None) for name, s in rare_positions().items()}


def test_every_sampled_moment_is_worded_from_a_rules_heading(sampled: list[tuple[State, dict[str, Any]]]) -> None:
    """Each public view gets a Moment whose purpose and rule read whole in the four languages and whose
    section is a heading of docs/rules/junta.md."""
    assert len(sampled) > 100
    for _state, view in sampled:
        moment = GUIDE.moment(view)
        assert isinstance(moment, Moment)
        assert problems(moment) == []


def test_the_rare_moments_are_worded_too(rare: dict[str, JuntaView]) -> None:
    """The hand-built positions reach the decisions random games seldom do, and each is worded."""
    kinds = {name: kind_of(view) for name, view in rare.items()}
    assert kinds == {
        "keep_note": "budget_keep", "alternative_proposal": "budget_propose", "alternative_vote": "vote",
        "no_confidence": "vote", "return": "return", "returnee_shot": "protect", "backfire": "protect",
        "exiles_poll": "exile_poll", "lunch": "banking", "strict_poll": "coup_poll",
    }
    for view in rare.values():
        assert problems(GUIDE.moment(view)) == []


def test_each_decision_kind_has_its_own_purpose(sampled: list[tuple[State, dict[str, Any]]]) -> None:
    """No two decision kinds met share a purpose, and none falls back on the general words (FALLBACK_KINDS
    lists the kinds allowed to); the phases of a random game are all met, and so are the coup's decisions."""
    purposes: dict[str, set[str]] = defaultdict(set)
    phases = set()
    for _state, view in sampled:
        purposes[kind_of(view)].add(GUIDE.moment(view).purpose)
        phases.add(view["phase"])
    assert phases == set(range(10))
    assert {k for k in purposes if k.startswith("coup_")} >= {"coup_move", "coup_proposal", "coup_declare",
                                                             "coup_fire", "coup_sides"}
    general = {TURN_FALLBACK.purpose, COUP_FALLBACK.purpose}
    for kind, said in purposes.items():
        if kind not in FALLBACK_KINDS:
            assert not said & general, f"{kind} falls back on the general words"
        for other, other_said in purposes.items():
            assert other == kind or not said & other_said, f"{kind} and {other} share words"


def test_the_coup_and_the_budget_vote_are_told_apart(sampled: list[tuple[State, dict[str, Any]]],
                                                    rare: dict[str, JuntaView]) -> None:
    """Read from each view's own decision: the budget vote, an election, the alternative budget and a motion of
    no confidence (all the engine's `vote`) each have their purpose, none of them a coup moment's, and the
    Rebellion Phase's movement is told from a later coup phase's."""
    by_vote: dict[str, set[str]] = defaultdict(set)
    coup: dict[str, set[str]] = defaultdict(set)
    for _state, view in [*sampled, *((None, v) for v in rare.values())]:
        purpose = GUIDE.moment(view).purpose
        if kind_of(view) == "vote":
            by_vote[view["vote"]["motion"]].add(purpose)
        elif kind_of(view) == "coup_move":
            coup["rebellion" if view["coup"]["phase"] == 0 else "later"].add(purpose)
        elif kind_of(view).startswith("coup_"):
            coup[kind_of(view)].add(purpose)
    assert set(by_vote) == {"election", "budget", "alt_budget", "no_confidence"}
    assert len(by_vote["budget"]) == 1 and len(by_vote["no_confidence"]) == 1
    assert by_vote["budget"].isdisjoint(by_vote["election"] | by_vote["alt_budget"] | by_vote["no_confidence"])
    coup_purposes = set().union(*coup.values())
    assert not coup_purposes & set().union(*by_vote.values())
    assert coup["rebellion"] and coup["later"] and coup["rebellion"].isdisjoint(coup["later"])
    assert len(coup_purposes) == sum(len(p) for p in coup.values())  # no two coup moments share words


def test_rare_moments_are_not_their_common_cousins(rare: dict[str, dict[str, Any]],
                                                   sampled: list[tuple[State, dict[str, Any]]]) -> None:
    """A protection after a returnee is shot or a backfire is not an attempt's; the Alternative Budget's proposal
    is not the President's; banking after lunch is not Phase 7's; the exiles' poll has words of its own."""
    common: dict[str, set[str]] = defaultdict(set)
    for _state, view in sampled:
        common[kind_of(view)].add(GUIDE.moment(view).purpose)
    said = {name: GUIDE.moment(view).purpose for name, view in rare.items()}
    assert said["returnee_shot"] not in common["protect"] and said["backfire"] not in common["protect"]
    assert said["returnee_shot"] != said["backfire"]
    assert said["alternative_proposal"] not in common["budget_propose"]
    assert said["lunch"] not in common["banking"]
    assert said["return"] != said["returnee_shot"] != said["exiles_poll"]
    # the shorter game's poll is the same moment, under a stricter rule
    assert said["strict_poll"] in common["coup_poll"]
    assert GUIDE.moment(rare["strict_poll"]).rule not in {GUIDE.moment(v).rule for _s, v in sampled
                                                           if kind_of(v) == "coup_poll"}


def test_every_action_offered_has_plain_words(sampled: list[tuple[State, dict[str, Any]]]) -> None:
    """Every action type the engine lists, for any seat or the game master, is worded in every language
    (not the catch-all words), and so is every type of the vocabulary."""
    met: set[str] = set()
    for state, _view in sampled:
        for seat in [None, *range(state["n"])]:
            met |= {group_key(action) for action in GAME.legal_actions(state, seat)}
    assert {"cast_vote", "play_card", "move_units", "fire", "choose_side", "timeout"} <= met
    assert met <= set(TYPES)
    for action_type in sorted(set(TYPES)):
        message_id, params = GUIDE.action({"type": action_type})
        assert message_id != OTHER_ACTION, action_type
        assert wording_problems(message_id, params) == []
    assert len({GUIDE.action({"type": t})[0] for t in TYPES}) == len(TYPES)  # each its own words


def test_the_checks_catch_a_missing_word_or_heading() -> None:
    """The checks fail on a moment whose round is left unfilled, whose coup phase has no words, or whose
    section is no heading of docs/rules/junta.md."""
    round_left = Moment("junta.guide.vote_budget", "junta.guide.rule.budget_vote", "junta.guide.section.budget")
    assert problems(round_left) and problems(Moment(round_left.purpose, round_left.rule, round_left.section,
                                                    {"round": 1})) == []
    no_phase = Moment("junta.guide.coup_move", "junta.guide.rule.movement", "junta.guide.section.movement_segment",
                      {"coup_phase": {"msg": "junta.guide.coup_phase.7", "params": {}}})
    assert any("coup_phase.7" in p for p in problems(no_phase))
    assert problems(Moment(round_left.purpose, round_left.rule, "Phase 4", {"round": 1}))
    assert problems(Moment(round_left.purpose, round_left.rule, "6.4 Phase 4 — The budget", {"round": 1}))
    assert "6.4 Phase 4 — The budget" in rule_headings("junta")
