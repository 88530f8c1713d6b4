"""Playing any game through the bot by clicks, the way people do: the board's buttons, the private pickers
(turning their pages), the composers of a private panel."""

from __future__ import annotations

import json
import re
from typing import Any

import discord

from bot.gameui import Ctx, GameUI, Group
from bot.testkit.world import World, components, custom_id
from bot.ui.acting import actions_of, public_actions
from bot.ui.composer import Draft, compose_choices, composed_action, preset_of, read_draft
from games.core.protocol import Game, IllegalAction
from games.core.rng import ScriptedRng

__all__ = ["accepts", "actions_of", "canonical", "choose", "compose", "compose_plan", "encoded", "group_for",
           "member_of", "panel_draft", "record_renders", "table_of", "use"]


def encoded(action: dict[str, Any]) -> str:
    return json.dumps(action, separators=(",", ":"), sort_keys=True)


def opened_picker(result: Any) -> discord.Message:
    """The private picker a click opened: its answer, or what followed it privately (a move answered by the
    board itself, then a next choice: the spy reveals, then guesses)."""
    for answer in [*reversed(result.followups), result.response]:
        message = answer.message if answer is not None else None
        if message is not None and any(str(getattr(c, "custom_id", "")).startswith("gp:")
                                       for c in components(message)):
            return message
    return result.response.message


async def choose(player: Any, result: Any, action: dict[str, Any], index: int | None = None) -> Any:
    """Pick `action` in the private picker a click opened, turning pages as a person would (`index`: its
    place among the player's choices, for an action too long to be its own option value)."""
    message = opened_picker(result)
    value = encoded(action)
    if len(value) > 100:
        assert index is not None, "a long action is picked by its index"
        value = f"#{index}"
    for _ in range(10):
        selects = [c for c in components(message) if str(getattr(c, "custom_id", "")).startswith("gp:")]
        assert len(selects) == 1, [getattr(c, "custom_id", None) for c in components(message)]
        if value in [o.value for o in selects[0].options]:
            return await player.select(message, [value], custom_id=selects[0].custom_id)
        pages = [c for c in components(message) if str(getattr(c, "custom_id", "")).startswith("gq:")
                 and not c.disabled]
        following = [c for c in pages if int(c.custom_id.rsplit(":", 1)[1]) > int(selects[0].custom_id.rsplit(
            ":", 1)[1])]
        assert following, f"{value} is not in the picker"
        turned = await player.click(message, custom_id=following[0].custom_id)
        message = turned.response.message if turned.response and turned.response.message else message
        message = player.user.dm_channel.last_message if message is None else message
    raise AssertionError("the picker has too many pages")


def table_of(world: World, table_id: int) -> Any:
    return world.bot.service.tables.get(table_id)


def member_of(world: World, table: Any, seat: int) -> Any:
    return next(p for p in world.players if p.id == table.users[seat])


def group_for(ui: Any, action: dict[str, Any]) -> Any:
    return next(g for g in ui.groups if g.matches(action))


