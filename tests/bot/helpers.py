"""Playing through the bot the way people do: slash commands, clicks, pickers and DMs."""

from __future__ import annotations

import json
from collections.abc import Set as AbstractSet
from typing import Any

import discord

from bot.cogs import spyfall as spyfall_cog
from bot.computer import chooser
from bot.i18n import words
from bot.testkit import junta as junta_kit
from bot.testkit.clicks import (
    actions_of,
    canonical,
    choose,
    compose,
    compose_plan,
    encoded,
    group_for,
    member_of,
    record_renders,
    table_of,
    use,
)
from bot.testkit.world import World, components, custom_id
from games.spyfall.locations import LOCATION_NAME, LOCATIONS

__all__ = ["actions_of", "canonical", "choose", "compose", "compose_plan", "encoded", "group_for", "member_of",
           "record_renders", "table_of", "use", "World", "components", "custom_id"]

ENGLISH = words("en")
BY_ENGLISH_NAME = {ENGLISH.msg(LOCATION_NAME[loc.id]): loc for loc in LOCATIONS}


def location_name(location_id: str, locale: str = "en") -> str:
    return words(locale).msg(LOCATION_NAME[location_id])


async def open_table(world: World, players: int = 4, **options: Any) -> int:
    """Host opens a Spyfall lobby, the others join, the host starts. Returns the table id."""
    host, *others = world.players[:players]
    result = await host.slash(world.channel, "spyfall new", **options)
    assert result.response is not None and not result.ephemeral
    lobby = world.channel.last_message
    for player in others:
        await player.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    return int(custom_id(lobby, ":start$").split(":")[1])


def lobby_message(world: World) -> discord.Message:
    """The newest lobby message of the channel (the one with the lobby's buttons)."""
    for message in reversed(world.channel.history()):
        if any(str(getattr(c, "custom_id", "")).startswith("lobby:") for c in components(message)):
            return message
    raise AssertionError("no lobby message")


def card(player: Any) -> str:
    """The text of the last card this player received by DM."""
    message = player.user.dm_channel.last_message
    assert message is not None and message.embeds, "no card DM"
    return message.embeds[0].description or ""


def spy_seat(world: World, players: int = 4) -> int:
    spies = [i for i, p in enumerate(world.players[:players]) if "spy" in card(p).lower() and "📍" not in card(p)]
    assert len(spies) == 1, [card(p) for p in world.players[:players]]
    return spies[0]


def location_of(world: World, players: int = 4) -> str:
    """The round's location id, read from a non-spy's card."""
    spy = spy_seat(world, players)
    text = card(world.players[(spy + 1) % players])
    name = text.split("**")[1]
    return BY_ENGLISH_NAME[name].id


def control_id(message: discord.Message, group: str) -> str:
    """The custom_id of a board control: a group's button (the first of a group with a button per choice), or
    "card" for the private-view button."""
    if group == "card":
        return custom_id(message, r"^gs:\d+$")
    return custom_id(message, rf"^g:\d+:{group}(\.0)?:")


def groups(message: discord.Message) -> list[str]:
    """The control groups a board offers ("card" for the private-view button)."""
    found = []
    for component in components(message):
        cid = str(getattr(component, "custom_id", ""))
        if cid.startswith("gs:"):
            found.append("card")
        elif cid.startswith("g:"):
            found.append(cid.split(":")[2].split(".")[0])
    return found


def picker_actions(result: Any) -> list[dict[str, Any]]:
    """The actions offered by the picker a click opened (its current page)."""
    select = next(c for c in components(result.response.message) if str(getattr(c, "custom_id", "")).startswith("gp:"))
    return [json.loads(o.value) for o in select.options]


async def click(world: World, player: Any, group: str) -> Any:
    board = world.board()
    return await player.click(board, custom_id=control_id(board, group))


async def pass_question(world: World, seat: int, target: int) -> Any:
    """Spyfall: the player at `seat` passes the question to `target` with the board's "Ask <name>" button."""
    table = next(iter(world.bot.service.tables.values()))
    return await use(world, spyfall_cog.UI, table, seat, {"type": "ask", "target": target})


