"""/polls: open a table against a member or the computer; the presenter shows each change.

The computer player is a seat listed in the table's meta (`computer_seats`) and sat by the bot's
own user. After every change, when a computer seat is to act, the presenter starts one task that
asks `games.polls.ai.choose` in a worker thread and hands its action to the table like a click.
If the computer player fails, the first legal action is played instead, so a table never stalls;
after a restart the same check runs once the bot is ready.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery import render_png
from bot.i18n import described, t
from bot.tables import Change, Table, TableError
from bot.ui.common import locale_of, mention, repost_board, tell
from bot.ui.lobby import lobby_embed, open_lobby, open_thread, table_locale
from bot.ui.polls import (
    EMOJI,
    PollsButton,
    PollsSelect,
    board_controls,
    circle_name,
    computer_to_act,
    party,
    region_name,
    sector_name,
    who,
)
from games.core.protocol import IllegalAction
from games.polls.data import PACT_REGIONS, PROPAGANDA_LIMITS, REGIONS

if TYPE_CHECKING:
    from bot.app import GameMasterBot

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
GAME_ID = "polls"
SILENT_EVENTS = ("game_started", "turn_ended", "game_over")


def _renderer() -> Callable[..., Any] | None:
    """renderers.polls.render(view, names, locale) when it exists; the board is text-only without it."""
    try:
        from renderers import polls as polls_renderer
    except Exception:  # not written yet, or broken: the board still works as text
        log.debug("renderers.polls is not available", exc_info=True)
        return None
    return getattr(polls_renderer, "render", None)


def _choose(state: Any, seat: int) -> Any:
    from games.polls import ai

    return ai.choose(state, seat)


def chunks(lines: list[str], limit: int = 2000) -> list[str]:
    """Log lines joined into messages that fit Discord's 2000 characters."""
    out: list[str] = []
    for line in lines:
        line = line[:limit]
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


