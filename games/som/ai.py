"""The computer player of Som el que decidim!: a cooperative citizen with a look-ahead over its movement.

`choose(state, seat, rng=None)` returns one of `GAME.legal_actions(state, seat)` (or, in phase 3, a
`redistribute` with a gift list of its own making, checked by the engine first), or None when the
seat has nothing to do. It is a pure function of its arguments (no clock; `rng` only breaks exact
ties); the work is bounded by a budget of nodes (`NODE_BUDGET`: look-ahead positions and engine
applications), not by time. It reads only what every player sees: never the identity of a
face-down card (only how many of each type are still face down) nor another player's secret bid.

How it plays (the team wins only with the referendum, and loses when anyone cannot pay a tax):

* **Money.** Before each phase 4 the holder makes sure every citizen can pay the next taxation
  (the next holder 2 €, the others 1 €; the Agència Tributària's lighter taxes are counted on only
  when the normal ones cannot be covered, since a State action collects the card) and, as far as
  it can, the ones after: only the holder of each turn can give, and nobody can give to it, so the
  next holder needs both its taxes and enough to top up the others (`_safety` plays the coming
  taxations out, counting a small income per turn). Gifts are chosen greedily on that score: the
  short get discs first, the holder keeps what it needs, spare euros go where the coming turns
  need them (each gift also earns participation discs). Payments, broken coins and change hand
  over the least useful kinds: interior discs (mossos, firefighters: they protect urn cards, and
  mossos pay for elections in mode C) are kept; then health and justice; infrastructures go first.
* **Movement**: the look-ahead of games/som/search.py (`Mover`: an expectimax over the movement, on the
  public board, the face-down cards as draws from their public mix) values each first step, within the node
  budget; the best one is taken.
* **Set-up.** Concentració nacional goes to the cell with the most cells around it (the citizens
  start there and come back after every State action); the degree is medium, or high when a lone
  player may not play medium.
* **The State acts** (modes B and C): the holder protects the urn cards that are worth their
  interior discs (`PROTECT_URN` each against the safety of the coming taxations; never leaving a
  citizen unable to pay the next one), taking them from whoever can best spare them.
* **Disc effects** (mode B and C): health and justice taxes only from citizens clearly richer than
  the holder who stay able to pay their next tax (they bring euros stuck with a rich citizen to
  the holder, the only one who can pass them on); the exchanges, which cost the team a euro each,
  are not used.
* **Votes** (mode C, A+C): being the holder again earns the transfer and another round of gifts,
  but costs the team a mossos disc or 3 €, and every disc bid goes to the pool. So elections only
  when the holder is rich, the team keeps its next taxes and enough interior discs to protect its
  urn cards, and the holder can match any single challenger within `BID_CAP` (it wins ties); a
  motion of censure only when every outcome keeps the next taxation payable and a disc or two
  surely carries it; standing likewise; backing a side only when the other side's win would leave
  the next holder unable to pay (else abstaining); bids as small as surely win (nobody else's bid
  counted on), never more than `BID_CAP`, and 0 when nothing is at stake or it cannot surely win.

`advise(state, seat, rng=None, budget=None)` is the same decision with its reason, for a player's hint: a
`som.advice.*` message id and the numbers the decision weighed (the chance that the card it turns is an urn
card, from the public mix; the euros a gift gives and who would otherwise miss the next tax; the discs a
bid or a motion needs). `choose` is `advise(...).action`, so the two never disagree.

`random_choose` is the uniformly random legal baseline of the benchmark.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any

from games.core.choice import Advice, Budget, random_action
from games.core.choice import pick_best as _pick
from games.core.messages import N_, NP_, counted, msg, seat_ref
from games.core.protocol import IllegalAction, Rng
from games.core.rng import SeededRng
from games.som.cards import DISC, KIND_NAME, neighbours
from games.som.common import MAX_STEPS
from games.som.engine import GAME
from games.som.know import Know, keep_value
from games.som.search import Mover, pools_of

State = dict[str, Any]
Action = dict[str, Any]

# Work bound of one decision, in nodes (look-ahead positions, engine applications). A position is
# an area with every way on from it (about ten draws, some 50 µs); searched 2, 3 and 4 cards deep,
# a movement's look-ahead needs about 500 of them, and 300 play as well as 600 (bench.som_ai).
NODE_BUDGET = 300

# Money safety (phase 3 gifts): a citizen short of their next tax, and the value of euros beyond it.
SHORT = 20.0
HORIZON = 5  # taxations looked at (the next one and four more)
INCOME = 1  # euros each later holder is counted on receiving in its turn
LATER = (3.0, 2.0, 1.0, 0.5)  # a euro missing at the second, third, ... taxation from now
SPARE = (0.0, 1.0, 1.7, 2.2, 2.55, 2.8, 2.95)  # by euros over the next tax (more adds nothing)
PROTECT_URN = 4.0  # an urn card kept through a State action, in the same score
PARTICIPATION = 0.05  # a participation disc earned by a gift (only breaks near-ties)
KIND_WEIGHT = 0.08  # a kept kind's usefulness, in the same score

BID_CAP = 2  # never more participation discs than this in one vote




# --- choosing among scored actions ---------------------------------------------------------------


def _apply(state: State, seat: int, action: Action) -> State:
    """The engine's own `apply` (used only to check an action of our making; it draws nothing we read)."""
    return GAME.apply(state, seat, action, SeededRng("som-ai", 0))


