"""Places from results: the ranks an `Outcome` carries (games.core.protocol.Outcome)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def competition_ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Ranks from keys (higher is better): 1 + how many are strictly better, so ties share (1, 2, 2, 4)."""
    return [1 + sum(other > key for other in keys) for key in keys]


def places(n: int, winners: Iterable[int], scores: Mapping[int, float],
           tie_breaks: Mapping[int, float] | None = None) -> dict[int, int]:
    """Each of `n` seats' place: the winners first, then by score, then by the game's tie-break (higher is
    better); what is still equal shares its place."""
    won = set(winners)
    breaks = tie_breaks or {}
    keys = [(float(seat in won), float(scores.get(seat, 0.0)), float(breaks.get(seat, 0.0))) for seat in range(n)]
    return dict(enumerate(competition_ranks(keys)))


__all__ = ["competition_ranks", "places"]
