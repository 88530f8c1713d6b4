"""Every game's guide ("❓ What now?", games/<id>/guide.py) over one short seeded playout: each public view gets a
moment worded in the four catalogs and sourced from a heading of docs/rules/<game>.md, read from the public view
alone, and every kind of action a seat may take gets words."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from games import GAME_IDS, REGISTRY
from games.core.guide import Guide, Moment, group_key, guide_of
from games.core.playout import Playout, play
from games.core.protocol import Action, Game
from tests.games.guide_checks import moment_problems, wording_problems

# One short game each (seats, options, seed): enough seats and rounds to reach most phases (Spyfall's seven,
# a Som game that does not collapse at once), few enough actions to stay quick.
SHORT: dict[str, tuple[int, dict[str, Any], int]] = {
    "spyfall": (4, {"rounds": 2, "minutes": 3, "vote_seconds": 15}, 3),
    "polls": (2, {}, 3),
    "arditi": (4, {"max_rounds": 8}, 3),
    "som": (3, {"mode": "B"}, 2),
    "junta": (4, {}, 3),
}
MAX_ACTIONS = 300
ACTIONS_EVERY = 4  # the seats' legal actions are worded at every so many states (and each phase's first)


@cache
def short_playout(game_id: str) -> Playout:
    players, options, seed = SHORT.get(game_id, (REGISTRY[game_id].min_players, {}, 3))
    return play(REGISTRY[game_id], players, options, seed, quit_odds=0.0, max_actions=MAX_ACTIONS, partial=True)


def the_guide(game_id: str) -> Guide:
    guide = guide_of(game_id)
    assert guide is not None, f"games/{game_id}/guide.py has no GUIDE"
    return guide


def check_worded(message_id: str, params: dict[str, Any], where: str) -> None:
    """The id reads whole in all four catalogs with these parameters."""
    problems = wording_problems(message_id, params)
    assert not problems, f"{where}: {problems}"


def check_moment(game: Game, guide: Guide, state: Any) -> Moment:
    """The public view's moment: worded, sourced from the rules, read from the view alone, waiting on seats the
    engine lists."""
    public = game.view(state, None)
    kept = copy.deepcopy(public)
    moment = guide.moment(public)
    where = f"{game.id} phase {public.get('phase')!r}"
    assert public == kept, f"{where}: the guide changed the view"
    assert guide.moment(json.loads(json.dumps(public))) == moment, f"{where}: the moment is not the view's"
    json.dumps(moment.params)  # JSON values only, as for a refusal
    problems = moment_problems(game.id, moment)  # worded in the four catalogs, sourced from a heading of the rules
    assert not problems, f"{where}: {problems}"
    if moment.waiting is not None:
        assert set(moment.waiting) <= game.to_act(state), f"{where}: waits on {moment.waiting}, not all to act"
    return moment


def check_actions(game: Game, guide: Guide, state: Any, n_seats: int) -> set[str]:
    """Every kind of action a seat may take now has words; the kinds met."""
    met: set[str] = set()
    for seat in range(n_seats):
        first: dict[str, Action] = {}
        for action in game.legal_actions(state, seat):
            first.setdefault(group_key(action), action)
        for key, action in first.items():
            message_id, params = guide.action(action)
            json.dumps(params)
            check_worded(message_id, params, f"{game.id} action {key!r}")
        met |= set(first)
    return met


def sampled(playout: Playout) -> list[int]:
    """The states whose legal actions are worded: every few, and the first of each phase."""
    picked, phases = [], set()
    for index, state in enumerate(playout.states):
        phase = json.dumps(state.get("phase"), sort_keys=True, default=str) if isinstance(state, dict) else None
        if index % ACTIONS_EVERY == 0 or phase not in phases:
            picked.append(index)
        phases.add(phase)
    return picked


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_guide(game_id: str) -> None:
    """games/<id>/guide.py exports GUIDE, with a moment and action words."""
    guide = the_guide(game_id)
    assert callable(getattr(guide, "moment", None)) and callable(getattr(guide, "action", None))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_public_view_has_a_worded_moment(game_id: str) -> None:
    """Each state of a short playout: its public view's moment has ids in the four catalogs and a section of the
    game's rules, depends on the public view only, and its words fill every placeholder."""
    guide = the_guide(game_id)
    playout = short_playout(game_id)
    purposes = {check_moment(playout.game, guide, state).purpose for state in playout.states}
    assert len(purposes) > 1, "one moment over a whole playout: the guide tells no phase apart"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_action_kind_has_words(game_id: str) -> None:
    """The seats' legal actions met in a short playout: every kind is worded in the four catalogs."""
    guide = the_guide(game_id)
    playout = short_playout(game_id)
    met: set[str] = set()
    for index in sampled(playout):
        met |= check_actions(playout.game, guide, playout.states[index], playout.players)
    assert met


class Broken:
    """Spyfall's guide with one flaw at a time, to show the checks catch it."""

    def __init__(self, flaw: str) -> None:
        self.flaw = flaw
        self.real = the_guide("spyfall")

    def moment(self, public_view: dict[str, Any]) -> Moment:
        found = self.real.moment(public_view)
        if self.flaw == "section":
            return Moment(found.purpose, found.rule, "Strategy tips", found.params)
        if self.flaw == "id":
            return Moment("spyfall.guide.nowhere", found.rule, found.section, found.params)
        if self.flaw == "params":
            return Moment(found.purpose, found.rule, found.section, {})
        if self.flaw == "private":
            return Moment(found.purpose, found.rule, found.section, {**found.params, "seen": id(public_view)})
        return found

    def action(self, action: Action) -> tuple[str, dict[str, Any]]:
        return ("spyfall.guide.action.nothing", {}) if self.flaw == "action" else self.real.action(action)


@pytest.mark.parametrize("flaw", ["section", "id", "params", "private"])
def test_the_moment_checks_catch_a_flawed_guide(flaw: str) -> None:
    """A section the rules lack, an id the catalogs lack, a placeholder left unfilled, a moment that depends on
    more than the view's contents: each fails the check."""
    playout = short_playout("spyfall")
    state = next(s for s in playout.states if s["phase"] == "playing")
    check_moment(playout.game, the_guide("spyfall"), state)
    with pytest.raises(AssertionError):
        check_moment(playout.game, Broken(flaw), state)


def test_the_action_checks_catch_missing_words() -> None:
    """An action worded by an id the catalogs lack fails the check."""
    playout = short_playout("spyfall")
    state = next(s for s in playout.states if s["phase"] == "playing")
    with pytest.raises(AssertionError):
        check_actions(playout.game, Broken("action"), state, playout.players)