# --- set-up ----------------------------------------------------------------------------------------


@cache
def _centrality(cell: str) -> float:
    """Cells around `cell`, and (less) the cells two steps away: a start with room to explore."""
    near = set(neighbours(cell))
    far = {c for x in near for c in neighbours(x)} - near - {cell}
    return len(near) + 0.3 * len(far)


def _place_start(know: Know, legal: list[Action]) -> list[tuple[float, Action]]:
    scored = []
    for action in legal:
        cell = action["cell"] or know.start
        scored.append((_centrality(cell) + (0.01 if action["cell"] is None else 0.0), action))
    return scored


def _centralism(know: Know, legal: list[Action]) -> list[tuple[float, Action]]:
    order = {"medium": 3.0, "high": 2.0, "intense": 1.0, "roll": 0.0}
    return [(order[a["degree"]], a) for a in legal]


# --- money -----------------------------------------------------------------------------------------


def _kinds_cost(know: Know, discs: Sequence[str]) -> float:
    return sum(keep_value(know, DISC[d].kind) for d in discs)


def _payment(know: Know, seat: int, legal: list[Action]) -> list[tuple[float, Action]]:
    """pay / break_coin / give_change: hand over the least useful kinds."""
    scored = []
    for action in legal:
        handed = action["discs"] if "discs" in action else [action["disc"]]
        left = [d for d in know.hand(seat) if d not in handed]
        ones_left = any(DISC[d].value == 1 for d in left)
        scored.append((-_kinds_cost(know, handed) + (0.05 if ones_left else 0.0), action))
    return scored


def _spare(x: int) -> float:
    if x < 0:
        return -SHORT * (-x)
    return SPARE[min(x, len(SPARE) - 1)]


def _safety(know: Know, values: Sequence[int], next_holder: int, atc: bool) -> float:
    """How safely every citizen gets through the coming taxations.

    The next one is firm: each citizen pays from what it holds now (a shortfall there loses the game,
    `SHORT` a euro; euros beyond it are worth `SPARE`). The following ones are played out over
    `HORIZON` turns with `INCOME` € for each later holder (the die's transfer is about 2 € on
    average), each holder topping up the others from what it can spare, as this player does: the
    next holder needs both its own taxes (nobody can give to it in its turn), the others their next
    one. Euros missing there count `LATER` a euro, less and less further ahead."""
    n = know.n
    first = [know.tax(p, next_holder, atc) for p in range(n)]
    score = sum(_spare(values[p] - first[p]) for p in range(n))
    if n < 2:
        return score
    vals = [max(0, values[p] - first[p]) for p in range(n)]
    holder = next_holder
    for later in LATER[: HORIZON - 1]:
        vals[holder] += INCOME
        following = (holder + 1) % n
        taxes = [know.tax(p, following, False) for p in range(n)]
        # The holder's phase 3: the following holder first (both its taxes), then the others.
        spare = vals[holder] - 1
        for p in [following] + [x for x in range(n) if x not in (holder, following)]:
            want = taxes[p] + (1 if p == following else 0) - vals[p]
            if spare > 0 and want > 0:
                given = min(spare, want)
                vals[p] += given
                vals[holder] -= given
                spare -= given
        score -= later * sum(max(0, taxes[p] - vals[p]) for p in range(n))
        vals = [max(0, vals[p] - taxes[p]) for p in range(n)]
        holder = following
    return score


