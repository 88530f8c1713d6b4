"""/spyfall: open a lobby, pass the question; the presenter shows each change in Discord."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery import render_png
from bot.i18n import described, t
from bot.tables import Change, Table, TableError
from bot.ui.common import locale_of, mention, repost_board, table_here, tell
from bot.ui.lobby import open_lobby, table_locale
from bot.ui.spyfall import SpyButton, SpySelect, act, card_text, location_name, moment
from games.core.protocol import IllegalAction
from renderers import spyfall as spyfall_renderer

if TYPE_CHECKING:
    from bot.app import GameMasterBot

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
PLAYING_BUTTONS = ("card", "accuse", "reveal", "pass")


def rel(ts: float | None) -> str:
    """A Discord countdown: every client counts down by itself, no edits needed."""
    return f"<t:{int(ts)}:R>" if ts else "—"


def mmss(seconds: float | None) -> str:
    seconds = int(round(seconds or 0))
    return f"{seconds // 60}:{seconds % 60:02d}"


class SpyfallPresenter:
    has_secrets = True

    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot

    # --- the board --------------------------------------------------------------------------

    def board_embed(self, table: Table, view: dict[str, Any], names: list[str], locale: str) -> discord.Embed:
        phase = view["phase"]
        seat = lambda s: names[s] if s is not None else "—"  # noqa: E731
        title = t(locale, "spyfall.board.title", round=view["round"], rounds=view["rounds"])
        lines: list[str] = []
        if phase == "playing":
            lines.append(t(locale, "spyfall.board.clock", deadline=rel(view["clock"]["deadline"])))
            lines.append(t(locale, "spyfall.board.asker", asker=seat(view["asker"])))
        elif phase in ("accusation", "final_vote"):
            vote = view["vote"]
            if phase == "accusation":
                lines.append(t(locale, "spyfall.board.accusation", accuser=seat(vote["accuser"]),
                               suspect=seat(vote["suspect"]), left=mmss(view["clock"]["paused_remaining"])))
            else:
                lines.append(t(locale, "spyfall.board.final_vote", suspect=seat(vote["suspect"])))
            lines.append(t(locale, "spyfall.board.votes", voted=vote["voted"], eligible=vote["eligible"],
                           deadline=rel(vote["deadline"])))
        elif phase == "spy_guess":
            lines.append(t(locale, "spyfall.board.guessing", spy=seat(view["spy_revealed"]),
                           deadline=rel(view["guess_deadline"])))
        elif phase == "round_over":
            lines.append(t(locale, "spyfall.board.round_over", dealer=seat(view["dealer"])))
            if view["open_start"]:
                lines.append(t(locale, "spyfall.board.anyone_deals"))
        elif phase == "game_over":
            winners = ", ".join(seat(s) for s in view["winners"])
            title = t(locale, "spyfall.board.final_title")
            lines.append(t(locale, "spyfall.board.winners", winners=winners))
        if phase in ("playing", "accusation", "final_vote", "spy_guess"):
            accused = [seat(s) for s, done in enumerate(view["accused"]) if done]
            lines.append(t(locale, "spyfall.board.accused", names=", ".join(accused) or "—"))
        embed = discord.Embed(title=title, description="\n".join(lines), colour=discord.Colour.dark_teal())
        standings = sorted(range(view["n"]), key=lambda s: -view["scores"][s])
        embed.add_field(
            name=t(locale, "spyfall.board.scores"),
            value="\n".join(
                f"{'~~' if view['left'][s] else ''}{seat(s)}{'~~' if view['left'][s] else ''}: {view['scores'][s]}"
                for s in standings
            ),
            inline=False,
        )
        return embed

    def board_buttons(self, table: Table, view: dict[str, Any], locale: str) -> discord.ui.View | None:
        phase = view["phase"]
        ops: tuple[str, ...]
        if phase == "playing":
            ops = PLAYING_BUTTONS
        elif phase in ("accusation", "final_vote"):
            ops = ("yes", "no", "card")
        elif phase == "spy_guess":
            ops = ("guess", "card")
        elif phase == "round_over":
            ops = ("deal",)
        else:
            return None
        buttons = discord.ui.View(timeout=None)
        for op in ops:
            buttons.add_item(SpyButton(table.id, op, moment(view, op), t(locale, f"spyfall.button.{op}")))
        return buttons

    def picture_key(self, view: dict[str, Any]) -> tuple[Any, ...]:
        return (view["round"], len(view["history"]), tuple(view["left"]), view["phase"] == "game_over")

    async def update_board(self, table: Table, *, repost: bool = False, image_changed: bool = True) -> None:
        locale = table_locale(table)
        view = table.view(None)
        names = await self.bot.names(table)

        async def image() -> bytes:
            return await render_png(spyfall_renderer.render_scoreboard, view, names, locale)

        await self.bot.delivery.post_board(
            table, embed=self.board_embed(table, view, names, locale),
            view=self.board_buttons(table, view, locale), image=image,
            image_changed=image_changed, repost=repost,
        )

    # --- presenter hooks --------------------------------------------------------------------

    async def started(self, table: Table) -> None:
        locale = table_locale(table)
        names = await self.bot.names(table)
        view = table.view(None)
        sheet = await render_png(spyfall_renderer.render_locations, view, names, locale)
        order = " → ".join(mention(u) for u in table.users)
        await self.bot.delivery.say(
            table, t(locale, "spyfall.started", order=order, minutes=view["minutes"], rounds=view["rounds"]),
            file=discord.File(_bytes_io(sheet), "locations.png"),
        )
        dealer = table.users[view["dealer"]]
        try:
            await self.bot.service.act(table.id, dealer, {"type": "start_round"})
        except (IllegalAction, TableError):
            log.exception("table %s: could not deal the first round", table.id)

    async def changed(self, change: Change) -> None:
        table = change.table
        locale = table_locale(table)
        before, after, events = change.public()
        names = await self.bot.names(table)
        lines = [self.word(e, after, names, locale) for e in events]
        lines = [line for line in lines if line]
        if lines:
            await self.bot.delivery.say(table, "\n".join(lines), allowed_mentions=NO_PINGS)
        kinds = {e["type"] for e in events}
        if "round_started" in kinds:
            await self.deal_cards(table)
        if "round_over" in kinds:
            await self.post_result(table, after, names, locale)
        new_round = "round_started" in kinds
        await self.update_board(
            table, repost=new_round or after["phase"] == "game_over",
            image_changed=self.picture_key(before) != self.picture_key(after),
        )

    async def closed(self, table: Table, reason: str) -> None:
        if table.state is None:
            return  # a lobby: its own message already says it was cancelled
        await self.bot.delivery.retire_board(table, t(table_locale(table), f"table.closed.{reason}"))

    async def show_board(self, table: Table, interaction: discord.Interaction) -> None:
        await repost_board(interaction, self.update_board(table, repost=True))

    # --- secrets ----------------------------------------------------------------------------

    async def deal_cards(self, table: Table) -> None:
        """Each card by DM, in the player's language; a failed DM gets a public hint, never the card."""
        unreachable = []
        for seat, user in enumerate(table.users):
            view = table.view(seat)
            if not view.get("card"):
                continue
            locale = table.locales[seat] or table_locale(table)
            embed = discord.Embed(
                title=t(locale, "spyfall.card.title", round=view["round"]),
                description=card_text(view, locale),
                colour=discord.Colour.dark_red() if view["card"].get("spy") else discord.Colour.green(),
            )
            if not await self.bot.delivery.dm(user, embed=embed):
                unreachable.append(user)
        if unreachable:
            locale = table_locale(table)
            await self.bot.delivery.say(
                table, t(locale, "spyfall.dm_failed", players=" ".join(mention(u) for u in unreachable),
                         button=t(locale, "spyfall.button.card")),
            )

    # --- words ------------------------------------------------------------------------------

    def word(self, event: dict[str, Any], view: dict[str, Any], names: list[str], locale: str) -> str | None:
        kind = event["type"]
        if kind in ("round_over", "game_over"):
            return None  # posted as the round result / final standings
        params = {k: v for k, v in event.items() if k not in ("id", "type")}
        for key in ("seat", "target", "dealer", "suspect"):
            if key in params and isinstance(params[key], int):
                params[key] = names[params[key]]
        if "deadline" in params:
            params["deadline"] = rel(params["deadline"])
        if kind == "vote_result":
            kind = "vote_convicted" if event["convicted"] else "vote_failed"
        return t(locale, f"spyfall.log.{kind}", **params)

    async def post_result(self, table: Table, view: dict[str, Any], names: list[str], locale: str) -> None:
        result = view["result"]
        if result is None:
            return
        lines = [t(locale, f"spyfall.result.{result['how']}", spy=names[result["spy"]],
                   location=location_name(result["location"], view, locale),
                   convicted=names[result["convicted"]] if result.get("convicted") is not None else "",
                   guess=location_name(result["guess"], view, locale) if result.get("guess") else "—")]
        lines.append(t(locale, "spyfall.result.location", location=location_name(result["location"], view, locale)))
        for s, card in enumerate(result["cards"]):
            if card.get("spy"):
                text = t(locale, "spyfall.result.card_spy")
            else:
                role_names = card.get("role_names")
                text = (role_names.get(locale) or role_names["en"]) if role_names else "—"
            points = result["points"][s]
            lines.append(f"• {names[s]}: {text}" + (f"  **+{points}**" if points else ""))
        if view["phase"] == "game_over":
            standings = sorted(range(view["n"]), key=lambda s: -view["scores"][s])
            lines.append("")
            lines.append(t(locale, "spyfall.result.final"))
            lines += [f"{i + 1}. {names[s]}: {view['scores'][s]}" for i, s in enumerate(standings)]
            lines.append(t(locale, "spyfall.board.winners", winners=", ".join(names[s] for s in view["winners"])))
        sheet = await render_png(spyfall_renderer.render_scoreboard, view, names, locale)
        await self.bot.delivery.say(
            table, "\n".join(lines), allowed_mentions=NO_PINGS,
            file=discord.File(_bytes_io(sheet), "scores.png"),
        )


