"""/spyfall: the command group, the board's controls and the words of Spyfall at the table."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.spyfall_packs import PackCommands, choose_pack, pack_choices, plain, server_packs
from bot.delivery import mention
from bot.gameui import Ctx, GameUI, Group, Secret, Style, exactly, of_type
from bot.i18n import described, t, tn
from bot.ports import CogHost
from bot.tables import TableError
from bot.ui.acting import act
from bot.ui.board import TablePresenter
from bot.ui.common import bot_of, locale_of, refuse, table_here, tell
from bot.ui.lobby import open_lobby, option_specs
from games.core.messages import N_, MessageFamily
from games.spyfall import packs
from games.spyfall.locations import LOCATION_NAME, LOCATIONS, ROLE_NAME
from games.spyfall.view_types import Card, SpyfallView
from renderers import spyfall as pictures
from renderers.alt import spyfall as alt

GAME_ID = "spyfall"
OPTIONS = option_specs(GAME_ID)
ROUND_PHASES = ("playing", "accusation", "final_vote", "spy_guess")
VOTE_OPENING_EVENTS = ("accused", "final_vote")
LOG = MessageFamily("spyfall.log", (
    "round_started", "asked", "accused", "vote_convicted", "vote_failed", "play_resumed", "time_up", "final_vote",
    "spy_revealed", "guess_timed_out", "left", "anyone_may_deal",
))
RESULT = MessageFamily("spyfall.result", (
    "spy_caught", "innocent_convicted", "spy_guessed", "spy_guessed_wrong", "spy_survived", "void",
))


def rel(ts: float | None) -> str:
    """A Discord countdown: every client counts down by itself, no edits needed."""
    return f"<t:{int(ts)}:R>" if ts else "—"


def mmss(seconds: float | None) -> str:
    seconds = int(round(seconds or 0))
    return f"{seconds // 60}:{seconds % 60:02d}"


def location_name(location_id: str | None, ctx: Ctx[SpyfallView], markdown: bool = True) -> str:
    """A built-in location from the catalogs; a pack's from the view, in the reader's language or English
    (escaped for a message; as written for a menu, which shows no markdown)."""
    if location_id is None:
        return "—"
    if location_id in LOCATION_NAME:
        return ctx.msg(LOCATION_NAME[location_id])
    names = ctx.view["location_names"].get(location_id)
    if not names:
        return "—"
    name = packs.name_in(names, ctx.locale)
    return plain(name) if markdown else name


def role_name(card: Card, ctx: Ctx[SpyfallView]) -> str | None:
    """The role of a location card: a pack's card carries its names, a built-in role is in the catalogs."""
    if card.get("role_names"):
        return plain(packs.name_in(card["role_names"], ctx.locale))
    role = card.get("role")
    key = f"{card.get('location')}.{role}"
    return ctx.msg(ROLE_NAME[key]) if role is not None and key in ROLE_NAME else None


# --- moments: a control stays valid for its round (or its vote), not just one action ------------


def round_moment(ctx: Ctx[SpyfallView]) -> str:
    return f"r{ctx.view['round']}"


def vote_moment(ctx: Ctx[SpyfallView]) -> str:
    opened = [e["id"] for e in ctx.view["log"] if e["type"] in VOTE_OPENING_EVENTS]
    return f"v{opened[-1] if opened else 0}"


def deal_moment(ctx: Ctx[SpyfallView]) -> str:
    return f"d{ctx.view['round']}"


def target_name(action: dict[str, Any], ctx: Ctx[SpyfallView]) -> str:
    return ctx.name(action["target"])


def ask_option(action: dict[str, Any], ctx: Ctx[SpyfallView]) -> str:
    return ctx.msg("spyfall.button.ask_player", name=ctx.name(action["target"]))


def guess_option(action: dict[str, Any], ctx: Ctx[SpyfallView]) -> str:
    number = ctx.view["locations"].index(action["location"]) + 1
    return f"{number}. {location_name(action['location'], ctx, markdown=False)}"


