"""The generic lobby: its options, invitations and who may sit down."""

from __future__ import annotations

from tests.bot.conftest import World, custom_id
from tests.bot.helpers import embed_text


async def test_lobby_shows_options_in_words(world: World, italian: None) -> None:
    """The options are listed with the reader's words, not raw keys and booleans."""
    await world.players[0].slash(world.channel, "spyfall new", rounds=3, minutes=5, roles=False)
    text = embed_text(world.channel.last_message)
    assert "Round: 3" in text and "Minuti per round: 5" in text and "Ruoli: no" in text
    assert "roles" not in text and "False" not in text


async def test_challenged_opponent_only_may_join(world: World) -> None:
    """A Polls challenge keeps the seat for the challenged member: others get a private refusal."""
    host, challenged, other = world.players[:3]
    await host.slash(world.channel, "polls new", opponent=challenged)
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    result = await other.click(lobby, custom_id=custom_id(lobby, ":join$"))
    assert result.ephemeral and f"<@{challenged.id}>" in result.response.content
    assert f"<@{other.id}>" not in embed_text(lobby)
    await challenged.click(lobby, custom_id=custom_id(lobby, ":join$"))
    refreshed = next(m for m in world.channel.history() if m.id == lobby.id)
    assert f"<@{challenged.id}>" in embed_text(refreshed)


async def test_stats_after_a_finished_game(world: World) -> None:
    """/game stats shows a finished game's rating, plays, wins and points, privately."""
    from tests.bot.helpers import choose, click, open_table, spy_seat

    result = await world.players[0].slash(world.channel, "game stats")
    assert result.ephemeral and "no finished games" in result.response.embeds[0].description
    await open_table(world, rounds=1)
    spy = spy_seat(world)
    result = await click(world, world.players[spy], "reveal")
    await choose(world.players[spy], result, {"type": "guess", "location": "airplane"})
    result = await world.players[0].slash(world.channel, "game stats", member=world.players[spy])
    field = result.response.embeds[0].fields[0]
    assert field.name == "Spyfall"
    spy_won = "guessed the location" in "\n".join(world.texts())  # a right guess: the spy alone scores 4
    wins = "1 win" if spy_won else "0 wins"
    assert f"(provisional) · 1 game · win rate: — · {4 if spy_won else 0} points\n{wins}\n" in field.value
    assert field.value.startswith("rating ") and "\nLast game: " in field.value