class PollsPresenter:
    has_secrets = False  # everything in this game is on the board
    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot
        self.thinking: dict[int, asyncio.Task[None]] = {}
        self.held: dict[int, tuple[list[str], set[str]]] = {}  # log lines of a computer move in progress
        self.pictured: dict[int, tuple[Any, ...]] = {}  # what the board picture last showed

    # --- the board --------------------------------------------------------------------------

    def board_embed(self, table: Table, view: dict[str, Any], names: list[str], locale: str) -> discord.Embed:
        lines = [t(locale, "polls.board.players", blue=names[0], red=names[1])]
        if view["phase"] == "game_over":
            title = t(locale, "polls.board.final_title")
            result = view["result"] or {}
            winners = result.get("winners") or []
            lines.append(
                t(locale, "polls.board.winner", name=who(winners[0], names)) if winners
                else t(locale, "polls.board.draw")
            )
        else:
            title = t(locale, "polls.board.title", round=view["round"], rounds=view["rounds"], turn=view["turn"],
                      turns=view["turns_in_round"])
            lines += self.status_lines(table, view, names, locale)
        embed = discord.Embed(title=title, description="\n".join(lines), colour=discord.Colour.dark_gold())
        projection = view["seats_projection"]
        embed.add_field(
            name=t(locale, "polls.board.projection"),
            value=t(locale, "polls.board.projection_value", blue=projection["seats"][0], red=projection["seats"][1],
                    third=projection["third"], majority=projection["majority"]),
            inline=False,
        )
        embed.add_field(
            name=t(locale, "polls.board.propaganda"),
            value="\n".join(
                t(locale, "polls.board.propaganda_line", party=who(s, names), a=view["propaganda"][s]["A"],
                  b=view["propaganda"][s]["B"], c=view["propaganda"][s]["C"], supply=view["supply"][s])
                for s in (0, 1)
            ),
            inline=False,
        )
        influence = [
            f"{region_name(r, locale)}: {EMOJI[0]} {view['influence'][r][0]} · {EMOJI[1]} {view['influence'][r][1]}"
            for r in REGIONS if any(view["influence"][r])
        ]
        embed.add_field(name=t(locale, "polls.board.influence_field"),
                        value="\n".join(influence)[:1024] or t(locale, "polls.board.nothing"), inline=False)
        pacts = [
            f"{region_name(r, locale)}: {EMOJI[0]} {view['pacts'][r][0]} · {EMOJI[1]} {view['pacts'][r][1]}"
            for r in PACT_REGIONS if any(view["pacts"][r])
        ]
        if pacts:
            embed.add_field(name=t(locale, "polls.board.pacts"), value="\n".join(pacts), inline=False)
        circles = [
            f"{sector} {EMOJI[c['owner']]}×{c['count']}"
            for sector, c in view["circles"].items() if c["count"] and c["owner"] is not None
        ]
        embed.add_field(name=t(locale, "polls.board.circles"),
                        value=" · ".join(circles)[:1024] or t(locale, "polls.board.nothing"), inline=False)
        return embed

    def status_lines(self, table: Table, view: dict[str, Any], names: list[str], locale: str) -> list[str]:
        current = view["current"]
        if current is None:
            return []
        name = who(current, names)
        step = view["step"]
        lines = []
        if current in table.computer_seats:
            lines.append(t(locale, "polls.planning", name=name))
        if step == "actions":
            lines.append(t(locale, "polls.board.actions", name=name, left=view["actions_left"]))
        elif step in ("seven", "order"):
            pending = view["pending"]
            dice = t(locale, "polls.dice_sep").join(str(d) for d in pending["dice"])
            lines.append(t(locale, f"polls.board.{step}", name=name, dice=dice,
                           target=sector_name(pending["seven_target"] or "", locale)))
        elif step == "influence":
            lines.append(t(locale, "polls.board.influence", name=name))
            over = view["over_limits"][current]
            if over:
                what = ", ".join(
                    t(locale, "polls.board.limit_item", kind=kind, held=held, keep=PROPAGANDA_LIMITS[kind] - 1)
                    for kind, held in over.items()
                )
                lines.append(t(locale, "polls.board.must_spend", name=name, what=what))
        elif step == "poll":
            left = (view["poll"] or {}).get("left", [0, 0])[current]
            lines.append(t(locale, "polls.board.poll", name=name, left=left))
        used = [who(s, names) for s in (0, 1) if view["shift_used"][s]]
        if used:
            lines.append(t(locale, "polls.board.shift_used", names=", ".join(used)))
        return lines

    def picture_key(self, view: dict[str, Any]) -> tuple[Any, ...]:
        return (repr(view["circles"]), repr(view["propaganda"]), repr(view["influence"]), repr(view["pacts"]),
                view["round"], view["turn"], view["current"], view["phase"])

    async def update_board(self, table: Table, *, repost: bool = False) -> None:
        locale = table_locale(table)
        view = table.view(None)
        key = self.picture_key(view)
        image_changed = self.pictured.get(table.id) != key
        self.pictured[table.id] = key
        names = await self.bot.names(table)
        render = _renderer()
        image: Callable[[], Awaitable[bytes]] | None = None
        if render is not None:
            image = functools.partial(render_png, render, view, names, locale)
        try:
            await self.bot.delivery.post_board(
                table, embed=self.board_embed(table, view, names, locale),
                view=board_controls(table, view, locale), image=image,
                image_changed=image_changed, repost=repost,
            )
        except Exception:
            if image is None:
                raise
            # A failing picture must not hide the board: post it as text.
            log.exception("table %s: rendering the board failed; posting it without a picture", table.id)
            self.pictured.pop(table.id, None)
            await self.bot.delivery.post_board(
                table, embed=self.board_embed(table, view, names, locale),
                view=board_controls(table, view, locale), image=None, repost=repost,
            )

    # --- presenter hooks --------------------------------------------------------------------

    async def started(self, table: Table) -> None:
        locale = table_locale(table)
        names = await self.bot.names(table)
        view = table.view(None)
        opening = [self.word(e, names, locale) for e in view["log"]]  # round 1 begins, first turn
        text = "\n".join([t(locale, "polls.started", blue=mention(table.users[0]), red=mention(table.users[1]),
                                first=who(view["first"], names)), *(line for line in opening if line)])
        await self.bot.delivery.say(table, text)
        await self.update_board(table, repost=True)
        self.kick(table)

    async def changed(self, change: Change) -> None:
        table = change.table
        locale = table_locale(table)
        before, after, events = change.public()
        names = await self.bot.names(table)
        lines = [line for line in (self.word(e, names, locale) for e in events) if line]
        kinds = {e["type"] for e in events}
        held = self.held.setdefault(table.id, ([], set()))
        held[0].extend(lines)
        held[1].update(kinds)
        if change.seat in table.computer_seats and computer_to_act(table):
            # The computer goes on: its whole move is told in one message and one board update.
            self.kick(table)
            return
        lines, kinds = self.held.pop(table.id)
        pings = NO_PINGS
        waiting = self.waiting_human(table, change.seat)
        if waiting is not None:  # between two members: the next one hears it is their move
            lines.append(t(locale, "polls.your_turn", player=mention(waiting)))
            pings = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(waiting)])
        for text in chunks(lines):
            await self.bot.delivery.say(table, text, allowed_mentions=pings)
        if "game_over" in kinds:
            await self.post_result(table, after, names, locale)
        await self.update_board(table, repost="round_started" in kinds or "game_over" in kinds)
        if "game_over" in kinds:
            self.pictured.pop(table.id, None)
        self.kick(table)

    async def closed(self, table: Table, reason: str) -> None:
        self.held.pop(table.id, None)
        self.pictured.pop(table.id, None)
        task = self.thinking.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        if table.state is None:
            return  # a lobby: its own message already says it was cancelled
        await self.bot.delivery.retire_board(table, t(table_locale(table), f"table.closed.{reason}"))

    async def show_board(self, table: Table, interaction: discord.Interaction) -> None:
        await repost_board(interaction, self.update_board(table, repost=True))

    def waiting_human(self, table: Table, seat: int | None) -> int | None:
        """The user who must move now, when a member's action handed the move to another member."""
        if table.status != "playing" or seat is None or seat in table.computer_seats:
            return None
        to_act = table.game.to_act(table.state)
        if len(to_act) != 1:
            return None
        (nxt,) = to_act
        return None if nxt == seat or nxt in table.computer_seats else table.users[nxt]

    # --- the computer player ----------------------------------------------------------------

    def kick(self, table: Table) -> None:
        """Start the computer's move when a computer seat is to act (at most one task per table)."""
        seats = computer_to_act(table)
        if not seats:
            return
        running = self.thinking.get(table.id)
        if running is not None and not running.done():
            return
        self.thinking[table.id] = asyncio.create_task(self.computer_move(table.id, seats[0], table.seq))

    async def computer_move(self, table_id: int, seat: int, seq: int) -> None:
        table = self.bot.service.tables.get(table_id)
        if table is None:
            return
        state = table.state
        legal = table.game.legal_actions(state, seat)
        if not legal:
            return
        try:
            action = await asyncio.to_thread(_choose, state, seat)
        except Exception:
            log.exception("table %s: the computer player failed; playing its first legal action", table_id)
            action = None
        if not isinstance(action, dict) or action not in legal:
            action = legal[0]
        table = self.bot.service.tables.get(table_id)
        if table is None or table.seq != seq or seat not in computer_to_act(table):
            return  # the table moved on meanwhile (ended, or resumed elsewhere)
        # The next change starts the next move: this task no longer counts as running.
        if self.thinking.get(table_id) is asyncio.current_task():
            del self.thinking[table_id]
        try:
            await self.bot.service.act(table_id, table.users[seat], action)
        except (IllegalAction, TableError) as exc:
            log.warning("table %s: computer action %s refused (%s); playing the first legal one", table_id,
                        action, exc)
            if action != legal[0]:
                with contextlib.suppress(IllegalAction, TableError):
                    await self.bot.service.act(table_id, table.users[seat], legal[0])

    def resume(self) -> None:
        """After a (re)start: every running table whose computer is to act gets its move."""
        for table in list(self.bot.service.tables.values()):
            if table.game.id == GAME_ID and table.status == "playing":
                self.kick(table)

    # --- words ------------------------------------------------------------------------------

    def word(self, event: dict[str, Any], names: list[str], locale: str) -> str | None:
        kind = event["type"]
        if kind in SILENT_EVENTS:
            return None
        seat = event.get("seat")
        params: dict[str, Any] = {}
        if isinstance(seat, int):
            params["seat"] = who(seat, names)
            params["party"] = party(seat, locale)
        if kind == "round_started":
            return t(locale, "polls.log.round_started", round=event["round"], turns=event["turns"])
        if kind == "turn_started":
            return t(locale, "polls.log.turn_started", round=event["round"], turn=event["turn"], **params)
        if kind == "rolled":
            dice = t(locale, "polls.dice_sep").join(str(d) for d in event["dice"])
            key = "polls.log.rolled_double" if event.get("double") else "polls.log.rolled"
            return t(locale, key, dice=dice, circle=circle_name(event["circle"]), **params)
        if kind == "placed":
            sector = event["sector"]
            if sector in ("A", "B", "C"):
                key = "placed_centre" if event["placed"] else "placed_no_supply"
            elif not event["placed"]:
                key = "placed_blocked" if event["removed"] else "placed_no_supply"
            else:
                key = "placed_replaces" if event["removed"] else "placed"
            return t(locale, f"polls.log.{key}", sector=sector_name(sector, locale), **params)
        if kind == "combined":
            first, second = event["sectors"]
            return t(locale, "polls.log.combined", first=first, second=second,
                     into=sector_name(event["into"], locale), **params)
        if kind == "seven_taken":
            return t(locale, "polls.log.seven_taken" if event["take"] else "polls.log.seven_declined", **params)
        if kind == "die_order":
            return t(locale, "polls.log.die_order", first=event["first"], second=event["second"], **params)
        if kind == "pact":
            return t(locale, "polls.log.pact", sector=event["sector"], region=region_name(event["region"], locale),
                     **params)
        if kind == "shift":
            return t(locale, "polls.log.shift", source=region_name(event["from"], locale),
                     target=region_name(event["to"], locale), **params)
        if kind == "influence":
            return t(locale, "polls.log.influence", region=region_name(event["region"], locale),
                     cost=event["cost"], pay=event["pay"], **params)
        if kind == "round_ended":
            return t(locale, "polls.log.round_ended", round=event["round"])
        if kind == "poll":
            controlled, grants = event["controlled"], event["grants"]
            return t(locale, "polls.log.poll", blue=controlled[0], red=controlled[1], blue_grants=grants[0],
                     red_grants=grants[1])
        if kind == "poll_influence":
            return t(locale, "polls.log.poll_influence", region=region_name(event["region"], locale), **params)
        if kind == "poll_forfeit":
            return t(locale, "polls.log.poll_forfeit", lost=event["lost"], **params)
        if kind == "pact_resolved":
            region = region_name(event["region"], locale)
            winner = event["winner"]
            if winner is None:
                return t(locale, "polls.log.pact_none", region=region)
            key = "polls.log.pact_won" if event["placed"] else "polls.log.pact_won_no_supply"
            return t(locale, key, region=region, party=who(winner, names))
        return None

    async def post_result(self, table: Table, view: dict[str, Any], names: list[str], locale: str) -> None:
        result = view["result"]
        if result is None:
            return
        seats = result["seats"]
        lines = [
            t(locale, "polls.result.title"),
            t(locale, "polls.result.seats", blue=names[0], red=names[1], blue_seats=seats[0], red_seats=seats[1],
              third=result["third"]),
        ]
        winners = result["winners"]
        lines.append(t(locale, f"polls.result.{result['reason']}", name=who(winners[0], names) if winners else "—"))
        lines.append("")
        for region in REGIONS:
            got = result["regions"][region]
            influence = view["influence"][region]
            lines.append(t(locale, "polls.result.region_line", region=region_name(region, locale),
                           blue=influence[0], red=influence[1], blue_seats=got["seats"][0],
                           red_seats=got["seats"][1], third=got["third"]))
        kwargs: dict[str, Any] = {}
        render = _renderer()
        if render is not None:
            try:
                picture = await render_png(render, view, names, locale)
                kwargs["file"] = discord.File(io.BytesIO(picture), "result.png")
            except Exception:
                log.exception("table %s: rendering the result failed", table.id)
        await self.bot.delivery.say(table, "\n".join(lines)[:2000], allowed_mentions=NO_PINGS, **kwargs)


