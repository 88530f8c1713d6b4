"""Spyfall rules (rules/spyfall.md): rounds, accusations, time-out votes, the spy's guess, scoring.

State is a JSON-ready dict; `apply` copies before changing it. Seats are lists indexed by seat
so nothing depends on JSON's string keys.
"""

from __future__ import annotations

from typing import Any

from games.core import vote as votes
from games.core.actions import check_seat
from games.core.data import clone
from games.core.engine import Engine
from games.core.messages import N_, msg
from games.core.options import check_options
from games.core.protocol import Action, IllegalAction, OptionSpec, Outcome, Rng
from games.core.ranking import places
from games.core.seats import clockwise, next_seat
from games.spyfall import packs
from games.spyfall.actions import ACTIONS
from games.spyfall.locations import BY_ID, LOCATIONS
from games.spyfall.view_types import Card, Clock, SpyfallView, Vote

State = dict[str, Any]

# Which locations a game deals from (rules/spyfall.md "Set-up"): the built-in deck, a server's
# pack (the `pack` option: its data, as games.spyfall.packs reads it), or both.
LOCATION_SETS = ("builtin", "pack", "both")
BUILT_IN_IDS = [loc.id for loc in LOCATIONS]


def check_pack_option(value: Any) -> None:
    """The `pack` option must be a pack games.spyfall.packs accepts (a table's options come from outside)."""
    try:
        packs.pack_from_data(value)
    except packs.PackError as exc:
        first = exc.problems[0]
        raise IllegalAction("spyfall.pack_invalid", f"The location pack cannot be played: {first.text}",
                            problem=msg(first.message_id, **first.params)) from None

OPTIONS_SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec("rounds", "int", 5, N_("spyfall.option.rounds"), 1, 20),
    OptionSpec("minutes", "int", 8, N_("spyfall.option.minutes"), 3, 20),
    OptionSpec("roles", "bool", True, N_("spyfall.option.roles")),
    OptionSpec("vote_seconds", "int", 60, N_("spyfall.option.vote_seconds"), 15, 600),
    OptionSpec("locations", "choice", "builtin", N_("spyfall.option.locations"), choices=LOCATION_SETS,
               public=False),
    OptionSpec("pack", "data", None, N_("spyfall.option.pack"), public=False, check=check_pack_option),
)
LOG_KEPT = 30

# Points (rules/spyfall.md, "Scoring").
SPY_SURVIVES = 2
SPY_GUESSES = 4
SPY_FRAMES_INNOCENT = 4
NON_SPY_WIN = 1
ACCUSER_BONUS = 1

VOTING_PHASES = ("accusation", "final_vote")
ROUND_PHASES = ("playing", "accusation", "final_vote", "spy_guess")


