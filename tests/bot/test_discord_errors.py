"""When Discord fails (SimCord's error injection), through the toy game: a 503 is tried again, server errors
past the bound and a 429 lose no board, a deleted board is posted again, a lost permission pauses the table
with one DM to the host, and an expired interaction token answers by channel message or DM. Every time the
table's state is intact and the next board that goes through shows the latest state."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from bot.i18n import t
from games import DESCRIPTORS, REGISTRY
from tests.bot.conftest import World, custom_id, make_bot
from tests.bot.ui import toy
from tests.bot.ui.toy_kit import final_board, finish_toy, replay_id, start_toy, toy_picture


@pytest.fixture
def simcord_bot(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setitem(DESCRIPTORS, "toy", toy.DESCRIPTOR)
    monkeypatch.setitem(REGISTRY, "toy", toy.GAME)
    return make_bot(db_path)


def with_picture(world: World) -> None:
    """The toy's board gets a picture (a new one at every move), as the real games' boards have."""
    presenter = world.bot.presenters["toy"]
    presenter.ui = dataclasses.replace(presenter.ui, render=toy_picture)


def title(world: World) -> str:
    return world.board().embeds[0].title or ""


async def intact(world: World, table_id: int, seq: int) -> None:
    """The table is at `seq`, its stored snapshot is its state, and its action log rebuilds that state."""
    table = world.bot.service.tables[table_id]
    assert table.status == "playing" and table.seq == seq
    assert world.bot.store is not None
    stored = await world.bot.store.snapshot(table_id)
    assert stored is not None and stored[0] == seq and toy.GAME.load(stored[1]) == table.state
    assert await world.bot.service.replay(table_id) == table.state


async def pass_click(world: World, table_id: int) -> Any:
    """The player whose turn it is presses Pass on the board."""
    table = world.bot.service.tables[table_id]
    player = world.players[table.state["turn"]]
    return await player.click(world.board(), custom_id=custom_id(world.board(), r"^g:\d+:pass:"))


async def move(world: World, table_id: int) -> None:
    """The player whose turn it is passes without the board's buttons (they may show an older moment)."""
    table = world.bot.service.tables[table_id]
    with world.env._bot_scope():
        await world.bot.service.act(table_id, table.users[table.state["turn"]], {"type": "pass"})
    await world.env.advance_time(0.1)


def latest(world: World, table_id: int) -> str:
    return f"Toy — turn {world.bot.service.tables[table_id].state['played'] + 1}"


def tries(world: World, method: str, path: str) -> int:
    return sum(1 for entry in world.env.backend.http_requests if entry.method == method and entry.path == path)


def board_path(world: World) -> str:
    return f"/channels/{world.channel.id}/messages/{world.board().id}"


# --- server errors and rate limits ----------------------------------------------------------------


async def test_a_503_on_a_board_edit_is_tried_again(world: World) -> None:
    """Discord answers a board edit with 503 once: the edit is tried again at once (after half a second) and
    the board shows the move; nothing is waiting for later."""
    table_id = await start_toy(world)
    path = board_path(world)
    world.env.inject_error("PATCH", path, status=503, message="Service Unavailable")
    before = tries(world, "PATCH", path)
    await move(world, table_id)  # not a board click: its answer would carry the board
    await world.env.advance_time(1.0)  # the next try, half a second later
    assert tries(world, "PATCH", path) == before + 2
    await intact(world, table_id, 1)
    assert title(world) == latest(world, table_id) == "Toy — turn 2"
    assert not world.bot.boards.waiting(table_id)


async def test_a_dm_is_tried_again_on_a_503(world: World) -> None:
    """A DM answered with 503 goes on the next try."""
    player = world.players[0]
    world.env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", status=503)
    assert await world.bot.delivery.dm(player.id, content="hello") is True
    assert player.user.dm_channel.last_message.content == "hello"


