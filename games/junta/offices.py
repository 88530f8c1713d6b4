"""§5 Offices: the President's assignment (Phase 2, §5.2), the cousin (§5.3), resignation (§5.8) and
the return from exile (§5.6, with the Minister's answer).
"""

from __future__ import annotations

from games.core.protocol import IllegalAction, Rng
from games.junta import coup as coup_game
from games.junta.checks import may_resign, may_return, pending
from games.junta.common import SUB_OFFICES, is_seat, log, minister_usable, office_controller
from games.junta.frames import Action, Frame, State, pop_frame, push_frame, top_frame
from games.junta.readers import assignment_problem, in_combat, in_coup, office_assignments, waits_on
from games.junta.votes import push_election


def step_assign(s: State, f: Frame, rng: Rng) -> None:
    _set_offices(s, office_assignments(s)[0])
    pop_frame(s, f)


def _set_offices(s: State, assignment: dict[str, int]) -> None:
    s["offices"] = {o: int(assignment[o]) for o in SUB_OFFICES}
    log(s, {"type": "offices_assigned", "by": s["president"], "offices": dict(s["offices"])})


def step_return(s: State, f: Frame, rng: Rng) -> None:
    if f["step"] == "ask":  # the Minister can no longer act: the return is safe
        pop_frame(s, f)
        complete_return(s, f["seat"])
        return
    pop_frame(s, f)  # after the protection step
    if s["alive"][f["seat"]]:
        complete_return(s, f["seat"])


def complete_return(s: State, seat: int) -> None:
    """§5.6 step 3: a surviving returnee takes back his offices, from the cousin if need be."""
    if s["cousin"] is not None and s["offices"][s["cousin"]] == seat:
        log(s, {"type": "cousin_released", "office": s["cousin"]})
        s["cousin"] = None
    log(s, {"type": "returned", "seat": seat})


def do_assign_offices(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("assign",))
    assignment = a.get("assignment")
    if not isinstance(assignment, dict) or set(assignment) != set(SUB_OFFICES) or not all(
            is_seat(v, s["n"]) for v in assignment.values()):
        raise IllegalAction("junta.bad_assignment", "Assign each of the six offices (interior, general_1, general_2, "
                            "general_3, admiral, air_force) to a player.")
    problem = assignment_problem(s, assignment)
    if problem == "president":
        raise IllegalAction("junta.assign_president", "The President holds no other office (except through his "
                            "cousin).")
    if problem == "too_many":
        raise IllegalAction("junta.assign_too_many", "A player holds at most two offices, at most one of them a "
                            "generalship.")
    if problem == "left_out":
        raise IllegalAction("junta.assign_left_out", "Every family other than the President's receives at least one "
                            "office.")
    _set_offices(s, assignment)
    pop_frame(s, f)


def do_kill_returnee(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("return",))
    kill = a.get("kill")
    if not isinstance(kill, bool):
        raise IllegalAction("junta.bad_bool", "Answer true or false.")
    log(s, {"type": "returnee_answer", "by": seat, "seat": f["seat"], "kill": kill})
    if not kill:
        pop_frame(s, f)
        complete_return(s, f["seat"])
        return
    f["step"] = "protect"
    push_frame(s, "protect", victim=f["seat"], killer=seat, cause="returnee", attempt=None)


def do_resign(s: State, seat: int, a: Action, rng: Rng) -> None:
    why = may_resign(s, seat)
    if why == "not_president":
        raise IllegalAction("junta.not_president", "Only the President can do that.")
    if why == "resigned":
        raise IllegalAction("junta.resigned_this_turn", "A President has already resigned this turn.")
    if why is not None:
        raise IllegalAction("junta.no_resignation_now", "The President cannot resign during a coup, a vote, Phases "
                            "3-4 or the assassinations.")
    s["resigned"] = True
    log(s, {"type": "resigned", "seat": seat})
    push_election(s, "resignation", s["owner"], former=seat)


def do_claim_cousin_office(s: State, seat: int, a: Action, rng: Rng) -> None:
    if seat != s["president"] or not s["alive"][seat]:
        raise IllegalAction("junta.not_president", "Only the President can do that.")
    office = a.get("office")
    if office not in SUB_OFFICES:
        raise IllegalAction("junta.bad_office", "Name an office: interior, general_1, general_2, general_3, admiral "
                            "or air_force.")
    if s["cousin"] is not None:
        raise IllegalAction("junta.cousin_busy", "Your cousin already holds an office.")
    if office_controller(s, office) is not None:
        raise IllegalAction("junta.office_not_vacant", "That office is not vacant.")
    if in_combat(s):
        raise IllegalAction("junta.combat_no", "Not during a coup's combat segment.")
    s["cousin"] = office
    log(s, {"type": "cousin_placed", "office": office})


def _return_is_safe(s: State, seat: int) -> bool:
    """§5.6 step 1."""
    president = s["president"]
    if president is not None and not s["alive"][president]:
        return True
    if any(f["kind"] == "election" and f["cause"] == "death" for f in s["stack"]):
        return True
    if not minister_usable(s):
        return True
    return in_coup(s) and coup_game.safe_conduct(s, seat)


def do_return_from_exile(s: State, seat: int, a: Action, rng: Rng) -> None:
    why = may_return(s, seat)
    if why == "not_exiled":
        raise IllegalAction("junta.not_exiled", "You are not in exile.")
    if why == "returned":
        raise IllegalAction("junta.returned_this_turn", "You have already returned from exile this turn.")
    if why == "now":
        raise IllegalAction("junta.no_return_now", "No return from exile during a coup's combat or the "
                            "assassinations.")
    top = top_frame(s)
    poll = top is not None and top["kind"] == "exile_poll" and seat in waits_on(s, top)
    safe = poll or _return_is_safe(s, seat)  # judged before he is back (a returning Minister is not asked)
    s["returned"][seat] = True
    embassy = s["exile"][seat]
    s["exile"][seat] = None
    log(s, {"type": "returning", "seat": seat, "embassy": embassy})
    if safe:
        complete_return(s, seat)
    else:
        push_frame(s, "return", step="ask", seat=seat)
