"""Two bot processes on one PostgreSQL, through SimCord: shard 0's bot receives every DM (as Discord sends DMs to
shard 0 only) and forwards the clicks for tables of shard 1 to the bot that runs them (bot/cluster.py).

SimCord runs the shard-0 bot with its gateway; the shard-1 bot runs beside it on the same virtual Discord by REST
only (bot/testkit/cluster.py), so its tables' DM clicks reach it only if they are forwarded."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
import simcord

from bot.app import GameMasterBot
from bot.cluster import Cluster
from bot.cogs import junta as junta_cog
from bot.store import Shards, Store
from bot.testkit.clicks import actions_of, choose, group_for
from bot.testkit.cluster import beside, until
from bot.testkit.world import components, custom_id
from bot.ui.practice import computer_names, players_for
from tests.bot.conftest import make_bot

SETTINGS: dict[str, Any] = {"shard_count": 2}


@pytest.fixture
def db_path(postgres_url: str) -> Any:
    return postgres_url


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    return {**SETTINGS, "shard_ids": (0,)}


@pytest.fixture
async def owner(simcord_env: simcord.Env, postgres_url: str) -> AsyncIterator[GameMasterBot]:
    """The process of shard 1, beside SimCord's bot of shard 0."""
    bot = await beside(simcord_env, make_bot(postgres_url, **SETTINGS, shard_ids=(1,)))
    yield bot
    await bot.service.drained(seconds=5)
    await bot.close()


def receiver(env: simcord.Env) -> GameMasterBot:
    """The bot SimCord runs: shard 0, where every DM arrives."""
    bot = env.bot
    assert isinstance(bot, GameMasterBot)
    return bot


def forwarded(bot: GameMasterBot, outcome: str) -> float:
    """How many clicks `bot` forwarded with this outcome (its metric)."""
    return bot.metrics.forwards.labels(outcome)._value.get()


async def junta_on_shard_1(env: simcord.Env, owner: GameMasterBot) -> tuple[Any, list[Any]]:
    """A Junta table of four members on a guild of shard 1, opened and run by the shard-1 process."""
    guild = env.create_guild("Far", shard_id=1)
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("anna", "bruno", "carla", "dario")]
    service = owner.service
    table = await service.create_lobby("junta", guild=guild.id, channel=channel.id, host=players[0].id, options={})
    for player in players[1:]:
        await service.join(table.id, player.id)
    await service.start(table.id, players[0].id)
    await service.drained(table.id)
    return table, players


async def practice_in_dms_on_shard_1(env: simcord.Env, owner: GameMasterBot) -> tuple[Any, Any]:
    """A Polls practice table of a member of a shard-1 guild, talking in the member's DMs, run by the shard-1
    process (as /game learn opens it where no private thread may be opened)."""
    guild = env.create_guild("Far", shard_id=1)
    member = guild.add_member(env.create_user("anna"))
    dm = await owner.create_dm(discord.Object(member.id))
    table = await owner.service.open_practice(
        "polls", guild=guild.id, place=dm.id, member=member.id, name="anna", locale="en",
        computers=computer_names("en", players_for(owner.service.registry["polls"]) - 1), options={})
    owner.service.release(table.id)
    await owner.service.drained(table.id)
    return table, member


async def test_a_junta_dm_control_of_a_shard_1_table_is_played_by_its_owner(
        simcord_env: simcord.Env, owner: GameMasterBot) -> None:
    """"Give a card" on the family panel in a member's DMs reaches the shard-0 bot, which does not run the table: it
    forwards the press, and the owner answers it (the picker) and plays the pick (the card changes hands)."""
    first = receiver(simcord_env)
    table, players = await junta_on_shard_1(simcord_env, owner)
    member = players[0].user
    panel = member.dm_channel.last_message
    opened = await member.click(panel, custom_id=custom_id(panel, rf"^g:{table.id}:give_card:"))
    await until(lambda: opened.acknowledged)
    assert opened.response is not None and opened.ephemeral
    assert opened.response.content == "Which card to whom?"

    group = group_for(junta_cog.UI, {"type": "give_card"})
    choices = actions_of(table, group, 0)
    gift = choices[0]
    picked = await choose(member, opened, gift, choices.index(gift))
    await until(lambda: picked.acknowledged)
    assert gift["card"] not in table.state["hands"][0] and gift["card"] in table.state["hands"][gift["to"]]
    assert table.id not in first.service.tables  # played by its owner only
    assert forwarded(first, "answered") == 2 and forwarded(first, "timed_out") == 0


