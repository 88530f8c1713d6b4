"""Practice tables: /game learn opens a private table against computer players, with a tour and no record."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.tables import Change, Table
from bot.testkit.outage import sqlite_locked
from games.junta.engine import GAME as JUNTA
from tests.bot.conftest import World, custom_id
from tests.bot.rated import member_moves

pytestmark = pytest.mark.slow(9)  # scheduled early (tests/conftest.py)

# The start of each tour message, in the order they come (English).
TOURS = {
    "arditi": ("🗺️ **The round board**", "🎱 The cream discs", "📋 **The panel**", "🕹️ **Your buttons**"),
    "polls": ("🗺️ **The map** of Spain", "🎯 **The propaganda circles**", "🏛️ **The bar at the bottom**",
              "🕹️ **Your buttons**"),
    "junta": ("🗺️ **The city map**", "📋 **The panel**", "🔒 **Your family**", "🕹️ **Your buttons**"),
    "som": ("🗺️ **The grid** of 37 cards", "🏦 Around the grid", "📋 **The panel**", "🕹️ **Your buttons**"),
}
SEATS = {"arditi": 2, "polls": 2, "junta": 4, "som": 2}  # the fewest each game takes, and at least two
PRIVATE_THREAD = 12  # Discord's channel type of a private thread


def practice_of(world: World, member: Any) -> Table:
    table = world.bot.service.practice_of(member.id)
    assert table is not None, "no practice table"
    return table


def thread_members(world: World, thread: Any) -> set[int]:
    return set(world.env.backend.channels[thread.id].thread_members)


def where(texts: list[str], start: str) -> list[int]:
    """The indexes of the messages that begin with `start`."""
    return [i for i, text in enumerate(texts) if text.startswith(start)]


def assert_toured(texts: list[str], tour: tuple[str, ...]) -> None:
    """Each tour message came once, in order, after the board."""
    board = next(i for i, text in enumerate(texts) if text.startswith("\n"))  # an embed without content
    found = [where(texts, start) for start in tour]
    assert all(len(places) == 1 for places in found), found
    places = [p[0] for p in found]
    assert board < places[0] and places == sorted(places), (board, places)


@pytest.mark.parametrize("game", sorted(TOURS))
async def test_learn_opens_a_private_thread_with_a_tour(world: World, game: str) -> None:
    """In a private thread with only the member: a welcome, the board, then the tour in order; every other seat a
    computer, hints on, no turn timer, the channel still free for a table of others."""
    member, other = world.players[0], world.players[1]
    result = await member.slash(world.channel, "game learn", game=game)
    assert result.ephemeral and "Your practice table of" in result.response.content
    (thread,) = world.channel.threads
    assert thread.mention in result.response.content
    assert world.env.backend.channels[thread.id].type == PRIVATE_THREAD
    assert thread_members(world, thread) == {member.id, world.bot.user.id}  # type: ignore[union-attr]
    texts = world.texts(thread)
    assert texts[0].startswith(f"👋 <@{member.id}>, this is your practice table")
    assert "counts for no leaderboard" in texts[0] and "`/game end` here" in texts[0]
    assert_toured(texts, TOURS[game])
    table = practice_of(world, member)
    meta = table.row.meta
    assert (meta.practice, meta.hints, meta.turn_timer, meta.toured) == (True, True, 0, 4)
    assert len(table.users) == SEATS[game] and table.users[0] == member.id
    assert table.computer_seats == list(range(1, SEATS[game]))
    assert table.place == thread.id and world.bot.service.runtimes.of(table.id).task("turn") is None
    assert custom_id(world.board(thread), r"^gh:\d+$") == f"gh:{table.id}"  # the 💡 Hint button is there
    lobby = await other.slash(world.channel, "polls new")  # the channel itself has no table
    assert not lobby.ephemeral


async def test_junta_practice_has_no_decision_clock_to_speak_of(world: World) -> None:
    """Junta's own decision timer runs at its longest at a practice table: a day."""
    member = world.players[0]
    await member.slash(world.channel, "game learn", game="junta")
    assert practice_of(world, member).row.options["decision_timer"] == 24 * 3600


async def test_spanish_tour(world: World, spanish: None) -> None:
    """A member whose Discord speaks Spanish gets the thread, the welcome and the tour in Spanish."""
    member = world.players[0]
    result = await member.slash(world.channel, "game learn", game="polls")
    assert "Tu mesa de práctica de" in result.response.content
    (thread,) = world.channel.threads
    assert thread.name == "Práctica: The Polls Are Closed! (Spain) (barbara)"
    texts = world.texts(thread)
    assert texts[0].startswith(f"👋 <@{member.id}>, esta es tu mesa de práctica")
    assert_toured(texts, ("🗺️ **El mapa** de España", "🎯 **Los círculos de propaganda**",
                          "🏛️ **La barra de abajo**", "🕹️ **Tus botones**"))


