"""Junta through the real bot in SimCord: a table of families played by clicks (the board's buttons, the
private pickers and the "My family" panel), secrets that stay private, and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from bench._simcord_speedup import installed
from bot.cogs import junta as junta_cog
from games.core.rng import SeededRng
from games.junta import GAME
from games.junta.ai import choose as family_choice
from games.junta.common import exact_split
from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import actions_of, choose, embed_text, group_for, public_text, record_renders, table_of, use

UI = junta_cog.UI


async def open_table(world: World, humans: int, computers: int = 0, **options: Any) -> int:
    """The host opens a table, the other members join, the host starts (a full table starts by itself)."""
    host, *guests = world.players[:humans]
    result = await host.slash(world.channel, "junta new", computers=computers, **options)
    assert result.response is not None and not result.ephemeral, result.response.content
    lobby = world.channel.last_message
    for guest in guests:
        await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    if humans + computers < GAME.max_players:
        await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    return int(custom_id(lobby, ":join$").split(":")[1])


def picks_for(table: Any, seat: int, action: dict[str, Any]) -> dict[int, list[int]] | None:
    """For an action made in a composer (the budget, a deposit, a withdrawal): which of the player's notes
    (in the panel's order, largest first) go to which receiver; None when the notes cannot make it."""
    view = table.view(seat)
    if action["type"] == "propose_budget":
        notes = sorted(view["money"], reverse=True)
        receivers = [p["seat"] for p in view["players"] if p["alive"] and p["seat"] != seat]
        wanted = {int(k): v for k, v in action["amounts"].items() if v}
        groups = exact_split(notes, list(wanted.values()))
        if groups is None:
            return None
        picks: dict[int, list[int]] = {}
        free = list(range(len(notes)))
        for (to, _amount), group in zip(wanted.items(), groups, strict=True):
            chosen = []
            for v in group:
                i = next(i for i in free if notes[i] == v)
                free.remove(i)
                chosen.append(i)
            picks[receivers.index(to) + 1] = chosen
        return picks
    notes = sorted(view["money" if action["type"] == "deposit" else "account"], reverse=True)
    free = list(range(len(notes)))
    chosen = []
    for v in action["notes"]:
        i = next(i for i in free if notes[i] == v)
        free.remove(i)
        chosen.append(i)
    return {1: chosen}


def clickable(table: Any, seat: int, wanted: dict[str, Any]) -> dict[str, Any]:
    """What a member clicks for the computer family's choice: that action when the controls offer it,
    else the first the same control offers, else the first answer the game waits for."""
    try:
        group = group_for(UI, wanted)
    except StopIteration:
        group = None
    offered = actions_of(table, group, seat) if group is not None else []
    if wanted in offered or (group is not None and group.compose is not None and picks_for(table, seat, wanted)):
        return wanted
    if offered:
        return offered[0]
    return GAME.legal_actions(table.state, seat)[0]


async def member_move(world: World, table_id: int, step: int) -> dict[str, Any] | None:
    """One member who must act plays what a computer family would, by clicks; None when none must."""
    table = table_of(world, table_id)
    if table is None or table.state is None or GAME.outcome(table.state) is not None:
        return None
    for seat in sorted(GAME.to_act(table.state)):
        if seat in table.computer_seats:
            continue
        wanted = family_choice(table.state, seat, SeededRng(7, step))
        assert wanted is not None
        action = clickable(table, seat, wanted)
        seq = table.seq
        result = await use(world, UI, table, seat, action, picks=picks_for(table, seat, action)
                           if group_for(UI, action).compose is not None else None)
        response = result.response.content if result.response is not None else ""
        assert table.seq > seq, (action, response)
        return action
    return None


async def test_first_election_and_a_turn_by_clicks(world: World) -> None:
    """Four members elect a President, who assigns offices and proposes a budget; the board tells it all."""
    table_id = await open_table(world, humans=4)
    played: list[dict[str, Any]] = []
    for step in range(400):
        table = table_of(world, table_id)
        if table.state["turn"] >= 1 and table.state["phase"] >= 6:
            break
        action = await member_move(world, table_id, step)
        if action is None:
            await world.env.settle()
            continue
        played.append(action)
    else:
        raise AssertionError(f"turn 1 did not reach phase 6: {[a['type'] for a in played[-10:]]}")
    text = public_text(world)
    assert "is President of the Republic" in text and "Offices:" in text
    assert "proposes the budget" in text
    proposal = next(a for a in played if a["type"] == "propose_budget")  # composed note by note in the panel
    proposed = next(e for e in table_of(world, table_id).view(None)["log"] if e["type"] == "budget_proposed")
    assert proposed["amounts"] == proposal["amounts"]
    assert "Junta: turn 1" in embed_text(world.board())


def coup_minded(table: Any, seat: int, wanted: dict[str, Any]) -> dict[str, Any]:
    """The script's one twist on the computer family: the first member asked whether to start a coup
    starts one (the first opening offered), so the game sees a coup."""
    legal = GAME.legal_actions(table.state, seat)
    openings = [a for a in legal if a["type"] == "start_coup"]
    if openings and not any(e["type"] == "coup_started" for e in table.view(None)["log"]):
        return openings[0]
    return wanted


PRIVATE_WORDS = ("Cash in hand", "Your hand", "your family's affairs", "This afternoon")


async def test_a_whole_game_with_a_coup_and_a_restart_in_the_middle(world: World, db_path: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Two members and two computer families play a whole 4-player game, the members by clicks, from the
    first election to the end of the aid, with a coup, a restart of the bot in the middle of it, and no
    secret in any public message."""
    drawn = record_renders(world, "junta", monkeypatch)
    with installed():  # SimCord's settling scans every timer per waiting task: indexed, a long game is fast
        await whole_game(world, db_path)
    # Every board picture was drawn from the public view: no hand, no money, no account, no own choice.
    assert drawn and all(not {"you", "hand", "money", "account", "location_choice"} & set(view) for view in drawn)


async def whole_game(world: World, db_path: Any) -> None:
    table_id = await open_table(world, humans=2, computers=2, burn=True)
    restarted = False
    coup_seen = False
    for step in range(3000):
        table = table_of(world, table_id)
        if table is None or GAME.outcome(table.state) is not None:
            break
        coup = table.state["coup"]
        if coup is not None and not coup["over"]:
            coup_seen = True
            if coup["phase"] >= 1 and not restarted:
                await world.restart(db_path)
                restarted = True
                continue
        seat = min((s for s in GAME.to_act(table.state) if s not in table.computer_seats), default=None)
        if seat is None:
            await world.env.settle()
            continue
        wanted = coup_minded(table, seat, family_choice(table.state, seat, SeededRng(9, step)))
        action = clickable(table, seat, wanted)
        seq = table.seq
        result = await use(world, UI, table, seat, action, picks=picks_for(table, seat, action)
                           if group_for(UI, action).compose is not None else None)
        response = result.response.content if result.response is not None else ""
        assert table_of(world, table_id) is None or table.seq > seq, (action, response)
    else:
        raise AssertionError("the game did not end")
    assert coup_seen and restarted
    text = public_text(world)
    assert "starts a coup" in text and "The coup is over" in text
    assert "The foreign aid has run out" in text and "The richest" in text
    leaked = [w for w in PRIVATE_WORDS if w in text]
    assert not leaked


async def test_a_member_with_closed_dms_uses_the_family_panel(world: World) -> None:
    """DMs closed: the channel says so, and "My family" shows his hand, cash and account privately, with the
    panel's buttons (a gift of money) that work from there."""
    closed = world.players[1]
    world.env.inject_error("POST", f"/channels/{closed.user.dm_channel.id}/messages", status=403, code=50007,
                           times=None)
    table_id = await open_table(world, humans=4)
    table = table_of(world, table_id)
    seat = table.seat_of(closed.id)
    assert f"<@{closed.id}>" in public_text(world) and "My family" in public_text(world)
    board = world.board()
    panel = await closed.click(board, custom_id=custom_id(board, r"^gs:\d+$"))
    assert panel.ephemeral
    shown = embed_text(panel.response.message)
    assert "Your hand (5 cards)" in shown and "Cash in hand" in shown and "Swiss account" in shown
    own = table.view(seat)
    assert all(junta_cog.card_name(c, _ctx(table, own)) in shown for c in own["hand"])
    buttons = [c.custom_id for c in components(panel.response.message)]
    assert any(":give_card:" in b for b in buttons)
    gifts = [a for a in GAME.legal_actions(table.state, seat) if a["type"] == "give_card"]
    card_gift = gifts[-1]  # his last card, to the last of the others
    opened = await closed.click(panel.response.message, custom_id=custom_id(panel.response.message,
                                                                             r"^g:\d+:give_card:"))
    assert opened.ephemeral and len(gifts) > 1
    await choose(closed, opened, card_gift, len(gifts) - 1)
    assert card_gift["card"] in table.state["hands"][card_gift["to"]]
    assert "gives a card to" in public_text(world)


def _ctx(table: Any, view: dict[str, Any]) -> Any:
    from bot.ui.spec import Ctx

    return Ctx(table=table, view=view, names=["a", "b", "c", "d"], locale="en")


async def test_a_stranger_and_the_wrong_member_are_refused(world: World) -> None:
    """A non-player's click: not playing here; a member out of turn: whose turn it is; nothing changes."""
    table_id = await open_table(world, humans=4)
    table = table_of(world, table_id)
    board = world.board()
    nominate = custom_id(board, r"^g:\d+:nominate:")
    refused = await world.outsider.click(board, custom_id=nominate)
    assert refused.ephemeral and "not playing at this table" in refused.response.content
    (voter,) = GAME.to_act(table.state)
    other = next(p for p in world.players if table.seat_of(p.id) != voter)
    refused = await other.click(board, custom_id=nominate)
    assert refused.ephemeral and "It is not your turn" in refused.response.content
    assert table.seq == 1, table.state["log"][-6:]  # only the game master's clock start


async def test_the_decision_timer_applies_the_default_and_says_so(world: World, db_path: Any) -> None:
    """/junta new timer:1 — the board shows when the decision's time runs out (a Discord timestamp); when
    it does, even across a restart, the default applies (the voter passes) and the channel is told."""
    table_id = await open_table(world, humans=4, timer=1)
    table = table_of(world, table_id)
    (voter,) = GAME.to_act(table.state)
    deadline = int(GAME.deadline(table.state))
    assert f"<t:{deadline}:R>" in embed_text(world.board())
    await world.env.advance_time(30)
    assert GAME.to_act(table_of(world, table_id).state) == {voter}
    await world.restart(db_path)
    await world.env.advance_time(31)
    table = table_of(world, table_id)
    assert voter not in GAME.to_act(table.state)
    assert "Time is up for" in public_text(world) and "voting" in public_text(world)
