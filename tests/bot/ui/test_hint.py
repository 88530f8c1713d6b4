"""The board's "💡 Hint" button: the host turns hints on; a seated player's hint is the move a computer in their
seat plays, with its reason, privately and in their language; it is blind to the others' secrets; everyone
else gets a private reason why not; it works after a restart."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.cogs import junta as junta_cog
from bot.cogs import polls as polls_cog
from bot.gameui import Ctx, GameUI
from bot.i18n import words
from bot.testkit.clicks import group_for, table_of
from games.arditi import GAME as ARDITI
from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import embed_text, lobby_message
from tests.games.arditi.arditi_ai_kit import at, position

HINT = r"^gh:\d+$"
ARDITI_ROLL_REASON = "Roll the die: every move starts with a roll."


def answer(result: Any) -> str:
    """The private answer of a click: its follow-up after a deferral, else its response."""
    assert result.ephemeral
    if result.followups:
        return str(result.followups[-1].content or "")
    return str(result.response.content or "")


def has_hint(message: discord.Message) -> bool:
    return any(re.match(HINT, str(getattr(c, "custom_id", ""))) for c in components(message))


async def press_hint(world: World, member: Any) -> str:
    board = world.board()
    return answer(await member.click(board, custom_id=custom_id(board, HINT)))


async def forged_click(world: World, member: Any, wanted: str) -> Any:
    """A click on a control no board of the table offers (a crafted message carrying its custom_id)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="…", custom_id=wanted))
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("crafted", view=view)
    view.stop()  # only the bot's registered controls answer the click
    return await member.click(world.channel.last_message, custom_id=wanted)


def words_of(world: World, ui: GameUI, table: Any, seat: int, action: dict[str, Any], names: list[str]) -> str:
    """An action as the game's board words it: its group's option, or its button's label."""
    group = group_for(ui, action)
    ctx = Ctx(table=table, view=table.game.view(table.state, seat), names=names, locale="en", seat=seat)
    if group.option is not None:
        return str(group.option(action, ctx))
    return ctx.msg(group.label, **(group.label_params(ctx) if group.label_params else {}))


async def computer_takes_over(world: World, table: Any, seat: int) -> dict[str, Any]:
    """A computer takes `seat` over and plays: its first action (as the table was when the seat was handed)."""
    played: list[dict[str, Any]] = []
    service = world.bot.service
    original = service.act

    async def recording(table_id: int, user: int, action: dict[str, Any], **kwargs: Any) -> Any:
        played.append({"user": user, "action": dict(action)})
        return await original(table_id, user, action, **kwargs)

    setattr(service, "act", recording)  # noqa: B010 - a test's wrapper over the bound method
    try:
        await service.hand_to_computer(table.id, seat, "Stand-in")
        world.bot.computers.kick(table)
        while not any(p["user"] == table.users[seat] for p in played):
            await world.env.settle()
    finally:
        setattr(service, "act", original)  # noqa: B010
    return next(p["action"] for p in played if p["user"] == table.users[seat])


async def open_arditi(world: World, *, hints: bool, guest: bool = False) -> int:
    """The host opens Arditi with one computer seat (and a member guest), hints chosen by the command."""
    host = world.players[0]
    await host.slash(world.channel, "arditi new", computers=1, hints=hints)
    lobby = lobby_message(world)
    if guest:
        await world.players[1].click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    return int(custom_id(lobby, ":start$").split(":")[1])


def host_moves_first(monkeypatch: pytest.MonkeyPatch, state: dict[str, Any] | None = None) -> None:
    """Arditi starts with the host (seat 0) to move, from `state` when given."""
    setup = ARDITI.setup
    monkeypatch.setattr(ARDITI, "setup", lambda n, options, rng: copy.deepcopy(state) if state is not None
                        else setup(n, {**options, "first": 0}, rng))


# --- the option ---------------------------------------------------------------------------------------------------


