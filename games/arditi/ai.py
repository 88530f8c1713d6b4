"""The computer player of Arditi del Popolo: a search over the whole move, then a positional judgement.

`choose(state, seat, rng=None)` returns one of `GAME.legal_actions(state, seat)`, or None when the
seat has nothing to do. It is a pure function of its arguments (no clock, no randomness except
`rng`, which only breaks exact ties): the work is bounded by a budget of engine applications
(`NODE_BUDGET`), not by time.

How it plays:

* **"roll"** is the only choice at the start of a move.
* **The steps of a move.** The die is known, so every sequence of the remaining steps, jumps and
  leader moves (attacks: one swap of N places for N steps) of this move is searched depth first,
  with a memo over positions (many sequences meet), until the move ends or `NODE_BUDGET` engine
  applications are spent (the positions still open are then judged as they stand). Positions are
  produced by the engine's own handlers on a light copy of the state, with the end of the move
  (the random refill draws and the police) left out, so the rules are never copied; only a move
  whose captures need more refills than the bag holds ends there, the game over by the bag, which
  the computer seeks when it leads and avoids when it trails. When a step
  attacks a leader whose player must choose where it goes, that player is assumed to choose what
  is worst for the computer. Every distinct end of the move is scored by `evaluate`; the best
  `REFINE` of them are scored again with the opponents' prospects (`refine`), and the first action
  of the best one is played.
* **"place_leader"** (its leader was attacked): every offered space is scored by `refine`.
* **The evaluation** (in points of score margin against the best opponent):
  - the score if the game ended now (+2 a militant in the march, -1 in a leaderless group, -2
    arrested, +3 the first twelve); a finished game counts its result far above anything else;
  - the next captures: the fewest steps from the head to a jump (a number straight ahead with a
    free space behind), over the board with its numbers, police and other pieces (a search over
    the (space, direction of travel) pairs, computed once per decision and board), turned into the
    chance of a capture in the coming moves; a second target within reach adds a little;
  - room to move: the longest path the march could take next move (up to `ROOM_DEPTH` steps,
    simulated with the body following the head and the no-coiling rule). A march that cannot make
    a full move is heading into a dead end, and a boxed-in march stops for good;
  - its own leader: an interior leader that the opponent's leader can reach (leader moves along
    its march) may be attacked, losing the smaller part as a leaderless group; with two players the
    same threat against the opponent's interior leader counts for the computer (splitting a big
    rival march). At a table of three or more an attack does not serve the seed's ends: each clash
    the move causes counts as a cost (`CLASH_COST_MANY`), and taking its own leaderless groups back
    counts more (`W_REJOIN_MANY`);
  - the police: with marches of 7 or more militants, each police piece lands on a random tombola
    space at the end of the round; the expected loss of an arrest (the token, -2, and the part cut
    away from the leader) counts for every token that stands on a space still in the bag, so a
    long march keeps its leader near the middle and short of the threshold only when it pays;
  - leaderless groups of its colour that the head can reach again (one whose end is already next to
    the head counts as taken back: it joins the march as its next turn starts);
  - `refine` adds the opponents' next captures (a march that blocks a rival's jump gains).

The computer plays toward the seed's two ends (a march of 12, the bag running out): it never aims at
the engine's safety nets (a round without a step, the round cap).

`greedy_choose` is the one-step baseline of the benchmark: the legal action whose resulting
position has the best immediate score margin (so it jumps, and attacks a leader when it can), ties
broken by `rng`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from games.arditi.board import DIRECTIONS, LEFT, RIGHT, distances_from, neighbour, neighbours
from games.arditi.engine import GAME, POLICE_RANKS, POLICE_THRESHOLD, Arditi, coiled, militants, scores
from games.core.choice import Advice
from games.core.choice import pick_best as _pick
from games.core.messages import N_, NP_, counted, seat_ref
from games.core.protocol import Rng
from games.core.rng import SeededRng

State = dict[str, Any]
Action = dict[str, Any]

# Work bound of one decision, in engine applications (about 15-30 µs each on a light copy). A move
# of six steps with leader moves has a few thousand distinct positions at most; most have far fewer.
# The bench played as well with 1,200 as with 2,500 (98 % against greedy) at a sixth of the time.
NODE_BUDGET = 1200
REFINE = 12  # ends of the move scored again with the opponents' prospects
ROOM_DEPTH = 6  # the longest path looked for when judging room to move (one full move)
ROOM_NODES = 400  # work bound of one room search (a dead end with many branches)
FIELD_DEPTH = 18  # the capture distances are searched this far (steps)

# Weights of the evaluation, in points of score margin.
W_CAPTURE = 2.2  # a capture in the coming moves (2 points, and the march grows)
W_SECOND = 0.5  # another target within reach
W_OPPONENT = 1.2  # an opponent's coming capture (in `refine`)
# At a table of three or more, an attack is no gain towards the seed's ends: it cuts a rival march
# into a shorter march and a leaderless group that blocks every march, and the other rivals gain
# as much from it as the attacker. There the computer counts each clash it causes as a cost and
# takes its own leaderless groups back sooner.
CLASH_COST_MANY = 6.0
W_REJOIN_MANY = 3.0
ROOM_PENALTY = (9.0, 6.0, 4.0, 2.5, 1.5, 0.7, 0.0)  # by the longest path next move: 0 … ROOM_DEPTH
W_THREAT = 1.0  # expected loss of an attack on the own leader
W_CHANCE = 0.5  # expected gain of an attack on a rival leader
W_POLICE = 0.5  # expected loss of one round of police arrests (weighed half: see docs/decisions.md)
W_REJOIN = 0.8  # a leaderless group the head can reach again
WIN = 1000.0  # a finished game: won or lost, far above any position

_PLANNED = "planned"  # the phase of a searched position whose move is over


def _allowed(travel: str | None) -> tuple[str, ...]:
    return DIRECTIONS if travel is None else (travel, LEFT[travel], RIGHT[travel])


# --- chances --------------------------------------------------------------------------------------


def _within(turns: int, steps: int) -> float:
    """Chance that `turns` dice add up to at least `steps`."""
    ways = {0: 1}
    for _ in range(turns):
        following: dict[int, int] = {}
        for total, count in ways.items():
            for die in range(1, 7):
                following[total + die] = following.get(total + die, 0) + count
        ways = following
    return sum(c for t, c in ways.items() if t >= steps) / 6**turns


@cache
def capture_chance(steps: int) -> float:
    """What a capture `steps` steps away is worth now (1 = next move for sure), discounted by the
    moves it takes (each later move counts `0.6` of the one before)."""
    if steps <= 0:
        return 0.0
    value, before = 0.0, 0.0
    for turn in range(1, 6):
        now = _within(turn, steps)
        value += 0.6 ** (turn - 1) * (now - before)
        before = now
    return value


# --- positions ------------------------------------------------------------------------------------


class _Planner(Arditi):
    """The engine with the end of a move left out: no refill draws, no police, no log. A move whose
    captures need more refills than the bag holds ends the game (the seed's end), scored as it stands."""

    def _end_move(self, s: State, seat: int, rng: Rng) -> None:
        s["steps_left"] = 0
        if s["captures"] > len(s["bag"]):
            s["bag_ran_out"] = True
            self._game_over(s, "bag_empty")
            return
        s["phase"] = _PLANNED

    def _log(self, s: State, event: dict[str, Any]) -> None:
        return None

    def _attack(self, s: State, attacker: int, victim: int) -> bool:
        s["planned_clashes"] = s.get("planned_clashes", 0) + 1  # the clashes this move caused
        return super()._attack(s, attacker, victim)


_PLANNER = _Planner()
_UNUSED_RNG = SeededRng("arditi-ai", 0)  # the planner draws nothing; a safe value if it ever did


def _copy(state: State) -> State:
    new = dict(state)
    new["marches"] = [{**m, "spaces": list(m["spaces"])} for m in state["marches"]]
    new["groups"] = [{**g, "spaces": list(g["spaces"])} for g in state["groups"]]
    new["numbers"] = list(state["numbers"])
    new["visited"] = list(state["visited"])
    new["captured"] = [list(c) for c in state["captured"]]
    new["arrested"] = list(state["arrested"])
    new["attacks"] = list(state["attacks"])
    new["waiting"] = list(state["waiting"])
    new["bag"] = list(state["bag"])
    new["police"] = [dict(p) for p in state["police"]]
    placing = state["placing"]
    new["placing"] = None if placing is None else {
        **placing, "options": list(placing["options"]),
        "parts": {k: {"pieces": list(v["pieces"]), "options": list(v["options"])}
                  for k, v in placing["parts"].items()}}
    new["log"] = []
    return new


def _apply(state: State, seat: int, action: Action) -> State:
    """The engine's handler for a legal action on a light copy, the end of the move left out."""
    handler = getattr(_PLANNER, f"_do_{action['type']}", None)
    if handler is None:  # pragma: no cover - only if the engine renames its handlers
        return GAME.apply(state, seat, action, _UNUSED_RNG)
    new = _copy(state)
    handler(new, seat, action, _UNUSED_RNG)
    return new


def _key(state: State) -> tuple[Any, ...]:
    return (
        state["phase"], state["steps_left"], tuple(sorted(state["visited"])),
        tuple((tuple(m["spaces"]), m["leader"], m["dir"]) for m in state["marches"]),
        tuple(tuple(g["spaces"]) for g in state["groups"]),
        tuple(state["numbers"]),
    )


def _rivals(state: State, seat: int) -> list[int]:
    return [other for other in range(state["n"]) if other != seat]


def margin(state: State, seat: int) -> float:
    """Points of `seat` minus the best opponent's, if the game ended now."""
    points = scores(state)
    return float(points[seat] - max(points[o] for o in _rivals(state, seat)))


# --- capture distances ----------------------------------------------------------------------------


_DIRECTION_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


def _code(space: int, travel: str) -> int:
    """A (head space, direction of travel) state as a small integer."""
    return space * 4 + _DIRECTION_INDEX[travel]


@cache
def _predecessors() -> tuple[tuple[int, ...], ...]:
    """For each state (by code), the states one step before it."""
    found: list[list[int]] = [[] for _ in range(91 * 4)]
    for space in range(1, 91):
        for travel in DIRECTIONS:
            for direction in _allowed(travel):
                found[_code(*neighbour(space, direction))].append(_code(space, travel))
    return tuple(tuple(v) for v in found)


@cache
def _ready(number: int) -> tuple[tuple[int, str], ...]:
    """The (head space, direction of travel) states with `number`'s space straight ahead."""
    return tuple((space, travel) for space in neighbours(number) for travel in DIRECTIONS
                 if neighbour(space, travel)[0] == number)




def capture_goals(blocked: set[int], numbers: Iterable[int]) -> list[tuple[int, int]]:
    """The states of a head next to a number and travelling towards it, with a free space behind it:
    one step (the jump) from a capture; tagged with the number."""
    goals = []
    for number in numbers:
        for over, travel in _ready(number):
            beyond = neighbour(number, neighbour(over, travel)[1])[0]
            if over not in blocked and beyond not in blocked and beyond != over:
                goals.append((_code(over, travel), number))
    return goals


def rejoin_goals(blocked: set[int], ends: Iterable[int]) -> list[tuple[int, int]]:
    """The states of a head on a free space next to an end of a leaderless group (the group joins);
    tagged with the end."""
    return [(_code(space, travel), end) for end in ends for space in neighbours(end) if space not in blocked
            for travel in DIRECTIONS]


class Field:
    """Steps from every head state (space, direction of travel) to the nearest goal and to the nearest
    goal with another tag (another number), on a board whose obstacles stand still (the own march is
    left out: it moves out of the way). The goals are `start` steps from done (1 for a capture: the
    jump). 0 steps means none within `FIELD_DEPTH`."""

    def __init__(self, blocked: set[int], goals: Iterable[tuple[int, int]], start: int) -> None:
        self.blocked = blocked
        size = 91 * 4
        first, first_tag, second = [0] * size, [-1] * size, [0] * size
        frontier: list[tuple[int, int]] = []
        for code, tag in goals:
            if not first[code]:
                first[code], first_tag[code] = start or -1, tag
                frontier.append((code, tag))
            elif first_tag[code] != tag and not second[code]:
                second[code] = start or -1
                frontier.append((code, tag))
        free = [True] * 91
        for space in blocked:
            free[space] = False
        predecessors = _predecessors()
        steps = start
        while frontier and steps < FIELD_DEPTH:
            steps += 1
            following = []
            for code, tag in frontier:
                if not free[code >> 2]:
                    continue
                for before in predecessors[code]:
                    if not first[before]:
                        first[before], first_tag[before] = steps, tag
                        following.append((before, tag))
                    elif not second[before] and first_tag[before] != tag:
                        second[before] = steps
                        following.append((before, tag))
            frontier = following
        self.first, self.first_tag, self.second = first, first_tag, second

    def steps(self, head: int, travel: str | None) -> tuple[int, int | None, int]:
        """Steps from a head to the nearest goal (0 = none within reach, or there already), its tag,
        and the steps to the nearest goal with another tag."""
        if travel is not None:
            code = _code(head, travel)
            found = max(self.first[code], 0)
            return found, self.first_tag[code] if found else None, max(self.second[code], 0)
        # a march that has never moved may go any way (but cannot jump yet)
        labels: list[tuple[int, int]] = []
        for direction in DIRECTIONS:
            space, arrival = neighbour(head, direction)
            if space in self.blocked:
                continue
            code = _code(space, arrival)
            if self.first[code] > 0:
                labels.append((self.first[code] + 1, self.first_tag[code]))
                if self.second[code] > 0:
                    labels.append((self.second[code] + 1, -2))  # another tag than the first
        if not labels:
            return 0, None, 0
        best = min(labels)
        others = [d for d, tag in labels if tag != best[1]]
        return best[0], best[1], min(others, default=0)


def _field_state(state: State, seat: int) -> tuple[set[int], list[int]]:
    """Obstacles for `seat`'s march (everything but its own march) and the numbers."""
    blocked = set(state["numbers"])
    blocked.update(p["space"] for p in state["police"] if p["space"] is not None)
    for other, march in enumerate(state["marches"]):
        if other != seat:
            blocked.update(march["spaces"])
    for group in state["groups"]:
        blocked.update(group["spaces"])
    return blocked, list(state["numbers"])


# --- room to move ---------------------------------------------------------------------------------


def room(state: State, seat: int, depth: int = ROOM_DEPTH, budget: int = ROOM_NODES) -> int:
    """The longest path (up to `depth` steps) the march could take in its next move, its body
    following the head, obeying the no-coiling rule and never re-entering a space."""
    march = state["marches"][seat]
    body = list(march["spaces"])
    others: set[int] = set(state["numbers"])
    others.update(p["space"] for p in state["police"] if p["space"] is not None)
    numbers = set(state["numbers"])
    own_groups: set[int] = set()
    for other, theirs in enumerate(state["marches"]):
        if other != seat:
            others.update(theirs["spaces"])
    for group in state["groups"]:
        (own_groups if group["seat"] == seat else others).update(group["spaces"])
    best = [0]
    nodes = [budget]

    def legal(pieces: list[int], *around: int) -> bool:
        return not coiled(set(pieces) | own_groups, around)

    def walk(pieces: list[int], travel: str | None, done: int, visited: set[int]) -> bool:
        if done > best[0]:
            best[0] = done
        if done >= depth:
            return True
        nodes[0] -= 1
        if nodes[0] < 0:
            return False
        tail_lifted = pieces[1:]
        occupied = set(tail_lifted) | own_groups
        for direction in _allowed(travel):
            target, arrival = neighbour(pieces[-1], direction)
            if target in visited or target in occupied:
                continue
            if target in others:
                # a jump: a number straight ahead with a free space beyond
                if direction != travel or target not in numbers:
                    continue
                landing, landed = neighbour(target, arrival)
                if landing in others or landing in occupied or landing in visited:
                    continue
                grown = [*tail_lifted, target, landing]
                if legal(grown, landing, target) and walk(grown, landed, done + 1, visited | {landing}):
                    return True
                continue
            moved = [*tail_lifted, target]
            if legal(moved, target) and walk(moved, arrival, done + 1, visited | {target}):
                return True
        return False

    walk(body, march["dir"], 0, {body[-1]})
    return best[0]


# --- the evaluation -------------------------------------------------------------------------------


def _attack_threat(state: State, attacker: int, victim: int) -> float:
    """Expected points `victim` loses to an attack by `attacker`'s leader in `attacker`'s next move."""
    target = state["marches"][victim]
    position = target["leader"]
    length = len(target["spaces"])
    if not 0 < position < length - 1:
        return 0.0
    smaller = min(position, length - 1 - position)
    leader_space = target["spaces"][position]
    march = state["marches"][attacker]
    around = set(neighbours(leader_space))
    best = 0.0
    for index, space in enumerate(march["spaces"]):
        if space in around:
            cost = abs(index - march["leader"])
            if 0 < cost <= 6:
                best = max(best, (7 - cost) / 6)
            elif cost == 0:
                best = 1.0
    if best == 0.0:
        # the attacker's head region: the leader gets there by reaching the head of its march
        reach = distances_from(leader_space).get(march["spaces"][-1], 99)
        cost = reach - 1 + (len(march["spaces"]) - 1 - march["leader"])
        if cost <= 6:
            best = 0.3 * (7 - max(cost, 1)) / 6
    return best * 3 * smaller


def _police_risk(state: State, seat: int, bag: set[int]) -> float:
    """Expected points lost to arrests in one round of police, for `seat`."""
    forces = min(len(POLICE_RANKS), sum(1 for m in state["marches"] if len(m["spaces"]) - 1 >= POLICE_THRESHOLD))
    if not forces:
        return 0.0
    march = state["marches"][seat]
    occupied: set[int] = set(state["numbers"])
    occupied.update(p["space"] for p in state["police"] if p["space"] is not None)
    for m in state["marches"]:
        occupied.add(m["spaces"][m["leader"]])
    valid = sum(1 for n in bag if n not in occupied) or 1
    leader = march["leader"]
    length = len(march["spaces"])
    loss = 0.0
    for index, space in enumerate(march["spaces"]):
        if index == leader or space not in bag:
            continue
        cut = index if index < leader else length - 1 - index  # the pieces cut away from the leader
        loss += 4 + 3 * cut
    for group in state["groups"]:
        if group["seat"] == seat:
            loss += 2 * sum(1 for s in group["spaces"] if s in bag)
    return forces * loss / valid


class Judge:
    """The evaluation of one decision (fields and the bag cached across its positions)."""

    def __init__(self, root: State, seat: int) -> None:
        self.seat = seat
        self.bag = set(root["bag"])
        self.fields: dict[tuple[Any, ...], Field] = {}

    def field(self, state: State, seat: int) -> Field:
        """`seat`'s capture distances."""
        blocked, numbers = _field_state(state, seat)
        key = ("capture", tuple(sorted(blocked)))
        found = self.fields.get(key)
        if found is None:
            found = self.fields[key] = Field(blocked, capture_goals(blocked, numbers), 1)
        return found

    def rejoin_field(self, state: State, seat: int, ends: tuple[int, ...]) -> Field:
        """Steps of `seat`'s head to a space next to one of `ends` (of its leaderless groups)."""
        blocked, _ = _field_state(state, seat)
        key = ("rejoin", tuple(sorted(blocked)), ends)
        found = self.fields.get(key)
        if found is None:
            found = self.fields[key] = Field(blocked, rejoin_goals(blocked, ends), 0)
        return found

    def prospects(self, state: State, seat: int) -> float:
        """The chance-weighted next captures of `seat`'s march (in captures)."""
        march = state["marches"][seat]
        field = self.field(state, seat)
        steps, _, second = field.steps(march["spaces"][-1], march["dir"])
        return capture_chance(steps) + W_SECOND / W_CAPTURE * capture_chance(second)

    def rejoining(self, state: State, seat: int) -> float:
        """The chance-weighted points of `seat`'s leaderless groups that its head can join again."""
        groups = [g for g in state["groups"] if g["seat"] == seat]
        if not groups:
            return 0.0
        march = state["marches"][seat]
        value = 0.0
        around = neighbours(march["spaces"][-1])
        for group in groups:
            ends = tuple(sorted({group["spaces"][0], group["spaces"][-1]}))
            if any(end in around for end in ends):  # taken back as its next turn starts
                value = max(value, 3.0 * len(group["spaces"]))
                continue
            steps, _, _ = self.rejoin_field(state, seat, ends).steps(march["spaces"][-1], march["dir"])
            value = max(value, 3 * len(group["spaces"]) * capture_chance(steps))
        return value

    def evaluate(self, state: State) -> float:
        seat = self.seat
        result = state["result"]
        if result is not None:
            points = result["scores"]
            best_other = max(points[o] for o in _rivals(state, seat))
            won = seat in result["winners"]
            outright = WIN if len(result["winners"]) == 1 else WIN / 2
            return (outright if won else -WIN) + points[seat] - best_other
        value = margin(state, seat)
        many = state["n"] > 2
        if many:
            value -= CLASH_COST_MANY * state.get("planned_clashes", 0)
        value += W_CAPTURE * self.prospects(state, seat)
        value -= ROOM_PENALTY[min(room(state, seat), ROOM_DEPTH)]
        for other in _rivals(state, seat):
            value -= W_THREAT * _attack_threat(state, other, seat)
            if not many:
                value += W_CHANCE * _attack_threat(state, seat, other)
        value -= W_POLICE * _police_risk(state, seat, self.bag)
        value += (W_REJOIN_MANY if many else W_REJOIN) * self.rejoining(state, seat)
        return value

    def refine(self, state: State) -> float:
        """`evaluate` and the opponents' coming captures."""
        value = self.evaluate(state)
        if state["result"] is None:
            value -= W_OPPONENT * 2 * max(self.prospects(state, o) for o in _rivals(state, self.seat))
        return value


# --- the search -----------------------------------------------------------------------------------


class _Search:
    """Every distinct end of the current move reachable by the seat's remaining steps."""

    def __init__(self, state: State, seat: int, budget: int) -> None:
        self.seat = seat
        self.budget = budget
        self.applies = 0
        self.judge = Judge(state, seat)
        self.seen: set[tuple[Any, ...]] = set()
        self.ends: dict[tuple[Any, ...], tuple[State, Action]] = {}

    def apply(self, state: State, seat: int, action: Action) -> State:
        self.applies += 1
        return _apply(state, seat, action)

    def resolve(self, state: State) -> State:
        """A rival's leader placement during the move: the one worst for the computer."""
        while state["phase"] == "place_leader" and state["placing"]["seat"] != self.seat:
            victim = state["placing"]["seat"]
            options = [self.apply(state, victim, {"type": "place_leader", "space": s})
                       for s in state["placing"]["options"]]
            state = min(options, key=self.judge.evaluate)
        return state

    def moves(self, state: State) -> list[Action]:
        actions = GAME.legal_actions(state, self.seat)
        # jumps first, then steps, then leader moves: good ends are found before the budget runs out
        order = {"jump": 0, "step": 1, "leader_move": 2}
        return sorted(actions, key=lambda a: order.get(a["type"], 3))

    def walk(self, state: State, first: Action | None) -> None:
        key = _key(state)
        if key in self.seen:
            return
        self.seen.add(key)
        moving = state["phase"] == "move" and state["current"] == self.seat and state["steps_left"] > 0
        if first is not None and (not moving or self.applies >= self.budget):
            self.ends[key] = (state, first)
            return
        for action in self.moves(state):
            if action["type"] == "end_move":
                continue
            child = self.resolve(self.apply(state, self.seat, action))
            self.walk(child, first if first is not None else action)


def choose(state: State, seat: int, rng: Rng | int | None = None, budget: int | None = None) -> Action | None:
    """The computer player's action for `seat` (the contract's `choose(state, seat, rng)`), or None
    when it has nothing to do. Deterministic for the same arguments; `rng` (or a seed) only breaks
    exact ties; `budget` (engine applications) defaults to `NODE_BUDGET`. It is `advise`'s action, so
    a hint and the computer's move never differ."""
    return advise(state, seat, rng, budget).action


def advise(state: State, seat: int, rng: Rng | int | None = None, budget: int | None = None) -> Advice:
    """The computer player's action for `seat` and why (games.core.choice.Advice): the same search as
    `choose`, its reason read from the end of the move the search settled on. Everything in Arditi is
    public; the only things hidden, the bag's future draws and the dice, are never read (the search
    leaves the refills and the police out, and the bag counts only as the set of numbers still in it)."""
    legal = GAME.legal_actions(state, seat)
    if not legal:
        return Advice(None, N_("arditi.advice.nothing"))
    if state["phase"] == "roll":
        return Advice(legal[0], N_("arditi.advice.roll"))
    if len(legal) == 1:
        return Advice(legal[0], N_("arditi.advice.only"))
    if state["phase"] == "place_leader":
        judge = Judge(state, seat)
        action = _pick([(judge.refine(_apply(state, seat, a)), a) for a in legal], rng)
        return Advice(action, NP_("arditi.advice.place"), {"count": len(legal), "space": action["space"]})
    search = _Search(state, seat, NODE_BUDGET if budget is None else budget)
    search.walk(state, None)
    if not search.ends:  # pragma: no cover - every legal action leads somewhere
        return Advice(legal[0], N_("arditi.advice.only"))
    judge = search.judge
    scored = sorted(((judge.evaluate(end), i) for i, (end, _) in enumerate(search.ends.values())), reverse=True)
    ends = list(search.ends.values())
    best: dict[str, tuple[float, Action]] = {}
    plans: dict[str, State] = {}
    for _, index in scored[:REFINE]:
        end, first = ends[index]
        value = judge.refine(end)
        name = repr(sorted(first.items()))
        if name not in best or value > best[name][0]:
            best[name] = (value, first)
            plans[name] = end
    action = _pick(list(best.values()), rng)
    return _reason(state, seat, action, plans[repr(sorted(action.items()))], judge, len(ends))


def _reason(root: State, seat: int, action: Action, end: State, judge: Judge, ends: int) -> Advice:
    """Why the search plays `action`: what the end of the move it leads to has that the position
    before it has not (the game won, numbers captured, a leader attacked, a group taken back, a
    number nearer, the own leader out of reach), else that it is the best of the ends searched."""
    result = end["result"]
    if result is not None:
        if seat in result["winners"]:
            return Advice(action, N_("arditi.advice.win"))
        return Advice(action, N_("arditi.advice.least_bad"))
    length = militants(end["marches"][seat])
    captured = len(end["captured"][seat]) - len(root["captured"][seat])
    if action["type"] == "leader_move":
        victims = next((v for toward, places, _, v in GAME._leader_attacks(root, seat)
                        if toward == action["toward"] and places == action["places"]), [])
        lost = sum(militants(root["marches"][v]) - militants(end["marches"][v]) for v in victims)
        return Advice(action, NP_("arditi.advice.attack"),
                      {"party": [seat_ref(v) for v in victims], "count": max(lost, 0)})
    if captured > 0:
        key = NP_("arditi.advice.jump") if action["type"] == "jump" else NP_("arditi.advice.capture_on_the_way")
        return Advice(action, key, {"count": captured, "militants": counted("arditi.militants", length)})
    own_groups = sum(len(g["spaces"]) for g in root["groups"] if g["seat"] == seat)
    left_out = sum(len(g["spaces"]) for g in end["groups"] if g["seat"] == seat)
    if left_out < own_groups:
        return Advice(action, NP_("arditi.advice.rejoin"), {"count": own_groups - left_out})
    march, before = end["marches"][seat], root["marches"][seat]
    after_steps, _, _ = judge.field(end, seat).steps(march["spaces"][-1], march["dir"])
    before_steps, _, _ = judge.field(root, seat).steps(before["spaces"][-1], before["dir"])
    if after_steps and (not before_steps or after_steps < before_steps):
        return Advice(action, NP_("arditi.advice.approach"), {"count": after_steps})
    threat_before = sum(_attack_threat(root, other, seat) for other in _rivals(root, seat))
    threat_after = sum(_attack_threat(end, other, seat) for other in _rivals(end, seat))
    if threat_after < threat_before - 1e-9:
        return Advice(action, N_("arditi.advice.safe"))
    return Advice(action, NP_("arditi.advice.best"), {"count": ends})


def greedy_choose(state: State, seat: int, rng: Rng | int | None = None) -> Action | None:
    """Baseline: the legal action whose resulting position has the best immediate score margin."""
    legal = GAME.legal_actions(state, seat)
    if len(legal) <= 1:
        return legal[0] if legal else None
    if state["phase"] == "roll":
        return legal[0]
    return _pick([(margin(_apply(state, seat, a), seat), a) for a in legal], rng)
