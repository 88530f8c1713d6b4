"""The Polls Are Closed! — Spain scenario, 2 players (rules/polls.md; decisions in DECISIONS.md).

State is a JSON-ready dict; `apply` deep-copies it before a handler changes the copy. Everything
indexed by seat is a list (seat 0 = blue, seat 1 = red), so nothing depends on JSON's string keys.

State fields:
    n, first, phase ("turn" | "poll" | "game_over"), round, turn, current, actions_left,
    pact_used, shift_used [seat], pending (a double roll waiting for a choice, or None),
    sectors {sector: [blue, red]}, propaganda [seat]{A, B, C}, influence {region: [blue, red]},
    pacts {region: [blue, red]}, poll (the national poll being placed, or None),
    result (final count, or None), log, log_count.
The supply is not stored: it is 30 minus every token a party has on the board.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from games.core.actions import check_seat
from games.core.data import clone
from games.core.engine import Engine
from games.core.messages import N_, NP_, msg
from games.core.options import check_options
from games.core.protocol import IllegalAction, OptionSpec, Outcome, Rng
from games.core.ranking import places
from games.polls.actions import ACTIONS
from games.polls.data import (
    ABSOLUTE_MAJORITY,
    ACTION_WORD,
    CENTRES,
    COMBINATIONS,
    COSTS,
    PACT_CIRCLES,
    PACT_REGIONS,
    PARTY_NAMES,
    PARTY_WORD,
    POLL_REGIONS,
    PROPAGANDA_LIMITS,
    REGION_IN,
    REGION_NAMES,
    REGION_TYPE,
    REGION_WORD,
    REGIONS,
    ROUNDS,
    SECTORS,
    TOKENS_PER_PARTY,
    TURNS_PER_ROUND,
    intermediate_for_seven,
    region_seats,
    sector_for_die,
)
from games.polls.view_types import Circle, Pending, PollsView, Projection, RegionSeats

State = dict[str, Any]
Action = dict[str, Any]

LOG_KEPT = 40
CIRCLES = ("A", "BC")
# Who moves first is drawn at set-up unless the table fixes it (tests and replays of a known game).
OPTIONS_SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec("first", "int", None, N_("polls.option.first"), 0, 1, public=False),
)


# --- pure helpers (also used by the view, a computer player and the renderer) ---------------


def other(seat: int) -> int:
    return 1 - seat


def supply(state: State, seat: int) -> int:
    """Tokens of this party not on the board (sectors, centres, map, pact boxes)."""
    used = sum(counts[seat] for counts in state["sectors"].values())
    used += sum(state["propaganda"][seat].values())
    used += sum(counts[seat] for counts in state["influence"].values())
    used += sum(counts[seat] for counts in state["pacts"].values())
    return TOKENS_PER_PARTY - used


def controls(state: State, seat: int, region: str) -> bool:
    """More Influence than the opponent in that region."""
    counts = state["influence"][region]
    return bool(counts[seat] > counts[other(seat)])


def controlled_regions(state: State, seat: int) -> list[str]:
    return [r for r in REGIONS if controls(state, seat, r)]


def projected_seats(state: State) -> Projection:
    """Seats each party would win if the polls closed now.

    {"seats": [blue, red], "third": n, "majority": 34,
     "regions": {region: {"seats": [blue, red], "third": n}}}
    """
    totals = [0, 0]
    third = 0
    regions: dict[str, RegionSeats] = {}
    for region in REGIONS:
        blue, red = state["influence"][region]
        b, r, t = region_seats(region, blue, red)
        totals[0] += b
        totals[1] += r
        third += t
        regions[region] = {"seats": [b, r], "third": t}
    return {"seats": totals, "third": third, "majority": ABSOLUTE_MAJORITY, "regions": regions}


def over_limits(state: State, seat: int) -> dict[str, int]:
    """Propaganda kinds this seat holds at or above the end-of-turn limit: {kind: held}."""
    held = state["propaganda"][seat]
    return {k: held[k] for k, limit in PROPAGANDA_LIMITS.items() if held[k] >= limit}


def _one_of(value: Any, choices: Any) -> TypeGuard[str]:
    """`value` is one of the string choices (safe for unhashable junk from the outside)."""
    return isinstance(value, str) and value in choices


def _names(regions: list[str] | tuple[str, ...]) -> str:
    return ", ".join(REGION_NAMES[r] for r in regions)


def _regions(regions: list[str] | tuple[str, ...]) -> list[dict[str, Any]]:
    """Regions as a refusal's parameter: worded by the reader."""
    return [msg(REGION_WORD[r]) for r in regions]


