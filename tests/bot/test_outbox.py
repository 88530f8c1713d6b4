"""What a change posts leaves the table's lock: seven families answer at once while Discord is slow, and a
restart publishes what was stored but not yet posted."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
from simcord.backend.errors import SetupError

from bot.app import GameMasterBot
from bot.tables import Change
from bot.testkit.clicks import table_of
from bot.testkit.world import World, custom_id
from games.core.rng import SeededRng
from games.junta import GAME
from games.junta.ai import choose as family_choice
from tests.bot.conftest import make_bot
from tests.support.present import present

READY = {"type": "ready"}


class SlowDiscord:
    """Discord that does not answer the bot's REST calls (posts, edits, DMs; not the replies to interactions,
    which go their own way) until the test lets it (`answer()`): a Discord far slower than the 300 ms a busy one
    takes. Every call is noted when it goes through."""

    def __init__(self, world: World) -> None:
        self.calls: list[str] = []
        self.gate = asyncio.Event()
        env, original = world.env, world.bot.http.request

        async def request(route: Any, **kwargs: Any) -> Any:
            with contextlib.suppress(SetupError):  # a task SimCord does not count as the bot's is not held
                await env.external_wait(self.gate.wait(), reason="Discord answers slowly")
            self.calls.append(f"{route.method} {route.path}")
            return await original(route, **kwargs)

        world.bot.http.request = request  # type: ignore[method-assign]

    async def answer(self, world: World) -> None:
        """Discord answers again: every call held so far goes through, then everything settles."""
        self.gate.set()
        await world.env.settle()


@pytest.fixture(autouse=True)
def no_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every family answers the card windows itself (the bot's passes for members with no card to play are
    tests/bot/ui/test_practice.py's business): these tests need seven families asked at once."""
    for where in ("bot.tables.pass_due", "bot.ui.board.pass_due"):
        monkeypatch.setattr(where, lambda table, state: None)


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    """Board edits unpaced: a paced edit's short timer would wait (in real time) for the held calls."""
    return {"board_edit_interval": 0.0}


async def to_the_window(world: World, table_id: int) -> None:
    """Play the families' own choices through the service (no clicks: the opening is covered elsewhere)
    until all seven are asked at once whether they are ready (the card window after a vote)."""
    for step in range(600):
        table = table_of(world, table_id)
        waiting = GAME.to_act(table.state)
        if len(waiting) == 7 and all(READY in GAME.legal_actions(table.state, s) for s in waiting):
            return
        seat = min(waiting)
        action = family_choice(table.state, seat, SeededRng(11, step))
        assert action is not None
        await world.bot.service.act(table_id, table.users[seat], action)
    raise AssertionError("no moment where all seven families are asked at once")


async def click_ready(world: World, table_id: int, seat: int) -> Any:
    table = table_of(world, table_id)
    member = next(p for p in world.players if p.id == table.users[seat])
    board = world.board()
    return await member.click(board, custom_id=custom_id(board, r"^g:\d+:ready:"))


async def seven(world: World) -> int:
    """A table of seven members (the world's four and three more)."""
    for name in ("ilaria", "marco", "teresa"):
        world.players.append(world.guild.add_member(world.env.create_user(name)))
    host, *guests = world.players
    await host.slash(world.channel, "junta new")
    lobby = world.channel.last_message
    for guest in guests:
        await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))  # a full lobby still waits for its host
    table_id = int(custom_id(lobby, ":join$").split(":")[1])
    await to_the_window(world, table_id)
    await world.env.advance_time(1.0)  # the board's paced edit goes out
    assert await world.bot.service.drained(table_id, seconds=10)
    return table_id


