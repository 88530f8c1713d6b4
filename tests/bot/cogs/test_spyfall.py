"""A whole Spyfall game through the real bot in SimCord."""

from __future__ import annotations

import re

from games.spyfall.locations import BY_ID
from tests.bot.conftest import World
from tests.bot.helpers import (
    card,
    choose,
    click,
    details_text,
    embed_text,
    location_name,
    location_of,
    open_table,
    pass_question,
    public_text,
    spy_seat,
    vote_all,
)
from tests.bot.rated import assert_rated


async def scores_on_board(world: World) -> dict[str, int]:
    """The scores the running board shows (its rows per player are in 📜 Details); none once it is over."""
    text = await details_text(world) if world.board().components else ""
    found = dict(re.findall(r"^(\w+): (\d+) points?$", text, flags=re.M))
    return {k: int(v) for k, v in found.items()}


def final_scores(world: World) -> dict[str, int]:
    """The final standings of the last result message: '1. name: points'."""
    text = public_text(world)
    block = text.rsplit("Final standings", 1)[1]
    return {name: int(points) for name, points in re.findall(r"^\d+\. (\w+): (\d+) points?$", block, flags=re.M)}


async def test_full_four_player_game(world: World) -> None:
    """Lobby → cards by DM → questions → accusations → reveals → time-out votes → final score."""
    env = world.env
    names = [p.user.name for p in world.players]
    expected = dict.fromkeys(names, 0)
    await open_table(world, rounds=4, minutes=3)
    (table_id,) = world.bot.service.tables

    # Round 1: cards by DM, exactly one spy, the others share the location.
    spy = spy_seat(world)
    assert "You are the spy" in card(world.players[spy])
    location = location_of(world)
    assert location not in public_text(world) and location_name(location) not in public_text(world)
    dealer = next(i for i, n in enumerate(names) if f"{n} deals and asks first" in public_text(world))

    # Questions: the dealer passes with the button, the answerer with /spyfall ask.
    answerer = (dealer + 1) % 4
    result = await pass_question(world, dealer, answerer)
    assert not result.ephemeral  # answered by the board it changed
    assert f"{names[dealer]} asked {names[answerer]}" in public_text(world)
    nxt = (answerer + 1) % 4
    result = await world.players[answerer].slash(world.channel, "spyfall ask", player=world.players[nxt])
    assert result.ephemeral and "Question passed" in result.response.content
    assert f"{names[nxt]} asks next" in embed_text(world.board())

    # A failed accusation of a non-spy: the clock pauses, one "no" keeps the round going.
    innocent = (spy + 1) % 4
    accuser = (spy + 2) % 4
    result = await click(world, world.players[accuser], "accuse")
    await choose(world.players[accuser], result, {"type": "accuse", "target": innocent})
    assert "The clock is paused" in embed_text(world.board())
    await vote_all(world, innocent, no_from={spy}, skip={accuser})
    assert "not unanimous" in public_text(world)
    assert "Time runs out" in embed_text(world.board())

    # The same player cannot accuse twice in a round.
    result = await click(world, world.players[accuser], "accuse")
    assert result.ephemeral and "already used your accusation" in result.response.content

    # A unanimous accusation of the spy: the others +1, the accuser +1 more.
    accuser2 = (spy + 3) % 4
    result = await click(world, world.players[accuser2], "accuse")
    await choose(world.players[accuser2], result, {"type": "accuse", "target": spy})
    await vote_all(world, spy, skip={accuser2})
    for seat in range(4):
        if seat != spy:
            expected[names[seat]] += 1
    expected[names[accuser2]] += 1
    assert "was the spy" in public_text(world)
    assert location_name(location) in public_text(world)  # the round end shows the location
    assert await scores_on_board(world) == expected

    # Round 2: the spy deals, reveals and guesses right (+4).
    await click(world, world.players[spy], "deal")
    spy = spy_seat(world)
    location = location_of(world)
    result = await click(world, world.players[spy], "reveal")
    await choose(world.players[spy], result, {"type": "guess", "location": location})
    expected[names[spy]] += 4
    assert "guessed the location" in public_text(world)
    assert await scores_on_board(world) == expected

    # Round 3: the spy reveals and guesses wrong: everyone else +1.
    await click(world, world.players[spy], "deal")
    spy = spy_seat(world)
    location = location_of(world)
    wrong = next(i for i in BY_ID if i != location)
    result = await click(world, world.players[spy], "reveal")
    await choose(world.players[spy], result, {"type": "guess", "location": wrong})
    for seat in range(4):
        if seat != spy:
            expected[names[seat]] += 1
    assert "and loses" in public_text(world)
    assert await scores_on_board(world) == expected

    # Round 4: time runs out; every vote times out with no unanimity: the spy +2.
    await click(world, world.players[spy], "deal")
    spy = spy_seat(world)
    await env.advance_time(3 * 60)
    assert "Time is up" in public_text(world)
    for _ in range(4):
        await env.advance_time(60)
    expected[names[spy]] += 2
    assert "Nobody was convicted" in public_text(world)
    assert final_scores(world) == expected
    top = max(expected.values())
    winners = [n for n, v in expected.items() if v == top]
    assert all(w in public_text(world).rsplit("Winner", 1)[1] for w in winners)
    await assert_rated(world, table_id)


async def test_time_out_vote_starts_at_dealer_and_stops_at_unanimity(world: World) -> None:
    """At time-out the first suspect is the dealer; a unanimous yes on the spy ends the round."""
    env = world.env
    names = [p.user.name for p in world.players]
    await open_table(world, rounds=1, minutes=3)
    spy = spy_seat(world)
    dealer = next(i for i, n in enumerate(names) if f"{n} deals and asks first" in public_text(world))
    await env.advance_time(180)
    assert f"Is **{names[dealer]}** the spy?" in embed_text(world.board())
    suspect = dealer
    while suspect != spy:
        await vote_all(world, suspect, no_from={spy} if spy != suspect else set())
        suspect = (suspect + 1) % 4
        if suspect == spy:
            break
        assert f"Is **{names[suspect]}** the spy?" in embed_text(world.board())
    await vote_all(world, spy)
    assert "was the spy" in public_text(world)
    scores = {n: int(p) for n, p in re.findall(r"^\d+\. (\w+): (\d+) points?$", public_text(world), flags=re.M)}
    # Convicted in the time-out vote: every non-spy +1, nobody gets an accuser's bonus.
    assert scores == {n: (0 if i == spy else 1) for i, n in enumerate(names)}
