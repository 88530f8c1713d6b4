"""Money: paying and making change (rules/som.md, "Money: paying and making change").

A payment is queued (`queue_payment`), then carried as far as it goes (`progress_payment`): an
exact payment, or a 2 € disc broken by the change-giver, or, with nobody to give change, N + 1 €
in 2 € discs. It waits on the payer (`pay`, `break_coin`) or the change-giver (`give_change`) only
when kinds matter and the choice makes a difference. A payer who cannot pay ends the game.
"""

from __future__ import annotations

from typing import Any

from games.core.protocol import IllegalAction, Rng
from games.som.cards import DISC, total
from games.som.common import (
    HISENDA,
    Action,
    Party,
    State,
    discs_of,
    log,
    move_disc,
    ones,
    others,
    representatives,
    twos,
    value_of,
)
from games.som.end import game_over


def _exact_possible(discs: list[str], amount: int) -> bool:
    """Exact payment fails only for an odd amount without a 1 € disc (value already covers it)."""
    return amount % 2 == 0 or bool(ones(discs))


def pay_options(discs: list[str], due: int, twos_only: bool) -> list[list[str]]:
    """Every distinct choice of kinds that makes exactly `due` € (in 2 € discs only when
    `twos_only`), each as the lowest ids of its kinds."""
    by_kind = [(k, DISC[ids[0]].value, ids) for k, ids in representatives(discs).items()
               if not (twos_only and DISC[ids[0]].value == 1)]
    suffix = [0] * (len(by_kind) + 1)
    for i in range(len(by_kind) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + by_kind[i][1] * len(by_kind[i][2])
    found: list[list[str]] = []

    def walk(i: int, remaining: int, chosen: list[str]) -> None:
        if remaining == 0:
            found.append(sorted(chosen))
            return
        if i == len(by_kind) or remaining > suffix[i]:
            return
        _kind, worth, ids = by_kind[i]
        for count in range(min(len(ids), remaining // worth), -1, -1):
            walk(i + 1, remaining - count * worth, chosen + ids[:count])

    walk(0, due, [])
    return found


def auto_payment(discs: list[str], due: int, twos_only: bool) -> list[str]:
    """The automatic choice: 2 € discs first, as many as fit, then 1 € discs, lowest id first."""
    two, one = sorted(twos(discs)), sorted(ones(discs))
    if twos_only:
        return two[: due // 2]
    used = min(len(two), due // 2)
    return two[:used] + one[: due - 2 * used]


def change_options(discs: list[str]) -> list[list[str]]:
    """Every distinct pair of kinds among the 1 € discs, as the lowest ids of its kinds."""
    reps = representatives(ones(discs))
    pairs: list[list[str]] = []
    kinds = sorted(reps)
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            if a == b:
                if len(reps[a]) >= 2:
                    pairs.append(reps[a][:2])
            else:
                pairs.append([reps[a][0], reps[b][0]])
    return pairs


def due(payment: dict[str, Any]) -> int:
    """What the payer hands over: the amount, plus 1 € when nobody can give change."""
    return int(payment["amount"]) + (1 if payment["overpay"] else 0)


def payment_choices(s: State) -> list[list[str]]:
    """The distinct choices of the payment in progress (discs to pay, a 2 € disc to break, change)."""
    payment = s["payment"]
    if payment is None:
        return []
    step = payment["step"]
    if step == "pay":
        return pay_options(discs_of(s, payment["payer"]), due(payment), payment["overpay"])
    if step == "break_coin":
        return [[ids[0]] for ids in representatives(twos(discs_of(s, payment["payer"]))).values()]
    if step == "give_change":
        return change_options(discs_of(s, payment["changer"]))
    return []


def queue_payment(s: State, payer: Party, payee: Party, amount: int, reason: str,
                  provoker: int | None = None) -> None:
    """Queue a payment; payments are made one at a time, in the order they were queued."""
    s["pay_queue"].append({"payer": payer, "payee": payee, "amount": amount, "reason": reason,
                           "provoker": provoker})


def start_next_payment(s: State) -> None:
    """Take the first queued payment as the payment in progress."""
    entry = s["pay_queue"].pop(0)
    s["payment"] = {**entry, "step": "start", "changer": None, "broken": None, "overpay": False}


def _changer(s: State, payer: Party) -> Party | None:
    """The change-giver: the Hisenda, then the holder, then the others from after the holder."""
    if payer != HISENDA and len(ones(s["hisenda"])) >= 2:
        return HISENDA
    holder = s["holder"]
    for seat in (holder, *others(s, holder)):
        if seat != payer and len(ones(s["hands"][seat])) >= 2:
            return seat
    return None


def progress_payment(s: State, rng: Rng) -> bool:
    """Carry the payment as far as it goes; False when it waits on a player's choice."""
    p = s["payment"]
    payer = p["payer"]
    if p["step"] == "start":
        if value_of(s, payer) < p["amount"]:
            _payment_failed(s, p)
            return True
        if p["amount"] == 0:
            s["payment"] = None
            return True
        if _exact_possible(discs_of(s, payer), p["amount"]):
            p["step"] = "pay"
        else:
            changer = _changer(s, payer)
            if changer is None:
                p["overpay"] = True  # no change-giver: pay N + 1 in 2 € discs, no change
                p["step"] = "pay"
            else:
                p["changer"] = changer
                p["step"] = "break_coin"
    if p["step"] == "break_coin":
        two = sorted(twos(discs_of(s, payer)))
        if payer == HISENDA:
            p["broken"] = rng.choice(two)
        elif s["kinds"] and len(representatives(two)) >= 2:
            return False
        else:
            p["broken"] = two[0]
        p["step"] = "give_change"
    if p["step"] == "give_change":
        changer = p["changer"]
        one = sorted(ones(discs_of(s, changer)))
        if changer == HISENDA:
            pair = rng.shuffle(list(one))[:2]
        elif s["kinds"] and len(change_options(one)) >= 2:
            return False
        else:
            pair = one[:2]
        _break(s, p, pair)
    if p["step"] == "pay":
        owed = due(p)
        discs = discs_of(s, payer)
        if payer == HISENDA:
            two, one = rng.shuffle(sorted(twos(discs))), rng.shuffle(sorted(ones(discs)))
            if p["overpay"]:
                chosen = two[: owed // 2]
            else:
                used = min(len(two), owed // 2)
                chosen = two[:used] + one[: owed - 2 * used]
        elif s["kinds"] and len(pay_options(discs, owed, p["overpay"])) >= 2:
            return False
        else:
            chosen = auto_payment(discs, owed, p["overpay"])
        _hand_over(s, chosen)
    return True


def _break(s: State, p: dict[str, Any], pair: list[str]) -> None:
    """The payer gives its 2 € disc to the change-giver and receives two 1 € discs."""
    payer, changer, broken = p["payer"], p["changer"], p["broken"]
    move_disc(s, broken, payer, changer)
    for disc in pair:
        move_disc(s, disc, changer, payer)
    log(s, {"type": "change", "payer": payer, "changer": changer,
            "broken": None if changer == HISENDA else broken,
            "received": None if payer == HISENDA else sorted(pair)})
    p["step"] = "pay"


def _hand_over(s: State, chosen: list[str]) -> None:
    p = s["payment"]
    for disc in chosen:
        move_disc(s, disc, p["payer"], p["payee"])
    log(s, {"type": "paid", "payer": p["payer"], "payee": p["payee"], "amount": p["amount"],
            "handed": total(chosen), "reason": p["reason"],
            "discs": None if p["payee"] == HISENDA else sorted(chosen),
            "ones": len(ones(chosen)), "twos": len(twos(chosen))})
    s["payment"] = None


def _payment_failed(s: State, p: dict[str, Any]) -> None:
    if p["payer"] == HISENDA:
        game_over(s, "dui", provoker=p["provoker"])
    elif p["reason"] == "tax":
        game_over(s, "intervened", debtor=p["payer"])
    else:  # card taxes and costs are checked before they are charged
        raise AssertionError(f"som: unchecked payment failed: {p}")


def own_discs(s: State, seat: int, discs: Any) -> list[str]:
    """`discs` checked as a list of different discs that `seat` holds (else a refusal)."""
    if not isinstance(discs, list) or not all(isinstance(d, str) for d in discs) or len(set(discs)) != len(discs):
        raise IllegalAction("som.bad_discs", "Name a list of different discs, such as [\"health1\", \"roads2\"].")
    mine = set(s["hands"][seat])
    stray = [d for d in discs if d not in mine]
    if stray:
        raise IllegalAction("som.not_your_disc", f"You do not hold {', '.join(stray)}.", discs=", ".join(stray))
    return list(discs)


# --- the players' choices ------------------------------------------------------------------------

def do_pay(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    p = s["payment"]
    owed = due(p)
    discs = own_discs(s, seat, action.get("discs"))
    if p["overpay"] and ones(discs):
        raise IllegalAction("som.pay_twos_only",
                            f"Nobody can give change: pay {owed} € in 2 € discs only.", due=owed)
    if total(discs) != owed:
        raise IllegalAction("som.pay_wrong_total", f"Those discs make {total(discs)} €: pay exactly {owed} €.",
                            paid=total(discs), due=owed)
    _hand_over(s, discs)


def do_break_coin(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    disc = action.get("disc")
    if not isinstance(disc, str) or disc not in s["hands"][seat] or DISC[disc].value != 2:
        raise IllegalAction("som.break_not_two", "Break one of your own 2 € discs.")
    s["payment"]["broken"] = disc
    s["payment"]["step"] = "give_change"


def do_give_change(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    discs = own_discs(s, seat, action.get("discs"))
    if len(discs) != 2 or twos(discs):
        raise IllegalAction("som.change_two_ones", "Give two of your own 1 € discs as change.")
    _break(s, s["payment"], sorted(discs))