def _bytes_io(data: bytes) -> io.BytesIO:
    return io.BytesIO(data)


@app_commands.guild_only()
class SpyfallCommands(app_commands.Group, name="spyfall", description=described("spyfall", "Play Spyfall")):
    @app_commands.command(name="new", description=described("spyfall_new", "Open a Spyfall table in this channel"))
    @app_commands.describe(
        rounds=described("spyfall_new_rounds", "How many rounds (default 5)"),
        minutes=described("spyfall_new_minutes", "Minutes per round, 3-20 (default 8)"),
        roles=described("spyfall_new_roles", "Deal roles with the location (default yes)"),
    )
    async def new(
        self, interaction: discord.Interaction,
        rounds: app_commands.Range[int, 1, 20] = 5,
        minutes: app_commands.Range[int, 3, 20] = 8,
        roles: bool = True,
    ) -> None:
        await open_lobby(interaction, "spyfall", {"rounds": rounds, "minutes": minutes, "roles": roles})

    @app_commands.command(name="ask", description=described("spyfall_ask", "Pass the question to another player"))
    @app_commands.describe(player=described("spyfall_ask_player", "Who answers your question"))
    async def ask(self, interaction: discord.Interaction, player: discord.Member) -> None:
        table = await current_table(interaction)
        if table is None:
            return
        target = table.seat_of(player.id)
        if target is None:
            await tell(interaction, t(locale_of(interaction), "error.target_not_playing"))
            return
        if await act(interaction, table, {"type": "ask", "target": target}):
            await tell(interaction, t(locale_of(interaction), "spyfall.done_ask"))

    @app_commands.command(name="card", description=described("spyfall_card", "Show my card (only you see it)"))
    async def card(self, interaction: discord.Interaction) -> None:
        table = await current_table(interaction)
        if table is None:
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, t(locale_of(interaction), "error.not_a_player"))
            return
        await tell(interaction, card_text(table.view(seat), locale_of(interaction)))


async def current_table(interaction: discord.Interaction) -> Table | None:
    return await table_here(interaction, game="spyfall", playing=True)


class SpyfallCog(commands.Cog):
    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot


async def setup(bot: GameMasterBot) -> None:
    bot.presenters["spyfall"] = SpyfallPresenter(bot)
    bot.add_dynamic_items(SpyButton, SpySelect)
    bot.tree.add_command(SpyfallCommands())
    await bot.add_cog(SpyfallCog(bot))
