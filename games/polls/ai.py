"""The computer player of The Polls Are Closed!: an expectimax search over the whole turn.

`choose(state, seat, rng=None)` returns one of `GAME.legal_actions(state, seat)`, or None
when the seat has nothing to do. It is a pure function of its arguments (no clock, no randomness
except `rng`, which only breaks exact ties): the work is bounded by a budget of engine
applications (`APPLY_BUDGET`), not by time.

How it plays:

* **Whole-turn plans.** In the actions step it searches every plan for the rest of the turn (one or
  two actions, or a double roll), taking the expectation over every die (the 21 unordered pairs of
  a double roll, each followed by the best `take_seven`/`place_die` answer), then the best way to
  spend Propaganda in the influence step. Pacts and shifts are pre-filtered to the best two each.
  Positions are produced by the engine's own handlers (`_apply`), so the rules are never copied.
* **The influence step** is solved exactly: every way of spending the held Propaganda is tried
  (a small multiset search, cached), and the first placement of the best one is played.
* **The evaluation** (in seats of margin, at the end of the player's turn):
  - each region's seat margin, smoothed over the Influence difference by how much it may still
    move (so a flimsy one-token lead in a small region counts less than a solid one in a big one);
  - the free tokens of each party: only 30 each and a game runs out of them, so wasting them in a
    tug of war over a small region is punished (the largest single gain in strength);
  - what Opinions on the circles and kept Propaganda will probably become, scaled by the turns
    left and by what one more Influence of that kind wins on the map now; lone tokens, which the
    opponent can knock out, are discounted; the same is subtracted for the opponent;
  - the coming national poll (exact when nobody moves before it) and the pact boxes;
  - a risk attitude that grows as the game ends: winning counts, not the size of the margin.
* The opponent's next turn is not searched.

`greedy_choose` is the one-ply baseline of the benchmark: the action with the best expected
projected seat margin right after it (dice averaged), ties broken with `rng_seed`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from games.core.choice import Advice
from games.core.choice import pick_best as _pick
from games.core.messages import N_, NP_, MessageFamily, msg
from games.core.protocol import Rng
from games.core.rng import ScriptedRng
from games.polls.data import (
    COSTS,
    INTERMEDIATE_A,
    OUTER_A,
    PACT_REGIONS,
    PROPAGANDA_LIMITS,
    REGION_IN,
    REGION_TYPE,
    REGION_WORD,
    REGIONS,
    SECTORS_B,
    TURNS_PER_ROUND,
    region_seats,
)
from games.polls.engine import GAME, State, clone, projected_seats, supply

Action = dict[str, Any]

# Work bound of one decision, in engine applications (about 30-60 µs each): once it is spent, the
# rest of the search scores positions statically instead of looking further into the turn.
# A normal decision needs at most about 800.
APPLY_BUDGET = 4000
# Work bound of the influence-step searches (nodes of the spending search) in one decision, and of
# one such search. Real games stay far below (a turn rarely holds more than 2 B and 6 C).
SPEND_BUDGET = 200_000
SPEND_CALL_MAX = 20_000
SPEND_CALL_MIN = 64
# At most this many pact and shift actions are searched in depth (the best by a static look).
PACT_CANDIDATES = 2
SHIFT_CANDIDATES = 2

# Weights of the evaluation, in seats of margin.
INTERMEDIATE_SHARE = 0.45  # an intermediate sector of A is about this much of one Propaganda A
OUTER_SHARE = 0.15  # an outer sector of A
B_SECTOR_SHARE = 0.4  # an outer sector of B is about this much of one Propaganda B
LONE_DISCOUNT = 0.8  # a sector holding one token can be knocked out by the opponent
STACK_BONUS = 0.05  # per extra own token stacked in a sector, in units of a Propaganda A
POLL_TOKEN = 1.0  # one national poll Influence
POLL_DECAY = 0.3  # the coming poll counts 1 / (1 + POLL_DECAY * opponent's turns before it)
MIN_UNIT = 1.0  # an Influence is always worth at least this much (future contests)
# A token in supply. Each party has only 30 and a normal game runs out of them, so a token spent
# where it wins little (a tug of war over a small region) is a token missing where it counts.
# This term is what lifted the player the most (tuned in self-play: 0.75 beats 0.85 and the
# former one-ply player; much higher makes it pass its turns with pacts and shifts).
TOKEN_VALUE = 0.75
SMOOTH_K = 0.5  # spread of a region's final Influence difference: SMOOTH_K * sqrt(turns left)
# Risk attitude: leaf values go through spread * tanh(value / spread), spread = a + b * turns left.
RISK_SPREAD: tuple[float, float] | None = (1.5, 0.7)

_DICE_PAIRS = [((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)]


# --- seats arithmetic -------------------------------------------------------------------------


def _margin(region: str, mine: int, theirs: int) -> int:
    """Seat margin (mine - theirs) a region gives."""
    a, b, _ = region_seats(region, mine, theirs)
    return a - b


_MARGIN = {r: [[_margin(r, m, t) for t in range(31)] for m in range(31)] for r in REGIONS}


_SPAN = 36
# Seat margin of a region by Influence difference (mine - theirs), index d + _SPAN.
_BY_DIFF = {r: [_margin(r, max(d, 0), max(-d, 0)) for d in range(-_SPAN, _SPAN + 1)] for r in REGIONS}
_SMOOTH_CACHE: dict[int, dict[str, list[float]]] = {}


def smoothed_margins(tenths: int) -> dict[str, list[float]]:
    """Per region, the expected margin by difference if the final difference is spread like a normal
    law of standard deviation `tenths / 10` around it (the future moves of both players).

    A flimsy one-token lead in a small region is worth less than its face value; a solid lead in a
    big region is worth more than the next token there suggests.
    """
    found = _SMOOTH_CACHE.get(tenths)
    if found is not None:
        return found
    sigma = tenths / 10
    if sigma <= 0:
        weights = [(0, 1.0)]
    else:
        raw = [(k, math.exp(-k * k / (2 * sigma * sigma))) for k in range(-8, 9)]
        total = sum(w for _, w in raw)
        weights = [(k, w / total) for k, w in raw]
    table = {}
    for r in REGIONS:
        row = _BY_DIFF[r]
        table[r] = [
            sum(w * row[min(max(i + k, 0), 2 * _SPAN)] for k, w in weights) for i in range(2 * _SPAN + 1)
        ]
    _SMOOTH_CACHE[tenths] = table
    return table


def _gain(region: str, mine: int, theirs: int, extra: int = 1) -> int:
    table = _MARGIN[region]
    return table[min(mine + extra, 30)][theirs] - table[mine][theirs]


def seat_margin(state: State, seat: int) -> int:
    """Projected seats of `seat` minus the opponent's."""
    seats = projected_seats(state)["seats"]
    return int(seats[seat] - seats[1 - seat])


