"""The Polls Are Closed! through the real bot in SimCord: a member against the computer or a member."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.bot.cogs.polls_kit import (
    board,
    controls,
    fast_legal_chooser,
    human_move,
    member_turns,
    new_game_against_computer,
    play_until_over,
    public_text,
    table_id_of,
    table_of,
    use,
)
from tests.bot.conftest import World, custom_id
from tests.bot.helpers import details_text
from tests.bot.rated import assert_rated

pytestmark = pytest.mark.slow(15)  # scheduled early (tests/conftest.py)


@pytest.mark.parametrize("db_path", ["sqlite", "postgresql"], indirect=True)
async def test_whole_game_against_the_computer_with_a_restart(
    world: World, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A member plays a whole game by clicks against the computer; the bot restarts midway; final count.
    On each store backend: a SQLite file, and a PostgreSQL database."""
    fast_legal_chooser(monkeypatch)
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    text = public_text(world)
    assert "The Polls Are Closed!** begins" in text
    assert "Round 1 begins" in text
    old_board = board(world)
    rng = random.Random(7)
    for _ in range(30):  # dice are in the public log, which the board's 📜 Details shows whole
        if not await human_move(world, host, table_id, rng):
            await world.env.settle()
        if re.search(r"🎲 .* rolls", await details_text(world)):
            break
    else:
        raise AssertionError("no roll in the public log of the first moves")
    moves = await play_until_over(world, host, table_id, rng, cap=600, restart_after=40, db_path=db_path)
    assert moves > 40
    text = public_text(world)
    assert "National poll" in text and "Round 3 begins" in text
    assert re.search(r"🔵 barbara: \*\*\d+\*\* seats · 🔴 Computer: \*\*\d+\*\* seats", text)
    final = board(world)
    assert final.embeds[0].title == "The Polls Are Closed! — the polls are closed" and not controls(final)
    assert final.id != old_board.id  # reposted at each new round and at the end
    store = world.bot.store
    assert store is not None and world.bot.user is not None
    stats = await store.stats(world.guild.id, host.id)
    assert stats["polls"]["played"] == 1
    computer = world.bot.user.id
    assert await store.stats(world.guild.id, computer) == {}  # the computer keeps no stats
    await assert_rated(world, table_id)


async def test_real_computer_player_answers_for_a_few_turns(world: World) -> None:
    """With the real computer player (games.polls.ai), each of the member's turns gets a computer turn back."""
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    rng = random.Random(3)
    turns_seen = 0
    for _ in range(60):
        table = table_of(world, table_id)
        if table.state["turn"] >= 3 and table.state["round"] == 1 and turns_seen >= 2:
            break
        if not await human_move(world, host, table_id, rng):
            await world.env.settle()
        turns_seen = member_turns(world, table_id, host)
    assert turns_seen >= 2
    table = table_of(world, table_id)
    assert table.seat_of(host.id) in table.game.to_act(table.state)  # the computer handed the turn back
    assert "🤖" not in (board(world).embeds[0].description or "")


