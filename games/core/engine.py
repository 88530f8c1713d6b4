"""One `apply` for every engine: the steps every game takes around its own rules, in one order.

Like boardgame.io's framework, which owns turn order and game over, the skeleton owns what is the same in
every game, and a game supplies only its answers:

1. the seat and the action's shape (`games.core.actions.check_action` against the game's `actions`);
2. game over: `over(state)` (default: the phase is "game_over") refuses with the game's `game_over`
   (its message id, marked `N_` so the catalogs see it, and its English words);
3. who may act: `check_turn(state, seat, action)`, the game's own answer, raising its own refusals
   (a seat's turn, a player who left, the game master's steps);
4. a copy of the state whose log events are shared (events are never changed once written);
5. the game's handler, `handle(new, seat, action, rng)`, which changes the copy;
6. the log trimmed to the newest `log_kept` events (None: the game's log trims itself as it grows).

The old state is never changed, so a refusal at any step leaves it as it was.
"""

from __future__ import annotations

from typing import Any

from games.core.actions import ActionVocabulary, check_action
from games.core.data import clone_keeping_log
from games.core.protocol import Action, IllegalAction, Rng

State = dict[str, Any]


class Engine:
    """The skeleton of `apply`; a game's engine subclasses it and supplies `check_turn` and `handle`."""

    id: str
    actions: ActionVocabulary
    log_kept: int | None = None
    game_over: tuple[str, str]  # the refusal once the game has ended: (message id, English words)

    def apply(self, state: State, seat: int | None, action: Action, rng: Rng) -> State:
        check_action(self.actions, state["n"], seat, action)
        if self.over(state):
            raise IllegalAction(*self.game_over)
        self.check_turn(state, seat, action)
        new = clone_keeping_log(state)
        self.handle(new, seat, action, rng)
        if self.log_kept is not None and len(new["log"]) > self.log_kept:
            new["log"] = new["log"][-self.log_kept:]
        return new

    def over(self, state: State) -> bool:
        """Whether the game has ended (nothing more may be played)."""
        return bool(state["phase"] == "game_over")

    def check_turn(self, state: State, seat: int | None, action: Action) -> None:
        """Refuse, with the game's own IllegalAction, a seat that may not take this action now."""
        raise NotImplementedError

    def handle(self, new: State, seat: int | None, action: Action, rng: Rng) -> None:
        """Apply the rules of this action to `new`, a copy the skeleton made (the refusals are the game's)."""
        raise NotImplementedError


__all__ = ["Engine"]
