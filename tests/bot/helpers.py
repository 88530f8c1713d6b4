"""Playing Spyfall through the bot the way people do: slash commands, clicks and DMs."""

from __future__ import annotations

from typing import Any

import discord

from games.spyfall.locations import LOCATIONS
from tests.bot.conftest import World, custom_id

BY_ENGLISH_NAME = {loc.names["en"]: loc for loc in LOCATIONS}


async def open_table(world: World, players: int = 4, **options: Any) -> int:
    """Host opens a lobby, the others join, the host starts. Returns the table id."""
    host, *others = world.players[:players]
    result = await host.slash(world.channel, "spyfall new", **options)
    assert result.response is not None and not result.ephemeral
    lobby = world.channel.last_message
    for player in others:
        await player.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    return int(custom_id(lobby, ":start$").split(":")[1])


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


async def click(world: World, player: Any, op: str) -> Any:
    board = world.board()
    return await player.click(board, custom_id=custom_id(board, rf"^spy:\d+:{op}:"))


async def pick(player: Any, result: Any, value: str, pattern: str = "") -> Any:
    """Choose `value` in the select of an ephemeral answer (the one matching `pattern`)."""
    message = result.response.message
    if pattern:
        return await player.select(message, [value], custom_id=custom_id(message, pattern))
    return await player.select(message, [value])


async def vote_all(world: World, suspect: int, no_from: set[int] = frozenset(), skip: set[int] = frozenset(),
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
