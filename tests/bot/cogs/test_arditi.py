"""Arditi del Popolo through the real bot in SimCord: a lobby with a computer seat, a whole game by
clicks with a restart in the middle, and the refusals of wrong players, strangers and stale buttons."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import discord
import pytest

from games.arditi import GAME
from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import choose, embed_text, public_text
from tests.bot.rated import assert_rated

RESULT = "The marches are over!"


def board(world: World) -> discord.Message:
    for message in reversed(world.channel.history()):
        if message.embeds and (message.embeds[0].title or "").startswith("Arditi del Popolo —"):
            return message
    raise AssertionError("no board message")


def table_of(world: World, table_id: int) -> Any:
    return world.bot.service.tables.get(table_id)


def quick_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer plays its first legal action (the bot only needs a legal one)."""
    from games.arditi import ai

    monkeypatch.setattr(ai, "choose", lambda state, seat, rng=None: GAME.legal_actions(state, seat)[0])


async def use(player: Any, message: discord.Message, action: dict[str, Any], view: dict[str, Any]) -> Any:
    """Play `action` the way a person does: its button (a step by its target), or a picker."""
    kind = action["type"]
    if kind == "roll":
        return await player.click(message, custom_id=custom_id(message, r"^g:\d+:roll:"))
    if kind == "step":
        target = next(m["space"] for m in view["moves"] if m["type"] == "step" and m["dir"] == action["dir"])
        button = next(c for c in components(message) if ":step." in str(getattr(c, "custom_id", ""))
                      and c.label.endswith(f"→ {target}"))
        return await player.click(message, custom_id=button.custom_id)
    if kind == "jump":
        return await player.click(message, custom_id=custom_id(message, r"^g:\d+:jump:"))
    if kind == "leader_move":  # one button per attack (more than five: one button and a picker)
        attacks = [{"type": "leader_move", "toward": m["toward"], "places": m["places"]}
                   for m in view["moves"] if m["type"] == "leader_move"]
        if len(attacks) > 5:
            opened = await player.click(message, custom_id=custom_id(message, r"^g:\d+:attack:"))
            return await choose(player, opened, action)
        index = attacks.index(action)
        return await player.click(message, custom_id=custom_id(message, rf"^g:\d+:attack\.{index}:"))
    if kind == "end_move":
        return await player.click(message, custom_id=custom_id(message, r"^g:\d+:end:"))
    opened = await player.click(message, custom_id=custom_id(message, r"^g:\d+:place:"))
    return await choose(player, opened, action)


async def open_three_seats(world: World, **options: Any) -> int:
    """The host opens a table with one computer seat, a second member joins, the host starts."""
    host, guest = world.players[:2]
    result = await host.slash(world.channel, "arditi new", computers=1, **options)
    assert result.response is not None and not result.ephemeral
    lobby = world.channel.last_message
    assert "🤖 Computer" in embed_text(lobby)
    await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    return int(custom_id(lobby, ":start$").split(":")[1])


async def human_move(world: World, table_id: int, rng: random.Random) -> bool:
    """One member whose turn it is plays one legal action through the board; False when none can."""
    table = table_of(world, table_id)
    if table is None:
        return False
    for seat in sorted(table.game.to_act(table.state)):
        if seat in table.computer_seats:
            continue
        member = next(p for p in world.players if p.id == table.users[seat])
        legal = table.game.legal_actions(table.state, seat)
        steps = [a for a in legal if a["type"] in ("step", "jump")]
        action = rng.choice(steps) if steps and rng.random() < 0.8 else rng.choice(legal)
        seq = table.seq
        result = await use(member, board(world), action, table.view(None))
        refused = result.ephemeral and result.response and "✅" not in (result.response.content or "")
        assert not refused, result.response.content
        assert table_of(world, table_id) is None or table_of(world, table_id).seq > seq
        return True
    return False


