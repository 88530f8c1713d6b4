"""The board's "💡 Hint" button: what the computer player would do in the presser's seat, and why.

On a running board when the table's `hints` option is on (the host's choice in the lobby; on at practice
tables) and the game has a computer player. A seated player who has something to decide presses it and
gets, privately and in their own language, the action in the board's words and one sentence of reason.
The advice is the game's `ai.advise` (or its `choose` with a generic reason, for a game whose computer
player gives none) on the table's state for the presser's seat, with the rng a computer would get at this
moment (`bot.computer.salt`): the very move a computer in that seat would play. It runs in a worker thread,
like the computer's own thinking. The computer players read only what the seat may see: dealing the others'
secrets otherwise (Junta's notes, hands and hidden locations; Arditi's bag order) leaves the hint the same
(tests/bot/ui/test_hint.py, tests/games/arditi/test_arditi_advise.py).

custom_id `gh:<table>` (works after a restart, and never stale: it always hints the table's moment).
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord
from babel.numbers import format_decimal

from bot import limits
from bot.computer import adviser, chooser, has_computer, salt
from bot.gameui import Ctx, GameUI
from bot.i18n import t
from bot.tables import Table
from bot.ui.common import bot_of, follow_up, locale_of, tell
from games.core.choice import Advice
from games.core.messages import N_
from games.core.protocol import Action, Rng
from games.core.rng import SeededRng

log = logging.getLogger(__name__)

GENERIC = N_("hint.generic")  # the reason of a computer player that gives none


def offers_hints(table: Table) -> bool:
    """The button is on this table's board: its game has a computer player and the host turned hints on."""
    return table.row.meta.hints and has_computer(table.game.id)


def hint_button(table: Table, locale: str) -> HintButton | None:
    return HintButton(table.id, t(locale, "hint.button")) if offers_hints(table) else None


def advice_for(game_id: str, state: Any, seat: int, rng: Rng) -> Advice | None:
    """The computer player's advice for `seat` (its reason a generic one when the game's computer player
    gives none); None without a computer player. Pure and slow: run in a worker thread."""
    advise = adviser(game_id)
    if advise is not None:
        return advise(state, seat, rng)
    choose = chooser(game_id)
    if choose is None:
        return None
    return Advice(choose(state, seat, rng), GENERIC)


def action_words(ui: GameUI, action: Action, ctx: Ctx) -> str:
    """An action as the board words it: the option of the group that offers it (a step "⬆️ Forward → 23"),
    else that group's button label."""
    for group in ui.groups:
        try:
            if not group.matches(action):
                continue
            if group.option is not None:
                return group.option(action, ctx)
            params = group.label_params(ctx) if group.label_params else {}
            return ctx.msg(group.label, **params)
        except Exception:  # a hook that cannot word this action: the next group, or the type below
            log.exception("table %s: wording the hinted action %s failed", ctx.table.id, action)
    return str(action.get("type", "?"))


def reason_words(advice: Advice, ctx: Ctx) -> str:
    """The reason in the reader's words; numbers with a fraction as the reader writes them (1,5 / 1.5)."""
    reason = advice.reason if ctx.words.knows(advice.reason) else GENERIC
    params = {key: format_decimal(value, format="0.#", locale=ctx.locale) if isinstance(value, float) else value
              for key, value in advice.params.items()}
    return ctx.msg(reason, **params)


class HintButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gh:(?P<table>\d+)"):
    def __init__(self, table_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=limits.label(label or "…"), style=discord.ButtonStyle.secondary,
                                           emoji="💡", custom_id=f"gh:{table_id}"))
        self.table_id = table_id
        self.found: tuple[Table, int] | None = None  # the table and the presser's seat, found by the check

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HintButton:
        return cls(int(match["table"]), getattr(item, "label", None) or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Who may ask: a player of a running table with hints on and a computer player, who has something to
        decide now. Anyone else is told why not, privately."""
        bot = bot_of(interaction)
        locale = locale_of(interaction)
        if not bot.accepting:
            await tell(interaction, t(locale, "error.restarting"))
            return False
        table = bot.service.tables.get(self.table_id)
        if table is None or table.status != "playing" or table.state is None:
            await tell(interaction, t(locale, "hint.refused.over"))
            return False
        if not has_computer(table.game.id):
            await tell(interaction, t(locale, "hint.refused.no_computer", game=table.game.title))
            return False
        if not table.row.meta.hints:
            await tell(interaction, t(locale, "hint.refused.off"))
            return False
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, t(locale, "hint.refused.spectator"))
            return False
        if not table.legal_actions(seat):
            await tell(interaction, t(locale, "hint.refused.nothing_to_decide"))
            return False
        self.found = (table, seat)
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.found is not None
        table, seat = self.found
        bot = bot_of(interaction)
        locale = locale_of(interaction)
        seq, state = table.seq, table.state
        await interaction.response.defer(ephemeral=True, thinking=True)  # the search takes a moment
        try:
            advice = await asyncio.to_thread(advice_for, table.game.id, state, seat,
                                             SeededRng(table.row.seed, salt(seq)))
        except Exception:
            log.exception("table %s: the hint's computer player failed", table.id)
            advice = None
        if advice is None or advice.action is None:
            await follow_up(interaction, t(locale, "hint.failed"), ephemeral=True)
            return
        if table.seq != seq:  # the table moved on while the hint was worked out: it would hint the past
            await follow_up(interaction, t(locale, "hint.moved_on"), ephemeral=True)
            return
        ctx = Ctx(table=table, view=table.game.view(state, seat), names=await bot.names(table), locale=locale,
                  seat=seat)
        ui = bot.presenter(table).ui
        text = ctx.msg("hint.answer", action=action_words(ui, advice.action, ctx), reason=reason_words(advice, ctx))
        await follow_up(interaction, text, ephemeral=True)