GROUPS = (
    Group("accuse", of_type("accuse"), N_("spyfall.button.accuse"), Style.danger, option=target_name,
          placeholder=N_("spyfall.pick_accuse"), moment=round_moment),
    Group("reveal", of_type("reveal"), N_("spyfall.button.reveal"), Style.primary, moment=round_moment,
          follow="guess"),
    # One button per player the asker may ask (a select on the board past five): passing the question is the
    # game's most frequent move, one click on the board (docs/decisions.md, "A REST budget per action").
    Group("pass", of_type("ask"), N_("spyfall.button.pass"), each=True, option=ask_option,
          placeholder=N_("spyfall.pick_ask"), moment=round_moment),
    Group("yes", exactly(type="vote", guilty=True), N_("spyfall.button.yes"), Style.success, moment=vote_moment,
          done=N_("spyfall.voted_yes")),
    Group("no", exactly(type="vote", guilty=False), N_("spyfall.button.no"), Style.danger, moment=vote_moment,
          done=N_("spyfall.voted_no")),
    Group("guess", of_type("guess"), N_("spyfall.button.guess"), Style.primary, option=guess_option,
          placeholder=N_("spyfall.guess_now"), moment=round_moment),
    Group("deal", of_type("start_round"), N_("spyfall.button.deal"), Style.primary, moment=deal_moment),
)


# --- words ---------------------------------------------------------------------------------------


def title(ctx: Ctx[SpyfallView]) -> str:
    if ctx.view["phase"] == "game_over":
        return ctx.msg("spyfall.board.final_title")
    return ctx.msg("spyfall.board.title", round=ctx.view["round"], rounds=ctx.view["rounds"])


def status(ctx: Ctx[SpyfallView]) -> list[str]:
    view = ctx.view
    phase = view["phase"]
    lines: list[str] = []
    if phase == "playing":
        lines.append(ctx.msg("spyfall.board.clock", deadline=rel(view["clock"]["deadline"])))
        lines.append(ctx.msg("spyfall.board.asker", asker=ctx.name(view["asker"])))
    elif phase in ("accusation", "final_vote"):
        vote = view["vote"]
        assert vote is not None  # a vote is under way in these phases
        if phase == "accusation":
            lines.append(ctx.msg("spyfall.board.accusation", accuser=ctx.name(vote["accuser"]),
                               suspect=ctx.name(vote["suspect"]), left=mmss(view["clock"]["paused_remaining"])))
        else:
            lines.append(ctx.msg("spyfall.board.final_vote", suspect=ctx.name(vote["suspect"])))
        lines.append(ctx.msg("spyfall.board.votes", voted=vote["voted"], eligible=vote["eligible"],
                             deadline=rel(vote["deadline"])))
    elif phase == "spy_guess":
        lines.append(ctx.msg("spyfall.board.guessing", spy=ctx.name(view["spy_revealed"]),
                           deadline=rel(view["guess_deadline"])))
    elif phase == "round_over":
        lines.append(ctx.msg("spyfall.board.round_over", dealer=ctx.name(view["dealer"])))
        if view["open_start"]:
            lines.append(ctx.msg("spyfall.board.anyone_deals"))
    elif phase == "game_over":
        lines.append(ctx.msg("spyfall.board.winners", winners=", ".join(ctx.name(s) for s in view["winners"])))
    if phase in ROUND_PHASES:
        accused = [ctx.name(s) for s, done in enumerate(view["accused"]) if done]
        lines.append(ctx.msg("spyfall.board.accused", names=", ".join(accused) or "—"))
    return lines


def fields(ctx: Ctx[SpyfallView]) -> list[tuple[str, str]]:
    view = ctx.view
    rows = []
    for s in view["standings"]:
        name = f"~~{ctx.name(s)}~~" if view["left"][s] else ctx.name(s)
        rows.append(ctx.plural("spyfall.board.score_line", view["scores"][s], name=name))
    return [(ctx.msg("spyfall.board.scores"), "\n".join(rows))]


def word(event: dict[str, Any], ctx: Ctx[SpyfallView]) -> str | None:
    kind = event["type"]
    if kind == "vote_result":
        kind = "vote_convicted" if event["convicted"] else "vote_failed"
    if kind not in LOG:
        return None  # round_over and game_over are told by the result post
    params = {k: v for k, v in event.items() if k not in ("id", "type")}
    for key in ("seat", "target", "dealer", "suspect"):
        if isinstance(params.get(key), int):
            params[key] = ctx.name(params[key])
    if "deadline" in params:
        params["deadline"] = rel(params["deadline"])
    return ctx.msg(LOG[kind], **params)


