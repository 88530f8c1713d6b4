"""The generic table controls, through a toy game: pickers with pages, amounts, one button per choice,
confirmations, and who may press — each refusal private and changing nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.ui.board import PRESENT_SECONDS
from tests.bot.conftest import World, components, custom_id, make_bot
from tests.bot.helpers import choose, embed_text, public_text
from tests.bot.ui import toy
from tests.bot.ui.toy_kit import start_toy, table


@pytest.fixture
def simcord_bot(with_toy: None, db_path: Path) -> Any:
    return make_bot(db_path)


def button(world: World, group: str) -> str:
    return custom_id(world.board(), rf"^g:\d+:{group}:")


async def test_a_picker_pages_past_twenty_five_choices(world: World) -> None:
    """Forty choices: a private picker of 25 with a next page; a choice on page 2 is played."""
    table_id = await start_toy(world)
    result = await world.players[0].click(world.board(), custom_id=button(world, "pick"))
    assert result.ephemeral and "Page 1 of 2" in result.response.content
    select = next(c for c in components(result.response.message) if c.custom_id.startswith("gp:"))
    assert len(select.options) == 25 and select.options[0].label == "number 0"
    picked = await choose(world.players[0], result, {"type": "pick", "n": 33})
    assert picked.response.content == "✅ number 33"  # the private picker says what was played
    assert table(world, table_id).state["total"] == 33
    assert "barbara pick {'n': 33}" in embed_text(world.board())  # a routine move: on the board only


async def test_an_amount_is_asked_in_a_modal(world: World) -> None:
    """The bid button opens a modal; a number plays, text and out-of-range numbers are refused privately."""
    table_id = await start_toy(world)
    host = world.players[0]
    shown = await host.click(world.board(), custom_id=button(world, "bid"))
    assert shown.modal is not None and "1 to 50" in str(shown.modal)
    refused = await host.submit_modal(shown, {"amount": "lots"})
    assert refused.ephemeral and "not a whole number" in refused.response.content
    shown = await host.click(world.board(), custom_id=button(world, "bid"))
    refused = await host.submit_modal(shown, {"amount": "99"})
    assert refused.ephemeral and "Bid from 1 to 50." in refused.response.content
    assert table(world, table_id).seq == 0
    shown = await host.click(world.board(), custom_id=button(world, "bid"))
    await host.submit_modal(shown, {"amount": "7"})
    assert table(world, table_id).state["total"] == 7
    posted = world.channel.last_message.content.splitlines()
    # A bid is notable: it gets a message, with the ping of the player whose turn it now is.
    assert posted == ["barbara bid {'amount': 7}", f"<@{world.players[1].id}>, it is your turn."]


async def test_an_amount_modal_answered_after_a_restart(world: World, db_path: Path) -> None:
    """A modal opened before a restart still plays when it is submitted after it."""
    table_id = await start_toy(world)
    shown = await world.players[0].click(world.board(), custom_id=button(world, "bid"))
    await world.restart(db_path)
    await world.players[0].submit_modal(shown, {"amount": "12"})
    assert table(world, table_id).state["total"] == 12


async def test_one_button_per_choice_and_a_private_confirmation(world: World) -> None:
    """Each side has its button; passing is answered by the new board and confirmed privately."""
    table_id = await start_toy(world)
    labels = [c.label for c in components(world.board()) if str(c.custom_id).startswith("g:")]
    assert "go left" in labels and "go right" in labels
    right = custom_id(world.board(), r"^g:\d+:side\.1:")
    await world.players[0].click(world.board(), custom_id=right)
    assert "barbara side {'side': 'right'}" in embed_text(world.board())
    result = await world.players[1].click(world.board(), custom_id=button(world, "pass"))
    # The click is answered by the board it changed; the confirmation follows privately.
    assert not result.ephemeral and "federico pass {}" in embed_text(result.response)
    assert [(f.content, f.ephemeral) for f in result.followups] == [("You passed.", True)]
    assert table(world, table_id).seq == 2


async def test_who_may_press(world: World) -> None:
    """Out of turn: whose turn it is; a stranger: not playing here. Nothing changes either way."""
    table_id = await start_toy(world)
    refused = await world.players[1].click(world.board(), custom_id=button(world, "pass"))
    assert refused.ephemeral and "It is not your turn: barbara is to play" in refused.response.content
    refused = await world.outsider.click(world.board(), custom_id=button(world, "pick"))
    assert refused.ephemeral and "not playing at this table" in refused.response.content
    assert table(world, table_id).seq == 0


async def test_a_stale_picker_is_refused(world: World) -> None:
    """A picker opened before the table moved on says the moment has passed and plays nothing."""
    table_id = await start_toy(world)
    result = await world.players[0].click(world.board(), custom_id=button(world, "pick"))
    await world.players[0].click(world.board(), custom_id=custom_id(world.board(), r"^g:\d+:side\.0:"))
    stale = await choose(world.players[0], result, {"type": "pick", "n": 3})
    assert stale.ephemeral and "That moment has passed" in stale.response.content
    assert table(world, table_id).seq == 1


async def test_a_picker_survives_a_restart(world: World, db_path: Path) -> None:
    """A picker opened before a restart plays after it (its custom_id carries the table and moment)."""
    table_id = await start_toy(world)
    result = await world.players[0].click(world.board(), custom_id=button(world, "pick"))
    await world.restart(db_path)
    await choose(world.players[0], result, {"type": "pick", "n": 30})
    assert table(world, table_id).state["total"] == 30


async def test_secrets_by_dm_and_the_private_button(world: World) -> None:
    """Each player's number comes by DM at the start; the button shows it privately at any time."""
    table_id = await start_toy(world)
    state = table(world, table_id).state
    for seat in (0, 1):
        dm = world.players[seat].user.dm_channel.last_message
        assert dm.embeds[0].description == f"Your number is {state['secret'][seat]}."
    result = await world.players[1].click(world.board(), custom_id=custom_id(world.board(), r"^gs:"))
    assert result.ephemeral and result.response.embeds[0].description == f"Your number is {state['secret'][1]}."
    assert not any(f"Your number is {n}" in public_text(world) for n in state["secret"])


