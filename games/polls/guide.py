"""The Polls Are Closed's "What now?" words (games/core/guide.py): each step of a turn, the double
roll's choices, the national poll and the end, with the rule that governs them (rules/polls.md).

Keyed only on what the public view says (`step`, `pending`, `poll`); the words are in polls.po.
"""

from __future__ import annotations

from typing import Any

from games.core.guide import Guide, Moment
from games.core.messages import N_, NP_
from games.core.protocol import Action
from games.polls.view_types import Pending, PollsView

# The sections of rules/polls.md each moment's rule comes from: message ids whose English words are headings.
ACTIONS_SECTION = N_("polls.guide.section.actions")
INFLUENCE_SECTION = N_("polls.guide.section.influence_step")
ROUND_END_SECTION = N_("polls.guide.section.end_of_a_round")
SCORING_SECTION = N_("polls.guide.section.end_and_scoring")

# One word per action type: the bot groups a seat's actions by type (`group_key`), so the words of a
# type cover all its variants (circle A and B+C, taking the 7 or not).
ACTION_WORDS: dict[str, str] = {
    "propaganda": N_("polls.guide.do.propaganda"),
    "double_propaganda": N_("polls.guide.do.double_propaganda"),
    "take_seven": N_("polls.guide.do.take_seven"),
    "place_die": N_("polls.guide.do.place_die"),
    "pact": N_("polls.guide.do.pact"),
    "shift": N_("polls.guide.do.shift"),
    "influence": N_("polls.guide.do.influence"),
    "end_turn": N_("polls.guide.do.end_turn"),
    "poll_influence": N_("polls.guide.do.poll_influence"),
    "concede": N_("polls.guide.do.concede"),
}


class PollsGuide:
    def moment(self, public_view: PollsView) -> Moment:
        view = public_view
        step = view["step"]
        clock = {"round": view["round"], "rounds": view["rounds"], "turn": view["turn"],
                 "turns": view["turns_in_round"]}
        if step == "actions":
            return Moment(NP_("polls.guide.actions"), N_("polls.guide.rule.actions"), ACTIONS_SECTION,
                          {**clock, "count": view["actions_left"]})
        if step in ("seven", "order"):
            assert view["pending"] is not None  # a roll waits for its player's choice
            return self._double_roll(view["pending"], clock)
        if step == "influence":
            return Moment(N_("polls.guide.influence"), N_("polls.guide.rule.influence"), INFLUENCE_SECTION, clock)
        if step == "poll":
            poll = view["poll"]
            assert poll is not None and poll["seat"] is not None  # a player places poll Influence
            return Moment(NP_("polls.guide.poll"), N_("polls.guide.rule.poll"), ROUND_END_SECTION,
                          {"round": view["round"], "count": poll["left"][poll["seat"]]})
        if step == "game_over":
            return Moment(N_("polls.guide.game_over"), N_("polls.guide.rule.game_over"), SCORING_SECTION,
                          {"majority": view["seats_projection"]["majority"]})
        raise ValueError(f"polls: no guide for the step {step!r}")

    @staticmethod
    def _double_roll(pending: Pending, clock: dict[str, Any]) -> Moment:
        first, second = pending["dice"]
        params = {**clock, "first": first, "second": second}
        if pending["stage"] == "order":
            return Moment(N_("polls.guide.order"), N_("polls.guide.rule.order"), ACTIONS_SECTION, params)
        if pending["circle"] == "A":
            return Moment(N_("polls.guide.seven_a"), N_("polls.guide.rule.seven"), ACTIONS_SECTION,
                          {**params, "target": pending["seven_target"]})
        return Moment(N_("polls.guide.seven_bc"), N_("polls.guide.rule.seven"), ACTIONS_SECTION, params)

    def action(self, action: Action) -> tuple[str, dict[str, Any]]:
        return ACTION_WORDS[str(action.get("type"))], {}


GUIDE: Guide[PollsView] = PollsGuide()  # typed as the contract, so mypy checks that it keeps to it

__all__ = ["ACTION_WORDS", "GUIDE", "PollsGuide"]
