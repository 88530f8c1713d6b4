"""/game leaderboard and /game stats through the real bot in SimCord: the empty board, the picture and its
text, periods, names, the asking member's own row, a real game against the computer, a member's record."""

from __future__ import annotations

import io
import itertools
import random
from typing import Any

import pytest
from PIL import Image

from bot.i18n import t, tn
from bot.meta import TableMeta
from games.polls import GAME as POLLS
from renderers.core import inline_size
from tests.bot.conftest import World

DAY = 86_400.0
TABLES = itertools.count(1)  # each recorded game's table id


async def record(world: World, game: str, users: list[Any], winners: list[Any], points: dict[Any, float] | None = None,
                 *, days_ago: float = 0.0) -> None:
    """One finished game of `game` on the world's server, `days_ago` days before the bot's now."""
    bot = world.bot
    assert bot.store is not None
    ids = [u if isinstance(u, int) else u.id for u in users]
    await bot.store.record_result(
        world.guild.id, game, ids, {w if isinstance(w, int) else w.id for w in winners},
        {(k if isinstance(k, int) else k.id): v for k, v in (points or {}).items()},
        table=next(TABLES), at=bot.service.clock() - days_ago * DAY)


def lines(result: Any) -> list[str]:
    """The ranked lines of the leaderboard embed (after the period line)."""
    description = result.response.embeds[0].description or ""
    return [line for line in description.split("\n\n", 1)[1].split("\n") if line]


async def picture(result: Any) -> Image.Image:
    attached = result.response.attachments
    assert [a.filename for a in attached] == ["leaderboard.png"]
    return Image.open(io.BytesIO(await attached[0].read()))


async def test_no_games_yet_is_one_private_sentence(world: World) -> None:
    """A leaderboard with no finished game: one clear sentence for the asker alone, no picture."""
    result = await world.players[0].slash(world.channel, "game leaderboard", game="junta")
    assert result.ephemeral
    assert result.response.content == t("en", "leaderboard.empty.all", game="Junta")
    assert not result.response.embeds and not result.response.attachments
    await record(world, "junta", world.players[:2], [world.players[0]], days_ago=10)
    result = await world.players[0].slash(world.channel, "game leaderboard", game="junta", period="week")
    assert result.ephemeral and "last 7 days" in result.response.content
    assert not world.channel.history()  # nothing public


async def test_the_board_is_public_with_the_picture_and_the_order_in_text(world: World) -> None:
    """After some games: a public picture beside an embed listing the members by wins, then win rate; no ids."""
    barbara, federico, gianni, sabrina = world.players
    for _ in range(3):
        await record(world, "polls", [federico, gianni], [federico])
    await record(world, "polls", [barbara, sabrina], [barbara])
    await record(world, "polls", [barbara, gianni], [barbara])
    await record(world, "polls", [barbara, -1], [-1])  # lost to the computer
    await record(world, "polls", [sabrina, -1], [sabrina])
    result = await gianni.slash(world.channel, "game leaderboard", game="polls")
    assert not result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "The Polls Are Closed! (Spain) leaderboard"
    assert embed.description.startswith("All time · 4 players ranked")
    assert lines(result) == [
        "**1.** federico — 3 wins · 3 games · win rate: 100%",
        "**2.** barbara — 2 wins · 3 games · win rate: 67%",
        "**3.** sabrina — 1 win · 2 games · win rate: —",
        "**4.** gianni — 0 wins · 4 games · win rate: 0%",
    ]
    assert embed.footer.text == "— fewer than 3 games: no win rate yet"
    assert "Computer" not in embed.description and str(world.guild.id) not in embed.description
    assert all(str(p.id) not in embed.description for p in world.players)
    assert embed.image.url is None  # the picture is beside the embed, shown in the larger attachment box
    image = await picture(result)
    assert image.width == 1100 and 250 < image.height <= 700 and inline_size(*image.size)[0] == 550
    about = result.response.attachments[0].description or ""  # the picture in words, for a screen reader
    assert about.startswith("The Polls Are Closed! (Spain) leaderboard. Game night")  # the server's name
    assert "1. federico: 3 wins, 3 games, win rate: 100%. 2. barbara: 2 wins, 3 games, win rate: 67%." in about