async def test_a_closed_dm_gets_a_public_hint_without_the_secret(world: World) -> None:
    """A player who closed DMs is told publicly to press the button; the secret stays private."""
    closed = world.players[1]
    world.env.inject_error("POST", f"/channels/{closed.user.dm_channel.id}/messages", status=403, code=50007,
                           times=None)
    table_id = await start_toy(world)
    text = public_text(world)
    assert f"<@{closed.id}>" in text and "Show my number" in text
    assert f"Your number is {table(world, table_id).state['secret'][1]}" not in text


async def test_leaving_a_game_without_a_leave_rule(world: World) -> None:
    """A game with no leave action says how to stop instead, and plays nothing."""
    table_id = await start_toy(world)
    result = await world.players[1].slash(world.channel, "game leave")
    assert result.ephemeral and "cannot go on without you" in " ".join(
        [result.response.content or "", *(f.content for f in result.followups)])
    assert table(world, table_id).seq == 0


async def test_a_computer_seat_plays_and_hands_the_turn_back(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose package has a chooser fills a seat: it moves at once, and the member who just moved is not
    pinged for the turn it hands back (the board tells them)."""
    from bot import computer

    monkeypatch.setattr(computer, "chooser", lambda game_id: lambda state, seat, rng: {"type": "pass"})
    host = world.players[0]
    await host.slash(world.channel, "toy", computers=1)
    lobby = world.channel.last_message
    assert "🤖 Computer" in embed_text(lobby)
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    table_id = max(world.bot.service.tables)
    await host.click(world.board(), custom_id=button(world, "pass"))
    assert table(world, table_id).state["played"] == 2  # the computer answered with its own pass
    assert f"<@{host.id}>, it is your turn." not in public_text(world)


async def test_whose_turn_it_is_is_pinged_unless_following_the_table(world: World) -> None:
    """The member whose turn it becomes is pinged, unless they made a move of their own in the last 90 s."""
    await start_toy(world)
    barbara, federico = world.players[:2]

    def pings(member: Any) -> int:
        return public_text(world).count(f"<@{member.id}>, it is your turn.")

    await barbara.click(world.board(), custom_id=button(world, "pass"))
    assert pings(federico) == 1  # he has not moved yet
    await federico.click(world.board(), custom_id=button(world, "pass"))
    assert pings(barbara) == 0  # she moved a moment ago
    await world.env.advance_time(PRESENT_SECONDS + 1)
    await barbara.click(world.board(), custom_id=button(world, "pass"))
    assert pings(federico) == 2  # his last move is older than that


async def test_a_composed_action_is_built_in_a_private_panel(world: World) -> None:
    """Give…: a select per receiver; the draft shows in the panel and on its button; one send plays it."""
    table_id = await start_toy(world, players=3)
    host = world.players[0]
    panel = await host.click(world.board(), custom_id=button(world, "give"))
    assert panel.ephemeral
    selects = [c for c in components(panel.response.message) if str(c.custom_id).startswith("gc:")]
    assert [s.placeholder for s in selects] == ["To federico: choose…", "To gianni: choose…"]
    to_federico, to_gianni = (s.custom_id for s in selects)
    step = await host.select(panel.response.message, custom_id=to_federico, values=["0", "2"])
    message = step.response.message if step.response else panel.response.message
    assert "item a → federico" in message.content and "item c → federico" in message.content
    to_gianni = next(c.custom_id for c in components(message) if str(c.custom_id).endswith(":2"))
    step = await host.select(message, custom_id=to_gianni, values=["2"])  # c moves from federico to gianni
    message = step.response.message if step.response else message
    assert "item c → gianni" in message.content and "item c → federico" not in message.content
    send = next(c for c in components(message) if str(c.custom_id).startswith("gg:"))
    assert send.label == "Send 2 choices"
    await host.click(message, custom_id=send.custom_id)
    state = table(world, table_id).state
    assert state["total"] == 2 and state["log"][-1]["gifts"] == [{"item": "a", "to": 1}, {"item": "c", "to": 2}]


async def test_a_composed_action_the_engine_refuses_keeps_the_panel(world: World, db_path: Path) -> None:
    """Giving all three items is refused privately with the engine's reason; the panel still works after a restart."""
    table_id = await start_toy(world)
    host = world.players[0]
    panel = await host.click(world.board(), custom_id=button(world, "give"))
    select = next(c for c in components(panel.response.message) if str(c.custom_id).startswith("gc:"))
    step = await host.select(panel.response.message, custom_id=select.custom_id, values=["0", "1", "2"])
    message = step.response.message if step.response else panel.response.message
    send = next(c for c in components(message) if str(c.custom_id).startswith("gg:"))
    refused = await host.click(message, custom_id=send.custom_id)
    assert refused.ephemeral and "Keep at least one item." in refused.response.content
    assert table(world, table_id).seq == 0
    await world.restart(db_path)
    select = next(c for c in components(message) if str(c.custom_id).startswith("gc:"))
    step = await host.select(message, custom_id=select.custom_id, values=["1"])
    message = step.response.message if step.response else message
    send = next(c for c in components(message) if str(c.custom_id).startswith("gg:"))
    assert send.label == "Send 1 choice"
    await host.click(message, custom_id=send.custom_id)
    assert table(world, table_id).state["log"][-1]["gifts"] == [{"item": "b", "to": 1}]


async def test_a_composer_starts_from_the_action_chosen_first(world: World) -> None:
    """Send…: a first select picks the recipient; the panel starts from that action's own items and sends them."""
    table_id = await start_toy(world, players=3)
    host = world.players[0]
    panel = await host.click(world.board(), custom_id=button(world, "send"))
    message = panel.response.message
    first = next(c for c in components(message) if str(c.custom_id).startswith("gb:"))
    assert [o.label for o in first.options] == ["to federico", "to gianni"]
    assert "**to federico**" in message.content and "item a → federico" in message.content  # preset
    step = await host.select(message, custom_id=first.custom_id, values=["1"])
    message = step.response.message
    assert "**to gianni**" in message.content and "item a → gianni" in message.content
    select = next(c for c in components(message) if str(c.custom_id).startswith("gc:"))
    step = await host.select(message, custom_id=select.custom_id, values=["1", "2"])
    message = step.response.message
    send = next(c for c in components(message) if str(c.custom_id).startswith("gg:"))
    await host.click(message, custom_id=send.custom_id)
    assert table(world, table_id).state["log"][-1] == {"id": 1, "type": "send", "seat": 0, "to": 2,
                                                       "items": ["b", "c"]}


async def test_pairs_spread_over_selects_when_receivers_are_many(world: World) -> None:
    """Post…: thirteen letters for two players make 26 pairs, over two selects; a select's picks replace its
    letters' receivers, the other select's stay."""
    table_id = await start_toy(world, players=3)
    host = world.players[0]
    panel = await host.click(world.board(), custom_id=button(world, "post"))
    message = panel.response.message
    selects = [c for c in components(message) if str(c.custom_id).startswith("gc:")]
    assert [len(s.options) for s in selects] == [24, 2]
    assert "letter a → federico" in message.content  # the action's own posting, preset
    step = await host.select(message, custom_id=selects[1].custom_id, values=["12.2"])  # m to gianni
    message = step.response.message
    first = next(c for c in components(message) if str(c.custom_id).startswith("gc:") and c.custom_id.endswith(":1"))
    step = await host.select(message, custom_id=first.custom_id, values=["1.2", "3.1", "3.2"])  # d: the last wins
    message = step.response.message
    assert "letter a →" not in message.content and "letter m → gianni" in message.content
    send = next(c for c in components(message) if str(c.custom_id).startswith("gg:"))
    assert send.label == "Send 3 choices"
    await host.click(message, custom_id=send.custom_id)
    assert table(world, table_id).state["log"][-1]["posts"] == {"b": 2, "d": 2, "m": 2}


async def test_a_composer_from_another_moment_is_stale(world: World) -> None:
    """A panel opened before the table moved on says the moment has passed and plays nothing."""
    table_id = await start_toy(world)
    host = world.players[0]
    panel = await host.click(world.board(), custom_id=button(world, "give"))
    await host.click(world.board(), custom_id=button(world, "pass"))
    send = next(c for c in components(panel.response.message) if str(c.custom_id).startswith("gg:"))
    stale = await host.click(panel.response.message, custom_id=send.custom_id)
    assert stale.ephemeral and "That moment has passed" in stale.response.content
    assert table(world, table_id).seq == 1


async def test_a_secret_dm_carries_the_controls_its_player_can_use(world: World) -> None:
    """The player to act gets the number picker with their secret by DM, and choosing there plays."""
    table_id = await start_toy(world)
    dm = world.players[0].user.dm_channel.last_message
    assert any(str(c.custom_id).startswith("gp:") for c in components(dm))
    assert not components(world.players[1].user.dm_channel.last_message)  # not their turn: no controls
    select = next(c for c in components(dm) if str(c.custom_id).startswith("gp:"))
    await world.players[0].user.select(dm, custom_id=select.custom_id, values=[select.options[5].value])
    assert table(world, table_id).state["total"] == 5


SIDES = [{"type": "side", "side": s} for s in ("left", "right", "up", "down", "in", "out", "around")]


def seven_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy's "Side" group gets seven choices: more than a row of buttons."""
    original = toy.GAME.legal_actions
    monkeypatch.setattr(toy.GAME, "legal_actions", lambda state, seat: [
        a for a in original(state, seat) if a["type"] != "side"] + (SIDES if original(state, seat) else []))


async def test_more_choices_than_a_row_make_a_select_on_the_board(world: World,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An `each` group with more than five choices offers them in a select on the board, below its buttons; a
    pick plays at once and is answered by the new board; another player's pick is refused privately."""
    seven_sides(monkeypatch)
    table_id = await start_toy(world)
    controls: list[Any] = components(world.board())
    select = controls[-1]  # the last row's
    assert str(select.custom_id).startswith(f"gv:{table_id}:side:") and select.placeholder == "Side"
    assert [o.label for o in select.options] == [f"go {a['side']}" for a in SIDES]
    assert not [c for c in controls if str(c.custom_id).startswith(f"g:{table_id}:side")]
    value = next(o.value for o in select.options if o.label == "go around")
    refused = await world.players[1].select(world.board(), [value], custom_id=select.custom_id)
    assert refused.ephemeral and "It is not your turn" in refused.response.content
    result = await world.players[0].select(world.board(), [value], custom_id=select.custom_id)
    assert not result.ephemeral and "barbara side {'side': 'around'}" in embed_text(result.response)
    assert table(world, table_id).state["log"][-1] == {"id": 1, "type": "side", "seat": 0, "side": "around"}


async def test_a_board_without_a_row_left_makes_one_picker_button(world: World,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """When the board has no row left for a select, the group shows one button whose picker holds them all."""
    from bot.ui import controls

    seven_sides(monkeypatch)
    monkeypatch.setattr(controls, "BOARD_ROWS", 2)  # the toy's eight buttons take both
    table_id = await start_toy(world)
    sides = SIDES
    side_buttons = [c for c in components(world.board()) if str(c.custom_id).startswith("g:") and ":side" in
                    str(c.custom_id)]
    assert [c.label for c in side_buttons] == ["Side"]
    result = await world.players[0].click(world.board(), custom_id=side_buttons[0].custom_id)
    select = next(c for c in components(result.response.message) if c.custom_id.startswith("gp:"))
    assert [o.label for o in select.options] == [f"go {a['side']}" for a in sides]
    await choose(world.players[0], result, sides[6])
    assert table(world, table_id).state["log"][-1] == {"id": 1, "type": "side", "seat": 0, "side": "around"}
