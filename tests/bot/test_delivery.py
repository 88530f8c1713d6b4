"""Delivery: long text split at Discord's limit, DMs that fail quietly, one board message per table."""

from __future__ import annotations

from bot.delivery import MESSAGE_LIMIT, split_message
from tests.bot.conftest import World
from tests.bot.helpers import open_table


def test_short_text_is_one_message() -> None:
    """Text under the limit stays whole."""
    assert split_message("one\ntwo") == ["one\ntwo"]


def test_long_text_is_cut_at_line_ends() -> None:
    """Lines are kept whole and every part fits Discord's 2,000 characters."""
    lines = [f"line {i} " + "x" * 90 for i in range(60)]
    parts = split_message("\n".join(lines))
    assert len(parts) > 1 and all(len(p) <= MESSAGE_LIMIT for p in parts)
    assert "\n".join(parts).splitlines() == lines


def test_a_single_overlong_line_is_cut() -> None:
    """Even one line longer than the limit is sent, in pieces."""
    parts = split_message("y" * 4500)
    assert [len(p) for p in parts] == [2000, 2000, 500]


def test_blank_text_sends_nothing() -> None:
    """Nothing to say is no message."""
    assert split_message("  \n ") == []


async def test_say_posts_every_part(world: World) -> None:
    """The table's say() posts a long text as several messages, in order."""
    await open_table(world, rounds=1)
    bot = world.bot
    table = next(iter(bot.service.tables.values()))
    before = len(world.channel.history())
    await bot.delivery.say(table, "\n".join(f"{i:04d} " + "z" * 195 for i in range(25)))
    posted = world.channel.history()[before:]
    assert len(posted) == 3 and posted[0].content.startswith("0000") and posted[-1].content.endswith("z")


async def test_a_closed_dm_is_false_not_an_error(world: World) -> None:
    """A user who does not accept DMs makes dm() answer False."""
    player = world.players[0]
    world.env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", status=403, code=50007,
                           times=None)
    assert await world.bot.delivery.dm(player.id, content="hello") is False
    assert await world.bot.delivery.dm(world.players[1].id, content="hello") is True


async def test_a_dm_opens_from_the_stored_id_without_a_user_look_up(world: World) -> None:
    """A DM is opened from the player's stored id (no `GET users/{id}`), once; the next DM reuses it."""
    player = world.players[0]
    before = len(world.env.http_requests)
    assert await world.bot.delivery.dm(player.id, content="one") is True
    assert await world.bot.delivery.dm(player.id, content="two") is True
    made = [f"{r.method} {r.path}" for r in world.env.http_requests[before:]]
    sent = f"POST /channels/{player.user.dm_channel.id}/messages"
    assert made == ["POST /users/@me/channels", sent, sent]
    assert [m.content for m in player.user.dm_channel.history()[-2:]] == ["one", "two"]