async def test_points_show_only_for_a_game_with_points(world: World) -> None:
    """Spyfall's lines carry points (and break a tie in wins and rate); Polls' lines never do."""
    barbara, federico = world.players[:2]
    await record(world, "spyfall", [barbara, federico], [barbara, federico], {barbara: 3, federico: 5})
    result = await barbara.slash(world.channel, "game leaderboard", game="spyfall")
    assert lines(result) == ["**1.** federico — 1 win · 1 game · win rate: — · 5 points",
                             "**2.** barbara — 1 win · 1 game · win rate: — · 3 points"]
    await record(world, "polls", [barbara, federico], [federico])
    result = await barbara.slash(world.channel, "game leaderboard", game="polls")
    assert "point" not in (result.response.embeds[0].description or "")


async def test_periods_count_games_by_when_they_finished(world: World) -> None:
    """All time, the last 30 days and the last 7 days, counted back from the bot's clock as time passes."""
    barbara, federico, gianni = world.players[:3]
    await record(world, "arditi", [barbara, federico], [barbara], {barbara: 9, federico: 2}, days_ago=40)
    await record(world, "arditi", [federico, gianni], [federico], {federico: 8, gianni: 1}, days_ago=12)
    await record(world, "arditi", [gianni, barbara], [gianni], {gianni: 7, barbara: 3})

    async def board(period: str) -> list[str]:
        result = await barbara.slash(world.channel, "game leaderboard", game="arditi", period=period)
        return [line.split(" — ")[0] for line in lines(result)]

    assert await board("all") == ["**1.** barbara", "**2.** federico", "**3.** gianni"]
    assert await board("month") == ["**1.** gianni", "**2.** federico", "**3.** barbara"]
    assert await board("week") == ["**1.** gianni", "**2.** barbara"]
    await world.env.advance_time(8 * DAY)  # the last game is now 8 days old
    result = await barbara.slash(world.channel, "game leaderboard", game="arditi", period="week")
    assert result.ephemeral and result.response.content == t("en", "leaderboard.empty.week", game="Arditi del Popolo")
    result = await barbara.slash(world.channel, "game leaderboard", game="arditi", period="month")
    assert result.response.embeds[0].description.startswith("Last 30 days · 3 players ranked")


async def test_the_asking_member_sees_their_own_row_below_the_top_ten(world: World) -> None:
    """Twelve members ranked: the top ten, then "…" and the asker's own row with their rank."""
    barbara = world.players[0]
    others = [world.guild.add_member(world.env.create_user(f"player{i:02d}")) for i in range(11)]
    for i, member in enumerate(others):
        for _ in range(i + 1):
            await record(world, "som", [member, barbara], [member])
    result = await barbara.slash(world.channel, "game leaderboard", game="som")
    shown = lines(result)
    assert len(shown) == 12 and shown[0].startswith("**1.** player10 — 11 wins")
    assert shown[9].startswith("**10.** player01") and shown[10] == "…"
    assert shown[11].startswith("**12.** barbara — 0 wins · 66 games")
    result = await others[5].slash(world.channel, "game leaderboard", game="som")
    assert len(lines(result)) == 10  # player05 is 6th: no extra row


async def test_names_are_current_remembered_or_neutral_never_ids(world: World) -> None:
    """A member's server nickname; a departed member's name from their last table here; else "Unknown member"."""
    barbara = world.players[0]
    nat = world.guild.add_member(world.env.create_user("natalia"), nick="Captain Nat")
    store = world.bot.store
    assert store is not None
    table = await store.create_table(game="polls", guild=world.guild.id, channel=world.channel.id, host=777,
                                     seed=1, options={}, now=1.0, meta=TableMeta(names={777: "Old Timer"}))
    await store.set_seats(table, [777, 888])
    await record(world, "polls", [nat, barbara], [nat])
    await record(world, "polls", [777, 888], [777, 888])
    result = await barbara.slash(world.channel, "game leaderboard", game="polls")
    text = "\n".join(lines(result))
    assert "Captain Nat" in text and "Old Timer" in text and "Unknown member" in text
    assert "777" not in text and "888" not in text and "natalia" not in text


