"""How much the bot talks to Discord (issue 24, item 7): members play a scripted stretch of each game by clicks,
and SimCord's request log counts the REST calls, the public messages and the user look-ups per member action.

Counted: every request made from a member's first click for an action until the bot has settled after it (its
picker, its answer, the posts, DMs and board edits the change and the automatic steps after it made). A pass the
bot makes for a member (Ready at a Junta card window with no card to play: `ComputerPlayers.passes`) counts as a
member action: it is the click the member no longer makes. `pytest -s` prints the figures."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.testkit import junta as junta_kit
from bot.testkit.clicks import actions_of, group_for, table_of, use
from bot.testkit.world import World, components
from bot.ui.acting import public_actions
from games.core.rng import SeededRng
from tests.bot.helpers import computers_clickable_move, deciding_seats, makeable, open_members_table

CALLS_PER_ACTION = 2.5
MESSAGES_PER_ACTION = 0.5
UPDATE_MESSAGE = 7  # the interaction response that edits the clicked message


@dataclass(frozen=True)
class Script:
    """How a game's stretch is played: who sits, with which options, and how many member actions."""

    game: str
    members: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: int = 40


SCRIPTS = [
    Script("spyfall", 4, {"rounds": 3, "minutes": 8}),
    Script("polls", 2),
    Script("arditi", 4),
    Script("som", 3, {"mode": "B"}),
    Script("junta", 4),
]


def next_move(ui: Any, table: Any, step: int, rng: random.Random) -> tuple[int, dict[str, Any]] | None:
    """Who plays next and what: the game's computer player's choice when the controls make it (Junta: the
    nearest the controls offer), else (Spyfall has no computer player) mostly passing the question."""
    for seat in deciding_seats(table):
        wanted = computers_clickable_move(ui, table, seat, SeededRng(7, step))
        if wanted is not None:
            return seat, wanted
        legal = [a for a in table.legal_actions(seat) if a["type"] not in ("leave", "resign")]
        asks = [a for a in legal if a["type"] == "ask"]
        options = [a for a in (asks if asks and rng.random() < 0.8 else legal) if makeable(ui, table, seat, a)]
        if options:
            return seat, rng.choice(options)
    return None


@dataclass
class Stretch:
    """What the stretch cost: every request made while a member action was under way, and the actions."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    requests: list[Any] = field(default_factory=list)
    board_clicks: list[list[Any]] = field(default_factory=list)  # the requests of each click on the board
    places: set[int] = field(default_factory=set)
    passes: list[int] = field(default_factory=list)  # the seats the bot passed for, one entry a pass


def one_click(ui: Any, table: Any, seat: int, action: dict[str, Any], board: Any) -> bool:
    """The action is made by one click on the board: its button, or its pick in the board's select (no picker,
    no composer, no private panel)."""
    group = group_for(ui, action)
    if not group.board or group.compose is not None or group.amount is not None:
        return False
    listed = any(str(c.custom_id).startswith(f"gv:{table.id}:{group.id}:") for c in components(board))
    return (group.each and (len(public_actions(table, group)) <= 5 or listed)) or \
        len(actions_of(table, group, seat)) == 1


async def play(world: World, script: Script) -> Stretch:
    """Member actions by clicks until the script's count (a new table when a game ends)."""
    ui = world.bot.presenters[script.game].ui
    rng = random.Random(5)
    stretch = Stretch()
    service = world.bot.service
    pass_due = service._pass_due

    def counted(table: Any) -> Any:
        due = pass_due(table)
        if due is not None:
            stretch.passes.append(due[0])
        return due

    service._pass_due = counted  # type: ignore[method-assign]
    table_id = await open_members_table(world, script.game, script.members, script.options)
    for step in range(script.actions * 4):
        if len(stretch.actions) >= script.actions:
            break
        table = table_of(world, table_id)
        if table is None:
            table_id = await open_members_table(world, script.game, script.members, script.options)
            continue
        stretch.places.add(table.place)
        move = next_move(ui, table, step, rng)
        if move is None:
            await world.env.settle()
            continue
        seat, action = move
        clicked = one_click(ui, table, seat, action, world.board())
        seq, before = table.seq, len(world.env.http_requests)
        given = junta_kit.budget_given(table, seat, action) if script.game == "junta" else None
        await use(world, ui, table, seat, action, world.board(), given=given)
        assert table.seq > seq, action
        await world.env.settle()
        made = world.env.http_requests[before:]
        stretch.requests += made
        stretch.actions.append(action)
        if clicked:
            stretch.board_clicks.append(made)
    assert len(stretch.actions) >= script.actions, "the script ran out of moves"
    return stretch


def public_posts(stretch: Stretch) -> list[Any]:
    """The messages posted in the tables' channel (not DMs, not private answers)."""
    return [r for r in stretch.requests if r.method == "POST"
            and any(r.path == f"/channels/{place}/messages" for place in stretch.places)]


def answer_of(requests: list[Any]) -> dict[str, Any]:
    """The interaction response of a click (the first callback it made)."""
    return next((r.json or {}) for r in requests if r.method == "POST" and r.path.endswith("/callback"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.game for s in SCRIPTS])
async def test_a_member_action_costs_little_rest(world: World, script: Script) -> None:
    """A scripted stretch of member actions: at most 2.5 REST calls and 0.5 public messages per action on
    average, no user look-up before a DM, and a click on the board answered by the board itself."""
    stretch = await play(world, script)
    n = len(stretch.actions) + len(stretch.passes)
    calls, public = len(stretch.requests), public_posts(stretch)
    fetches = [r for r in stretch.requests if r.method == "GET" and re.fullmatch(r"/users/\d+", r.path)]
    kinds: dict[str, int] = {}
    for r in stretch.requests:
        kind = f"{r.method} {re.sub(r'[0-9]{5,}', '#', r.path).replace('simcord_interaction_#', '<token>')}"
        kinds[kind] = kinds.get(kind, 0) + 1
    print(f"\n{script.game}: {n} member actions ({len(stretch.passes)} passes by the bot, "
          f"{len(stretch.board_clicks)} by one click on the board): "
          f"{calls / n:.2f} REST calls and {len(public) / n:.2f} public messages per action, "
          f"{len(fetches)} user look-ups; " + ", ".join(f"{v} {k}" for k, v in sorted(kinds.items(),
                                                                                key=lambda kv: -kv[1])))
    assert calls / n <= CALLS_PER_ACTION
    assert len(public) / n <= MESSAGES_PER_ACTION
    assert not fetches
    assert stretch.board_clicks
    for made in stretch.board_clicks:
        answer = answer_of(made)
        data = answer.get("data") or {}
        # The new board, or (a new board message follows) the old one without its buttons.
        assert answer["type"] == UPDATE_MESSAGE and ("embeds" in data or data.get("components") == []), answer
        assert not [r for r in made if r.method == "PATCH"], "the board was edited again"
