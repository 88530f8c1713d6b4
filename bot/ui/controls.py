"""The table controls every game shares, built from `legal_actions` and a game's `GameUI`.

custom_id layouts (all carry the table id, so they work after a restart):
    g:<table>:<group>[.<i>]:<moment>      a board button (the i-th action of an `each` group)
    gp:<table>:<group>:<moment>:<page>    the private picker of a group with several choices
    gq:<table>:<group>:<moment>:<page>    the picker's page buttons (past Discord's 25 options)
    gm:<table>:<group>:<moment>           the modal that asks an amount
    gb:, gc:, gg:                         a composer's selects and send button (bot/ui/composer.py)
    gs:<table>                            "Show my …": the player's private view, ephemerally
    gw:<table>:<new|refresh>              "📜 Details": the whole public board, ephemerally (bot/ui/watch.py)
    gf:<table>                            "Full board": the detailed public picture, ephemerally (bot/ui/fullboard.py)
    gn:<table>:<new|refresh>              "What now?": the moment explained, ephemerally (bot/ui/whatnow.py)
    gh:<table>                            "Hint": the computer's move in the presser's seat and why (bot/ui/hint.py)
A control from another moment than the table's current one is stale and says so. Only
`interaction_check` decides who may press; callbacks only act. What every control does with a click (the
group's actions at this moment, the click's checks, acting) is bot/ui/acting.py.
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord

from bot import limits
from bot.gameui import Ctx, GameUI, Group
from bot.i18n import t
from bot.tables import Table
from bot.ui.acting import (
    GROUP,
    MAX_OPTIONS,
    MOMENT,
    act,
    actions_of,
    context,
    current_group,
    explain,
    moment_of,
    option_text,
    public_actions,
    strip_stamp,
    ui_of,
)
from bot.ui.common import bot_of, check_table, follow_up, locale_of, refusal_text, tell, why_not
from bot.ui.composer import ComposeChoose, ComposeSelect, ComposeSend, open_composer
from bot.ui.fullboard import FullBoardButton, full_board_button
from bot.ui.hint import HintButton, hint_button
from bot.ui.watch import WatchButton, watch_button
from bot.ui.whatnow import WhatNowButton, whatnow_button
from games.core.protocol import Action

MAX_EACH = 5  # buttons of one `each` group (a row)
BOARD_ROWS = 5  # rows of controls in one message; a select takes a whole row


# --- select options ----------------------------------------------------------------------------


def encode(action: Action, index: int) -> str:
    """A select option's value: the action itself when it fits Discord's 100 characters."""
    text = json.dumps(strip_stamp(action), separators=(",", ":"), sort_keys=True)
    return text if len(text) <= 100 else f"#{index}"


def decode(value: str, choices: list[Action]) -> Action | None:
    if value.startswith("#"):
        index = int(value[1:]) if value[1:].isdigit() else -1
        return choices[index] if 0 <= index < len(choices) else None
    try:
        action = json.loads(value)
    except ValueError:
        return None
    return action if isinstance(action, dict) else None


# --- the board's controls ----------------------------------------------------------------------


def board_view(table: Table, ui: GameUI, ctx: Ctx) -> discord.ui.View | None:
    """The board's controls: each group some seat can use now, then the private-view button; below the buttons,
    the selects of the `each` groups with more choices than a row of buttons (while the board has rows for
    them: else one button opens the picker)."""
    entries: list[list[discord.ui.Item[Any]] | tuple[Group, str, list[Action]]] = []
    for group in ui.groups:
        if not group.board:
            continue
        choices = public_actions(table, group)
        if not choices and not (group.shown is not None and group.shown(ctx)):
            continue
        at = moment_of(ctx, group)
        if group.each and 0 < len(choices) <= MAX_EACH:
            entries.append([TableButton(table.id, group.id, at, option_text(group, action, ctx), group, index)
                            for index, action in enumerate(choices)])
        elif group.each and MAX_EACH < len(choices) <= MAX_OPTIONS:
            entries.append((group, at, choices))  # a citizen with eight neighbours
        else:
            entries.append([group_button(table, group, at, ctx)])
    trailing: list[discord.ui.Item[Any]] = []
    if ui.secret is not None and ui.secret.shown(ctx):
        trailing.append(SecretButton(table.id, ctx.msg(ui.secret.button)))
    if ui.full_render is not None:
        trailing.append(full_board_button(table.id, ctx.locale))  # the detail the channel's picture leaves out
    trailing.append(watch_button(table.id, ctx.locale))  # everyone: the whole public board, privately (📜 Details)
    hint = hint_button(table, ctx.locale)  # the computer's move in the presser's seat, when the host allows it
    if hint is not None:
        trailing.append(hint)
    trailing.append(whatnow_button(table.id, ctx.locale))  # anyone: the moment explained, privately
    # A select takes a row of its own and a board has five: the last ones fall back to a button and its picker.
    listed = [entry for entry in entries if isinstance(entry, tuple)]
    buttons = sum(len(entry) for entry in entries if isinstance(entry, list)) + len(trailing)
    while listed and -(-buttons // MAX_EACH) + len(listed) > BOARD_ROWS:
        listed.pop()
        buttons += 1
    view = discord.ui.View(timeout=None)
    selects: list[discord.ui.Item[Any]] = []
    for entry in entries:
        if isinstance(entry, list):
            items = entry
        elif entry in listed:
            selects.append(board_select(table, *entry, ctx))
            continue
        else:
            items = [group_button(table, entry[0], entry[1], ctx)]
        for item in items:
            if len(view.children) < MAX_OPTIONS:
                view.add_item(item)
    for item in [*trailing, *selects]:
        if len(view.children) < MAX_OPTIONS:
            view.add_item(item)
    return view


def group_button(table: Table, group: Group, at: str, ctx: Ctx) -> TableButton:
    """A group's one button: it plays the clicker's only choice, or opens their picker."""
    params = group.label_params(ctx) if group.label_params else {}
    return TableButton(table.id, group.id, at, ctx.msg(group.label, **params), group)


def add_options(select: discord.ui.Select[Any], group: Group, ctx: Ctx, choices: list[Action], start: int) -> None:
    """`choices` as a select's options, numbered from `start` (an option's value is its action, or its number)."""
    for index, action in enumerate(choices, start=start):
        hint = group.hint(action, ctx) if group.hint is not None else None
        select.add_option(label=limits.option(option_text(group, action, ctx)), value=encode(action, index),
                          description=limits.option(hint) if hint else None)


def board_select(table: Table, group: Group, at: str, choices: list[Action], ctx: Ctx) -> BoardSelect:
    select = BoardSelect(table.id, group.id, at)
    select.item.placeholder = limits.placeholder(ctx.msg(group.placeholder or group.label))
    add_options(select.item, group, ctx, choices, 0)
    return select


def panel_view(table: Table, ui: GameUI, ctx: Ctx, seat: int) -> discord.ui.View | None:
    """The buttons under a player's private view: the panel groups (`Secret.panel`) he can use now."""
    if ui.secret is None:
        return None
    view = discord.ui.View(timeout=None)
    for group_id in ui.secret.panel:
        group = ui.group(group_id)
        if group is not None and actions_of(table, group, seat) and len(view.children) < 25:
            view.add_item(TableButton(table.id, group.id, moment_of(ctx, group), ctx.msg(group.label), group))
    return view if view.children else None


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"g:(?P<table>\d+):(?P<group>{GROUP})(?:\.(?P<index>\d+))?:(?P<moment>{MOMENT})",
):
    def __init__(self, table_id: int, group_id: str, moment: str, label: str = "", group: Group | None = None,
                 index: int | None = None) -> None:
        suffix = f".{index}" if index is not None else ""
        style = group.style if group is not None else discord.ButtonStyle.secondary
        emoji = group.emoji if group is not None else None
        super().__init__(discord.ui.Button(
            label=limits.label(label or group_id), style=style, emoji=emoji,
            custom_id=f"g:{table_id}:{group_id}{suffix}:{moment}",
        ))
        self.table_id, self.group_id, self.moment, self.index = table_id, group_id, moment, index
        self.chosen: list[Action] = []
        self.found: tuple[Table, Group, Ctx, int] | None = None  # the click's context, built once by the check

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        index = int(match["index"]) if match["index"] is not None else None
        label = getattr(item, "label", None) or ""
        return cls(int(match["table"]), match["group"], match["moment"], label, index=index)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        found = await current_group(interaction, self.table_id, self.group_id, self.moment)
        if found is None:
            return False
        self.found = found
        table, group, ctx, seat = found
        mine = actions_of(table, group, seat)
        if self.index is not None:
            choices = public_actions(table, group)
            if self.index >= len(choices):
                await tell(interaction, ctx.msg("error.stale"))
                return False
            target = choices[self.index]
            if target not in mine:
                refusal = why_not(table, seat, target)
                await tell(interaction, refusal_text(ctx.locale, refusal, ctx.names) if refusal
                           else explain(table, seat, group, ctx))
                return False
            mine = [target]
        if not mine:
            await tell(interaction, explain(table, seat, group, ctx))
            return False
        self.chosen = mine
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.found is not None  # interaction_check passed
        table, group, ctx, seat = self.found
        if group.amount is not None:
            await ask_amount(interaction, table, group, ctx, self.chosen)
        elif group.compose is not None:
            await open_composer(interaction, table, group, ctx, seat)
        elif len(self.chosen) == 1:
            # The board's edit answers the click; a confirmation or a next choice follows privately.
            if await act(interaction, table, self.chosen[0], ctx.names, interaction.response.defer):
                await after(interaction, group, ctx)
        else:
            await interaction.response.send_message(**picker(table, group, ctx, self.chosen, 0), ephemeral=True)


