"""Removing a member: the host's /game kick (lobby, computer takes over, leave rule, refusals) and the vote-kick."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.meta import KickVote
from bot.ui.kick import vote_text
from tests.bot.cogs.polls_kit import fast_legal_chooser
from tests.bot.conftest import World, custom_id
from tests.bot.helpers import lobby_message, open_table, public_text


async def polls_between_two(world: World) -> int:
    host, guest = world.players[:2]
    await host.slash(world.channel, "polls new", opponent=guest)
    lobby = lobby_message(world)
    table_id = int(custom_id(lobby, ":start$").split(":")[1])
    await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby_message(world), custom_id=custom_id(lobby, ":start$"))
    return table_id


def said(result: Any) -> str:
    """What the member was told privately: the (deferred) answer and any follow-ups."""
    return " ".join([result.response.content or "" if result.response else "", *(f.content or "" for f in
                                                                                   result.followups)])


def vote_message(world: World) -> Any:
    return next(m for m in reversed(world.channel.history()) if any(
        str(getattr(c, "custom_id", "")).startswith("vk:") for row in m.components for c in row.children))


async def test_the_host_kicks_and_a_computer_takes_the_seat(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """In The Polls a kicked member's seat goes to a computer player, which plays on; the member's clicks are
    refused from then on."""
    fast_legal_chooser(monkeypatch)
    host, guest = world.players[:2]
    table_id = await polls_between_two(world)
    result = await host.slash(world.channel, "game kick", member=guest)
    assert result.ephemeral and "no longer at the table" in said(result)
    assert f"removed <@{guest.id}> from the game: a computer player takes over their seat" in public_text(world)
    table = world.bot.service.tables[table_id]
    assert table.seat_of(guest.id) is None and 1 in table.computer_seats
    assert table.row.meta.replaced == {1: guest.id}
    board = world.board()
    clicked = await guest.click(board, custom_id=custom_id(board, r"^g:\d+:pa:"))
    assert clicked.ephemeral and "not playing at this table" in clicked.response.content


async def test_only_the_host_may_kick(world: World) -> None:
    """A player who is not the host is refused privately and nothing changes."""
    host, guest = world.players[:2]
    table_id = await polls_between_two(world)
    result = await guest.slash(world.channel, "game kick", member=host)
    assert result.ephemeral and "Only the host" in result.response.content
    table = world.bot.service.tables[table_id]
    assert table.users == [host.id, guest.id] and not table.computer_seats


async def test_kick_refuses_yourself_and_strangers(world: World) -> None:
    """The host cannot kick themselves (that is /game leave) nor a member without a seat."""
    host = world.players[0]
    await polls_between_two(world)
    itself = await host.slash(world.channel, "game kick", member=host)
    assert itself.ephemeral and "/game leave" in itself.response.content
    stranger = await host.slash(world.channel, "game kick", member=world.outsider)
    assert stranger.ephemeral and "no seat at this table" in stranger.response.content


async def test_a_kick_in_spyfall_leaves_by_the_rules(world: World) -> None:
    """Spyfall has no computer player: the kicked member leaves by the game's leave rule."""
    table_id = await open_table(world)
    host, kicked = world.players[0], world.players[3]
    await host.slash(world.channel, "game kick", member=kicked)
    table = world.bot.service.tables[table_id]
    assert table.state["left"][3] is True
    assert f"removed <@{kicked.id}> from the game: they leave it by the rules" in public_text(world)


@pytest.mark.usefixtures("with_toy")
async def test_a_game_that_cannot_go_on_refuses_the_kick(world: World) -> None:
    """The toy game has neither a computer player nor a leave rule: the kick is refused in one sentence."""
    host, guest = world.players[:2]
    await host.slash(world.channel, "toy")
    lobby = lobby_message(world)
    table_id = int(custom_id(lobby, ":start$").split(":")[1])
    await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby_message(world), custom_id=custom_id(lobby, ":start$"))
    result = await host.slash(world.channel, "game kick", member=guest)
    assert "cannot go on without that player" in said(result)
    assert world.bot.service.tables[table_id].seat_of(guest.id) == 1


async def test_a_kick_in_the_lobby_frees_the_seat(world: World) -> None:
    """Before the start the kicked member's seat is freed and the lobby message shows it."""
    host, guest = world.players[:2]
    await host.slash(world.channel, "spyfall new")
    lobby = lobby_message(world)
    await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.slash(world.channel, "game kick", member=guest)
    table = world.bot.service.in_channel(world.channel.id)
    assert table is not None and table.users == [host.id]
    refreshed = next(m for m in world.channel.history() if m.id == lobby.id)
    assert f"<@{guest.id}>" not in (refreshed.embeds[0].fields[0].value or "")


