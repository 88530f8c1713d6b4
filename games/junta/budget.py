"""Phase 4, the budget (§6.4): proposal, vote, the alternative budget, the Minister's occupation of
Parliament, payment and the bank holiday.
"""

from __future__ import annotations

from typing import Any

from games.core.messages import seat_ref
from games.core.protocol import IllegalAction, Rng
from games.junta.cards import BUDGET_REJECTED
from games.junta.checks import check_holds, pending
from games.junta.common import add_notes, exact_split, is_seat, log, minister_usable, take_notes, valid_notes
from games.junta.frames import Action, Frame, State, pop_frame
from games.junta.readers import payable
from games.junta.votes import push_vote, push_window


def step_budget(s: State, f: Frame, rng: Rng) -> None:
    step = f["step"]
    if step == "propose":  # the proposer cannot act: nothing is proposed
        propose(s, f, {})
    elif step == "vote":
        f["step"] = "voted"
        push_vote(s, "alt_budget" if f["alt_done"] else "budget", s["president"], True)
    elif step == "voted":
        if s["last_vote"]["passed"]:
            f["passed"], f["step"] = True, "pay"
            return
        s["pretext"] = True
        if not f["alt_done"]:
            f["step"] = "rejected"
            push_window(s, BUDGET_REJECTED)
        else:
            f["step"] = "occupy" if minister_usable(s) else "holiday"
    elif step == "rejected":
        if f["alt"] is not None:
            f["step"] = "keep"
        else:
            f["step"] = "occupy" if minister_usable(s) else "holiday"
    elif step == "occupy":  # the Minister can no longer act: no occupation
        f["step"] = "holiday"
    elif step == "holiday":
        s["bank"] = "holiday"
        log(s, {"type": "budget_not_paid", "payer": f["payer"]})
        f["step"] = "done"
    elif step == "keep":
        alt_handover(s, f, None)
    elif step == "pay":
        pay_budget(s, f, None)
    else:
        pop_frame(s, f)


def propose(s: State, f: Frame, amounts: dict[str, int]) -> None:
    f["amounts"] = {k: v for k, v in amounts.items() if v > 0}
    f["payer"] = f["proposer"]
    f["step"] = "vote"
    log(s, {"type": "budget_proposed", "by": f["proposer"], "amounts": dict(f["amounts"]), "alternative":
            f["alt_done"]})


def alt_handover(s: State, f: Frame, kept: int | None) -> None:
    """evt_alternative_budget: the President gives every note but one of his choice to the player.

    The handover is logged whatever he held (none, one or more notes): others learn that it took
    place, never how many notes moved (junta_cards.md, §11); the two players see the notes."""
    president = s["president"]
    if president is not None:
        notes = list(s["money"][president])
        if notes:
            keep = kept if kept is not None else max(notes)
            notes.remove(keep)
            s["money"][president] = [keep]
            add_notes(s, f["alt"], notes)
        log(s, {"type": "money_handed", "from": president, "to": f["alt"], "why": "alternative_budget"},
            private={"seats": [president, f["alt"]], "notes": notes})
    f["proposer"] = f["payer"] = f["alt"]
    f["amounts"], f["alt_done"], f["step"] = {}, True, "propose"


def pay_budget(s: State, f: Frame, payments: dict[str, list[int]] | None) -> None:
    payer = f["payer"]
    due = {k: v for k, v in f["amounts"].items() if s["alive"][int(k)]}  # the dead receive nothing
    if payments is None:
        keys = list(due)
        groups = exact_split(s["money"][payer], [due[k] for k in keys])
        assert groups is not None, "junta: a locked budget became unpayable"
        payments = dict(zip(keys, groups, strict=True))
    for key, notes in payments.items():
        take_notes(s, payer, notes)
        add_notes(s, int(key), notes)
    log(s, {"type": "budget_paid", "by": payer, "amounts": {k: sum(v) for k, v in payments.items()}},
        private={"seats": [payer], "notes": {k: list(v) for k, v in payments.items()}})
    for key, notes in payments.items():
        log(s, {"type": "budget_received", "seat": int(key)}, only=[int(key)],
            private={"seats": [int(key)], "notes": list(notes)})
    f["step"] = "done"


def _amounts_field(s: State, f: Frame, a: Action) -> dict[str, int]:
    amounts = a.get("amounts", {})
    if not isinstance(amounts, dict):
        raise IllegalAction("junta.bad_amounts", "Give the budget as player → whole millions, such as {\"2\": 3}.")
    found: dict[str, int] = {}
    for key, value in amounts.items():
        target = int(key) if isinstance(key, str) and key.isdigit() else key
        if not is_seat(target, s["n"]) or isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise IllegalAction("junta.bad_amounts", "Give the budget as player → whole millions, such as "
                                "{\"2\": 3}.")
        if target == f["proposer"]:
            raise IllegalAction("junta.budget_self", "The budget names the other players, not yourself.")
        if value > 0 and not s["alive"][target]:
            raise IllegalAction("junta.budget_dead", "A dead player cannot be named in the budget.",
                                player=seat_ref(target))
        if value > 0:
            found[str(target)] = found.get(str(target), 0) + value
    return found


def do_propose_budget(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("budget:propose",))
    amounts = _amounts_field(s, f, a)
    if not payable(s["money"][seat], amounts):
        raise IllegalAction("junta.budget_unpayable", "Your notes cannot pay those amounts exactly, each player "
                            "separately.")
    propose(s, f, amounts)


def do_pay_budget(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("budget:pay",))
    payments = a.get("payments")
    if payments is None:
        pay_budget(s, f, None)
        return
    due = {k: v for k, v in f["amounts"].items() if s["alive"][int(k)]}
    if not isinstance(payments, dict) or {str(k) for k in payments} != set(due):
        raise IllegalAction("junta.bad_payments", "Pay every player named in the budget his amount exactly.")
    chosen = {str(k): v for k, v in payments.items()}
    spent: list[int] = []
    for key, notes in chosen.items():
        if not valid_notes(notes) or sum(notes) != due[key]:
            raise IllegalAction("junta.bad_payments", "Pay every player named in the budget his amount exactly.")
        spent += notes
    check_holds(s, seat, spent)
    pay_budget(s, f, {k: list(v) for k, v in chosen.items()})


def do_occupy_parliament(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("budget:occupy",))
    occupy = a.get("occupy")
    if not isinstance(occupy, bool):
        raise IllegalAction("junta.bad_bool", "Answer true or false.")
    log(s, {"type": "parliament", "seat": seat, "occupy": occupy})
    if occupy:
        s["occupied"] = True
        s["bank"] = "lunch"
        f["step"] = "pay"
    else:
        f["step"] = "holiday"


def do_keep_note(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("budget:keep",))
    note: Any = a.get("note")
    if not s["money"][seat]:  # nothing to keep: the only answer names no note
        if note is not None:
            raise IllegalAction("junta.keep_nothing_held", "You hold no notes: there is none to keep.")
        alt_handover(s, f, None)
        return
    if not valid_notes([note]) or note not in s["money"][seat]:
        raise IllegalAction("junta.bad_note", "Name one of your notes: 1, 2 or 3.")
    alt_handover(s, f, int(note))
