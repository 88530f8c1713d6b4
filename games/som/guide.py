"""Som el que decidim!'s "❓ What now?" words (games/core/guide.py): the moment the public view shows,
what it is for and the rule that governs it, and what each kind of action does.

Everything is read from the public view (docs/som-view.md): the decision awaited (`pending.type`),
and where they change what that decision means, the payment's reason, the landing's effect, the
vote's kind, the mode (elections cost a mossos disc in C, 3 € in A+C), the degree (what the State
collects) and a lone player's taxes. Sections are message ids whose English
words are headings of docs/rules/som.md.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.guide import Guide, Moment
from games.core.guide import MomentWords as Words  # the table below names it often
from games.core.messages import N_, NP_, msg, seat_ref
from games.core.protocol import Action
from games.som.cards import CARD_NAME
from games.som.view_types import SomView

SET_UP: Final = N_("som.guide.section.set_up")
DEGREE: Final = N_("som.guide.section.centralism_degree")
MONEY: Final = N_("som.guide.section.money")
TAXATION: Final = N_("som.guide.section.taxation")
COHESION: Final = N_("som.guide.section.cohesion")
ACTION: Final = N_("som.guide.section.citizen_action")
STATE_ACTS: Final = N_("som.guide.section.state_acts")
DISC_EFFECTS: Final = N_("som.guide.section.mode_b")
MODE_C: Final = N_("som.guide.section.mode_c")
ELECTIONS: Final = N_("som.guide.section.early_elections")
MOTION: Final = N_("som.guide.section.motion_of_censure")
END: Final = N_("som.guide.section.end_and_winners")


# Each moment the public view can show → its words. `moment_key` names the moment, `moment` adds the
# parameters; the test checks every key met in play has words of its own (FALLBACK aside).
MOMENTS: Final[dict[str, Words]] = {
    "place_start": Words(N_("som.guide.purpose.place_start"), N_("som.guide.rule.place_start"), SET_UP),
    "choose_centralism": Words(N_("som.guide.purpose.choose_centralism"), N_("som.guide.rule.degree"), DEGREE),
    "choose_centralism.solo": Words(N_("som.guide.purpose.choose_centralism"), N_("som.guide.rule.degree_solo"),
                                    DEGREE),
    "pay.tax": Words(N_("som.guide.purpose.pay_tax"), N_("som.guide.rule.tax"), TAXATION),
    "pay.tax.atc": Words(N_("som.guide.purpose.pay_tax"), N_("som.guide.rule.tax_atc"), TAXATION),
    "pay.tax.solo": Words(N_("som.guide.purpose.pay_tax"), N_("som.guide.rule.tax_solo"), TAXATION),
    "pay.health": Words(N_("som.guide.purpose.pay_health"), N_("som.guide.rule.health"), DISC_EFFECTS),
    "pay.justice": Words(N_("som.guide.purpose.pay_justice"), N_("som.guide.rule.justice"), DISC_EFFECTS),
    # A player chooses discs only when kinds matter, so never for the A+C elections' 3 €, and the
    # Hisenda pays transfers and economic capacity by itself: a plain payment is only a safety net.
    "pay": Words(N_("som.guide.purpose.pay"), N_("som.guide.rule.pay"), MONEY),
    "break_coin": Words(N_("som.guide.purpose.break_coin"), N_("som.guide.rule.change"), MONEY),
    "give_change": Words(N_("som.guide.purpose.give_change"), N_("som.guide.rule.change"), MONEY),
    "cohesion": Words(N_("som.guide.purpose.cohesion"), N_("som.guide.rule.cohesion"), COHESION),
    "cohesion.exchanges": Words(N_("som.guide.purpose.cohesion_exchanges"), N_("som.guide.rule.exchanges"),
                                DISC_EFFECTS),
    "move.first": Words(N_("som.guide.purpose.move_first"), N_("som.guide.rule.first_step"), ACTION),
    "move.more": Words(N_("som.guide.purpose.move_more"), N_("som.guide.rule.flags"), ACTION),
    "move.health": Words(N_("som.guide.purpose.move_health"), N_("som.guide.rule.health"), DISC_EFFECTS),
    "move.justice": Words(N_("som.guide.purpose.move_justice"), N_("som.guide.rule.justice"), DISC_EFFECTS),
    "protect_urn.medium": Words(NP_("som.guide.purpose.protect_urn"), N_("som.guide.rule.state_medium"),
                                STATE_ACTS),
    "protect_urn.high": Words(NP_("som.guide.purpose.protect_urn"), N_("som.guide.rule.state_high"), STATE_ACTS),
    "protect_urn.intense": Words(NP_("som.guide.purpose.protect_urn"), N_("som.guide.rule.state_intense"),
                                 STATE_ACTS),
    "sufragi.elections": Words(N_("som.guide.purpose.sufragi_elections"), N_("som.guide.rule.elections_cost"),
                               ELECTIONS),
    "sufragi.elections.ac": Words(N_("som.guide.purpose.sufragi_elections"),
                                  N_("som.guide.rule.elections_cost_ac"), ELECTIONS),
    "sufragi.motion": Words(N_("som.guide.purpose.sufragi_motion"), N_("som.guide.rule.motion"), MOTION),
    "stand": Words(N_("som.guide.purpose.stand"), N_("som.guide.rule.candidates"), ELECTIONS),
    "back.elections": Words(N_("som.guide.purpose.back_elections"), N_("som.guide.rule.elections_count"),
                            ELECTIONS),
    "back.motion": Words(N_("som.guide.purpose.back_motion"), N_("som.guide.rule.motion"), MOTION),
    "name_beneficiary": Words(N_("som.guide.purpose.name_beneficiary"), N_("som.guide.rule.beneficiary"), MOTION),
    "bid.elections": Words(NP_("som.guide.purpose.bid_elections"), N_("som.guide.rule.bids"), MODE_C),
    "bid.motion": Words(NP_("som.guide.purpose.bid_motion"), N_("som.guide.rule.bids"), MODE_C),
    "over.referendum": Words(N_("som.guide.purpose.over_referendum"), N_("som.guide.rule.over_referendum"), END),
    "over.intervened": Words(N_("som.guide.purpose.over_intervened"), N_("som.guide.rule.over_intervened"), END),
    "over.dui": Words(N_("som.guide.purpose.over_dui"), N_("som.guide.rule.over_dui"), END),
    # What nothing above names (a view from a newer engine): the holder's turn and its four phases.
    "turn": Words(N_("som.guide.purpose.turn"), N_("som.guide.rule.turn"), N_("som.guide.section.a_turn")),
}
FALLBACK: Final = "turn"
# Nobody can give change: the payer hands over one euro more in 2 € discs, whatever the payment is
# for, and that is the rule to know then (the purpose still says what the payment is for).
OVERPAY: Final = (N_("som.guide.rule.overpay"), MONEY)

# What each kind of action does; `use_disc_effect` and `back` read differently by what they carry.
DOES: Final[dict[str, str]] = {
    "place_start": N_("som.guide.do.place_start"),
    "choose_centralism": N_("som.guide.do.choose_centralism"),
    "pay": N_("som.guide.do.pay"),
    "break_coin": N_("som.guide.do.break_coin"),
    "give_change": N_("som.guide.do.give_change"),
    "redistribute": N_("som.guide.do.redistribute"),
    "use_disc_effect": N_("som.guide.do.exchange"),
    "move_citizen": N_("som.guide.do.move_citizen"),
    "stop_moving": N_("som.guide.do.stop_moving"),
    "protect_urn": N_("som.guide.do.protect_urn"),
    "call_elections": N_("som.guide.do.call_elections"),
    "motion_of_censure": N_("som.guide.do.motion_of_censure"),
    "decline_vote": N_("som.guide.do.decline_vote"),
    "stand": N_("som.guide.do.stand"),
    "back": N_("som.guide.do.back_candidate"),
    "name_beneficiary": N_("som.guide.do.name_beneficiary"),
    "bid": N_("som.guide.do.bid"),
}
LANDING_EFFECT: Final = {"health": N_("som.guide.do.health"), "justice": N_("som.guide.do.justice")}
BACK_SIDE: Final = N_("som.guide.do.back_side")
# Any other action type (none today): its words say only that it answers the moment.
DOES_FALLBACK: Final = N_("som.guide.do.other")


def party(who: Any) -> Any:
    """A payer or payee as a parameter: a player's name, or the Hisenda."""
    return msg("som.hisenda") if who == "hisenda" else seat_ref(who)