async def test_server_errors_past_the_bound_lose_no_board(world: World) -> None:
    """Every post and edit in the channel fails with 500 (discord.py's own five tries, here at once, gave up):
    the move is stored, the board is tried again three times on a timer (10, 30, 90 s) and then left alone;
    once Discord is back, the next move shows the latest board."""
    table_id = await start_toy(world)
    path = board_path(world)
    world.env.inject_error("*", f"/channels/{world.channel.id}/messages*", status=500, times=None)
    before = tries(world, "PATCH", path)
    await move(world, table_id)  # not a board click: its answer would carry the board
    await intact(world, table_id, 1)
    assert tries(world, "PATCH", path) == before + 1  # a 500 is discord.py's to try again, not ours
    assert title(world) == "Toy — turn 1"  # not shown yet
    for delay in (10.0, 30.0, 90.0):
        await world.env.advance_time(delay)
    assert tries(world, "PATCH", path) == before + 4
    await world.env.advance_time(600.0)
    assert tries(world, "PATCH", path) == before + 4  # bounded: now only a change tries again
    await intact(world, table_id, 1)
    world.env.backend.faults.clear()
    await move(world, table_id)
    await intact(world, table_id, 2)
    assert title(world) == latest(world, table_id) == "Toy — turn 3"
    assert not world.bot.boards.waiting(table_id)


async def test_a_429_on_a_board_edit_ends_in_the_right_board(world: World) -> None:
    """A board edit answered with 429 (a rate limit discord.py gave up waiting out) is drawn again by the
    retry timer, from the table as it is then: the board ends up showing the latest state, with its picture."""
    with_picture(world)
    table_id = await start_toy(world)
    board = world.board()
    world.env.inject_error("PATCH", board_path(world), status=429, message="You are being rate limited.")
    await move(world, table_id)  # not a board click: its answer would carry the board
    await intact(world, table_id, 1)
    assert title(world) == "Toy — turn 1" and world.bot.boards.waiting(table_id)
    await world.env.advance_time(10.0)
    await intact(world, table_id, 1)
    assert world.board().id == board.id and title(world) == latest(world, table_id) == "Toy — turn 2"
    assert len(world.board().attachments) == 1  # the picture was uploaded again with the late edit
    assert not world.bot.boards.waiting(table_id)


async def test_a_change_before_the_retry_shows_the_board_at_once(world: World) -> None:
    """A change that comes while a failed board waits for its retry is drawn at once, as usual."""
    table_id = await start_toy(world)
    world.env.inject_error("PATCH", board_path(world), status=502)
    await move(world, table_id)  # not a board click: its answer would carry the board
    assert title(world) == "Toy — turn 1" and world.bot.boards.waiting(table_id)
    await world.env.advance_time(1.0)
    await move(world, table_id)
    await intact(world, table_id, 2)
    assert title(world) == latest(world, table_id) == "Toy — turn 3"
    assert not world.bot.boards.waiting(table_id)


async def test_a_click_whose_answer_is_refused_gets_its_board_by_an_edit(world: World) -> None:
    """Discord refuses the click's answer that carries the new board (400): the board is edited through the
    channel instead, and the click is acknowledged by a deferral and confirmed privately."""
    table_id = await start_toy(world)
    path = board_path(world)
    world.env.inject_error("POST", "/interactions/*/callback", status=400, code=50035, message="Invalid Form Body")
    before = tries(world, "PATCH", path)
    result = await pass_click(world, table_id)
    await intact(world, table_id, 1)
    answers = [(e.json or {})["type"] for e in world.env.backend.http_requests if e.path.endswith("/callback")][-2:]
    assert answers == [7, 6]  # the board's answer, refused; then a deferral
    assert tries(world, "PATCH", path) == before + 1 and title(world) == "Toy — turn 2"
    assert [m.content for m in result.followups] == ["You passed."]


# --- a deleted board ------------------------------------------------------------------------------


async def test_a_board_deleted_by_a_moderator_is_posted_again(world: World) -> None:
    """A moderator deletes the board: the next change posts it anew, showing the latest state."""
    table_id = await start_toy(world)
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    moderator = world.guild.add_member(world.env.create_user("mod"), roles=[role])
    board = world.board()
    await moderator.delete(board)
    await move(world, table_id)
    await intact(world, table_id, 1)
    again = world.board()
    assert again.id != board.id and again.embeds[0].title == latest(world, table_id) == "Toy — turn 2"
    assert world.bot.service.tables[table_id].row.meta.board == again.id


# --- a lost permission ----------------------------------------------------------------------------


async def take_away(world: World, permission: str) -> None:
    """The server takes `permission` away from the bot in the table's channel."""
    denied = discord.Permissions(**{permission: True}).value
    world.env.backend.set_overwrite(world.channel.id, Overwrite(target_id=world.env.backend.bot_user.id,
                                                                type=OverwriteType.MEMBER, allow=0, deny=denied))
    await world.env.settle()