# --- timing -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    """Turns left, seen from the end of the current player's turn."""

    mine: int  # my turns after the current one (or all of them if it is not my turn)
    theirs: int  # the opponent's turns still to come
    theirs_in_round: int  # of those, in the current round
    polls: int  # national polls still to come (end of rounds 1 and 2)


def timing(state: State, seat: int) -> Timing:
    rnd, turn, first = state["round"], state["turn"], state["first"]
    later = sum(TURNS_PER_ROUND[rnd:])
    in_round = TURNS_PER_ROUND[rnd - 1] - turn  # whole turns after the current one, per player
    polls = max(0, 2 - rnd + 1) if state["phase"] == "turn" else max(0, 2 - rnd)
    my_turn = state["phase"] == "turn" and state["current"] == seat
    if not my_turn:
        # Out of turn (the poll): both have everything after this turn marker.
        return Timing(in_round + later, in_round + later, in_round, polls)
    opp_in_round = in_round + (1 if seat == first else 0)
    return Timing(in_round + later, opp_in_round + later, opp_in_round, polls)


def _ramp(turns: int, needed: int) -> float:
    return min(1.0, turns / needed) if needed > 0 else 1.0


# --- the evaluation ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Units:
    """What one Influence of each kind is worth to a seat now, in seats."""

    a: float  # one Propaganda A (= one Influence in Madrid or Catalonia)
    b: float  # one Propaganda B
    c: float  # one Propaganda C