def moment_key(view: SomView) -> str:
    """Which of `MOMENTS` the public view shows."""
    pending = view["pending"]
    if pending is None:
        result = view["result"]
        key = f"over.{result['reason'] if result is not None else None}"
        return key if key in MOMENTS else FALLBACK
    waiting = pending["type"]
    if waiting == "choose_centralism":
        return "choose_centralism.solo" if view["n"] == 1 else waiting
    if waiting == "pay":
        payment = view["payment"]
        assert payment is not None  # a payment awaits the payer's choice
        if payment["reason"] == "tax":
            return "pay.tax.solo" if view["n"] == 1 else "pay.tax.atc" if view["atc_active"] else "pay.tax"
        key = f"pay.{payment['reason']}"
        return key if key in MOMENTS else "pay"
    if waiting == "cohesion":
        return "cohesion.exchanges" if view["effects"] else waiting
    if waiting == "move":
        landing = {effect["effect"] for effect in view["effects"]}
        # Only the holder's own landing on Euro per recepta or Impost de successions opens an effect.
        for effect in ("health", "justice"):
            if effect in landing:
                return f"move.{effect}"
        return "move.first" if pending.get("first_step") else "move.more"
    if waiting == "protect_urn":
        key = f"protect_urn.{view['degree']}"
        return key if key in MOMENTS else FALLBACK
    if waiting == "sufragi":
        if "call_elections" in pending.get("options", []):
            return "sufragi.elections.ac" if view["mode"] == "A+C" else "sufragi.elections"
        return "sufragi.motion"
    if waiting in ("back", "bid"):
        vote = view["vote"]
        assert vote is not None  # a vote is under way
        return f"{waiting}.{vote['kind']}"
    return waiting if waiting in MOMENTS else FALLBACK