async def test_italian_tour(world: World, italian: None) -> None:
    """A member whose Discord speaks Italian gets the welcome and the tour in Italian."""
    member = world.players[0]
    await member.slash(world.channel, "game learn", game="arditi")
    (thread,) = world.channel.threads
    texts = world.texts(thread)
    assert texts[0].startswith(f"👋 <@{member.id}>, questo è il tuo tavolo di prova di **Arditi")
    assert "giochi contro un giocatore computer" in texts[0]
    assert_toured(texts, ("🗺️ **Il tabellone rotondo**", "🎱 I dischi color crema", "📋 **Il pannello**",
                          "🕹️ **I tuoi pulsanti**"))


async def assert_in_dms(world: World, member: Any, result: Any) -> None:
    """The practice table went to the member's DMs, and a click on its board plays there."""
    assert result.ephemeral and "is in your DMs with me" in result.response.content
    assert world.channel.threads == []
    dm = member.user.dm_channel
    texts = world.texts(dm)
    start = where(texts, f"👋 <@{member.id}>, this is your practice table")
    assert len(start) == 1 and "`/game end` here or in any channel of **Game night**" in texts[start[0]]
    assert_toured(texts[start[0]:], TOURS["polls"])
    table = practice_of(world, member)
    assert table.place == dm.id
    board = world.board(dm)
    await member.user.click(board, custom_id=custom_id(board, r"^g:\d+:pa:"))  # Propaganda A: a die, at once
    assert table.seq == 1 and table.state["log"][-1]["type"] != "turn_started"


async def test_dms_where_the_bot_may_not_open_private_threads(world: World) -> None:
    """A channel where the bot lacks Create Private Threads: the practice table is in the member's DMs."""
    me = world.guild.me
    assert me is not None
    closed = world.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_private_threads=False)})
    member = world.players[0]
    result = await member.slash(closed, "game learn", game="polls")
    assert closed.threads == []
    await assert_in_dms(world, member, result)


async def test_dms_when_discord_refuses_the_thread(world: World) -> None:
    """Discord refuses to create the thread (an error injected): the practice table is in the member's DMs."""
    world.env.inject_error("POST", "/channels/*/threads", status=403, code=50013, message="Missing Permissions")
    member = world.players[0]
    result = await member.slash(world.channel, "game learn", game="polls")
    await assert_in_dms(world, member, result)


async def test_no_thread_and_no_dm_is_a_clear_refusal(world: World) -> None:
    """No private thread and DMs closed: a private sentence, and no table is left behind."""
    world.env.inject_error("POST", "/channels/*/threads", status=403, code=50013, message="Missing Permissions")
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50007,
                           message="Cannot send messages to this user")
    member = world.players[0]
    result = await member.slash(world.channel, "game learn", game="polls")
    assert result.ephemeral and "neither a private thread here nor a DM" in result.response.content
    assert world.bot.service.practice_of(member.id) is None and not world.bot.service.tables


async def test_one_practice_table_at_a_time(world: World) -> None:
    """A second /game learn points to the open table; /game end from the channel closes it; then a new one opens."""
    member = world.players[0]
    await member.slash(world.channel, "game learn", game="polls")
    (thread,) = world.channel.threads
    first = practice_of(world, member)
    again = await member.slash(world.channel, "game learn", game="arditi")
    assert again.ephemeral and "You already have a practice table of The Polls Are Closed!" in again.response.content
    assert thread.mention in again.response.content and len(world.channel.threads) == 1
    ended = await member.slash(world.channel, "game end")
    assert ended.ephemeral and first.status == "ended"
    assert "The game was ended before its end" in world.texts(thread)[-1]
    await member.slash(world.channel, "game learn", game="arditi")
    assert len(world.channel.threads) == 2 and practice_of(world, member).game.id == "arditi"


async def test_leaving_a_practice_table_ends_it(world: World) -> None:
    """/game leave in the practice thread closes the table, whatever the game's own leave rule."""
    member = world.players[0]
    await member.slash(world.channel, "game learn", game="arditi")
    (thread,) = world.channel.threads
    table = practice_of(world, member)
    left = await member.slash(thread, "game leave")
    assert left.ephemeral and table.status == "ended"
    assert world.bot.service.practice_of(member.id) is None


async def test_spyfall_is_not_offered(world: World) -> None:
    """/game learn offers the games with a computer player, and Spyfall has none."""
    group = world.bot.tree.get_command("game")
    assert isinstance(group, discord.app_commands.Group)
    learn = group.get_command("learn")
    assert isinstance(learn, discord.app_commands.Command)
    assert {c.value for c in learn.parameters[0].choices} == {"arditi", "junta", "polls", "som"}


