"""Junta (rules/junta.md): the political game of a banana republic, phases 1-9, with the coup of
games/junta/coup/ behind the interface of docs/junta-state.md.

The state is a JSON-ready dict (docs/junta-state.md lists every key). `apply` clones it, runs the
action, then runs every automatic step until the game waits on a player again: the procedure is
a stack of frames (votes, card windows, declarations, ...) over a phase driver, so that interrupts
(a resignation's election, a return from exile that the Minister may answer with a bullet) resume
whatever they interrupted. Time is an input: actions carry "at", and the decision timer (§10) is
the game master's `{"type": "timeout"}`, which applies each waiting decision's default.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.data import clone
from games.core.engine import Engine
from games.core.messages import N_, msg
from games.core.options import check_options
from games.core.protocol import IllegalAction, OptionSpec, Outcome, Rng
from games.core.ranking import places
from games.junta import coup as coup_game
from games.junta.actions import ACTIONS
from games.junta.cards import DEAL, DECK, NOTES
from games.junta.checks import coup_card
from games.junta.common import FAMILIES, SUB_OFFICES, log
from games.junta.driver import HANDLERS, do_timeout, restart_timer, run
from games.junta.frames import ANSWERS, Action, State, top_frame
from games.junta.moves import legal_actions, pass_action
from games.junta.readers import decision_deadline, decision_of, hint_for, next_deadline, waiting
from games.junta.view_types import JuntaView
from games.junta.views import view
from games.junta.votes import push_election

OPTIONS_SCHEMA: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("coup_needs_hq_and_pretext", "bool", False, N_("junta.option.coup_needs_hq_and_pretext")),
    OptionSpec("burn_after_coup", "bool", False, N_("junta.option.burn_after_coup")),
    OptionSpec("recycle_money", "bool", False, N_("junta.option.recycle_money")),
    OptionSpec("recycle_limit", "int", 10, N_("junta.option.recycle_limit"), 0, 96),
    OptionSpec("decision_timer", "int", 600, N_("junta.option.decision_timer"), 30, 86400),
    # The owner plays the seed's "owner of the game" (first election, resignations); the table sets it.
    OptionSpec("owner", "int", 0, N_("junta.option.owner"), 0, 6, public=False),
)


def _new_state(n: int, opts: dict[str, Any], rng: Rng) -> State:
    aid = rng.shuffle(list(NOTES))
    deck = rng.shuffle(list(DECK))
    s: State = {
        "n": n, "owner": opts["owner"], "options": opts, "families": list(FAMILIES[:n]),
        "now": 0.0, "timer": {"key": "", "since": 0.0}, "clock_started": False,
        "turn": 0, "phase": 0, "phase_step": 0,
        "pretext": False, "bank": "open", "bank_safe_until": 0, "occupied": False, "resigned": False,
        "postponed_election": None,
        "alive": [True] * n, "exile": [None] * n, "returned": [False] * n, "location": [None] * n,
        "revealed": False, "targets": [], "savers_used": [],
        "money": [[] for _ in range(n)], "accounts": [[] for _ in range(n)],
        "aid_down": aid, "aid_up": [], "recycled": 0,
        "deck": deck, "discard": [], "hands": [[] for _ in range(n)], "influence": [[] for _ in range(n)],
        "president": None, "offices": {o: None for o in SUB_OFFICES}, "cousin": None,
        "attempts": [], "sp_used": 0, "sp_allowed": 1,
        "swaps": [], "next_swap": 1,
        "stack": [], "next_frame": 1, "last_vote": None,
        "coup": None, "last_coup": None,
        "log": [], "log_count": 0, "result": None,
    }
    for seat in range(n):
        for _ in range(DEAL):
            s["hands"][seat].append(s["deck"].pop())
    return s


class Junta(Engine):
    id = "junta"
    title = "Junta"
    min_players = 4
    max_players = 7
    options_schema = OPTIONS_SCHEMA
    actions = ACTIONS
    game_over = (N_("junta.game_over"), "The game is over.")

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> State:
        if isinstance(n_players, bool) or not isinstance(n_players, int) or not 4 <= n_players <= 7:
            raise IllegalAction("junta.player_count", f"Junta is played by 4 to 7 players, not {n_players}.",
                                seated=str(n_players))
        opts = check_options(OPTIONS_SCHEMA, dict(options))
        if opts["owner"] >= n_players:
            raise IllegalAction("junta.bad_owner", f"The owner must be a seat from 0 to {n_players - 1}.",
                                high=n_players - 1)
        s = _new_state(n_players, opts, rng)
        log(s, {"type": "game_started", "n": n_players, "owner": s["owner"]})
        push_election(s, "first", s["owner"])
        run(s, rng)
        restart_timer(s)
        return s

    # --- the contract's queries -----------------------------------------------------------------------------------

    def to_act(self, state: State) -> set[int]:
        return set(waiting(state)[1])

    def deadline(self, state: State) -> float | None:
        return next_deadline(state)

    def auto_action(self, state: State) -> Action | None:
        """The game master starts the decision clock once, when the table opens: the first decision's
        time runs from then (a state fresh from `setup` knows no time)."""
        if state["result"] is None and not state.get("clock_started", True):
            return {"type": "start_clock"}
        return None

    def pass_action(self, state: State, seat: int) -> Action | None:
        """What the bot plays for a member whose only choice is to let the moment pass: `ready` at a card window
        when he holds no card he may play in it (§4.5 [decision])."""
        return pass_action(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        scores = {int(k): float(v) for k, v in result["scores"].items()}
        return Outcome(winners=list(result["winners"]), scores=scores, reason=result["reason"],
                       ranks=places(state["n"], result["winners"], scores))

    def dump(self, state: State) -> dict[str, Any]:
        return dict(clone(state))

    def load(self, data: dict[str, Any]) -> State:
        return dict(clone(data))

    def legal_actions(self, state: State, seat: int | None) -> list[Action]:
        return legal_actions(state, seat)

    def view(self, state: State, seat: int | None) -> JuntaView:
        return view(state, seat)

    # --- apply ------------------------------------------------------------------------------

    def over(self, state: State) -> bool:
        return state["result"] is not None

    def check_turn(self, state: State, seat: int | None, action: Action) -> None:
        if action["type"] in ("timeout", "start_clock"):
            if seat is not None:
                raise IllegalAction("junta.master_only", "Only the game master calls time.")
        elif seat is None:
            raise IllegalAction("junta.not_playing", "Only a player at this table can do that.")

    def handle(self, s: State, seat: int | None, action: Action, rng: Rng) -> None:
        # Who may act at a family's decision is the decision's own answer (`_check_late`, the handlers):
        # the check needs the clock brought to the action's time first.
        kind = action["type"]
        coup_kind = kind in coup_game.COUP_ACTIONS
        at = action.get("at")
        if at is not None:
            s["now"] = max(float(s["now"]), float(at))
        if kind == "start_clock":
            if s.get("clock_started", True):
                raise IllegalAction("junta.clock_started", "The clock is already running.")
            s["clock_started"] = True
            s["timer"]["since"] = float(s["now"])
        elif kind == "timeout":
            do_timeout(s, at, rng)
        else:
            assert seat is not None
            self._check_late(s, seat, kind, at)
            top = top_frame(s)
            if top is not None and top["kind"] == "coup" and coup_kind and not (
                    kind == "play_card" and not coup_card(action)):
                coup_game.apply_coup_action(s, seat, action, rng)
            elif kind not in HANDLERS:  # a coup action while the coup waits on something else
                hint_id, hint_text = hint_for(top)
                raise IllegalAction("junta.not_now", f"You cannot do that now: the game waits on {hint_text}.",
                                    hint=msg(hint_id))
            elif kind == "play_card" and coup_card(action):
                raise IllegalAction("junta.coup_card_not_now", "Unit and bribe cards are played in a coup, on your "
                                    "movement turn, or as the act that starts one.")
            else:
                HANDLERS[kind](s, seat, action, rng)
        run(s, rng)
        restart_timer(s)

    @staticmethod
    def _check_late(s: State, seat: int, kind: str, at: Any) -> None:
        """An answer to the pending decision stamped at or after its deadline is refused."""
        if at is None:
            return
        frame, seats = waiting(s)
        if frame is None or seat not in seats:
            return
        answers = ANSWERS.get(decision_of(frame), frozenset()) | {"play_card"}
        if frame["kind"] == "coup":
            answers = coup_game.COUP_ACTIONS
        limit = decision_deadline(s)
        if kind in answers and limit is not None and float(at) >= limit:
            raise IllegalAction("junta.too_late", "Your time for this decision has run out.")


GAME = Junta()