async def test_a_practice_table_in_dms_plays_its_first_button_through_its_owner(
        simcord_env: simcord.Env, owner: GameMasterBot) -> None:
    """A practice table that fell back to the member's DMs, run by the shard-1 process: its first button works."""
    table, member = await practice_in_dms_on_shard_1(simcord_env, owner)
    board = [m for m in member.user.dm_channel.history() if any(
        str(getattr(c, "custom_id", "")).startswith(f"g:{table.id}:pa:") for c in components(m))][-1]
    pressed = await member.user.click(board, custom_id=custom_id(board, rf"^g:{table.id}:pa:"))  # Propaganda A
    await until(lambda: pressed.acknowledged)
    assert table.seq == 1 and table.state["log"][-1]["type"] != "turn_started"
    assert forwarded(receiver(simcord_env), "answered") == 1


async def test_with_the_owner_gone_the_click_is_answered_press_again_and_nothing_is_played(
        simcord_env: simcord.Env, owner: GameMasterBot, italian: None) -> None:
    """The owner was killed and its lease ran out, before any replacement took the shard: the receiving bot answers
    the press with the one clear sentence, privately, in the reader's language; nothing is played. (An owner that
    holds its lease but does not answer: test_cluster.py, the forwarder's wait.)"""
    table, players = await junta_on_shard_1(simcord_env, owner)
    await owner.stop_cluster(release=False)  # kill -9: nothing given back…
    assert owner.store is not None
    await expire_all(owner.store)  # …and the lease runs out
    member = players[0].user
    panel = member.dm_channel.last_message
    seq = table.seq
    pressed = await member.click(panel, custom_id=custom_id(panel, rf"^g:{table.id}:give_card:"))
    assert pressed.response is not None and pressed.ephemeral
    assert pressed.response.content == ("Questo tavolo si sta spostando da un server all'altro: premi di nuovo tra "
                                        "qualche secondo.")
    assert table.seq == seq
    assert forwarded(receiver(simcord_env), "timed_out") == 1


async def expire_all(store: Store) -> None:
    """Every lease runs out, as when its process stops renewing it."""
    async with store.backend.write() as db:
        await db.execute("UPDATE shard_leases SET expires = clock_timestamp() - interval '1 second'")


async def test_a_process_waiting_for_its_shard_leaves_that_shard_s_events_to_the_holder(
        simcord_env: simcord.Env, postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """The shard-0 bot loses its lease to another process started with the same shard: it drops its tables (their
    timers stop), says so once, reports itself unhealthy, and while it waits it answers nothing of shard 0 (the
    holder receives the same events); once the holder stops, it takes the lease back, resumes its tables with their
    timers, and answers again."""
    bot = receiver(simcord_env)
    assert bot.cluster is not None and bot.store is not None
    guild = simcord_env.create_guild("Near", shard_id=0)
    channel = guild.create_text_channel("games")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("anna", "bruno", "carla")]
    table = await bot.service.create_lobby("spyfall", guild=guild.id, channel=channel.id, host=members[0].id,
                                           options={})
    for member in members[1:]:
        await bot.service.join(table.id, member.id)
    await bot.service.start(table.id, members[0].id)
    timer = bot.service.timer(table.id)
    assert timer is not None and await bot.metrics.health() == (True, "ok")

    await expire_all(bot.store)  # the bot's process pauses past its lease…
    other_store = await Store.connect(postgres_url)
    other = Cluster(other_store, Shards(2, (0,)), owner="other")
    await other.tick()  # …and another process with the same shard_ids takes it
    assert other.held
    caplog.set_level(logging.INFO, logger="bot")
    await bot.cluster.tick()
    assert not bot.cluster.held and table.id not in bot.service.tables
    await until(lambda: timer.done())
    assert len([r for r in caplog.records if "lease lost" in r.getMessage()]) == 1
    assert len([r for r in caplog.records if "held by other" in r.getMessage()]) == 1
    healthy, why = await bot.metrics.health()
    assert not healthy and why.startswith("waiting for a shard lease")
    assert bot.metrics.lease_losses._value.get() == 1
    ignored = await members[0].slash(channel, "game rules", game="spyfall")
    assert ignored.response is None

    await other.stop()
    await other_store.close()
    await bot.cluster.tick()
    assert table.id in bot.service.tables and bot.service.timer(table.id) is not None
    assert await bot.metrics.health() == (True, "ok")
    answered = await members[0].slash(channel, "game rules", game="spyfall")
    assert answered.response is not None