def moment_params(key: str, view: SomView) -> dict[str, Any]:
    """The parameters of a moment's messages: only what the public view says."""
    head = key.split(".")[0]
    holder = seat_ref(view["holder"])
    if head in ("place_start", "choose_centralism"):
        return {"holder": seat_ref(view["starting_holder"])}
    if head in ("pay", "break_coin", "give_change"):
        payment = view["payment"]
        assert payment is not None  # a payment's moments show only while one awaits a choice
        params = {"payer": party(payment["payer"]), "payee": party(payment["payee"]),
                  "amount": payment["amount"], "due": payment["due"]}
        if payment["changer"] is not None:
            params["changer"] = party(payment["changer"])
        return params
    pending = view["pending"]
    if head == "move":
        movement = view["movement"]
        assert movement is not None  # someone moves
        return {"mover": seat_ref(movement["mover"]), "holder": holder}
    if head == "protect_urn":
        assert pending is not None and "card" in pending and "max" in pending
        card = CARD_NAME[pending["card"]]  # apart from msg(): the extractor would take "card" for an id
        return {"holder": holder, "card": msg(card), "count": pending["max"]}
    if head == "sufragi":
        assert pending is not None and pending["seat"] is not None
        return {"mover": seat_ref(pending["seat"]), "holder": holder}
    vote = view["vote"]
    if head in ("stand", "back", "name_beneficiary", "bid") and vote is not None:
        params = {"caller": seat_ref(vote["caller"]), "holder": seat_ref(vote["holder"])}
        if head == "bid":
            params.update(count=len(vote["bid_done"]), total=view["n"])
        elif vote["waiting_for"] is not None:
            params["seat"] = seat_ref(vote["waiting_for"])
        return params
    if head == "over":
        result = view["result"]
        assert result is not None  # the game is over
        params = {}
        if result["provoker"] is not None:
            params["provoker"] = seat_ref(result["provoker"])
        if result["debtor"] is not None:
            params["debtor"] = seat_ref(result["debtor"])
        return params
    return {"holder": holder}


class SomGuide:
    """The `Guide` of Som el que decidim!"""

    def moment(self, public_view: SomView) -> Moment:
        key = moment_key(public_view)
        words = MOMENTS[key]
        rule, section = words.rule, words.section
        payment = public_view.get("payment")
        if key.startswith("pay") and payment is not None and payment["overpay"]:
            rule, section = OVERPAY
        return Moment(words.purpose, rule, section, moment_params(key, public_view))

    def action(self, action: Action) -> tuple[str, dict[str, Any]]:
        kind = str(action.get("type", ""))
        if kind == "use_disc_effect" and action.get("effect") in LANDING_EFFECT:
            return LANDING_EFFECT[str(action["effect"])], {}
        if kind == "back" and "side" in action:
            return BACK_SIDE, {}
        return DOES.get(kind, DOES_FALLBACK), {}


GUIDE: Guide[SomView] = SomGuide()  # typed as the contract, so mypy checks that it keeps to it

__all__ = ["DOES", "FALLBACK", "GUIDE", "MOMENTS", "OVERPAY", "SomGuide", "moment_key"]
