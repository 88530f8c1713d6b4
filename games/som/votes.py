"""Mode C: early elections and motion of censure (rules/som.md, "Mode C").

Landing on Sufragi universal (modes C and A+C) offers the holder elections (a mossos disc in mode
C, 3 € in A+C) and any other citizen a motion of censure (`sufragi_options`); either ends phase 4.
A vote then asks, one seat at a time, who stands (elections) or which side each backs, the
motion's beneficiary, and then every seat's secret bid of participation discs; `advance_vote`
moves it on and `_resolve_vote` counts it (the winner holds the Generalitat next).
"""

from __future__ import annotations

from typing import Any

from games.core.data import clone
from games.core.protocol import IllegalAction, Rng
from games.som.cards import DISC
from games.som.common import HISENDA, Action, State, log, move_disc, others, value_of
from games.som.payments import queue_payment
from games.som.turn import end_movement


def sufragi_options(s: State, mover: int) -> list[str]:
    """What `mover`, landing on Sufragi universal, may announce (besides declining)."""
    if s["mode"] not in ("C", "A+C"):
        return []
    options = []
    if mover == s["holder"]:
        if s["mode"] == "C":
            if any(DISC[d].kind == "mossos" for d in s["hands"][mover]):
                options.append("call_elections")
        elif value_of(s, mover) >= 3:
            options.append("call_elections")
    else:
        options.append("motion_of_censure")
    return options