def plan_gifts(know: Know, seat: int) -> list[dict[str, Any]]:
    """The holder's gifts of phase 3: greedy on the safety of the coming taxations (`_safety`)."""
    hand = sorted(know.hand(seat), key=lambda d: (keep_value(know, DISC[d].kind), d))
    values = list(know.values)
    nxt = know.next_holder()
    # Plan for the normal taxes (a State action this turn would collect the ATC) when they can be met.
    atc = know.atc and sum(values) < sum(know.tax(p, nxt, False) for p in range(know.n))
    participation = list(know.state["participation"])
    pool = know.state["pool"]
    gifts: list[dict[str, Any]] = []
    given: set[str] = set()

    def score(vals: list[int], earned: int) -> float:
        return _safety(know, vals, nxt, atc) + PARTICIPATION * earned

    earned = 0
    current = score(values, 0)
    while len(given) < len(hand) - 1:
        best: tuple[float, str, int, int] | None = None
        for disc in hand:
            if disc in given:
                continue
            worth = DISC[disc].value
            for to in range(know.n):
                if to == seat:
                    continue
                vals = list(values)
                vals[seat] -= worth
                vals[to] += worth
                reward = min(worth, participation[to]) + min(max(0, worth - participation[to]), pool)
                value = score(vals, earned + reward) - KIND_WEIGHT * keep_value(know, DISC[disc].kind)
                if value > current + 1e-9 and (best is None or value > best[0] + 1e-9):
                    best = (value, disc, to, reward)
        if best is None:
            break
        _value_unused, disc, to, reward = best
        worth = DISC[disc].value
        values[seat] -= worth
        values[to] += worth
        from_recipient = min(worth, participation[to])
        participation[to] -= from_recipient
        pool -= min(worth - from_recipient, pool)
        earned += reward
        current = score(values, earned)
        given.add(disc)
        gifts.append({"disc": disc, "to": to})
    return gifts


def _cohesion(know: Know, seat: int, legal: list[Action], budget: Budget) -> Advice:
    """Phase 3: no exchange (each costs the team a euro); the planned gifts, checked by the engine."""
    gifts = plan_gifts(know, seat)
    action: Action = {"type": "redistribute", "gifts": gifts}
    if action in legal:
        return _gifts_why(know, action)
    if budget.spend():
        try:
            _apply(know.state, seat, action)
            return _gifts_why(know, action)
        except IllegalAction:  # pragma: no cover - the plan keeps to the rules
            pass
    redistributions = [a for a in legal if a["type"] == "redistribute"]
    nxt = know.next_holder()
    scored = []
    for a in redistributions:
        vals = list(know.values)
        for g in a["gifts"]:
            vals[seat] -= DISC[g["disc"]].value
            vals[g["to"]] += DISC[g["disc"]].value
        scored.append((_safety(know, vals, nxt, False), a))
    return Advice(max(scored, key=lambda x: x[0])[1], N_("som.advice.safest_listed"))


