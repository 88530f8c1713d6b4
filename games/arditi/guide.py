"""Arditi del Popolo's "What now?" words (games/core/guide.py): the roll, the steps of a move, a
leader's attack, placing an attacked leader and the end, with the rule behind each (rules/arditi.md).

Keyed only on what the public view says (`phase`, `die`, `steps_left`, `moves`, `placing`); the words
are in arditi.po.
"""

from __future__ import annotations

from typing import Any

from games.arditi.view_types import ArditiView
from games.core.guide import Guide, Moment
from games.core.messages import N_, NP_, seat_ref
from games.core.protocol import Action

# The sections of rules/arditi.md each moment's rule comes from: message ids whose English words are headings.
TURN_SECTION = N_("arditi.guide.section.a_turn")
MARCH_SECTION = N_("arditi.guide.section.tail_to_front")
CLASH_SECTION = N_("arditi.guide.section.clashes")
SCORING_SECTION = N_("arditi.guide.section.end_and_scoring")

# One word per action type: the bot groups a seat's actions by type (`group_key`), so the words of a
# type cover all its variants (every direction of a step, every attack).
ACTION_WORDS: dict[str, str] = {
    "roll": N_("arditi.guide.do.roll"),
    "step": N_("arditi.guide.do.step"),
    "jump": N_("arditi.guide.do.jump"),
    "leader_move": N_("arditi.guide.do.leader_move"),
    "end_move": N_("arditi.guide.do.end_move"),
    "place_leader": N_("arditi.guide.do.place_leader"),
}

ADVANCES = ("step", "jump")  # the moves that take the march forward (a leader move only attacks)


class ArditiGuide:
    def moment(self, public_view: ArditiView) -> Moment:
        view = public_view
        phase = view["phase"]
        if phase == "roll":
            return Moment(N_("arditi.guide.roll"), N_("arditi.guide.rule.roll"), TURN_SECTION,
                          {"round": view["round"]})
        if phase == "move":
            params = {"round": view["round"], "die": view["die"], "count": view["steps_left"]}
            if any(move["type"] in ADVANCES for move in view["moves"]):
                return Moment(NP_("arditi.guide.move"), N_("arditi.guide.rule.move"), MARCH_SECTION, params)
            # No step nor jump is left, yet the move goes on: only because the leader can still attack.
            return Moment(NP_("arditi.guide.attack_only"), N_("arditi.guide.rule.leader_move"), MARCH_SECTION,
                          params)
        if phase == "place_leader":
            placing = view["placing"]
            assert placing is not None  # an attacked player chooses
            return Moment(N_("arditi.guide.place_leader"), N_("arditi.guide.rule.place_leader"), CLASH_SECTION,
                          {"attacker": seat_ref(placing["attacker"]), "victim": seat_ref(placing["seat"]),
                           "space": placing["from"]})
        if phase == "game_over":
            return Moment(N_("arditi.guide.game_over"), N_("arditi.guide.rule.game_over"), SCORING_SECTION)
        raise ValueError(f"arditi: no guide for the phase {phase!r}")

    def action(self, action: Action) -> tuple[str, dict[str, Any]]:
        return ACTION_WORDS[str(action.get("type"))], {}


GUIDE: Guide[ArditiView] = ArditiGuide()  # typed as the contract, so mypy checks that it keeps to it

__all__ = ["ACTION_WORDS", "GUIDE", "ArditiGuide"]