async def test_a_game_with_a_computer_to_the_end_with_a_restart(
    world: World, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two members and a computer play a short game by clicks; the bot restarts midway; the result is posted."""
    quick_computer(monkeypatch)
    table_id = await open_three_seats(world, max_rounds=5)
    text = public_text(world)
    assert "**Arditi del Popolo** begins" in text and "House rule" not in text
    first = board(world)
    assert first.attachments  # the round board is drawn
    rng = random.Random(3)
    moves = 0
    while RESULT not in public_text(world):
        assert moves < 400, "the game did not end"
        if moves == 25:
            await world.restart(db_path)
        if not await human_move(world, table_id, rng):
            await world.env.settle()
        moves += 1
    text = public_text(world)
    assert "🏆 Winner:" in text and "Round 2 begins" in text
    final = board(world)
    assert (final.embeds[0].title or "") == "Arditi del Popolo — final count"
    assert not [c for c in components(final) if str(getattr(c, "custom_id", "")).startswith("g:")]
    assert world.bot.store is not None
    stats = await world.bot.store.stats(world.guild.id, world.players[0].id)
    assert stats["arditi"]["played"] == 1
    await assert_rated(world, table_id)


async def test_refusals_for_the_wrong_player_a_stranger_and_a_stale_button(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Out of turn: whose turn it is; a stranger: not playing here; an older board: the moment passed."""
    quick_computer(monkeypatch)
    table_id = await open_three_seats(world)
    await world.env.settle()
    table = table_of(world, table_id)
    current = table.state["current"]
    mover = next(p for p in world.players if p.id == table.users[current])
    waiting = next(p for p in world.players[:2] if p.id != mover.id)
    message = board(world)
    roll = custom_id(message, r"^g:\d+:roll:")
    seq = table.seq
    refused = await waiting.click(message, custom_id=roll)
    assert refused.ephemeral and "It is not your turn" in refused.response.content
    refused = await world.outsider.click(message, custom_id=roll)
    assert refused.ephemeral and "not playing at this table" in refused.response.content
    assert table_of(world, table_id).seq == seq
    presenter = world.bot.presenters["arditi"]

    async def frozen(table: Any, *, repost: bool = False) -> None:
        return None  # as if the edited board had not reached the player's screen yet

    monkeypatch.setattr(presenter, "update_board", frozen)
    await mover.click(message, custom_id=roll)
    assert table_of(world, table_id).seq == seq + 1
    stale = await mover.click(message, custom_id=roll)  # the board as it was before the roll
    assert stale.ephemeral and "That moment has passed" in stale.response.content
    assert table_of(world, table_id).seq == seq + 1


async def test_steps_are_labelled_relative_to_the_march(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a first step the buttons read left / forward / right (in that order) with their target spaces."""
    quick_computer(monkeypatch)
    table_id = await open_three_seats(world)
    await world.env.settle()
    for _ in range(40):
        table = table_of(world, table_id)
        view = table.view(None)
        march = view["marches"][view["current"]] if view["current"] is not None else None
        labels = [c.label for c in components(board(world)) if ":step." in str(getattr(c, "custom_id", ""))]
        if view["phase"] == "move" and march and march["dir"] and len(labels) >= 2:
            words = [label.split(" ")[1] for label in labels]
            order = {"Left": 0, "Forward": 1, "Right": 2}
            assert all(w in order for w in words) and words == sorted(words, key=lambda w: order[w])
            return
        if not await human_move(world, table_id, random.Random(1)):
            await world.env.settle()
    raise AssertionError("never saw relative step buttons")


async def test_the_real_computer_player_takes_its_turns(world: World) -> None:
    """With games.arditi.ai itself, the computer seat plays its turns and hands the move back."""
    table_id = await open_three_seats(world, max_rounds=5)
    (computer_seat,) = table_of(world, table_id).computer_seats
    rng = random.Random(5)
    computer_rolled = False
    for _ in range(60):
        table = table_of(world, table_id)
        if table is None:
            break
        # Looked at after every move: the log keeps only its newest events.
        computer_rolled = computer_rolled or any(e["type"] == "rolled" and e["seat"] == computer_seat
                                                 for e in table.state["log"])
        if table.state["round"] >= 3:
            break
        if not await human_move(world, table_id, rng):
            await world.env.settle()
    assert computer_rolled, "the computer seat never rolled"
    table = table_of(world, table_id)
    assert table is None or table.state["round"] >= 2


async def test_an_attack_button_per_attack_the_player_can_make(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20: the board offers "👑 Attack <party> (N steps)" for each leader move that ends in an attack
    (the leader swaps N places along its march for N steps), and none for a move that attacks nobody; a
    click attacks that party, whose player then places their leader at the rear end of a part, which
    turns round."""
    import copy

    from tests.games.arditi.arditi_kit import march, position, walk

    # seats: the host (0), the computer (1), the guest who joined (2)
    mover = march([43, 44, 45], leader=2)  # the host's leader at the head, on 45
    computer = march([54, 49, 50], leader=1)  # its leader on 49, next to 44
    victim = march(walk(32, "ccw", "ccw", "ccw", "ccw"), leader=2)  # the guest's leader on 42, next to 43
    start = position([mover, computer, victim], phase="move", die=3, steps_left=3, visited=[45])
    monkeypatch.setattr(GAME, "setup", lambda n, options, rng: copy.deepcopy(start))
    quick_computer(monkeypatch)
    table_id = await open_three_seats(world)
    table = table_of(world, table_id)
    assert table.computer_seats == [1]
    names = await world.bot.names(table)
    host, guest = world.players[:2]

    def attack_buttons() -> list[Any]:
        return [c for c in components(board(world)) if ":attack" in str(getattr(c, "custom_id", ""))]

    assert [b.label for b in attack_buttons()] == [f"👑 Attack {names[1]} (1 step)", f"👑 Attack {names[2]} (2 steps)"]
    await host.click(board(world), custom_id=attack_buttons()[1].custom_id)
    assert table.state["phase"] == "place_leader" and table.state["placing"]["seat"] == 2
    assert table.state["marches"][0] == {"spaces": [43, 44, 45], "leader": 0, "dir": "in"}  # one swap
    text = public_text(world)
    assert f"{names[0]}'s leader moves 2 places along the march to space 43" in text
    assert f"Clash on space 42: {names[0]}'s leader attacks {names[2]}'s march" in text
    opened = await guest.click(board(world), custom_id=custom_id(board(world), r"^g:\d+:place:"))
    await choose(guest, opened, {"type": "place_leader", "space": 48})
    assert table.state["marches"][2] == {"spaces": [52, 47, 48], "leader": 2, "dir": "in"}
    assert (table.state["phase"], table.state["current"], table.state["steps_left"]) == ("move", 0, 1)
    assert [b.label for b in attack_buttons()] == [f"👑 Attack {names[1]} (1 step)"]  # 44, next to 49


def test_the_result_lists_the_parties_in_the_engines_standings() -> None:
    """The result post numbers the parties in the order the engine's result ranks them (score, then captured
    numbers), not in seat order."""
    from bot.cogs import arditi as arditi_cog
    from bot.gameui import Ctx
    from tests.games.arditi.arditi_kit import finished, march, position

    state = position([march([40]), march([80, 75]), march([16, 17])], captured=[[], [4], [3, 5]], arrested=[0] * 3)
    view = GAME.view(finished(state), None)
    names = ["Ada", "Bruno", "Carla"]
    text = arditi_cog.result(Ctx(table=None, view=view, names=names, locale="en"))  # type: ignore[arg-type]
    assert text is not None
    ranked = [line.split(". ", 1)[1].split(":")[0] for line in text.splitlines() if line[:1].isdigit()]
    assert ranked == ["Carla", "Bruno", "Ada"]


async def test_the_police_draws_house_rule_reaches_the_lobby_and_the_game(world: World) -> None:
    """By default police draws stay out of the bag (the lobby shows the house rule off, the opening says
    nothing of it); `/arditi new police_return_draws:True` lists the house rule as on, and the game started
    from it puts the police's numbers back and says so in its opening."""
    host, guest = world.players[:2]
    await host.slash(world.channel, "arditi new")
    lobby = world.channel.last_message
    assert "Police draws go back into the bag: no" in embed_text(lobby)
    await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    table_id = int(custom_id(lobby, ":start$").split(":")[1])
    assert table_of(world, table_id).state["options"]["police_return_draws"] is False
    assert "House rule" not in public_text(world)
    await host.slash(world.channel, "game end")
    await host.slash(world.channel, "arditi new", police_return_draws=True)
    lobby = world.channel.last_message
    assert "Police draws go back into the bag: yes" in embed_text(lobby)
    await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    table_id = int(custom_id(lobby, ":start$").split(":")[1])
    assert table_of(world, table_id).state["options"]["police_return_draws"] is True
    assert "House rule: the police's numbers go back into the bag" in public_text(world)