def opening(ctx: Ctx[SpyfallView]) -> str:
    order = " → ".join(mention(u) for u in ctx.table.users)
    text = ctx.msg("spyfall.started", order=order, rounds=ctx.plural("spyfall.rounds_of", ctx.view["rounds"],
                                                                     minutes=ctx.plural("spyfall.minutes",
                                                                                        ctx.view["minutes"])))
    chosen = ctx.view["location_set"]
    pack = chosen["pack"]
    if not pack:
        return text
    return f"{text}\n{location_set_words(chosen['kind'], pack, len(ctx.view['locations']), ctx.locale)}"


def location_set_words(kind: str, pack: str, count: int, locale: str) -> str:
    """Which locations a table plays when a server's pack is among them: `count` in all."""
    if kind == "both":
        return tn(locale, "spyfall.packs.table_plays_both", count, name=plain(pack), builtin=len(LOCATIONS))
    return tn(locale, "spyfall.packs.table_plays", count, name=plain(pack))


def result(ctx: Ctx[SpyfallView]) -> str | None:
    """A round's end (and the final standings): who was the spy, where, and everyone's card."""
    view = ctx.view
    found = view["result"]
    if found is None:
        return None
    location = location_name(found["location"], ctx)
    convicted = found.get("convicted")
    how = RESULT[found["how"]]
    lines = [ctx.msg(how, spy=ctx.name(found["spy"]), location=location,
                   convicted=ctx.name(convicted) if convicted is not None else "",
                   guess=location_name(found.get("guess"), ctx))]
    lines.append(ctx.msg("spyfall.result.location", location=location))
    for s, card in enumerate(found["cards"]):
        text = ctx.msg("spyfall.result.card_spy") if card.get("spy") else (role_name(card, ctx) or "—")
        points = found["points"][s]
        gained = ctx.plural("spyfall.result.points", points) if points else ""
        lines.append(f"• {ctx.name(s)}: {text}" + (f"  **{gained}**" if gained else ""))
    if view["phase"] == "game_over":
        lines += ["", ctx.msg("spyfall.result.final")]
        for place, s in enumerate(view["standings"], start=1):
            lines.append(f"{place}. " + ctx.plural("spyfall.board.score_line", view["scores"][s], name=ctx.name(s)))
        lines.append(ctx.msg("spyfall.board.winners", winners=", ".join(ctx.name(s) for s in view["winners"])))
    return "\n".join(lines)


def card_text(ctx: Ctx[SpyfallView]) -> str:
    """A player's card, from their own view."""
    card = ctx.view.get("card")
    if not card:
        return ctx.msg("spyfall.card.none")
    if card.get("spy"):
        return ctx.msg("spyfall.card.spy", round=ctx.view["round"])
    location = location_name(card["location"], ctx)
    role = role_name(card, ctx)
    if role is None:
        return ctx.msg("spyfall.card.location_no_role", round=ctx.view["round"], location=location)
    return ctx.msg("spyfall.card.location", round=ctx.view["round"], location=location, role=role)


def card_embed(ctx: Ctx[SpyfallView]) -> discord.Embed | str | None:
    if ctx.seat is not None and ctx.view["left"][ctx.seat]:
        return ctx.msg("spyfall.you_left")
    card = ctx.view.get("card")
    if not card:
        return None
    return discord.Embed(title=ctx.msg("spyfall.card.title", round=ctx.view["round"]), description=card_text(ctx),
                         colour=discord.Colour.dark_red() if card.get("spy") else discord.Colour.green())


def card_key(view: SpyfallView) -> Any:
    card = view.get("card")
    return [view["round"], card] if card else None


UI = GameUI(
    game_id=GAME_ID,
    title=title,
    groups=GROUPS,
    status=status,
    fields=fields,
    word=word,
    notable=frozenset({"round_started", "accused", "vote_result", "play_resumed", "time_up", "final_vote",
                       "spy_revealed", "guess_timed_out", "left", "anyone_may_deal"}),
    repost_on=frozenset({"round_started"}),
    render=pictures.render_scoreboard,
    describe=alt.describe,
    picture_key=lambda view: (view["round"], view["phase"], view["asker"], repr(view["vote"]), view["accused"],
                              view["left"], len(view["history"])),
    opening=opening,
    opening_picture=pictures.render_locations,
    opening_describe=alt.describe_locations,
    result=result,
    result_on=frozenset({"round_over"}),
    result_picture=pictures.render_locations,
    result_describe=alt.describe_locations,
    secret=Secret(button=N_("spyfall.button.card"), text=card_embed, key=card_key,
                  shown=lambda ctx: ctx.view["phase"] in ROUND_PHASES),
    colour=discord.Colour.dark_teal(),
)


