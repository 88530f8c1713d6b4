"""Arditi del Popolo, Snake variant (rules/arditi.md): marches that grow like snakes on a round board.

State is a JSON-ready dict; `apply` copies it before changing the copy. Marches are lists of spaces
from tail to head with the leader's index; every piece's place is derived from them, the
leaderless groups, the indifferents (numbers on their own spaces) and the police.

State fields:
    n, options, phase ("roll" | "move" | "place_leader" | "game_over"), round, first, current,
    die, steps_left, visited (spaces the head entered this move), captures (this move),
    stepped (a march took a step this round), marches [seat] {spaces, leader, dir}, groups
    [{seat, spaces}], numbers (spaces holding an indifferent), waiting (numbers on the centre),
    police [{rank, space}] (in the order they entered), bag (numbers still in it), captured
    [seat] [numbers], arrested [seat], first_to_twelve, attacks (leaders still to be attacked
    this step), placing (the attacked player's choice), bag_ran_out, result ({reason, scores, winners,
    standings: every seat, best first by the rules' tie-break}), log, log_count.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.arditi.actions import ACTIONS
from games.arditi.board import (
    DIRECTIONS,
    LEFT,
    OPPOSITE,
    RIGHT,
    SPACES,
    direction_between,
    distances_from,
    neighbour,
    neighbours,
    relative,
)
from games.arditi.view_types import ArditiView, Move, Space
from games.core.actions import check_seat
from games.core.data import UntimedGame, clone
from games.core.engine import Engine
from games.core.messages import N_, NP_, counted, msg
from games.core.options import check_options
from games.core.protocol import IllegalAction, OptionSpec, Rng

State = dict[str, Any]
Action = dict[str, Any]

INDIFFERENTS = 12
POLICE_RANKS = ("pawn", "bishop", "knight", "rook", "queen", "king")
POLICE_THRESHOLD = 7  # marches with at least this many militants call the police
WINNING_MARCH = 12  # militants that end the game at once
FIRST_TO_TWELVE_BONUS = 3
LOG_KEPT = 40

OPTIONS_SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec("max_rounds", "int", 60, N_("arditi.option.max_rounds"), 5, 200),
    # A house rule: a police piece's number goes back into the bag. Off by default: the rules keep it out,
    # as the seed reads ("pesca un numero a caso dalla borsa"), so the police empty the bag too.
    OptionSpec("police_return_draws", "bool", False, N_("arditi.option.police_return_draws")),
    # Tables stored between 2026-11-27 and 2026-11-28 named the opposite rule; they play on under it.
    OptionSpec("police_keep_draws", "bool", None, N_("arditi.option.police_keep_draws"), public=False),
    OptionSpec("first", "int", None, N_("arditi.option.first"), 0, 5, public=False),
)

Occupancy = dict[int, tuple[str, int]]  # space → (kind, seat or police index); kind: token/leader/number/police


# --- reading a state ------------------------------------------------------------------------------


def occupancy(state: State) -> Occupancy:
    """What stands on every occupied space."""
    found: Occupancy = {}
    for space in state["numbers"]:
        found[space] = ("number", -1)
    for index, piece in enumerate(state["police"]):
        if piece["space"] is not None:  # a piece that found no space to enter waits off the board
            found[piece["space"]] = ("police", index)
    for seat, march in enumerate(state["marches"]):
        for position, space in enumerate(march["spaces"]):
            found[space] = ("leader" if position == march["leader"] else "token", seat)
    for group in state["groups"]:
        for space in group["spaces"]:
            found[space] = ("token", group["seat"])
    return found


def militants(march: dict[str, Any]) -> int:
    """Tokens in a march (its leader is not a militant)."""
    return len(march["spaces"]) - 1


def head(march: dict[str, Any]) -> int:
    return int(march["spaces"][-1])


def colour_spaces(state: State, seat: int) -> set[int]:
    spaces = set(state["marches"][seat]["spaces"])
    for group in state["groups"]:
        if group["seat"] == seat:
            spaces.update(group["spaces"])
    return spaces


def coiled(spaces: set[int], around: Iterable[int]) -> bool:
    """Whether a piece at or next to `around` touches more than 2 others of its colour."""
    checked: set[int] = set()
    for space in around:
        for candidate in (space, *neighbours(space)):
            if candidate in spaces and candidate not in checked:
                checked.add(candidate)
                if sum(1 for other in neighbours(candidate) if other in spaces) > 2:
                    return True
    return False


def returns_police_draws(state: State) -> bool:
    """Whether a police piece's number goes back into the bag (the `police_return_draws` house rule).

    A game stored before 2026-11-28 plays on under the rule it started with: draws went back unless its
    (since renamed) `police_keep_draws` option kept them out."""
    options = state["options"]
    legacy = options.get("police_keep_draws")
    if legacy is not None or "police_return_draws" not in options:
        return not legacy
    return bool(options["police_return_draws"])


def scores(state: State) -> list[int]:
    """Points if the game ended now: +2 a militant in the march, −1 one in a leaderless group,
    −2 one arrested, +3 the first march to twelve militants."""
    points = [2 * militants(march) - 2 * state["arrested"][seat] for seat, march in enumerate(state["marches"])]
    for group in state["groups"]:
        points[group["seat"]] -= len(group["spaces"])
    if state["first_to_twelve"] is not None:
        points[state["first_to_twelve"]] += FIRST_TO_TWELVE_BONUS
    return points


# --- the game -------------------------------------------------------------------------------------


class Arditi(UntimedGame, Engine):
    id = "arditi"
    title = "Arditi del Popolo"
    min_players = 2
    max_players = 6
    options_schema = OPTIONS_SCHEMA
    actions = ACTIONS
    game_over = (N_("arditi.game_over"), "The game is over.")
    log_kept = LOG_KEPT

    # --- set-up ----------------------------------------------------------------------------------

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> State:
        if not self.min_players <= n_players <= self.max_players:
            raise IllegalAction("arditi.player_count",
                                f"Arditi del Popolo is played by 2 to 6 players, not {n_players}.", seated=n_players)
        opts = check_options(OPTIONS_SCHEMA, dict(options))
        first = opts.pop("first")
        if opts.pop("police_keep_draws") is not None:  # a table stored under the old option: kept verbatim,
            opts.pop("police_return_draws")            # so that its replay rebuilds its stored snapshot
            opts["police_keep_draws"] = options["police_keep_draws"]
        if first is not None and first >= n_players:
            raise IllegalAction("arditi.bad_first", f"The first player must be a seat from 0 to {n_players - 1}.",
                                high=n_players - 1)
        state: State = {
            "n": n_players, "options": opts, "phase": "roll", "round": 1, "first": 0, "current": 0,
            "die": None, "steps_left": 0, "visited": [], "captures": 0, "stepped": False,
            "marches": [], "groups": [], "numbers": [], "waiting": [], "police": [],
            "bag": list(range(1, SPACES + 1)), "captured": [[] for _ in range(n_players)],
            "arrested": [0] * n_players, "first_to_twelve": None, "attacks": [], "placing": None,
            "bag_ran_out": False, "strong": [], "result": None, "log": [], "log_count": 0,
        }
        for _ in range(n_players):  # each party's seat: the leader's first space
            state["marches"].append({"spaces": [self._draw(state, rng)], "leader": 0, "dir": None})
        for _ in range(INDIFFERENTS):
            state["numbers"].append(self._draw(state, rng))
        state["numbers"].sort()
        state["first"] = first if first is not None else rng.randint(0, n_players - 1)
        state["current"] = state["first"]
        self._log(state, {"type": "game_started", "first": state["first"],
                          "seats": [m["spaces"][0] for m in state["marches"]]})
        self._log(state, {"type": "turn_started", "seat": state["first"], "round": 1})
        return state

    @staticmethod
    def _draw(state: State, rng: Rng) -> int:
        """A number from the tombola bag, taken out of it (the bag must not be empty)."""
        bag = state["bag"]
        while True:
            number = rng.randint(1, SPACES)
            if number in bag:
                bag.remove(number)
                return number

    # --- queries ---------------------------------------------------------------------------------

    def to_act(self, state: State) -> set[int]:
        phase = state["phase"]
        if phase in ("roll", "move"):
            return {state["current"]}
        if phase == "place_leader":
            return {state["placing"]["seat"]}
        return set()

    def legal_actions(self, state: State, seat: int | None) -> list[Action]:
        if seat is None or seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == "roll":
            return [{"type": "roll"}]
        if phase == "place_leader":
            return [{"type": "place_leader", "space": s} for s in state["placing"]["options"]]
        actions = self._moves(state, seat)
        if not self._can_advance(actions):
            # No step or jump is left: the move may end (leader moves stay possible).
            actions.append({"type": "end_move"})
        return actions

    def _moves(self, state: State, seat: int) -> list[Action]:
        """Every legal step, jump and leader move of `seat`'s march now."""
        if state["steps_left"] <= 0:
            return []
        actions: list[Action] = [{"type": "step", "dir": d} for d in self._step_directions(state, seat)]
        if self._jump_target(state, seat) is not None:
            actions.append({"type": "jump"})
        actions += [{"type": "leader_move", "toward": toward, "places": places}
                    for toward, places, _, _ in self._leader_attacks(state, seat)]
        return actions

    @staticmethod
    def _attackable(state: State, seat: int, space: int) -> list[int]:
        """The other players whose leader, neither the head nor the tail of its march, stands next to
        `space`: the leaders a leader of `seat` on `space` attacks."""
        around = neighbours(space)
        return [other for other, theirs in enumerate(state["marches"])
                if other != seat and 0 < theirs["leader"] < len(theirs["spaces"]) - 1
                and theirs["spaces"][theirs["leader"]] in around]

    def _leader_attacks(self, state: State, seat: int) -> list[tuple[str, int, int, list[int]]]:
        """Every leader move of `seat` now: (toward, places, the destination, the seats attacked there).
        The leader swaps with the piece `places` pieces away along its march, for as many steps, and
        only to attack (rules "Moving the leader")."""
        march = state["marches"][seat]
        spaces, leader, steps = march["spaces"], march["leader"], state["steps_left"]
        found = []
        for toward, sign in (("head", 1), ("tail", -1)):
            for places in range(1, steps + 1):
                index = leader + sign * places
                if not 0 <= index < len(spaces):
                    break
                victims = self._attackable(state, seat, spaces[index])
                if victims:
                    found.append((toward, places, spaces[index], victims))
        return found

    @staticmethod
    def _can_advance(actions: list[Action]) -> bool:
        """Whether `actions` hold a step or a jump (a leader move is no step: it spends steps to attack)."""
        return any(action["type"] in ("step", "jump") for action in actions)

    def _allowed_directions(self, march: dict[str, Any]) -> tuple[str, ...]:
        travel = march["dir"]
        if travel is None:
            return DIRECTIONS  # a march that has never moved may go any way
        return (travel, LEFT[travel], RIGHT[travel])

    def _step_directions(self, state: State, seat: int) -> list[str]:
        march = state["marches"][seat]
        taken = occupancy(state)
        tail = march["spaces"][0]
        del taken[tail]  # the tail is lifted before it is put down in front
        return [d for d in self._allowed_directions(march)
                if self._can_enter(state, seat, taken, neighbour(head(march), d)[0], extra=())]

    def _can_enter(self, state: State, seat: int, taken: Occupancy, target: int, extra: tuple[int, ...]) -> bool:
        if target in taken or target in state["visited"]:
            return False
        march = state["marches"][seat]
        spaces = colour_spaces(state, seat) - {march["spaces"][0]} | {target, *extra}
        return not coiled(spaces, (target, *extra))

    def _jump_target(self, state: State, seat: int) -> tuple[int, int, str] | None:
        """(the number's space, the landing space, the direction on landing) of a legal jump."""
        march = state["marches"][seat]
        if march["dir"] is None:
            return None  # nothing is straight ahead of a march that has never moved
        over, travel = neighbour(head(march), march["dir"])
        if over not in state["numbers"]:
            return None
        landing, arrival = neighbour(over, travel)
        taken = occupancy(state)
        del taken[march["spaces"][0]]
        if landing == over or not self._can_enter(state, seat, taken, landing, extra=(over,)):
            return None
        return over, landing, arrival

    # --- views -----------------------------------------------------------------------------------

    def tie_breaks(self, state: State) -> dict[int, float]:
        """Equal points are broken by captured numbers (rules/arditi.md, "End and scoring")."""
        return {seat: float(len(numbers)) for seat, numbers in enumerate(state["captured"])}

    def view(self, state: State, seat: int | None) -> ArditiView:
        """Everything is public; the view adds what a board and its controls need."""
        check_seat(seat, state["n"])
        taken = occupancy(state)
        spaces: dict[str, Space] = {}
        for space, (kind, owner) in taken.items():
            if kind == "police":
                spaces[str(space)] = {"kind": "police", "rank": state["police"][owner]["rank"]}
            elif kind == "number":
                spaces[str(space)] = {"kind": "number"}
            else:
                spaces[str(space)] = {"kind": kind, "seat": owner}
        current = state["current"]
        moves: list[Move] = []
        if state["phase"] == "move":
            march = state["marches"][current]
            for action in self._moves(state, current):
                if action["type"] == "step":
                    moves.append({"type": "step", "dir": action["dir"],
                                  "space": neighbour(head(march), action["dir"])[0],
                                  "relative": relative(march["dir"], action["dir"])})
                elif action["type"] == "jump":
                    target = self._jump_target(state, current)
                    assert target is not None
                    moves.append({"type": "jump", "over": target[0], "space": target[1]})
            for toward, places, space, victims in self._leader_attacks(state, current):
                moves.append({"type": "leader_move", "toward": toward, "places": places, "space": space,
                              "victims": victims})
        return {
            "game": "arditi",
            "n": state["n"],
            "phase": state["phase"],
            "round": state["round"],
            "max_rounds": state["options"]["max_rounds"],
            "police_return_draws": returns_police_draws(state),
            "first": state["first"],
            "current": current if state["phase"] != "game_over" else None,
            "die": state["die"],
            "steps_left": state["steps_left"],
            "spaces": spaces,
            "marches": [{"seat": s, "spaces": list(m["spaces"]), "leader": m["leader"], "dir": m["dir"],
                         "militants": militants(m)} for s, m in enumerate(state["marches"])],
            "groups": clone(state["groups"]),
            "numbers": list(state["numbers"]),
            "waiting": list(state["waiting"]),
            "police": clone(state["police"]),
            "captured": clone(state["captured"]),
            "arrested": list(state["arrested"]),
            "bag": len(state["bag"]),
            "visited": list(state["visited"]),
            "moves": moves,
            "placing": clone(state["placing"]),
            "scores": scores(state),
            "first_to_twelve": state["first_to_twelve"],
            "result": clone(state["result"]),
            "log": clone(state["log"]),
            "log_count": state["log_count"],
        }

    # --- apply -----------------------------------------------------------------------------------

    def check_turn(self, state: State, seat: int | None, action: Action) -> None:
        if seat is None:
            raise IllegalAction("arditi.not_playing", "Only a player at this table can do that.")
        if seat not in self.to_act(state):
            (waiting,) = self.to_act(state)
            raise IllegalAction("arditi.not_your_turn", f"It is not your turn: wait for seat {waiting + 1}.",
                                player={"seat": waiting})

    def handle(self, new: State, seat: int | None, action: Action, rng: Rng) -> None:
        getattr(self, f"_do_{action['type']}")(new, seat, action, rng)

    def _need(self, s: State, phase: str) -> None:
        if s["phase"] == phase:
            return
        if s["phase"] == "roll":
            raise IllegalAction("arditi.roll_first", "Roll the die first.")
        if s["phase"] == "place_leader":
            raise IllegalAction("arditi.placing_first", "First the attacked leader must be placed.")
        raise IllegalAction("arditi.already_rolled", "You have already rolled: move your march.")

    def _do_roll(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need(s, "roll")
        die = rng.die(6)
        s.update(phase="move", die=die, steps_left=die, visited=[head(s["marches"][seat])], captures=0)
        self._log(s, {"type": "rolled", "seat": seat, "die": die})
        if not self._moves(s, seat):
            self._log(s, {"type": "boxed_in", "seat": seat})
            self._end_move(s, seat, rng)

    def _do_step(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need(s, "move")
        direction = action.get("dir")
        if direction not in DIRECTIONS:
            raise IllegalAction("arditi.bad_direction", "Step in, out, cw or ccw.")
        march = s["marches"][seat]
        allowed = self._allowed_directions(march)
        if direction not in allowed:
            raise IllegalAction("arditi.no_backwards",
                                "A march never turns back: step forward, left or right.",
                                moves=self._hint(s, seat))
        if s["steps_left"] <= 0:
            raise IllegalAction("arditi.no_steps_left", "You have no steps left.")
        target, arrival = neighbour(head(march), direction)
        taken = occupancy(s)
        del taken[march["spaces"][0]]
        if target in taken:
            raise IllegalAction("arditi.space_taken", f"Space {target} is not free.", space=target,
                                moves=self._hint(s, seat))
        if target in s["visited"]:
            raise IllegalAction("arditi.space_visited", f"Your march has already been on space {target} this move.",
                                space=target, moves=self._hint(s, seat))
        if not self._can_enter(s, seat, taken, target, extra=()):
            raise IllegalAction("arditi.coiling",
                                f"On space {target} your pieces would touch more than two of their colour: "
                                "a march cannot coil up.", space=target, moves=self._hint(s, seat))
        self._advance(s, seat, target, arrival, recruit=None)
        self._log(s, {"type": "stepped", "seat": seat, "space": target, "dir": arrival})
        self._after_step(s, seat, rng, moved=True)

    def _do_jump(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need(s, "move")
        if s["steps_left"] <= 0:
            raise IllegalAction("arditi.no_steps_left", "You have no steps left.")
        target = self._jump_target(s, seat)
        if target is None:
            raise IllegalAction(
                "arditi.no_jump",
                "A jump needs a number straight ahead of the head and a free space right behind it.",
                moves=self._hint(s, seat))
        over, landing, arrival = target
        s["numbers"].remove(over)
        s["captured"][seat].append(over)
        s["captures"] += 1
        self._advance(s, seat, landing, arrival, recruit=over)
        freed = s["arrested"][seat] > 0
        if freed:
            s["arrested"][seat] -= 1  # the recruit is an arrested militant back in the march
        self._log(s, {"type": "recruited", "seat": seat, "number": over, "space": landing, "freed": freed})
        self._after_step(s, seat, rng, moved=True)

    def _do_leader_move(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need(s, "move")
        if s["steps_left"] <= 0:
            raise IllegalAction("arditi.no_steps_left", "You have no steps left.")
        toward, places = action.get("toward"), action.get("places")
        if toward not in ("head", "tail"):
            raise IllegalAction("arditi.bad_toward", "Move the leader toward the head or toward the tail.")
        if isinstance(places, bool) or not isinstance(places, int) or places < 1:
            raise IllegalAction("arditi.bad_places",
                                "Say how many places the leader moves along the march: a whole number, 1 or more.")
        if places > s["steps_left"]:
            raise IllegalAction(NP_("arditi.not_enough_steps"),
                                f"Moving the leader {places} places costs {places} steps; you have "
                                f"{s['steps_left']} left.", distance=counted("arditi.places", places),
                                cost=counted("arditi.steps", places), count=s["steps_left"])
        march = s["marches"][seat]
        index = march["leader"] + (places if toward == "head" else -places)
        if not 0 <= index < len(march["spaces"]):
            raise IllegalAction("arditi.beyond_march",
                                "Your march has no piece that far from the leader in that direction.")
        space = march["spaces"][index]
        if not self._attackable(s, seat, space):
            raise IllegalAction("arditi.leader_no_attack",
                                f"The leader moves only to attack: on space {space} it would not be next to "
                                "another party's leader in the middle of its march.", space=space,
                                moves=self._hint(s, seat))
        # One swap with the piece on the destination: the pieces in between stay where they are.
        march["leader"] = index
        s["steps_left"] -= places
        self._log(s, {"type": "leader_moved", "seat": seat, "space": space, "toward": toward, "places": places})
        self._after_step(s, seat, rng, moved=False)

    def _do_end_move(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need(s, "move")
        if self._can_advance(self._moves(s, seat)):
            raise IllegalAction("arditi.steps_remain",
                                "The march takes every step the die gave while it can.", moves=self._hint(s, seat))
        self._end_move(s, seat, rng)

    def _do_place_leader(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need(s, "place_leader")
        placing = s["placing"]
        space = action.get("space")
        if isinstance(space, bool) or not isinstance(space, int) or space not in placing["options"]:
            spaces = ", ".join(str(x) for x in placing["options"])
            raise IllegalAction("arditi.bad_leader_space",
                                "Put your leader on one of the free spaces offered next to the rear end of a part of "
                                f"your march: {spaces}.", spaces=spaces)
        self._place_attacked_leader(s, seat, space)
        s["placing"] = None
        s["phase"] = "move"
        self._continue(s, s["current"], rng)

    def _hint(self, s: State, seat: int) -> dict[str, Any]:
        """What the march can do now, as a message for the reader."""
        kinds = []
        for action in self._moves(s, seat):
            word = {"step": N_("arditi.hint.step"), "jump": N_("arditi.hint.jump"),
                    "leader_move": N_("arditi.hint.leader_move")}[action["type"]]
            if word not in kinds:
                kinds.append(word)
        if not kinds:
            return msg("arditi.hint.nothing")
        return msg("arditi.hint.can", what=[msg(k) for k in kinds])

    # --- moving a march ---------------------------------------------------------------------------

    def _advance(self, s: State, seat: int, target: int, arrival: str, recruit: int | None) -> None:
        """The tail goes to `target` in front of the head; a recruit's token fills the jumped space."""
        march = s["marches"][seat]
        spaces = march["spaces"]
        tail_was_leader = march["leader"] == 0
        body = spaces[1:]
        if recruit is not None:
            body.append(recruit)
        body.append(target)
        if tail_was_leader:
            march["leader"] = len(body) - 1
        else:
            march["leader"] -= 1
        march["spaces"] = body
        march["dir"] = arrival
        s["visited"].append(target)
        s["steps_left"] -= 1
        s["stepped"] = True

    def _after_step(self, s: State, seat: int, rng: Rng, moved: bool) -> None:
        if moved:
            self._rejoin(s, seat)
        march = s["marches"][seat]
        if militants(march) >= WINNING_MARCH:
            self._twelve(s, seat)
            return
        s["attacks"] = self._attackable(s, seat, march["spaces"][march["leader"]])
        self._continue(s, seat, rng)

    def _twelve(self, s: State, seat: int) -> None:
        """`seat`'s march has 12 militants: the game ends at once."""
        if s["first_to_twelve"] is None:
            s["first_to_twelve"] = seat
        self._log(s, {"type": "twelve", "seat": seat})
        self._game_over(s, "twelve_militants")

    def _continue(self, s: State, seat: int, rng: Rng) -> None:
        """Resolve pending attacks, then end the move when no step is left or possible."""
        while s["attacks"]:
            victim = s["attacks"].pop(0)
            if self._attack(s, seat, victim):
                return  # the attacked player chooses where their leader goes
        if s["phase"] == "move" and not self._moves(s, seat):
            self._end_move(s, seat, rng)

    def _rejoin(self, s: State, seat: int) -> bool:
        """A march whose head stands next to an end of one of its leaderless groups takes it in front;
        True when a group joined."""
        march = s["marches"][seat]
        for group in list(s["groups"]):
            if group["seat"] != seat:
                continue
            ends = [group["spaces"][0], group["spaces"][-1]]
            near = [end for end in ends if end in neighbours(head(march))]
            if not near:
                continue
            pieces = group["spaces"] if near[0] == ends[0] else list(reversed(group["spaces"]))
            march["spaces"] = march["spaces"] + pieces
            before = march["spaces"][-2]
            march["dir"] = direction_between(before, march["spaces"][-1])
            s["groups"].remove(group)
            self._log(s, {"type": "rejoined", "seat": seat, "size": len(pieces)})
            return True
        return False

    # --- clashes -----------------------------------------------------------------------------------

    def _attack(self, s: State, attacker: int, victim: int) -> bool:
        """Lift `victim`'s leader, splitting its march; True when its player must choose a space."""
        march = s["marches"][victim]
        position = march["leader"]
        leader_space = march["spaces"][position]
        if not 0 < position < len(march["spaces"]) - 1:
            return False  # a leader at an end of its march cannot be attacked
        # Each part's rear end (the end opposite to its direction of travel) is its first piece: the
        # old tail for the part behind the leader, the piece at the split for the part ahead of it.
        behind = march["spaces"][:position]  # the tail part
        ahead = march["spaces"][position + 1:]  # the head part
        taken = occupancy(s)
        del taken[leader_space]
        own = colour_spaces(s, victim) - {leader_space}
        parts: dict[str, dict[str, Any]] = {}
        for name, pieces in (("tail", behind), ("head", ahead)):
            options = sorted(space for space in neighbours(pieces[0])
                             if space not in taken and not coiled(own | {space}, (space,)))
            parts[name] = {"pieces": pieces, "options": options}
        if len(behind) == len(ahead):
            forced = None
            allowed = sorted(set(parts["tail"]["options"]) | set(parts["head"]["options"]))
        else:
            # The larger part, unless it has no free space next to its far end.
            larger, smaller = ("tail", "head") if len(behind) > len(ahead) else ("head", "tail")
            forced = larger if parts[larger]["options"] else smaller
            allowed = parts[forced]["options"]
        self._log(s, {"type": "clash", "seat": attacker, "victim": victim, "space": leader_space})
        if not allowed:
            self._log(s, {"type": "clash_no_effect", "seat": victim})
            return False
        s["placing"] = {"seat": victim, "attacker": attacker, "from": leader_space, "options": allowed,
                        "parts": parts, "forced": forced}
        if len(allowed) == 1:
            self._place_attacked_leader(s, victim, allowed[0])
            s["placing"] = None
            return False
        s["phase"] = "place_leader"
        return True

    def _place_attacked_leader(self, s: State, seat: int, space: int) -> None:
        """The leader goes next to the rear end of its part, which becomes its march with the leader
        its head: the part turns round, whichever it is ("quella parte del corteo invertirà il senso
        di marcia"). The other part becomes a leaderless group. A space next to both rear ends keeps
        the head part (the old front of the march)."""
        placing = s["placing"]
        parts = placing["parts"]
        order = [placing["forced"]] if placing["forced"] else ["head", "tail"]
        name = next(n for n in order if space in parts[n]["options"])
        other = "tail" if name == "head" else "head"
        kept = list(reversed(parts[name]["pieces"]))
        left_over = parts[other]["pieces"]
        march = s["marches"][seat]
        march["spaces"] = [*kept, space]
        march["leader"] = len(kept)
        march["dir"] = direction_between(kept[-1], space)
        if left_over:
            s["groups"].append({"seat": seat, "spaces": list(left_over)})
        self._log(s, {"type": "leader_placed", "seat": seat, "space": space, "group": len(left_over)})
        self._police_match(s)

    # --- the end of a move, of a round, of the game ------------------------------------------------

    def _end_move(self, s: State, seat: int, rng: Rng) -> None:
        s["steps_left"] = 0
        for _ in range(s["captures"]):
            if not s["bag"]:
                s["bag_ran_out"] = True
                break
            number = self._draw(s, rng)
            if number in occupancy(s):
                s["waiting"].append(number)
                self._log(s, {"type": "number_waits", "number": number})
            else:
                s["numbers"].append(number)
                s["numbers"].sort()
                self._log(s, {"type": "number_drawn", "number": number})
        self._log(s, {"type": "move_ended", "seat": seat})
        if s["bag_ran_out"]:
            self._game_over(s, "bag_empty")
            return
        nxt = (seat + 1) % s["n"]
        if nxt == s["first"] and self._end_round(s, rng):
            return
        self._start_turn(s, nxt)

    def _start_turn(self, s: State, seat: int) -> None:
        taken = occupancy(s)
        for number in list(s["waiting"]):
            if number not in taken:
                s["waiting"].remove(number)
                s["numbers"].append(number)
                s["numbers"].sort()
                taken[number] = ("number", -1)
                self._log(s, {"type": "number_placed", "number": number})
        s.update(phase="roll", current=seat, die=None, steps_left=0, visited=[], captures=0)
        self._log(s, {"type": "turn_started", "seat": seat, "round": s["round"]})
        # A clash or an arrest can leave the head next to an end of its own group without a step
        # ("bisogna portare la testa su casa confinante … da quel momento può tornare a muoversi come
        # un corpo unico"): the march takes it back as its turn starts, each group in turn.
        rejoined = False
        while self._rejoin(s, seat):
            rejoined = True
        if rejoined and militants(s["marches"][seat]) >= WINNING_MARCH:
            self._twelve(s, seat)

    def _end_round(self, s: State, rng: Rng) -> bool:
        """Police, then the round's end conditions; True when the game ended."""
        self._police(s, rng)
        if not s["bag"] and not returns_police_draws(s):
            self._game_over(s, "bag_empty")  # the police drew the last number
            return True
        if not s["stepped"]:
            self._game_over(s, "no_steps")
            return True
        if s["round"] >= s["options"]["max_rounds"]:
            self._game_over(s, "max_rounds")
            return True
        s["round"] += 1
        s["stepped"] = False
        self._log(s, {"type": "round_started", "round": s["round"]})
        return False

    def _police(self, s: State, rng: Rng) -> None:
        """The end of a round: pieces enter up to the strong marches' count, then patrol."""
        strong = self._strong(s)
        self._police_match(s)
        while len(s["police"]) < min(len(strong), len(POLICE_RANKS)):
            rank = next(r for r in POLICE_RANKS if r not in {p["rank"] for p in s["police"]})
            s["police"].append({"rank": rank, "space": None})
            self._log(s, {"type": "police_enter", "rank": rank})
        for piece in sorted(s["police"], key=lambda p: POLICE_RANKS.index(p["rank"])):
            if piece in s["police"]:  # an arrest by a lower rank may have sent it away
                self._patrol(s, piece, rng)

    @staticmethod
    def _strong(s: State) -> list[int]:
        """The seats whose march has at least 7 militants (the police's count)."""
        return [seat for seat, march in enumerate(s["marches"]) if militants(march) >= POLICE_THRESHOLD]

    def _police_match(self, s: State) -> None:
        """No more police pieces than strong marches, at all times ("dev'essere sempre pari"): the
        moment a march falls below 7, the piece nearest to it leaves. New pieces enter only at the end
        of a round (`_police`)."""
        strong = self._strong(s)
        fell = [seat for seat in s["strong"] if seat not in strong]
        while len(s["police"]) > min(len(strong), len(POLICE_RANKS)):
            self._police_leaves(s, fell or [seat for seat in range(s["n"]) if seat not in strong])
        s["strong"] = strong

    def _police_leaves(self, s: State, fell: list[int]) -> None:
        """The piece nearest (in steps) to a march that fell below the threshold leaves; the newest
        on a tie (and first of all a piece that never found a space)."""
        near = [space for seat in fell for space in s["marches"][seat]["spaces"]]

        def distance(piece: dict[str, Any]) -> int:
            if piece["space"] is None or not near:
                return -1
            reach = distances_from(piece["space"])
            return min(reach[space] for space in near)

        index = min(range(len(s["police"])), key=lambda i: (distance(s["police"][i]), -i))
        piece = s["police"].pop(index)
        self._log(s, {"type": "police_leave", "rank": piece["rank"]})

    def _patrol(self, s: State, piece: dict[str, Any], rng: Rng) -> None:
        """Move a police piece to a space drawn from the bag: block it, or arrest there. The number stays
        out of the bag unless the house rule puts it back; a number whose space holds a leader, a number
        or another police piece goes back and another is drawn, so the draw is among the valid numbers.
        Its own space is no *other* police piece: drawn, the piece stays there."""
        taken = occupancy(s)
        if piece["space"] is not None:
            del taken[piece["space"]]
        valid = [n for n in s["bag"] if taken.get(n, ("free", -1))[0] in ("free", "token")]
        if not valid:
            self._log(s, {"type": "police_stays", "rank": piece["rank"]})
            return
        while True:
            number = rng.randint(1, SPACES)
            if number in valid:
                break
        piece["space"] = number
        if not returns_police_draws(s):
            s["bag"].remove(number)
        kind, seat = taken.get(number, ("free", -1))
        if kind == "token":
            self._arrest(s, seat, number)
            self._log(s, {"type": "arrest", "rank": piece["rank"], "space": number, "seat": seat})
            self._police_match(s)
        else:
            self._log(s, {"type": "police_moved", "rank": piece["rank"], "space": number})

    def _arrest(self, s: State, seat: int, space: int) -> None:
        """The token on `space` leaves the board; its march or group splits there."""
        s["arrested"][seat] += 1
        march = s["marches"][seat]
        if space in march["spaces"]:
            position = march["spaces"].index(space)
            before, after = march["spaces"][:position], march["spaces"][position + 1:]
            if position < march["leader"]:
                march["spaces"], march["leader"] = after, march["leader"] - position - 1
                rest = before
            else:
                march["spaces"] = before
                rest = after
                if len(before) >= 2:  # the new head: travelling from the piece behind it
                    march["dir"] = direction_between(before[-2], before[-1])
            if rest:
                s["groups"].append({"seat": seat, "spaces": rest})
            return
        for group in s["groups"]:
            if group["seat"] == seat and space in group["spaces"]:
                position = group["spaces"].index(space)
                parts = [group["spaces"][:position], group["spaces"][position + 1:]]
                s["groups"].remove(group)
                s["groups"].extend({"seat": seat, "spaces": part} for part in parts if part)
                return

    def _game_over(self, s: State, reason: str) -> None:
        points = scores(s)
        # The highest score, ties broken by captured numbers (a full tie is shared; listed by seat).
        standings = sorted(range(s["n"]), key=lambda seat: (-points[seat], -len(s["captured"][seat]), seat))
        best = standings[0]
        winners = sorted(seat for seat in standings
                         if (points[seat], len(s["captured"][seat])) == (points[best], len(s["captured"][best])))
        s.update(phase="game_over", steps_left=0, placing=None, attacks=[])
        s["result"] = {"reason": reason, "scores": points, "winners": winners, "standings": standings}
        self._log(s, {"type": "game_over", "reason": reason, "scores": points, "winners": winners})

    def _log(self, s: State, event: dict[str, Any]) -> None:
        s["log_count"] += 1
        s["log"] = s["log"] + [{"id": s["log_count"], **event}]


GAME = Arditi()

__all__ = ["GAME", "OPPOSITE", "Arditi", "colour_spaces", "militants", "occupancy", "scores"]
