"""Som el que decidim! (rules/som.md): citizens uncover the urn cards before anyone cannot pay.

The contract (`GAME`, `Som`): set-up, `to_act`, `legal_actions`, `view` and `apply`; the rules
live in the modules named in docs/som-state.md ("Where things are").

State is a JSON-ready dict; `apply` copies it before changing the copy, then runs every automatic
step (taxation, the die, transfers, the State's action, resolving votes, passing the turn) until
the game waits on a player again, so there is no game-master action.

State fields:
    n, mode, kinds (disc kinds matter), degree, colours [seat], starting_holder, holder, turn,
    phase ("place_start" | "choose_centralism" | "taxation" | "transfer" | "cohesion" | "action" |
    "game_over"), hands [seat] [disc ids], hisenda [disc ids], participation [seat], pool,
    board {cell: card id | None}, face_up [card ids on the board, face up], urn_area [card ids],
    citizens [seat] cell, die (face), movers [seats still to move], movement (the current mover's:
    mover, start, cell, visited = every cell stood on, in order, a card stepped on again appearing
    again, steps, landed, window = effects this landing may still trigger),
    used {health, justice}, payment (in progress, waiting on a choice), pay_queue, pending
    (protect_urn | sufragi), vote, last_vote, next_holder (set by a vote), result, log, log_count.

Parties are seats (int) or "hisenda".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.core.data import UntimedGame
from games.core.engine import Engine
from games.core.messages import N_, msg, seat_ref
from games.core.protocol import GameSide, IllegalAction, Outcome, Rng
from games.som.actions import ACTIONS
from games.som.cards import CARD_NAME, KIND_NAME
from games.som.common import GAME_ID, HISENDA, LOG_KEPT, MAX_STEPS, Action, State
from games.som.driver import HANDLERS, run
from games.som.moves import legal_actions
from games.som.payments import auto_payment, change_options, pay_options
from games.som.readers import ANSWERS, HINT, HINT_TEXT, waiting
from games.som.set_up import OPTIONS_SCHEMA, new_state
from games.som.view_types import SomView
from games.som.views import view


class Som(UntimedGame, Engine):
    id = GAME_ID
    title = "Som el que decidim!"
    min_players = 1
    max_players = 4
    options_schema = OPTIONS_SCHEMA
    actions = ACTIONS
    game_over = (N_("som.game_over"), "The game is over.")
    log_kept = LOG_KEPT

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> State:
        return new_state(n_players, options, rng)

    def to_act(self, state: State) -> set[int]:
        return set(waiting(state)[1])

    def legal_actions(self, state: State, seat: int | None) -> list[Action]:
        return legal_actions(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """The citizens play together against the game: they all share one place, above the game unless the
        Generalitat was intervened (its result's winners, the most participation discs, stay for the
        table's record). The game's side is as hard as the table's mode and centralism degree."""
        found = super().outcome(state)
        if found is None:
            return None
        won = found.reason != "intervened"
        return replace(found, ranks=dict.fromkeys(range(state["n"]), 1 if won else 2),
                       teams=dict.fromkeys(range(state["n"]), 0),
                       game_side=GameSide(rank=2 if won else 1, level=f"{state['mode']}/{state['degree'] or 'medium'}"))

    def view(self, state: State, seat: int | None) -> SomView:
        """Everything but face-down cards, the Hisenda's kinds and unrevealed bids (docs/som-view.md)."""
        return view(state, seat)

    def check_turn(self, state: State, seat: int | None, action: Action) -> None:
        kind = action["type"]
        if seat is None:
            raise IllegalAction("som.not_playing", "Only a player at this table can do that.")
        waits, seats = waiting(state)
        assert waits is not None
        if seat not in seats:
            if waits == "bid":
                raise IllegalAction("som.already_bid", "You have already bid: wait for the others.")
            raise IllegalAction("som.not_your_turn", f"It is not your turn: wait for seat {seats[0] + 1}.",
                                player=seat_ref(seats[0]))
        if kind not in ANSWERS[waits]:
            raise IllegalAction("som.not_now", f"You cannot do that now: {HINT_TEXT[waits]}.",
                                hint=msg(HINT[waits]))

    def handle(self, new: State, seat: int | None, action: Action, rng: Rng) -> None:
        waits, _ = waiting(new)  # the copy waits on what the state did: `check_turn` accepted the seat
        assert waits is not None and seat is not None
        HANDLERS[action["type"]](new, seat, action, rng, waits)
        run(new, rng)


GAME = Som()

__all__ = ["CARD_NAME", "GAME", "HISENDA", "KIND_NAME", "MAX_STEPS", "Som", "auto_payment", "change_options",
           "pay_options"]
