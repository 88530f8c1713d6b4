"""legal_actions for Junta: the answers to the pending decision (exhaustive where finite) and a
representative set of each seat's any-time actions (gifts of one note or one card to each player,
a swap offer, cards, resignation, returns).

Amounts and note choices are parametric: the lists give valid representatives (the engine's own
payment when a field may be omitted), so random playouts through them always reach the end.
"""

from __future__ import annotations

from typing import Final

from games.core.protocol import IllegalAction
from games.junta import coup as coup_game
from games.junta.cards import (
    AFTER_ROUND_1,
    AFTER_ROUND_2,
    ANY,
    BEFORE_BANKING,
    BEFORE_COUP,
    BUDGET_REJECTED,
    CARDS,
    INFLUENCE,
    PHASE2_START,
    POLITICAL,
    VOTE_TURN,
    design,
    design_id,
)
from games.junta.checks import card_problem, check_budget_lock, may_resign, may_return, swap_valid
from games.junta.common import (
    EMBASSIES,
    LOCATIONS,
    SUB_OFFICES,
    cheapest_payment,
    cost_after_savings,
    is_active,
    is_seat,
    minister,
    office_controller,
)
from games.junta.frames import Action, Frame, State, find_frame
from games.junta.readers import (
    bank_safe,
    budget_payer,
    decision_of,
    eligible_candidates,
    has_in_play,
    in_combat,
    next_deadline,
    office_assignments,
    payable,
    surrender_default,
    vote_choices,
    vote_sources,
    waiting,
)

WINDOW_TIMINGS = (PHASE2_START, BUDGET_REJECTED, AFTER_ROUND_1, AFTER_ROUND_2)
ANYTIME_TIMINGS = (ANY, POLITICAL, BEFORE_BANKING, BEFORE_COUP)
_TIMINGS_OF: Final[dict[str, frozenset[str]]] = {c.id: frozenset(c.timing) for c in CARDS}


def legal_actions(s: State, seat: int | None) -> list[Action]:
    if s["result"] is not None:
        return []
    if seat is None:
        return [{"type": "timeout"}] if next_deadline(s) is not None else []
    if not is_seat(seat, s["n"]):
        return []
    frame, seats = waiting(s)
    actions: list[Action] = []
    if frame is not None and seat in seats:
        actions += _answers(s, frame, seat)
    actions += _anytime(s, seat, frame)
    return actions


# --- answers to the pending decision --------------------------------------------------------------


def _answers(s: State, f: Frame, seat: int) -> list[Action]:
    decision = decision_of(f)
    if decision == "vote:turns":
        return _vote_turn(s, f, seat)
    if decision == "vote:refusals":
        return [{"type": "accept_candidacy"}, {"type": "refuse_candidacy"}]
    if decision == "tiebreak":
        return [{"type": "break_tie", "choice": c} for c in f["choices"]]
    if decision == "window":
        return [{"type": "ready"}, *_card_plays(s, seat, (f["timing"],))]
    if decision == "hand_limit":
        return _hand_limit(s, seat)
    if decision == "assign":
        return _assign(s)
    if decision == "budget:propose":
        return _budgets(s, f, seat)
    if decision == "budget:pay":
        return [{"type": "pay_budget"}]
    if decision == "budget:occupy":
        return [{"type": "occupy_parliament", "occupy": True}, {"type": "occupy_parliament", "occupy": False}]
    if decision == "budget:keep":
        # Asked whatever he holds (§11): with one note that is the only choice, with none he keeps none.
        return [{"type": "keep_note", "note": v} for v in sorted(set(s["money"][seat]))] or [
            {"type": "keep_note", "note": None}]
    if decision == "locations":
        found: list[Action] = [{"type": "choose_location", "location": loc} for loc in LOCATIONS]
        if seat != s["president"]:
            found += [{"type": "go_into_exile", "embassy": e} for e in EMBASSIES]
        return found
    if decision == "declarations":
        return _declarations(s, seat)
    if decision in ("protect", "squad"):
        return [{"type": "decline_protection"}, *_card_plays(s, seat, ("ATTEMPT_HIT", "FIRING_SQUAD"))]
    if decision == "surrender":
        return [{"type": "surrender_notes", "notes": surrender_default(s["money"][seat])}]
    if decision == "exile_poll":
        return [{"type": "return_from_exile"}, {"type": "stay_in_exile"}]
    if decision == "banking":
        return _banking(s, seat)
    if decision == "coup_poll":
        return [{"type": "decline_coup"}] + [
            {"type": "start_coup", "opening": o} for o in coup_game.opening_actions(s, seat)]
    if decision == "coup":
        return coup_game.coup_legal_actions(s, seat)
    if decision == "firing_squad":
        return [{"type": "firing_squad", "victim": None}] + [
            {"type": "firing_squad", "victim": x} for x in f["eligible"] if is_active(s, x)]
    if decision == "junta":
        return [{"type": "junta_vote", "candidate": x} for x in f["members"]]
    if decision == "return":
        return [{"type": "kill_returnee", "kill": True}, {"type": "kill_returnee", "kill": False}]
    if decision == "influence_discard":
        return [{"type": "choose_influence_discard", "card": c} for c in s["influence"][seat]]
    return []


