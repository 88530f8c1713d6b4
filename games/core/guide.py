"""What a game tells a learner at the table ("❓ What now?"): the moment, what it is for, its rule.

A game package may have a `guide` module (games/<id>/guide.py) exporting `GUIDE`, an object of the
`Guide` shape below. The bot builds the "What now?" answer from it, from the engine's public view and
from the asker's legal actions: the guide holds only words (message ids in the game's catalog) keyed by
what the engine already says (the view's phase or decision, the actions' types), never a second copy
of the rules.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from games.core.protocol import Action


@dataclass(frozen=True)
class Moment:
    """The game's moment as every player may know it.

    `purpose`: a message id naming the phase (or the decision awaited) and what it is for;
    `rule`: a message id, one line reminding the rule that governs it;
    `section`: a message id naming the section of docs/rules/<game>.md the rule comes from: its English
    words are the heading (without the #'s), the other languages translate it; `params`: the parameters of
    both messages (JSON values, as for `IllegalAction`);
    `waiting`: the seats whose decision the moment awaits, when the engine's `to_act` would tell more
    than the public view (Spyfall's spy may always reveal, so `to_act` would single the spy out);
    None (the default): the seats of `to_act`.
    """

    purpose: str
    rule: str
    section: str
    params: dict[str, Any] = field(default_factory=dict)
    waiting: tuple[int, ...] | None = None


@dataclass(frozen=True)
class MomentWords:
    """A moment's words as a guide's table holds them (its parameters come from the view when it is shown):
    what the moment is for, its rule in one line, and the section of the rules it comes from (a message id)."""

    purpose: str
    rule: str
    section: str


# The game's view type (games/<id>/view_types.py): a guide reads the public view typed. A bare `Guide` is
# `Guide[Any]`: what the bot holds for any game.
ViewT = TypeVar("ViewT", bound=Mapping[str, Any], contravariant=True)


class Guide(Protocol[ViewT]):
    def moment(self, public_view: ViewT) -> Moment:
        """The moment shown by the public view (`view(state, None)`)."""
        ...

    def action(self, action: Action) -> tuple[str, dict[str, Any]]:
        """The plain words for one kind of action a player may take now (a message id and its
        parameters): the bot groups a seat's legal actions as its buttons are and words each group."""
        ...


# The key a group of actions is shown under: the bot's buttons group by action type.
def group_key(action: Action) -> str:
    return str(action.get("type", ""))


def guide_of(game_id: str) -> Guide | None:
    """The `GUIDE` of games/<game_id>/guide.py, or None when the game has no guide (yet)."""
    name = f"games.{game_id}.guide"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (name, f"games.{game_id}"):
            raise  # the guide exists but imports something missing: a bug to see, not a missing guide
        return None
    found: Guide | None = getattr(module, "GUIDE", None)
    return found


__all__ = ["Guide", "Moment", "MomentWords", "group_key", "guide_of"]