class Spyfall(Engine):
    id = "spyfall"
    title = "Spyfall"
    min_players = 3
    max_players = 8
    options_schema = OPTIONS_SCHEMA
    actions = ACTIONS
    game_over = (N_("spyfall.game_over"), "The game is over.")
    log_kept = LOG_KEPT

    # --- set-up -----------------------------------------------------------------------------

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> State:
        if not self.min_players <= n_players <= self.max_players:
            raise IllegalAction(
                "spyfall.player_count",
                f"Spyfall needs {self.min_players} to {self.max_players} players, not {n_players}.",
                low=self.min_players, high=self.max_players, seated=n_players,
            )
        opts = check_options(OPTIONS_SCHEMA, dict(options))
        if opts["locations"] == "builtin":
            opts["pack"] = None  # a pack given with the built-in set is not played, so not kept
        elif opts["pack"] is None:
            raise IllegalAction("spyfall.pack_needed", "Choose the location pack to play.")
        else:
            opts["pack"] = packs.pack_from_data(opts["pack"]).data()  # every name as a table by language
        return {
            "n": n_players,
            "options": opts,
            "phase": "lobby",
            "round": 0,
            "dealer": rng.randint(0, n_players - 1),
            "open_start": False,
            "now": 0.0,
            "scores": [0] * n_players,
            "left": [False] * n_players,
            "used_locations": [],
            "location": None,
            "spy": None,
            "roles": [None] * n_players,
            "asker": None,
            "asked_by": None,
            "accused": [False] * n_players,
            "clock": {"deadline": None, "paused_remaining": None},
            "vote": None,
            "guess_deadline": None,
            "phase_deadline": None,
            "result": None,
            "history": [],
            "log": [],
            "log_count": 0,
        }

    # --- queries ----------------------------------------------------------------------------

    def active(self, state: State) -> list[int]:
        return [s for s in range(state["n"]) if not state["left"][s]]

    def to_act(self, state: State) -> set[int]:
        """Seats with something to do now; leaving, always possible, does not count."""
        return {
            s
            for s in range(state["n"])
            if any(a["type"] != "leave" for a in self.legal_actions(state, s))
        }

    def legal_actions(self, state: State, seat: int | None) -> list[dict[str, Any]]:
        phase = state["phase"]
        if phase == "game_over":
            return []
        if seat is None:
            if phase == "lobby":
                return [{"type": "start_round"}]
            return [{"type": "timeout"}] if self.deadline(state) is not None else []
        if not 0 <= seat < state["n"] or state["left"][seat]:
            return []
        actions: list[dict[str, Any]] = []
        if phase in ("lobby", "round_over"):
            if seat == state["dealer"] or state["open_start"]:
                actions.append({"type": "start_round"})
        elif phase == "playing":
            if seat == state["asker"]:
                actions += [{"type": "ask", "target": t} for t in self._ask_targets(state)]
            if not state["accused"][seat]:
                actions += [
                    {"type": "accuse", "target": t} for t in self.active(state) if t != seat
                ]
            if seat == state["spy"]:
                actions.append({"type": "reveal"})
        elif phase in VOTING_PHASES:
            if votes.can_vote(state["vote"]["ballot"], seat):
                actions += [{"type": "vote", "guilty": True}, {"type": "vote", "guilty": False}]
        elif phase == "spy_guess" and seat == state["spy"]:
            actions += [{"type": "guess", "location": loc} for loc in self.deck(state)]
        actions.append({"type": "leave"})
        return actions

    def deck(self, state: State) -> list[str]:
        """The ids of the locations this game deals from, in the order of the location sheet:
        the built-in ones, then the pack's."""
        chosen = state["options"].get("locations", "builtin")  # tables saved before packs existed
        ids = list(BUILT_IN_IDS) if chosen in ("builtin", "both") else []
        pack = state["options"].get("pack")
        if chosen in ("pack", "both") and pack:
            ids += [packs.location_id(i) for i in range(len(pack["locations"]))]
        return ids

    def _pack_location(self, state: State, location: str) -> dict[str, Any]:
        return state["options"]["pack"]["locations"][packs.pack_index(location)]

    def _card_of(self, state: State, location: str, role_index: int | None) -> Card:
        """A location card: the location and the role; a pack's card carries the role's names too
        (a built-in role is named by the catalogs)."""
        if packs.is_pack_id(location):
            if role_index is None:
                return {"location": location, "role": None}
            return {"location": location, "role": f"r{role_index + 1}",
                    "role_names": dict(self._pack_location(state, location)["roles"][role_index])}
        return {"location": location, "role": BY_ID[location].roles[role_index] if role_index is not None else None}

    def deadline(self, state: State) -> float | None:
        phase = state["phase"]
        if phase == "playing":
            return state["clock"]["deadline"]
        if phase in VOTING_PHASES:
            return state["vote"]["deadline"]
        if phase == "spy_guess":
            return state["guess_deadline"]
        if phase == "round_over" and not state["open_start"]:
            return state["phase_deadline"]
        return None

    def auto_action(self, state: State) -> dict[str, Any] | None:
        """The game master deals the first round as soon as the table starts."""
        return {"type": "start_round"} if state["phase"] == "lobby" else None

    def leave_action(self, state: State, seat: int) -> dict[str, Any] | None:
        if state["phase"] == "game_over" or not 0 <= seat < state["n"] or state["left"][seat]:
            return None
        return {"type": "leave"}

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "game_over":
            return None
        present = self.active(state) or list(range(state["n"]))
        best = max(state["scores"][s] for s in present)
        winners = [s for s in present if state["scores"][s] == best]
        scores = {s: float(state["scores"][s]) for s in range(state["n"])}
        return Outcome(winners=winners, scores=scores, reason=state["end_reason"],
                       ranks=places(state["n"], winners, scores))

    def dump(self, state: State) -> dict[str, Any]:
        return clone(state)

    def load(self, data: dict[str, Any]) -> State:
        return clone(data)

    # --- views ------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> SpyfallView:
        phase = state["phase"]
        check_seat(seat, state["n"])
        clock: Clock = {"deadline": state["clock"]["deadline"], "paused_remaining": state["clock"]["paused_remaining"]}
        shown: SpyfallView = {
            "game": "spyfall",
            "phase": phase,
            "round": state["round"],
            "rounds": state["options"]["rounds"],
            "minutes": state["options"]["minutes"],
            "roles_in_play": state["options"]["roles"],
            "n": state["n"],
            "dealer": state["dealer"],
            "open_start": state["open_start"],
            "asker": state["asker"] if phase in ROUND_PHASES else None,
            "asked_by": state["asked_by"] if phase in ROUND_PHASES else None,
            "accused": list(state["accused"]),
            "left": list(state["left"]),
            "scores": list(state["scores"]),
            # every seat, the highest score first (equal scores in seat order): the standings shown
            "standings": sorted(range(state["n"]), key=lambda p: -state["scores"][p]),
            "clock": clock,
            "deadline": self.deadline(state),
            "vote": None,
            "guess_deadline": state["guess_deadline"] if phase == "spy_guess" else None,
            "spy_revealed": state["spy"] if phase == "spy_guess" else None,
            "locations": self.deck(state),
            "location_names": self._pack_names(state),
            "location_set": {"kind": state["options"].get("locations", "builtin"),
                             "pack": (state["options"].get("pack") or {}).get("name")},
            "result": clone(state["result"]) if phase in ("round_over", "game_over") else None,
            "history": clone(state["history"]),
            "log": clone(state["log"]),
            "log_count": state["log_count"],
        }
        if phase in VOTING_PHASES:
            v = state["vote"]
            counted = votes.public(v["ballot"])
            vote: Vote = {
                "kind": v["kind"],
                "suspect": v["suspect"],
                "accuser": v.get("accuser"),
                "deadline": v["deadline"],
                "eligible": counted["eligible"],
                "voted": counted["voted"],
                "closed": counted["closed"],
            }
            if "ballots" in counted:
                vote["ballots"] = counted["ballots"]
            if seat is not None:
                vote["my_ballot"] = v["ballot"]["ballots"][seat]
                vote["can_vote"] = votes.can_vote(v["ballot"], seat)
            shown["vote"] = vote
        if phase in ROUND_PHASES and seat is not None and 0 <= seat < state["n"]:
            shown["card"] = self._card(state, seat)
        if phase == "game_over":
            outcome = self.outcome(state)
            assert outcome is not None
            shown["winners"] = outcome.winners
            shown["end_reason"] = outcome.reason
        return shown

    def _pack_names(self, state: State) -> dict[str, dict[str, str]]:
        """The names of the pack's locations in play, by id (the built-in ones are in the catalogs)."""
        return {loc: dict(self._pack_location(state, loc)["name"]) for loc in self.deck(state)
                if packs.is_pack_id(loc)}

    def _card(self, state: State, seat: int) -> Card | None:
        if state["location"] is None or state["left"][seat]:
            return None
        if seat == state["spy"]:
            return {"spy": True}
        return self._card_of(state, state["location"], state["roles"][seat])

    # --- apply ------------------------------------------------------------------------------

    def check_turn(self, state: State, seat: int | None, action: Action) -> None:
        kind = action["type"]
        if seat is None and kind != "timeout" and not (kind == "start_round" and state["phase"] == "lobby"):
            raise IllegalAction("spyfall.players_only", "Only a player can do that.")
        if seat is not None and state["left"][seat]:
            raise IllegalAction("spyfall.you_left", "You have left this game.")

    def handle(self, new: State, seat: int | None, action: Action, rng: Rng) -> None:
        at = action.get("at")
        now = float(at) if at is not None else None
        if now is not None:
            new["now"] = max(new["now"], now)
        getattr(self, f"_do_{action['type']}")(new, seat, action, rng, now)

    # each handler mutates the fresh copy it is given

    def _do_start_round(self, s: State, seat: int | None, action: dict, rng: Rng, now: float | None) -> None:
        if s["phase"] not in ("lobby", "round_over"):
            raise IllegalAction("spyfall.round_running", "A round is already being played.")
        if seat != s["dealer"] and not s["open_start"] and not (seat is None and s["phase"] == "lobby"):
            raise IllegalAction("spyfall.dealer_only", "Only the dealer can deal the next round.")
        at = now if now is not None else s["now"]
        deck = self.deck(s)
        pool = [loc for loc in deck if loc not in s["used_locations"]]
        if not pool:
            s["used_locations"] = []
            pool = deck
        location = rng.choice(pool)
        players = self.active(s)
        spy = players[rng.randint(0, len(players) - 1)]
        role_indexes = rng.shuffle(list(range(7)))
        roles: list[int | None] = [None] * s["n"]
        if s["options"]["roles"]:
            others = [p for p in players if p != spy]
            for p, r in zip(others, role_indexes, strict=False):
                roles[p] = r
        s.update(
            phase="playing",
            round=s["round"] + 1,
            open_start=False,
            location=location,
            spy=spy,
            roles=roles,
            asker=s["dealer"],
            asked_by=None,
            accused=[False] * s["n"],
            clock={"deadline": at + 60 * s["options"]["minutes"], "paused_remaining": None},
            vote=None,
            guess_deadline=None,
            phase_deadline=None,
            result=None,
        )
        s["used_locations"] = s["used_locations"] + [location]
        self._log(s, {"type": "round_started", "round": s["round"], "dealer": s["dealer"],
                      "deadline": s["clock"]["deadline"]})

    @staticmethod
    def _refuse_if_late(now: float | None, deadline: float | None, message_id: str, text: str) -> None:
        """A stamped action at or after its clock's deadline is too late (the clock has run out)."""
        if now is not None and deadline is not None and now >= deadline:
            raise IllegalAction(message_id, text)

    def _ask_targets(self, s: State) -> list[int]:
        return [t for t in self.active(s) if t != s["asker"] and t != s["asked_by"]]

    def _do_ask(self, s: State, seat: int | None, action: dict, rng: Rng, now: float | None) -> None:
        if s["phase"] != "playing":
            raise IllegalAction("spyfall.ask_not_now", "Questions are asked only while the round is being played.")
        if seat != s["asker"]:
            raise IllegalAction("spyfall.not_your_question", "It is not your turn to ask.")
        target = action.get("target")
        if type(target) is not int:
            raise IllegalAction("spyfall.ask_someone_present", "Pick another player who is still in the game.")
        if target == seat:
            raise IllegalAction("spyfall.ask_yourself", "You cannot ask yourself.")
        if target == s["asked_by"] and target is not None:
            raise IllegalAction("spyfall.ask_back", "You cannot ask back the player who just asked you.")
        if target not in self._ask_targets(s):
            raise IllegalAction("spyfall.ask_someone_present", "Pick another player who is still in the game.")
        s["asked_by"], s["asker"] = seat, target
        self._log(s, {"type": "asked", "seat": seat, "target": target})

    def _do_accuse(self, s: State, seat: int | None, action: dict, rng: Rng, now: float | None) -> None:
        assert seat is not None
        if s["phase"] != "playing":
            raise IllegalAction("spyfall.accuse_not_now", "You can accuse only while the round is being played.")
        if s["accused"][seat]:
            raise IllegalAction("spyfall.accused_already", "You have already used your accusation this round.")
        target = action.get("target")
        if target == seat:
            raise IllegalAction("spyfall.accuse_yourself", "You cannot accuse yourself.")
        if type(target) is not int or not 0 <= target < s["n"] or s["left"][target]:
            raise IllegalAction("spyfall.accuse_someone_present", "Accuse another player who is still in the game.")
        self._refuse_if_late(now, s["clock"]["deadline"], N_("spyfall.time_up"), "Time has run out: the round is over.")
        at = now if now is not None else s["now"]
        s["accused"][seat] = True
        deadline = s["clock"]["deadline"]
        s["clock"] = {"deadline": None, "paused_remaining": max(0.0, deadline - at)}
        eligible = [p for p in self.active(s) if p != target]
        s["vote"] = {
            "kind": "accusation",
            "suspect": target,
            "accuser": seat,
            "deadline": at + s["options"]["vote_seconds"],
            "ballot": votes.open_vote(s["n"], eligible, preset={seat: True}),
        }
        s["phase"] = "accusation"
        self._log(s, {"type": "accused", "seat": seat, "target": target})
        self._settle_vote_if_complete(s, at)

    def _do_vote(self, s: State, seat: int | None, action: dict, rng: Rng, now: float | None) -> None:
        if s["phase"] not in VOTING_PHASES:
            raise IllegalAction("spyfall.no_vote", "There is no vote right now.")
        guilty = action.get("guilty")
        if not isinstance(guilty, bool):
            raise IllegalAction("spyfall.vote_yes_or_no", "Vote yes or no.")
        v = s["vote"]
        if seat == v["suspect"]:
            raise IllegalAction("spyfall.suspect_does_not_vote", "You are the suspect: you do not vote on yourself.")
        self._refuse_if_late(now, v["deadline"], N_("spyfall.vote_time_up"), "The vote's time has run out.")
        v["ballot"] = votes.cast(v["ballot"], seat, guilty)
        self._settle_vote_if_complete(s, now if now is not None else s["now"])

    def _do_reveal(self, s: State, seat: int | None, action: dict, rng: Rng, now: float | None) -> None:
        if s["phase"] in VOTING_PHASES:
            raise IllegalAction("spyfall.reveal_during_vote", "The spy cannot reveal during a vote.")
        if s["phase"] != "playing":
            raise IllegalAction("spyfall.reveal_not_now", "You can reveal only while the round is being played.")
        if seat != s["spy"]:
            raise IllegalAction("spyfall.spy_only_reveals", "Only the spy can reveal.")
        self._refuse_if_late(now, s["clock"]["deadline"], N_("spyfall.time_up"), "Time has run out: the round is over.")
        at = now if now is not None else s["now"]
        s["clock"] = {"deadline": None, "paused_remaining": max(0.0, s["clock"]["deadline"] - at)}
        s["phase"] = "spy_guess"
        s["guess_deadline"] = at + s["options"]["vote_seconds"]
        self._log(s, {"type": "spy_revealed", "seat": seat})

    def _do_guess(self, s: State, seat: int | None, action: dict, rng: Rng, now: float | None) -> None:
        if s["phase"] != "spy_guess" or seat != s["spy"]:
            raise IllegalAction("spyfall.spy_only_guesses", "Only the spy who revealed can guess the location.")
        guess = action.get("location")
        if not isinstance(guess, str) or guess not in self.deck(s):
            raise IllegalAction("spyfall.guess_from_list", "Pick one of the locations in the list.")
        self._refuse_if_late(now, s["guess_deadline"], N_("spyfall.guess_time_up"), "The time to guess has run out.")
        right = guess == s["location"]
        if right:
            self._end_round(s, now, "spy_guessed", {s["spy"]: SPY_GUESSES}, guess=guess)
        else:
            self._end_round(s, now, "spy_guessed_wrong", self._non_spies_win(s), guess=guess)

    def _do_leave(self, s: State, seat: int | None, action: dict, rng: Rng, now: float | None) -> None:
        assert seat is not None
        at = now if now is not None else s["now"]
        s["left"][seat] = True
        self._log(s, {"type": "left", "seat": seat})
        if len(self.active(s)) < 3:
            if s["phase"] in ROUND_PHASES:
                self._record(s, "void", {}, at)
            self._game_over(s, "too_few_players")
            return
        phase = s["phase"]
        if phase in ROUND_PHASES and seat in (s["spy"], s["dealer"]):
            self._end_round(s, now, "void", {})
            return
        if phase in ("lobby", "round_over"):
            if s["dealer"] == seat:
                s["dealer"] = next_seat(seat, s["n"], self._gone(s))
            return
        if s["asker"] == seat:
            s["asker"], s["asked_by"] = next_seat(seat, s["n"], self._gone(s)), None
        if s["asked_by"] == seat:
            s["asked_by"] = None
        if phase in VOTING_PHASES:
            v = s["vote"]
            if v["suspect"] == seat:
                if phase == "accusation":
                    self._resume_play(s, at)
                else:
                    self._next_final_suspect(s, at)
                return
            v["ballot"] = votes.withdraw_voter(v["ballot"], seat)
            self._settle_vote_if_complete(s, at)

    def _do_timeout(self, s: State, seat: int | None, action: dict, rng: Rng, now: float | None) -> None:
        if seat is not None:
            raise IllegalAction("spyfall.master_only", "Only the game master calls time.")
        deadline = self.deadline(s)
        if deadline is None:
            raise IllegalAction("spyfall.no_clock", "No clock is running.")
        if now is not None and now < deadline:
            raise IllegalAction("spyfall.clock_running", "The clock has not run out yet.")
        at = now if now is not None else deadline
        s["now"] = max(s["now"], at)
        phase = s["phase"]
        if phase == "playing":
            s["clock"] = {"deadline": None, "paused_remaining": 0.0}
            self._log(s, {"type": "time_up"})
            first = s["dealer"] if not s["left"][s["dealer"]] else next_seat(
                s["dealer"], s["n"], self._gone(s)
            )
            self._open_final_vote(s, first, at, order_start=s["dealer"])
        elif phase in VOTING_PHASES:
            s["vote"]["ballot"] = votes.close(s["vote"]["ballot"], default=False)
            self._tally(s, at)
        elif phase == "spy_guess":
            self._log(s, {"type": "guess_timed_out", "seat": s["spy"]})
            self._end_round(s, at, "spy_guessed_wrong", self._non_spies_win(s), guess=None)
        elif phase == "round_over":
            s["open_start"] = True
            self._log(s, {"type": "anyone_may_deal"})

    # --- votes ------------------------------------------------------------------------------

    def _open_final_vote(self, s: State, suspect: int | None, at: float, order_start: int) -> None:
        if suspect is None:
            self._end_round(s, at, "spy_survived", {s["spy"]: SPY_SURVIVES})
            return
        eligible = [p for p in self.active(s) if p != suspect]
        s["phase"] = "final_vote"
        s["vote"] = {
            "kind": "final",
            "suspect": suspect,
            "accuser": None,
            "order_start": order_start,
            "deadline": at + s["options"]["vote_seconds"],
            "ballot": votes.open_vote(s["n"], eligible),
        }
        self._log(s, {"type": "final_vote", "suspect": suspect})

    def _next_final_suspect(self, s: State, at: float) -> None:
        """The next seat clockwise after the current suspect, until the order wraps to its start."""
        v = s["vote"]
        start = v["order_start"]
        order = list(clockwise(start, s["n"]))
        position = order.index(v["suspect"])
        nxt = next((p for p in order[position + 1:] if not s["left"][p]), None)
        self._open_final_vote(s, nxt, at, order_start=start)

    def _settle_vote_if_complete(self, s: State, at: float) -> None:
        ballot = s["vote"]["ballot"]
        if votes.is_complete(ballot):
            s["vote"]["ballot"] = votes.close(ballot, default=False)
            self._tally(s, at)

    def _tally(self, s: State, at: float) -> None:
        v = s["vote"]
        ballot = v["ballot"]
        convicted = votes.unanimous(ballot, True)
        yes = votes.counts(ballot).get(True, 0)
        self._log(s, {"type": "vote_result", "kind": v["kind"], "suspect": v["suspect"],
                      "yes": yes, "no": len(ballot["eligible"]) - yes, "convicted": convicted})
        if convicted:
            suspect = v["suspect"]
            if suspect == s["spy"]:
                points = self._non_spies_win(s)
                # Players who left score nothing in the round they leave, the accuser's bonus included.
                if v["kind"] == "accusation" and not s["left"][v["accuser"]]:
                    points[v["accuser"]] = points.get(v["accuser"], 0) + ACCUSER_BONUS
                self._end_round(s, at, "spy_caught", points, convicted=suspect)
            else:
                self._end_round(s, at, "innocent_convicted", {s["spy"]: SPY_FRAMES_INNOCENT},
                                convicted=suspect)
        elif v["kind"] == "accusation":
            self._resume_play(s, at)
        else:
            self._next_final_suspect(s, at)

    def _resume_play(self, s: State, at: float) -> None:
        remaining = s["clock"]["paused_remaining"] or 0.0
        s["clock"] = {"deadline": at + remaining, "paused_remaining": None}
        s["vote"] = None
        s["phase"] = "playing"
        self._log(s, {"type": "play_resumed", "deadline": s["clock"]["deadline"]})

    # --- round end --------------------------------------------------------------------------

    def _non_spies_win(self, s: State) -> dict[int, int]:
        return {p: NON_SPY_WIN for p in self.active(s) if p != s["spy"]}

    def _gone(self, s: State) -> set[int]:
        return {p for p in range(s["n"]) if s["left"][p]}

    def _record(self, s: State, how: str, points: dict[int, int], at: float, **extra: Any) -> None:
        cards: list[Card] = []
        for p in range(s["n"]):
            if p == s["spy"]:
                cards.append({"spy": True})
            else:
                cards.append(self._card_of(s, s["location"], s["roles"][p]))
        for p, pts in points.items():
            s["scores"][p] += pts
        s["result"] = {
            "round": s["round"],
            "how": how,
            "location": s["location"],
            "spy": s["spy"],
            "cards": cards,
            "points": [points.get(p, 0) for p in range(s["n"])],
            **extra,
        }
        s["history"] = s["history"] + [
            {"round": s["round"], "how": how, "location": s["location"], "spy": s["spy"],
             "points": [points.get(p, 0) for p in range(s["n"])]}
        ]
        s["clock"] = {"deadline": None, "paused_remaining": None}
        s["vote"] = None
        s["guess_deadline"] = None
        self._log(s, {"type": "round_over", **clone(s["result"])})

    def _end_round(self, s: State, now: float | None, how: str, points: dict[int, int],
                   **extra: Any) -> None:
        at = now if now is not None else s["now"]
        self._record(s, how, points, at, **extra)
        spy = s["spy"]
        # The spy deals next; if the spy has left, the next player clockwise does.
        s["dealer"] = spy if not s["left"][spy] else next_seat(spy, s["n"], self._gone(s))
        s["asker"] = s["asked_by"] = None
        if s["round"] >= s["options"]["rounds"]:
            self._game_over(s, "rounds_played")
        else:
            s["phase"] = "round_over"
            s["open_start"] = False
            s["phase_deadline"] = at + s["options"]["vote_seconds"]

    def _game_over(self, s: State, reason: str) -> None:
        s["phase"] = "game_over"
        s["end_reason"] = reason
        s["clock"] = {"deadline": None, "paused_remaining": None}
        s["vote"] = None
        s["guess_deadline"] = None
        s["phase_deadline"] = None
        self._log(s, {"type": "game_over", "reason": reason, "scores": list(s["scores"])})

    def _log(self, s: State, event: dict[str, Any]) -> None:
        s["log_count"] += 1
        s["log"] = s["log"] + [{"id": s["log_count"], **event}]


GAME = Spyfall()