async def test_computer_move_resumes_after_a_restart(
    world: World, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the bot stops while the computer is to move, the computer moves once the bot is back."""
    fast_legal_chooser(monkeypatch)
    host = world.players[0]
    monkeypatch.setattr(world.bot.computers, "kick", lambda table: None)  # this bot's computer never moves
    result = await host.slash(world.channel, "polls new", computer=True)
    assert result.response is not None
    table_id = table_id_of(world) if controls(board(world)) else max(world.bot.service.tables)
    rng = random.Random(1)
    for _ in range(30):
        table = table_of(world, table_id)
        if 1 in table.game.to_act(table.state):
            break
        await human_move(world, host, table_id, rng)
    table = table_of(world, table_id)
    assert 1 in table.game.to_act(table.state)
    assert "🤖 The computer is thinking" in (board(world).embeds[0].description or "")
    seq = table.seq
    await world.restart(db_path)
    table = table_of(world, table_id)
    assert table.seq > seq and table.seat_of(host.id) in table.game.to_act(table.state)
    assert controls(board(world))  # the member's controls are back


async def test_wrong_player_and_outsider_are_refused(world: World) -> None:
    """Between two members: the one not in turn and an outsider get a private sentence; nothing changes."""
    host, guest = world.players[:2]
    result = await host.slash(world.channel, "polls new", opponent=guest)
    assert result.response is not None
    assert any(f"<@{guest.id}>" in m.content for m in world.channel.history())
    lobby = next(m for m in world.channel.history() if m.components and "lobby:" in m.components[0].children[0]
                 .custom_id)
    await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    table_id = table_id_of(world)
    table = table_of(world, table_id)
    current = table.state["current"]
    waiting = [host, guest][1 - current]
    seq = table.seq
    message = board(world)
    button = custom_id(message, r"^g:\d+:pa:")
    refused = await waiting.click(message, custom_id=button)
    assert refused.ephemeral and "It is not your turn" in refused.response.content
    assert [host, guest][current].user.name in refused.response.content
    outsider = await world.outsider.click(message, custom_id=button)
    assert outsider.ephemeral and "not playing at this table" in outsider.response.content
    assert table_of(world, table_id).seq == seq
    played = await [host, guest][current].click(message, custom_id=button)
    assert not played.ephemeral and table_of(world, table_id).seq == seq + 1
    mover, other = [host, guest][current], waiting
    rng = random.Random(4)
    while table_of(world, table_id).state["current"] == current:
        assert await human_move(world, mover, table_id, rng)
    assert f"<@{other.id}>, it is your turn." in world.channel.last_message.content


async def test_ending_the_turn_over_the_limits_is_refused_with_a_sentence(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """End turn while holding too much Propaganda is refused privately with what to spend; nothing changes."""
    fast_legal_chooser(monkeypatch)
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    for _ in range(200):
        table = table_of(world, table_id)
        seat = table.seat_of(host.id)
        view = table.view(None)
        if view["step"] == "influence" and view["current"] == seat and view["spend_needed"][seat]:
            seq = table.seq
            message = board(world)
            assert "must spend" in (message.embeds[0].description or "")
            result = await host.click(message, custom_id=custom_id(message, r"^g:\d+:end:"))
            assert result.ephemeral
            assert result.response.content.startswith("You cannot end your turn yet: you hold ")
            assert table_of(world, table_id).seq == seq
            return
        legal = table.game.legal_actions(table.state, seat)
        if not legal:
            await world.env.settle()
            continue
        # Hoard: roll on circle A, never spend Propaganda A, end the turn as soon as allowed.
        preferred = [a for a in legal if a == {"type": "propaganda", "circle": "A"}]
        preferred = preferred or [a for a in legal if a["type"] in ("end_turn", "take_seven", "place_die",
                                                                      "poll_influence")]
        preferred = preferred or [a for a in legal if a["type"] == "influence" and a["pay"] != "A"]
        await use(host, board(world), (preferred or legal)[0])
    raise AssertionError("never reached an influence step over the limits")


async def test_board_command_reposts_the_board(world: World) -> None:
    """/game board posts the board again; its controls still play."""
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    first = board(world)
    result = await host.slash(world.channel, "game board")
    assert result.ephemeral and "Board posted again" in result.response.content
    again = board(world)
    assert again.id != first.id
    assert controls(again) and {c.custom_id.split(":")[1] for c in controls(again)} == {str(table_id)}
    assert await human_move(world, host, table_id, random.Random(1))  # a click on the reposted board plays
    assert board(world).id == again.id


async def test_spanish_table_and_refusal(world: World, spanish: None) -> None:
    """A table opened in Spanish talks Spanish: board, log lines, controls and refusals."""
    host, guest = world.players[:2]
    result = await host.slash(world.channel, "polls new", computer=True)
    assert result.response is not None and "La partida ha empezado" in (result.response.embeds[0].footer.text or "")
    text = public_text(world)
    assert "Empieza **The Polls Are Closed!**" in text and "Empieza la ronda 1" in text
    message = board(world)
    assert (message.embeds[0].title or "").startswith("The Polls Are Closed! — ronda 1 de 3")
    labels = [c.label for c in controls(message) if getattr(c, "label", None)]
    assert "Propaganda B+C" in labels and "Tirada doble A" in labels
    refused = await guest.click(message, custom_id=controls(message)[0].custom_id)
    assert refused.ephemeral and refused.response.content == "No estás jugando en esta mesa."


async def test_failing_computer_player_and_renderer_do_not_stall_the_table(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the computer player raises, its first legal action is played; a failing picture leaves a text board."""
    from games.polls import ai

    def broken_choose(state: Any, seat: int, rng: Any = None) -> dict[str, Any]:
        raise RuntimeError("the search blew up")

    def broken_render(view: dict[str, Any], names: list[str], words: Any) -> Any:
        raise RuntimeError("no picture today")

    monkeypatch.setattr(ai, "choose", broken_choose)
    monkeypatch.setattr(world.bot.presenters["polls"].ui, "render", broken_render)
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    rng = random.Random(11)
    for _ in range(40):
        if not await human_move(world, host, table_id, rng):
            await world.env.settle()
    table = table_of(world, table_id)
    assert table.seat_of(host.id) in table.game.to_act(table.state)  # the computer always handed back
    assert member_turns(world, table_id, host) >= 3
    message = board(world)
    assert not message.attachments and controls(message)
    assert "could not be drawn" in (message.embeds[0].footer.text or "")


async def test_without_a_renderer_the_board_is_text(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before renderers.polls exists the board is an embed without a picture, with the same controls."""

    monkeypatch.setattr(world.bot.presenters["polls"].ui, "render", None)
    await new_game_against_computer(world)
    message = board(world)
    assert not message.attachments and controls(message)
    assert "Seats if the polls closed now" in "\n".join(f.name or "" for f in message.embeds[0].fields)
    # what the picture leaves to the text: regions led, and the key to shapes, cost codes and frames
    fields = {f.name: f.value or "" for f in message.embeds[0].fields}
    assert "Regions led: 🔵 0 · 🔴 0" in fields["Seats if the polls closed now"]
    assert "■ hatched square = 🔴 Red" in fields["Key to the picture"]


@pytest.mark.parametrize("bot_settings", [{"use_threads": True}])
async def test_computer_game_moves_into_a_thread(world: World) -> None:
    """With use_threads on, a game against the computer is played in a thread of its lobby message."""
    host = world.players[0]
    await host.slash(world.channel, "polls new", computer=True)
    assert len(world.channel.threads) == 1
    thread = world.channel.threads[0]
    messages = thread.history()
    boards = [m for m in messages if m.embeds and (m.embeds[0].title or "").startswith("The Polls Are Closed! —")]
    assert boards and controls(boards[-1])
    assert any("Round 1 begins" in (m.content or "") for m in messages)
    assert not any("Round 1 begins" in text for text in world.texts())
    result = await host.slash(thread, "game board")
    assert result.ephemeral and "Board posted again" in result.response.content


async def test_click_from_an_older_moment_is_refused(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A control drawn for an earlier moment (a board not yet refreshed) says the moment has passed."""
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    old = board(world)
    button = custom_id(old, r"^g:\d+:pa:")
    presenter = world.bot.presenters["polls"]

    async def frozen_board(table: Any, *, repost: bool = False) -> None:
        return None  # as if the board edit had not reached the player's screen yet

    monkeypatch.setattr(presenter, "update_board", frozen_board)
    await world.bot.service.act(table_id, host.id, {"type": "propaganda", "circle": "A"})
    await world.env.settle()
    seq = table_of(world, table_id).seq
    stale = await host.click(old, custom_id=button)
    assert stale.ephemeral and "That moment has passed" in stale.response.content
    assert table_of(world, table_id).seq == seq


async def test_leaving_concedes_the_game(world: World) -> None:
    """/game leave in a Polls game concedes it: the other side wins, and the result says so."""
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    result = await host.slash(world.channel, "game leave")
    assert result.ephemeral
    assert table_of(world, table_id) is None
    text = public_text(world)
    assert "concedes the election" in text and "The other side conceded: 🔴 Computer wins." in text
    final = board(world)
    assert final.embeds[0].title == "The Polls Are Closed! — the polls are closed" and not controls(final)
    assert world.bot.store is not None
    stats = await world.bot.store.stats(world.guild.id, host.id)
    assert stats["polls"]["played"] == 1 and stats["polls"]["won"] == 0
