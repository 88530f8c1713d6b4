"""/polls: the command group, the board's controls and the words of The Polls Are Closed!."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.delivery import mention
from bot.gameui import Ctx, GameUI, Group, Style, exactly, of_type
from bot.i18n import described, t
from bot.ports import CogHost
from bot.ui.board import TablePresenter
from bot.ui.common import locale_of, tell
from bot.ui.lobby import open_lobby
from games.core.messages import N_, MessageFamily
from games.polls.data import PACT_REGIONS, PARTY_NAMES, PARTY_WORD, REGION_IN, REGION_WORD, REGIONS
from games.polls.view_types import PollsView
from renderers import polls as pictures
from renderers.alt import polls as alt

GAME_ID = "polls"
EMOJI = ("🔵", "🔴")
RESULT = MessageFamily("polls.result", ("absolute_majority", "minority_government", "hung_parliament", "conceded"))


def who(seat: int | None, ctx: Ctx[PollsView]) -> str:
    return f"{EMOJI[seat]} {ctx.name(seat)}" if seat is not None else "—"


def party(seat: int, ctx: Ctx[PollsView]) -> str:
    return f"{EMOJI[seat]} {ctx.msg(PARTY_WORD[PARTY_NAMES[seat]])}"


def region(region_id: str, ctx: Ctx[PollsView]) -> str:
    return ctx.msg(REGION_WORD[region_id])


def where(region_id: str, ctx: Ctx[PollsView]) -> str:
    """The region with the words that put something in it ("in Madrid", "nelle Asturie")."""
    return ctx.msg(REGION_IN[region_id])


def sector(sector_id: str, ctx: Ctx[PollsView]) -> str:
    return ctx.msg("polls.centre", name=sector_id) if sector_id in ("A", "B", "C") else sector_id


def dice(values: list[int], ctx: Ctx[PollsView]) -> str:
    return ctx.msg("polls.dice_sep").join(str(d) for d in values)


def circle(circle_id: str) -> str:
    return "B+C" if circle_id == "BC" else circle_id


# --- controls ------------------------------------------------------------------------------------


def seven_target(ctx: Ctx[PollsView]) -> dict[str, Any]:
    pending = ctx.view["pending"]
    return {"target": sector((pending["seven_target"] if pending is not None else None) or "", ctx)}


GROUPS = (
    Group("pa", exactly(type="propaganda", circle="A"), N_("polls.button.pa"), Style.primary),
    Group("pbc", exactly(type="propaganda", circle="BC"), N_("polls.button.pbc"), Style.primary),
    Group("da", exactly(type="double_propaganda", circle="A"), N_("polls.button.da")),
    Group("dbc", exactly(type="double_propaganda", circle="BC"), N_("polls.button.dbc")),
    Group("pact", of_type("pact"), N_("polls.button.pact"), placeholder=N_("polls.select.pact"),
          option=lambda a, ctx: ctx.msg("polls.select.pact_option", region=region(a["region"], ctx),
                                      sector=a["sector"])),
    Group("shift", of_type("shift"), N_("polls.button.shift"), placeholder=N_("polls.select.shift"),
          option=lambda a, ctx: ctx.msg("polls.select.shift_option", source=region(a["from"], ctx),
                                      target=region(a["to"], ctx))),
    Group("seven", exactly(type="take_seven", take=True), N_("polls.button.seven"), Style.success,
          label_params=seven_target),
    Group("noseven", exactly(type="take_seven", take=False), N_("polls.button.noseven")),
    Group("die", of_type("place_die"), N_("polls.button.die"), Style.primary, each=True,
          option=lambda a, ctx: ctx.msg("polls.button.die", value=a["value"])),
    Group("infl", of_type("influence"), N_("polls.button.influence"), Style.primary,
          placeholder=N_("polls.select.influence"),
          option=lambda a, ctx: ctx.msg("polls.select.influence_option", region=region(a["region"], ctx),
                                      cost=ctx.view["prices"][a["region"]][a["pay"]], pay=a["pay"])),
    # Shown during the whole influence step: over the limits, a click says what to spend first.
    Group("end", of_type("end_turn"), N_("polls.button.end"), Style.danger, probe={"type": "end_turn"},
          shown=lambda ctx: ctx.view["step"] == "influence"),
    Group("poll", of_type("poll_influence"), N_("polls.button.poll"), Style.primary,
          placeholder=N_("polls.select.poll"),
          option=lambda a, ctx: region(a["region"], ctx)),
)


# --- words ---------------------------------------------------------------------------------------


def title(ctx: Ctx[PollsView]) -> str:
    view = ctx.view
    if view["phase"] == "game_over":
        return ctx.msg("polls.board.final_title")
    return ctx.msg("polls.board.title", round=view["round"], rounds=view["rounds"], turn=view["turn"],
                 turns=view["turns_in_round"])


def status(ctx: Ctx[PollsView]) -> list[str]:
    view = ctx.view
    lines = [ctx.msg("polls.board.players", blue=ctx.name(0), red=ctx.name(1))]
    if view["phase"] == "game_over":
        result = view["result"]
        winners = result["winners"] if result is not None else []
        if winners:
            lines.append(ctx.msg("polls.board.winner", name=who(winners[0], ctx)))
        else:
            lines.append(ctx.msg("polls.board.draw"))
        return lines
    current = view["current"]
    if current is None:
        return lines
    name = who(current, ctx)
    step = view["step"]
    if step == "actions":
        lines.append(ctx.plural("polls.board.actions", view["actions_left"], name=name))
    elif step in ("seven", "order"):
        pending = view["pending"]
        assert pending is not None  # a roll waits for its player's choice
        if step == "seven":
            lines.append(ctx.msg("polls.board.seven", name=name, dice=dice(pending["dice"], ctx),
                               target=sector(pending["seven_target"] or "", ctx)))
        else:
            lines.append(ctx.msg("polls.board.order", name=name, dice=dice(pending["dice"], ctx)))
    elif step == "influence":
        lines.append(ctx.msg("polls.board.influence", name=name))
        need = view["spend_needed"][current]
        if need:
            what = ", ".join(ctx.plural("polls.board.limit_item", n["held"], kind=kind, keep=n["keep"])
                             for kind, n in need.items())
            lines.append(ctx.msg("polls.board.must_spend", name=name, what=what))
    elif step == "poll":
        poll = view["poll"]
        left = poll["left"][current] if poll is not None else 0
        lines.append(ctx.plural("polls.board.poll", left, name=name))
    used = [who(s, ctx) for s in (0, 1) if view["shift_used"][s]]
    if used:
        lines.append(ctx.msg("polls.board.shift_used", names=", ".join(used)))
    return lines


def fields(ctx: Ctx[PollsView]) -> list[tuple[str, str]]:
    view = ctx.view
    projection = view["seats_projection"]
    # The picture draws the seats and the map but no per-player rows and no legend: they are here.
    found = [(ctx.msg("polls.board.projection"), "\n".join([
        ctx.msg("polls.board.projection_value", blue=projection["seats"][0], red=projection["seats"][1],
              third=projection["third"], majority=projection["majority"]),
        ctx.msg("polls.board.leads_value", blue=view["controlled"][0], red=view["controlled"][1]),
    ]))]
    found.append((ctx.msg("polls.board.propaganda"), "\n".join(
        ctx.msg("polls.board.propaganda_line", party=who(s, ctx), a=view["propaganda"][s]["A"],
              b=view["propaganda"][s]["B"], c=view["propaganda"][s]["C"], supply=view["supply"][s])
        for s in (0, 1))))
    influence = [f"{region(r, ctx)}: {EMOJI[0]} {view['influence'][r][0]} · {EMOJI[1]} {view['influence'][r][1]}"
                 for r in REGIONS if any(view["influence"][r])]
    found.append((ctx.msg("polls.board.influence_field"), "\n".join(influence) or "—"))
    pacts = [f"{region(r, ctx)}: {EMOJI[0]} {view['pacts'][r][0]} · {EMOJI[1]} {view['pacts'][r][1]}"
             for r in PACT_REGIONS if any(view["pacts"][r])]
    if pacts:
        found.append((ctx.msg("polls.board.pacts"), "\n".join(pacts)))
    found.append((ctx.msg("polls.board.key"), ctx.msg("polls.board.key_value")))
    return found


def placed(event: dict[str, Any]) -> str:
    where = event["sector"]
    if where in ("A", "B", "C"):
        return N_("polls.log.placed_centre") if event["placed"] else N_("polls.log.placed_no_supply")
    if not event["placed"]:
        return N_("polls.log.placed_blocked") if event["removed"] else N_("polls.log.placed_no_supply")
    return N_("polls.log.placed_replaces") if event["removed"] else N_("polls.log.placed")


def word(event: dict[str, Any], ctx: Ctx[PollsView]) -> str | None:
    kind = event["type"]
    seat = event.get("seat")
    who_ = {"seat": who(seat, ctx), "party": party(seat, ctx)} if isinstance(seat, int) else {}
    if kind == "round_started":
        return ctx.plural("polls.log.round_started", event["turns"], round=event["round"])
    if kind == "turn_started":
        return ctx.msg("polls.log.turn_started", round=event["round"], turn=event["turn"], **who_)
    if kind == "rolled":
        key = N_("polls.log.rolled_double") if event.get("double") else N_("polls.log.rolled")
        return ctx.msg(key, dice=dice(event["dice"], ctx), circle=circle(event["circle"]), **who_)
    if kind == "placed":
        return ctx.msg(placed(event), sector=sector(event["sector"], ctx), **who_)
    if kind == "combined":
        first, second = event["sectors"]
        return ctx.msg("polls.log.combined", first=first, second=second, into=sector(event["into"], ctx), **who_)
    if kind == "seven_taken":
        if event["take"]:
            return ctx.msg("polls.log.seven_taken", **who_)
        return ctx.msg("polls.log.seven_declined", **who_)
    if kind == "die_order":
        return ctx.msg("polls.log.die_order", first=event["first"], second=event["second"], **who_)
    if kind == "pact":
        return ctx.msg("polls.log.pact", sector=event["sector"], region=region(event["region"], ctx), **who_)
    if kind == "shift":
        return ctx.msg("polls.log.shift", source=region(event["from"], ctx), target=region(event["to"], ctx), **who_)
    if kind == "influence":
        return ctx.msg("polls.log.influence", where=where(event["region"], ctx), cost=event["cost"],
                     pay=event["pay"], **who_)
    if kind == "round_ended":
        return ctx.msg("polls.log.round_ended", round=event["round"])
    if kind == "poll":
        controlled, grants = event["controlled"], event["grants"]
        return "\n".join([
            ctx.msg("polls.log.poll"),
            ctx.plural("polls.log.poll_party", controlled[0], party=party(0, ctx), grants=grants[0]),
            ctx.plural("polls.log.poll_party", controlled[1], party=party(1, ctx), grants=grants[1]),
        ])
    if kind == "poll_influence":
        return ctx.msg("polls.log.poll_influence", where=where(event["region"], ctx), **who_)
    if kind == "poll_forfeit":
        return ctx.plural("polls.log.poll_forfeit", event["lost"], **who_)
    if kind == "pact_resolved":
        inside = where(event["region"], ctx)
        winner = event["winner"]
        if winner is None:
            return ctx.msg("polls.log.pact_none", where=inside)
        key = N_("polls.log.pact_won") if event["placed"] else N_("polls.log.pact_won_no_supply")
        return ctx.msg(key, where=inside, party=who(winner, ctx))
    if kind == "conceded":
        return ctx.msg("polls.log.conceded", **who_)
    return None


def opening(ctx: Ctx[PollsView]) -> str:
    users = ctx.table.users
    return ctx.msg("polls.started", blue=_player(0, ctx), red=_player(1, ctx), first=who(ctx.view["first"], ctx)) \
        if len(users) == 2 else ""


def _player(seat: int, ctx: Ctx[PollsView]) -> str:
    return ctx.name(seat) if seat in ctx.table.computer_seats else mention(ctx.table.users[seat])


def result(ctx: Ctx[PollsView]) -> str | None:
    view = ctx.view
    found = view["result"]
    if found is None:
        return None
    seats = found["seats"]
    winners = found["winners"]
    reason = RESULT[found["reason"]]
    lines = [
        ctx.msg("polls.result.title"),
        ctx.msg("polls.result.seats", blue=ctx.name(0), red=ctx.name(1), blue_seats=ctx.plural("polls.seats", seats[0]),
                red_seats=ctx.plural("polls.seats", seats[1]), third=found["third"]),
        ctx.msg(reason, name=who(winners[0], ctx) if winners else "—"),
        "",
    ]
    for region_id in REGIONS:
        got = found["regions"][region_id]
        influence = view["influence"][region_id]
        lines.append(ctx.msg("polls.result.region_line", region=region(region_id, ctx), blue=influence[0],
                           red=influence[1], blue_seats=got["seats"][0], red_seats=got["seats"][1], third=got["third"]))
    return "\n".join(lines)


UI = GameUI(
    game_id=GAME_ID,
    title=title,
    groups=GROUPS,
    status=status,
    fields=fields,
    word=word,
    notable=frozenset({"round_ended", "poll", "poll_forfeit", "pact_resolved", "round_started", "conceded"}),
    repost_on=frozenset({"round_started"}),
    # No full_render: the board drawn for the inline box holds every piece on the table (renderers/polls/).
    render=pictures.render,
    describe=alt.describe,
    picture_key=lambda view: view["log_count"],
    opening=opening,
    result=result,
    colour=discord.Colour.dark_gold(),
)


# --- commands ------------------------------------------------------------------------------------


@app_commands.guild_only()
class PollsCommands(app_commands.Group, name="polls", description=described("polls.command")):
    @app_commands.command(name="new", description=described("polls.command.new"))
    @app_commands.describe(
        opponent=described("polls.command.new_opponent"),
        computer=described("polls.command.new_computer"),
        hints=described("command.new_hints"),
    )
    async def new(
        self, interaction: discord.Interaction, opponent: discord.Member | None = None, computer: bool = False,
        hints: bool = False,
    ) -> None:
        if opponent is not None and (opponent.bot or opponent.id == interaction.user.id or computer):
            await tell(interaction, t(locale_of(interaction), "polls.bad_opponent"))
            return
        await open_lobby(interaction, GAME_ID, {}, computers=1 if computer else 0, invite=opponent, hints=hints)


async def setup(bot: CogHost) -> None:
    bot.presenters[GAME_ID] = TablePresenter(bot, UI)
    bot.tree.add_command(PollsCommands())
