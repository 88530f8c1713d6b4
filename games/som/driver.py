"""The driver: `run` carries out every automatic step (payments, taxation, the die, the start of
phase 4, votes moving on, movements starting and ending, the end of the turn) until the game waits
on a player; `HANDLERS` maps each action type to the rule that carries it out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from games.core.protocol import Rng
from games.som.cohesion import do_redistribute
from games.som.common import Action, State
from games.som.disc_effects import do_use_disc_effect, landing_effects
from games.som.movement import do_move_citizen, do_stop_moving, step_cells
from games.som.payments import do_break_coin, do_give_change, do_pay, progress_payment, start_next_payment
from games.som.set_up import do_choose_centralism, do_place_start
from games.som.state_acts import do_protect_urn
from games.som.turn import begin_action, end_movement, end_turn, roll_transfer, start_movement
from games.som.votes import (
    advance_vote,
    do_back,
    do_bid,
    do_call_elections,
    do_decline_vote,
    do_motion_of_censure,
    do_name_beneficiary,
    do_stand,
)

Handler = Callable[[State, int, Action, Rng, str], None]

# Action type → its rule: handler(state, seat, action, rng, what the game waited on).
HANDLERS: Final[dict[str, Handler]] = {
    "place_start": do_place_start,
    "choose_centralism": do_choose_centralism,
    "pay": do_pay,
    "break_coin": do_break_coin,
    "give_change": do_give_change,
    "redistribute": do_redistribute,
    "use_disc_effect": do_use_disc_effect,
    "move_citizen": do_move_citizen,
    "stop_moving": do_stop_moving,
    "protect_urn": do_protect_urn,
    "decline_vote": do_decline_vote,
    "call_elections": do_call_elections,
    "motion_of_censure": do_motion_of_censure,
    "stand": do_stand,
    "back": do_back,
    "name_beneficiary": do_name_beneficiary,
    "bid": do_bid,
}


def run(s: State, rng: Rng) -> None:
    """Run every automatic step until the game waits on a player (or is over)."""
    while True:
        if s["phase"] == "game_over":
            return
        if s["payment"] is not None:
            if not progress_payment(s, rng):
                return
            continue
        if s["pay_queue"]:
            start_next_payment(s)
            continue
        phase = s["phase"]
        if phase == "taxation":
            roll_transfer(s, rng)
        elif phase == "transfer":
            if s["n"] == 1:  # phase 3 is skipped
                begin_action(s)
            else:
                s["phase"] = "cohesion"
        elif phase == "action":
            if s["pending"] is not None:
                return
            if s["vote"] is not None:
                if not advance_vote(s):
                    return
                continue
            movement = s["movement"]
            if movement is None:
                if s["movers"]:
                    start_movement(s)
                else:
                    end_turn(s)
                continue
            if step_cells(s):
                return
            if movement["steps"] == 0:
                end_movement(s, "no_step")
            elif not landing_effects(s):
                # The card stepped from is always a step back, so only the step limit leaves no step.
                end_movement(s, "step_limit")
            else:
                return
        else:  # set-up and phase 3 wait on a player
            return
