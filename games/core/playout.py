"""One seeded random game, played as a table plays it: every state and the action log.

Shared by the tests (the playout corpus of tests/support/corpus.py) and the benchmarks (bench/), so
that neither imports the other. Pure like the engines: no `random`, no clock; the choices come from a
`Chooser` (by default a `SeededRng` derived from the game and the seed), the time stamps from a
virtual clock that starts at `start`.

How a game is played (`play`):
- after the set-up and after every action, the game master's automatic steps (`auto_action`) are
  applied at once with seat None, stamped with the current time, as the table service does;
- otherwise one (seat, action) pair is picked uniformly among the listed actions of the seats to
  act and of the game master (seat None). Actions that take a player out (`QUIT_TYPES`) are kept
  among the choices only with the odds `quit_odds` while anything else can be done;
- a share `stamp_odds` of the players' actions is stamped with "at" like the bot does: a player acts
  before the running clock's deadline (or unstamped when no moment is left before it), the game
  master after it. The log row's time is the stamp, or the clock's time for an unstamped action;
- action number k (1, 2, …) is applied with `SeededRng(seed, k)`, as the table numbers its log, so
  replaying the log from the set-up rebuilds every state.

Malformed games raise `PlayoutError` (an AssertionError): a seat to act with no listed action,
nobody able to act before the end, automatic steps that never stop, no end within `max_actions`,
and (with `check_inputs`) an `apply` that changes its input state or action.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, overload

from games.core.protocol import Game, Outcome, optional_member
from games.core.rng import SeededRng

T = TypeVar("T")

START_AT = 1_767_225_600.0  # 2026-01-01T00:00Z, the instant SimCord's virtual clock starts at
MAX_ACTIONS = 12_000
AUTO_BOUND = 50  # automatic game-master steps in a row before the playout calls it a loop
QUIT_TYPES = frozenset({"leave", "resign", "concede", "quit"})

LogRow = tuple[int, int | None, dict[str, Any], float]
"""(seq, seat, action, at): one row of the table's action log, as `bot.replays.build` takes it."""


class PlayoutError(AssertionError):
    """The game broke the engine contract while being played."""


class Chooser(Protocol):
    """Where the playout's choices come from (a `SeededRng`, a `random.Random`, a script)."""

    def choice(self, items: Sequence[T]) -> T: ...

    def randint(self, low: int, high: int) -> int: ...


def _odds(chooser: Chooser, p: float) -> bool:
    """True with probability p (in steps of 1/10000)."""
    return p >= 1 or (p > 0 and chooser.randint(0, 9_999) < p * 10_000)


def _uniform(chooser: Chooser, low: float, high: float) -> float:
    """A time between low and high, in milliseconds."""
    return low + (high - low) * chooser.randint(0, 1_000) / 1_000


class States(Sequence[Any]):
    """The states of one playout, kept pickled: every read gives a fresh copy (mutate it freely)."""

    def __init__(self, frozen: list[bytes]) -> None:
        self._frozen = frozen

    def __len__(self) -> int:
        return len(self._frozen)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [pickle.loads(b) for b in self._frozen[index]]
        return pickle.loads(self._frozen[index])

    def __iter__(self) -> Iterator[Any]:
        return (pickle.loads(b) for b in self._frozen)


@dataclass(frozen=True)
class Playout:
    """One seeded random game: `states[k]` is the state after log row k (`states[0]` the set-up,
    before any automatic step); `actions[k - 1]` is row k, `(seq=k, seat, action, at)`."""

    game: Game = field(repr=False, compare=False)
    players: int
    options: dict[str, Any]
    seed: int
    states: States = field(repr=False, compare=False)
    actions: list[LogRow] = field(repr=False, compare=False)

    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def final(self) -> Any:
        """The last state (a fresh copy)."""
        return self.states[-1]

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.final)


def _freeze(state: Any) -> bytes:
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def _stamp(action: dict[str, Any], seat: int | None, deadline: float | None, now: float,
           chooser: Chooser) -> dict[str, Any]:
    """Add an "at" no earlier than every earlier stamp, as a table would: players act before the
    running clock's deadline, the game master when it has passed."""
    if seat is None:
        at = (now if deadline is None else max(now, deadline)) + _uniform(chooser, 0, 3)
    elif deadline is None:
        at = now + _uniform(chooser, 0, 30)
    elif now < deadline:
        at = now + (deadline - now) * _uniform(chooser, 0, 0.99)
        if at >= deadline:  # a gap too small for a float between them: the player is too late
            return action
    else:
        return action
    return {**action, "at": at}


def play(game: Game, players: int, options: dict[str, Any], seed: int, *, chooser: Chooser | None = None,
         start: float = START_AT, quit_odds: float = 1.0, stamp_odds: float = 1.0,
         max_actions: int = MAX_ACTIONS, check_inputs: bool = True, partial: bool = False) -> Playout:
    """Play one seeded random game to its end. After `max_actions` log rows without an end: PlayoutError,
    or (with `partial`) the game so far."""
    pick: Chooser = chooser if chooser is not None else SeededRng(f"playout:{game.id}:{seed}", "choices")
    state = game.setup(players, copy.deepcopy(options), SeededRng(seed, 0))
    frozen = [_freeze(state)]
    rows: list[LogRow] = []
    now = start
    auto_action = optional_member(game, "auto_action")
    everyone: list[int | None] = [None, *range(players)]

    def apply(seat: int | None, action: dict[str, Any], at: float) -> None:
        nonlocal state
        seq = len(rows) + 1
        kept = copy.deepcopy(action) if check_inputs else action
        new = game.apply(state, seat, action, SeededRng(seed, seq))
        if check_inputs:
            if _freeze(state) != frozen[-1]:
                raise PlayoutError(f"{game.id}: apply of {action!r} by {seat!r} changed its input state")
            if action != kept:
                raise PlayoutError(f"{game.id}: apply changed the action {kept!r}")
        state = new
        frozen.append(_freeze(state))
        rows.append((seq, seat, action, at))

    while True:
        for _ in range(AUTO_BOUND):
            due = auto_action(state) if auto_action is not None else None
            if due is None:
                break
            apply(None, {**due, "at": now}, now)
        else:
            raise PlayoutError(f"{game.id}: auto_action still acting after {AUTO_BOUND} steps")
        if game.outcome(state) is not None:
            break
        if len(rows) >= max_actions:
            if partial:
                break
            raise PlayoutError(f"{game.id} seed {seed}: no outcome after {max_actions} actions")
        acting = game.to_act(state)
        if not acting <= set(range(players)):
            raise PlayoutError(f"{game.id}: to_act {sorted(acting)} names no seat of {players}")
        listed = {s: game.legal_actions(state, s) for s in everyone}
        for s in acting:
            if not listed[s]:
                raise PlayoutError(f"{game.id}: seat {s} is to act but has no legal action")
        choices = [(s, a) for s in sorted(acting) for a in listed[s]] + [(None, a) for a in listed[None]]
        if not choices:
            raise PlayoutError(f"{game.id}: nobody can act and the game is not over")
        staying = [c for c in choices if c[1].get("type") not in QUIT_TYPES]
        if staying and len(staying) < len(choices) and not _odds(pick, quit_odds):
            choices = staying
        seat, action = pick.choice(choices)
        if seat is None or _odds(pick, stamp_odds):
            action = _stamp(action, seat, game.deadline(state), now, pick)
        now = max(now, float(action.get("at", now)))
        apply(seat, action, now)
    return Playout(game=game, players=players, options=copy.deepcopy(options), seed=seed,
                   states=States(frozen), actions=rows)