async def after(interaction: discord.Interaction, group: Group, ctx: Ctx) -> None:
    """What the player sees privately once their action is taken on the board: a confirmation, a next choice."""
    if group.done is not None:
        await tell(interaction, ctx.msg(group.done))
    nxt = ui_of(bot_of(interaction), ctx.table).group(group.follow) if group.follow else None
    seat = ctx.table.seat_of(interaction.user.id)
    if nxt is None or seat is None or ctx.table.status != "playing":
        return
    choices = actions_of(ctx.table, nxt, seat)
    if choices:
        fresh = await context(bot_of(interaction), ctx.table, ctx.locale)
        await follow_up(interaction, **picker(ctx.table, nxt, fresh, choices, 0), ephemeral=True)


async def clickers_choice(interaction: discord.Interaction, table: Table, group: Group, ctx: Ctx, seat: int,
                          choices: list[Action]) -> Action | None:
    """The action a select's pick names among `choices`, when it is the clicker's to take now; else None, and
    the clicker is told privately why not."""
    data: Any = interaction.data or {}
    values = data.get("values") or []
    mine = actions_of(table, group, seat)
    action = decode(str(values[0]), choices) if values else None
    if action is None:
        await tell(interaction, ctx.msg("error.stale"))
        return None
    if action not in mine:
        refusal = why_not(table, seat, action)
        await tell(interaction, refusal_text(ctx.locale, refusal, ctx.names) if refusal
                   else explain(table, seat, group, ctx))
        return None
    return action