# --- commands ------------------------------------------------------------------------------------

# The ranges the engine declares (options_schema), written nowhere else.
ROUNDS, MINUTES = OPTIONS["rounds"], OPTIONS["minutes"]
Rounds = app_commands.Range[int, ROUNDS.minimum, ROUNDS.maximum]
Minutes = app_commands.Range[int, MINUTES.minimum, MINUTES.maximum]
LOCATION_WORDS = {"builtin": N_("spyfall.command.locations_builtin"), "pack": N_("spyfall.command.locations_pack"),
                  "both": N_("spyfall.command.locations_both")}
LOCATION_CHOICES = [app_commands.Choice(name=described(LOCATION_WORDS[choice]), value=str(choice))
                    for choice in OPTIONS["locations"].choices or ()]


@app_commands.guild_only()
class SpyfallCommands(app_commands.Group, name="spyfall", description=described("spyfall.command")):
    def __init__(self) -> None:
        super().__init__()
        self.add_command(PackCommands())

    @app_commands.command(name="new", description=described("spyfall.command.new"))
    @app_commands.describe(
        rounds=described("spyfall.command.new_rounds"),
        minutes=described("spyfall.command.new_minutes"),
        roles=described("spyfall.command.new_roles"),
        pack=described("spyfall.command.new_pack"),
        locations=described("spyfall.command.new_locations"),
    )
    @app_commands.choices(locations=LOCATION_CHOICES)
    async def new(
        self, interaction: discord.Interaction, rounds: Rounds = ROUNDS.default, minutes: Minutes = MINUTES.default,
        roles: bool = OPTIONS["roles"].default, pack: str | None = None,
        locations: app_commands.Choice[str] | None = None,
    ) -> None:
        options: dict[str, Any] = {"rounds": rounds, "minutes": minutes, "roles": roles}
        # A pack named alone is played alone; "both" adds the built-in locations to it.
        chosen = locations.value if locations is not None else ("pack" if pack else "builtin")
        if chosen == "builtin" and pack:
            await tell(interaction, t(locale_of(interaction), "spyfall.packs.builtin_with_pack"))
            return
        if chosen != "builtin":
            row = await choose_pack(interaction, pack)
            if row is None:
                return
            options.update(locations=chosen, pack=row["data"])
        table = await open_lobby(interaction, GAME_ID, options)
        if table is not None and chosen != "builtin":
            data = options["pack"]
            count = len(data["locations"]) + (len(LOCATIONS) if chosen == "both" else 0)
            await interaction.followup.send(location_set_words(chosen, data["name"], count, locale_of(interaction)),
                                            allowed_mentions=discord.AllowedMentions.none())

    @new.autocomplete("pack")
    async def enabled_pack(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return pack_choices([row for row in await server_packs(interaction) if row["enabled"]], current)

    @app_commands.command(name="ask", description=described("spyfall.command.ask"))
    @app_commands.describe(player=described("spyfall.command.ask_player"))
    async def ask(self, interaction: discord.Interaction, player: discord.Member) -> None:
        table = await table_here(interaction, game=GAME_ID, playing=True)
        if table is None:
            return
        ctx = await bot_of(interaction).presenter(table).ctx(table, locale=locale_of(interaction))
        target = table.seat_of(player.id)
        if target is None:
            await tell(interaction, ctx.msg("error.target_not_playing"))
            return
        if await act(interaction, table, {"type": "ask", "target": target}, ctx.names,
                     lambda: interaction.response.defer(ephemeral=True, thinking=True)):
            await tell(interaction, ctx.msg("spyfall.done_ask"))

    @app_commands.command(name="card", description=described("spyfall.command.card"))
    async def card(self, interaction: discord.Interaction) -> None:
        table = await table_here(interaction, game=GAME_ID, playing=True)
        if table is None:
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, TableError("error.not_a_player"))
            return
        ctx = await bot_of(interaction).presenter(table).ctx(table, seat, locale_of(interaction))
        await tell(interaction, card_text(ctx))


async def setup(bot: CogHost) -> None:
    bot.presenters[GAME_ID] = TablePresenter(bot, UI)
    bot.tree.add_command(SpyfallCommands())
