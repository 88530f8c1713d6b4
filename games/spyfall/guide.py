"""Spyfall's words for "❓ What now?" (games/core/guide.py): each phase, what it is for, and its rule.

Only the public view is read: while a round runs it holds no card, and the moment never names who waits
but the asker (the engine's `to_act` keeps the spy among the seats to act, since the spy may always
reveal; saying so would unmask the spy).
"""

from __future__ import annotations

from typing import Any

from games.core.guide import Guide, Moment
from games.core.messages import N_, MessageFamily, seat_ref
from games.core.protocol import Action
from games.spyfall.view_types import SpyfallView

# Sections of docs/rules/spyfall.md: message ids whose English words are headings.
A_ROUND = N_("spyfall.guide.section.a_round")
HOW_A_ROUND_ENDS = N_("spyfall.guide.section.how_a_round_ends")
SCORING = N_("spyfall.guide.section.scoring")
VOTES = N_("spyfall.guide.section.votes_in_detail")

ACTION_WORDS = MessageFamily("spyfall.guide.action", (
    "start_round", "ask", "accuse", "vote", "reveal", "guess", "leave", "timeout",
))


class SpyfallGuide:
    def moment(self, public_view: SpyfallView) -> Moment:
        view = public_view
        phase = view["phase"]
        rounds = {"round": view["round"], "rounds": view["rounds"]}
        if phase == "lobby":
            return Moment(N_("spyfall.guide.lobby"), N_("spyfall.guide.rule.deal"), A_ROUND)
        if phase == "playing":
            asker = view["asker"]
            return Moment(N_("spyfall.guide.playing"), N_("spyfall.guide.rule.playing"), HOW_A_ROUND_ENDS,
                          {**rounds, "asker": seat_ref(asker) if asker is not None else "—"},
                          waiting=(asker,) if asker is not None else ())
        vote = view["vote"]
        if phase == "accusation":
            assert vote is not None and vote["accuser"] is not None  # an accusation is voted on
            return Moment(N_("spyfall.guide.accusation"), N_("spyfall.guide.rule.accusation"), HOW_A_ROUND_ENDS,
                          {"accuser": seat_ref(vote["accuser"]), "suspect": seat_ref(vote["suspect"])})
        if phase == "final_vote":
            assert vote is not None
            return Moment(N_("spyfall.guide.final_vote"), N_("spyfall.guide.rule.final_vote"), VOTES,
                          {"suspect": seat_ref(vote["suspect"])})
        if phase == "spy_guess":
            assert view["spy_revealed"] is not None  # the spy revealed themselves to guess
            return Moment(N_("spyfall.guide.spy_guess"), N_("spyfall.guide.rule.spy_guess"), SCORING,
                          {"spy": seat_ref(view["spy_revealed"])})
        if phase == "round_over":
            if view["open_start"]:
                return Moment(N_("spyfall.guide.round_over_open"), N_("spyfall.guide.rule.round_over"), VOTES,
                              rounds)
            return Moment(N_("spyfall.guide.round_over"), N_("spyfall.guide.rule.round_over"), VOTES,
                          {**rounds, "dealer": seat_ref(view["dealer"])})
        return Moment(N_("spyfall.guide.game_over"), N_("spyfall.guide.rule.game_over"), SCORING, rounds)

    def action(self, action: Action) -> tuple[str, dict[str, Any]]:
        return ACTION_WORDS[action["type"]], {}


GUIDE: Guide[SpyfallView] = SpyfallGuide()
