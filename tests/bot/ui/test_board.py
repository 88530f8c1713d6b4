"""The shared presenter: a readable channel, recent moves on the board, pings, and the board's life."""

from __future__ import annotations

import random

import pytest

from tests.bot.cogs.test_polls import board, fast_legal_chooser, human_move, new_game_against_computer, table_of
from tests.bot.conftest import World, components
from tests.bot.helpers import embed_text, open_table


async def test_routine_moves_stay_on_the_board(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Twelve clicks against the computer post fewer messages than clicks (it was 19 before), and the
    board's recent moves tell the routine ones."""
    fast_legal_chooser(monkeypatch)
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    before = len(world.channel.history())
    rng = random.Random(2)
    clicks = 0
    while clicks < 12:
        if await human_move(world, host, table_id, rng):
            clicks += 1
        else:
            await world.env.settle()
    posted = world.channel.history()[before:]
    assert len(posted) <= 9
    table = table_of(world, table_id)
    presenter = world.bot.presenters["polls"]
    ctx = await presenter.ctx(table)
    last = presenter.ui.word(table.view(None)["log"][-1], ctx)
    description = board(world).embeds[0].description or ""
    assert last and description.endswith(last)  # the newest move closes the board's recent moves


async def test_a_board_older_than_an_hour_is_posted_anew(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past an hour a move posts the board anew instead of editing it; the old one keeps no controls."""
    fast_legal_chooser(monkeypatch)
    table_id = await new_game_against_computer(world)
    first = board(world)
    await world.env.advance_time(3700)
    assert await human_move(world, world.players[0], table_id, random.Random(1))
    second = board(world)
    assert second.id != first.id
    refreshed = next(m for m in world.channel.history() if m.id == first.id)
    assert not components(refreshed)


async def test_the_board_is_edited_in_place_while_young(world: World) -> None:
    """A move on a young board edits it: no new board message."""
    from tests.bot.helpers import pass_question, public_text

    await open_table(world, rounds=1)
    first = world.board()
    names = [p.user.name for p in world.players]
    dealer = next(i for i, n in enumerate(names) if f"{n} deals and asks first" in public_text(world))
    await pass_question(world, dealer, (dealer + 1) % 4)
    assert world.board().id == first.id
    assert f"{names[dealer]} asked {names[(dealer + 1) % 4]}" in embed_text(world.board())
