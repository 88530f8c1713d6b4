"""The Polls Are Closed's "What now?" guide (games/polls/guide.py) over a seeded random game: a moment
for every public view, words in every language for it and for every action, sections of rules/polls.md."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.guide import Moment
from games.polls import GAME
from games.polls.guide import GUIDE
from games.polls.view_types import PollsView
from tests.games.guide_checks import (
    check_every_moment,
    english,
    moment_problems,
    rule_headings,
    worded_actions,
    wording_problems,
)
from tests.support.corpus import PlayoutCorpus
from tests.support.present import present

SEED = 0  # reaches every step: actions, influence, a 7 on A and on B+C, a die order, a poll, the end
STEPS = {"actions", "influence", "seven", "order", "poll", "game_over"}

Views = list[PollsView]


@pytest.fixture(scope="module")
def states(playout_corpus: PlayoutCorpus) -> list[dict[str, Any]]:
    return list(playout_corpus.play("polls", 2, {}, SEED).states)


@pytest.fixture(scope="module")
def views(states: list[dict[str, Any]]) -> Views:
    return [GAME.view(state, None) for state in states]


def first(views: Views, **wanted: Any) -> PollsView:
    return next(view for view in views if all(view.get(key) == value for key, value in wanted.items()))


def test_the_game_goes_through_every_step(views: Views) -> None:
    """The seeded game shows every step of the view, both circles' 7s included, so the tests below see them all."""
    assert {view["step"] for view in views} == STEPS
    sevens = {present(view["pending"])["circle"] for view in views if view["step"] == "seven"}
    assert sevens == {"A", "BC"}


def test_every_public_view_has_a_moment_worded_everywhere(views: Views) -> None:
    """Every view gets a moment whose purpose and rule read whole in all four languages, from a rules heading."""
    check_every_moment("polls", GUIDE, views, "step")


def test_every_legal_action_has_words(states: list[dict[str, Any]]) -> None:
    """Every action the engine lists in the game has words in all four languages, and so has every declared type."""
    # a player concedes by leaving, not by a button
    assert worded_actions(GAME, GUIDE, states) == set(GAME.actions.types) - {"concede"}


def test_each_action_type_has_its_own_words() -> None:
    """No two action types share words: each group of buttons is explained for what it does."""
    ids = [GUIDE.action({"type": kind})[0] for kind in GAME.actions.types]
    assert len(set(ids)) == len(ids)


def test_the_actions_and_the_influence_steps_say_different_things(views: Views) -> None:
    """The actions step and the influence step have different purposes, each named as the view names the step."""
    actions = first(views, step="actions", actions_left=1)
    influence = first(views, step="influence")
    told = {}
    for view in (actions, influence):
        moment = GUIDE.moment(view)
        told[view["step"]] = english(moment.purpose, moment.params)
    assert told["actions"] != told["influence"]
    assert told["actions"].startswith("Actions") and "1 of the turn's 2 actions left" in told["actions"]
    assert told["influence"].startswith("Influence step")
    clock = f"round {actions['round']} of {actions['rounds']}, turn {actions['turn']} of {actions['turns_in_round']}"
    assert clock in told["actions"]
    assert GUIDE.moment(actions).section != GUIDE.moment(influence).section


def test_a_double_roll_names_its_dice(views: Views) -> None:
    """A 7 waiting for a choice and a die order waiting for one name the dice the view shows, and differ."""
    seven = first(views, step="seven")
    order = first(views, step="order")
    for view in (seven, order):
        moment = GUIDE.moment(view)
        text = english(moment.purpose, moment.params)
        dice = present(view["pending"])["dice"]
        assert f"{dice[0]} and {dice[1]}" in text, text
        assert ("a 7" in text) == (view["step"] == "seven"), text
    assert GUIDE.moment(seven).purpose != GUIDE.moment(order).purpose
    on_a = next(view for view in views if view["step"] == "seven" and present(view["pending"])["circle"] == "A")
    moment = GUIDE.moment(on_a)
    assert f"straight into {present(on_a['pending'])['seven_target']}" in english(moment.purpose, moment.params)


def test_the_poll_counts_what_is_left_to_place(views: Views) -> None:
    """The national poll's purpose says how many poll tokens the placing player still has, as the view counts them."""
    poll = first(views, step="poll")
    placing = present(poll["poll"])
    left = placing["left"][present(placing["seat"])]
    moment = GUIDE.moment(poll)
    text = english(moment.purpose, moment.params)
    assert "National poll" in text and f"end of round {poll['round']}" in text
    assert f"{left} poll Influence token{'s' if left != 1 else ''} left" in text
    assert english(moment.section, {}) == "End of a round"


def test_the_checks_catch_words_that_do_not_read_whole() -> None:
    """The shared checks fail on an unknown id, a plural without its count, a missing parameter, a wrong section."""
    assert wording_problems("polls.guide.no_such_moment", {})
    assert any("no count" in problem for problem in wording_problems("polls.guide.actions", {"round": 1}))
    assert any("unfilled" in problem for problem in wording_problems("polls.guide.order", {"first": 3}))
    assert moment_problems("polls", Moment("polls.guide.influence", "polls.guide.rule.influence", "Influence",
                                           {"round": 1, "rounds": 3, "turn": 1, "turns": 10}))
    assert "Actions" in rule_headings("polls") and "Action" not in rule_headings("polls")
