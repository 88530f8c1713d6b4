"""What the computer players share: the node budget of a decision, choosing the best-scored action
(ties broken by the injected rng) and the uniformly random baseline of the benchmarks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core.protocol import Action, Rng
from games.core.rng import SeededRng


@dataclass(frozen=True)
class Advice:
    """A computer player's choice and why, for a hint ("💡 Hint"): `action` is exactly what `choose` plays
    for the same state, seat and rng; `reason` a message id of the game's catalog and `params` its
    parameters (JSON values, as for `IllegalAction`), one sentence a player understands ("Jump: it
    captures 2 numbers and your march reaches 9")."""

    action: Action | None
    reason: str
    params: dict[str, Any] = field(default_factory=dict)


class Budget:
    """The work bound of one decision: every look-ahead node and engine application spends one."""

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def spend(self) -> bool:
        """Spend one node; False (and nothing spent) once the budget is gone: the caller then judges
        statically."""
        if self.left <= 0:
            return False
        self.left -= 1
        return True


def _chooser(rng: Rng | int) -> Rng:
    return SeededRng(rng, 0) if isinstance(rng, int) else rng


def pick_best(scored: list[tuple[float, Action]], rng: Rng | int | None) -> Action:
    """The best-scored action; ties (within 1e-9) broken by `rng` (or a seed for one), else the first."""
    top = max(score for score, _ in scored)
    best = [a for score, a in scored if score >= top - 1e-9]
    if rng is None or len(best) == 1:
        return best[0]
    return _chooser(rng).choice(best)


def random_action(legal: Sequence[Action], rng: Rng | int | None) -> Action | None:
    """A uniformly random action of `legal` (the first without `rng`; None when there is none)."""
    if not legal:
        return None
    return legal[0] if rng is None else _chooser(rng).choice(list(legal))
