"""/arditi: the command group, the board's controls and the words of Arditi del Popolo."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.delivery import mention
from bot.gameui import Ctx, GameUI, Group, Style, exactly, of_type
from bot.i18n import described
from bot.ports import CogHost
from bot.ui.board import TablePresenter
from bot.ui.lobby import most_computers, open_lobby, option_specs
from games.arditi import GAME
from games.arditi.view_types import ArditiView, Move
from games.core.messages import N_, NP_, MessageFamily
from renderers import arditi as pictures
from renderers.alt import arditi as alt

GAME_ID = "arditi"
OPTIONS = option_specs(GAME_ID)
RELATIVE = MessageFamily("arditi.button.step", ("left", "forward", "right", "in", "out", "cw", "ccw", "back"))
ARROWS = {"left": "⬅️", "forward": "⬆️", "right": "➡️", "in": "⏬", "out": "⏫", "cw": "↩️", "ccw": "↪️", "back": "⬇️"}
RANK = MessageFamily("arditi.rank", ("pawn", "bishop", "knight", "rook", "queen", "king"))
REASON = MessageFamily("arditi.result.reason", ("bag_empty", "twelve_militants", "no_steps", "max_rounds"))
ORDER = {"left": 0, "forward": 1, "right": 2}
NUMBER_EVENTS = {"number_drawn": N_("arditi.log.number_drawn"), "number_waits": N_("arditi.log.number_waits"),
                 "number_placed": N_("arditi.log.number_placed")}


def relative_of(action: dict[str, Any], view: ArditiView) -> str:
    """How the player sees a step: forward, left or right of the march (the absolute way when it has none)."""
    for move in view["moves"]:
        if move["type"] == "step" and move.get("dir") == action.get("dir"):
            return str(move.get("relative"))
    return str(action.get("dir"))


def target_of(action: dict[str, Any], view: ArditiView) -> Any:
    for move in view["moves"]:
        if move["type"] == action["type"] and move.get("dir") == action.get("dir"):
            return move["space"]
    return "?"


def step_label(action: dict[str, Any], ctx: Ctx[ArditiView]) -> str:
    way = relative_of(action, ctx.view)
    return ctx.msg(RELATIVE[way], arrow=ARROWS[way], space=target_of(action, ctx.view))


def attack_of(action: dict[str, Any], view: ArditiView) -> Move | None:
    """The view's attack for a leader move: its destination and the seats attacked there (the engine
    says who is attacked; nothing here restates the rule)."""
    for move in view["moves"]:
        if (move["type"] == "leader_move" and move.get("toward") == action.get("toward")
                and move.get("places") == action.get("places")):
            return move
    return None


def attack_label(action: dict[str, Any], ctx: Ctx[ArditiView]) -> str:
    """ "👑 Attack <party> (N steps)": one button per attack the player can make."""
    attack = attack_of(action, ctx.view)
    parties = ", ".join(ctx.name(seat) for seat in (attack.get("victims", []) if attack is not None else []))
    return ctx.plural(NP_("arditi.button.attack_one"), int(action.get("places", 1)), party=parties)


def attack_hint(action: dict[str, Any], ctx: Ctx[ArditiView]) -> str:
    attack = attack_of(action, ctx.view)
    return ctx.msg("arditi.attack_from", space=attack["space"] if attack is not None else "?")


GROUPS = (
    Group("roll", exactly(type="roll"), N_("arditi.button.roll"), Style.primary, emoji="🎲"),
    Group("step", of_type("step"), N_("arditi.button.step.forward"), Style.primary, each=True, option=step_label,
          sort_key=lambda action, view: ORDER.get(relative_of(action, view), 3)),
    Group("jump", exactly(type="jump"), N_("arditi.button.jump"), Style.success,
          label_params=lambda ctx: {"number": next((m["over"] for m in ctx.view["moves"] if m["type"] == "jump"),
                                                   "?")}),
    Group("attack", of_type("leader_move"), N_("arditi.button.attack"), each=True, option=attack_label,
          hint=attack_hint, placeholder=N_("arditi.pick_attack")),
    Group("end", of_type("end_move"), N_("arditi.button.end"), Style.danger),
    Group("place", of_type("place_leader"), N_("arditi.button.place"), Style.primary,
          placeholder=N_("arditi.pick_place"), option=lambda a, ctx: ctx.msg("arditi.space", space=a["space"])),
)


# --- words ---------------------------------------------------------------------------------------


def title(ctx: Ctx[ArditiView]) -> str:
    view = ctx.view
    if view["phase"] == "game_over":
        return ctx.msg("arditi.board.final_title")
    return ctx.msg("arditi.board.title", round=view["round"], rounds=view["max_rounds"])


def status(ctx: Ctx[ArditiView]) -> list[str]:
    view = ctx.view
    phase = view["phase"]
    if phase == "game_over":
        result = view["result"]
        winners = result["winners"] if result is not None else []
        return [ctx.msg("arditi.board.winners", winners=", ".join(ctx.name(s) for s in winners))]
    current = ctx.name(view["current"])
    if phase == "roll":
        return [ctx.msg("arditi.board.to_roll", name=current)]
    if phase == "move":
        return [ctx.plural("arditi.board.moving", view["steps_left"], name=current, die=view["die"])]
    placing = view["placing"]
    return [ctx.msg("arditi.board.placing", name=ctx.name(placing["seat"] if placing is not None else None))]


def fields(ctx: Ctx[ArditiView]) -> list[tuple[str, str]]:
    view = ctx.view
    lines = []
    for march in view["marches"]:
        seat = march["seat"]
        lines.append(ctx.msg("arditi.board.party_line", name=ctx.name(seat), score=view["scores"][seat],
                             militants=ctx.plural("arditi.militants", march["militants"]),
                             numbers=ctx.plural("arditi.numbers", len(view["captured"][seat])),
                             arrested=view["arrested"][seat]))
    return [(ctx.msg("arditi.board.parties"), "\n".join(lines))]


def word(event: dict[str, Any], ctx: Ctx[ArditiView]) -> str | None:
    kind = event["type"]
    name = ctx.name(event["seat"]) if isinstance(event.get("seat"), int) else ""
    if kind == "rolled":
        return ctx.msg("arditi.log.rolled", name=name, die=event["die"])
    if kind == "stepped":
        return ctx.msg("arditi.log.stepped", name=name, space=event["space"])
    if kind == "recruited":
        key = N_("arditi.log.freed") if event["freed"] else N_("arditi.log.recruited")
        return ctx.msg(key, name=name, number=event["number"])
    if kind == "leader_moved":
        return ctx.plural("arditi.log.leader_moved", int(event.get("places", 1)), name=name, space=event["space"])
    if kind == "boxed_in":
        return ctx.msg("arditi.log.boxed_in", name=name)
    if kind == "rejoined":
        return ctx.plural("arditi.log.rejoined", event["size"], name=name)
    if kind == "clash":
        return ctx.msg("arditi.log.clash", name=name, victim=ctx.name(event["victim"]), space=event["space"])
    if kind == "clash_no_effect":
        return ctx.msg("arditi.log.clash_no_effect", name=name)
    if kind == "leader_placed":
        return ctx.plural("arditi.log.leader_placed", event["group"], name=name, space=event["space"])
    if kind == "twelve":
        return ctx.msg("arditi.log.twelve", name=name)
    if kind in NUMBER_EVENTS:
        return ctx.msg(NUMBER_EVENTS[kind], number=event["number"])
    if kind == "round_started":
        return ctx.msg("arditi.log.round_started", round=event["round"])
    rank = rank_name(event.get("rank"), ctx)
    if kind == "police_enter":
        return ctx.msg("arditi.log.police_enter", rank=rank)
    if kind == "police_leave":
        return ctx.msg("arditi.log.police_leave", rank=rank)
    if kind == "police_moved":
        return ctx.msg("arditi.log.police_moved", rank=rank, space=event["space"])
    if kind == "police_stays":
        return ctx.msg("arditi.log.police_stays", rank=rank)
    if kind == "arrest":
        return ctx.msg("arditi.log.arrest", rank=rank, space=event["space"], name=ctx.name(event["seat"]))
    return None


def rank_name(rank: object, ctx: Ctx[ArditiView]) -> str:
    if rank not in RANK:
        return ""
    message_id = RANK[rank]
    return ctx.msg(message_id)


def opening(ctx: Ctx[ArditiView]) -> str:
    order = [ctx.table.users[(ctx.view["first"] + k) % ctx.view["n"]] for k in range(ctx.view["n"])]
    players = " → ".join(ctx.name(ctx.table.users.index(u)) if u < 0 else mention(u) for u in order)
    started = ctx.msg("arditi.started", order=players, rounds=ctx.view["max_rounds"])
    if ctx.view.get("police_return_draws"):
        started += " " + ctx.msg("arditi.started_return_draws")
    return started


def result(ctx: Ctx[ArditiView]) -> str | None:
    view = ctx.view
    found = view["result"]
    if found is None:
        return None
    reason = REASON[found["reason"]]
    lines = [ctx.msg("arditi.result.title"), ctx.msg(reason)]
    for place, seat in enumerate(found["standings"], start=1):
        lines.append(f"{place}. " + ctx.plural("arditi.result.line", found["scores"][seat], name=ctx.name(seat),
                                               numbers=ctx.plural("arditi.numbers", len(view["captured"][seat]))))
    lines.append(ctx.msg("arditi.board.winners", winners=", ".join(ctx.name(s) for s in found["winners"])))
    return "\n".join(lines)


UI = GameUI(
    game_id=GAME_ID,
    title=title,
    groups=GROUPS,
    status=status,
    fields=fields,
    word=word,
    notable=frozenset({"clash", "clash_no_effect", "twelve", "boxed_in", "round_started", "police_enter",
                       "police_leave", "arrest"}),
    repost_on=frozenset({"round_started"}),
    render=pictures.render,
    describe=alt.describe,
    picture_key=lambda view: view["log_count"],
    opening=opening,
    result=result,
    colour=discord.Colour.dark_red(),
    recent_moves=8,
)


# --- commands ------------------------------------------------------------------------------------

MAX_ROUNDS, RETURN_DRAWS = OPTIONS["max_rounds"], OPTIONS["police_return_draws"]
Rounds = app_commands.Range[int, MAX_ROUNDS.minimum, MAX_ROUNDS.maximum]
Computers = app_commands.Range[int, 0, most_computers(GAME)]


@app_commands.guild_only()
class ArditiCommands(app_commands.Group, name="arditi", description=described("arditi.command")):
    @app_commands.command(name="new", description=described("arditi.command.new"))
    @app_commands.describe(
        computers=described("arditi.command.new_computers"),
        max_rounds=described("arditi.command.new_max_rounds"),
        police_return_draws=described("arditi.command.new_police_return_draws"),
        hints=described("command.new_hints"),
    )
    async def new(
        self, interaction: discord.Interaction, computers: Computers = 0, max_rounds: Rounds = MAX_ROUNDS.default,
        police_return_draws: bool = RETURN_DRAWS.default, hints: bool = False,
    ) -> None:
        options = {"max_rounds": max_rounds, "police_return_draws": police_return_draws}
        await open_lobby(interaction, GAME_ID, options, computers=computers, hints=hints)


async def setup(bot: CogHost) -> None:
    bot.presenters[GAME_ID] = TablePresenter(bot, UI)
    bot.tree.add_command(ArditiCommands())
