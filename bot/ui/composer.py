"""The composer: a private panel that builds one action from many choices (who gets which card, which
units go where), for a group whose `GameUI` declares a `Compose`.

A group's button opens it (`open_composer`); its selects say what goes to each receiver (or, laid out as pairs,
each item with its receiver), and its send button takes the action. The panel's whole state, the draft, is in
the custom ids, so a panel works after a restart:
    gb:<table>:<group>:<moment>                which of the group's actions to start from (`Compose.choose`)
    gc:<table>:<group>:<moment>:<draft>:<r>    the r-th select (what goes to receiver r, or pairs)
    gg:<table>:<group>:<moment>:<draft>        the send button (the draft: a receiver per item)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot import limits
from bot.gameui import Compose, Ctx, Group
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
    strip_stamp,
)
from bot.ui.common import bot_of, refusal_text, tell, why_not
from games.core.protocol import Action

MAX_ROWS = 4  # selects in a composer: Discord allows 5 rows, and the send button takes one
# A draft: "<k>x" (the k-th choice of `Compose.choose`, when there is one), then the receiver of
# each item (1-based; 0 = kept): "2x0102" starts from the third choice, items 2 and 4 given.
DRAFT = r"(?:[0-9]+x)?[0-9]*"


def _draft_of(draft: str, items: int) -> list[int]:
    """The receiver of each item, from a draft's digits."""
    given = [int(c) for c in draft[:items] if c.isdigit()]
    return given + [0] * (items - len(given))


def _split_draft(draft: str) -> tuple[int, str]:
    key, _x, digits = draft.rpartition("x")
    return (int(key) if key.isdigit() else 0), digits


def _join_draft(key: int, given: list[int], keyed: bool) -> str:
    return (f"{key}x" if keyed else "") + "".join(map(str, given))


def compose_choices(group: Group, mine: list[Action]) -> list[list[Action]]:
    """The player's actions of a composed group, gathered by `Compose.choose` (one lot without it)."""
    spec = group.compose
    assert spec is not None
    if spec.choose is None:
        return [mine] if mine else []
    lots: dict[Any, list[Action]] = {}
    for action in mine:
        lots.setdefault(spec.choose(action), []).append(action)
    return list(lots.values())[:MAX_OPTIONS]


@dataclass
class Draft:
    """A composer's state: which choice it starts from, the items, the receivers and who gets what."""

    key: int
    chosen: list[Action]
    items: list[tuple[Any, str]]
    receivers: list[tuple[Any, str]]
    given: list[int]

    def code(self, group: Group, given: list[int] | None = None) -> str:
        assert group.compose is not None
        return _join_draft(self.key, self.given if given is None else given, group.compose.choose is not None)


def preset_of(spec: Compose, base: Action, items: list[tuple[Any, str]], receivers: list[tuple[Any, str]],
            ) -> list[int]:
    """Who gets what in `base` itself: an assignment (item → receiver), pairs, or items for the first receiver."""
    given = [0] * len(items)
    number = {value: n for n, (value, _label) in enumerate(receivers, start=1)}

    def place(item: Any, receiver: int) -> None:
        for index, (value, _label) in enumerate(items):
            if value == item and given[index] == 0:
                given[index] = receiver
                return

    held = base.get(spec.field) if spec.field else None
    if isinstance(held, dict):
        for item, receiver in held.items():
            place(item, number.get(receiver, 0))
    elif isinstance(held, list):
        for entry in held:
            if isinstance(entry, dict):
                place(entry.get(spec.item_key), number.get(entry.get(spec.receiver_key), 0))
            else:
                place(entry, 1)
    return given


