"""The Polls Are Closed!'s buttons and selects. custom_id = polls:<table>:<op>:<moment>.

The moment is the public view's `log_count`: every action writes at least one log event, so a
control from an older board gets "that moment has passed" instead of acting on a state it was
not drawn for. Only the player whose turn it is may use them; the other gets a sentence saying
whose turn it is. Refusals of the engine are answered privately with its reason.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t
from bot.tables import Table, TableError
from bot.ui.common import bot_of, check_table, locale_of, refuse, tell, why_not
from games.core.protocol import IllegalAction
from games.polls.data import COSTS, REGION_TYPE, REGIONS

EMOJI = ("🔵", "🔴")
PARTY_KEYS = ("blue", "red")
MAX_OPTIONS = 25  # Discord's limit per select menu
BUTTON_OPS = r"pa|pbc|da|dbc|seven|noseven|die[1-6]|end"
SELECT_OPS = r"pact|shift[12]|infl|poll"
PROPAGANDA_OPS = {"pa": ("propaganda", "A"), "pbc": ("propaganda", "BC"),
                  "da": ("double_propaganda", "A"), "dbc": ("double_propaganda", "BC")}


def moment(view: dict[str, Any]) -> str:
    """The current moment of a table, from its public view."""
    return str(view["log_count"])


def party(seat: int, locale: str) -> str:
    return f"{EMOJI[seat]} {t(locale, f'polls.party.{PARTY_KEYS[seat]}')}"


def who(seat: int, names: list[str]) -> str:
    return f"{EMOJI[seat]} {names[seat]}"


def region_name(region: str, locale: str) -> str:
    return t(locale, f"polls.region.{region}")


def sector_name(sector: str, locale: str) -> str:
    return t(locale, "polls.centre", name=sector) if sector in ("A", "B", "C") else sector


def circle_name(circle: str) -> str:
    return "B+C" if circle == "BC" else circle


def computer_to_act(table: Table) -> list[int]:
    """Computer seats that must act now."""
    if table.state is None or table.status != "playing":
        return []
    return sorted(set(table.computer_seats) & table.game.to_act(table.state))


# --- building the board's controls -----------------------------------------------------------


def board_controls(table: Table, view: dict[str, Any], locale: str) -> discord.ui.View | None:
    """The controls for the player whose move it is: their legal actions, nothing else."""
    current = view["current"]
    if view["phase"] == "game_over" or current is None or current in table.computer_seats:
        return None
    legal = table.game.legal_actions(table.state, current)
    kinds = {a["type"] for a in legal}
    at = moment(view)
    controls = discord.ui.View(timeout=None)
    step = view["step"]
    if step == "actions":
        for op, (kind, circle) in PROPAGANDA_OPS.items():
            if {"type": kind, "circle": circle} in legal:
                controls.add_item(PollsButton(table.id, op, at, t(locale, f"polls.button.{op}")))
        pacts = [a for a in legal if a["type"] == "pact"]
        if pacts:
            options = [
                discord.SelectOption(
                    label=t(locale, "polls.select.pact_option", region=region_name(a["region"], locale),
                            sector=a["sector"])[:100],
                    value=f"{a['region']}:{a['sector']}",
                )
                for a in pacts
            ]
            controls.add_item(PollsSelect.make(table.id, "pact", at, t(locale, "polls.select.pact"), options))
        shifts = [a for a in legal if a["type"] == "shift"]
        if shifts:
            options = [
                discord.SelectOption(
                    label=t(locale, "polls.select.shift_option", source=region_name(a["from"], locale),
                            target=region_name(a["to"], locale))[:100],
                    value=f"{a['from']}>{a['to']}",
                )
                for a in shifts
            ]
            for part, start in enumerate(range(0, min(len(options), 2 * MAX_OPTIONS), MAX_OPTIONS), start=1):
                key = "polls.select.shift" if part == 1 else "polls.select.shift_more"
                controls.add_item(PollsSelect.make(
                    table.id, f"shift{part}", at, t(locale, key), options[start:start + MAX_OPTIONS]
                ))
    elif step == "seven":
        target = sector_name(view["pending"]["seven_target"] or "", locale)
        controls.add_item(PollsButton(table.id, "seven", at, t(locale, "polls.button.seven", target=target)))
        controls.add_item(PollsButton(table.id, "noseven", at, t(locale, "polls.button.noseven")))
    elif step == "order":
        for action in legal:
            if action["type"] == "place_die":
                value = action["value"]
                controls.add_item(
                    PollsButton(table.id, f"die{value}", at, t(locale, "polls.button.die", value=value))
                )
    elif step == "influence":
        if "influence" in kinds:
            controls.add_item(PollsSelect.make(
                table.id, "infl", at, t(locale, "polls.select.influence"), influence_options(view, current, locale)
            ))
        # Always offered: when Propaganda is over the limits the engine says what to spend first.
        controls.add_item(PollsButton(table.id, "end", at, t(locale, "polls.button.end")))
    elif step == "poll":
        options = [
            discord.SelectOption(label=region_name(a["region"], locale)[:100], value=a["region"])
            for a in legal if a["type"] == "poll_influence"
        ]
        if options:
            controls.add_item(PollsSelect.make(table.id, "poll", at, t(locale, "polls.select.poll"), options))
    return controls if controls.children else None


def influence_options(view: dict[str, Any], seat: int, locale: str) -> list[discord.SelectOption]:
    """Every place and price (the price list of the map); the ones the player can pay come first."""
    held = view["propaganda"][seat]
    payable, too_dear = [], []
    for region in REGIONS:
        for pay, cost in COSTS[REGION_TYPE[region]].items():
            can = held[pay] >= cost
            option = discord.SelectOption(
                label=t(locale, "polls.select.influence_option", region=region_name(region, locale),
                        cost=cost, pay=pay)[:100],
                value=f"{region}:{pay}",
                description=(
                    t(locale, "polls.select.affordable") if can
                    else t(locale, "polls.select.not_affordable", pay=pay, held=held[pay])
                )[:100],
                emoji="✅" if can else "➖",
            )
            (payable if can else too_dear).append(option)
    return (payable + too_dear)[:MAX_OPTIONS]


# --- reading a click ----------------------------------------------------------------------------


def button_action(op: str) -> dict[str, Any]:
    if op in PROPAGANDA_OPS:
        kind, circle = PROPAGANDA_OPS[op]
        return {"type": kind, "circle": circle}
    if op in ("seven", "noseven"):
        return {"type": "take_seven", "take": op == "seven"}
    if op.startswith("die"):
        return {"type": "place_die", "value": int(op[3:])}
    return {"type": "end_turn"}


def select_action(op: str, value: str) -> dict[str, Any]:
    if op == "pact":
        region, _, sector = value.partition(":")
        return {"type": "pact", "region": region, "sector": sector}
    if op.startswith("shift"):
        source, _, target = value.partition(">")
        return {"type": "shift", "from": source, "to": target}
    if op == "infl":
        region, _, pay = value.partition(":")
        return {"type": "influence", "region": region, "pay": pay}
    return {"type": "poll_influence", "region": value}


async def check_move(interaction: discord.Interaction, table_id: int, moment_id: str) -> bool:
    """The table runs, the clicker sits at it, it is their move, and the control is current."""
    table = await check_table(interaction, table_id)
    if table is None:
        return False
    locale = locale_of(interaction)
    seat = table.seat_of(interaction.user.id)
    if seat not in table.game.to_act(table.state):
        view = table.view(None)
        names = await bot_of(interaction).names(table)
        current = view["current"]
        name = who(current, names) if current is not None else "—"
        await tell(interaction, t(locale, "polls.not_your_turn", name=name))
        return False
    if moment(table.view(None)) != moment_id:
        await tell(interaction, t(locale, "error.stale"))
        return False
    return True


async def play(interaction: discord.Interaction, table_id: int, action: dict[str, Any]) -> None:
    """Check the action with the engine (privately refused with its reason), then hand it to the table."""
    bot = bot_of(interaction)
    table = bot.service.get(table_id)
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    reason = why_not(table, seat, action)
    if reason is not None:
        await refuse(interaction, IllegalAction(reason))
        return
    await interaction.response.defer()  # the table posts log lines and edits the board
    try:
        await bot.service.act(table_id, interaction.user.id, action)
    except (IllegalAction, TableError) as exc:
        await refuse(interaction, exc)


class PollsButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"polls:(?P<table>\d+):(?P<op>{BUTTON_OPS}):(?P<moment>\d+)",
):
    STYLES = {"pa": discord.ButtonStyle.primary, "pbc": discord.ButtonStyle.primary,
              "da": discord.ButtonStyle.secondary, "dbc": discord.ButtonStyle.secondary,
              "seven": discord.ButtonStyle.success, "noseven": discord.ButtonStyle.secondary,
              "end": discord.ButtonStyle.danger}

    def __init__(self, table_id: int, op: str, moment_id: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or op)[:80], style=self.STYLES.get(op, discord.ButtonStyle.primary),
                custom_id=f"polls:{table_id}:{op}:{moment_id}",
            )
        )
        self.table_id, self.op, self.moment = table_id, op, moment_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> PollsButton:
        return cls(int(match["table"]), match["op"], match["moment"], item.label or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_move(interaction, self.table_id, self.moment)

    async def callback(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.table_id, button_action(self.op))


class PollsSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"polls:(?P<table>\d+):(?P<op>{SELECT_OPS}):(?P<moment>\d+)",
):
    def __init__(self, table_id: int, op: str, moment_id: str) -> None:
        super().__init__(
            discord.ui.Select(custom_id=f"polls:{table_id}:{op}:{moment_id}", min_values=1, max_values=1)
        )
        self.table_id, self.op, self.moment = table_id, op, moment_id

    @classmethod
    def make(
        cls, table_id: int, op: str, moment_id: str, placeholder: str, options: list[discord.SelectOption]
    ) -> PollsSelect:
        select = cls(table_id, op, moment_id)
        select.item.placeholder = placeholder[:150]
        select.item.options = options[:MAX_OPTIONS]
        return select

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> PollsSelect:
        return cls(int(match["table"]), match["op"], match["moment"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_move(interaction, self.table_id, self.moment)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        if not values:
            return
        await play(interaction, self.table_id, select_action(self.op, str(values[0])))
