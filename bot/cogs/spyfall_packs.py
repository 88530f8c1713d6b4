"""/spyfall packs: a server's own location packs (upload, list, enable, disable, remove), and choosing the
pack a new table plays. A subgroup of /spyfall (bot/cogs/spyfall.py adds it)."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import discord
from discord import app_commands

from bot.i18n import LOCALES, described, t, tn, words
from bot.ui.common import bot_of, locale_of, tell
from games.core.messages import N_, NP_
from games.spyfall import packs
from games.spyfall.locations import LOCATION_NAME, LOCATIONS

MESSAGE_LIMIT = 2000  # Discord's longest message


def plain(text: str) -> str:
    """Words a server wrote (a pack's names) shown as written: no markdown, no pings."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))



@cache
def built_in_names() -> dict[str, list[str]]:
    """The built-in locations' names by language: a pack may not repeat one (both sets would list it twice)."""
    return {lang: [words(lang).msg(LOCATION_NAME[loc.id]) for loc in LOCATIONS] for lang in LOCALES}


def problem_text(problem: packs.Problem, locale: str) -> str:
    return words(locale).msg(problem.message_id, **problem.params)


def problems_reply(found: list[packs.Problem], locale: str) -> tuple[str, discord.File | None]:
    """Every problem of a refused pack, one line each; when they do not fit one message, the first ones
    and the whole list as a text file."""
    lines = [f"• {plain(problem_text(p, locale))}" for p in found]
    head = tn(locale, "spyfall.packs.not_saved", len(found))
    text = "\n".join([head, *lines])
    if len(text) <= MESSAGE_LIMIT:
        return text, None
    shown = [head]
    for number, line in enumerate(lines):
        tail = tn(locale, "spyfall.packs.more_problems", len(lines) - number)
        if len("\n".join([*shown, line, tail])) > MESSAGE_LIMIT:
            shown.append(tail)
            break
        shown.append(line)
    everything = "\n".join(problem_text(p, locale) for p in found) + "\n"
    return "\n".join(shown), discord.File(io.BytesIO(everything.encode()), "problems.txt")


def can_manage(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return permissions.manage_guild or permissions.administrator


async def managers_only(interaction: discord.Interaction) -> bool:
    """Changing the server's packs takes Manage Server (Discord cannot hide a subcommand, so this is the gate)."""
    if can_manage(interaction):
        return True
    await tell(interaction, t(locale_of(interaction), "spyfall.packs.manage_only"))
    return False


async def server_packs(interaction: discord.Interaction) -> list[dict[str, Any]]:
    store = bot_of(interaction).store
    assert store is not None and interaction.guild_id is not None
    return await store.packs(interaction.guild_id)


def find_pack(rows: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    """The server's pack of that name (letter case aside)."""
    wanted = name.strip().casefold()
    return next((row for row in rows if row["name"].casefold() == wanted), None)


def pack_choices(rows: list[dict[str, Any]], current: str) -> list[app_commands.Choice[str]]:
    typed = current.strip().casefold()
    return [app_commands.Choice(name=row["name"], value=row["name"]) for row in rows
            if typed in row["name"].casefold()][:25]


async def choose_pack(interaction: discord.Interaction, pack: str | None) -> dict[str, Any] | None:
    """The pack a new table plays (the only enabled one when none is named), or a private explanation and None."""
    locale = locale_of(interaction)
    rows = await server_packs(interaction)
    enabled = [row for row in rows if row["enabled"]]
    if pack is None:
        if len(enabled) == 1:
            return enabled[0]
        if not enabled:
            await tell(interaction, t(locale, "spyfall.packs.no_enabled"))
        else:
            await tell(interaction, t(locale, "spyfall.packs.choose_one",
                                      packs=", ".join(plain(row["name"]) for row in enabled)))
        return None
    row = find_pack(rows, pack)
    if row is None:
        await tell(interaction, t(locale, "spyfall.packs.unknown", name=plain(pack)))
        return None
    if not row["enabled"]:
        await tell(interaction, t(locale, "spyfall.packs.is_disabled", name=plain(row["name"])))
        return None
    return row


async def upload_pack(interaction: discord.Interaction, file: discord.Attachment) -> None:
    locale = locale_of(interaction)
    if file.size > packs.MAX_FILE_BYTES:  # refused before a byte is downloaded
        text, _ = problems_reply([packs.file_too_big(file.size)], locale)
        await tell(interaction, text)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        raw = await file.read()
    except discord.HTTPException:
        await tell(interaction, t(locale, "spyfall.packs.download_failed"))
        return
    try:
        pack = packs.read_pack(raw, file.filename, taken=built_in_names())
    except packs.PackError as exc:
        text, attached = problems_reply(exc.problems, locale)
        await tell(interaction, text, **({"file": attached} if attached else {}))
        return
    bot = bot_of(interaction)
    assert bot.store is not None and interaction.guild_id is not None
    rows = await bot.store.packs(interaction.guild_id)
    same = find_pack(rows, pack.name)
    if same is None and len(rows) >= packs.MAX_PACKS_PER_SERVER:
        await tell(interaction, tn(locale, "spyfall.packs.too_many_packs", packs.MAX_PACKS_PER_SERVER))
        return
    if same is not None and same["name"] != pack.name:  # "fantasy" replaces "Fantasy"
        await bot.store.remove_pack(interaction.guild_id, same["name"])
    await bot.store.save_pack(interaction.guild_id, pack.name, pack.data(), interaction.user.id,
                              bot.service.clock())
    key = NP_("spyfall.packs.replaced") if same is not None else NP_("spyfall.packs.saved")
    await tell(interaction, tn(locale, key, len(pack.locations), name=plain(pack.name),
                               languages=", ".join(pack.languages)))


def packs_list(rows: list[dict[str, Any]], locale: str) -> str:
    if not rows:
        return t(locale, "spyfall.packs.none")
    lines = [t(locale, "spyfall.packs.list_title")]
    for row in rows:
        try:
            pack = packs.pack_from_data(row["data"])
        except packs.PackError:  # written by an older version with other limits: it can no longer be played
            lines.append(t(locale, "spyfall.packs.list_broken", name=plain(row["name"])))
            continue
        state = t(locale, N_("spyfall.packs.state_enabled") if row["enabled"] else N_("spyfall.packs.state_disabled"))
        lines.append(tn(locale, "spyfall.packs.list_line", len(pack.locations), name=plain(row["name"]),
                        state=state, languages=", ".join(pack.languages)))
    return "\n".join(lines)


class PackCommands(app_commands.Group):
    """/spyfall packs: a server's own location packs (reading is for everyone, changing for Manage Server)."""

    def __init__(self) -> None:
        super().__init__(name="packs", description=described("spyfall.command.packs"))

    @app_commands.command(name="upload", description=described("spyfall.command.packs_upload"))
    @app_commands.describe(file=described("spyfall.command.packs_upload_file"))
    async def upload(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if await managers_only(interaction):
            await upload_pack(interaction, file)

    @app_commands.command(name="list", description=described("spyfall.command.packs_list"))
    async def list_packs(self, interaction: discord.Interaction) -> None:
        await tell(interaction, packs_list(await server_packs(interaction), locale_of(interaction)))

    @app_commands.command(name="enable", description=described("spyfall.command.packs_enable"))
    @app_commands.describe(name=described("spyfall.command.packs_name"))
    async def enable(self, interaction: discord.Interaction, name: str) -> None:
        await self.switch(interaction, name, True)

    @app_commands.command(name="disable", description=described("spyfall.command.packs_disable"))
    @app_commands.describe(name=described("spyfall.command.packs_name"))
    async def disable(self, interaction: discord.Interaction, name: str) -> None:
        await self.switch(interaction, name, False)

    @app_commands.command(name="remove", description=described("spyfall.command.packs_remove"))
    @app_commands.describe(name=described("spyfall.command.packs_name"))
    async def remove(self, interaction: discord.Interaction, name: str) -> None:
        await self.change_pack(interaction, name, None)

    async def switch(self, interaction: discord.Interaction, name: str, enabled: bool) -> None:
        await self.change_pack(interaction, name, enabled)

    async def change_pack(self, interaction: discord.Interaction, name: str, enabled: bool | None) -> None:
        """Enable or disable (`enabled`) or remove (None) one of the server's packs, for managers only."""
        if not await managers_only(interaction):
            return
        locale = locale_of(interaction)
        row = find_pack(await server_packs(interaction), name)
        store = bot_of(interaction).store
        assert store is not None and interaction.guild_id is not None
        done = row is not None and (
            await store.remove_pack(interaction.guild_id, row["name"]) if enabled is None
            else await store.set_pack_enabled(interaction.guild_id, row["name"], enabled))
        if row is None or not done:
            await tell(interaction, t(locale, "spyfall.packs.unknown", name=plain(name)))
            return
        key = N_("spyfall.packs.removed") if enabled is None else \
            N_("spyfall.packs.enabled") if enabled else N_("spyfall.packs.disabled")
        await tell(interaction, t(locale, key, name=plain(row["name"])))

    @enable.autocomplete("name")
    @disable.autocomplete("name")
    @remove.autocomplete("name")
    async def any_pack(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return pack_choices(await server_packs(interaction), current)
