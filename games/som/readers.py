"""What the game waits on (rules/som.md, "Actions"): `waiting(state)` → the decision and the seats
that may answer it, `ANSWERS` (decision → the action types that answer it) and each decision's
"not now" hint. Never changes a state; the engine, legal actions, the view and the computer player
read it.
"""

from __future__ import annotations

from typing import Final

from games.core.messages import N_
from games.som.common import State

# What the game waits on → the action types that answer it.
ANSWERS: Final[dict[str, tuple[str, ...]]] = {
    "place_start": ("place_start",),
    "choose_centralism": ("choose_centralism",),
    "pay": ("pay",),
    "break_coin": ("break_coin",),
    "give_change": ("give_change",),
    "cohesion": ("use_disc_effect", "redistribute"),
    "move": ("move_citizen", "stop_moving", "use_disc_effect"),
    "protect_urn": ("protect_urn",),
    "sufragi": ("call_elections", "motion_of_censure", "decline_vote"),
    "stand": ("stand",),
    "back": ("back",),
    "name_beneficiary": ("name_beneficiary",),
    "bid": ("bid",),
}
HINT: Final[dict[str, str]] = {
    "place_start": N_("som.hint.place_start"),
    "choose_centralism": N_("som.hint.choose_centralism"),
    "pay": N_("som.hint.pay"),
    "break_coin": N_("som.hint.break_coin"),
    "give_change": N_("som.hint.give_change"),
    "cohesion": N_("som.hint.cohesion"),
    "move": N_("som.hint.move"),
    "protect_urn": N_("som.hint.protect_urn"),
    "sufragi": N_("som.hint.sufragi"),
    "stand": N_("som.hint.stand"),
    "back": N_("som.hint.back"),
    "name_beneficiary": N_("som.hint.name_beneficiary"),
    "bid": N_("som.hint.bid"),
}
HINT_TEXT: Final[dict[str, str]] = {
    "place_start": "choose where Concentració nacional lies",
    "choose_centralism": "choose the centralism degree",
    "pay": "choose the discs to pay",
    "break_coin": "choose which 2 € disc to break",
    "give_change": "choose two 1 € discs to give as change",
    "cohesion": "use a disc effect or redistribute",
    "move": "move the citizen",
    "protect_urn": "choose the interior discs that protect urn cards",
    "sufragi": "announce whether Sufragi universal is used",
    "stand": "declare whether you stand",
    "back": "back a side or abstain",
    "name_beneficiary": "name who takes the Generalitat",
    "bid": "bid participation discs",
}


def waiting(s: State) -> tuple[str | None, list[int]]:
    """What the game waits on now (an `ANSWERS` key, None once it is over) and who may answer it."""
    phase = s["phase"]
    if phase == "game_over":
        return None, []
    if phase in ("place_start", "choose_centralism"):
        return phase, [s["starting_holder"]]
    payment = s["payment"]
    if payment is not None:
        step = payment["step"]
        return step, [payment["changer"] if step == "give_change" else payment["payer"]]
    if s["pending"] is not None:
        return s["pending"]["type"], [s["pending"]["seat"]]
    vote = s["vote"]
    if vote is not None:
        if vote["step"] == "bid":
            return "bid", [x for x in range(s["n"]) if str(x) not in vote["bids"]]
        return vote["step"], [vote["waiting_for"]]
    if phase == "cohesion":
        return "cohesion", [s["holder"]]
    if phase == "action" and s["movement"] is not None:
        return "move", [s["movement"]["mover"]]
    raise AssertionError(f"som: nothing to wait on in phase {phase}")