async def test_a_killed_owner_s_table_plays_on_in_its_replacement_with_its_computer(
        simcord_env: simcord.Env, postgres_url: str) -> None:
    """kill -9 of the shard-1 process while its practice table's computer is thinking: once the lease runs out, the
    replacement (the same shard) takes it, resumes the table and its computer plays its turn; the log and the
    snapshot agree."""
    slow = await beside(simcord_env, make_bot(postgres_url, **SETTINGS, shard_ids=(1,), practice_pace=3600.0))
    table, member = await practice_in_dms_on_shard_1(simcord_env, slow)
    for _ in range(10):  # the member plays until the computer's turn comes
        if slow.computers.to_act(table):
            break
        await slow.service.act(table.id, member.id, table.legal_actions(0)[0])
    await slow.service.drained(table.id)
    thinking = slow.computers.to_act(table)
    assert thinking, "the computer's turn follows the member's"
    seq = table.seq

    await slow.stop_cluster(release=False)  # kill -9: the leases stay…
    await slow.close_store()  # …and nothing of it runs any more
    store = await Store.connect(postgres_url)
    await expire_all(store)  # …until they run out
    await store.close()
    replacement = await beside(simcord_env, make_bot(postgres_url, **SETTINGS, shard_ids=(1,)))
    try:
        await replacement.on_ready()  # what its gateway's READY does
        resumed = replacement.service.tables[table.id]
        await until(lambda: resumed.seq > seq)  # the computer plays its turn, up to the member's
        runtime = replacement.service.runtimes.of(table.id)
        await until(lambda: not replacement.computers.to_act(resumed) and runtime.task("thinking") is None)
        assert replacement.store is not None
        log = await replacement.store.actions(table.id)
        assert [a[0] for a in log] == list(range(1, resumed.seq + 1)) and log[seq][1] in thinking
        game = replacement.service.registry["polls"]
        assert game.dump(await replacement.service.replay(table.id)) == game.dump(resumed.state)
    finally:
        await replacement.service.drained(seconds=5)
        await replacement.close()


async def test_game_leave_in_dms_of_a_shard_1_practice_table_is_played_by_its_owner(
        simcord_env: simcord.Env, owner: GameMasterBot) -> None:
    """/game leave used in the DMs of a practice table run by the shard-1 process reaches the shard-0 bot (DMs go to
    shard 0): it forwards the command, and the owner ends the table and answers the member."""
    table, member = await practice_in_dms_on_shard_1(simcord_env, owner)
    left = await member.user.slash("game leave")
    await until(lambda: left.acknowledged and table.status == "ended")
    await owner.service.drained(table.id)
    assert left.response is not None and left.ephemeral
    assert left.response.content == "You left."
    assert table.id not in receiver(simcord_env).service.tables
    assert forwarded(receiver(simcord_env), "answered") == 1


async def test_a_silent_owner_s_click_is_answered_press_again_after_the_wait(
        simcord_env: simcord.Env, owner: GameMasterBot) -> None:
    """The owner holds its lease but hears nothing (its forwarder is stopped: a process stuck or cut from the
    channel): the receiving bot waits its forward timeout (SimCord's clock advances across it), then answers the
    press with the clear sentence; nothing is played, and the owner's lease is still held."""
    table, players = await junta_on_shard_1(simcord_env, owner)
    assert owner.forwarder is not None
    await owner.forwarder.stop()
    first = receiver(simcord_env)
    assert first.forwarder is not None
    waited_from = simcord_env.now()
    member = players[0].user
    panel = member.dm_channel.last_message
    seq = table.seq
    pressed = await member.click(panel, custom_id=custom_id(panel, rf"^g:{table.id}:give_card:"))
    await until(lambda: pressed.acknowledged)
    assert pressed.response is not None and pressed.ephemeral
    assert pressed.response.content == "This table is moving between servers: press again in a few seconds."
    assert table.seq == seq and owner.cluster is not None and owner.cluster.held
    assert forwarded(first, "timed_out") == 1
    assert (simcord_env.now() - waited_from).total_seconds() >= first.forwarder.seconds  # answered after the wait
