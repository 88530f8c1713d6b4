"""While the bot stops (bot.app: GameMasterBot.shut_down), nothing new starts and what is under way ends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app import finish_actions
from tests.bot.conftest import World, custom_id, make_bot
from tests.bot.ui.toy_kit import start_toy, table


@pytest.fixture
def simcord_bot(with_toy: None, db_path: Path) -> Any:
    return make_bot(db_path)


async def test_while_stopping_clicks_and_commands_are_turned_away(world: World) -> None:
    """Once a shutdown began, a board click and a slash command get one private sentence and play nothing."""
    table_id = await start_toy(world)
    seq = table(world, table_id).seq
    world.bot.accepting = False
    clicked = await world.players[0].click(world.board(), custom_id=custom_id(world.board(), r"^g:\d+:side\.0:"))
    assert clicked.ephemeral and "restarting" in clicked.response.content
    typed = await world.players[1].slash(world.channel, "game board")
    assert typed.ephemeral and "restarting" in typed.response.content
    assert table(world, table_id).seq == seq


async def test_finishing_the_actions_under_way_waits_for_them_and_no_longer(world: World) -> None:
    """The shutdown waits while an action holds its table, and gives up when its time is out."""
    table_id = await start_toy(world)
    playing = table(world, table_id)
    async with playing.lock:  # an action under way
        assert await finish_actions([playing], 0.05) is False
    assert await finish_actions([playing], 0.05) is True