def canonical(value: Any) -> Any:
    """An action with the order of its lists forgotten (the panel lists notes largest first)."""
    if isinstance(value, dict):
        return {k: canonical(v) for k, v in value.items() if k != "at"}
    if isinstance(value, list):
        return sorted((canonical(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    return value


def compose_plan(table: Any, group: Any, seat: int, action: dict[str, Any], given: list[int] | None = None,
                 ) -> tuple[int | None, list[int]] | None:
    """How a person makes `action` in the group's composer: the choice to start from (None: the composer has
    no first choice) and the receiver of each item (1-based, 0: kept; `given` when the caller knows it, else
    read from the action); None when the composer cannot make that action."""
    spec = group.compose
    ctx = Ctx(table=table, view=table.view(seat), names=[str(u) for u in table.users], locale="en", seat=seat)
    mine = actions_of(table, group, seat)
    key = 0
    if spec.choose is not None:
        lots = compose_choices(group, mine)
        key = next((i for i, lot in enumerate(lots) if spec.choose(lot[0]) == spec.choose(action)), -1)
    draft = read_draft(group, ctx, mine, f"{key}x" if spec.choose is not None else "")
    if draft is None:
        return None
    draft.given = given if given is not None else preset_of(spec, action, draft.items, draft.receivers)
    if len(draft.given) != len(draft.items) or any(r > len(draft.receivers) for r in draft.given):
        return None  # the panel shows fewer items or receivers than the action needs
    if canonical(composed_action(group, draft)) != canonical(action):
        return None
    return (key if spec.choose is not None else None), draft.given


def panel_draft(ui: GameUI, game: Game, state: Any, seat: int, group_id: str, key: int = 0) -> tuple[Group, Draft]:
    """The composer `seat` opens for `group_id` in `state` (its `key`-th first choice), as the bot builds it
    from the player's own view and legal actions (no table needed)."""
    group = ui.group(group_id)
    assert group is not None and group.compose is not None
    names = [f"player{x}" for x in range(game.max_players)]
    ctx = Ctx(table=None, view=game.view(state, seat), names=names, locale="en", seat=seat)  # type: ignore[arg-type]
    mine = [a for a in game.legal_actions(state, seat) if group.matches(a)]
    draft = read_draft(group, ctx, mine, f"{key}x" if group.compose.choose is not None else "")
    assert draft is not None
    return group, draft


def accepts(game: Game, state: Any, seat: int, action: dict[str, Any]) -> bool:
    """Whether the engine takes `action` from `seat` in `state` (dice it may roll all show 1)."""
    try:
        game.apply(state, seat, action, ScriptedRng([1] * 50))
    except IllegalAction:
        return False
    return True


async def compose(player: Any, opened: Any, key: int | None, given: list[int]) -> Any:
    """In a composer panel a click opened: pick the choice to start from, then set each select whose picks
    differ from `given` (the receiver of each item), then send."""
    current = opened.response.message
    if key is not None:
        first = next(c for c in components(current) if str(c.custom_id).startswith("gb:"))
        if not any(o.default and o.value == str(key) for o in first.options):
            step = await player.select(current, custom_id=first.custom_id, values=[str(key)])
            current = step.response.message if step.response else current
    numbers = [str(c.custom_id).rsplit(":", 1)[1] for c in components(current) if str(c.custom_id).startswith("gc:")]
    for number in numbers:
        select = next(c for c in components(current) if str(c.custom_id).startswith("gc:")
                      and str(c.custom_id).endswith(f":{number}"))
        values = [o.value for o in select.options]
        if all("." in v for v in values):  # item → receiver pairs
            wanted = [v for v in values if given[int(v.split(".")[0])] == int(v.split(".")[1])]
        else:
            wanted = [v for v in values if given[int(v)] == int(number)]
        if sorted(wanted) != sorted(o.value for o in select.options if o.default):
            step = await player.select(current, custom_id=select.custom_id, values=wanted)
            current = step.response.message if step.response else current
    send = next(c for c in components(current) if str(c.custom_id).startswith("gg:"))
    return await player.click(current, custom_id=send.custom_id)


async def use(world: World, ui: Any, table: Any, seat: int, action: dict[str, Any],
              board: discord.Message | None = None, given: list[int] | None = None) -> Any:
    """Play `action` for `seat` the way a person does: the board's button or select (or the private panel's
    button, for a panel group), then its picker when the player has several choices, or its composer (`given`:
    the receiver of each item when the action alone does not tell, see `compose_plan`)."""
    player = member_of(world, table, seat)
    message = board or world.board()
    group = group_for(ui, action)
    if not group.board:
        panel = await player.click(message, custom_id=custom_id(message, r"^gs:\d+$"))
        message = panel.response.message
    if group.compose is not None:
        plan = compose_plan(table, group, seat, action, given)
        assert plan is not None, f"the panel cannot make {action}"
        opened = await player.click(message, custom_id=custom_id(message, rf"^g:\d+:{group.id}:"))
        return await compose(player, opened, *plan)
    choices = public_actions(table, group)
    if group.each and len(choices) <= 5:
        index = choices.index(action)
        return await player.click(message, custom_id=custom_id(message, rf"^g:\d+:{group.id}\.{index}:"))
    listed = [c.custom_id for c in components(message) if re.match(rf"gv:\d+:{group.id}:", str(c.custom_id))]
    if group.each and listed:  # its choices in a select on the board
        value = encoded(action)
        return await player.select(message, [value if len(value) <= 100 else f"#{choices.index(action)}"],
                                   custom_id=listed[0])
    mine = actions_of(table, group, seat)
    opened = await player.click(message, custom_id=custom_id(message, rf"^g:\d+:{group.id}:"))
    if len(mine) == 1:  # one choice: the button plays it at once
        return opened
    return await choose(player, opened, action, mine.index(action))


def record_renders(world: World, game_id: str, monkeypatch: Any) -> list[dict[str, Any]]:
    """Every view the running bot's board picture of `game_id` is drawn from, from now on (until a
    restart, which loads the game's UI anew); `monkeypatch` puts the renderer back after the test."""
    ui = world.bot.presenters[game_id].ui
    original = ui.render
    assert original is not None
    drawn: list[dict[str, Any]] = []

    def recording(view: dict[str, Any], names: list[str], words: Any) -> Any:
        drawn.append(view)
        return original(view, names, words)

    monkeypatch.setattr(ui, "render", recording)
    return drawn
