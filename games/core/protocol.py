"""The engine contract (docs/engine-contract.md): every game package exports a `GAME` of this shape."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

T = TypeVar("T")
# A game's view type: its TypedDict (games/<id>/view_types.py). A bare `Game` is `Game[Any]`: code that
# serves every game reads a view as JSON; a game's own readers annotate it with the game's type.
ViewT = TypeVar("ViewT", bound=Mapping[str, Any], covariant=True)

State = Any
Action = dict[str, Any]


class IllegalAction(Exception):
    """An action the rules forbid.

    It carries a message id and its parameters, which the bot words in the reader's language
    from its catalogs, and the same refusal as an English sentence (`text`, also `str(exc)`)
    for logs and for anyone driving the engine without the bot. Parameters are JSON values;
    words among them are nested messages (`games.core.messages.msg`) or players (`seat_ref`).
    """

    def __init__(self, message_id: str, text: str, **params: Any) -> None:
        super().__init__(text)
        self.message_id = message_id
        self.text = text
        self.params = params

    @property
    def reason(self) -> str:
        """The English sentence (the name older callers used)."""
        return self.text


@dataclass(frozen=True)
class GameSide:
    """A cooperative game's other side, the game itself: its place among the teams, and how hard it was
    played (`level`, a key of the game's own: Som's "mode/degree")."""

    rank: int
    level: str


@dataclass(frozen=True)
class Outcome:
    """How a game ended: who won, final scores, a reason id the bot words, and every seat's place.

    `ranks`: each seat's place, decided by the engine (1 best; equal places tie and the next place skips:
    1, 2, 2, 4), e.g. the winners first, then by score, then the game's own tie-break. `teams`: each seat's
    team where seats play together (its seats share their place; empty: every seat plays alone).
    `game_side`: in a cooperative game, the game itself as the other side."""

    winners: list[int]
    scores: dict[int, float] = field(default_factory=dict)
    reason: str = ""
    ranks: dict[int, int] = field(default_factory=dict)
    teams: dict[int, int] = field(default_factory=dict)
    game_side: GameSide | None = None


class Rng(Protocol):
    """The only source of chance an engine may use."""

    def die(self, sides: int) -> int: ...

    def randint(self, low: int, high: int) -> int: ...

    def shuffle(self, items: list[T]) -> list[T]: ...

    def choice(self, items: Sequence[T]) -> T: ...


@runtime_checkable
class Game(Protocol[ViewT]):
    id: str
    title: str
    min_players: int
    max_players: int

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> State: ...

    def to_act(self, state: State) -> set[int]: ...

    def legal_actions(self, state: State, seat: int | None) -> list[Action]: ...

    def apply(self, state: State, seat: int | None, action: Action, rng: Rng) -> State: ...

    def view(self, state: State, seat: int | None) -> ViewT: ...

    def deadline(self, state: State) -> float | None: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def dump(self, state: State) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> State: ...


# --- optional members (the bot offers what a game has and hides what it lacks) ----------------
#
#   options_schema: tuple[OptionSpec, ...]
#       The options `setup` takes, their kinds, defaults and ranges, written once: the lobby shows
#       them and the slash commands take their ranges from them; `setup` checks them with
#       `games.core.options.check_options`.
#   auto_action(state) -> Action | None
#       A step the game master takes as soon as the state is reached (dealing the first round),
#       applied with seat None before anyone else may act; None when there is nothing to do.
#   leave_action(state, seat) -> Action | None
#       The action by which `seat` leaves (or concedes) now, where the game can go on or end
#       cleanly without that player; None when leaving is not possible now.
#   default_action(state, seat) -> Action | None
#       What `seat` does when its turn timer runs out and the game has no computer player to play
#       the turn (a pass, the cheapest choice); None: the bot plays the first legal action.
#   pass_action(state, seat) -> Action | None
#       What `seat`, which is to act, does when its only choice is to let the moment pass (Junta: ready
#       at a card window with no card it may play in it); the bot plays it for a member at once. None:
#       the seat has a real choice.
#   games/<id>/ai.py: choose(state, seat, rng) -> Action
#       A computer player: pure, deterministic for the same rng, bounded by a node budget.
#   games/<id>/ai.py: advise(state, seat, rng) -> games.core.choice.Advice
#       The same choice with its reason (a message id and parameters), for hints: advise(...).action
#       == choose(...) for the same arguments. It reads only what view(state, seat) shows that seat.
#   games/<id>/guide.py: GUIDE (games.core.guide.Guide)
#       The words of "What now?": the moment's purpose and rule per phase/decision, per action type.


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: a whole number in a range, a yes/no, one of a few choices, or data
    (JSON-ready, judged by the game's own `check`: a Spyfall location pack)."""

    name: str
    kind: str  # "int", "bool", "choice" or "data"
    default: Any
    label: str  # message id of the option's name, as the lobby shows it
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    public: bool = True  # False: set by the bot itself (e.g. who moves first), not offered to people
    # kind "data": raises IllegalAction for a value the game cannot take (None, the unset default, is not checked)
    check: Callable[[Any], None] | None = None


def optional_member(game: Game, name: str) -> Any:
    """An optional member of a game, or None (the contract's required members stay as they are)."""
    return getattr(game, name, None)