def _vote_turn(s: State, f: Frame, seat: int) -> list[Action]:
    found: list[Action] = [{"type": "pass_vote"}]
    sources = vote_sources(s, f, seat)
    for source, _value in sources:
        for choice in vote_choices(f):
            found.append({"type": "cast_vote", "choice": choice, "source": source})
    if f["motion"] == "election" and f["nominations"] and f["round"] == 1:
        for candidate in eligible_candidates(s, f):
            for source, _value in sources:
                found.append({"type": "nominate", "candidate": candidate, "sources": [source]})
    found += _card_plays(s, seat, (VOTE_TURN,), f)
    return found


def pass_action(s: State, seat: int) -> Action | None:
    """`ready` for a seat the open card window waits on but which holds no card it may play in it (§4.5): the
    bot answers so for a member, who then need not press Ready at every window. None otherwise."""
    frame, seats = waiting(s)
    if frame is None or frame["kind"] != "window" or seat not in seats:
        return None
    return None if _card_plays(s, seat, (frame["timing"],)) else {"type": "ready"}


def _card_plays(s: State, seat: int, timings: tuple[str, ...], vote: Frame | None = None) -> list[Action]:
    """Plays of the seat's cards of these timings that the engine accepts now, with each choice of
    target or vote (a representative payment: the engine's cheapest)."""
    found: list[Action] = []
    if not is_active(s, seat) or in_combat(s):
        return found  # card_problem would refuse every card (§2.3, and none in a coup's combat)
    seen: set[str] = set()
    for card in s["hands"][seat]:
        d = design(card)
        if d.id in seen or _TIMINGS_OF[d.id].isdisjoint(timings):
            continue
        if d.kind in (INFLUENCE, "vote") and VOTE_TURN in timings:  # cast with cast_vote instead
            continue
        if card_problem(s, seat, card) is not None:
            continue
        seen.add(d.id)
        if d.cost:
            due, _savers = cost_after_savings(s, seat, card, d.cost)
            notes = cheapest_payment(s["money"][seat], due)
            if notes is None or not _lock_allows(s, seat, notes):
                continue
        if d.id in ("evt_coalition_break", "evt_spy_switzerland"):
            for x in range(s["n"]):
                if x != seat and (d.id != "evt_coalition_break" or s["influence"][x]):
                    found.append({"type": "play_card", "card": card, "target": x})
        elif d.id == "evt_church_looting":
            if vote is not None:
                found += [{"type": "play_card", "card": card, "choice": c} for c in vote_choices(vote)]
        elif (d.id in ("evt_no_confidence", "evt_alternative_budget") and seat == s["president"]) or (
                d.id == "evt_secret_police_extra" and minister(s) != seat):
            continue
        else:
            found.append({"type": "play_card", "card": card})
    return found


def _lock_allows(s: State, seat: int, notes: list[int]) -> bool:
    try:
        check_budget_lock(s, seat, notes)
    except IllegalAction:
        return False
    return True


def _hand_limit(s: State, seat: int) -> list[Action]:
    found: list[Action] = [{"type": "discard_card", "card": c} for c in s["hands"][seat]]
    found += [{"type": "discard_card", "card": c} for c in s["influence"][seat]]
    return found


def _assign(s: State) -> list[Action]:
    seen: list[dict[str, int]] = []
    for rotate in range(s["n"] - 1):
        for prefer in (True, False):
            for assignment in office_assignments(s, prefer_previous=prefer, limit=4, rotate=rotate):
                if assignment not in seen:
                    seen.append(assignment)
    return [{"type": "assign_offices", "assignment": a} for a in seen]


def _budgets(s: State, f: Frame, seat: int) -> list[Action]:
    notes = s["money"][seat]
    others = [x for x in range(s["n"]) if x != seat and s["alive"][x]]
    found: list[Action] = [{"type": "propose_budget", "amounts": {}}]
    if notes:
        for x in others:
            for amount in sorted({max(notes), sum(notes)}):
                found.append({"type": "propose_budget", "amounts": {str(x): amount}})
        if len(notes) >= len(others):
            even = {str(x): v for x, v in zip(others, sorted(notes, reverse=True), strict=False)}
            if payable(notes, even):
                found.append({"type": "propose_budget", "amounts": even})
    return found