@pytest.mark.parametrize("bot_settings", [{"practice_pace": 30.0}])
async def test_computers_wait_their_pace(world: World) -> None:
    """At a practice table a computer's turn waits its pace (here 30 s) before it plays; then it plays."""
    member = world.players[0]
    await member.slash(world.channel, "game learn", game="som")
    table = practice_of(world, member)
    await member_moves(world, member, table, world.channel.threads[0])
    assert set(table.computer_seats) & table.game.to_act(table.state)
    seq = table.seq
    await world.env.advance_time(29)
    assert table.seq == seq
    await world.env.advance_time(2)
    assert table.seq > seq


async def test_a_practice_game_to_the_end_is_never_recorded(world: World) -> None:
    """Som (its quickest game at two seats) played to the end by clicks against the computer: the result and a
    farewell are posted, and the member's stats and the leaderboard show nothing."""
    member = world.players[0]
    await member.slash(world.channel, "game learn", game="som")
    (thread,) = world.channel.threads
    table = practice_of(world, member)
    for _ in range(50):
        if table.status != "playing":
            break
        await member_moves(world, member, table, thread)
        await world.env.settle()
    assert table.status == "finished"
    texts = world.texts(thread)
    assert "🎓 Practice over: this game counts for no leaderboard" in texts[-1]
    assert "`/som new`" in texts[-1]
    store = world.bot.store
    assert store is not None
    assert await store.stats(world.guild.id, member.id) == {}
    assert await store.standings(world.guild.id, "som") == []
    stats = await member.slash(world.channel, "game stats")
    assert "You have no finished games on this server yet." in stats.response.embeds[0].description
    board = await member.slash(world.channel, "game leaderboard", game="som")
    assert "No game of" in (board.response.content or "")


