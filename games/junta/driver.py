"""The driver: `run` steps frames (`STEPS`) until the game waits on a player, `HANDLERS` maps each
action to its handler, and the decision timer (§10): `restart_timer`, `do_timeout` and each
decision's default.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.protocol import IllegalAction, Rng
from games.junta import coup as coup_game
from games.junta.anytime import (
    do_answer_swap,
    do_cancel_swap,
    do_confirm_swap,
    do_discard_card,
    do_discard_money,
    do_give_card,
    do_give_money,
    do_offer_swap,
)
from games.junta.assassinations import (
    do_choose_location,
    do_declare_assassination,
    do_decline_protection,
    do_end_declarations,
    do_go_into_exile,
    do_stay_in_exile,
    do_surrender_notes,
    step_declarations,
    step_exile_poll,
    step_locations,
    step_protect,
    step_resolution,
    step_squad,
    step_surrender,
)
from games.junta.banking import do_deposit, do_end_banking, do_withdraw, step_banking
from games.junta.budget import (
    alt_handover,
    do_keep_note,
    do_occupy_parliament,
    do_pay_budget,
    do_propose_budget,
    pay_budget,
    propose,
    step_budget,
)
from games.junta.common import log
from games.junta.coup_phases import (
    do_decline_coup,
    do_firing_squad,
    do_junta_vote,
    do_start_coup,
    step_coup,
    step_coup_poll,
    step_firing_squad,
    step_junta,
)
from games.junta.effects import do_choose_influence_discard, do_play_card, step_influence_discard
from games.junta.frames import Frame, Halt, State, find_frame, pop_frame, top_frame
from games.junta.offices import (
    complete_return,
    do_assign_offices,
    do_claim_cousin_office,
    do_kill_returnee,
    do_resign,
    do_return_from_exile,
    step_assign,
    step_return,
)
from games.junta.phases import advance_phase, hand_limit_default, step_hand_limit
from games.junta.readers import decision_deadline, decision_key, decision_of, next_deadline, waiting, waits_on
from games.junta.votes import (
    do_accept_candidacy,
    do_break_tie,
    do_cast_vote,
    do_nominate,
    do_pass_vote,
    do_ready,
    do_refuse_candidacy,
    step_election,
    step_no_confidence,
    step_tiebreak,
    step_vote,
    step_window,
    tiebreak_default,
)


def _refresh_targets(s: State) -> None:
    """Targets (§2.3): named in an unresolved attempt, or facing the firing squad."""
    found = {a["victim"] for a in s["attempts"] if not a["resolved"]}
    squad = find_frame(s, "squad")
    if squad is not None:
        found.add(squad["victim"])
    s["targets"] = sorted(found)


def run(s: State, rng: Rng) -> None:
    """Run automatic steps until the game waits on a player (or is over)."""
    try:
        for _ in range(20000):
            if s["result"] is not None:
                break
            frame = top_frame(s)
            if frame is None:
                advance_phase(s, rng)
                continue
            if waits_on(s, frame):
                break
            STEPS[frame["kind"]](s, frame, rng)
        else:
            raise AssertionError("junta: the automatic steps do not settle")
    except Halt:
        pass
    if s["result"] is not None:
        s["stack"] = []
    _refresh_targets(s)


STEPS: Final[dict[str, Any]] = {
    "election": step_election, "vote": step_vote, "tiebreak": step_tiebreak, "window": step_window,
    "hand_limit": step_hand_limit, "assign": step_assign, "budget": step_budget,
    "no_confidence": step_no_confidence, "locations": step_locations, "declarations": step_declarations,
    "resolution": step_resolution, "protect": step_protect, "surrender": step_surrender,
    "exile_poll": step_exile_poll, "banking": step_banking, "coup_poll": step_coup_poll, "coup": step_coup,
    "firing_squad": step_firing_squad, "squad": step_squad, "junta": step_junta, "return": step_return,
    "influence_discard": step_influence_discard,
}


def restart_timer(s: State) -> None:
    key = decision_key(s)
    if key != s["timer"]["key"]:
        s["timer"] = {"key": key, "since": float(s["now"])}


def do_timeout(s: State, at: Any, rng: Rng) -> None:
    deadline = next_deadline(s)
    if deadline is None:
        raise IllegalAction("junta.no_clock", "No decision is waiting for time to run out.")
    now = float(at) if at is not None else deadline
    if now < deadline:
        raise IllegalAction("junta.clock_running", "The decision's time has not run out yet.")
    s["now"] = max(float(s["now"]), now)
    limit = s["options"]["decision_timer"]
    for swap in [w for w in s["swaps"] if float(w["since"]) + limit <= now]:
        s["swaps"].remove(swap)
        log(s, {"type": "swap_cancelled", "id": swap["id"], "by": None}, only=[swap["from"], swap["to"]])
    decision = decision_deadline(s)
    if decision is None or decision > now:
        return
    frame, seats = waiting(s)
    assert frame is not None
    log(s, {"type": "timeout", "seats": list(seats), "decision": decision_of(frame)})
    if frame["kind"] == "coup":
        coup_game.coup_timeout(s, rng)
        return
    for seat in seats:
        _apply_default(s, frame, seat, rng)


def _apply_default(s: State, f: Frame, seat: int, rng: Rng) -> None:
    """§10's default for one seat of the pending decision."""
    if s["result"] is not None or not s["stack"] or s["stack"][-1] is not f:
        return
    decision = decision_of(f)
    if decision == "vote:turns":
        do_pass_vote(s, seat, {}, rng)
    elif decision == "vote:refusals":
        do_accept_candidacy(s, seat, {}, rng)
    elif decision == "tiebreak":
        f["choice"] = tiebreak_default(s, f)
    elif decision == "window":
        f["ready"].append(seat)
    elif decision == "hand_limit":
        hand_limit_default(s, seat)
    elif decision == "assign":
        step_assign(s, f, rng)
    elif decision == "budget:propose":
        propose(s, f, {})
    elif decision == "budget:pay":
        pay_budget(s, f, None)
    elif decision == "budget:occupy":
        f["step"] = "holiday"
    elif decision == "budget:keep":
        alt_handover(s, f, None)
    elif decision == "locations":
        f["chosen"][str(seat)] = {"location": "home"}
    elif decision == "declarations":
        f["pos"] += 1
    elif decision in ("protect", "squad"):
        STEPS[f["kind"]](s, f, rng)
    elif decision == "surrender":
        step_surrender(s, f, rng)
    elif decision == "exile_poll":
        f["pos"] += 1
    elif decision == "banking":
        f["done"].append(seat)
    elif decision == "coup_poll":
        f["pos"] += 1
    elif decision == "firing_squad":
        step_firing_squad(s, f, rng)
    elif decision == "junta":
        f["votes"][str(seat)] = seat
        f["pos"] += 1
    elif decision == "return":
        pop_frame(s, f)
        complete_return(s, f["seat"])
    elif decision == "influence_discard":
        step_influence_discard(s, f, rng)


