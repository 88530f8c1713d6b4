"""Absent players: the turn timer, missed turns, and removing a player (kick, vote-kick, three misses).

The turn timer is a table setting chosen in the lobby (the meta's `turn_timer`, seconds; off by default),
offered where the bot can play a missed turn: a game with a computer player or an engine default
(`default_action`). A seat is on the clock while it is a member's seat that the engine lists in
`to_act`; its clock starts when it gets there and runs through every step of its turn. Half-way the
member is pinged; at the end a stand-in plays the turn (the computer player, else the engine's
default, else the first legal action) and the miss is counted. A member who acts resets the count;
three misses in a row and the seat is handed to a computer player (or, in a game without one, the
member leaves by the game's leave rule).

Everything the clock knows is in the table's meta (`turn_clock`: when each seat's turn began, who was
reminded, the misses in a row), so a restart picks it up where it was: an overdue turn is played at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.computer import has_computer
from bot.delivery import mention
from bot.i18n import t, tn, words
from bot.meta import TurnClockMarks
from bot.ports import TurnParts
from bot.tables import Change, StaleMove, StoreDown, Table, TableError, table_locale
from games.core.messages import NP_
from games.core.protocol import Game, IllegalAction, optional_member

log = logging.getLogger(__name__)

MISSED_LIMIT = 3  # missed turns in a row before a computer takes the seat
STAND_IN_STEPS = 20  # actions a stand-in may take to finish one turn (a roll, then a step, …)
# What the lobby offers, in seconds (0: off).
TURN_TIMER_CHOICES = (0, 60, 120, 300, 600, 1800, 3600, 6 * 3600, 24 * 3600)


def offers_turn_timer(game: Game) -> bool:
    """The bot can play a missed turn of this game: a computer player, or the engine's own default."""
    return has_computer(game.id) or optional_member(game, "default_action") is not None


