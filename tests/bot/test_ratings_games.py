"""Ratings through the real bot in SimCord. A whole game of each kind played by clicks checks its rating rows
with `tests.bot.rated.assert_rated`: Spyfall, Polls, Arditi and Junta at the end of their own whole games
(tests/bot/cogs/), Som here. The rest: a member replaced by a computer is rated last, a practice table and a game
ended by `/game end` are never rated.

Those are played from a late position of a random playout (its engine's `setup` returns it) and its last move
goes through the table service, as a click's does."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot import ratings as rt
from bot.testkit.clicks import table_of
from games import REGISTRY
from games.core.playout import Playout
from tests.bot.conftest import World, components, custom_id
from tests.bot.rated import assert_rated, member_moves
from tests.support.corpus import PlayoutCorpus

# game → (members, computers, the `/<game> new` options, the engine's options)
TABLES: dict[str, tuple[int, int, dict[str, Any], dict[str, Any]]] = {
    "spyfall": (4, 0, {}, {}),
    "junta": (3, 1, {"computers": 1}, {}),
    "som": (1, 1, {"computers": 1}, {}),
}


def member_seats(game_id: str) -> list[int]:
    """The members' seats: the host's first, then the computers' (seated as the lobby opens), then the guests'."""
    members, computers, _, _ = TABLES[game_id]
    return [0, *range(1 + computers, members + computers)]


def ending(corpus: PlayoutCorpus, game_id: str) -> Playout:
    """A random game whose last move is a member's."""
    members, computers, _, options = TABLES[game_id]
    for seed in range(40):
        playout = corpus.play(game_id, members + computers, options, seed)
        seat = playout.actions[-1][1]
        if playout.outcome is not None and seat in member_seats(game_id):
            return playout
    raise AssertionError(f"no {game_id} game ends on a member's move")


async def open_table(world: World, game_id: str) -> int:
    """`/<game> new` by the host, the guests join, the host starts (a table that started at once is left)."""
    members, _, options, _ = TABLES[game_id]
    host, *guests = world.players[:members]
    result = await host.slash(world.channel, f"{game_id} new", **options)
    assert result.response is not None and not result.ephemeral, result.response
    (table_id,) = world.bot.service.tables
    if table_of(world, table_id).status == "lobby":
        lobby = next(m for m in reversed(world.channel.history())
                     if any(":join" in str(getattr(c, "custom_id", "")) for c in components(m)))
        for guest in guests:
            await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
        await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    return table_id


async def play_the_end(world: World, game_id: str, playout: Playout, monkeypatch: pytest.MonkeyPatch,
                       practice: bool = False, hand_over: int | None = None) -> list[int]:
    """The table opened by the members, from the position before the playout's last move, that move played (unless
    the computer seat ended the game first); each seat's player."""
    game = REGISTRY[game_id]
    before = playout.states[-2]
    monkeypatch.setattr(game, "setup", lambda n, options, rng: copy.deepcopy(before))
    table_id = await open_table(world, game_id)
    table = table_of(world, table_id)
    if table is not None:
        assert table.status == "playing" and len(table.users) == playout.players
        if practice:
            table.row.meta.practice = True
            await world.bot.service.save_meta(table)
        if hand_over is not None:  # as three missed turns or /game kick do
            await world.bot.service.hand_to_computer(table_id, hand_over, "Computer")
        _, seat, action, at = playout.actions[-1]
        await world.env.advance_time(max(0.0, at - world.bot.service.clock()))
        await world.bot.service.act(table_id, table.users[seat], {k: v for k, v in action.items() if k != "at"})
    await world.env.settle()
    store = world.bot.store
    assert store is not None
    row = await store.get_table(table_id)
    assert row is not None and row.status == "finished"
    return [user for user, _ in await store.seats(table_id)]


async def test_a_whole_som_game_rates_its_citizens(world: World) -> None:
    """A `/som new` table of a member and a computer citizen played to the end by the member's clicks: the member's
    row moves with the citizens' shared result against the game (Som's quickest game, at two seats)."""
    member = world.players[0]
    table_id = await open_table(world, "som")
    table = table_of(world, table_id)
    assert table.status == "playing"
    for _ in range(50):
        if table.status != "playing":
            break
        await member_moves(world, member, table, world.channel)
        await world.env.settle()
    assert table.status == "finished"
    await assert_rated(world, table_id)


async def test_a_member_replaced_by_a_computer_is_rated_last(world: World, playout_corpus: PlayoutCorpus,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A Junta member whose seat a computer took over before the end is rated behind every member who played on,
    whatever the seat's final place; the computer that replaced them gets no row."""
    playout = ending(playout_corpus, "junta")
    mover = playout.actions[-1][1]
    gone = next(seat for seat in member_seats("junta") if seat != mover)
    await play_the_end(world, "junta", playout, monkeypatch, hand_over=gone)
    store = world.bot.store
    assert store is not None
    ratings = await store.ratings(world.guild.id, "junta")
    replaced = world.players[member_seats("junta").index(gone)].id
    assert set(ratings) == {p.id for p in world.players[:TABLES["junta"][0]]}
    (match,) = await store.rated_games(world.guild.id, "junta")
    place = {team[0]: rank for team, rank in zip(match.teams, match.ranks, strict=True)}
    assert place[replaced] == max(match.ranks) and all(place[u] < place[replaced] for u in ratings if u != replaced)
    assert ratings[replaced][0].mu < rt.NEUTRAL.mu


async def test_a_practice_table_is_never_rated(world: World, playout_corpus: PlayoutCorpus,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A practice table (/game learn) reaches its outcome: no rating, no rated game, no record."""
    await play_the_end(world, "spyfall", ending(playout_corpus, "spyfall"), monkeypatch, practice=True)
    store = world.bot.store
    assert store is not None
    assert await store.ratings(world.guild.id, "spyfall") == {}
    assert await store.rated_games(world.guild.id, "spyfall") == []
    assert await store.standings(world.guild.id, "spyfall") == []


async def test_a_game_ended_by_the_host_is_never_rated(world: World) -> None:
    """/game end closes the table without an outcome: nobody's rating moves."""
    table_id = await open_table(world, "spyfall")
    host = world.players[0]
    result = await host.slash(world.channel, "game end")
    table = table_of(world, table_id)
    assert table is None or table.status != "playing", result.response
    store = world.bot.store
    assert store is not None
    await world.env.settle()
    assert await store.ratings(world.guild.id, "spyfall") == {}
    assert await store.rated_games(world.guild.id, "spyfall") == []