def _party(seat: int) -> str:
    return PARTY_NAMES[seat].capitalize()


_SPEND_WHERE = {
    "A": "may keep none: place Influence in Madrid or Catalonia (1 A each)",
    "B": "may keep at most 2: place Influence in Valencia or Andalusia (3 B) or Galicia or Euskadi (2 B)",
    "C": "may keep at most 4: place Influence in a 2C region (2 C) or Galicia or Euskadi (5 C)",
}
_SPEND_HINT = {"A": N_("polls.hint.spend_a"), "B": N_("polls.hint.spend_b"), "C": N_("polls.hint.spend_c")}


def _spend_hint(state: State, seat: int) -> tuple[str, list[dict[str, Any]]]:
    """What a player over the limits must spend: in English, and as messages for the reader."""
    over = over_limits(state, seat).items()
    english = "; ".join(f"you hold {held} Propaganda {kind} and {_SPEND_WHERE[kind]}" for kind, held in over)
    return english, [msg(_SPEND_HINT[kind], held=held) for kind, held in over]


def _touched(seat: int, kind: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The regions and sectors an action changed (from the events it logged), for the board."""
    regions: list[str] = []
    sectors: list[str] = []
    for event in events:
        for key in ("region", "from", "to"):
            if isinstance(event.get(key), str) and event[key] not in regions:
                regions.append(event[key])
        found = [event["sector"]] if isinstance(event.get("sector"), str) else list(event.get("sectors") or [])
        sectors += [x for x in found if x not in sectors]
    return {"seat": seat, "type": kind, "regions": regions, "sectors": sectors}


# How the refusals of the turn's actions name them in English (their reader's words: ACTION_WORD).
ACTION_ENGLISH = {
    "propaganda": "make propaganda",
    "double_propaganda": "roll a double propaganda",
    "pact": "make a pact",
    "shift": "shift Influence",
}


# --- the game -------------------------------------------------------------------------------


class Polls(Engine):
    id = "polls"
    title = "The Polls Are Closed! (Spain)"
    min_players = 2
    max_players = 2
    options_schema = OPTIONS_SCHEMA
    actions = ACTIONS
    game_over = (N_("polls.game_over"), "The game is over: the polls are closed.")
    log_kept = LOG_KEPT

    # --- set-up -----------------------------------------------------------------------------

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> State:
        if n_players != 2:
            raise IllegalAction(
                "polls.player_count", f"The Polls Are Closed! is played by exactly 2 players, not {n_players}.",
                seated=n_players,
            )
        first = check_options(OPTIONS_SCHEMA, dict(options))["first"]
        if first is None:
            first = rng.randint(0, 1)
        state: State = {
            "n": 2,
            "first": first,
            "phase": "turn",
            "round": 1,
            "turn": 1,
            "current": first,
            "actions_left": 2,
            "pact_used": False,
            "shift_used": [False, False],
            "pending": None,
            "sectors": {sector: [0, 0] for sector in SECTORS},
            "propaganda": [{c: 0 for c in CENTRES} for _ in range(2)],
            "influence": {region: [0, 0] for region in REGIONS},
            "pacts": {region: [0, 0] for region in PACT_REGIONS},
            "poll": None,
            "result": None,
            "log": [],
            "log_count": 0,
            "last_move": None,
        }
        self._log(state, {"type": "game_started", "first": first})
        self._log(state, {"type": "round_started", "round": 1, "turns": TURNS_PER_ROUND[0]})
        self._log(state, {"type": "turn_started", "seat": first, "round": 1, "turn": 1})
        return state

    # --- queries ----------------------------------------------------------------------------

    def to_act(self, state: State) -> set[int]:
        if state["phase"] == "turn":
            return {state["current"]}
        if state["phase"] == "poll":
            return {state["poll"]["seat"]}
        return set()

    def legal_actions(self, state: State, seat: int | None) -> list[Action]:
        if seat is None or seat not in self.to_act(state):
            return []
        if state["phase"] == "poll":
            done = state["poll"]["placed"][seat]
            return [{"type": "poll_influence", "region": r} for r in POLL_REGIONS if r not in done]
        pending = state["pending"]
        if pending is not None:
            if pending["stage"] == "seven":
                return [{"type": "take_seven", "take": True}, {"type": "take_seven", "take": False}]
            return [{"type": "place_die", "value": v} for v in sorted(set(pending["dice"]))]
        actions: list[Action] = []
        left = state["actions_left"]
        if left >= 1:
            actions += [{"type": "propaganda", "circle": c} for c in CIRCLES]
        if left == 2:
            actions += [{"type": "double_propaganda", "circle": c} for c in CIRCLES]
        if left >= 1 and not state["pact_used"]:
            for region in PACT_REGIONS:
                for sector in SECTORS:
                    if sector[0] in PACT_CIRCLES[region] and state["sectors"][sector][seat] > 0:
                        actions.append({"type": "pact", "region": region, "sector": sector})
        if left >= 1 and not state["shift_used"][seat]:
            for source in REGIONS:
                if state["influence"][source][seat] > 0:
                    for target in REGIONS:
                        if target != source and REGION_TYPE[target] == REGION_TYPE[source]:
                            actions.append({"type": "shift", "from": source, "to": target})
        if left == 0:
            held = state["propaganda"][seat]
            for region in REGIONS:
                for pay, cost in COSTS[REGION_TYPE[region]].items():
                    if held[pay] >= cost:
                        actions.append({"type": "influence", "region": region, "pay": pay})
            if not over_limits(state, seat):
                actions.append({"type": "end_turn"})
        return actions

    def deadline(self, state: State) -> float | None:
        return None  # the rules have no timers

    def leave_action(self, state: State, seat: int) -> Action | None:
        """A player who leaves concedes: the opponent wins (DECISIONS.md, D18)."""
        if state["phase"] == "game_over" or seat not in (0, 1):
            return None
        return {"type": "concede"}

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if state["phase"] != "game_over" or result is None:
            return None
        scores = {s: float(result["seats"][s]) for s in range(2)}
        return Outcome(winners=list(result["winners"]), scores=scores, reason=result["reason"],
                       ranks=places(2, result["winners"], scores))

    def dump(self, state: State) -> dict[str, Any]:
        return clone(state)

    def load(self, data: dict[str, Any]) -> State:
        return clone(data)

    # --- view -------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> PollsView:
        """Everything is public; a seat's view adds its own legal actions (the private panel)."""
        check_seat(seat, state["n"])
        pending = state["pending"]
        shown_pending: Pending | None = None
        if pending is not None:
            dice = pending["dice"]
            shown_pending = {
                "circle": pending["circle"],
                "dice": list(dice),
                "stage": pending["stage"],
                "seven": sum(dice) == 7,
                "seven_target": (
                    intermediate_for_seven(*dice) if pending["circle"] == "A" else "B"
                ) if sum(dice) == 7 else None,
            }
        circles: dict[str, Circle] = {}
        for sector, counts in state["sectors"].items():
            owner = 0 if counts[0] else 1 if counts[1] else None
            circles[sector] = {"owner": owner, "count": counts[0] + counts[1]}
        poll = state["poll"]
        shown: PollsView = {
            "game": "polls",
            "phase": state["phase"],
            "step": self._step(state),
            "round": state["round"],
            "rounds": ROUNDS,
            "turn": state["turn"],
            "turns_in_round": TURNS_PER_ROUND[state["round"] - 1],
            "first": state["first"],
            # whose move it is: the player in turn, the player placing poll Influence, or None at the end
            "current": (
                state["current"] if state["phase"] == "turn"
                else state["poll"]["seat"] if state["phase"] == "poll" else None
            ),
            "to_act": sorted(self.to_act(state)),
            "actions_left": state["actions_left"],
            "pact_used": state["pact_used"],
            "shift_used": list(state["shift_used"]),
            "pending": shown_pending,
            "circles": circles,
            "propaganda": clone(state["propaganda"]),
            "influence": clone(state["influence"]),
            "pacts": clone(state["pacts"]),
            "supply": [supply(state, 0), supply(state, 1)],
            "controlled": [len(controlled_regions(state, 0)), len(controlled_regions(state, 1))],
            "over_limits": [over_limits(state, 0), over_limits(state, 1)],
            "poll": clone(poll),
            "seats_projection": projected_seats(state),
            # what the last action touched, for a board to outline
            "last_move": clone(state.get("last_move")),
            # where the player to act can place Influence now (what they can afford), and the prices
            "affordable": sorted({a["region"] for s in self.to_act(state) for a in self.legal_actions(state, s)
                                  if a["type"] == "influence"}),
            "prices": {region: dict(COSTS[REGION_TYPE[region]]) for region in REGIONS},
            "region_types": dict(REGION_TYPE),
            # what each player must spend before ending the turn: {kind: {"held", "keep"}}
            "spend_needed": [
                {kind: {"held": held, "keep": PROPAGANDA_LIMITS[kind] - 1}
                 for kind, held in over_limits(state, p).items()}
                for p in (0, 1)
            ],
            "result": clone(state["result"]),
            "log": clone(state["log"]),
            "log_count": state["log_count"],
        }
        if seat is not None and seat in (0, 1):
            shown["you"] = seat
            shown["legal_actions"] = self.legal_actions(state, seat)
        return shown

    def _step(self, state: State) -> str:
        if state["phase"] != "turn":
            return state["phase"]
        if state["pending"] is not None:
            return str(state["pending"]["stage"])
        return "actions" if state["actions_left"] > 0 else "influence"

    # --- apply ------------------------------------------------------------------------------

    def check_turn(self, state: State, seat: int | None, action: Action) -> None:
        kind = action["type"]
        if seat is None:
            raise IllegalAction("polls.players_only", "Only a player can do that: this game has no timers.")
        if kind == "concede":
            pass  # a player may concede at any moment, in turn or not
        elif seat not in self.to_act(state):
            (waiting,) = self.to_act(state)
            if state["phase"] == "poll":
                raise IllegalAction(
                    "polls.not_your_turn_poll",
                    f"It is not your turn: {_party(waiting)} is placing national poll Influence. Wait for them.",
                    party=msg(PARTY_WORD[PARTY_NAMES[waiting]]),
                )
            raise IllegalAction(
                "polls.not_your_turn", f"It is not your turn: {_party(waiting)} is playing. Wait for them.",
                party=msg(PARTY_WORD[PARTY_NAMES[waiting]]),
            )

    def handle(self, new: State, seat: int | None, action: Action, rng: Rng) -> None:
        assert seat is not None  # `check_turn`: only players act
        logged = len(new["log"])
        getattr(self, f"_do_{action['type']}")(new, seat, action, rng)
        new["last_move"] = _touched(seat, action["type"], new["log"][logged:])

    def _allowed(self, state: State, seat: int | None) -> tuple[str, dict[str, Any]]:
        """What `seat` may do now: in English, and as a message for the reader."""
        kinds: list[str] = []
        for a in self.legal_actions(state, seat):
            if a["type"] not in kinds:
                kinds.append(a["type"])
        if not kinds:
            return "You have nothing to do right now.", msg("polls.hint.nothing_to_do")
        english = "Now you can: " + ", ".join(k.replace("_", " ") for k in kinds) + "."
        return english, msg("polls.hint.now_you_can", actions=[msg(ACTION_WORD[k]) for k in kinds])

    def _need_actions_step(self, s: State, seat: int, what: str) -> None:
        """Actions (propaganda, pact, shift) need the turn phase, no pending roll, an action left."""
        english_what = ACTION_ENGLISH[what]
        if s["phase"] != "turn":
            raise IllegalAction(
                "polls.action_during_poll",
                f"You cannot {english_what} now: place your national poll Influence first.",
                action=msg(ACTION_WORD[what]),
            )
        if s["pending"] is not None:
            english, hint = self._pending_hint(s)
            raise IllegalAction("polls.action_pending_roll", f"You cannot {english_what} now: first {english}.",
                                action=msg(ACTION_WORD[what]), hint=hint)
        if s["actions_left"] == 0:
            raise IllegalAction(
                "polls.no_actions_left",
                f"You cannot {english_what}: both your actions are used. Place Influence or end your turn.",
                action=msg(ACTION_WORD[what]),
            )

    def _pending_hint(self, s: State) -> tuple[str, dict[str, Any]]:
        pending = s["pending"]
        first, second = pending["dice"]
        if pending["stage"] == "seven":
            english = f"decide whether to use the 7 you rolled ({first} and {second}) with take_seven"
            return english, msg("polls.hint.seven", first=first, second=second)
        english = f"choose which die to place first ({first} and {second}) with place_die"
        return english, msg("polls.hint.order", first=first, second=second)

    # each handler changes the fresh copy it is given

    def _do_propaganda(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need_actions_step(s, seat, "propaganda")
        circle = action.get("circle")
        if not _one_of(circle, CIRCLES):
            raise IllegalAction("polls.bad_circle", "Declare propaganda on circle \"A\" or \"BC\" (B and C).")
        s["actions_left"] -= 1
        value = rng.die(6)
        self._log(s, {"type": "rolled", "seat": seat, "circle": circle, "dice": [value], "double": False})
        self._resolve_die(s, seat, circle, value)

    def _do_double_propaganda(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need_actions_step(s, seat, "double_propaganda")
        if s["actions_left"] != 2:
            raise IllegalAction(
                "polls.double_needs_both",
                "A double roll needs both actions of the turn; you have one left: use propaganda, "
                "a pact or a shift.",
            )
        circle = action.get("circle")
        if not _one_of(circle, CIRCLES):
            raise IllegalAction(
                "polls.bad_double_circle", "Declare the double propaganda on circle \"A\" or \"BC\" (B and C)."
            )
        s["actions_left"] = 0
        dice = [rng.die(6), rng.die(6)]
        self._log(s, {"type": "rolled", "seat": seat, "circle": circle, "dice": dice, "double": True})
        s["pending"] = {"circle": circle, "dice": dice, "stage": "seven"}
        if sum(dice) != 7:
            self._after_seven_declined(s, seat)

    def _after_seven_declined(self, s: State, seat: int) -> None:
        pending = s["pending"]
        circle, (first, second) = pending["circle"], pending["dice"]
        if sector_for_die(circle, first) == sector_for_die(circle, second):
            # Both dice select the same sector: the order cannot matter, so nothing to choose.
            s["pending"] = None
            self._resolve_die(s, seat, circle, first)
            self._resolve_die(s, seat, circle, second)
        else:
            pending["stage"] = "order"

    def _do_take_seven(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        pending = s["pending"]
        if s["phase"] != "turn" or pending is None or pending["stage"] != "seven":
            english, allowed = self._allowed(s, seat)
            raise IllegalAction("polls.no_seven", f"There is no 7 to use now. {english}", allowed=allowed)
        take = action.get("take")
        if not isinstance(take, bool):
            raise IllegalAction(
                "polls.bad_take", "Say whether you use the 7 (take true) or place both dice (take false)."
            )
        self._log(s, {"type": "seven_taken", "seat": seat, "take": take})
        if not take:
            self._after_seven_declined(s, seat)
            return
        circle, dice = pending["circle"], pending["dice"]
        s["pending"] = None
        if circle == "A":
            self._place(s, seat, intermediate_for_seven(*dice))
            self._combine(s, seat)
        else:
            self._place(s, seat, "B")
            self._place(s, seat, "C")
            self._place(s, seat, "C")

    def _do_place_die(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        pending = s["pending"]
        if s["phase"] != "turn" or pending is None or pending["stage"] != "order":
            english, allowed = self._allowed(s, seat)
            raise IllegalAction("polls.no_dice", f"There are no rolled dice to place now. {english}",
                                allowed=allowed)
        value = action.get("value")
        dice = list(pending["dice"])
        if isinstance(value, bool) or not isinstance(value, int) or value not in dice:
            raise IllegalAction("polls.bad_die", f"You rolled {dice[0]} and {dice[1]}: place one of those first.",
                                first=dice[0], second=dice[1])
        dice.remove(value)
        s["pending"] = None
        self._log(s, {"type": "die_order", "seat": seat, "first": value, "second": dice[0]})
        self._resolve_die(s, seat, pending["circle"], value)
        self._resolve_die(s, seat, pending["circle"], dice[0])

    def _do_pact(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need_actions_step(s, seat, "pact")
        if s["pact_used"]:
            raise IllegalAction(
                "polls.pact_used", "You already made a pact this turn: use propaganda or a shift instead."
            )
        region = action.get("region")
        if not _one_of(region, PACT_CIRCLES):
            raise IllegalAction("polls.pact_regions", "Pacts are made only in Catalonia, Euskadi or Galicia.")
        sector = action.get("sector")
        if not _one_of(sector, SECTORS):
            raise IllegalAction(
                "polls.pact_bad_sector",
                "Name the sector your Opinion comes from: A1-A6, A16, A25, A34, B14, B25 or B36.",
            )
        if sector[0] not in PACT_CIRCLES[region]:
            if region == "catalonia":
                raise IllegalAction(
                    "polls.pact_circle_a",
                    f"A pact in {REGION_NAMES[region]} takes only Opinions from circle A (A1-A6, A16, A25, A34), "
                    f"not from {sector}.",
                    where=msg(REGION_IN[region]), sector=sector,
                )
            raise IllegalAction(
                "polls.pact_circle_ab",
                f"A pact in {REGION_NAMES[region]} takes Opinions from circle A or B, not from {sector}.",
                where=msg(REGION_IN[region]), sector=sector,
            )
        if s["sectors"][sector][seat] == 0:
            mine = [x for x in SECTORS if s["sectors"][x][seat] > 0 and x[0] in PACT_CIRCLES[region]]
            if mine:
                raise IllegalAction(
                    "polls.pact_no_opinion_there",
                    f"You have no Opinion in {sector}: you have Opinions in {', '.join(mine)}.",
                    sector=sector, sectors=", ".join(mine),
                )
            raise IllegalAction(
                "polls.pact_no_opinion", f"You have no Opinion in {sector}: you have no Opinion that fits.",
                sector=sector,
            )
        s["actions_left"] -= 1
        s["pact_used"] = True
        s["sectors"][sector][seat] -= 1
        s["pacts"][region][seat] += 1
        self._log(s, {"type": "pact", "seat": seat, "region": region, "sector": sector})

    def _do_shift(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._need_actions_step(s, seat, "shift")
        if s["shift_used"][seat]:
            raise IllegalAction(
                "polls.shift_used", "You already shifted Influence this round: use propaganda or a pact instead."
            )
        source, target = action.get("from"), action.get("to")
        if not _one_of(source, REGION_TYPE) or not _one_of(target, REGION_TYPE):
            raise IllegalAction("polls.shift_regions", f"Shift between two regions: {_names(REGIONS)}.",
                                regions=_regions(REGIONS))
        if s["influence"][source][seat] == 0:
            raise IllegalAction("polls.shift_nothing", f"You have no Influence in {REGION_NAMES[source]} to move.",
                                where=msg(REGION_IN[source]))
        if target == source:
            raise IllegalAction("polls.shift_same", "Shift the Influence to a different region of the same type.")
        if REGION_TYPE[target] != REGION_TYPE[source]:
            same = [r for r in REGIONS if REGION_TYPE[r] == REGION_TYPE[source] and r != source]
            raise IllegalAction(
                "polls.shift_type",
                f"Influence moves only between regions of the same type: from {REGION_NAMES[source]} "
                f"({REGION_TYPE[source]}) you may go to {_names(same)}.",
                region=msg(REGION_WORD[source]), kind=REGION_TYPE[source], regions=_regions(same),
            )
        s["actions_left"] -= 1
        s["shift_used"][seat] = True
        s["influence"][source][seat] -= 1
        s["influence"][target][seat] += 1
        self._log(s, {"type": "shift", "seat": seat, "from": source, "to": target})

    def _require_turn_step(self, s: State) -> None:
        """Influence and end_turn belong to a turn, once no roll is waiting to be resolved."""
        if s["phase"] != "turn":
            raise IllegalAction("polls.poll_first", "Place your national poll Influence first.")
        if s["pending"] is not None:
            english, hint = self._pending_hint(s)
            raise IllegalAction("polls.pending_roll", f"Not yet: first {english}.", hint=hint)

    def _do_influence(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._require_turn_step(s)
        if s["actions_left"] > 0:
            raise IllegalAction(
                "polls.influence_after_actions",
                "Influence is placed after both actions of your turn: take your remaining action first.",
            )
        region, pay = action.get("region"), action.get("pay")
        if not _one_of(region, REGION_TYPE):
            raise IllegalAction("polls.influence_regions", f"Place Influence in one of: {_names(REGIONS)}.",
                                regions=_regions(REGIONS))
        costs = COSTS[REGION_TYPE[region]]
        if not _one_of(pay, costs):
            options = " or ".join(f"{cost} {kind}" for kind, cost in costs.items())
            raise IllegalAction(
                "polls.influence_pay_with",
                f"Influence in {REGION_NAMES[region]} costs {options}: pay with {' or '.join(costs)}.",
                where=msg(REGION_IN[region]), kind=REGION_TYPE[region], pays=" / ".join(costs),
            )
        cost = costs[pay]
        held = s["propaganda"][seat][pay]
        if held < cost:
            raise IllegalAction(
                "polls.influence_too_dear",
                f"Influence in {REGION_NAMES[region]} costs {cost} Propaganda {pay} and you hold {held}.",
                where=msg(REGION_IN[region]), cost=cost, pay=pay, held=held,
            )
        s["propaganda"][seat][pay] -= cost
        s["influence"][region][seat] += 1
        self._log(s, {"type": "influence", "seat": seat, "region": region, "pay": pay, "cost": cost})

    def _do_end_turn(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._require_turn_step(s)
        if s["actions_left"] > 0:
            left = s["actions_left"]
            raise IllegalAction(
                NP_("polls.actions_still_left"),
                f"You still have {left} action{'s' if left != 1 else ''} this turn: make propaganda, a pact or "
                "a shift.",
                count=left,
            )
        if over_limits(s, seat):
            english, hints = _spend_hint(s, seat)
            raise IllegalAction("polls.over_limits", f"You cannot end your turn yet: {english}.", hints=hints)
        self._log(s, {"type": "turn_ended", "seat": seat, "round": s["round"], "turn": s["turn"]})
        if seat == s["first"]:
            self._start_turn(s, other(seat))
        elif s["turn"] < TURNS_PER_ROUND[s["round"] - 1]:
            s["turn"] += 1
            self._start_turn(s, s["first"])
        else:
            self._end_round(s)

    def _do_poll_influence(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        if s["phase"] != "poll":
            english, allowed = self._allowed(s, seat)
            raise IllegalAction("polls.no_poll", f"There is no national poll now. {english}", allowed=allowed)
        region = action.get("region")
        if not _one_of(region, POLL_REGIONS):
            raise IllegalAction(
                "polls.poll_regions", f"Poll Influence goes only to a 2C region: {_names(POLL_REGIONS)}.",
                regions=_regions(POLL_REGIONS),
            )
        poll = s["poll"]
        if region in poll["placed"][seat]:
            free = [r for r in POLL_REGIONS if r not in poll["placed"][seat]]
            raise IllegalAction(
                "polls.poll_region_taken",
                f"You already placed poll Influence in {REGION_NAMES[region]}: choose {_names(free)}.",
                where=msg(REGION_IN[region]), regions=_regions(free),
            )
        poll["placed"][seat].append(region)
        poll["left"][seat] -= 1
        s["influence"][region][seat] += 1
        self._log(s, {"type": "poll_influence", "seat": seat, "region": region})
        self._advance_poll(s)

    def _do_concede(self, s: State, seat: int, action: Action, rng: Rng) -> None:
        self._log(s, {"type": "conceded", "seat": seat})
        self._game_over(s, conceded_by=seat)

    # --- circles ----------------------------------------------------------------------------

    def _resolve_die(self, s: State, seat: int, circle: str, value: int) -> None:
        """One normal propaganda placement: the die's outer sector, its cascade, and for BC a C."""
        self._place(s, seat, sector_for_die(circle, value), die=value)
        self._combine(s, seat)
        if circle == "BC":
            self._place(s, seat, "C")

    def _place(self, s: State, seat: int, where: str, die: int | None = None) -> None:
        """The placement rule; a centre simply gains a Propaganda token. No supply: not placed."""
        event: dict[str, Any] = {"type": "placed", "seat": seat, "sector": where}
        if die is not None:
            event["die"] = die
        removed = 0
        if where in CENTRES:
            placed = supply(s, seat) > 0
            if placed:
                s["propaganda"][seat][where] += 1
        else:
            counts = s["sectors"][where]
            opponent = other(seat)
            if counts[opponent] == 0:
                placed = supply(s, seat) > 0
            elif counts[opponent] == 1:
                counts[opponent] = 0
                removed = 1
                placed = supply(s, seat) > 0
            else:
                counts[opponent] -= 1
                removed = 1
                placed = False
            if placed:
                counts[seat] += 1
        event["placed"] = placed
        event["removed"] = removed
        self._log(s, event)

    def _combine(self, s: State, seat: int) -> None:
        """Combine every converging pair the player holds, outermost target first, until none."""
        while True:
            for a, b, target in COMBINATIONS:
                sectors = s["sectors"]
                if sectors[a][seat] > 0 and sectors[b][seat] > 0:
                    returned = sectors[a][seat] + sectors[b][seat]
                    sectors[a][seat] = sectors[b][seat] = 0
                    self._log(s, {"type": "combined", "seat": seat, "sectors": [a, b],
                                  "returned": returned, "into": target})
                    self._place(s, seat, target)
                    break
            else:
                return

    # --- turns, rounds, poll, pacts ---------------------------------------------------------

    def _start_turn(self, s: State, seat: int) -> None:
        s.update(phase="turn", current=seat, actions_left=2, pact_used=False, pending=None)
        self._log(s, {"type": "turn_started", "seat": seat, "round": s["round"], "turn": s["turn"]})

    def _end_round(self, s: State) -> None:
        self._log(s, {"type": "round_ended", "round": s["round"]})
        if s["round"] < ROUNDS:
            controlled = [len(controlled_regions(s, p)) for p in range(2)]
            grants = [min(c // 2, len(POLL_REGIONS)) for c in controlled]
            s["phase"] = "poll"
            s["poll"] = {"controlled": controlled, "grants": grants, "left": list(grants),
                         "placed": [[], []], "seat": None}
            self._log(s, {"type": "poll", "round": s["round"], "controlled": controlled, "grants": grants})
            self._advance_poll(s)
        else:
            self._resolve_pacts(s)
            self._game_over(s)

    def _advance_poll(self, s: State) -> None:
        poll = s["poll"]
        for seat in (s["first"], other(s["first"])):
            if poll["left"][seat] > 0 and supply(s, seat) == 0:
                self._log(s, {"type": "poll_forfeit", "seat": seat, "lost": poll["left"][seat]})
                poll["left"][seat] = 0
            if poll["left"][seat] > 0:
                poll["seat"] = seat
                return
        s["poll"] = None
        self._resolve_pacts(s)
        s["round"] += 1
        s["turn"] = 1
        s["shift_used"] = [False, False]
        self._log(s, {"type": "round_started", "round": s["round"], "turns": TURNS_PER_ROUND[s["round"] - 1]})
        self._start_turn(s, s["first"])

    def _resolve_pacts(self, s: State) -> None:
        for region in PACT_REGIONS:
            boxes = list(s["pacts"][region])
            influence = list(s["influence"][region])
            winner = None
            for seat in (0, 1):
                if boxes[seat] > boxes[other(seat)] and influence[seat] > influence[other(seat)]:
                    winner = seat
            placed = False
            if winner is not None and supply(s, winner) > 0:
                s["influence"][region][winner] += 1
                placed = True
            self._log(s, {"type": "pact_resolved", "region": region, "boxes": boxes,
                          "influence": influence, "winner": winner, "placed": placed})
        for region in PACT_REGIONS:
            s["pacts"][region] = [0, 0]

    def _game_over(self, s: State, conceded_by: int | None = None) -> None:
        projection = projected_seats(s)
        seats = projection["seats"]
        if conceded_by is not None:
            reason = "conceded"
            winners = [other(conceded_by)]
        elif max(seats) >= ABSOLUTE_MAJORITY:
            reason = "absolute_majority"
            winners = [seats.index(max(seats))]
        elif seats[0] != seats[1]:
            reason = "minority_government"
            winners = [seats.index(max(seats))]
        else:
            reason = "hung_parliament"
            winners = []
        s["phase"] = "game_over"
        s["pending"] = None
        s["poll"] = None
        s["actions_left"] = 0
        s["result"] = {"seats": list(seats), "third": projection["third"],
                       "regions": projection["regions"], "winners": winners, "reason": reason}
        self._log(s, {"type": "game_over", "seats": list(seats), "third": projection["third"],
                      "winners": winners, "reason": reason})

    def _log(self, s: State, event: dict[str, Any]) -> None:
        s["log_count"] += 1
        s["log"] = s["log"] + [{"id": s["log_count"], **event}]


GAME = Polls()
