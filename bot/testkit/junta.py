"""A Junta table through the bot, by clicks: opened by the host, joined, started, and a member's move made
from what a computer family would choose (what the controls offer, else the nearest they offer)."""

from __future__ import annotations

from typing import Any

from bot.cogs import junta as junta_cog
from bot.gameui import Ctx
from bot.testkit.clicks import actions_of, compose_plan, group_for
from bot.testkit.world import World, custom_id
from games.junta import GAME
from games.junta.common import exact_split

UI = junta_cog.UI


async def open_table(world: World, humans: int, computers: int = 0, **options: Any) -> int:
    """The host opens a table, the other members join, the host starts (a full table starts by itself)."""
    host, *guests = world.players[:humans]
    result = await host.slash(world.channel, "junta new", computers=computers, **options)
    if result.response is None or result.ephemeral:
        raise AssertionError(f"/junta new was refused: {result.response.content if result.response else None}")
    lobby = world.channel.last_message
    for guest in guests:
        await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    if humans + computers < GAME.max_players:
        await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    return int(custom_id(lobby, ":join$").split(":")[1])


def budget_given(table: Any, seat: int, action: dict[str, Any]) -> list[int] | None:
    """For a budget (amounts per player, made of notes): which receiver gets each of the player's notes, in
    the panel's order (largest first); None when the notes cannot make it. Other panels read the action."""
    if action["type"] != "propose_budget":
        return None
    view = table.view(seat)
    notes = sorted(view["money"], reverse=True)
    group = group_for(UI, action)
    ctx = Ctx(table=table, view=view, names=[str(u) for u in table.users], locale="en", seat=seat)
    receivers = [x for x, _label in group.compose.receivers(ctx, actions_of(table, group, seat))]
    wanted = {int(k): v for k, v in action["amounts"].items() if v}
    split = exact_split(notes, list(wanted.values()))
    if split is None:
        return None
    given = [0] * len(notes)
    for to, part in zip(wanted, split, strict=True):
        for v in part:
            i = next(i for i, n in enumerate(notes) if n == v and given[i] == 0)
            given[i] = receivers.index(to) + 1
    return given


def makeable(table: Any, seat: int, action: dict[str, Any]) -> bool:
    """The action's group offers it, or its panel can make it."""
    group = group_for(UI, action)
    if group.compose is not None:
        return compose_plan(table, group, seat, action, budget_given(table, seat, action)) is not None
    return action in actions_of(table, group, seat)


def clickable(table: Any, seat: int, wanted: dict[str, Any]) -> dict[str, Any]:
    """What a member clicks for the computer family's choice: that action when the controls offer it,
    else the first the same control offers, else the first answer the game waits for."""
    try:
        group = group_for(UI, wanted)
    except StopIteration:
        group = None
    offered = actions_of(table, group, seat) if group is not None else []
    if group is not None and makeable(table, seat, wanted):
        return wanted
    if offered:
        return offered[0]
    return GAME.legal_actions(table.state, seat)[0]
