"""A game is declared in one place: the toy game (tests/bot/ui/toy.py), added through its descriptor alone, is
found in `/game rules`, `/game learn` (it names a computer player), the leaderboard, the ratings, the words
check, the sandbox's command list, the playout corpus and the benches — no list of game names anywhere else was
changed for it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bench._common import all_games
from bench.boards import _draw_times
from bench.engines import computer_games
from bot.i18n.tooling import domains, problems
from bot.sandbox import game_commands, launcher_page
from games import DESCRIPTORS, GAME_IDS, REGISTRY, registered
from tests.bot.conftest import World, custom_id, make_bot
from tests.bot.ui import toy
from tests.support.corpus import CORPUS

# The toy, declared as a game with a computer player, a summary of its rules and a small corpus.
LEARNING_TOY = dataclasses.replace(toy.DESCRIPTOR, computer="tests.bot.ui.toy", playouts=2)


@pytest.fixture
def toy_registered() -> Iterator[None]:
    with registered(LEARNING_TOY):
        yield


@pytest.fixture
def simcord_bot(toy_registered: None, db_path: Path) -> Any:
    return make_bot(db_path)


def choices(world: World, command: str, parameter: str) -> list[str]:
    group = world.bot.tree.get_command("game")
    assert isinstance(group, app_commands.Group)
    found = group.get_command(command)
    assert isinstance(found, app_commands.Command)
    (param,) = [p for p in found.parameters if p.name == parameter]
    return [str(choice.value) for choice in param.choices]


def test_registering_a_descriptor_is_all_it_takes_and_leaves_no_trace() -> None:
    """While registered the toy is a game like the others (its engine in REGISTRY); afterwards it is gone."""
    assert "toy" not in DESCRIPTORS and "toy" not in GAME_IDS
    with registered(LEARNING_TOY):
        assert REGISTRY["toy"] is toy.GAME and DESCRIPTORS["toy"].learnable
    assert "toy" not in DESCRIPTORS and "toy" not in REGISTRY


async def test_game_commands_offer_the_toy(world: World) -> None:
    """/game rules, /game learn and /game leaderboard list the toy; its rules answer with its title."""
    assert "toy" in choices(world, "rules", "game")
    assert "toy" in choices(world, "learn", "game") and "spyfall" not in choices(world, "learn", "game")
    assert "toy" in choices(world, "leaderboard", "game")
    rules = await world.players[0].slash(world.channel, "game rules", game="toy")
    assert rules.ephemeral and rules.response.embeds[0].title == "Toy"


async def test_the_sandbox_lists_the_toy_s_command(world: World) -> None:
    """The sandbox's greeting and launcher list how each registered game is opened, the toy's `/toy` too."""
    commands = game_commands(world.bot.tree)
    assert "/toy" in commands and "/spyfall new" in commands
    assert "<code>/toy</code>" in launcher_page({"places": [], "current": ""}, commands)


async def test_a_practice_table_of_the_toy_opens(world: World) -> None:
    """/game learn toy opens a practice table: its computer player fills the other seat."""
    member = world.players[0]
    result = await member.slash(world.channel, "game learn", game="toy")
    assert result.ephemeral
    table = world.bot.service.practice_of(member.id)
    assert table is not None and table.game.id == "toy" and table.row.meta.practice
    assert table.computer_seats


async def test_a_finished_toy_game_is_rated_and_on_the_leaderboard(world: World) -> None:
    """Two members play the toy to its end: both are rated from its outcome, and the leaderboard shows them."""
    host, other = world.players[:2]
    await host.slash(world.channel, "toy")
    lobby = world.channel.last_message
    await other.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    for turn in range(toy.TURNS):
        await world.players[turn % 2].click(world.board(), custom_id=custom_id(world.board(), r"^g:\d+:pass:"))
    store = world.bot.store
    assert store is not None
    assert set(await store.ratings(world.guild.id, "toy")) == {host.id, other.id}
    board = await host.slash(world.channel, "game leaderboard", game="toy")
    assert board.response.embeds and "Toy" in (board.response.embeds[0].title or "")


def test_the_words_check_reads_the_toy_s_catalog(toy_registered: None) -> None:
    """The toy's domain is one of the catalogs, and its words (found in its own module) are missing there."""
    assert "toy" in domains()
    found = problems(locales=("en",))
    assert "en: toy.not_your_turn is used in the code but missing from the catalog" in found


def test_the_corpus_plays_the_toy(toy_registered: None) -> None:
    """The playout corpus plays the descriptor's number of toy games, each to its outcome."""
    assert list(CORPUS.seeds("toy")) == [0, 1]
    playout = CORPUS.playout("toy", 1)
    assert toy.GAME.outcome(playout.final) is not None


async def test_the_benches_take_the_toy(toy_registered: None) -> None:
    """The benches' games include the toy: its board is drawn, its computer player plays whole games."""
    assert "toy" in all_games()
    samples, _asked = await _draw_times("toy", 1, 3)
    assert samples
    played = computer_games(toy.GAME, 1)
    assert played is not None and played[2] == 1
