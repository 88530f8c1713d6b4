"""The shared presenter: a readable channel, recent moves on the board, pings, and the board's life."""

from __future__ import annotations

import random

import pytest

from tests.bot.cogs.polls_kit import board, fast_legal_chooser, human_move, new_game_against_computer, table_of
from tests.bot.conftest import World, components
from tests.bot.helpers import embed_text, open_table


async def test_routine_moves_stay_on_the_board(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Twelve clicks against the computer post fewer messages than clicks (it was 19 before), and the
    board's recent moves tell the routine ones."""
    fast_legal_chooser(monkeypatch)
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    before = len(world.channel.history())
    rng = random.Random(2)
    clicks = 0
    while clicks < 12:
        if await human_move(world, host, table_id, rng):
            clicks += 1
        else:
            await world.env.settle()
    posted = world.channel.history()[before:]
    assert len(posted) <= 9
    table = table_of(world, table_id)
    presenter = world.bot.presenters["polls"]
    ctx = await presenter.ctx(table)
    last = presenter.ui.word(table.view(None)["log"][-1], ctx)
    description = board(world).embeds[0].description or ""
    assert last and description.endswith(last)  # the newest move closes the board's recent moves


async def test_a_board_older_than_an_hour_is_posted_anew(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past an hour a move posts the board anew instead of editing it; the old one keeps no controls."""
    fast_legal_chooser(monkeypatch)
    table_id = await new_game_against_computer(world)
    first = board(world)
    await world.env.advance_time(3700)
    assert await human_move(world, world.players[0], table_id, random.Random(1))
    second = board(world)
    assert second.id != first.id
    refreshed = next(m for m in world.channel.history() if m.id == first.id)
    assert not components(refreshed)


async def test_the_board_is_edited_in_place_while_young(world: World) -> None:
    """A move on a young board edits it: no new board message."""
    from tests.bot.helpers import pass_question, public_text

    await open_table(world, rounds=1)
    first = world.board()
    names = [p.user.name for p in world.players]
    dealer = next(i for i, n in enumerate(names) if f"{n} deals and asks first" in public_text(world))
    await pass_question(world, dealer, (dealer + 1) % 4)
    assert world.board().id == first.id
    assert f"{names[dealer]} asked {names[(dealer + 1) % 4]}" in embed_text(world.board())


async def test_pictures_are_described_in_the_table_s_language(world: World, italian: None) -> None:
    """An Italian table's pictures carry their description in Italian: the opening's location sheet, the board,
    and the board edited after an accusation (a new picture, a new description); none names the location."""
    from tests.bot.helpers import choose, click, location_name

    table_id = await open_table(world, rounds=3)
    names = [p.user.name for p in world.players[:4]]
    state = table_of(world, table_id).state
    assert state is not None
    where = location_name(state["location"], "it")
    opening = next(m for m in world.channel.history() if m.attachments and m.id != world.board().id)
    [sheet] = opening.attachments
    assert (sheet.description or "").startswith("Elenco di 30 luoghi numerati")
    [picture] = world.board().attachments
    before = picture.description or ""
    assert before.startswith("Punteggi di Spyfall: Round 1 di 3, In gioco.") and len(before) <= 1024
    assert all(name in before for name in names) and where not in before
    result = await click(world, world.players[0], "accuse")
    await choose(world.players[0], result, {"type": "accuse", "target": 1})
    [picture] = world.board().attachments
    after = picture.description or ""
    assert "Voto sull'accusa" in after and f"Sospettato: {names[1]}." in after and where not in after


def test_every_picture_a_game_posts_is_described() -> None:
    """Each game's board (and full board), opening and result pictures have a describer beside them: a picture
    without one would be posted without its words for a screen reader."""
    import importlib

    from games import GAME_IDS

    for game in GAME_IDS:
        ui = importlib.import_module(f"bot.cogs.{game}").UI
        pairs = [(ui.render, ui.describe), (ui.full_render, ui.describe), (ui.opening_picture, ui.opening_describe),
                 (ui.result_picture, ui.result_describe)]
        assert ui.render is not None and all(describe is not None for picture, describe in pairs if picture), game
