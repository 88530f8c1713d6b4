"""A game declared once: everything the rest of the project needs to know about it, in one object.

Like OpenSpiel's registry, each game package (`games/<id>/__init__.py`) declares a `DESCRIPTOR`, and
`games.DESCRIPTORS` lists them; the bot's cogs, the catalogs' domains, the leaderboard, the ratings, the
practice tables, the sandbox, the test corpus and the benches read it, never a list of game names.

What lives outside `games/` (the bot's cog, the renderer, the alt text) is named by its module's dotted
path, imported where it is used, so that the rules stay free of Discord and images.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from games.core.guide import Guide
from games.core.protocol import Game


@dataclass(frozen=True)
class GameDescriptor:
    """One game, as the project knows it.

    - `engine`: the rules (games.core.protocol.Game; its options, player counts and outcome with every
      seat's place, `Outcome.ranks`, are the engine's own).
    - `cog`: the bot's module for the game (its `/<id>` commands, the board's `GameUI` as `UI`).
    - `renderer`, `alt`: the modules that draw its board (`render(view, names, words)`) and say it in words.
    - `computer`: the module of its computer player (`choose`, and `advise` for hints), or None.
    - `guide`: What now?'s words (games.core.guide.Guide), or None.
    - `domain`: its gettext catalog (its message ids start with it; its pictures' words go to
      `<domain>_picture`).
    - `summary`: the message id of its rules in a few lines (`/game rules`); `rules`: its rules files in
      docs/rules/ (what `/game rules` attaches).
    - `practice_tour`: the message ids of the tour at a practice table; `practice_options`: the options a
      practice table opens with (no rules' clock pressing the member).
    - `teams`: whether its seats play together (its outcome names teams; Som's citizens against the game).
    - `points`: whether its scores are points that add up across games (the leaderboard shows them).
    - `view_type`: the TypedDict of its views (games/<id>/view_types.py; a seat's own keys NotRequired):
      what its readers annotate a view with, and what tests/games/test_view_types.py checks every view of
      the corpus against.
    - `playouts`, `playout_options`: how many seeded random games the test corpus plays, and the options it
      draws from for them (each seed picks among those its player count accepts).
    """

    engine: Game
    cog: str
    renderer: str | None = None
    alt: str | None = None
    computer: str | None = None
    guide: Guide | None = None
    domain: str = ""
    summary: str = ""
    rules: tuple[str, ...] = ()
    practice_tour: tuple[str, ...] = ()
    practice_options: Mapping[str, Any] = field(default_factory=dict)
    teams: bool = False
    points: bool = False
    playouts: int = 60
    playout_options: tuple[Mapping[str, Any], ...] = ({},)
    view_type: object = None

    @property
    def id(self) -> str:
        return self.engine.id

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def min_players(self) -> int:
        return self.engine.min_players

    @property
    def max_players(self) -> int:
        return self.engine.max_players

    def computer_module(self) -> ModuleType | None:
        """The computer player's module (imported on first use), or None when the game has none."""
        return importlib.import_module(self.computer) if self.computer else None

    @property
    def learnable(self) -> bool:
        """Whether a practice table can be opened (`/game learn`): a computer player fills its other seats."""
        return self.computer is not None


__all__ = ["GameDescriptor"]
