"""Arditi del Popolo's "What now?" guide (games/arditi/guide.py) over a seeded random game: a moment for
every public view, words in every language for it and for every action, sections of rules/arditi.md."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import words
from games.arditi import GAME
from games.arditi.guide import GUIDE
from games.arditi.view_types import ArditiView
from tests.games.guide_checks import (
    check_every_moment,
    english,
    rule_headings,
    worded_actions,
)
from tests.support.corpus import PlayoutCorpus
from tests.support.present import present

PLAYERS, SEED = 3, 1  # a short full game with clashes, and a move where only the leader can still act
PHASES = {"roll", "move", "place_leader", "game_over"}

Views = list[ArditiView]


@pytest.fixture(scope="module")
def states(playout_corpus: PlayoutCorpus) -> list[dict[str, Any]]:
    return list(playout_corpus.play("arditi", PLAYERS, {}, SEED).states)


@pytest.fixture(scope="module")
def views(states: list[dict[str, Any]]) -> Views:
    return [GAME.view(state, None) for state in states]


def advances(view: ArditiView) -> bool:
    """The march can still step or jump (the view's own list of moves)."""
    return any(move["type"] in ("step", "jump") for move in view["moves"])


def test_the_game_goes_through_every_phase(views: Views) -> None:
    """The seeded game shows every phase, and a move where the march cannot advance but its leader can attack."""
    assert {view["phase"] for view in views} == PHASES
    assert any(view["phase"] == "move" and not advances(view) for view in views)


def test_every_public_view_has_a_moment_worded_everywhere(views: Views) -> None:
    """Every view gets a moment whose purpose and rule read whole in all four languages, from a rules heading."""
    check_every_moment("arditi", GUIDE, views, "phase")


def test_every_legal_action_has_words(states: list[dict[str, Any]]) -> None:
    """Every action the engine lists in the game has words in all four languages, every declared type is met."""
    assert worded_actions(GAME, GUIDE, states) == set(GAME.actions.types)


def test_each_action_type_has_its_own_words() -> None:
    """No two action types share words: each group of buttons is explained for what it does."""
    ids = [GUIDE.action({"type": kind})[0] for kind in GAME.actions.types]
    assert len(set(ids)) == len(ids)


def test_the_roll_a_move_and_placing_a_leader_say_different_things(views: Views) -> None:
    """The roll, the steps of a move and an attacked leader's placing have different purposes, each saying what
    the view shows: the round, the steps left of the die, the clash's space and the attacked player."""
    roll = next(view for view in views if view["phase"] == "roll" and view["round"] > 1)
    move = next(view for view in views if view["phase"] == "move" and view["steps_left"] == 2 and advances(view))
    placing = next(view for view in views if view["phase"] == "place_leader")
    told = {}
    for view in (roll, move, placing):
        moment = GUIDE.moment(view)
        told[view["phase"]] = english(moment.purpose, moment.params)
    assert len(set(told.values())) == 3
    assert told["roll"].startswith("Roll") and f"round {roll['round']}" in told["roll"]
    assert told["move"].startswith("Move") and f"showed {move['die']}" in told["move"]
    assert "2 steps left" in told["move"]
    victim = words("en").msg("core.seat_number", number=present(placing["placing"])["seat"] + 1)
    assert f"space {present(placing['placing'])['from']}" in told["place_leader"]
    assert f"the march of {victim}, who now puts their leader" in told["place_leader"]
    assert english(GUIDE.moment(placing).section, {}) == "Clashes"


def test_a_march_that_cannot_advance_hears_about_its_leader(views: Views) -> None:
    """When the view lists no step nor jump, the moment explains the leader's attack, not the steps."""
    stuck = next(view for view in views if view["phase"] == "move" and not advances(view))
    stepping = next(view for view in views if view["phase"] == "move" and advances(view))
    assert GUIDE.moment(stuck).purpose != GUIDE.moment(stepping).purpose
    moment = GUIDE.moment(stuck)
    assert "leader" in english(moment.rule, moment.params)
    assert "cannot step" in english(moment.purpose, moment.params)


def test_the_sections_are_clean_headings() -> None:
    """The rules heading the steps come from carries no annotation, so a reader finds it by its words."""
    assert "The march moves tail-to-front" in rule_headings("arditi")