async def test_the_host_turns_hints_on_in_the_lobby(world: World) -> None:
    """A game with a computer player: the lobby shows hints off and a toggle only the host may use; turned on,
    the running board carries the 💡 Hint button."""
    host, guest = world.players[:2]
    await host.slash(world.channel, "arditi new", computers=1)
    lobby = lobby_message(world)
    assert "💡 Hints\nOff" in embed_text(lobby)
    toggle = custom_id(lobby, r"^lobbyh:\d+$")
    refused = await guest.click(lobby, custom_id=toggle)
    assert refused.ephemeral and "host" in answer(refused).lower()
    await host.click(lobby, custom_id=toggle)
    lobby = lobby_message(world)
    assert "💡 Hints\nOn: the board's 💡 Hint button" in embed_text(lobby)
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    assert has_hint(world.board())


async def test_without_hints_there_is_no_button(world: World) -> None:
    """Hints off (the default): the board has no 💡 Hint button."""
    await open_arditi(world, hints=False)
    assert not has_hint(world.board())


async def test_a_game_without_a_computer_offers_no_hints(world: World) -> None:
    """Spyfall has no computer player: its lobby offers no hints, its board no button, and a forged click gets
    a private sentence saying why."""
    host = world.players[0]
    await host.slash(world.channel, "spyfall new")
    lobby = lobby_message(world)
    assert "Hints" not in embed_text(lobby)
    assert not [c for c in components(lobby) if str(getattr(c, "custom_id", "")).startswith("lobbyh:")]
    table_id = int(custom_id(lobby, ":start$").split(":")[1])
    forged = await forged_click(world, host, f"lobbyh:{table_id}")
    assert answer(forged) == "Spyfall has no computer player, so it gives no hints."
    for player in world.players[1:3]:
        await player.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    board = world.board()
    assert not has_hint(board)
    forged = await forged_click(world, host, f"gh:{table_id}")
    assert answer(forged) == "Spyfall has no computer player, so it gives no hints."


# --- the hint is the computer's move -------------------------------------------------------------------------------


