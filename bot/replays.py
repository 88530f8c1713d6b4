"""A finished game replayed from its stored action log: the public moments and which become pictures.

Pure (no discord, no clock): `build` replays the log exactly as `TableService.replay` does (set-up
with `SeededRng(seed, 0)`, then each logged action with `SeededRng(seed, seq)`), checks the result
against the stored snapshot, and keeps, for every moment (the set-up, then each action):

- the public view `game.view(state, None)` — only for the moments that may become pictures;
- the public log events the moment added (as `Change.public`: the after-view's events with an id
  above the before-view's `log_count`; the set-up moment keeps the set-up view's whole log);
- the seats asked to act after it, when that starts a turn (the board names them publicly).

Nothing else about an action is kept (not its seat, type or fields): a replay shows what the table
showed everyone at the time, never a secret bid or a hand.

Pictures: one per turn or per round. A turn begins when a seat is asked to act that was not asked
at the moment before (turn-based games: each player's turn; simultaneous phases: the phase); a
round begins with one of the game's round events (its `GameUI.repost_on`). The picture of a turn is
the board as it begins, which is the board at the end of the turn before. The set-up and the final
board are always pictures; consecutive pictures that would look the same (same picture key) keep
only the later; past `max_frames`, the set-up, the final board and the rounds' beginnings come
first, and the turns fill the rest spread evenly (each kept turn is the last of an even chunk).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.core.protocol import Game, IllegalAction
from games.core.rng import SeededRng

MAX_FRAMES = 60  # ~90 s of animation at 1.5 s a picture

LoggedAction = tuple[int, int | None, dict[str, Any], float]  # seq, seat, action, at (Store.actions)
PictureKey = Callable[[dict[str, Any]], Hashable]


class ReplayMissing(Exception):
    """The stored log cannot rebuild the game (missing, incomplete or not matching its snapshot).

    The text says which, for the log file; a player only hears one sentence (`replay.missing`).
    """


@dataclass(frozen=True)
class Moment:
    """The table right after set-up (seq 0) or after one logged action, as everyone saw it."""

    seq: int
    at: float | None  # the action's time stamp (None for the set-up)
    events: tuple[dict[str, Any], ...]  # the public log events this moment added
    acting: tuple[int, ...]  # the seats asked to act now, when a turn begins here (else ())
    turn: int  # the number of the turn under way after this moment (0: none began yet)
    new_turn: bool
    new_round: bool
    view: dict[str, Any] | None = None  # the public view; kept only for the pictures' moments


@dataclass(frozen=True)
class Replay:
    game: str
    seats: int
    moments: list[Moment]
    frames: list[int] = field(default_factory=list)  # indices into `moments`, in order

    @property
    def turns(self) -> int:
        return self.moments[-1].turn if self.moments else 0

    @property
    def moves(self) -> int:
        return self.moments[-1].seq if self.moments else 0

    def frame_moments(self) -> list[Moment]:
        return [self.moments[i] for i in self.frames]

    def events(self) -> list[dict[str, Any]]:
        """Every public event of the game, in order."""
        return [e for m in self.moments for e in m.events]


def check_log(actions: Sequence[LoggedAction], snapshot: tuple[int, Any] | None) -> None:
    """The cheap checks, before any replaying: a snapshot, and actions numbered 1..n up to its seq."""
    if snapshot is None:
        raise ReplayMissing("no snapshot")
    seqs = [seq for seq, _seat, _action, _at in actions]
    if seqs != list(range(1, len(seqs) + 1)):
        raise ReplayMissing(f"the action log has gaps: {len(seqs)} actions, last seq {seqs[-1] if seqs else 0}")
    if snapshot[0] != len(seqs):
        raise ReplayMissing(f"the snapshot is at seq {snapshot[0]} but the log has {len(seqs)} actions")
    if not seqs:
        raise ReplayMissing("the action log is empty")


def moments(
    game: Game, seats: int, seed: int, options: dict[str, Any], actions: Sequence[LoggedAction],
    rounds: frozenset[str] = frozenset(),
) -> Iterator[tuple[Moment, Any]]:
    """Each moment with its public view (in `Moment.view`) and the state behind it, in order."""
    try:
        state = game.setup(seats, dict(options), SeededRng(seed, 0))
    except IllegalAction as exc:
        raise ReplayMissing(f"the set-up was refused: {exc}") from exc
    view = game.view(state, None)
    acting = tuple(sorted(game.to_act(state)))
    turn = 1 if acting else 0
    events = tuple(view.get("log", []))
    yield Moment(seq=0, at=None, events=events, acting=acting, turn=turn, new_turn=bool(acting),
                 new_round=any(e.get("type") in rounds for e in events), view=view), state
    for seq, seat, action, at in actions:
        before_count = view.get("log_count", 0)
        try:
            state = game.apply(state, seat, action, SeededRng(seed, seq))
        except IllegalAction as exc:
            raise ReplayMissing(f"action {seq} was refused on replay: {exc}") from exc
        view = game.view(state, None)
        now = tuple(sorted(game.to_act(state)))
        new_turn = bool(set(now) - set(acting))
        acting = now
        turn += new_turn
        events = tuple(e for e in view.get("log", []) if e.get("id", 0) > before_count)
        yield Moment(seq=seq, at=at, events=events, acting=now if new_turn else (), turn=turn,
                     new_turn=new_turn, new_round=any(e.get("type") in rounds for e in events), view=view), state


def _default_key(view: dict[str, Any]) -> Hashable:
    return json.dumps(view, sort_keys=True, default=str)


def build(
    game: Game, seats: int, seed: int, options: dict[str, Any], actions: Sequence[LoggedAction],
    snapshot: tuple[int, Any] | None, *, rounds: frozenset[str] = frozenset(),
    picture_key: PictureKey | None = None, max_frames: int = MAX_FRAMES,
    each: Callable[[Moment], None] | None = None,
) -> Replay:
    """Replay the log, check it against the snapshot and choose the pictures.

    `each` sees every moment with its view (to word its events) before the view is let go: a long
    game keeps the views of its possible pictures only. Raises `ReplayMissing`.
    """
    check_log(actions, snapshot)
    assert snapshot is not None
    key = picture_key or _default_key
    kept: list[Moment] = []
    state: Any = None
    count = len(actions)
    for moment, reached in moments(game, seats, seed, options, actions, rounds):
        state = reached
        if each is not None:
            each(moment)
        candidate = moment.seq in (0, count) or moment.new_turn or moment.new_round
        kept.append(moment if candidate else replace(moment, view=None))
    if json.loads(json.dumps(game.dump(state))) != snapshot[1]:
        raise ReplayMissing("the replayed state differs from the stored snapshot")
    frames = choose_frames(kept, max_frames, key)
    chosen = set(frames)
    kept = [m if i in chosen else replace(m, view=None) for i, m in enumerate(kept)]
    return Replay(game=game.id, seats=seats, moments=kept, frames=frames)


def spread(items: Sequence[int], k: int) -> list[int]:
    """`k` of `items` spread evenly: the last of each of `k` even chunks (all of them when they fit)."""
    if k <= 0:
        return []
    if len(items) <= k:
        return list(items)
    return [items[round((j + 1) * len(items) / k) - 1] for j in range(k)]


def choose_frames(kept: Sequence[Moment], max_frames: int, key: PictureKey) -> list[int]:
    """Which moments become pictures (see the module's docstring)."""
    if not kept:
        return []
    last = len(kept) - 1
    candidates = [i for i, m in enumerate(kept) if m.view is not None]
    # Consecutive pictures that would look the same: the later one stays (it closes the run).
    distinct: list[int] = []
    for i in candidates:
        view = kept[i].view
        assert view is not None
        if distinct and key(kept[distinct[-1]].view or {}) == key(view):
            distinct[-1] = i
        else:
            distinct.append(i)
    max_frames = max(2, max_frames)
    if len(distinct) <= max_frames:
        return distinct
    ends = [i for i in (0, last) if i in distinct]
    rounds = [i for i in distinct if kept[i].new_round and i not in ends]
    turns = [i for i in distinct if i not in ends and i not in rounds]
    room = max_frames - len(ends)
    if len(rounds) >= room:
        return sorted([*ends, *spread(rounds, room)])
    return sorted([*ends, *rounds, *spread(turns, room - len(rounds))])
