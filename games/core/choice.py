"""What the computer players share: choosing the best-scored action, ties broken by the injected rng."""

from __future__ import annotations

from games.core.protocol import Action, Rng
from games.core.rng import SeededRng


def pick_best(scored: list[tuple[float, Action]], rng: Rng | int | None) -> Action:
    """The best-scored action; ties (within 1e-9) broken by `rng` (or a seed for one), else the first."""
    top = max(score for score, _ in scored)
    best = [a for score, a in scored if score >= top - 1e-9]
    if rng is None or len(best) == 1:
        return best[0]
    chooser = SeededRng(rng, 0) if isinstance(rng, int) else rng
    return chooser.choice(best)