def _gifts_why(know: Know, action: Action) -> Advice:
    """The planned gifts and why: who would otherwise miss the next tax, else the coming taxations."""
    gifts = action["gifts"]
    if not gifts:
        return Advice(action, N_("som.advice.give_nothing"))
    nxt = know.next_holder()
    atc = know.atc and sum(know.values) < sum(know.tax(p, nxt, False) for p in range(know.n))
    to = sorted({g["to"] for g in gifts})
    amount = sum(DISC[g["disc"]].value for g in gifts)
    short = [p for p in to if know.values[p] < know.tax(p, nxt, atc)]
    players = [seat_ref(p) for p in to]
    if short == to:
        return Advice(action, NP_("som.advice.give_short"), {"amount": amount, "players": players, "count": len(to)})
    if short:
        return Advice(action, NP_("som.advice.give_some_short"),
                      {"amount": amount, "players": players, "short": [seat_ref(p) for p in short],
                       "count": len(short)})
    return Advice(action, NP_("som.advice.give_ahead"), {"amount": amount, "players": players, "count": HORIZON})


def protect_plan(know: Know, most: int, next_holder: int | None = None) -> list[str]:
    """The interior discs to hand over when the State acts: each protected urn card is worth
    `PROTECT_URN` against the safety of the next two taxations (after a State action the normal
    taxes: the ATC is collected), and no citizen may be left unable to pay the next one. Discs come
    from whoever can best spare them, the least useful kind first."""
    nxt = know.next_holder() if next_holder is None else next_holder
    held = know.interior()
    best: tuple[float, list[str]] = (_safety(know, know.values, nxt, False), [])
    for k in range(1, min(most, len(held)) + 1):
        for chosen in combinations(held, k):
            vals = list(know.values)
            for _disc, owner in chosen:
                vals[owner] -= 2
            if not know.payable(vals, nxt, False):
                continue
            value = (PROTECT_URN * k + _safety(know, vals, nxt, False)
                     - 0.1 * sum(keep_value(know, DISC[d].kind) for d, _o in chosen))
            if value > best[0] + 1e-9:
                best = (value, sorted(d for d, _o in chosen))
    return best[1]


def protectable(know: Know) -> int:
    """The urn cards in the urn area that the interior discs would keep through a State action (`protect_plan`)."""
    return min(know.urns, len(protect_plan(know, know.urns))) if know.kinds else 0


def _protect(know: Know, legal: list[Action]) -> Advice:
    plan = protect_plan(know, know.urns)
    chosen = next((action for action in legal if sorted(action["discs"]) == plan),
                  {"type": "protect_urn", "discs": plan})  # every subset is listed
    if plan:
        return Advice(chosen, NP_("som.advice.protect"),
                      {"count": len(plan), "urn_cards": counted("som.urn_cards", know.urns)})
    return Advice(chosen, NP_("som.advice.protect_none"), {"count": know.urns})


# --- movement --------------------------------------------------------------------------------------




def _move(know: Know, seat: int, legal: list[Action], budget: Budget) -> tuple[list[tuple[float, Action]], Mover]:
    movement = know.state["movement"]
    search = Mover(know, seat, budget, protectable(know))
    pools = pools_of(know)
    here = movement["cell"]
    values = search.deepening(here, pools, movement["steps"] > 0, MAX_STEPS - movement["steps"])
    scored = []
    for action in legal:
        if action["type"] == "move_citizen":
            scored.append((values.get(action["cell"], -1e9), action))
        elif action["type"] == "stop_moving":
            scored.append((values.get(None, search.end(here)), action))
    return scored, search


def _percent(share: float) -> int:
    return round(100 * share)