def duration(locale: str, seconds: int) -> str:
    """A turn timer's length in words ("5 minutes", "1 hour"); "off" for 0."""
    if seconds <= 0:
        return t(locale, "absence.timer_off")
    if seconds % 3600 == 0:
        return tn(locale, "absence.hours", seconds // 3600)
    if seconds % 60 == 0:
        return tn(locale, "absence.minutes", seconds // 60)
    return tn(locale, "absence.seconds", seconds)


def can_remove(table: Table) -> bool:
    """A member can be taken off this table mid-game: by a computer taking the seat, or a leave rule."""
    return has_computer(table.game.id) or optional_member(table.game, "leave_action") is not None


class TurnClock:
    """The turn timers of every table (one sleeping task per table at most: its runtime's "turn" task)."""

    def __init__(self, bot: TurnParts) -> None:
        self.bot = bot
        self.busy: set[int] = set()  # tables whose expiry is being handled

    # --- reading --------------------------------------------------------------------------------

    @staticmethod
    def seconds(table: Table) -> int:
        return table.row.meta.turn_timer

    @staticmethod
    def clock(table: Table) -> TurnClockMarks:
        """A copy of the table's clock, to change and then store with `_keep`."""
        return table.row.meta.turn_clock.copy()

    async def _keep(self, table: Table, clock: TurnClockMarks) -> None:
        table.row.meta.turn_clock = clock
        await self.bot.service.save_meta(table)

    def deadlines(self, table: Table) -> dict[int, float]:
        """Seat → when its turn runs out, for the seats on the clock now."""
        seconds = self.seconds(table)
        if not seconds or table.status != "playing":
            return {}
        return {seat: since + seconds for seat, since in table.row.meta.turn_clock.since.items()}

    def missed(self, table: Table, seat: int) -> int:
        return table.row.meta.turn_clock.missed.get(seat, 0)

    def board_lines(self, table: Table, locale: str, names: list[str]) -> list[str]:
        """The board's line per seat on the clock: whose turn ends when (a Discord timestamp)."""
        catalog = words(locale)
        return [catalog.msg("absence.board_clock", name=names[seat] if seat < len(names) else "—",
                            when=f"<t:{int(end)}:R>")
                for seat, end in sorted(self.deadlines(table).items())]

    # --- keeping the clock ----------------------------------------------------------------------

    async def sync(self, table: Table, acted: int | None = None, stood_in: bool = False) -> None:
        """Bring the clock in line with the table: seats that came on the clock start now, seats that
        left it are forgotten, a member who acted is present again; then wait for the next moment."""
        if not self.seconds(table) or table.status != "playing" or table.state is None:
            self.cancel(table.id)
            return
        now = self.bot.service.clock()
        old = self.clock(table)
        computers = set(table.computer_seats)
        on_clock = sorted(s for s in table.game.to_act(table.state) if s not in computers)
        stood_in = stood_in and acted is not None  # played for the member: not a sign that they are back
        since = {s: (now if stood_in and s == acted else old.since.get(s, now)) for s in on_clock}
        reminded = [s for s in old.reminded if s in since and not (stood_in and s == acted)]
        missed = dict(old.missed)
        if acted is not None and not stood_in:
            missed.pop(acted, None)
        new = TurnClockMarks(since=since, reminded=reminded, missed=missed)
        if new != old:
            await self._keep(table, new)
        self.schedule(table)

    def schedule(self, table: Table) -> None:
        self.cancel(table.id)
        seconds = self.seconds(table)
        clock = table.row.meta.turn_clock
        moments = [since + seconds for since in clock.since.values()]
        moments += [since + seconds / 2 for seat, since in clock.since.items() if seat not in clock.reminded]
        if seconds and moments and table.status == "playing":
            self.bot.service.runtimes.of(table.id).start("turn", self._wait(table.id, min(moments)))

    def cancel(self, table_id: int) -> None:
        runtime = self.bot.service.runtimes.get(table_id)
        if runtime is not None:
            runtime.cancel("turn")

    def resume(self) -> None:
        """After a (re)start: every running table's clock waits again (an overdue turn is played at once)."""
        for table in list(self.bot.service.tables.values()):
            if self.seconds(table) and table.status == "playing":
                self.schedule(table)

    async def _wait(self, table_id: int, when: float) -> None:
        delay = when - self.bot.service.clock()
        if delay > 0:
            await asyncio.sleep(delay)
        runtime = self.bot.service.runtimes.get(table_id)
        if runtime is not None:
            runtime.leave("turn")  # what follows may set the next wait
        table = self.bot.service.tables.get(table_id)
        if table is None or table_id in self.busy:
            return
        self.busy.add(table_id)
        try:
            await self._due(table)
        except Exception:
            log.exception("table %s: the turn timer failed", table_id)
        finally:
            self.busy.discard(table_id)
        if table.status == "playing":
            await self.sync(table)

    async def _due(self, table: Table) -> None:
        """Remind the seats past half their time; play the turns of the seats out of time."""
        seconds = self.seconds(table)
        now = self.bot.service.clock()
        clock = self.clock(table)
        for seat, since in sorted(clock.since.items()):
            if since + seconds <= now:
                await self.expire(table, seat)
            elif since + seconds / 2 <= now and seat not in clock.reminded:
                clock = self.clock(table)
                clock.reminded.append(seat)
                await self._keep(table, clock)
                await self.remind(table, seat, since + seconds)

    async def remind(self, table: Table, seat: int, end: float) -> None:
        user = table.users[seat]
        text = t(table_locale(table), "absence.reminder", player=mention(user), when=f"<t:{int(end)}:R>")
        await self.bot.delivery.say(table, text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)]))

    # --- a turn runs out ------------------------------------------------------------------------

    async def expire(self, table: Table, seat: int) -> None:
        """The seat's time is up: count the miss, then hand the seat over (the third miss in a row) or
        play the turn for the member."""
        if table.status != "playing" or seat in table.computer_seats or seat not in table.game.to_act(table.state):
            return
        names = await self.bot.names(table)
        name = names[seat]
        clock = self.clock(table)
        missed = clock.missed.get(seat, 0) + 1
        clock.missed[seat] = missed
        await self._keep(table, clock)
        locale = table_locale(table)
        log.info("table %s: seat %d ran out of time (%d in a row)", table.id, seat, missed)
        if missed >= MISSED_LIMIT and can_remove(table):
            outcome = await self.remove(table, seat)
            key = NP_("absence.replaced") if outcome == "computer" else NP_("absence.left")
            await self.bot.delivery.say(table, tn(locale, key, missed, name=name))
            return
        await self.bot.delivery.say(table, tn(locale, "absence.timed_out", missed, name=name, limit=MISSED_LIMIT))
        await self.stand_in(table, seat)

    async def stand_in(self, table: Table, seat: int) -> None:
        """Play the seat's whole turn as the computer would (its own clock starts again afterwards)."""
        user = table.users[seat]
        for _ in range(STAND_IN_STEPS):
            if table.status != "playing" or seat not in table.game.to_act(table.state) \
                    or table.users[seat] != user:
                return
            seq = table.seq
            action = await self.bot.computers.choose(table, seat, f"stand{seq}")
            try:  # applied only if the table is still where the choice was made (checked under its lock)
                await self.bot.service.act(table.id, user, action, expect_seq=seq, stand_in=True)
            except StaleMove:
                return  # the member (or the game master) moved meanwhile
            except StoreDown:
                await asyncio.sleep(2.0)  # the database is down: the turn is played once it answers
                continue
            except (IllegalAction, TableError) as exc:
                legal = table.legal_actions(seat)
                log.warning("table %s: stand-in action %s refused (%s)", table.id, action, exc)
                if not legal or legal[0] == action:
                    return
                with contextlib.suppress(IllegalAction, TableError):
                    await self.bot.service.act(table.id, user, legal[0], expect_seq=seq, stand_in=True)

    # --- taking a member off ----------------------------------------------------------------------

    async def remove(self, table: Table, seat: int) -> str:
        """Take a member off a running table: a computer player takes the seat ("computer"), else the member
        leaves by the game's leave rule ("left"). TableError when the game can do neither."""
        if has_computer(table.game.id):
            names = await self.bot.names(table)
            name = t(table_locale(table), "absence.computer_for", name=names[seat])
            await self.bot.service.hand_to_computer(table.id, seat, name)
            await self.sync(table)
            self.bot.computers.kick(table)
            await self.bot.presenter(table).update_board(table)
            return "computer"
        leave_action = optional_member(table.game, "leave_action")
        action = leave_action(table.state, seat) if leave_action is not None else None
        if action is None:
            raise TableError("error.cannot_remove")
        await self.bot.service.act(table.id, table.users[seat], action)
        return "left"

    # --- the bot's hooks ------------------------------------------------------------------------

    async def changed(self, change: Change) -> None:
        await self.sync(change.table, acted=change.seat, stood_in=change.stand_in)