def read_draft(group: Group, ctx: Ctx, mine: list[Action], draft: str) -> Draft | None:
    """The composer's state from its custom id (None: the choice it started from is gone)."""
    spec = group.compose
    assert spec is not None
    key, digits = _split_draft(draft)
    lots = compose_choices(group, mine)
    if not 0 <= key < len(lots):
        return None
    chosen = lots[key]
    rows = MAX_ROWS - (1 if spec.choose is not None else 0)
    receivers = spec.receivers(ctx, chosen)
    items = spec.items(ctx, chosen)
    if spec.layout == "pairs":
        per_select = max(1, MAX_OPTIONS // max(1, len(receivers)))
        items = items[:per_select * rows]
        receivers = receivers[:9]
    else:
        items, receivers = items[:MAX_OPTIONS], receivers[:rows]
    if digits == "" and spec.preset:
        given = preset_of(spec, chosen[0], items, receivers)
    else:
        given = _draft_of(digits, len(items))
    given = [r if r <= len(receivers) else 0 for r in given]
    return Draft(key, chosen, items, receivers, given)


def composed_action(group: Group, draft: Draft) -> Action:
    """The group's action with its field (or fields) filled from the draft."""
    spec = group.compose
    assert spec is not None
    chosen = [{spec.item_key: draft.items[i][0], spec.receiver_key: draft.receivers[r - 1][0]}
              for i, r in enumerate(draft.given) if r]
    made: Any = spec.build(chosen) if spec.build is not None else chosen
    base = strip_stamp(draft.chosen[0])
    return {**base, **made} if spec.field is None else {**base, spec.field: made}


def _pair_chunks(draft: Draft) -> list[list[int]]:
    """The item indices of each pairs select: as many items as leave room for every receiver."""
    per_select = max(1, MAX_OPTIONS // max(1, len(draft.receivers)))
    indices = list(range(len(draft.items)))
    return [indices[i:i + per_select] for i in range(0, len(indices), per_select)]


def choice_label(group: Group, action: Action, ctx: Ctx) -> str:
    spec = group.compose
    assert spec is not None
    return spec.choose_label(action, ctx) if spec.choose_label is not None else option_text(group, action, ctx)


def composer(table: Table, group: Group, ctx: Ctx, draft: Draft) -> dict[str, Any]:
    """The private panel: what goes to whom so far, the selects, and the send button."""
    spec = group.compose
    assert spec is not None
    at = moment_of(ctx, group)
    code = draft.code(group)
    view = discord.ui.View(timeout=None)
    if spec.choose is not None:
        lots = compose_choices(group, actions_of(table, group, ctx.seat if ctx.seat is not None else -1))
        first = ComposeChoose(table.id, group.id, at)
        first.item.placeholder = limits.placeholder(ctx.msg(spec.choose_placeholder))
        for key, lot in enumerate(lots):
            first.item.add_option(label=limits.option(choice_label(group, lot[0], ctx)), value=str(key),
                                  default=key == draft.key)
        view.add_item(first)
    if spec.layout == "pairs":
        for number, chunk in enumerate(_pair_chunks(draft), start=1):
            select = ComposeSelect(table.id, group.id, at, code, number)
            select.item.placeholder = limits.placeholder(ctx.msg(group.placeholder or group.label))
            for index in chunk:
                for receiver, (_value, name) in enumerate(draft.receivers, start=1):
                    select.item.add_option(label=limits.option(f"{draft.items[index][1]} → {name}"),
                                           value=f"{index}.{receiver}", default=draft.given[index] == receiver)
            select.item.min_values, select.item.max_values = 0, max(1, len(select.item.options))
            if select.item.options:
                view.add_item(select)
    else:
        for number, (_value, name) in enumerate(draft.receivers, start=1):
            select = ComposeSelect(table.id, group.id, at, code, number)
            select.item.placeholder = limits.placeholder(ctx.msg(spec.receiver_label, name=name))
            select.item.min_values, select.item.max_values = 0, max(1, len(draft.items))
            for index, (_item, label) in enumerate(draft.items):
                select.item.add_option(label=limits.option(label), value=str(index),
                                       default=draft.given[index] == number)
            if draft.items:
                view.add_item(select)
    count = sum(1 for r in draft.given if r)
    label = ctx.plural(spec.submit, count) if count else ctx.msg(spec.submit_empty)
    view.add_item(ComposeSend(table.id, group.id, at, code, label))
    head = ctx.msg(group.placeholder or group.label)
    if spec.choose is not None:
        head += f"\n**{choice_label(group, draft.chosen[0], ctx)}**"
    lines = [f"• {draft.items[i][1]} → {draft.receivers[r - 1][1]}" for i, r in enumerate(draft.given) if r]
    return {"content": "\n".join([head, *lines]), "view": view}


async def open_composer(interaction: discord.Interaction, table: Table, group: Group, ctx: Ctx, seat: int) -> None:
    """A composed group's button: its private panel, starting from the first choice."""
    own = await context(bot_of(interaction), table, ctx.locale, seat)
    draft = read_draft(group, own, actions_of(table, group, seat), "")
    if draft is None:
        await tell(interaction, explain(table, seat, group, ctx))
        return
    await interaction.response.send_message(**composer(table, group, own, draft), ephemeral=True)


async def composing(interaction: discord.Interaction, table_id: int, group_id: str, moment: str, draft: str,
                    ) -> tuple[Table, Group, Ctx, Draft] | None:
    """The checks of a composer's control: the moment, and that the clicker may take the action now."""
    found = await current_group(interaction, table_id, group_id, moment)
    if found is None:
        return None
    table, group, ctx, seat = found
    mine = actions_of(table, group, seat)
    if group.compose is None or not mine:
        await tell(interaction, explain(table, seat, group, ctx))
        return None
    own = await context(bot_of(interaction), table, ctx.locale, seat)
    state = read_draft(group, own, mine, draft)
    if state is None:
        await tell(interaction, ctx.msg("error.stale"))
        return None
    return table, group, own, state


class ComposeChoose(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"gb:(?P<table>\d+):(?P<group>{GROUP}):(?P<moment>{MOMENT})",
):
    """A composer's first select: which of the group's actions to start from (recipient, origin, target)."""

    def __init__(self, table_id: int, group_id: str, moment: str) -> None:
        super().__init__(discord.ui.Select(custom_id=f"gb:{table_id}:{group_id}:{moment}"))
        self.table_id, self.group_id, self.moment = table_id, group_id, moment
        self.found: tuple[Table, Group, Ctx, Draft] | None = None

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ComposeChoose:
        return cls(int(match["table"]), match["group"], match["moment"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values") or [] if str(v).isdigit()]
        self.found = await composing(interaction, self.table_id, self.group_id, self.moment,
                                     f"{values[0] if values else 0}x")
        return self.found is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.found is not None
        table, group, ctx, draft = self.found
        await interaction.response.edit_message(**composer(table, group, ctx, draft))


class ComposeSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"gc:(?P<table>\d+):(?P<group>{GROUP}):(?P<moment>{MOMENT}):(?P<draft>{DRAFT}):(?P<receiver>\d)",
):
    def __init__(self, table_id: int, group_id: str, moment: str, draft: str, receiver: int) -> None:
        super().__init__(discord.ui.Select(custom_id=f"gc:{table_id}:{group_id}:{moment}:{draft}:{receiver}"))
        self.table_id, self.group_id, self.moment = table_id, group_id, moment
        self.draft, self.receiver = draft, receiver
        self.found: tuple[Table, Group, Ctx, Draft] | None = None

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ComposeSelect:
        return cls(int(match["table"]), match["group"], match["moment"], match["draft"], int(match["receiver"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        self.found = await composing(interaction, self.table_id, self.group_id, self.moment, self.draft)
        return self.found is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.found is not None
        table, group, ctx, draft = self.found
        assert group.compose is not None
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values") or []]
        given = list(draft.given)
        if group.compose.layout == "pairs":
            # This select's items go to the receivers picked for them (the last pick of an item wins).
            chunks = _pair_chunks(draft)
            for index in chunks[self.receiver - 1] if 0 < self.receiver <= len(chunks) else []:
                given[index] = 0
            for value in values:
                item, _dot, receiver = value.partition(".")
                if item.isdigit() and receiver.isdigit() and int(item) < len(given) \
                        and 0 < int(receiver) <= len(draft.receivers):
                    given[int(item)] = int(receiver)
        else:
            picked = {int(v) for v in values if v.isdigit()}
            # What this receiver's select now holds goes to them; what it no longer holds is kept again.
            given = [self.receiver if i in picked else (0 if r == self.receiver else r) for i, r in enumerate(given)]
        draft.given = given
        await interaction.response.edit_message(**composer(table, group, ctx, draft))


class ComposeSend(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"gg:(?P<table>\d+):(?P<group>{GROUP}):(?P<moment>{MOMENT}):(?P<draft>{DRAFT})",
):
    def __init__(self, table_id: int, group_id: str, moment: str, draft: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=limits.label(label or "…"), style=discord.ButtonStyle.primary,
                                           custom_id=f"gg:{table_id}:{group_id}:{moment}:{draft}"))
        self.table_id, self.group_id, self.moment, self.draft = table_id, group_id, moment, draft
        self.found: tuple[Table, Group, Ctx, Draft] | None = None

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ComposeSend:
        return cls(int(match["table"]), match["group"], match["moment"], match["draft"],
                   getattr(item, "label", None) or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        self.found = await composing(interaction, self.table_id, self.group_id, self.moment, self.draft)
        if self.found is None:
            return False
        table, group, ctx, draft = self.found
        refusal = why_not(table, ctx.seat if ctx.seat is not None else -1, composed_action(group, draft))
        if refusal is not None:  # the panel stays as it is, so the player can change the draft
            await tell(interaction, refusal_text(ctx.locale, refusal, ctx.names))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.found is not None
        table, group, ctx, draft = self.found
        action = composed_action(group, draft)
        picked = ctx.msg("core.picked", choice=composer(table, group, ctx, draft)["content"])
        await act(interaction, table, action, ctx.names,
                  lambda: interaction.response.edit_message(content=picked, view=None))