async def test_a_restart_mid_tour_goes_on_without_repeating(world: World, db_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot dies between the second and the third tour message; after the restart the tour goes on from the
    third, no message comes twice, and the game is where it was."""
    member = world.players[0]
    old = world.bot
    say = old.delivery.say
    monkeypatch.setattr(old.computers, "kick", lambda table: None)  # this bot dies: its computers never move

    async def dying(table: Table, content: str, **kwargs: Any) -> Any:
        if content.startswith(TOURS["polls"][2]):
            raise asyncio.CancelledError  # the process stops here: its tasks are cancelled
        return await say(table, content, **kwargs)

    monkeypatch.setattr(old.delivery, "say", dying)
    await member.slash(world.channel, "game learn", game="polls")
    (thread,) = world.channel.threads
    table = practice_of(world, member)
    assert table.row.meta.toured == 2
    seq = table.seq
    assert [len(where(world.texts(thread), start)) for start in TOURS["polls"]] == [1, 1, 0, 0]
    await world.restart(db_path)
    assert [len(where(world.texts(thread), start)) for start in TOURS["polls"]] == [1, 1, 1, 1]
    places = [where(world.texts(thread), start)[0] for start in TOURS["polls"]]
    assert places == sorted(places)
    again = practice_of(world, member)
    assert again.row.meta.toured == 4 and again.seq >= seq and again.status == "playing"
    start = again.seq  # the new bot's computer has played if it was its turn: now it is the member's
    assert await member_moves(world, member, again, thread, until=lambda t: t.seq > start) == 1
    assert re.search(r"round 1 of 3", world.board(thread).embeds[0].title or "")
    await world.restart(db_path)  # the tour is over: another restart posts none of it again
    assert [len(where(world.texts(thread), start)) for start in TOURS["polls"]] == [1, 1, 1, 1]


async def test_learn_in_a_thread_opens_beside_it(world: World) -> None:
    """/game learn used in a thread (here another practice table's) opens the private thread in its channel."""
    first, second = world.players[0], world.players[1]
    await first.slash(world.channel, "game learn", game="polls")
    (thread,) = world.channel.threads
    world.env.backend.add_thread_member(thread.id, second.id)  # someone the first member let in
    result = await second.slash(thread, "game learn", game="arditi")
    assert "Your practice table of Arditi" in result.response.content
    assert len(world.channel.threads) == 2 and practice_of(world, second).place != thread.id


async def test_each_computer_turn_is_shown_on_its_own(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a practice Junta table a computer's change draws the board even when another computer acts next (a
    stretch of computers' turns is not told as one)."""
    member = world.players[0]
    await member.slash(world.channel, "game learn", game="junta")
    table = practice_of(world, member)
    presenter = world.bot.presenters["junta"]
    runtime = world.bot.service.runtimes.of(table.id)
    update_board = presenter.update_board
    handed_on: list[int] = []  # computer seats whose change drew the board while another computer was to act

    async def watching(shown: Table, *, repost: bool = False) -> None:
        change = runtime.outbox.current
        if isinstance(change, Change) and change.seat in shown.computer_seats and \
                set(shown.computer_seats) & shown.game.to_act(change.after):
            handed_on.append(change.seat)
        await update_board(shown, repost=repost)

    monkeypatch.setattr(presenter, "update_board", watching)
    (thread,) = world.channel.threads
    await member_moves(world, member, table, thread, cap=5, until=lambda t: len(set(handed_on)) > 1)
    assert len(set(handed_on)) > 1, handed_on


async def test_database_away_is_a_clear_refusal(world: World, db_path: Path) -> None:
    """The database cannot be reached: a private sentence, no empty thread left, and later it works."""
    member = world.players[0]
    with sqlite_locked(db_path):
        result = await member.slash(world.channel, "game learn", game="polls")
    assert result.ephemeral and "records can't be reached right now" in result.response.content
    assert world.channel.threads == [] and world.bot.service.practice_of(member.id) is None
    await member.slash(world.channel, "game learn", game="polls")
    assert len(world.channel.threads) == 1 and practice_of(world, member).status == "playing"


THINKING = "The computer is thinking"


def thinking_boards(world: World, thread: Any) -> list[int]:
    """The ids of the messages in the thread whose embed says a computer is thinking."""
    return [m.id for m in thread.history() if m.embeds and THINKING in (m.embeds[0].description or "")]


@pytest.mark.parametrize("bot_settings", [{"practice_pace": 30.0}])
@pytest.mark.parametrize("game", ["polls", "junta"])
async def test_no_old_board_says_the_computer_is_thinking(world: World, game: str) -> None:
    """While a computer thinks only the table's board says so; once it has played and new boards came (a round's
    or a phase's), no old board still says it."""
    member = world.players[0]
    await member.slash(world.channel, "game learn", game=game)
    (thread,) = world.channel.threads
    table = practice_of(world, member)
    seen = 0
    for _ in range(30):
        await member_moves(world, member, table, thread)
        if table.status != "playing":
            break
        if set(table.computer_seats) & table.game.to_act(table.state):
            assert thinking_boards(world, thread) == [table.row.meta.board]
            seen += 1
        while table.status == "playing" and set(table.computer_seats) & table.game.to_act(table.state):
            await world.env.advance_time(31)
        assert thinking_boards(world, thread) == []
        # Enough seen once a computer has thought at a board that came after three others (Junta's phases bring a
        # new board every move or two; Polls' rounds take the whole game).
        if seen >= 4 and len(boards(thread)) > 4:
            break
    assert seen >= 2 and len(boards(thread)) > 2


def boards(thread: Any) -> set[int]:
    """The ids of the table's boards in the thread (messages whose embed has a title)."""
    return {m.id for m in thread.history() if m.embeds and m.embeds[0].title}


@pytest.mark.parametrize("bot_settings", [{"practice_pace": 30.0}])
async def test_a_table_left_while_the_computer_thinks_keeps_no_thinking_board(world: World) -> None:
    """Left while a computer thinks, the table's last board no longer says it is thinking."""
    member = world.players[0]
    await member.slash(world.channel, "game learn", game="som")
    (thread,) = world.channel.threads
    table = practice_of(world, member)
    for _ in range(10):
        await member_moves(world, member, table, thread)
        if set(table.computer_seats) & table.game.to_act(table.state):
            break
        await world.env.advance_time(1)
    assert thinking_boards(world, thread) == [table.row.meta.board]
    await member.slash(thread, "game leave")
    assert table.status == "ended"
    assert thinking_boards(world, thread) == []


async def test_junta_card_windows_pass_a_member_with_nothing_to_play(world: World,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """At a Junta practice table, a card window never waits on the member when none of his cards can be played in
    it: the bot presses Ready for him (three windows and more), and tells him so once, by DM."""
    member = world.players[0]
    service = world.bot.service
    passed: list[int] = []
    original = service._pass_due

    def counting(table: Table) -> Any:
        due = original(table)
        if due is not None:
            passed.append(due[0])
        return due

    monkeypatch.setattr(service, "_pass_due", counting)
    await member.slash(world.channel, "game learn", game="junta")
    (thread,) = world.channel.threads
    table = practice_of(world, member)
    seat = table.seat_of(member.id)
    assert seat is not None

    def asked_for_nothing(t: Table) -> bool:
        """The member is waited on at a window with nothing to play (what the bot must answer for him)."""
        return seat in t.game.to_act(t.state) and JUNTA.pass_action(t.state, seat) is not None

    for _ in range(60):
        if table.status != "playing" or passed.count(seat) >= 3:
            break
        await member_moves(world, member, table, thread, until=asked_for_nothing, cap=1)
        assert not asked_for_nothing(table)
        await world.env.settle()
    assert passed.count(seat) >= 3 and set(passed) == {seat}
    told = [text for text in world.texts(member.user.dm_channel) if text.startswith("🃏 None of your cards")]
    assert len(told) == 1