async def test_a_vote_kick_needs_every_other_players_yes(world: World) -> None:
    """In a four-player Spyfall, the proposer and the two others say yes: the fourth leaves. The member voted on
    and a stranger cannot vote."""
    table_id = await open_table(world)
    first, second, third, target = world.players
    result = await second.slash(world.channel, "game votekick", member=target)
    assert result.ephemeral
    vote = vote_message(world)
    assert "1 of 3 players voted yes" in vote.content
    refused = await target.click(vote, custom_id=custom_id(vote, ":y$"))
    assert refused.ephemeral and "about you" in refused.response.content
    stranger = await world.outsider.click(vote, custom_id=custom_id(vote, ":y$"))
    assert stranger.ephemeral and "not playing" in stranger.response.content
    await first.click(vote, custom_id=custom_id(vote, ":y$"))
    assert "2 of 3 players voted yes" in next(m for m in world.channel.history() if m.id == vote.id).content
    assert world.bot.service.tables[table_id].state["left"][3] is False
    await third.click(vote, custom_id=custom_id(vote, ":y$"))
    done = next(m for m in world.channel.history() if m.id == vote.id)
    assert "the vote passed" in done.content and not done.components
    assert world.bot.service.tables[table_id].state["left"][3] is True


async def test_one_no_ends_the_vote_kick(world: World) -> None:
    """A single no keeps the player, closes the vote, and a new vote may then be opened."""
    table_id = await open_table(world)
    first, second, _third, target = world.players
    await second.slash(world.channel, "game votekick", member=target)
    again = await first.slash(world.channel, "game votekick", member=target)
    assert again.ephemeral and "already open" in again.response.content
    vote = vote_message(world)
    await first.click(vote, custom_id=custom_id(vote, ":n$"))
    done = next(m for m in world.channel.history() if m.id == vote.id)
    assert f"<@{first.id}> voted no" in done.content and not done.components
    assert world.bot.service.tables[table_id].state["left"][3] is False
    reopened = await first.slash(world.channel, "game votekick", member=target)
    assert reopened.ephemeral and "is open" in said(reopened)


async def test_a_vote_kick_lapses(world: World) -> None:
    """A vote nobody finishes lapses after ten minutes: a late yes is told the vote is over."""
    table_id = await open_table(world, minutes=20)
    first, second, _third, target = world.players
    await second.slash(world.channel, "game votekick", member=target)
    vote = vote_message(world)
    await world.env.advance_time(601)
    late = await first.click(vote, custom_id=custom_id(vote, ":y$"))
    assert late.ephemeral and "vote is over" in late.response.content
    assert world.bot.service.tables[table_id].state["left"][3] is False


async def test_voting_off_the_host_passes_the_table_to_the_proposer(world: World, monkeypatch: pytest.MonkeyPatch,
                                                                   ) -> None:
    """With two players the proposer's own yes is everybody else's: the host's seat goes to a computer and the
    proposer runs the table (may end it)."""
    fast_legal_chooser(monkeypatch)
    host, guest = world.players[:2]
    table_id = await polls_between_two(world)
    await guest.slash(world.channel, "game votekick", member=host)
    table = world.bot.service.tables[table_id]
    assert table.seat_of(host.id) is None and table.host == guest.id
    assert world.bot.store is not None
    row = await world.bot.store.get_table(table_id)
    assert row is not None and row.host == guest.id


@pytest.mark.parametrize(("locale", "one", "two"), [
    ("en", "1 of 3 players voted yes.", "2 of 3 players voted yes."),
    ("it", "1 su 3 giocatori ha votato sì.", "2 su 3 giocatori hanno votato sì."),
    ("es", "1 de 3 jugadores ha votado sí.", "2 de 3 jugadores han votado sí."),
    ("ca", "1 de 3 jugadors ha votat sí.", "2 de 3 jugadors han votat sí."),
])
def test_the_vote_count_words_each_count_by_its_own_plural(locale: str, one: str, two: str) -> None:
    """The verb agrees with the yes votes and the noun with the players asked, each by its own plural form."""
    table: Any = SimpleNamespace(users=[11, 12, 13, 14], computer_seats=[])
    assert one in vote_text(table, KickVote(target=14, by=11, yes=[11], at=0.0), locale)
    assert two in vote_text(table, KickVote(target=14, by=11, yes=[11, 12], at=0.0), locale)