def units(influence: dict[str, list[int]], seat: int) -> Units:
    def best(regions: list[str]) -> float:
        value = MIN_UNIT
        for r in regions:
            mine, theirs = influence[r][seat], influence[r][1 - seat]
            value = max(value, _gain(r, mine, theirs), _gain(r, mine, theirs, 2) / 2)
        return value

    by_type = {t: best([r for r in REGIONS if REGION_TYPE[r] == t]) for t in ("1A", "3B", "5C/2B", "2C")}
    return Units(a=by_type["1A"], b=max(by_type["3B"] / 3, by_type["5C/2B"] / 2), c=by_type["2C"] / 2)


def _sector_value(sectors: dict[str, list[int]], seat: int, unit: Units, turns: int) -> float:
    """What a seat's Opinions on the circles will probably become."""
    if turns <= 0:
        return 0.0
    value = 0.0
    ramp_mid, ramp_out = _ramp(turns, 2), _ramp(turns, 4)
    for group, share, ramp, worth in (
        (INTERMEDIATE_A, INTERMEDIATE_SHARE, ramp_mid, unit.a),
        (OUTER_A, OUTER_SHARE, ramp_out, unit.a),
        (SECTORS_B, B_SECTOR_SHARE, ramp_mid, unit.b),
    ):
        for sector in group:
            n = sectors[sector][seat]
            if n:
                value += share * worth * ramp * (LONE_DISCOUNT if n == 1 else 1.0)
                value += STACK_BONUS * unit.a * (n - 1)
    return value


def _held_value(held: dict[str, int], unit: Units, turns: int) -> float:
    """Propaganda kept in the centres (it is spent at the end of a later turn)."""
    if turns <= 0:
        return 0.0
    return held["A"] * unit.a + held["B"] * unit.b + held["C"] * unit.c


