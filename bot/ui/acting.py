"""What every table control does with a click, below the controls themselves (bot/ui/controls.py,
bot/ui/composer.py): read the table's moment and a group's actions, build the click's context, check that the
group is still offered at the moment the control was drawn for, and hand the chosen action to the table.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.delivery import ANSWER_WITHIN, FAILURES, describe
from bot.gameui import Ctx, GameUI, Group, OfTypes
from bot.i18n import t
from bot.ports import BoardAnswer, Client
from bot.tables import Table, TableError
from bot.ui.common import bot_of, check_table, locale_of, refusal_text, tell, why_not
from games.core.protocol import Action, IllegalAction

log = logging.getLogger(__name__)

MAX_OPTIONS = 25  # Discord's limit of options in one select
MOMENT = r"[A-Za-z0-9_-]+"  # a table's moment in a custom id
GROUP = r"[a-z0-9_]+"  # a group's id in a custom id


def ui_of(bot: Client, table: Table) -> GameUI:
    return bot.presenter(table).ui


def human_seats(table: Table) -> list[int]:
    computers = set(table.computer_seats)
    return [s for s in range(len(table.users)) if s not in computers]


def strip_stamp(action: Action) -> Action:
    return {k: v for k, v in action.items() if k != "at"}


def actions_of(table: Table, group: Group, seat: int) -> list[Action]:
    """The legal actions of `seat` that `group` gathers."""
    return [a for a in table.legal_actions(seat) if group.matches(a)]


def public_actions(table: Table, group: Group) -> list[Action]:
    """The group's actions over every human seat, without repeats, in a stable order."""
    seats = tuple(human_seats(table))
    matches = group.matches
    pool = table.seats_actions_of_types(seats, matches.kinds) if isinstance(matches, OfTypes) else \
        table.seats_actions(seats)
    found = [a for a in pool if matches(a)]
    if group.sort_key is not None and len(found) > 1:
        view = table.view(None)
        key = group.sort_key
        found.sort(key=lambda action: key(action, view))
    return found


def moment_of(ctx: Ctx, group: Group) -> str:
    return group.moment(ctx) if group.moment is not None else str(ctx.table.seq)


async def context(bot: Client, table: Table, locale: str, seat: int | None = None) -> Ctx:
    return Ctx(table=table, view=table.view(seat), names=await bot.names(table), locale=locale, seat=seat)


def explain(table: Table, seat: int, group: Group, ctx: Ctx) -> str:
    """Why `seat` cannot use `group` now: whose turn it is, or the engine's own refusal."""
    to_act = table.game.to_act(table.state)
    if len(to_act) == 1 and seat not in to_act:
        (waiting,) = to_act
        return ctx.msg("core.not_your_turn", name=ctx.name(waiting))
    probe = group.probe or next(iter(public_actions(table, group)), None)
    if probe is not None:
        refusal = why_not(table, seat, probe)
        if refusal is not None:
            return refusal_text(ctx.locale, refusal, ctx.names)
    return ctx.msg("core.cannot_now")


def option_text(group: Group, action: Action, ctx: Ctx) -> str:
    return group.option(action, ctx) if group.option is not None else ctx.msg(group.label)


async def current_group(interaction: discord.Interaction, table_id: int, group_id: str, moment: str,
                        ) -> tuple[Table, Group, Ctx, int] | None:
    """The shared checks of a click: running table, seated clicker, known group, current moment."""
    table = await check_table(interaction, table_id)
    if table is None:
        return None
    bot = bot_of(interaction)
    group = ui_of(bot, table).group(group_id)
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    ctx = await context(bot, table, locale_of(interaction))
    if group is None or moment_of(ctx, group) != moment:
        await tell(interaction, t(ctx.locale, "error.stale"))
        return None
    return table, group, ctx, seat


Acknowledge = Callable[[], Awaitable[Any]]


async def act(interaction: discord.Interaction, table: Table, action: Action, names: list[str],
              acknowledge: Acknowledge) -> bool:
    """Hand one action to the table for an interaction not yet acknowledged, then acknowledge it (`acknowledge`:
    the picker says what was picked, a deferral): the action is stored first, so a click waits for nothing
    Discord does. A click on the board is answered by the board's own edit instead when it can be (one call,
    `BoardAnswer` in bot/delivery.py). A busy table is acknowledged first, after `ANSWER_WITHIN`; a refusal is
    answered privately instead."""
    bot = bot_of(interaction)
    until = asyncio.get_running_loop().time() + ANSWER_WITHIN
    answer: BoardAnswer | None = bot.delivery.expect_answer(interaction, table)
    acting = asyncio.ensure_future(bot.service.act(table.id, interaction.user.id, strip_stamp(action)))
    try:
        done, _ = await asyncio.wait({acting}, timeout=ANSWER_WITHIN)
        if not done:  # the table is busy (its lock, the database): the interaction is acknowledged now
            if answer is not None:
                await bot.delivery.conclude_answer(answer, table.id, None, until)
                answer = None
            await acknowledged(interaction, acknowledge)
        change = await acting
    except BaseException as exc:
        if answer is not None:
            await bot.delivery.conclude_answer(answer, table.id, None, until)
        if not isinstance(exc, (IllegalAction, TableError)):
            raise
        await tell(interaction, refusal_text(locale_of(interaction), exc, names))
        return False
    if answer is None or not await bot.delivery.conclude_answer(answer, table.id, change.seq, until):
        await acknowledged(interaction, acknowledge)
    return True


async def acknowledged(interaction: discord.Interaction, acknowledge: Acknowledge) -> None:
    """Acknowledge the interaction unless that is done (the action is stored whatever Discord answers)."""
    if interaction.response.is_done():
        return
    try:
        await acknowledge()
    except FAILURES as exc:
        log.warning("interaction %s could not be acknowledged: %s", interaction.id, describe(exc))