def _move_why(know: Know, search: Mover, action: Action) -> Advice:
    """Why the movement goes on (or stops) as the search decided: the card it turns and the chance it is an
    urn card, or where the movement ends and what is within reach from there."""
    pools = pools_of(know)
    here = know.state["movement"]["cell"]
    if action["type"] == "stop_moving":
        draws = [target for target, _cell in search.aims.values() if target is not None and know.board[target] == "?"]
        if draws:
            spain = max(search.mix(pools, know.group_of.get(t, 0))[2] for t in draws)
            return Advice(action, N_("som.advice.stop_risk"), {"chance": _percent(spain)})
        return Advice(action, NP_("som.advice.stop_reach"), {"count": search.reach(here)})
    cell = action["cell"]
    target, start = search.aims.get(cell, (cell, cell))
    if target is not None and know.board[target] == "?":
        mix = search.mix(pools, know.group_of.get(target, 0))
        params: dict[str, Any] = {"cell": target, "chance": _percent(mix[1]), "spain": _percent(mix[2])}
        if target == cell:
            return Advice(action, N_("som.advice.turn"), params)
        return Advice(action, N_("som.advice.walk_to_turn"), {**params, "step": cell})
    end = start if target is None else target
    return Advice(action, NP_("som.advice.walk_to_end"),
                  {"step": cell, "cell": end, "count": search.reach(end)})


def _landing_effect(know: Know, seat: int, legal: list[Action]) -> Advice | None:
    """Health or justice after the holder lands on its card: only from citizens clearly richer than the
    holder who keep their next tax and a euro more."""
    effects = [a for a in legal if a["type"] == "use_disc_effect"]
    if not effects:
        return None
    nxt = know.next_holder()
    mine = know.values[seat]

    def spare(p: int, amount: int) -> bool:
        left = know.values[p] - amount
        return left >= know.tax(p, nxt, False) + 1 and left >= mine + amount

    best: tuple[int, Action] | None = None
    for action in effects:
        if action["effect"] == "justice":
            gain = action["amount"] if spare(action["target"], action["amount"]) else 0
        else:
            targets = action["targets"]
            gain = len(targets) if all(spare(t, len(targets)) for t in targets) else 0
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, action)
    if best is None:
        return None
    gain, chosen = best
    if chosen["effect"] == "justice":
        return Advice(chosen, N_("som.advice.justice"), {"player": seat_ref(chosen["target"]), "amount": gain})
    return Advice(chosen, N_("som.advice.health"), {"players": [seat_ref(t) for t in chosen["targets"]],
                                                   "amount": gain})


# --- mode C: votes ---------------------------------------------------------------------------------


def _after_vote_payable(know: Know, next_holder: int, values: Sequence[int] | None = None) -> bool:
    """The turn ends right after a vote: can everyone pay when `next_holder` holds the Generalitat?"""
    return know.payable(know.values if values is None else values, next_holder)


def _sufragi(know: Know, seat: int, legal: list[Action]) -> list[tuple[float, Action]]:
    types = {a["type"] for a in legal}
    scored: list[tuple[float, Action]] = [(0.0, {"type": "decline_vote"})]
    part = know.state["participation"]
    if "call_elections" in types:
        vals = list(know.values)
        if know.mode == "C":
            vals[seat] -= 2
            interior_after = len(know.interior()) - 1
            keeps_protection = interior_after >= know.urns + 1
        else:
            vals[seat] -= 3
            keeps_protection = True
        rich = vals[seat] >= 4 and sum(vals) >= 3 * (know.n + 1)
        # The holder wins ties: it can match any single challenger's discs within the cap.
        winnable = max(part[p] for p in range(know.n) if p != seat) <= min(part[seat], BID_CAP)
        if rich and keeps_protection and winnable and _after_vote_payable(know, seat, vals) \
                and _after_vote_payable(know, know.next_holder(), vals):
            scored.append((1.0, {"type": "call_elections"}))
    if "motion_of_censure" in types:
        holder = know.holder
        need = part[holder] + 1  # more than the government's head can bid
        safe = all(_after_vote_payable(know, x) for x in (seat, holder, know.next_holder()))
        if safe and need <= BID_CAP and part[seat] >= need and know.values[seat] >= 3:
            scored.append((1.0, {"type": "motion_of_censure"}))
    return [(v, a) for v, a in scored if a in legal]