async def test_a_real_game_against_the_computer_ranks_the_member_and_never_the_computer(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Polls game played through the bot against the computer, which concedes on its first move: the
    member is on the board with the win, the computer nowhere; their record shows it too."""
    from games.polls import ai
    from tests.bot.cogs.test_polls import RESULT, human_move, new_game_against_computer, public_text

    monkeypatch.setattr(ai, "choose", lambda state, seat, rng=None: {"type": "concede"})
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    rng = random.Random(1)
    for _ in range(100):
        if RESULT in public_text(world):
            break
        if not await human_move(world, host, table_id, rng):
            await world.env.settle()
    assert RESULT in public_text(world)
    assert world.bot.service.tables.get(table_id) is None or world.bot.service.tables[table_id].status != "playing"
    result = await host.slash(world.channel, "game leaderboard", game="polls", period="week")
    assert lines(result) == ["**1.** barbara — 1 win · 1 game · win rate: —"]
    assert "1 player ranked" in result.response.embeds[0].description
    assert "Computer" not in "\n".join(world.texts()[-1:])
    stats = await host.slash(world.channel, "game stats")
    field = stats.response.embeds[0].fields[0]
    assert field.name == POLLS.title and "1 win · 1 game" in field.value and "Rank 1 of 1" in field.value


async def test_stats_for_oneself_and_another_member(world: World) -> None:
    """Privately: each game's wins, games, win rate, points where the game has them and the all-time rank;
    the "no games yet" sentence; a bot is not a player."""
    barbara, federico, gianni = world.players[:3]
    for winner in (barbara, barbara, federico):
        await record(world, "spyfall", [barbara, federico, gianni], [winner], {winner: 4, gianni: 1})
    await record(world, "polls", [federico, -1], [federico])
    mine = await barbara.slash(world.channel, "game stats")
    assert mine.ephemeral
    embed = mine.response.embeds[0]
    assert embed.title == "barbara's games" and [f.name for f in embed.fields] == ["Spyfall"]
    assert embed.fields[0].value == ("2 wins · 3 games · win rate: 67%\n8 points\n"
                                     "Rank 1 of 3 on the all-time leaderboard")
    theirs = await barbara.slash(world.channel, "game stats", member=federico)
    fields = {f.name: f.value for f in theirs.response.embeds[0].fields}
    assert fields["Spyfall"].startswith("1 win · 3 games · win rate: 33%\n4 points\nRank 2 of 3")
    assert fields[POLLS.title] == "1 win · 1 game · win rate: —\nRank 1 of 1 on the all-time leaderboard"
    assert theirs.response.embeds[0].footer.text == tn("en", "leaderboard.no_rate_note", 3)
    nobody = await barbara.slash(world.channel, "game stats", member=world.outsider)
    assert nobody.response.embeds[0].description == "olga has no finished games on this server yet."
    alone = await world.outsider.slash(world.channel, "game stats")
    assert alone.response.embeds[0].description == t("en", "stats.none_self")
    robot = world.guild.add_member(world.env.create_user("dealer-bot", bot=True))
    result = await barbara.slash(world.channel, "game stats", member=robot)
    assert result.ephemeral and result.response.content == "dealer-bot is a bot: bots keep no record here."


async def test_the_board_in_the_readers_language(world: World, italian: None) -> None:
    """An Italian reader gets Italian words in the embed (and the picture drawn with the same catalog)."""
    await record(world, "spyfall", world.players[:2], [world.players[1]], {world.players[1]: 2})
    result = await world.players[0].slash(world.channel, "game leaderboard", game="spyfall", period="month")
    embed = result.response.embeds[0]
    assert embed.title == "Classifica di Spyfall"
    assert embed.description.startswith("Ultimi 30 giorni · 2 giocatori in classifica")
    assert lines(result)[0] == "**1.** federico — 1 vittoria · 1 partita · percentuale di vittorie: — · 2 punti"
