"""Computer players: any game whose package offers `ai.choose(state, seat, rng)` can fill seats.

A computer seat is listed in the table's meta (`computer_seats`). Whenever a computer seat is
to act, one task per table (its runtime's "thinking" task, bot/runtime.py) asks the game's chooser in a
worker thread (the search never blocks the event loop) and hands its action to the table like a click. If
the chooser fails or the engine refuses its action, the first legal action is played instead, so a table
never stalls. After a restart the same check runs once the bot is ready.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from types import ModuleType
from typing import Any

from bot.ports import Playing
from bot.tables import StaleMove, StoreDown, Table, TableError
from games import descriptor_of
from games.core.choice import Advice
from games.core.protocol import Action, IllegalAction, Rng, optional_member
from games.core.rng import SeededRng

log = logging.getLogger(__name__)

Chooser = Callable[[Any, int, Rng], Action | None]
STORE_RETRY_SECONDS = 2.0


def _ai_module(game_id: str) -> ModuleType | None:
    found = descriptor_of(game_id)
    return found.computer_module() if found is not None else None


def chooser(game_id: str) -> Chooser | None:
    """The game's computer player, if its descriptor names one (`GameDescriptor.computer`: choose)."""
    module = _ai_module(game_id)
    found = getattr(module, "choose", None) if module is not None else None
    return found if callable(found) else None


def has_computer(game_id: str) -> bool:
    return chooser(game_id) is not None


Adviser = Callable[[Any, int, Rng], Advice]


def adviser(game_id: str) -> Adviser | None:
    """The game's computer player with its reasons (`advise` in its computer module), for hints; None when
    it has a chooser without reasons (or no computer player)."""
    module = _ai_module(game_id)
    found = getattr(module, "advise", None) if module is not None else None
    return found if callable(found) else None


def salt(seq: int) -> str:
    """The salt of the rng a computer chooses with at the table's moment `seq`: a hint asked at that moment
    uses the same one, so it is the very move a computer in that seat would play."""
    return f"ai{seq}"


class ComputerPlayers:
    def __init__(self, service: Playing, practice_pace: float = 0.0) -> None:
        self.service = service
        self.practice_pace = practice_pace  # seconds each computer's turn waits at a practice table

    def pace(self, table: Table) -> float:
        """How long a computer waits before its turn here: at a practice table the member follows each turn
        as it comes (bot/ui/practice.py); elsewhere it plays at once."""
        return self.practice_pace if table.row.meta.practice else 0.0

    def to_act(self, table: Table) -> list[int]:
        """Computer seats that must act now."""
        if table.state is None or table.status != "playing":
            return []
        return sorted(set(table.computer_seats) & table.game.to_act(table.state))

    def kick(self, table: Table) -> None:
        """Start the computer players' moves when a computer seat is to act: one thinking task per
        table, ever, which plays every computer move due until none is left."""
        if not self.to_act(table):
            return
        runtime = self.service.runtimes.of(table.id)
        if runtime.task("thinking") is not None:
            return  # that task looks again after each of its moves
        runtime.start("thinking", self.run(table.id))

    def resume(self) -> None:
        """After a (re)start: every running table whose computer is to act gets its move."""
        for table in list(self.service.tables.values()):
            self.kick(table)

    async def choose(self, table: Table, seat: int, salt: str) -> Action:
        """The move for `seat` now: the game's computer player (in a worker thread) where it has one, else the
        engine's own default (`default_action`), else the first legal action."""
        state = table.state
        action: Action | None = None
        choose = chooser(table.game.id)
        if choose is not None:
            try:
                with self.service.metrics.thinking(table.game.id):
                    action = await asyncio.to_thread(choose, state, seat, SeededRng(table.row.seed, salt))
            except Exception:
                log.exception("table %s: the computer player failed; playing its first legal action", table.id)
        default = optional_member(table.game, "default_action")
        if not isinstance(action, dict) and default is not None:
            action = default(state, seat)
        # Not only the listed actions: a chooser may make its own (a budget of any amounts, a deposit of
        # some notes); the engine judges it, and a refusal falls back to the first legal action.
        if not isinstance(action, dict):
            legal = table.game.legal_actions(state, seat)
            action = legal[0] if legal else {"type": "pass"}
        return action

    async def run(self, table_id: int) -> None:
        """Play the computer moves due at this table, one after the other, each chosen for the table as it
        is when the choice starts. At a practice table each computer's turn first waits its pace."""
        ready: int | None = None  # the computer seat whose turn is under way (it waited its pace)
        while True:
            table = self.service.tables.get(table_id)
            seats = self.to_act(table) if table is not None else []
            if table is None or not seats:
                return  # no await between this look and the task's end: a later kick starts anew
            seat = seats[0]
            pace = self.pace(table) if seat != ready else 0.0
            ready = seat
            if pace > 0:
                await asyncio.sleep(pace)
                continue  # look again: the table may have moved on meanwhile
            if not await self.move(table, seat):
                return  # nothing could be played: the next change kicks again

    async def move(self, table: Table, seat: int) -> bool:
        """Choose and play one move of `seat`; False when nothing was played and nothing changed."""
        seq = table.seq
        if not table.legal_actions(seat):
            return False
        action = await self.choose(table, seat, salt(seq))
        user = table.users[seat]
        try:
            await self.service.act(table.id, user, action, expect_seq=seq)
        except StaleMove:
            return True  # someone acted while it thought: it thinks again on the table as it is now
        except StoreDown:
            await asyncio.sleep(STORE_RETRY_SECONDS)  # the database is down: the move waits until it answers
            return True
        except (IllegalAction, TableError) as exc:
            # Refused as it stands (nothing was applied, so the table is still at `seq`): the first legal
            # action of this very moment, so that a table never stalls.
            legal = table.legal_actions(seat) if table.seq == seq else []
            log.warning("table %s: computer action %s refused (%s); playing the first legal one", table.id,
                        action, exc)
            if not legal or action == legal[0]:
                return table.seq != seq
            try:
                await self.service.act(table.id, user, legal[0], expect_seq=seq)
            except StaleMove:
                return True
            except (IllegalAction, TableError):
                return table.seq != seq
        return True