def _declarations(s: State, seat: int) -> list[Action]:
    found: list[Action] = [{"type": "end_declarations"}]
    victims = [x for x in range(s["n"]) if x != seat and is_active(s, x) and s["location"][x] is not None]
    assassins: list[str] = []
    seen: set[str] = set()
    for card in s["hands"][seat]:
        d = design(card)
        if d.kind != "assassin" or d.id in seen:
            continue
        if d.requires is not None and not has_in_play(s, seat, d.requires):
            continue
        if d.id == "asn_foreign" and seat in (s["president"], s["offices"]["interior"]):
            continue
        due, _savers = cost_after_savings(s, seat, card, d.cost)
        notes = cheapest_payment(s["money"][seat], due)
        if notes is None or not _lock_allows(s, seat, notes):
            continue
        seen.add(d.id)
        assassins.append(card)
    if minister(s) == seat and s["sp_used"] < s["sp_allowed"]:
        assassins.append("secret_police")
    for assassin in assassins:
        for victim in victims:
            if assassin != "secret_police" and design_id(assassin) == "asn_burglars":
                found.append({"type": "declare_assassination", "assassin": assassin, "victim": victim})
                continue
            for location in LOCATIONS:
                if assassin == "secret_police" and location == "bank" and bank_safe(s):
                    continue
                found.append({"type": "declare_assassination", "assassin": assassin, "victim": victim,
                              "location": location})
    found += _card_plays(s, seat, ("PHASE6_DECLARE",))
    return found


def _banking(s: State, seat: int) -> list[Action]:
    found: list[Action] = [{"type": "end_banking"}]
    if s["money"][seat]:
        found.append({"type": "deposit", "notes": list(s["money"][seat])})
        found.append({"type": "deposit", "notes": [max(s["money"][seat])]})
    if s["accounts"][seat]:
        found.append({"type": "withdraw", "notes": [min(s["accounts"][seat])]})
    return found


# --- any-time actions (a representative set) ------------------------------------------------------


def _anytime(s: State, seat: int, frame: Frame | None) -> list[Action]:
    found: list[Action] = []
    alive = s["alive"][seat]
    if not alive:
        return found
    if frame is not None and frame["kind"] == "coup" and seat not in coup_game.coup_to_act(s):
        found += coup_game.coup_legal_actions(s, seat)  # transfers, proposals, safe conducts at any time
    found += _card_plays(s, seat, ANYTIME_TIMINGS)
    target = seat in s["targets"]
    others = [x for x in range(s["n"]) if x != seat and s["alive"][x]]
    if not target and others:
        # Every recipient with each kind of note, and each card of the hand: what a player's private panel
        # offers (a gift of several notes is one action of its own making, judged by the engine).
        locked = budget_payer(s)
        unlocked = locked is None or locked[0] != seat  # then every note may go (check_budget_lock)
        for v in sorted(set(s["money"][seat])):
            if unlocked or _lock_allows(s, seat, [v]):
                found += [{"type": "give_money", "to": x, "notes": [v]} for x in others]
        giveable = _giveable(s, seat)
        found += [{"type": "give_card", "to": x, "card": c} for c in giveable for x in others]
        if giveable and not any(w["from"] == seat for w in s["swaps"]):
            # One offer per partner (the private panel starts from it and fills in what is offered).
            found += [{"type": "offer_swap", "to": x, "cards": [giveable[0]], "notes": []} for x in others]
    for swap in s["swaps"]:
        if seat not in (swap["from"], swap["to"]):
            continue
        if swap["to"] == seat and swap["answer"] is None and swap_valid(s, swap):
            found.append({"type": "answer_swap", "swap_id": swap["id"], "cards": [], "notes": []})
        if swap["from"] == seat and swap["answer"] is not None and swap_valid(s, swap):
            found.append({"type": "confirm_swap", "swap_id": swap["id"]})
        found.append({"type": "cancel_swap", "swap_id": swap["id"]})
    if may_resign(s, seat) is None:
        found.append({"type": "resign"})
    if seat == s["president"] and s["cousin"] is None and not _in_combat_now(s):
        found += [{"type": "claim_cousin_office", "office": o} for o in SUB_OFFICES
                  if office_controller(s, o) is None]
    if may_return(s, seat) is None and not (frame is not None and frame["kind"] == "exile_poll"):
        found.append({"type": "return_from_exile"})
    return found


def _in_combat_now(s: State) -> bool:
    return s["coup"] is not None and not coup_game.coup_over(s) and coup_game.in_combat_segment(s)


def _giveable(s: State, seat: int) -> list[str]:
    if s["phase"] in (6, 9):
        return []
    limit = find_frame(s, "hand_limit")
    received = limit["received"].get(str(seat), []) if limit is not None else []
    return [c for c in s["hands"][seat] if c not in received]


__all__ = ["legal_actions"]