def do_decline_vote(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    s["pending"] = None
    log(s, {"type": "sufragi", "seat": seat, "choice": "declined", "paid_with": None})
    end_movement(s, "declined", phase_ends=True)  # declining ends the turn


def do_call_elections(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    if "call_elections" not in s["pending"]["options"]:
        raise IllegalAction("som.elections_not_allowed",
                            "Only the holder calls elections, handing over a mossos d'esquadra disc (mode C) "
                            "or paying 3 € (A+C).")
    s["pending"] = None
    if s["mode"] == "C":
        disc = min(d for d in s["hands"][seat] if DISC[d].kind == "mossos")
        move_disc(s, disc, seat, HISENDA)
        paid_with: str = disc
    else:
        queue_payment(s, seat, HISENDA, 3, "elections")
        paid_with = "3€"
    log(s, {"type": "sufragi", "seat": seat, "choice": "elections", "paid_with": paid_with})
    end_movement(s, "vote", phase_ends=True)
    order = others(s, seat)
    s["vote"] = {"kind": "elections", "step": "stand", "caller": seat, "holder": seat, "order": order,
                 "candidates": [seat], "stood": {}, "backing": {}, "sides": None, "beneficiary": None,
                 "waiting_for": None, "bids": {}}


def do_motion_of_censure(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    if "motion_of_censure" not in s["pending"]["options"]:
        raise IllegalAction("som.motion_not_allowed",
                            "Only a citizen who is not the holder can present a motion of censure.")
    s["pending"] = None
    holder = s["holder"]
    log(s, {"type": "sufragi", "seat": seat, "choice": "motion", "paid_with": None})
    end_movement(s, "vote", phase_ends=True)
    order = [x for x in others(s, holder) if x != seat]
    s["vote"] = {"kind": "motion", "step": "back", "caller": seat, "holder": holder, "order": order,
                 "candidates": None, "stood": None, "backing": None,
                 "sides": {"motion": [seat], "government": [holder], "abstain": []},
                 "beneficiary": None, "waiting_for": None, "bids": {}}


def do_stand(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    stand = action.get("stand")
    if not isinstance(stand, bool):
        raise IllegalAction("som.stand_bool", "Say whether you stand: true or false.")
    s["vote"]["stood"][str(seat)] = stand
    log(s, {"type": "stand", "seat": seat, "stand": stand})


def do_back(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    vote = s["vote"]
    if vote["kind"] == "elections":
        candidate = action.get("candidate")
        if candidate is not None and (isinstance(candidate, bool) or candidate not in vote["candidates"]):
            raise IllegalAction("som.back_candidate", "Back one of the candidates, or nobody to abstain.")
        vote["backing"][str(seat)] = candidate
        log(s, {"type": "backed", "seat": seat, "candidate": candidate})
    else:
        side = action.get("side")
        if side not in ("motion", "government", None):
            raise IllegalAction("som.back_side", "Back the motion or the government, or nobody to abstain.")
        vote["sides"][side or "abstain"].append(seat)
        log(s, {"type": "backed", "seat": seat, "side": side})


def do_name_beneficiary(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    vote = s["vote"]
    player = action.get("player")
    if isinstance(player, bool) or player not in vote["sides"]["motion"]:
        raise IllegalAction("som.beneficiary_side", "Name a member of the motion's side.")
    vote["beneficiary"] = player
    log(s, {"type": "beneficiary", "seat": seat, "player": player})


def do_bid(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    count = action.get("count")
    most = s["participation"][seat]
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= most:
        raise IllegalAction("som.bid_range", f"Bid from 0 to {most} participation discs.", most=most)
    s["vote"]["bids"][str(seat)] = count
    log(s, {"type": "bid_placed", "seat": seat})


def advance_vote(s: State) -> bool:
    """Move the vote to the next declaration; True once it is resolved."""
    vote = s["vote"]
    if s["payment"] is not None or s["pay_queue"]:
        return False
    if vote["kind"] == "elections":
        if vote["step"] == "stand":
            nxt = next((x for x in vote["order"] if str(x) not in vote["stood"]), None)
            if nxt is not None:
                vote["waiting_for"] = nxt
                return False
            vote["candidates"] = [vote["holder"]] + [x for x in vote["order"] if vote["stood"][str(x)]]
            if len(vote["candidates"]) == 1:  # only the holder stands: everyone backs the holder
                vote["backing"] = {str(x): vote["holder"] for x in vote["order"]}
                vote["step"] = "bid"
            else:
                vote["step"] = "back"
        if vote["step"] == "back":
            nxt = next((x for x in vote["order"]
                        if not vote["stood"][str(x)] and str(x) not in vote["backing"]), None)
            if nxt is not None:
                vote["waiting_for"] = nxt
                return False
            vote["step"] = "bid"
    else:
        sides = vote["sides"]
        if vote["step"] == "back":
            declared = {*sides["motion"], *sides["government"], *sides["abstain"]}
            nxt = next((x for x in vote["order"] if x not in declared), None)
            if nxt is not None:
                vote["waiting_for"] = nxt
                return False
            if len(sides["motion"]) >= 2:
                vote["step"] = "name_beneficiary"
            else:
                vote["beneficiary"] = vote["caller"]
                vote["step"] = "bid"
        if vote["step"] == "name_beneficiary":
            if vote["beneficiary"] is None:
                vote["waiting_for"] = vote["caller"]
                return False
            vote["step"] = "bid"
    vote["waiting_for"] = None
    for x in range(s["n"]):
        if str(x) not in vote["bids"] and s["participation"][x] == 0:
            vote["bids"][str(x)] = 0  # nothing to bid: everyone knows the fist is empty
            log(s, {"type": "bid_placed", "seat": x})
    if len(vote["bids"]) < s["n"]:
        return False
    _resolve_vote(s)
    return True


def _resolve_vote(s: State) -> None:
    vote = s["vote"]
    n = s["n"]
    bids = [vote["bids"][str(x)] for x in range(n)]
    for x in range(n):  # every disc bid goes to the pool, winners' and losers' alike
        s["participation"][x] -= bids[x]
    s["pool"] += sum(bids)
    holder = vote["holder"]

    def side(name: str, head: int | None, members: list[int]) -> dict[str, Any]:
        return {"name": name, "head": head, "members": members, "votes": sum(bids[m] for m in members),
                "unused": sum(s["participation"][m] for m in members)}

    winner: int | None
    if vote["kind"] == "elections":
        sides = [side(str(c), c, [c] + [x for x in vote["order"] if vote["backing"].get(str(x)) == c
                                        and x != c])
                 for c in vote["candidates"]]
        top = max(sd["votes"] for sd in sides)
        if sides[0]["votes"] == top:  # the holder's side wins alone or tied
            winner = holder
        else:
            tied = [sd for sd in sides if sd["votes"] == top]
            most_unused = max(sd["unused"] for sd in tied)
            best = [sd for sd in tied if sd["unused"] == most_unused]
            winner = best[0]["head"] if len(best) == 1 else None
    else:
        sides = [side("motion", vote["beneficiary"], list(vote["sides"]["motion"])),
                 side("government", holder, list(vote["sides"]["government"]))]
        motion, government = sides[0]["votes"], sides[1]["votes"]
        winner = vote["beneficiary"] if motion > government else holder if government > motion else None
    s["next_holder"] = winner
    nxt = winner if winner is not None else (s["holder"] + 1) % n
    event = {"type": "vote_result", "kind": vote["kind"], "bids": bids, "sides": sides, "winner": winner,
             "next_holder": nxt}
    log(s, event)
    s["last_vote"] = clone(s["log"][-1])
    s["vote"] = None
