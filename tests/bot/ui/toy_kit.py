"""Playing the toy game through the bot: open and start a table, play it to its end, find its final board."""

from __future__ import annotations

from typing import Any

import discord
from PIL import Image, ImageDraw

from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import choose, lobby_message
from tests.bot.ui import toy


async def start_toy(world: World, players: int = 2) -> int:
    """The host opens a toy table, the others join, the host starts it; its id."""
    host, *others = world.players[:players]
    await host.slash(world.channel, "toy")
    lobby = world.channel.last_message
    for player in others:
        await player.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    return int(custom_id(lobby, ":start$").split(":")[1])


def table(world: World, table_id: int) -> Any:
    """The running table (a KeyError once it is over)."""
    return world.bot.service.tables[table_id]


async def open_toy(world: World, timer: int | None, players: int = 2) -> int:
    """The host opens a toy lobby, sets the turn timer (seconds), the others join, the host starts."""
    host, *others = world.players[:players]
    await host.slash(world.channel, "toy")
    lobby = lobby_message(world)
    table_id = int(custom_id(lobby, ":start$").split(":")[1])
    if timer is not None:
        await host.select(lobby, [str(timer)], custom_id=f"lobbyt:{table_id}")
    for player in others:
        await player.click(lobby_message(world), custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby_message(world), custom_id=custom_id(lobby, ":start$"))
    return table_id


def toy_picture(view: dict[str, Any], names: list[str], catalog: Any) -> Image.Image:
    """A board for the toy game: the turn and the total, big enough to read (no secret is in the view)."""
    image = Image.new("RGB", (600, 300), (30, 34, 48))
    ImageDraw.Draw(image).text((20, 20), f"played {view['played']} total {view['total']}", fill=(240, 240, 240))
    return image


def toy_words(view: dict[str, Any], names: list[str], catalog: Any) -> str:
    """The toy board in words, as `toy_picture` draws it."""
    return f"played {view['played']} total {view['total']}"


def final_board(world: World) -> discord.Message:
    """The newest message with a Replay button."""
    for message in reversed(world.channel.history()):
        if any(str(getattr(c, "custom_id", "")).startswith("replay:") for c in components(message)):
            return message
    raise AssertionError("no board with a Replay button")


def replay_id(message: discord.Message) -> str:
    return custom_id(message, r"^replay:\d+$")


async def finish_toy(world: World) -> int:
    """Two members play the toy game, drawn by `toy_picture`, to its end (eight turns of passing and picking)."""
    world.bot.presenters["toy"].ui.render = toy_picture  # the bot's own copy of the toy cog
    host, other = world.players[:2]
    await host.slash(world.channel, "toy")
    lobby = world.channel.last_message
    await other.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    table_id = int(custom_id(lobby, ":start$").split(":")[1])
    for turn in range(toy.TURNS):
        player = world.players[turn % 2]
        if turn == 3:
            result = await player.click(world.board(), custom_id=custom_id(world.board(), r"^g:\d+:pick:"))
            await choose(player, result, {"type": "pick", "n": 7})
        else:
            await player.click(world.board(), custom_id=custom_id(world.board(), r"^g:\d+:pass:"))
    assert table_id not in world.bot.service.tables
    return table_id
