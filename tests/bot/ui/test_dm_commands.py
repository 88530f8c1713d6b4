"""/game in a member's DMs: the commands that name the practice table talking there work; the others, which need a
server, are refused with one clear sentence."""

from __future__ import annotations

import discord

from bot.tables import Table
from tests.bot.conftest import World


async def dm_practice(world: World) -> Table:
    """/game learn where the bot may not open a private thread: the practice table talks in the member's DMs."""
    me = world.guild.me
    assert me is not None
    closed = world.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_private_threads=False)})
    member = world.players[0]
    await member.slash(closed, "game learn", game="polls")
    table = world.bot.service.practice_of(member.id)
    assert table is not None and table.place == member.user.dm_channel.id
    return table


async def test_game_leave_in_dms_ends_the_practice_table_there(world: World) -> None:
    """/game leave used in the DMs where the practice table talks ends it, answered privately."""
    table = await dm_practice(world)
    member = world.players[0]
    left = await member.user.slash("game leave")
    assert left.response is not None and left.response.content == "You left."
    assert table.status == "ended" and world.bot.service.practice_of(member.id) is None


async def test_game_end_in_dms_ends_the_practice_table_as_its_welcome_says(world: World) -> None:
    """The welcome in DMs says `/game end` works there too: used there by the member, it ends the table."""
    table = await dm_practice(world)
    member = world.players[0]
    assert any("`/game end` here or in any channel" in text for text in world.texts(member.user.dm_channel))
    ended = await member.user.slash("game end")
    assert ended.response is not None and ended.ephemeral
    assert table.status == "ended"


async def test_game_board_in_dms_posts_the_practice_board_again(world: World) -> None:
    """/game board in the DMs of a practice table posts its board there again."""
    await dm_practice(world)
    member = world.players[0]
    dm = member.user.dm_channel
    before = len(world.texts(dm))
    shown = await member.user.slash("game board")
    assert shown.response is not None and shown.ephemeral
    assert len(world.texts(dm)) == before + 1


async def test_a_server_command_in_dms_is_refused_clearly(world: World) -> None:
    """/game learn in DMs needs a server: one private sentence says so and what works here; no table opens."""
    member = world.players[0]
    refused = await member.user.slash("game learn", game="polls")
    assert refused.response is not None and refused.ephemeral
    assert refused.response.content.startswith("This command works in a server channel, not in DMs.")
    assert world.bot.service.practice_of(member.id) is None


async def test_server_commands_naming_a_member_in_dms_are_refused_clearly(world: World) -> None:
    """/game stats, kick and votekick name a member, whom Discord does not resolve in DMs: each still answers the
    one sentence that they need a server, not an error."""
    member, other = world.players[0], world.players[1]
    for command in ("game stats", "game kick", "game votekick"):
        refused = await member.user.slash(command, member=other.user)
        assert refused.response is not None and refused.ephemeral, command
        assert refused.response.content.startswith("This command works in a server channel, not in DMs."), command