HANDLERS: Final[dict[str, Any]] = {
    "nominate": do_nominate, "cast_vote": do_cast_vote, "pass_vote": do_pass_vote,
    "accept_candidacy": do_accept_candidacy, "refuse_candidacy": do_refuse_candidacy, "break_tie": do_break_tie,
    "junta_vote": do_junta_vote, "ready": do_ready, "assign_offices": do_assign_offices,
    "propose_budget": do_propose_budget, "pay_budget": do_pay_budget, "occupy_parliament": do_occupy_parliament,
    "keep_note": do_keep_note, "choose_location": do_choose_location, "go_into_exile": do_go_into_exile,
    "declare_assassination": do_declare_assassination, "end_declarations": do_end_declarations,
    "decline_protection": do_decline_protection, "surrender_notes": do_surrender_notes,
    "stay_in_exile": do_stay_in_exile, "deposit": do_deposit, "withdraw": do_withdraw,
    "end_banking": do_end_banking, "start_coup": do_start_coup, "decline_coup": do_decline_coup,
    "firing_squad": do_firing_squad, "kill_returnee": do_kill_returnee,
    "choose_influence_discard": do_choose_influence_discard, "give_money": do_give_money,
    "discard_money": do_discard_money, "give_card": do_give_card, "discard_card": do_discard_card,
    "offer_swap": do_offer_swap, "answer_swap": do_answer_swap, "confirm_swap": do_confirm_swap,
    "cancel_swap": do_cancel_swap, "play_card": do_play_card, "resign": do_resign,
    "claim_cousin_office": do_claim_cousin_office, "return_from_exile": do_return_from_exile,
}