def _sufragi_why(know: Know, seat: int, legal: list[Action], action: Action) -> Advice:
    """Why a vote is called, or which of the conditions `_sufragi` weighs keeps it from calling one."""
    part = know.state["participation"]
    types = {a["type"] for a in legal}
    if action["type"] == "call_elections":
        return Advice(action, N_("som.advice.call_elections"),
                      {"value": know.values[seat] - (2 if know.mode == "C" else 3)})
    need = part[know.holder] + 1
    if action["type"] == "motion_of_censure":
        return Advice(action, NP_("som.advice.censure"), {"count": need})
    if "call_elections" in types:
        vals = list(know.values)
        vals[seat] -= 2 if know.mode == "C" else 3
        if not (vals[seat] >= 4 and sum(vals) >= 3 * (know.n + 1)):
            return Advice(action, N_("som.advice.no_elections_money"), {"value": vals[seat]})
        if know.mode == "C" and len(know.interior()) - 1 < know.urns + 1:
            return Advice(action, N_("som.advice.no_elections_discs"))
        if max(part[p] for p in range(know.n) if p != seat) > min(part[seat], BID_CAP):
            return Advice(action, N_("som.advice.no_elections_challenger"))
        return Advice(action, N_("som.advice.no_vote_taxes"))
    if "motion_of_censure" in types:
        if not all(_after_vote_payable(know, x) for x in (seat, know.holder, know.next_holder())):
            return Advice(action, N_("som.advice.no_vote_taxes"))
        if know.values[seat] < 3:
            return Advice(action, N_("som.advice.no_censure_money"), {"value": know.values[seat]})
        return Advice(action, NP_("som.advice.no_censure_discs"), {"count": need})
    return Advice(action, N_("som.advice.default"))  # pragma: no cover - a vote is declined only when one is offered


def _stand_why(know: Know, seat: int, action: Action) -> Advice:
    need = know.state["participation"][know.holder] + 1
    if action["stand"]:
        return Advice(action, NP_("som.advice.stand"), {"count": need})
    if not _after_vote_payable(know, seat) or know.values[seat] < 3:
        return Advice(action, N_("som.advice.no_stand_money"))
    return Advice(action, NP_("som.advice.no_stand_discs"), {"count": need})


def _back_why(know: Know, action: Action) -> Advice:
    vote = know.state["vote"]
    if vote["kind"] == "elections":
        unsafe = [c for c in vote["candidates"] if not _after_vote_payable(know, c)]
        if action["candidate"] is not None:
            return Advice(action, N_("som.advice.back_candidate"),
                          {"player": seat_ref(action["candidate"]), "unsafe": [seat_ref(c) for c in unsafe]})
        if unsafe:
            return Advice(action, N_("som.advice.abstain_no_safe_side"))
        return Advice(action, N_("som.advice.abstain"))
    if action["side"] is not None:
        return Advice(action, N_("som.advice.back_side"), {"side": msg(f"som.side.{action['side']}")})
    if _after_vote_payable(know, vote["caller"]) and _after_vote_payable(know, vote["holder"]):
        return Advice(action, N_("som.advice.abstain"))
    return Advice(action, N_("som.advice.abstain_no_safe_side"))


def _beneficiary_why(know: Know, action: Action) -> Advice:
    p = action["player"]
    if _after_vote_payable(know, p):
        return Advice(action, N_("som.advice.beneficiary"), {"player": seat_ref(p)})
    return Advice(action, N_("som.advice.beneficiary_richest"), {"player": seat_ref(p)})


def _payment_why(know: Know, action: Action) -> Advice:
    handed = action["discs"] if "discs" in action else [action["disc"]]
    return Advice(action, N_("som.advice.hand_over"), {"discs": [msg(KIND_NAME[DISC[d].kind]) for d in handed]})


def _side_max(know: Know, members: Sequence[int]) -> int:
    part = know.state["participation"]
    return sum(part[m] for m in members)


def _stand(know: Know, seat: int) -> list[tuple[float, Action]]:
    part = know.state["participation"]
    holder = know.holder
    need = part[holder] + 1
    stand = need <= BID_CAP and part[seat] > need and _after_vote_payable(know, seat) and know.values[seat] >= 3
    return [(1.0 if stand else 0.0, {"type": "stand", "stand": True}),
            (0.5, {"type": "stand", "stand": False})]