async def test_an_arditi_hint_names_the_move_and_why_and_a_computer_plays_it(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host's march faces a number with a free space behind it and has one step left: the hint is the
    board's jump button and says it captures 1 number and the march (two militants) reaches three; a computer
    taking the seat then plays that jump."""
    start = position([([at(2, 2), at(3, 2), at(4, 2)], 0, "ccw"), ([at(12, 0)], 0, None)],
                     numbers=[at(5, 2), at(14, 3)])
    host_moves_first(monkeypatch, start)
    table_id = await open_arditi(world, hints=True)
    text = await press_hint(world, world.players[0])
    jump = next(c.label for c in components(world.board()) if ":jump:" in str(getattr(c, "custom_id", "")))
    assert text == f"💡 **{jump}**\nJump: this move captures 1 number and your march reaches 3 militants."
    assert await computer_takes_over(world, table_of(world, table_id), 0) == {"type": "jump"}


async def test_a_polls_hint_is_what_a_computer_in_the_seat_plays(world: World) -> None:
    """Against the computer at Polls, the host's hint names the action the computer then plays in the host's
    seat, with a reason from its search."""
    host = world.players[0]
    await host.slash(world.channel, "polls new", computer=True, hints=True)
    table = next(iter(world.bot.service.tables.values()))
    seat = table.seat_of(host.id)
    assert seat is not None
    while seat not in table.game.to_act(table.state):
        await world.env.settle()
    names = await world.bot.names(table)
    state = table.state
    text = await press_hint(world, host)
    assert table.state is state, "the table moved on during the hint"
    snapshot = copy.copy(table)  # the table as it was hinted, for the board's words of the computer's move
    played = await computer_takes_over(world, table, seat)
    snapshot.state = state
    first, reason = text.split("\n", 1)
    assert first == f"💡 **{words_of(world, polls_cog.UI, snapshot, seat, played, names)}**"
    assert any(word in reason for word in ("seats more than", "worth about the same")), reason


async def junta_with_hints(world: World) -> tuple[Any, int]:
    """The host at a Junta table with three computers and hints on, once the host has something to decide: the
    table and the host's seat."""
    host = world.players[0]
    await host.slash(world.channel, "junta new", computers=3, hints=True)
    lobby = lobby_message(world)
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    table = next(iter(world.bot.service.tables.values()))
    seat = table.seat_of(host.id)
    assert seat is not None
    while not table.legal_actions(seat):
        await world.env.settle()
    return table, seat


async def test_a_computer_player_without_reasons_still_hints(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose computer player gives no reason (Junta here, its `advise` taken away): the hint is still the
    computer's move, with a general reason."""
    from games.junta import ai as junta_ai

    advise = junta_ai.advise  # its `choose` plays the advice's action: keep that move, hide only the reasons
    monkeypatch.setattr(junta_ai, "choose", lambda state, seat, rng=None, budget=None:
                        advise(state, seat, rng, budget).action)
    monkeypatch.delattr(junta_ai, "advise")
    host = world.players[0]
    table, seat = await junta_with_hints(world)
    names = await world.bot.names(table)
    state = table.state
    text = await press_hint(world, host)
    assert table.state is state, "the table moved on during the hint"
    snapshot = copy.copy(table)
    played = await computer_takes_over(world, table, seat)
    snapshot.state = state
    assert text == f"💡 **{words_of(world, junta_cog.UI, snapshot, seat, played, names)}**\n" \
                   "It is what the computer player would play in your seat."


async def test_the_hint_is_blind_to_the_others_secrets(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a Junta table, the other families' notes, hands and hidden locations dealt otherwise (the host's own
    view unchanged) leave the host's hint word for word the same."""
    from tests.games.junta.junta_kit import others_secrets_changed

    host = world.players[0]
    table, seat = await junta_with_hints(world)
    monkeypatch.setattr(world.bot.computers, "kick", lambda table: None)  # the table stays at this moment
    await world.env.settle()
    state = table.state
    first = await press_hint(world, host)
    assert first.startswith("💡 **") and table.state is state
    pick = random.Random(4)
    other = next(s for s in (others_secrets_changed(state, seat, pick) for _ in range(20))
                 if s != state and table.game.view(s, seat) == table.game.view(state, seat))
    table.state = other
    assert await press_hint(world, host) == first


async def test_the_answer_is_in_the_pressers_language(world: World, italian: None,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """An Italian player's hint at the start of their move is in Italian."""
    host_moves_first(monkeypatch)
    await open_arditi(world, hints=True)
    text = await press_hint(world, world.players[0])
    assert text == "💡 **Tira il dado**\nTira il dado: ogni mossa comincia con un tiro."


# --- who may ask ---------------------------------------------------------------------------------------------------


async def test_refusals_say_why_privately(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A spectator, a player with nothing to decide and anyone after the end each get a private sentence; the
    player whose move it is gets the hint."""
    host_moves_first(monkeypatch)
    await open_arditi(world, hints=True, guest=True)
    host, guest = world.players[:2]
    assert await press_hint(world, world.outsider) == "Only the players of this table can ask for a hint."
    assert await press_hint(world, guest) == ("You have nothing to decide right now: a hint is for a decision of "
                                              "yours. Ask again when it is your turn.")
    roll = words("en").msg("arditi.button.roll")
    assert await press_hint(world, host) == f"💡 **{roll}**\n{ARDITI_ROLL_REASON}"
    hint = custom_id(world.board(), HINT)
    await host.slash(world.channel, "game end")
    assert not [m for m in world.channel.history() if has_hint(m)]  # the ended board lost its controls
    assert answer(await forged_click(world, host, hint)) == "This game is over: there is nothing left to hint."


async def test_a_forged_hint_at_a_table_without_hints(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint asked at a table whose host left hints off is refused: the host chooses them."""
    host_moves_first(monkeypatch)
    table_id = await open_arditi(world, hints=False)
    forged = await forged_click(world, world.players[0], f"gh:{table_id}")
    assert answer(forged) == "Hints are off at this table: the host chooses them in the lobby."


async def test_the_button_works_after_a_restart(world: World, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board posted before a restart: its 💡 Hint button still answers."""
    host_moves_first(monkeypatch)
    await open_arditi(world, hints=True)
    board = world.board()
    await world.restart(db_path)
    result = await world.players[0].click(board, custom_id=custom_id(board, HINT))
    assert answer(result).endswith(ARDITI_ROLL_REASON)

