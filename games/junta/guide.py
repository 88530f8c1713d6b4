"""Junta's "❓ What now?" words (games/core/guide.py): the moment the public view shows, what it is for,
the rule that governs it, and what each kind of action does.

A moment is keyed on what the public view already says: the view's `decision` (its `kind`), refined only
by public facts the same view holds — the vote's motion (an election, the first one without office votes,
a budget, the alternative budget, no confidence), a card window's timing, a tie-break's motion, why a
victim faces death, the coup's phase, whether the budget is the alternative one. Every rule line points at
a heading of docs/rules/junta.md; none of the rules is computed here.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.guide import Guide, Moment
from games.core.guide import MomentWords as Words  # the table below names it often
from games.core.messages import N_, msg
from games.core.protocol import Action
from games.junta.view_types import JuntaView

# Sections of docs/rules/junta.md the guide points at: message ids whose English words are the headings.
ELECTION: Final = N_("junta.guide.section.presidential_election")
MOTIONS: Final = N_("junta.guide.section.motions")
JUNTA_ELECTION: Final = N_("junta.guide.section.junta_election")
WINDOWS: Final = N_("junta.guide.section.card_windows")
BUDGET: Final = N_("junta.guide.section.budget")
COUP_START: Final = N_("junta.guide.section.coup")
AFTER_COUP: Final = N_("junta.guide.section.after_coup")
COMBAT: Final = N_("junta.guide.section.combat_segment")
RETREAT: Final = N_("junta.guide.section.retreat")
LOCATIONS: Final = N_("junta.guide.section.locations")
DECLARATIONS: Final = N_("junta.guide.section.declarations")
RESOLUTION: Final = N_("junta.guide.section.resolution")
RETURN: Final = N_("junta.guide.section.return_from_exile")
MOVEMENT: Final = N_("junta.guide.section.movement_segment")

# Rules that govern several moments.
WINDOW_RULE: Final = N_("junta.guide.rule.window")
ELECTION_RULE: Final = N_("junta.guide.rule.election")
BUDGET_VOTE_RULE: Final = N_("junta.guide.rule.budget_vote")
PROTECTION_RULE: Final = N_("junta.guide.rule.protection")

MOMENTS: Final[dict[str, Words]] = {
    # --- votes (§4) -----------------------------------------------------------------------------------
    "vote_first_election": Words(N_("junta.guide.vote_first_election"), N_("junta.guide.rule.first_election"),
                                 ELECTION),
    "vote_election": Words(N_("junta.guide.vote_election"), ELECTION_RULE, ELECTION),
    "candidacy": Words(N_("junta.guide.candidacy"), N_("junta.guide.rule.candidacy"), ELECTION),
    "vote_budget": Words(N_("junta.guide.vote_budget"), BUDGET_VOTE_RULE, MOTIONS),
    "vote_alt_budget": Words(N_("junta.guide.vote_alt_budget"), BUDGET_VOTE_RULE, MOTIONS),
    "vote_no_confidence": Words(N_("junta.guide.vote_no_confidence"), N_("junta.guide.rule.no_confidence"),
                                MOTIONS),
    "tiebreak_budget": Words(N_("junta.guide.tiebreak_budget"), BUDGET_VOTE_RULE, MOTIONS),
    "tiebreak_junta": Words(N_("junta.guide.tiebreak_junta"), N_("junta.guide.rule.junta_tie"), JUNTA_ELECTION),
    # --- card windows (§4.5) --------------------------------------------------------------------------
    "window_PHASE2_START": Words(N_("junta.guide.window_PHASE2_START"), WINDOW_RULE, WINDOWS),
    "window_BUDGET_REJECTED": Words(N_("junta.guide.window_BUDGET_REJECTED"), N_("junta.guide.rule.budget_rejected"),
                                    BUDGET),
    "window_AFTER_ROUND_1": Words(N_("junta.guide.window_AFTER_ROUND_1"), WINDOW_RULE, WINDOWS),
    "window_AFTER_ROUND_2": Words(N_("junta.guide.window_AFTER_ROUND_2"), WINDOW_RULE, WINDOWS),
    "window_BEFORE_BANKING": Words(N_("junta.guide.window_BEFORE_BANKING"), N_("junta.guide.rule.bank_holiday"),
                                   N_("junta.guide.section.after_resolution")),
    "window_BEFORE_COUP": Words(N_("junta.guide.window_BEFORE_COUP"), N_("junta.guide.rule.pretext"), COUP_START),
    # --- the political turn (§6) ----------------------------------------------------------------------
    "hand_limit": Words(N_("junta.guide.hand_limit"), N_("junta.guide.rule.hand_limit"),
                        N_("junta.guide.section.draw_cards")),
    "assign": Words(N_("junta.guide.assign"), N_("junta.guide.rule.assign"), N_("junta.guide.section.holding_limits")),
    "budget_propose": Words(N_("junta.guide.budget_propose"), N_("junta.guide.rule.payable"),
                            N_("junta.guide.section.budget_payability")),
    "budget_propose_alt": Words(N_("junta.guide.budget_propose_alt"), N_("junta.guide.rule.alt_budget"), BUDGET),
    "budget_pay": Words(N_("junta.guide.budget_pay"), N_("junta.guide.rule.pay_budget"), BUDGET),
    "budget_occupy": Words(N_("junta.guide.budget_occupy"), N_("junta.guide.rule.occupy"), BUDGET),
    "budget_keep": Words(N_("junta.guide.budget_keep"), N_("junta.guide.rule.keep_note"), BUDGET),
    "locations": Words(N_("junta.guide.locations"), N_("junta.guide.rule.locations"), LOCATIONS),
    "declarations": Words(N_("junta.guide.declarations"), N_("junta.guide.rule.declarations"), DECLARATIONS),
    "protect_attempt": Words(N_("junta.guide.protect_attempt"), PROTECTION_RULE, RESOLUTION),
    "protect_backfire": Words(N_("junta.guide.protect_backfire"), N_("junta.guide.rule.backfire"),
                              RESOLUTION),
    "protect_returnee": Words(N_("junta.guide.protect_returnee"), PROTECTION_RULE, RETURN),
    "surrender": Words(N_("junta.guide.surrender"), N_("junta.guide.rule.burglary"), RESOLUTION),
    "exile_poll": Words(N_("junta.guide.exile_poll"), N_("junta.guide.rule.exile_poll"),
                        N_("junta.guide.section.after_resolution")),
    "return": Words(N_("junta.guide.return"), N_("junta.guide.rule.safe_return"), RETURN),
    "influence_discard": Words(N_("junta.guide.influence_discard"), N_("junta.guide.rule.influence"),
                               N_("junta.guide.section.vote_sources")),
    "banking": Words(N_("junta.guide.banking"), N_("junta.guide.rule.banking"), N_("junta.guide.section.banking")),
    "banking_lunch": Words(N_("junta.guide.banking_lunch"), N_("junta.guide.rule.lunch"), AFTER_COUP),
    "coup_poll": Words(N_("junta.guide.coup_poll"), N_("junta.guide.rule.coup_start"), COUP_START),
    # The shorter game's option asks for both a pretext and the headquarters (§6.8, §10): another rule line.
    "coup_poll_strict": Words(N_("junta.guide.coup_poll"), N_("junta.guide.rule.coup_start_strict"), COUP_START),
    "firing_squad": Words(N_("junta.guide.firing_squad"), N_("junta.guide.rule.firing_squad"), AFTER_COUP),
    "squad": Words(N_("junta.guide.squad"), N_("junta.guide.rule.squad"), AFTER_COUP),
    "junta": Words(N_("junta.guide.junta"), N_("junta.guide.rule.junta"), JUNTA_ELECTION),
    # --- the coup (§8) --------------------------------------------------------------------------------
    "coup_move_rebellion": Words(N_("junta.guide.coup_move_rebellion"), N_("junta.guide.rule.rebellion"),
                                 N_("junta.guide.section.rebels_and_loyalists")),
    "coup_move": Words(N_("junta.guide.coup_move"), N_("junta.guide.rule.movement"), MOVEMENT),
    "coup_proposal": Words(N_("junta.guide.coup_proposal"), N_("junta.guide.rule.end_coup"),
                           N_("junta.guide.section.coup_agreement")),
    "coup_reaction": Words(N_("junta.guide.coup_reaction"), N_("junta.guide.rule.police_reaction"),
                           N_("junta.guide.section.police_reaction")),
    "coup_declare": Words(N_("junta.guide.coup_declare"), N_("junta.guide.rule.attack"), COMBAT),
    "coup_order": Words(N_("junta.guide.coup_order"), N_("junta.guide.rule.combat_order"), COMBAT),
    "coup_fire": Words(N_("junta.guide.coup_fire"), N_("junta.guide.rule.waves"), COMBAT),
    "coup_casualties": Words(N_("junta.guide.coup_casualties"), N_("junta.guide.rule.casualties"), COMBAT),
    "coup_stay": Words(N_("junta.guide.coup_stay"), N_("junta.guide.rule.stay"), RETREAT),
    "coup_retreat": Words(N_("junta.guide.coup_retreat"), N_("junta.guide.rule.retreat"), RETREAT),
    "coup_sides": Words(N_("junta.guide.coup_sides"), N_("junta.guide.rule.sides"),
                        N_("junta.guide.section.choosing_sides")),
    # --- no decision of its own ------------------------------------------------------------------------
    "over": Words(N_("junta.guide.over"), N_("junta.guide.rule.winner"), N_("junta.guide.section.end_of_the_game")),
}

# Words for a decision the keys above do not know (a kind added to the engine later): the coup's, or the
# turn's. They are honest for any moment of the coup or of the turn, but name no decision.
COUP_FALLBACK: Final = Words(N_("junta.guide.coup"), N_("junta.guide.rule.coup"), "8.1 Overview")
TURN_FALLBACK: Final = Words(N_("junta.guide.turn"), N_("junta.guide.rule.turn"), "6. The political turn")

# The coup's phases by number, as a moment of the coup names them ({coup_phase}).
COUP_PHASES: Final = (N_("junta.guide.coup_phase.0"), N_("junta.guide.coup_phase.1"), N_("junta.guide.coup_phase.2"),
                      N_("junta.guide.coup_phase.3"), N_("junta.guide.coup_phase.4"), N_("junta.guide.coup_phase.5"),
                      N_("junta.guide.coup_phase.6"))

# What each kind of action does, by action type (every type of games/junta/actions.py).
ACTIONS: Final[dict[str, str]] = {
    # §12.1 at any time
    "give_money": N_("junta.guide.do.give_money"),
    "discard_money": N_("junta.guide.do.discard_money"),
    "give_card": N_("junta.guide.do.give_card"),
    "discard_card": N_("junta.guide.do.discard_card"),
    "offer_swap": N_("junta.guide.do.offer_swap"),
    "answer_swap": N_("junta.guide.do.answer_swap"),
    "confirm_swap": N_("junta.guide.do.confirm_swap"),
    "cancel_swap": N_("junta.guide.do.cancel_swap"),
    "play_card": N_("junta.guide.do.play_card"),
    "ready": N_("junta.guide.do.ready"),
    "resign": N_("junta.guide.do.resign"),
    "claim_cousin_office": N_("junta.guide.do.claim_cousin_office"),
    "return_from_exile": N_("junta.guide.do.return_from_exile"),
    "kill_returnee": N_("junta.guide.do.kill_returnee"),
    # §12.2 votes
    "nominate": N_("junta.guide.do.nominate"),
    "cast_vote": N_("junta.guide.do.cast_vote"),
    "pass_vote": N_("junta.guide.do.pass_vote"),
    "accept_candidacy": N_("junta.guide.do.accept_candidacy"),
    "refuse_candidacy": N_("junta.guide.do.refuse_candidacy"),
    "break_tie": N_("junta.guide.do.break_tie"),
    "junta_vote": N_("junta.guide.do.junta_vote"),
    # §12.3 political phases
    "assign_offices": N_("junta.guide.do.assign_offices"),
    "propose_budget": N_("junta.guide.do.propose_budget"),
    "pay_budget": N_("junta.guide.do.pay_budget"),
    "occupy_parliament": N_("junta.guide.do.occupy_parliament"),
    "keep_note": N_("junta.guide.do.keep_note"),
    "choose_location": N_("junta.guide.do.choose_location"),
    "go_into_exile": N_("junta.guide.do.go_into_exile"),
    "declare_assassination": N_("junta.guide.do.declare_assassination"),
    "end_declarations": N_("junta.guide.do.end_declarations"),
    "decline_protection": N_("junta.guide.do.decline_protection"),
    "surrender_notes": N_("junta.guide.do.surrender_notes"),
    "stay_in_exile": N_("junta.guide.do.stay_in_exile"),
    "choose_influence_discard": N_("junta.guide.do.choose_influence_discard"),
    "deposit": N_("junta.guide.do.deposit"),
    "withdraw": N_("junta.guide.do.withdraw"),
    "end_banking": N_("junta.guide.do.end_banking"),
    "start_coup": N_("junta.guide.do.start_coup"),
    "decline_coup": N_("junta.guide.do.decline_coup"),
    "firing_squad": N_("junta.guide.do.firing_squad"),
    # §12.4 the coup
    "move_units": N_("junta.guide.do.move_units"),
    "move_helicopter": N_("junta.guide.do.move_helicopter"),
    "land_paratrooper": N_("junta.guide.do.land_paratrooper"),
    "land_marines": N_("junta.guide.do.land_marines"),
    "transfer_units": N_("junta.guide.do.transfer_units"),
    "police_reaction": N_("junta.guide.do.police_reaction"),
    "end_movement": N_("junta.guide.do.end_movement"),
    "grant_safe_conduct": N_("junta.guide.do.grant_safe_conduct"),
    "propose_end_coup": N_("junta.guide.do.propose_end_coup"),
    "answer_end_coup": N_("junta.guide.do.answer_end_coup"),
    "declare_attack": N_("junta.guide.do.declare_attack"),
    "declare_bombardment": N_("junta.guide.do.declare_bombardment"),
    "end_declaration": N_("junta.guide.do.end_declaration"),
    "set_combat_order": N_("junta.guide.do.set_combat_order"),
    "fire": N_("junta.guide.do.fire"),
    "hold_fire": N_("junta.guide.do.hold_fire"),
    "choose_casualties": N_("junta.guide.do.choose_casualties"),
    "allow_stay": N_("junta.guide.do.allow_stay"),
    "permit_retreat": N_("junta.guide.do.permit_retreat"),
    "retreat": N_("junta.guide.do.retreat"),
    "choose_side": N_("junta.guide.do.choose_side"),
    # §10 the game master's own steps (never a player's button, but a listed action all the same)
    "start_clock": N_("junta.guide.do.start_clock"),
    "timeout": N_("junta.guide.do.timeout"),
}
# An action type nobody has words for yet: said as "an action of this moment", never left unworded.
OTHER_ACTION: Final = N_("junta.guide.do.other")


def moment_key(view: JuntaView) -> str:
    """Which of MOMENTS the public view shows (a key of MOMENTS, or a decision kind it does not know)."""
    decision = view["decision"]
    if decision is None:
        return "over" if view["result"] is not None else "turn"
    kind = decision["kind"]
    pending = view["pending"]
    if kind == "vote":
        vote = view["vote"]
        assert vote is not None  # a voting turn
        if vote["motion"] == "election":
            # Only the first election goes without office votes (§4.1): its tie deals new hands (§4.2).
            return "vote_election" if vote["office_votes"] else "vote_first_election"
        return f"vote_{vote['motion']}"
    if kind == "window" and pending is not None:
        return f"window_{pending.get('timing')}"
    if kind == "tiebreak":
        return "tiebreak_junta" if pending is not None and pending.get("motion") == "junta" else "tiebreak_budget"
    if kind == "protect" and pending is not None:
        return f"protect_{pending.get('cause')}"
    if kind == "banking" and view["phase"] == 9:
        return "banking_lunch"
    budget, coup = view["budget"], view["coup"]
    if kind == "budget_propose" and budget is not None and budget["alternative"] is not None:
        return "budget_propose_alt"
    if kind == "coup_poll" and view["options"].get("coup_needs_hq_and_pretext"):
        return "coup_poll_strict"
    if kind == "coup_move" and coup is not None and coup["phase"] == 0:
        return "coup_move_rebellion"
    return kind


def _params(view: JuntaView) -> dict[str, Any]:
    """The parameters every moment's words may use, all read from the public view."""
    params: dict[str, Any] = {}
    vote = view.get("vote")
    if vote is not None:
        params["round"] = int(vote["round"])
    coup = view.get("coup")
    if coup:
        phase = int(coup.get("phase", 0))
        params["coup_phase"] = msg(COUP_PHASES[phase]) if 0 <= phase < len(COUP_PHASES) else phase
    return params


class JuntaGuide:
    """Junta's guide: the words of each moment of the game and of each kind of action."""

    def moment(self, public_view: JuntaView) -> Moment:
        key = moment_key(public_view)
        words = MOMENTS.get(key)
        if words is None:
            words = COUP_FALLBACK if key.startswith("coup_") else TURN_FALLBACK
        return Moment(words.purpose, words.rule, words.section, _params(public_view))

    def action(self, action: Action) -> tuple[str, dict[str, Any]]:
        return ACTIONS.get(str(action.get("type", "")), OTHER_ACTION), {}


GUIDE: Final[Guide] = JuntaGuide()  # typed as the contract, so mypy checks the shape

__all__ = ["ACTIONS", "GUIDE", "MOMENTS", "JuntaGuide", "moment_key"]