async def checked_pick(interaction: discord.Interaction, table_id: int, group_id: str, moment: str, *,
                       own: bool) -> tuple[tuple[Table, Group, Ctx, int], Action] | None:
    """A select's check: the group still offered at this moment, and the presser's choice among its options
    (`own`: the presser's own legal actions, as a private picker lists them; else the public ones the board's
    select lists); None when refused (the presser has been told why)."""
    found = await current_group(interaction, table_id, group_id, moment)
    if found is None:
        return None
    table, group, ctx, seat = found
    choices = actions_of(table, group, seat) if own else public_actions(table, group)
    chosen = await clickers_choice(interaction, table, group, ctx, seat, choices)
    return None if chosen is None else (found, chosen)


class BoardSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"gv:(?P<table>\d+):(?P<group>{GROUP}):(?P<moment>{MOMENT})",
):
    """The choices of an `each` group too many for a row of buttons, in a select on the board itself: a pick
    plays at once, answered by the board's edit, as a button would."""

    def __init__(self, table_id: int, group_id: str, moment: str) -> None:
        super().__init__(discord.ui.Select(custom_id=f"gv:{table_id}:{group_id}:{moment}"))
        self.table_id, self.group_id, self.moment = table_id, group_id, moment
        self.chosen: Action | None = None
        self.found: tuple[Table, Group, Ctx, int] | None = None  # the click's context, built once by the check

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardSelect:
        return cls(int(match["table"]), match["group"], match["moment"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        picked = await checked_pick(interaction, self.table_id, self.group_id, self.moment, own=False)
        self.found, self.chosen = picked if picked is not None else (None, None)
        return picked is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.found is not None and self.chosen is not None  # interaction_check passed
        table, group, ctx, _seat = self.found
        if await act(interaction, table, self.chosen, ctx.names, interaction.response.defer):
            await after(interaction, group, ctx)


# --- the private picker ------------------------------------------------------------------------


def picker(table: Table, group: Group, ctx: Ctx, choices: list[Action], page: int) -> dict[str, Any]:
    """The message that lets a player choose one of `choices`, 25 a page."""
    pages = max(1, -(-len(choices) // MAX_OPTIONS))
    page = min(max(page, 0), pages - 1)
    at = moment_of(ctx, group)
    start = page * MAX_OPTIONS
    select = PickerSelect(table.id, group.id, at, page)
    select.item.placeholder = limits.placeholder(ctx.msg(group.placeholder or group.label))
    add_options(select.item, group, ctx, choices[start:start + MAX_OPTIONS], start)
    view = discord.ui.View(timeout=None)
    view.add_item(select)
    if pages > 1:
        view.add_item(PickerPage(table.id, group.id, at, page - 1, ctx.msg("core.picker_previous"),
                                 disabled=page == 0))
        view.add_item(PickerPage(table.id, group.id, at, page + 1, ctx.msg("core.picker_next"),
                                 disabled=page == pages - 1))
    content = ctx.msg(group.placeholder or group.label)
    if pages > 1:
        content += "\n" + ctx.msg("core.picker_page", page=page + 1, pages=pages)
    return {"content": content, "view": view}


class PickerSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"gp:(?P<table>\d+):(?P<group>{GROUP}):(?P<moment>{MOMENT}):(?P<page>\d+)",
):
    def __init__(self, table_id: int, group_id: str, moment: str, page: int) -> None:
        super().__init__(discord.ui.Select(custom_id=f"gp:{table_id}:{group_id}:{moment}:{page}"))
        self.table_id, self.group_id, self.moment, self.page = table_id, group_id, moment, page
        self.chosen: Action | None = None
        self.found: tuple[Table, Group, Ctx, int] | None = None  # the click's context, built once by the check

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickerSelect:
        return cls(int(match["table"]), match["group"], match["moment"], int(match["page"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        picked = await checked_pick(interaction, self.table_id, self.group_id, self.moment, own=True)
        self.found, self.chosen = picked if picked is not None else (None, None)
        return picked is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.found is not None and self.chosen is not None  # interaction_check passed
        table, group, ctx, _seat = self.found
        picked = ctx.msg("core.picked", choice=option_text(group, self.chosen, ctx))
        await act(interaction, table, self.chosen, ctx.names,
                  lambda: interaction.response.edit_message(content=picked, view=None))


class PickerPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"gq:(?P<table>\d+):(?P<group>{GROUP}):(?P<moment>{MOMENT}):(?P<page>-?\d+)",
):
    def __init__(self, table_id: int, group_id: str, moment: str, page: int, label: str = "",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or str(page + 1), style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=f"gq:{table_id}:{group_id}:{moment}:{page}",
        ))
        self.table_id, self.group_id, self.moment, self.page = table_id, group_id, moment, page
        self.found: tuple[Table, Group, Ctx, int] | None = None  # the click's context, built once by the check

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickerPage:
        label = getattr(item, "label", None) or ""
        return cls(int(match["table"]), match["group"], match["moment"], int(match["page"]), label)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        self.found = await current_group(interaction, self.table_id, self.group_id, self.moment)
        return self.found is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.found is not None  # interaction_check passed
        table, group, ctx, seat = self.found
        await interaction.response.edit_message(**picker(table, group, ctx, actions_of(table, group, seat), self.page))


# --- amounts -----------------------------------------------------------------------------------


def amount_bounds(group: Group, choices: list[Action]) -> tuple[int, int] | None:
    assert group.amount is not None
    values = [a[group.amount] for a in choices if isinstance(a.get(group.amount), int)]
    return (min(values), max(values)) if values else None


async def ask_amount(interaction: discord.Interaction, table: Table, group: Group, ctx: Ctx,
                     choices: list[Action]) -> None:
    """A modal asks the number; its answer arrives as an interaction `on_amount` handles.

    The modal is not kept by discord.py (it is stopped at once): every answer, also one sent
    after a restart, goes through the same listener.
    """
    bounds = amount_bounds(group, choices)
    modal = discord.ui.Modal(title=limits.modal_title(ctx.msg(group.label)), custom_id=f"gm:{table.id}:{group.id}:"
                             f"{moment_of(ctx, group)}", timeout=None)
    hint = ctx.msg("core.amount_between", low=bounds[0], high=bounds[1]) if bounds else ctx.msg("core.amount")
    modal.add_item(discord.ui.TextInput(label=limits.modal_title(hint), custom_id="amount", required=True,
                                        max_length=12))
    await interaction.response.send_modal(modal)
    modal.stop()


AMOUNT_ID = re.compile(rf"gm:(?P<table>\d+):(?P<group>{GROUP}):(?P<moment>{MOMENT})")


def modal_value(interaction: discord.Interaction) -> str:
    data: Any = interaction.data or {}
    for row in data.get("components", []):
        for component in [row, *row.get("components", [])] if isinstance(row, dict) else []:
            inner = component.get("component", component)
            if inner.get("custom_id") == "amount":
                return str(inner.get("value", ""))
    return ""


async def on_amount(interaction: discord.Interaction) -> bool:
    """Handle an amount modal's answer; False when the interaction is not one."""
    data: Any = interaction.data or {}
    match = AMOUNT_ID.fullmatch(str(data.get("custom_id", "")))
    if interaction.type != discord.InteractionType.modal_submit or match is None:
        return False
    found = await current_group(interaction, int(match["table"]), match["group"], match["moment"])
    if found is None:
        return True
    table, group, ctx, seat = found
    assert group.amount is not None
    mine = actions_of(table, group, seat)
    text = modal_value(interaction).strip()
    if not mine:
        await tell(interaction, explain(table, seat, group, ctx))
        return True
    if not text.lstrip("-").isdigit():
        await tell(interaction, ctx.msg("core.amount_not_a_number", text=text[:20]))
        return True
    action = {**strip_stamp(mine[0]), group.amount: int(text)}
    refusal = why_not(table, seat, action)
    if refusal is not None:
        await tell(interaction, refusal_text(ctx.locale, refusal, ctx.names))
        return True
    await act(interaction, table, action, ctx.names, interaction.response.defer)
    return True


# --- the player's private view -----------------------------------------------------------------


class SecretButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gs:(?P<table>\d+)"):
    def __init__(self, table_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=limits.label(label or "…"), style=discord.ButtonStyle.secondary,
                                           emoji="🔒", custom_id=f"gs:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SecretButton:
        return cls(int(match["table"]), getattr(item, "label", None) or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_table(interaction, self.table_id) is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        table = bot.service.get(self.table_id)
        ui = ui_of(bot, table)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None and ui.secret is not None
        ctx = await context(bot, table, locale_of(interaction), seat)
        shown = ui.secret.text(ctx)
        controls = panel_view(table, ui, ctx, seat)
        extra: dict[str, Any] = {"view": controls} if controls is not None else {}
        if shown is None:
            await tell(interaction, ctx.msg("core.no_secret"), **extra)
        elif isinstance(shown, str):
            await tell(interaction, shown, **extra)
        else:
            await tell(interaction, "", embed=shown, **extra)


class RetiredControl(
    discord.ui.DynamicItem[discord.ui.Button], template=r"(?:spy|spysel|polls):\d+:[a-z0-9]+:[a-z0-9]*"
):
    """Buttons of boards drawn before the generic controls: they only say where the live ones are."""

    def __init__(self, custom_id: str = "polls:0:x:0") -> None:
        super().__init__(discord.ui.Button(label="…", custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RetiredControl:
        return cls(match.group(0))

    async def callback(self, interaction: discord.Interaction) -> None:
        await tell(interaction, t(locale_of(interaction), "error.stale"))


DYNAMIC_ITEMS = (TableButton, BoardSelect, PickerSelect, PickerPage, ComposeChoose, ComposeSelect, ComposeSend,
                 SecretButton, WatchButton, FullBoardButton, WhatNowButton, HintButton, RetiredControl)
