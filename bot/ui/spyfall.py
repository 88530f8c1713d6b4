"""Spyfall's buttons and selects. custom_id = spy:<table>:<op>:<moment>.

The moment says which state a control belongs to (a round, a vote); a click from an older one
gets "that moment has passed" instead of acting on the wrong vote or round.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t
from bot.tables import Table, TableError
from bot.ui.common import bot_of, check_table, locale_of, refuse, tell, why_not
from games.core.protocol import IllegalAction

VOTE_OPENING_EVENTS = ("accused", "final_vote")


def moment(view: dict[str, Any], op: str) -> str:
    """The current moment for a kind of control, from the public view."""
    if op == "card":
        return "c"
    if op in ("yes", "no"):
        opened = [e["id"] for e in view["log"] if e["type"] in VOTE_OPENING_EVENTS]
        return f"v{opened[-1] if opened else 0}"
    if op == "deal":
        return f"d{view['round']}"
    return f"r{view['round']}"


def location_name(location_id: str, view: dict[str, Any], locale: str) -> str:
    for loc in view["locations"]:
        if loc["id"] == location_id:
            return str(loc["names"].get(locale) or loc["names"]["en"])
    return location_id


def card_text(view: dict[str, Any], locale: str) -> str:
    card = view.get("card")
    if not card:
        return t(locale, "spyfall.card.none")
    if card.get("spy"):
        return t(locale, "spyfall.card.spy", round=view["round"])
    role = None
    if card.get("role_names"):
        role = card["role_names"].get(locale) or card["role_names"]["en"]
    key = "spyfall.card.location" if role else "spyfall.card.location_no_role"
    return t(locale, key, round=view["round"], location=location_name(card["location"], view, locale), role=role)


async def act(interaction: discord.Interaction, table: Table, action: dict[str, Any]) -> bool:
    """Hand one action to the table; refusals are answered privately with what is possible now."""
    try:
        await bot_of(interaction).service.act(table.id, interaction.user.id, action)
    except (IllegalAction, TableError) as exc:
        await refuse(interaction, exc)
        return False
    return True


class SpyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"spy:(?P<table>\d+):(?P<op>card|accuse|reveal|pass|yes|no|guess|deal):(?P<moment>[a-z]\d*)",
):
    STYLES = {
        "card": discord.ButtonStyle.secondary,
        "accuse": discord.ButtonStyle.danger,
        "reveal": discord.ButtonStyle.primary,
        "pass": discord.ButtonStyle.secondary,
        "yes": discord.ButtonStyle.success,
        "no": discord.ButtonStyle.danger,
        "guess": discord.ButtonStyle.primary,
        "deal": discord.ButtonStyle.primary,
    }

    def __init__(self, table_id: int, op: str, moment_id: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op, style=self.STYLES[op], custom_id=f"spy:{table_id}:{op}:{moment_id}"
            )
        )
        self.table_id, self.op, self.moment = table_id, op, moment_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> SpyButton:
        return cls(int(match["table"]), match["op"], match["moment"], item.label or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        table = await check_table(interaction, self.table_id)
        if table is None:
            return False
        if moment(table.view(None), self.op) != self.moment:
            await tell(interaction, t(locale_of(interaction), "error.stale"))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        table = bot_of(interaction).service.get(self.table_id)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        locale = locale_of(interaction)
        view = table.view(seat)
        if view["left"][seat]:
            await refuse(interaction, IllegalAction("You have left this game."))
        elif self.op == "card":
            await tell(interaction, card_text(view, locale))
        elif self.op in ("yes", "no"):
            await interaction.response.defer(ephemeral=True, thinking=True)  # a tally posts and redraws
            if await act(interaction, table, {"type": "vote", "guilty": self.op == "yes"}):
                await tell(interaction, t(locale, f"spyfall.voted_{self.op}"))
        elif self.op == "deal":
            await interaction.response.defer(ephemeral=True, thinking=True)
            if await act(interaction, table, {"type": "start_round"}):
                await tell(interaction, t(locale, "spyfall.dealt"))
        elif self.op == "reveal":
            await interaction.response.defer(ephemeral=True, thinking=True)
            if await act(interaction, table, {"type": "reveal"}):
                await send_guess_menus(interaction, table)
        elif self.op == "guess":
            reason = None if view["phase"] == "spy_guess" and view.get("card", {}).get("spy") else (
                why_not(table, seat, {"type": "guess", "location": view["locations"][0]["id"]})
            )
            if reason:
                await refuse(interaction, IllegalAction(reason))
            else:
                await send_guess_menus(interaction, table)
        elif self.op in ("accuse", "pass"):
            kind = "accuse" if self.op == "accuse" else "ask"
            targets = [a["target"] for a in table.game.legal_actions(table.state, seat) if a["type"] == kind]
            if not targets:
                probe = next((s for s in range(len(table.users)) if s != seat), seat)
                reason = why_not(table, seat, {"type": kind, "target": probe})
                await refuse(interaction, IllegalAction(reason or "You cannot do that now."))
                return
            names = await bot_of(interaction).names(table)
            select = SpySelect(table.id, kind, moment(view, kind))
            select.item.placeholder = t(locale, f"spyfall.pick_{kind}")
            select.item.options = [discord.SelectOption(label=names[s][:100], value=str(s)) for s in targets]
            menu = discord.ui.View(timeout=None)
            menu.add_item(select)
            await tell(interaction, t(locale, f"spyfall.pick_{kind}"), view=menu)


async def send_guess_menus(interaction: discord.Interaction, table: Table) -> None:
    """The spy's guess: all 30 locations, split over two menus (a menu holds 25)."""
    locale = locale_of(interaction)
    view = table.view(None)
    locations = view["locations"]
    menu = discord.ui.View(timeout=None)
    half = (len(locations) + 1) // 2
    for part, chunk in enumerate((locations[:half], locations[half:]), start=1):
        select = SpySelect(table.id, f"guess{part}", moment(view, "guess"))
        first = len(locations[:half]) * (part - 1) + 1
        select.item.placeholder = t(locale, "spyfall.pick_guess", first=first, last=first + len(chunk) - 1)
        select.item.options = [
            discord.SelectOption(label=f"{first + i}. {location_name(loc['id'], view, locale)}", value=loc["id"])
            for i, loc in enumerate(chunk)
        ]
        menu.add_item(select)
    await tell(interaction, t(locale, "spyfall.guess_now"), view=menu)


class SpySelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"spysel:(?P<table>\d+):(?P<op>accuse|ask|guess1|guess2):(?P<moment>[a-z]\d*)",
):
    def __init__(self, table_id: int, op: str, moment_id: str) -> None:
        super().__init__(discord.ui.Select(custom_id=f"spysel:{table_id}:{op}:{moment_id}", min_values=1, max_values=1))
        self.table_id, self.op, self.moment = table_id, op, moment_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> SpySelect:
        return cls(int(match["table"]), match["op"], match["moment"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        table = await check_table(interaction, self.table_id)
        if table is None:
            return False
        if moment(table.view(None), "guess" if self.op.startswith("guess") else self.op) != self.moment:
            await tell(interaction, t(locale_of(interaction), "error.stale"))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        table = bot_of(interaction).service.get(self.table_id)
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        if not values:
            return
        value = values[0]
        locale = locale_of(interaction)
        if self.op.startswith("guess"):
            action: dict[str, Any] = {"type": "guess", "location": value}
        else:
            action = {"type": self.op, "target": int(value)}
        await interaction.response.defer(ephemeral=True, thinking=True)
        if await act(interaction, table, action):
            await tell(interaction, t(locale, f"spyfall.done_{self.op.rstrip('12')}"))
