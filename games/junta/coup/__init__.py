"""The coup sub-game of Junta (rules/junta.md §8), behind the interface of docs/junta-state.md §5.

A coup is the Rebellion Phase (0) and Coup Phases 1-6. Each phase has a movement segment (movement
turns in a rotating order, a pending end-of-coup proposal or police reaction suspending it) and a
combat segment (declarations, the combat order, bombardments, three waves per attacked area with
their casualties, then the area's retreats). After Coup Phase 6, or an agreed end, come Choosing
Sides and the outcome. Every function works on the state dict the engine has already cloned; the
coup sub-state lives in `state["coup"]`. Randomness only through the `rng` argument.

The package is split like the political half, each module importing only those above it in this list:
`units` (controllers, active units, dice, the shared words) → `state` (a new coup, a phase's start,
rebels) → `movement`, `combat`, `sides` (each segment's acts) → `driver` (runs the coup on, applies an
act, the timer's defaults, whom it waits on) → `opening` (§6.8). `legal` and `view` only read. This
module is the interface the engine and everything else import.
"""

from __future__ import annotations

from games.junta.coup.combat import default_retreat
from games.junta.coup.driver import (
    HANDLERS,
    PARALLEL_KINDS,
    apply_coup_action,
    coup_decision_key,
    coup_decision_kind,
    coup_over,
    coup_parallel,
    coup_timeout,
    coup_to_act,
    in_combat_segment,
    safe_conduct,
)
from games.junta.coup.legal import coup_legal_actions
from games.junta.coup.opening import opening_actions, start_coup
from games.junta.coup.sides import controls
from games.junta.coup.units import (
    COUP_ACTIONS,
    HIT,
    PHASES,
    TRANSFER_OFFERS,
    WAVES,
    contested,
    controller,
    default_casualties,
    dice_for,
    is_active_unit,
    players_in,
    units_in,
)
from games.junta.coup.view import coup_view

__all__ = [
    "COUP_ACTIONS", "HANDLERS", "HIT", "PARALLEL_KINDS", "PHASES", "TRANSFER_OFFERS", "WAVES", "apply_coup_action",
    "contested", "controller", "controls", "coup_decision_key", "coup_decision_kind", "coup_legal_actions",
    "coup_over", "coup_parallel", "coup_timeout", "coup_to_act", "coup_view", "default_casualties", "default_retreat",
    "dice_for", "in_combat_segment", "is_active_unit", "opening_actions", "players_in", "safe_conduct", "start_coup",
    "units_in",
]
