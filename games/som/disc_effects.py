"""Mode B: disc effects (rules/som.md): the holder's exchanges in phase 3 (education, public
works, forests, territory) and the health and justice taxes right after the holder's own citizen
lands on Euro per recepta or Impost de successions (the landing's `window`, set in `movement.py`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from games.core.messages import NP_
from games.core.protocol import IllegalAction, Rng
from games.som.cards import DISC, HEALTH, INTERIOR, JUSTICE
from games.som.common import HISENDA, Action, State, is_seat, log, move_disc, others, representatives, value_of
from games.som.payments import queue_payment

# Exchange effects (phase 3): the pair the holder hands over → the kinds of disc it may take.
EXCHANGES: Final[dict[str, tuple[str, ...]]] = {
    "education": ("justice",),
    "railways": INTERIOR,
    "roads": INTERIOR,
    "forests": ("health",),
    "energy": ("education",),
    "housing": ("education",),
}
EFFECTS: Final = (*EXCHANGES, HEALTH, JUSTICE)


def exchange_actions(s: State) -> list[Action]:
    """Every exchange the holder may make now (phase 3): a pair of its kind for another player's disc."""
    if not s["kinds"] or s["n"] < 2:
        return []
    holder = s["holder"]
    kinds = representatives(s["hands"][holder])
    actions = []
    for effect, targets in EXCHANGES.items():
        if len(kinds.get(effect, [])) < 2:
            continue
        for other in others(s, holder):
            for disc in s["hands"][other]:
                if DISC[disc].kind in targets:
                    actions.append({"type": "use_disc_effect", "effect": effect, "target_disc": disc})
    return actions


def effect_targets(s: State, effect: str) -> list[int]:
    """The other players a health (value ≥ 1) or justice (value ≥ 3) tax may charge."""
    least = 1 if effect == HEALTH else 3
    return [x for x in others(s, s["holder"]) if value_of(s, x) >= least]


def landing_effects(s: State) -> list[str]:
    """Health or justice, usable now after the holder's own citizen landed on their card."""
    movement = s["movement"]
    if movement is None or movement["mover"] != s["holder"] or not s["kinds"] or s["n"] < 2:
        return []
    if s["payment"] is not None or s["pending"] is not None or s["vote"] is not None:
        return []
    found = []
    for effect in movement["window"]:
        if s["used"][effect] or not any(DISC[d].kind == effect for d in s["hands"][s["holder"]]):
            continue
        if effect_targets(s, effect):
            found.append(effect)
    return found


def landing_actions(s: State) -> list[Action]:
    """Every health and justice tax the holder may charge now."""
    actions: list[Action] = []
    holder = s["holder"]
    for effect in landing_effects(s):
        targets = effect_targets(s, effect)
        if effect == HEALTH:
            most = sum(1 for d in s["hands"][holder] if DISC[d].kind == HEALTH)
            for size in range(1, min(most, len(targets)) + 1):
                for chosen in combinations(targets, size):
                    actions.append({"type": "use_disc_effect", "effect": HEALTH, "targets": list(chosen)})
        else:
            for target in targets:
                for amount in range(1, value_of(s, target) // 3 + 1):
                    actions.append({"type": "use_disc_effect", "effect": JUSTICE, "target": target,
                                    "amount": amount})
    return actions


def do_use_disc_effect(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    effect = action.get("effect")
    if effect not in EFFECTS:
        raise IllegalAction("som.effect_unknown",
                            "Name an effect: education, railways, roads, forests, energy, housing, health "
                            "or justice.")
    if not s["kinds"] or s["n"] < 2:
        raise IllegalAction("som.no_disc_effects", "Disc effects are played in modes B and C with 2 or more "
                                                   "players.")
    if effect in EXCHANGES:
        if waiting != "cohesion":
            raise IllegalAction("som.exchange_phase", "Exchanges are made in phase 3, before redistributing.")
        _exchange(s, seat, effect, action.get("target_disc"))
    elif effect == HEALTH:
        _health(s, seat, action.get("targets"))
    else:
        _justice(s, seat, action.get("target"), action.get("amount"))


def _exchange(s: State, seat: int, effect: str, target_disc: Any) -> None:
    pair = [d for d in s["hands"][seat] if DISC[d].kind == effect][:2]
    if len(pair) < 2:
        raise IllegalAction("som.exchange_pair", "That exchange needs two discs of its kind.")
    owner = next((x for x in others(s, seat) if target_disc in s["hands"][x]), None)
    if not isinstance(target_disc, str) or owner is None:
        raise IllegalAction("som.target_not_held", "Take a disc that another player holds.")
    if DISC[target_disc].kind not in EXCHANGES[effect]:
        raise IllegalAction("som.target_kind", "That exchange cannot take a disc of that kind.")
    move_disc(s, target_disc, owner, seat)
    move_disc(s, pair[0], seat, owner)  # one of the pair to the player who lost the disc
    move_disc(s, pair[1], seat, HISENDA)  # the other to the Hisenda
    log(s, {"type": "exchange", "seat": seat, "effect": effect, "target": owner, "taken": target_disc,
            "given": pair[0]})


def _health(s: State, seat: int, targets: Any) -> None:
    if HEALTH not in landing_effects(s):
        raise IllegalAction("som.effect_not_now",
                            "That effect can be used only once a turn, right after your own citizen lands on "
                            "its card, holding a disc of its kind.")
    most = sum(1 for d in s["hands"][seat] if DISC[d].kind == HEALTH)
    eligible = effect_targets(s, HEALTH)
    if (not isinstance(targets, list) or not targets or len(targets) > most
            or len(set(map(repr, targets))) != len(targets) or any(t not in eligible for t in targets)
            or any(isinstance(t, bool) for t in targets)):
        raise IllegalAction(NP_("som.health_targets"),
                            f"Charge 1 € to 1 to {most} other players who hold at least 1 €.", count=most)
    s["used"][HEALTH] = True
    s["movement"]["window"].remove(HEALTH)
    ordered = [x for x in others(s, seat) if x in targets]
    log(s, {"type": "health_tax", "seat": seat, "targets": ordered})
    for target in ordered:
        queue_payment(s, target, seat, 1, "health")


def _justice(s: State, seat: int, target: Any, amount: Any) -> None:
    if JUSTICE not in landing_effects(s):
        raise IllegalAction("som.effect_not_now",
                            "That effect can be used only once a turn, right after your own citizen lands on "
                            "its card, holding a disc of its kind.")
    if not is_seat(target, s["n"]) or target not in effect_targets(s, JUSTICE):
        raise IllegalAction("som.justice_target", "Charge another player who holds at least 3 €.")
    most = value_of(s, target) // 3
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= most:
        raise IllegalAction("som.justice_amount", f"Charge from 1 to {most} €.", most=most)
    s["used"][JUSTICE] = True
    s["movement"]["window"].remove(JUSTICE)
    log(s, {"type": "justice_tax", "seat": seat, "target": target, "amount": amount})
    queue_payment(s, target, seat, amount, "justice")
