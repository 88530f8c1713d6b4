"""`legal_actions`: every answer to what the game waits on, for the seat that may give it (phase
3's gifts as a representative set, `cohesion.redistributions`)."""

from __future__ import annotations

from itertools import combinations

from games.som.cohesion import redistributions
from games.som.common import Action, State
from games.som.disc_effects import exchange_actions, landing_actions
from games.som.movement import step_cells
from games.som.payments import payment_choices
from games.som.readers import waiting as waiting_on
from games.som.set_up import degrees, start_cells
from games.som.state_acts import interior_held


def legal_actions(s: State, seat: int | None) -> list[Action]:
    waiting, seats = waiting_on(s)
    if waiting is None or seat not in seats:
        return []
    if waiting == "place_start":
        return [{"type": "place_start", "cell": None}] + [
            {"type": "place_start", "cell": c} for c in start_cells(s)]
    if waiting == "choose_centralism":
        return [{"type": "choose_centralism", "degree": d} for d in degrees(s)]
    if waiting == "pay":
        return [{"type": "pay", "discs": c} for c in payment_choices(s)]
    if waiting == "break_coin":
        return [{"type": "break_coin", "disc": c[0]} for c in payment_choices(s)]
    if waiting == "give_change":
        return [{"type": "give_change", "discs": c} for c in payment_choices(s)]
    if waiting == "cohesion":
        return [*exchange_actions(s), *redistributions(s)]
    if waiting == "move":
        actions: list[Action] = [{"type": "move_citizen", "cell": c} for c in step_cells(s)]
        if s["movement"]["steps"] > 0:
            actions.append({"type": "stop_moving"})
        return actions + landing_actions(s)
    if waiting == "protect_urn":
        held = [d for d, _seat in interior_held(s)]
        most = min(len(held), len(s["urn_area"]))
        return [{"type": "protect_urn", "discs": list(chosen)}
                for size in range(most + 1) for chosen in combinations(held, size)]
    if waiting == "sufragi":
        return [{"type": t} for t in s["pending"]["options"]]
    vote = s["vote"]
    if waiting == "stand":
        return [{"type": "stand", "stand": True}, {"type": "stand", "stand": False}]
    if waiting == "back":
        if vote["kind"] == "elections":
            return [{"type": "back", "candidate": c} for c in (*vote["candidates"], None)]
        return [{"type": "back", "side": side} for side in ("motion", "government", None)]
    if waiting == "name_beneficiary":
        return [{"type": "name_beneficiary", "player": p} for p in vote["sides"]["motion"]]
    if waiting == "bid":
        return [{"type": "bid", "count": c} for c in range(s["participation"][seat] + 1)]
    raise AssertionError(waiting)
