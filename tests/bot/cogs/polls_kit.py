"""Playing The Polls Are Closed! through the bot: its board, its controls, a member's move, a game to the end."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from games.polls import GAME
from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import choose, public_text, table_of

__all__ = ["RESULT", "board", "controls", "fast_legal_chooser", "human_move", "member_turns",
           "new_game_against_computer", "play_until_over", "public_text", "table_id_of", "table_of", "use"]

RESULT = "The polls are closed!"


def controls(message: discord.Message) -> list[Any]:
    return [c for c in components(message) if str(getattr(c, "custom_id", "")).startswith(("g:", "gs:"))]


def board(world: World, where: Any = None) -> discord.Message:
    """The newest board message (its embed title names the game and a round, or the final count)."""
    for message in reversed((where or world.channel).history()):
        if message.embeds and (message.embeds[0].title or "").startswith("The Polls Are Closed! —"):
            return message
    raise AssertionError("no board message")


def member_turns(world: World, table_id: int, member: Any) -> int:
    """How many turns the member has been given so far (the game's log; a member who is playing along is not
    pinged for each)."""
    table = table_of(world, table_id)
    seat = table.seat_of(member.id)
    return sum(1 for e in table.state["log"] if e["type"] == "turn_started" and e["seat"] == seat)


def table_id_of(world: World) -> int:
    ids = [int(m.group(1)) for c in controls(board(world)) if (m := re.match(r"g:(\d+):", c.custom_id))]
    if ids:
        return ids[0]
    return max(world.bot.service.tables)


GROUP_OF = {"propaganda": {"A": "pa", "BC": "pbc"}, "double_propaganda": {"A": "da", "BC": "dbc"}}
PICKED = {"pact": "pact", "shift": "shift", "influence": "infl", "poll_influence": "poll"}


async def use(player: Any, message: discord.Message, action: dict[str, Any]) -> Any:
    """Play `action` through the board the way a person does: its button, or a button and its picker."""
    kind = action["type"]
    if kind in GROUP_OF:
        return await player.click(message, custom_id=custom_id(message, rf"^g:\d+:{GROUP_OF[kind][action['circle']]}:"))
    if kind == "take_seven":
        group = "seven" if action["take"] else "noseven"
        return await player.click(message, custom_id=custom_id(message, rf"^g:\d+:{group}:"))
    if kind == "end_turn":
        return await player.click(message, custom_id=custom_id(message, r"^g:\d+:end:"))
    if kind == "place_die":
        button = next(c for c in controls(message) if ":die." in c.custom_id and f" {action['value']} " in
                      f" {c.label} ")
        return await player.click(message, custom_id=button.custom_id)
    opened = await player.click(message, custom_id=custom_id(message, rf"^g:\d+:{PICKED[kind]}:"))
    if not opened.ephemeral:
        return opened  # the only choice of its kind is taken at once, without a picker
    return await choose(player, opened, action)


async def human_move(world: World, player: Any, table_id: int, rng: random.Random) -> bool:
    """Play one legal action of this player through the board's controls; False when it is not their move."""
    table = table_of(world, table_id)
    if table is None:
        return False
    seat = table.seat_of(player.id)
    legal = table.game.legal_actions(table.state, seat)
    if not legal:
        return False
    # Any legal action, but end the turn half of the time it is allowed, so games keep moving.
    ends = [a for a in legal if a["type"] == "end_turn"]
    action = ends[0] if ends and rng.random() < 0.5 else rng.choice(legal)
    seq = table.seq
    result = await use(player, board(world), action)
    assert not (result.ephemeral and result.response and "✅" not in (result.response.content or "")), \
        result.response.content if result.response else result
    assert table_of(world, table_id) is None or table_of(world, table_id).seq > seq
    return True


async def new_game_against_computer(world: World) -> int:
    host = world.players[0]
    result = await host.slash(world.channel, "polls new", computer=True)
    assert result.response is not None and not result.ephemeral
    assert "The game has started" in (result.response.embeds[0].footer.text or "")
    return table_id_of(world)


async def play_until_over(world: World, player: Any, table_id: int, rng: random.Random, cap: int,
                          restart_after: int | None = None, db_path: Path | None = None) -> int:
    moves = 0
    while RESULT not in public_text(world):
        assert moves < cap, "the game did not end"
        if restart_after is not None and moves == restart_after:
            assert db_path is not None
            before = board(world)
            await world.restart(db_path)
            assert board(world).id == before.id  # the next move clicks a button posted before the restart
        if not await human_move(world, player, table_id, rng):
            await world.env.settle()
            assert table_of(world, table_id) is None or table_of(world, table_id).seat_of(player.id) in (
                table_of(world, table_id).game.to_act(table_of(world, table_id).state)), "the computer stalled"
        moves += 1
    return moves


def fast_legal_chooser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replace the computer's search with a quick legal choice (the bot only needs a legal action)."""
    from games.polls import ai

    def quick(state: Any, seat: int, rng: Any = None) -> dict[str, Any]:
        legal = GAME.legal_actions(state, seat)
        ends = [a for a in legal if a["type"] == "end_turn"]
        return ends[0] if ends else legal[-1] if legal[-1]["type"] != "shift" else legal[0]

    monkeypatch.setattr(ai, "choose", quick)