def _map_value(influence: dict[str, list[int]], pacts: dict[str, list[int]], seat: int, time: Timing) -> float:
    """Seat margin now, plus expected poll and pact Influence (for `seat`, at the end of its turn)."""
    other = 1 - seat
    value = 0.0
    mine_ctrl = theirs_ctrl = 0
    smooth = smoothed_margins(round(10 * SMOOTH_K * math.sqrt(time.mine + time.theirs)))
    for r in REGIONS:
        m, t = influence[r][seat], influence[r][other]
        value += smooth[r][m - t + _SPAN]
        mine_ctrl += m > t
        theirs_ctrl += t > m
    if time.polls:
        if time.theirs_in_round == 0:
            # The poll comes before anyone moves again: it is exact.
            value += POLL_TOKEN * (min(mine_ctrl // 2, 5) - min(theirs_ctrl // 2, 5))
        else:
            # Control may still change before the poll: count it less the further the poll is.
            value += POLL_TOKEN * (mine_ctrl - theirs_ctrl) / 2 / (1 + POLL_DECAY * time.theirs_in_round)
    settled = time.theirs_in_round == 0
    for r in PACT_REGIONS:
        box = pacts[r]
        d = box[seat] - box[other]
        if d == 0:
            continue
        winner = seat if d > 0 else other
        loser = 1 - winner
        w, lo = influence[r][winner], influence[r][loser]
        p_box = 1.0 if settled else (0.9 if abs(d) >= 2 else 0.6)
        p_ctrl = (1.0 if w > lo else 0.0) if settled else (0.8 if w > lo else 0.3 if w == lo else 0.1)
        worth = _MARGIN[r][min(w + 1, 30)][lo] - _MARGIN[r][w][lo]
        value += (1 if winner == seat else -1) * p_box * p_ctrl * max(worth, 1)
    return value


def evaluate(state: State, seat: int) -> float:
    """How good the position looks for `seat`, in seats of margin (higher is better)."""
    if state["phase"] == "game_over":
        seats = state["result"]["seats"]
        return 100.0 * (seats[seat] - seats[1 - seat])
    time = timing(state, seat)
    other = 1 - seat
    influence = state["influence"]
    mine, theirs = units(influence, seat), units(influence, other)
    value = _map_value(influence, state["pacts"], seat, time)
    value += _sector_value(state["sectors"], seat, mine, time.mine) + _held_value(
        state["propaganda"][seat], mine, time.mine
    )
    value -= _sector_value(state["sectors"], other, theirs, time.theirs) + _held_value(
        state["propaganda"][other], theirs, time.theirs
    )
    return value


# --- the influence step -----------------------------------------------------------------------

# (region, pay, cost) for every way to place an Influence.
_SPENDS = [(r, pay, cost) for r in REGIONS for pay, cost in COSTS[REGION_TYPE[r]].items()]


class _Search:
    """One decision's search: cached leaf values for a seat at the end of its turn."""

    def __init__(self, state: State, seat: int, budget: int = APPLY_BUDGET) -> None:
        self.seat = seat
        self.budget = budget
        self.time = timing(state, seat)
        self.mine = units(state["influence"], seat)
        self.theirs = units(state["influence"], 1 - seat)
        self.spend_cache: dict[tuple[Any, ...], tuple[float, list[tuple[str, str]]]] = {}
        self.leaf_cache: dict[tuple[Any, ...], float] = {}
        self.applies = 0
        self.spend_nodes = 0
        # Tokens are finite (30) and run out in a normal game: a free one is worth something.
        self.token_mine = TOKEN_VALUE * _ramp(self.time.mine, 4)
        self.token_theirs = TOKEN_VALUE * _ramp(self.time.theirs, 4)

    def apply(self, state: State, action: Action, dice: tuple[int, ...]) -> State:
        self.applies += 1
        return _apply(state, self.seat, action, dice)

    # best spending: value of the map + kept Propaganda, and the placements (region, pay)
    def spend(self, influence: dict[str, list[int]], pacts: dict[str, list[int]],
              held: dict[str, int]) -> tuple[float, list[tuple[str, str]]]:
        key = (
            tuple(tuple(influence[r]) for r in REGIONS),
            tuple(tuple(pacts[r]) for r in PACT_REGIONS),
            held["A"], held["B"], held["C"],
        )
        found = self.spend_cache.get(key)
        if found is not None:
            return found
        seat = self.seat
        work = {r: list(v) for r, v in influence.items()}
        purse = dict(held)
        best: list[Any] = [float("-inf"), []]
        plan: list[tuple[str, str]] = []
        freed = [0]  # supply tokens the placements give back (the paid Propaganda minus the Influence)
        # Bounded work even for hoards no real game reaches: the first plan tried spends everything.
        nodes = [max(SPEND_CALL_MIN, min(SPEND_CALL_MAX, SPEND_BUDGET - self.spend_nodes))]

        def dfs(start: int) -> None:
            nodes[0] -= 1
            self.spend_nodes += 1
            if all(purse[k] < limit for k, limit in PROPAGANDA_LIMITS.items()):
                value = _map_value(work, pacts, seat, self.time) + _held_value(purse, self.mine, self.time.mine)
                value += self.token_mine * freed[0]
                if value > best[0] + 1e-9:
                    best[0], best[1] = value, list(plan)
            for i in range(start, len(_SPENDS)):
                region, pay, cost = _SPENDS[i]
                if purse[pay] >= cost and (nodes[0] > 0 or best[0] == float("-inf")):
                    purse[pay] -= cost
                    work[region][seat] += 1
                    plan.append((region, pay))
                    freed[0] += cost - 1
                    dfs(i)
                    freed[0] -= cost - 1
                    plan.pop()
                    work[region][seat] -= 1
                    purse[pay] += cost

        dfs(0)
        result = (float(best[0]), list(best[1]))
        self.spend_cache[key] = result
        return result

    def leaf(self, state: State) -> float:
        """Value of a position of the seat's own turn after its actions (best spending included)."""
        key = _key(state)
        found = self.leaf_cache.get(key)
        if found is not None:
            return found
        seat, other = self.seat, 1 - self.seat
        value, _ = self.spend(state["influence"], state["pacts"], state["propaganda"][seat])
        value += _sector_value(state["sectors"], seat, self.mine, self.time.mine)
        value -= _sector_value(state["sectors"], other, self.theirs, self.time.theirs)
        value -= _held_value(state["propaganda"][other], self.theirs, self.time.theirs)
        value += self.token_mine * supply(state, seat) - self.token_theirs * supply(state, other)
        if RISK_SPREAD is not None:
            # Winning is what counts: near the end, a sure small lead beats a gamble on a big one
            # (and a player behind takes risks). The spread shrinks with the turns left.
            spread = RISK_SPREAD[0] + RISK_SPREAD[1] * (self.time.mine + self.time.theirs)
            value = spread * math.tanh(value / spread)
        self.leaf_cache[key] = value
        return value

    # --- actions ---------------------------------------------------------------------------

    def pending_value(self, state: State) -> float:
        """A double roll waiting for an answer: the best answer."""
        if state["pending"] is None:
            return self.value(state)
        return max(self.pending_value(self.apply(state, a, ())) for a in GAME.legal_actions(state, self.seat))

    def action_value(self, state: State, action: Action) -> float:
        """Expected value of an action and the best rest of the turn after it."""
        kind = action["type"]
        if kind == "propaganda":
            return sum(self.value(self.apply(state, action, (d,))) for d in range(1, 7)) / 6
        if kind == "double_propaganda":
            total = 0.0
            for dice, weight in _DICE_PAIRS:
                total += weight * self.pending_value(self.apply(state, action, dice))
            return total / 36
        if kind in ("take_seven", "place_die"):
            return self.pending_value(self.apply(state, action, ()))
        return self.value(self.apply(state, action, ()))

    def value(self, state: State) -> float:
        """Best expected value of the rest of the turn (scored statically once the budget is spent)."""
        if state["actions_left"] == 0 or state["phase"] != "turn" or self.applies >= self.budget:
            return self.leaf(state)
        return max(self.action_value(state, a) for a in self.candidates(state))

    def candidates(self, state: State) -> list[Action]:
        """Actions worth searching: all propaganda, the best few pacts and shifts."""
        legal = GAME.legal_actions(state, self.seat)
        kept = [a for a in legal if a["type"] in ("propaganda", "double_propaganda")]
        for kind, limit in (("pact", PACT_CANDIDATES), ("shift", SHIFT_CANDIDATES)):
            options = [a for a in legal if a["type"] == kind]
            if len(options) > limit:
                scored = sorted(options, key=lambda a: -self.leaf(self.apply(state, a, ())))
                options = scored[:limit]
            kept += options
        return kept


def _key(state: State) -> tuple[Any, ...]:
    return (
        tuple(tuple(v) for v in state["sectors"].values()),
        tuple(tuple(v) for v in state["influence"].values()),
        tuple(tuple(v) for v in state["pacts"].values()),
        tuple(tuple(p.values()) for p in state["propaganda"]),
        state["actions_left"],
        state["pact_used"],
        tuple(state["shift_used"]),
    )


def _apply(state: State, seat: int, action: Action, dice: tuple[int, ...]) -> State:
    """The engine's handler for a legal action with scripted dice, on a light copy of the state.

    The search only applies actions taken from `GAME.legal_actions`, so it skips `GAME.apply`'s
    checks and its generic deep copy (most of the thinking time) and drops the log, which the
    evaluation never reads. The rules themselves are always the engine's.
    """
    handler = getattr(GAME, f"_do_{action['type']}", None)
    if handler is None:  # pragma: no cover - only if the engine renames its handlers
        return GAME.apply(state, seat, action, ScriptedRng(dice))
    new = {
        **state,
        "sectors": {k: v[:] for k, v in state["sectors"].items()},
        "influence": {k: v[:] for k, v in state["influence"].items()},
        "pacts": {k: v[:] for k, v in state["pacts"].items()},
        "propaganda": [dict(p) for p in state["propaganda"]],
        "shift_used": list(state["shift_used"]),
        "pending": clone(state["pending"]),
        "poll": clone(state["poll"]),
        "result": clone(state["result"]),
        "log": [],
    }
    handler(new, seat, action, ScriptedRng(dice))
    return new


# --- the players ------------------------------------------------------------------------------


def choose(state: State, seat: int, rng: Rng | int | None = None, budget: int | None = None) -> Action | None:
    """The computer player's action for `seat` (the contract's `choose(state, seat, rng)`), or None
    when it has nothing to do.

    Deterministic for the same arguments; `rng` (or a seed) only breaks exact ties; `budget` (engine
    applications) defaults to `APPLY_BUDGET`. It is `advise`'s action, so a hint and the computer's move
    never differ.
    """
    return advise(state, seat, rng, budget).action


# How a hint names the runner-up choice it compares with ("than Propaganda A").
ALTERNATIVE = MessageFamily("polls.advice.alt", ("propaganda", "double_propaganda", "pact", "shift"))
CLOSE = 0.05  # seats: a smaller lead over the runner-up reads "as good as" (shown to one decimal)


def advise(state: State, seat: int, rng: Rng | int | None = None, budget: int | None = None) -> Advice:
    """The computer player's action for `seat` and why (games.core.choice.Advice): the same search as
    `choose`, its reason the search's own numbers: the seats a placement wins at once, or how much the
    chosen action's expected value (in seats of margin) beats the runner-up's. Polls has no secret; the
    dice still to come are averaged over, never read."""
    legal = GAME.legal_actions(state, seat)
    if not legal:
        return Advice(None, N_("polls.advice.nothing"))
    if len(legal) == 1:
        return Advice(legal[0], N_("polls.advice.only"))
    before = seat_margin(state, seat)
    if state["phase"] == "poll":
        scored = [(evaluate(_apply(state, seat, a, ()), seat), a) for a in legal]
        action = _pick(scored, rng)
        won = seat_margin(_apply(state, seat, action, ()), seat) - before
        where = _where(action["region"])
        if won > 0:
            return Advice(action, NP_("polls.advice.poll_seats"), {"region": where, "count": won})
        return Advice(action, N_("polls.advice.poll_best"), {"region": where})
    search = _Search(state, seat, APPLY_BUDGET if budget is None else budget)
    if state["pending"] is not None:
        scored = [(search.action_value(state, a), a) for a in legal]
        action = _pick(scored, rng)
        gain = _lead(scored, action)
        if gain is None:
            return Advice(action, N_("polls.advice.dice_either"))
        if action["type"] == "take_seven":
            key = N_("polls.advice.seven") if action["take"] else N_("polls.advice.no_seven")
            return Advice(action, key, {"gain": gain})
        return Advice(action, N_("polls.advice.die_first"), {"value": action["value"], "gain": gain})
    if state["actions_left"] == 0:
        _, plan = search.spend(state["influence"], state["pacts"], state["propaganda"][seat])
        if not plan:
            return Advice({"type": "end_turn"}, N_("polls.advice.keep"))
        region, pay = plan[0]
        action = {"type": "influence", "region": region, "pay": pay}
        won = seat_margin(_apply(state, seat, action, ()), seat) - before
        params: dict[str, Any] = {"region": _where(region), "pay": pay}
        if won > 0:
            return Advice(action, NP_("polls.advice.influence_seats"), {**params, "count": won})
        return Advice(action, NP_("polls.advice.influence_plan"), {**params, "count": len(plan)})
    candidates = search.candidates(state)
    scored = [(search.action_value(state, a), a) for a in candidates]
    action = _pick(scored, rng)
    return _compared(action, scored)


def _lead(scored: list[tuple[float, Action]], action: Action) -> float | None:
    """How much `action`'s value beats the best other choice's, in seats to one decimal; None when the
    difference is too small to tell (the tie-break chose)."""
    mine = next(value for value, a in scored if a == action)
    others = [value for value, a in scored if a != action]
    gain = mine - max(others) if others else 0.0
    return round(gain, 1) if gain >= CLOSE else None


def _runner_up(scored: list[tuple[float, Action]], action: Action) -> dict[str, Any]:
    """The best other choice, as words for a hint."""
    _, other = max(((value, a) for value, a in scored if a != action), key=lambda pair: pair[0])
    return _said(other)


def _said(action: Action) -> dict[str, Any]:
    # The ids are looked up before the calls: the catalog extractor reads a literal inside `msg(...)` as an id.
    kind = action["type"]
    said = ALTERNATIVE[kind]
    if kind in ("propaganda", "double_propaganda"):
        return msg(said, circle=_circle(action["circle"]))
    if kind == "pact":
        return msg(said, region=_where(action["region"]))
    source, target = action["from"], action["to"]
    return msg(said, source=_named(source), target=_named(target))


def _where(region: str) -> dict[str, Any]:
    """A region with the words that put something in it ("in Madrid"), as a message parameter."""
    return msg(REGION_IN[region])


def _named(region: str) -> dict[str, Any]:
    return msg(REGION_WORD[region])


def _circle(circle: str) -> str:
    return "B+C" if circle == "BC" else circle


def _compared(action: Action, scored: list[tuple[float, Action]]) -> Advice:
    """The reason of an action of the actions step: its expected lead over the runner-up."""
    alternative = _runner_up(scored, action)
    gain = _lead(scored, action)
    if gain is None:
        return Advice(action, N_("polls.advice.as_good"), {"choice": _said(action), "alternative": alternative})
    kind = action["type"]
    params: dict[str, Any] = {"gain": gain, "alternative": alternative}
    if kind == "propaganda":
        return Advice(action, N_("polls.advice.propaganda"), {**params, "circle": _circle(action["circle"])})
    if kind == "double_propaganda":
        return Advice(action, N_("polls.advice.double"), {**params, "circle": _circle(action["circle"])})
    if kind == "pact":
        return Advice(action, N_("polls.advice.pact"),
                      {**params, "region": _where(action["region"]), "sector": action["sector"]})
    return Advice(action, N_("polls.advice.shift"),
                  {**params, "source": _named(action["from"]), "target": _named(action["to"])})


def greedy_choose(state: State, seat: int, rng_seed: Rng | int | None = None) -> Action | None:
    """Baseline: the action with the best expected projected seat margin right after it (one ply)."""
    legal = GAME.legal_actions(state, seat)
    if len(legal) <= 1:
        return legal[0] if legal else None
    scored = []
    for action in legal:
        kind = action["type"]
        if kind == "propaganda":
            value = sum(seat_margin(_apply(state, seat, action, (d,)), seat) for d in range(1, 7)) / 6
        elif kind == "double_propaganda":
            value = sum(w * seat_margin(_apply(state, seat, action, dice), seat) for dice, w in _DICE_PAIRS) / 36
        else:
            value = seat_margin(_apply(state, seat, action, ()), seat)
        scored.append((float(value), action))
    return _pick(scored, rng_seed)