def published_seqs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sequence number of every change any bot of the test has finished publishing, in that order."""
    done: list[int] = []
    original = GameMasterBot.table_changed

    async def table_changed(self: GameMasterBot, change: Change) -> None:
        await original(self, change)
        done.append(change.seq)

    monkeypatch.setattr(GameMasterBot, "table_changed", table_changed)
    return done


async def test_seven_families_answer_at_once_while_discord_is_slow(world: World,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """With every Discord call taking 0.3 s, each family's click is stored and acknowledged at once, without
    waiting for the posts of the clicks before it; then everything is published once, in order, and the board
    shows the table's last moment."""
    table_id = await seven(world)
    table = table_of(world, table_id)
    published = published_seqs(monkeypatch)
    discord_ = SlowDiscord(world)
    # The boards go by the channel's API, which Discord holds: a click's own answer would carry its board past it.
    monkeypatch.setattr(world.bot.delivery, "expect_answer", lambda interaction, table: None)
    first = table.seq
    for k, seat in enumerate(sorted(GAME.to_act(table.state))):
        result = await click_ready(world, table_id, seat)
        assert result.response is not None  # the click is answered by itself
        assert table.seq >= first + k + 1, "a click waited for the posts of the clicks before it"
    assert present(GAME.view(table.state, None)["pending"]).get("timing") != "AFTER_ROUND_1"  # all seven were ready
    assert not published  # nothing was published yet: Discord has not answered
    await discord_.answer(world)
    assert await world.bot.service.drained(table_id, seconds=10)
    assert published == list(range(first + 1, table.seq + 1))  # each change once, in the order it happened
    assert discord_.calls, "the posts went out once Discord answered"
    assert table.row.meta.published == table.seq
    assert table.row.meta.board_seq == table.seq  # the board shows the table as it is now


async def test_a_click_behind_a_change_that_waits_for_discord_is_deferred(world: World,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A click on the board is answered by the board's own edit while its change is the next to publish; a click
    whose change waits behind an earlier one (its board edit held by a slow Discord) is deferred at once, and its
    board comes in turn, after the earlier one's."""
    table_id = await seven(world)
    table = table_of(world, table_id)
    published = published_seqs(monkeypatch)
    first, (one, two, three, *_rest) = table.seq, sorted(GAME.to_act(table.state))
    answered = await click_ready(world, table_id, one)
    assert not answered.deferred and answered.response is not None and answered.response.embeds
    assert published == [first + 1]
    discord_ = SlowDiscord(world)
    with world.env._bot_scope():  # a change that is not a click: its board edit waits for Discord
        await world.bot.service.act(table_id, table.users[two], READY)
    behind = await click_ready(world, table_id, three)
    assert behind.deferred and table.seq == first + 3 and published == [first + 1]
    await discord_.answer(world)
    assert await world.bot.service.drained(table_id, seconds=10)
    assert published == [first + 1, first + 2, first + 3]
    assert table.row.meta.board_seq == table.seq
    assert discord_.calls.count("PATCH /channels/{channel_id}/messages/{message_id}") == 2  # each one's, in turn


async def test_a_restart_publishes_what_was_stored_but_not_posted(world: World, db_path: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Four families are ready and stored while their posts still wait; the bot restarts; the new bot
    publishes what the old one had not, in order, and the last three families close the window by clicks."""
    table_id = await seven(world)
    table = table_of(world, table_id)
    published = published_seqs(monkeypatch)
    SlowDiscord(world)  # and it never answers the old bot
    seats = sorted(GAME.to_act(table.state))
    before = table.seq
    for seat in seats[:4]:  # not by a click on the board: its answer would carry the board at once
        with world.env._bot_scope():
            await world.bot.service.act(table_id, table.users[seat], READY)
    await world.env.settle()
    stored = table.seq
    assert stored == before + 4 and table.row.meta.published == before and not published
    world.maker = lambda db: make_bot(db, board_edit_interval=0.0)
    await world.restart(db_path)  # the old bot's posts never went out
    resumed = table_of(world, table_id)
    assert resumed.seq == stored
    assert await world.bot.service.drained(table_id, seconds=10)
    assert published == list(range(before + 1, stored + 1))
    assert resumed.row.meta.published == stored
    for seat in seats[4:]:
        await click_ready(world, table_id, seat)
    assert await world.bot.service.drained(table_id, seconds=10)
    assert published == list(range(before + 1, resumed.seq + 1))
    assert present(GAME.view(resumed.state, None)["pending"]).get("timing") != "AFTER_ROUND_1"