async def give_back(world: World) -> None:
    world.env.backend.delete_overwrite(world.channel.id, world.env.backend.bot_user.id)
    world.env.backend.faults.clear()
    await world.env.settle()


def told(world: World, locale: str = "en") -> list[str]:
    """The host's DMs that say the table is paused."""
    start = t(locale, "core.paused_permission", game="Toy", channel="", permission="").split("{")[0][:12]
    return [m.content for m in world.players[0].user.dm_channel.history() if m.content.startswith(start)]


@pytest.mark.parametrize("permission", ["send_messages", "embed_links", "attach_files"])
async def test_a_lost_permission_pauses_the_table_and_tells_the_host(world: World, permission: str) -> None:
    """The bot loses a permission its posts need (Discord refuses them: 403 / 50013): the table pauses — it
    keeps its state and goes on — and the host gets one DM naming the permission; once it is given back,
    the next change shows the latest board and the next post ends the pause."""
    with_picture(world)
    table_id = await start_toy(world)
    host = world.players[0]
    await pass_click(world, table_id)
    await take_away(world, permission)
    # Discord refuses posts without Send Messages, and posts and edits without Embed Links or Attach Files.
    world.env.inject_error("POST" if permission == "send_messages" else "*",
                           f"/channels/{world.channel.id}/messages*", status=403, code=50013,
                           message="Missing Permissions", times=None)
    result = await host.slash(world.channel, "game board")  # the new board is refused
    assert result.ephemeral
    table = world.bot.service.tables[table_id]
    assert table.row.meta.paused == [permission]
    expected = t("en", "core.paused_permission", game="Toy", channel=world.channel.mention,
                 permission=t("en", f"core.permission.{permission}"))
    assert told(world) == [expected]
    await intact(world, table_id, 1)
    await move(world, table_id)  # the table goes on while paused
    await move(world, table_id)
    await intact(world, table_id, 3)
    assert told(world) == [expected]  # once
    await give_back(world)
    await move(world, table_id)
    await intact(world, table_id, 4)
    assert title(world) == latest(world, table_id) == "Toy — turn 5"
    await host.slash(world.channel, "game board")
    assert world.bot.service.tables[table_id].row.meta.paused == []
    assert title(world) == "Toy — turn 5" and len(world.board().attachments) == 1
    assert told(world) == [expected]


async def test_the_host_hears_of_the_pause_in_their_language(world: World, italian: None) -> None:
    """A host who plays in Italian reads the pause in Italian, with the permission's Italian name."""
    table_id = await start_toy(world)
    await take_away(world, "embed_links")
    world.env.inject_error("*", f"/channels/{world.channel.id}/messages*", status=403, code=50013, times=None)
    await move(world, table_id)
    await intact(world, table_id, 1)
    assert told(world, "it") == [t("it", "core.paused_permission", game="Toy", channel=world.channel.mention,
                                   permission="Incorpora link")]


# --- an expired interaction token -----------------------------------------------------------------


async def test_a_private_answer_after_the_token_expired_comes_by_dm(world: World) -> None:
    """The private confirmation of a move can no longer go as a follow-up (401 / 50027 Invalid Webhook
    Token): it comes by DM, and the move is played."""
    table_id = await start_toy(world)
    world.env.inject_error("POST", "/webhooks/*", status=401, code=50027, message="Invalid Webhook Token")
    player = world.players[0]
    await pass_click(world, table_id)
    await intact(world, table_id, 1)
    assert player.user.dm_channel.last_message.content == "You passed."
    assert title(world) == "Toy — turn 2"


async def test_a_replay_after_the_token_expired_is_posted_in_the_channel(world: World) -> None:
    """A replay whose making outlasted the interaction (404 / 10015 Unknown Webhook) is posted in the
    channel, pictures and all, and remembered like one posted as the answer."""
    table_id = await finish_toy(world)
    board = final_board(world)
    world.env.inject_error("POST", "/webhooks/*", status=404, code=10015, message="Unknown Webhook")
    await world.players[1].click(board, custom_id=replay_id(board))
    posted = world.channel.last_message
    assert posted.author.id == world.env.backend.bot_user.id
    assert f"replay-toy-{table_id}.gif" in {a.filename for a in posted.attachments}
    assert world.bot.store is not None
    row = await world.bot.store.get_table(table_id)
    assert row is not None and row.meta.replay is not None and row.meta.replay.message == posted.id