def _back(know: Know, seat: int, legal: list[Action]) -> list[tuple[float, Action]]:
    """Abstain, unless some side's win would leave the next holder unable to pay: then back a safe side."""
    vote = know.state["vote"]
    scored: list[tuple[float, Action]] = []
    if vote["kind"] == "elections":
        unsafe = [c for c in vote["candidates"] if not _after_vote_payable(know, c)]
        for action in legal:
            c = action["candidate"]
            if c is None:
                scored.append((0.5, action))
            else:
                scored.append((1.0 if unsafe and c not in unsafe else 0.0, action))
    else:
        motion_ok = _after_vote_payable(know, vote["caller"])
        government_ok = _after_vote_payable(know, vote["holder"])
        for action in legal:
            side = action["side"]
            if side is None:
                scored.append((0.5, action))
            elif side == "motion":
                scored.append((1.0 if motion_ok and not government_ok else 0.0, action))
            else:
                scored.append((1.0 if government_ok and not motion_ok else 0.0, action))
    return scored


def _beneficiary(know: Know, seat: int, legal: list[Action]) -> list[tuple[float, Action]]:
    scored = []
    for action in legal:
        p = action["player"]
        value = (10.0 if _after_vote_payable(know, p) else 0.0) + (1.0 if p == seat else 0.0)
        scored.append((value + 0.01 * know.values[p], action))
    return scored


def bid_amount(know: Know, seat: int) -> int:
    """As few participation discs as surely carry the side this seat wants to win (counting on nobody
    else's bid), within `BID_CAP` and what it holds; else 0."""
    return _bid(know, seat)[0]


def _bid(know: Know, seat: int) -> tuple[int, int]:
    """`bid_amount`, and the discs that would surely carry its side (0: nothing at stake)."""
    vote = know.state["vote"]
    own = know.state["participation"][seat]
    holder = vote["holder"]
    want = 0
    if vote["kind"] == "elections":
        backing = vote["backing"]
        sides = {c: [c] + [int(x) for x in sorted(backing, key=int) if backing[x] == c and int(x) != c]
                 for c in vote["candidates"]}
        mine = next((c for c, members in sides.items() if seat in members), None)
        if mine is None:
            return 0, 0
        others = max((_side_max(know, m) for c, m in sides.items() if c != mine), default=0)
        unsafe = [c for c in sides if not _after_vote_payable(know, c)]
        needed = mine not in unsafe and bool(unsafe)  # another side's win would leave a tax unpaid
        if mine == holder:  # the holder's side wins ties
            want = others if seat == holder or needed else 0
        elif seat == mine or needed:  # a challenger must beat every other side
            want = others + 1 if mine not in unsafe else 0
    else:
        sides = vote["sides"]
        beneficiary = vote["beneficiary"] if vote["beneficiary"] is not None else vote["caller"]
        motion_ok = _after_vote_payable(know, beneficiary)
        if seat == vote["caller"]:
            want = _side_max(know, sides["government"]) + 1 if motion_ok else 0
        elif seat == holder and not motion_ok:
            want = _side_max(know, sides["motion"])  # a tie makes the motion fail
    if want <= 0 or want > min(own, BID_CAP):
        return 0, want  # nothing to win, or it cannot surely be won within the cap: keep the discs
    return want, want


# --- the player ------------------------------------------------------------------------------------


def _kind_of(legal: list[Action]) -> str:
    types = {a["type"] for a in legal}
    for name in ("place_start", "choose_centralism", "pay", "break_coin", "give_change", "protect_urn", "stand",
                 "back", "name_beneficiary", "bid"):
        if name in types:
            return name
    if "redistribute" in types:
        return "cohesion"
    if types & {"move_citizen", "stop_moving"}:
        return "move"
    if types & {"call_elections", "motion_of_censure", "decline_vote"}:
        return "sufragi"
    return "other"  # pragma: no cover - every waiting step is named above