@app_commands.guild_only()
class PollsCommands(
    app_commands.Group, name="polls", description=described("polls", "Play The Polls Are Closed! (Spain)")
):
    @app_commands.command(
        name="new", description=described("polls_new", "Open a table of The Polls Are Closed! in this channel")
    )
    @app_commands.describe(
        opponent=described("polls_new_opponent", "Challenge this member (they press Join)"),
        computer=described("polls_new_computer", "Play against the computer"),
    )
    async def new(
        self, interaction: discord.Interaction, opponent: discord.Member | None = None, computer: bool = False,
    ) -> None:
        bot: GameMasterBot = interaction.client  # type: ignore[assignment]
        locale = locale_of(interaction)
        if opponent is not None and (opponent.bot or opponent.id == interaction.user.id or computer):
            await tell(interaction, t(locale, "polls.bad_opponent"))
            return
        table = await open_lobby(interaction, GAME_ID, {})
        if table is None:
            return
        if computer:
            await start_against_computer(bot, table, interaction, locale)
        elif opponent is not None:
            await bot.service.set_meta(table, invited=[opponent.id])
            await interaction.followup.send(
                t(locale, "polls.invite", opponent=mention(opponent.id), host=mention(interaction.user.id)),
                allowed_mentions=discord.AllowedMentions(users=[opponent]),
            )


