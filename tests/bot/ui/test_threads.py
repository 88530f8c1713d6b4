"""With use_threads on, a started table talks in a thread of its lobby message."""

from __future__ import annotations

import pytest

from tests.bot.conftest import World, custom_id


@pytest.mark.parametrize("bot_settings", [{"use_threads": True}])
async def test_game_moves_into_a_thread(world: World) -> None:
    """The board and the log go to the thread; the channel keeps only the lobby; commands work there."""
    host, *others = world.players
    await host.slash(world.channel, "spyfall new", rounds=1)
    lobby = world.channel.last_message
    for player in others:
        await player.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    assert len(world.channel.threads) == 1
    thread = world.channel.threads[0]
    board = world.board(thread)
    assert "round 1 of 1" in (board.embeds[0].title or "")
    assert not any("deals and asks first" in text for text in world.texts())
    result = await others[0].slash(thread, "spyfall card")
    assert result.ephemeral and "round 1" in result.response.content
    result = await others[0].slash(world.channel, "spyfall new")
    assert result.ephemeral and "already has a table" in result.response.content