def advise(state: State, seat: int, rng: Rng | int | None = None, budget: int | None = None) -> Advice:
    """The computer player's action for `seat` (what `choose` plays) and why: a `som.advice.*` message id and
    its parameters, from what it weighed. It reads only what `view(state, seat)` shows."""
    legal = GAME.legal_actions(state, seat)
    if not legal:
        return Advice(None, N_("som.advice.nothing_to_do"))
    kind = _kind_of(legal)
    if len(legal) == 1 and kind != "cohesion":
        return Advice(legal[0], N_("som.advice.only_choice"))
    know = Know(state)
    work = Budget(NODE_BUDGET if budget is None else budget)
    if kind == "cohesion":
        return _cohesion(know, seat, legal, work)
    if kind == "protect_urn":
        return _protect(know, legal)
    if kind == "bid":
        count, want = _bid(know, seat)
        if count:
            return Advice({"type": "bid", "count": count}, NP_("som.advice.bid"), {"count": count})
        if want <= 0:
            return Advice({"type": "bid", "count": 0}, N_("som.advice.bid_nothing_at_stake"))
        return Advice({"type": "bid", "count": 0}, NP_("som.advice.bid_cannot_win"), {"count": want})
    search: Mover | None = None
    scored: list[tuple[float, Action]]
    if kind == "place_start":
        scored = _place_start(know, legal)
    elif kind == "choose_centralism":
        scored = _centralism(know, legal)
    elif kind in ("pay", "break_coin", "give_change"):
        scored = _payment(know, seat, legal)
    elif kind == "move":
        effect = _landing_effect(know, seat, legal)
        if effect is not None:
            return effect
        scored, search = _move(know, seat, legal, work)
    elif kind == "sufragi":
        scored = _sufragi(know, seat, legal)
    elif kind == "stand":
        scored = _stand(know, seat)
    elif kind == "back":
        scored = _back(know, seat, legal)
    elif kind == "name_beneficiary":
        scored = _beneficiary(know, seat, legal)
    else:  # pragma: no cover
        scored = [(0.0, a) for a in legal]
    scored = [(v, a) for v, a in scored if a in legal]
    if not scored:
        return Advice(legal[0], N_("som.advice.default"))
    action = _pick(scored, rng)
    if kind == "place_start":
        cell = action["cell"] or know.start
        return Advice(action, NP_("som.advice.start_central"), {"cell": cell, "count": len(neighbours(cell))})
    if kind == "choose_centralism":
        if action["degree"] == "medium":
            return Advice(action, N_("som.advice.centralism_medium"))
        return Advice(action, N_("som.advice.centralism_mildest"), {"degree": msg(f"som.degree.{action['degree']}")})
    if kind in ("pay", "break_coin", "give_change"):
        return _payment_why(know, action)
    if search is not None:
        return _move_why(know, search, action)
    if kind == "sufragi":
        return _sufragi_why(know, seat, legal, action)
    if kind == "stand":
        return _stand_why(know, seat, action)
    if kind == "back":
        return _back_why(know, action)
    if kind == "name_beneficiary":
        return _beneficiary_why(know, action)
    return Advice(action, N_("som.advice.default"))  # pragma: no cover - every kind is worded above


def choose(state: State, seat: int, rng: Rng | int | None = None, budget: int | None = None) -> Action | None:
    """The computer player's action for `seat` (the contract's `choose(state, seat, rng)`), or None when
    it has nothing to do. Deterministic for the same arguments; `rng` (or a seed) only breaks exact
    ties; `budget` (nodes) defaults to `NODE_BUDGET`."""
    return advise(state, seat, rng, budget).action


def random_choose(state: State, seat: int, rng: Rng | int | None = None) -> Action | None:
    """The baseline: a uniformly random legal action (the first one without `rng`)."""
    return random_action(GAME.legal_actions(state, seat), rng)


__all__ = ["NODE_BUDGET", "Budget", "Know", "advise", "bid_amount", "choose", "keep_value", "plan_gifts",
           "protect_plan", "random_choose"]