async def start_against_computer(
    bot: GameMasterBot, table: Table, interaction: discord.Interaction, locale: str
) -> None:
    """The bot itself takes the second seat (red) and the game starts at once."""
    assert bot.user is not None
    me = bot.user.id
    try:
        await bot.service.join(table.id, me, None)
        names = {**table.row.meta.get("names", {}), str(me): t(locale, "polls.computer_name")}
        await bot.service.set_meta(table, names=names, computer_seats=[table.users.index(me)])
        table = await bot.service.start(table.id, interaction.user.id)
    except TableError:
        log.exception("table %s: could not seat the computer", table.id)
        await tell(interaction, t(locale, "error.unexpected"))
        return
    message = await interaction.edit_original_response(
        embed=lobby_embed(table, locale, closed=t(locale, "lobby.started")), view=None
    )
    await open_thread(bot, table, message)
    await tell(interaction, t(locale, "polls.vs_computer"))
    await bot.presenter(table).started(table)


class PollsCog(commands.Cog):
    def __init__(self, bot: GameMasterBot, presenter: PollsPresenter) -> None:
        self.bot = bot
        self.presenter = presenter

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # Tables resumed from their snapshots: a computer that was to move moves now.
        self.presenter.resume()


async def setup(bot: GameMasterBot) -> None:
    presenter = PollsPresenter(bot)
    bot.presenters[GAME_ID] = presenter
    bot.add_dynamic_items(PollsButton, PollsSelect)
    bot.tree.add_command(PollsCommands())
    await bot.add_cog(PollsCog(bot, presenter))
