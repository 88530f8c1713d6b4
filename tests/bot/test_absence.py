"""Absent players: the lobby's turn timer, the half-time reminder, the stand-in at expiry, three misses, restarts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.absence import MISSED_LIMIT
from tests.bot.cogs.polls_kit import fast_legal_chooser
from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import click, embed_text, lobby_message, public_text
from tests.bot.ui.toy_kit import open_toy

pytestmark = pytest.mark.usefixtures("with_toy", "toy_passes_by_default")


def state_of(world: World, table_id: int) -> dict[str, Any]:
    table = world.bot.service.tables[table_id]
    return table.state


async def test_the_lobby_offers_a_turn_timer_only_where_a_turn_can_be_played(world: World) -> None:
    """The toy (an engine default) and Polls (a computer player) offer the timer; Spyfall, which has neither,
    does not; only the host sets it, and the lobby shows it in words."""
    host, guest = world.players[:2]
    await host.slash(world.channel, "toy")
    lobby = lobby_message(world)
    table_id = int(custom_id(lobby, ":start$").split(":")[1])
    assert "Turn timer\noff" in embed_text(lobby)
    refused = await guest.select(lobby, ["300"], custom_id=f"lobbyt:{table_id}")
    assert refused.ephemeral and "host" in refused.response.content
    assert world.bot.service.tables[table_id].row.meta.turn_timer == 0
    await host.select(lobby, ["300"], custom_id=f"lobbyt:{table_id}")
    assert "Turn timer\n5 minutes" in embed_text(lobby_message(world))
    assert world.bot.service.tables[table_id].row.meta.turn_timer == 300
    await host.slash(world.channel, "game end")
    await host.slash(world.channel, "spyfall new")
    spyfall_lobby = lobby_message(world)
    assert not [c for c in components(spyfall_lobby) if str(getattr(c, "custom_id", "")).startswith("lobbyt:")]
    assert "Turn timer" not in embed_text(spyfall_lobby)


async def test_half_time_reminds_and_expiry_plays_the_engine_default(world: World) -> None:
    """The board shows when the turn ends; at half time the player is pinged; at the end the engine's default
    (a pass) is played for them and the miss is counted; the next player's clock starts."""
    table_id = await open_toy(world, timer=60)
    first = world.players[0]
    assert re.search(r"turn ends <t:\d+:R>", embed_text(world.board()))
    await world.env.advance_time(25)
    assert f"<@{first.id}>, it is your turn" not in public_text(world)
    await world.env.advance_time(10)
    assert f"<@{first.id}>, it is your turn: half your time is gone" in public_text(world)
    assert state_of(world, table_id)["played"] == 0
    await world.env.advance_time(30)
    state = state_of(world, table_id)
    assert state["played"] == 1 and state["log"][-1]["type"] == "pass" and state["log"][-1]["seat"] == 0
    assert "ran out of time: the computer played the turn for them (1 missed turn in a row" in public_text(world)
    table = world.bot.service.tables[table_id]
    assert world.bot.turns.missed(table, 0) == 1
    assert list(world.bot.turns.deadlines(table)) == [1]  # the second player is on the clock now


async def test_a_member_who_plays_is_present_again(world: World) -> None:
    """A missed turn counts until the member plays their own turn: then the count starts over."""
    table_id = await open_toy(world, timer=60)
    first, second = world.players[:2]
    await world.env.advance_time(61)  # the first player misses
    table = world.bot.service.tables[table_id]
    assert world.bot.turns.missed(table, 0) == 1
    await click(world, second, "pass")
    await click(world, first, "pass")
    assert world.bot.turns.missed(table, 0) == 0
    assert state_of(world, table_id)["played"] == 3


async def test_the_clock_survives_a_restart(world: World, db_path: Path) -> None:
    """The clock is kept with the table: after a restart the reminder is not repeated and the turn still runs
    out on time."""
    table_id = await open_toy(world, timer=60)
    await world.env.advance_time(40)  # reminded
    reminders = public_text(world).count("it is your turn: half your time is gone")
    assert reminders == 1
    await world.restart(db_path)
    await world.env.advance_time(10)
    assert state_of(world, table_id)["played"] == 0
    await world.env.advance_time(15)
    assert state_of(world, table_id)["played"] == 1
    assert public_text(world).count("it is your turn: half your time is gone") == 1


async def test_an_overdue_turn_is_played_at_once_after_a_restart(world: World, db_path: Path) -> None:
    """A turn that ran out while the bot was down is played as soon as the bot is back."""
    table_id = await open_toy(world, timer=60)
    await world.env.advance_time(20)
    bot = world.bot
    await bot.close_store()  # the bot is down: nothing fires
    await world.env.advance_time(120)
    await world.restart(db_path)
    await world.env.settle()
    assert state_of(world, table_id)["played"] == 1


async def test_without_a_timer_nothing_runs_out(world: World) -> None:
    """Off by default: an hour later the first player still has the turn, and no reminder was posted."""
    table_id = await open_toy(world, timer=None)
    await world.env.advance_time(3600)
    assert state_of(world, table_id)["played"] == 0
    assert "it is your turn: half your time" not in public_text(world)
    assert "turn ends" not in embed_text(world.board())


async def test_three_missed_turns_hand_the_seat_to_a_computer(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """In The Polls, two absent members each miss three turns in a row: computers take both seats, play the game
    to its end, and each member's record counts the game as played and not won."""
    fast_legal_chooser(monkeypatch)
    host, guest = world.players[:2]
    await host.slash(world.channel, "polls new", opponent=guest)
    lobby = lobby_message(world)
    table_id = int(custom_id(lobby, ":start$").split(":")[1])
    await host.select(lobby, ["60"], custom_id=f"lobbyt:{table_id}")
    await guest.click(lobby_message(world), custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby_message(world), custom_id=custom_id(lobby, ":start$"))
    for _ in range(2 * MISSED_LIMIT + 2):
        if table_id not in world.bot.service.tables:
            break
        await world.env.advance_time(61)
    text = public_text(world)
    assert "ran out of time" in text
    assert text.count(f"missed {MISSED_LIMIT} turns in a row: a computer player takes over their seat") == 2
    for _ in range(50):
        if table_id not in world.bot.service.tables:
            break
        await world.env.settle()
    assert table_id not in world.bot.service.tables, "the computers did not finish the game"
    store = world.bot.store
    assert store is not None
    row = await store.get_table(table_id)
    assert row is not None and row.status == "finished"
    assert sorted(row.meta.replaced.values()) == sorted([host.id, guest.id])
    for member in (host, guest):
        record = await store.stats(world.guild.id, member.id)
        assert record["polls"]["played"] == 1 and record["polls"]["won"] == 0