async def vote_all(world: World, suspect: int, no_from: AbstractSet[int] = frozenset(),
                   skip: AbstractSet[int] = frozenset(),
                   players: int = 4) -> None:
    for seat in range(players):
        if seat == suspect or seat in skip:
            continue
        await click(world, world.players[seat], "no" if seat in no_from else "yes")


def public_text(world: World, where: Any = None) -> str:
    return "\n".join(world.texts(where))


def embed_text(message: discord.Message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""] + [f"{f.name}\n{f.value}" for f in embed.fields])


# Playing any game by clicks: bot/testkit/clicks.py (shared with bench/).


def makeable(ui: Any, table: Any, seat: int, action: dict[str, Any]) -> bool:
    """A member can make `action` with the table's controls (a button, a picker or a composer)."""
    if table.game.id == "junta":
        return junta_kit.makeable(table, seat, action)
    try:
        group = group_for(ui, action)
    except StopIteration:
        return False
    if group.amount is not None:
        return False
    if group.compose is not None:
        return compose_plan(table, group, seat, action) is not None
    return action in actions_of(table, group, seat)


async def open_members_table(world: World, game_id: str, members: int, options: dict[str, Any] | None = None) -> int:
    """The host opens the game's table (`/<game> new` with `options`), the other members join, the host starts
    it. Returns the table id."""
    host, *guests = world.players[:members]
    result = await host.slash(world.channel, f"{game_id} new", **(options or {}))
    assert result.response is not None and not result.ephemeral, result.response
    lobby = world.channel.last_message
    for guest in guests:
        await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    await world.env.settle()
    return int(custom_id(lobby, ":start$").split(":")[1])


def deciding_seats(table: Any) -> list[int]:
    """The seats whose move changes something now: Spyfall's asker while questions go round, and only the voters
    who have not voted yet (a vote can be changed, which would not move the game on); every seat to act
    elsewhere."""
    state = table.state
    seats = sorted(table.game.to_act(state))
    if table.game.id != "spyfall":
        return seats
    if state["phase"] == "playing" and state["asker"] in seats:
        return [state["asker"]]
    if state["phase"] in ("accusation", "final_vote"):
        return [s for s in seats if state["vote"]["ballot"]["ballots"][s] is None]
    return seats


def computers_clickable_move(ui: Any, table: Any, seat: int, rng: Any) -> dict[str, Any] | None:
    """The game's computer player's choice for `seat` when a member can make it with the table's controls (Junta:
    the nearest its controls offer); None without a computer player or when the controls cannot make it."""
    choose = chooser(table.game.id)
    wanted = choose(table.state, seat, rng) if choose is not None else None
    if wanted is None:
        return None
    if table.game.id == "junta":
        return junta_kit.clickable(table, seat, wanted)
    return wanted if makeable(ui, table, seat, wanted) else None


def table_at(game_id: str, state: Any, players: int, seq: int = 0, computers: AbstractSet[int] = frozenset()) -> Any:
    """A playing table of `game_id` at `state` (no bot, no store): what a presenter draws a board from."""
    from bot.meta import TableMeta
    from bot.store import TableRow
    from bot.tables import Table
    from games import REGISTRY

    meta = TableMeta()
    meta.computer_seats = sorted(computers)
    row = TableRow(1, game_id, 1, 2, None, 100, 1, {}, "playing", 0.0, 0.0, meta)
    return Table(row=row, game=REGISTRY[game_id], users=[-1 - s if s in computers else 100 + s for s in range(players)],
                 locales=[None] * players, state=state, seq=seq)


def watched(result: Any) -> Any:
    """The private copy of the board a 📜 Details click gives (the follow-up of the deferred click)."""
    assert result.ephemeral
    found = [m for m in [result.response, *result.followups] if m is not None and m.embeds]
    assert len(found) == 1, found
    return found[0].message


async def details_text(world: Any) -> str:
    """The words of the board's 📜 Details copy (its rows per player and recent moves), as an outsider sees it."""
    board = world.board()
    return embed_text(watched(await world.outsider.click(board, custom_id=custom_id(board, r"^gw:\d+:new$"))))

