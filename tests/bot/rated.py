"""Shared by the whole games played through the bot: a member's hurried clicks, and what a finished table's
rating rows must be (issue 26), read from the store and checked against the engine's own outcome."""

from __future__ import annotations

from typing import Any

from bot import ratings as rt
from bot.tables import Table
from bot.testkit.clicks import use
from games import REGISTRY
from tests.bot.conftest import World


def member_action(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A member in a hurry: end the turn or the move whenever allowed, give nothing away, else the first choice."""
    for kind in ("end_turn", "end_move", "stop_moving", "decline_vote"):
        found = [a for a in legal if a["type"] == kind]
        if found:
            return found[0]
    if any(a["type"] == "redistribute" for a in legal):
        return {"type": "redistribute", "gifts": []}
    return legal[0]


async def member_moves(world: World, member: Any, table: Table, place: Any, until: Any = None,
                       cap: int = 200) -> int:
    """The member plays by clicks on the board in `place` while it is their move (and `until(table)` is false), at
    most `cap` moves; the moves played."""
    ui = world.bot.presenters[table.game.id].ui
    seat = table.seat_of(member.id)
    assert seat is not None
    moves = 0
    while table.status == "playing" and seat in table.game.to_act(table.state) and not (until and until(table)) \
            and moves < cap:
        seq = table.seq
        result = await use(world, ui, table, seat, member_action(table.legal_actions(seat)), board=world.board(place))
        assert table.seq > seq, result.response.content if result.response else result
        moves += 1
        await world.env.settle()
    return moves


async def assert_rated(world: World, table_id: int) -> None:
    """The finished table's rating rows: each member of it (and no one else, no computer) has one rated game in
    this guild and game, one update from neutral; the rated match lists them with the computers' fixed rating;
    the winners of the engine's outcome moved up and rank above the losers (Som: the citizens share one result
    against the game, priced by its mode and degree)."""
    await world.env.settle()
    store = world.bot.store
    assert store is not None
    row = await store.get_table(table_id)
    assert row is not None and row.status == "finished"
    game = REGISTRY[row.game]
    snapshot = await store.snapshot(table_id)
    assert snapshot is not None
    state = game.load(snapshot[1])
    outcome = game.outcome(state)
    assert outcome is not None
    players = {p.id for p in world.players}
    users = [user for user, _ in await store.seats(table_id)]
    members = {u for u in users if u in players}
    has_computer = any(u not in players for u in users)
    guild, kind = row.guild, row.game
    ratings = await store.ratings(guild, kind)
    assert set(ratings) == members
    assert all(rated == 1 for _, rated in ratings.values())
    (match,) = await store.rated_games(guild, kind)
    assert sorted(match.members) == sorted(members)
    fixed = [p for team in match.teams for p in team if isinstance(p, rt.Rating)]
    if has_computer:
        assert rt.reference().computer[kind] in fixed
    for user, (rating, _) in ratings.items():
        assert await store.rating_history(guild, user, kind) == [(rt.NEUTRAL, rating)]
    place = {p: rank for team, rank in zip(match.teams, match.ranks, strict=True) for p in team if isinstance(p, int)}
    if kind == "som":
        won = outcome.reason != "intervened"
        assert all((r.mu > rt.NEUTRAL.mu) == won for r, _ in ratings.values())
        assert rt.reference().of(kind).side(f"{state['mode']}/{state.get('degree') or 'medium'}") in fixed
        the_game = min(rank for team, rank in zip(match.teams, match.ranks, strict=True)
                       if not any(isinstance(p, int) for p in team))
        assert all((place[u] < the_game) == won for u in members)
        return
    winners = {users[s] for s in outcome.winners} & members
    losers = members - winners
    for user in winners:
        assert ratings[user][0].mu > rt.NEUTRAL.mu
        assert all(place[user] < place[loser] and ratings[user][0].mu > ratings[loser][0].mu for loser in losers)
