"""A server's own Spyfall locations through the real bot in SimCord: /spyfall packs upload, list, enable,
disable, remove (Manage Server only), and /spyfall new playing a pack alone or with the built-in set."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

from bot.i18n import words
from bot.testkit.clicks import opened_picker
from games.spyfall import packs
from renderers import spyfall as pictures
from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import card, choose, click, lobby_message, public_text, spy_seat

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "spyfall-pack.toml"
EXAMPLE_PACK = packs.read_pack(EXAMPLE.read_bytes(), EXAMPLE.name)
ENGLISH = words("en")
BAD_PACK = b"""name = "Bad pack!"

[[locations]]
name = { en = "Castle", fr = "Chateau" }
roles = ["King", "Queen", "Jester"]

[[locations]]
name = "Mill"
roles = ["A", "B", "C", "D", "E", "F", "a"]
"""


def small_pack(name: str, count: int = 10, english_only: bool = False) -> bytes:
    """A valid pack of `count` locations as JSON (English and Italian names unless `english_only`)."""
    def names(en: str, it: str) -> Any:
        return en if english_only else {"en": en, "it": it}

    doc = {"name": name, "locations": [
        {"name": names(f"{name} place {i}", f"{name} posto {i}"),
         "roles": [names(f"Role {r}", f"Ruolo {r}") for r in range(1, 8)]}
        for i in range(1, count + 1)]}
    return json.dumps(doc).encode()


@pytest.fixture
def manager(world: World) -> Any:
    """A member whose role has Manage Server."""
    role = world.guild.create_role("Organisers", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("marta"), roles=[role])


async def upload(world: World, who: Any, data: bytes, filename: str = "pack.toml") -> Any:
    return await who.slash(world.channel, "spyfall packs upload", file=(filename, data))


async def stored(world: World) -> list[dict[str, Any]]:
    assert world.bot.store is not None
    return await world.bot.store.packs(world.guild.id)


async def open_pack_table(world: World, players: int = 4, **options: Any) -> discord.Message:
    """The host opens a table with these /spyfall new options, the others join, the host starts; returns the
    lobby message."""
    host, *others = world.players[:players]
    result = await host.slash(world.channel, "spyfall new", **options)
    assert result.response is not None and not result.ephemeral, result.response
    lobby = lobby_message(world)
    for player in others:
        await player.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    return lobby


def card_parts(text: str) -> tuple[str, str | None]:
    """(location, role) of a location card's text."""
    found = re.findall(r"\*\*(.+?)\*\*", text)
    return found[0], (found[1] if len(found) > 1 else None)


# --- managing packs -------------------------------------------------------------------------------


async def test_a_manager_uploads_and_anyone_lists(world: World, manager: Any) -> None:
    """A member with Manage Server uploads the example pack (stored and enabled); anyone can list the packs."""
    result = await upload(world, manager, EXAMPLE.read_bytes(), "spyfall-pack.toml")
    assert result.ephemeral
    assert result.response.content == ENGLISH.plural(
        "spyfall.packs.saved", 12, name="Fantasy", languages="en, it, es, ca")
    [row] = await stored(world)
    assert row["name"] == "Fantasy" and row["enabled"] and row["author"] == manager.id
    assert packs.pack_from_data(row["data"]) == EXAMPLE_PACK
    listed = await world.players[0].slash(world.channel, "spyfall packs list")
    assert listed.ephemeral
    assert "• **Fantasy** — 12 locations · enabled · en, it, es, ca" in listed.response.content
    assert public_text(world) == ""  # all of it private


async def test_an_upload_of_the_same_name_replaces_the_pack(world: World, manager: Any) -> None:
    """Uploading a pack of the same name (letter case aside) replaces it: still one pack, the new locations."""
    await upload(world, manager, small_pack("Town"), "town.json")
    result = await upload(world, manager, small_pack("TOWN", count=11), "town.json")
    assert result.response.content.startswith("Pack **TOWN** replaced and enabled: 11 locations")
    [row] = await stored(world)
    assert row["name"] == "TOWN" and len(row["data"]["locations"]) == 11


async def test_members_without_manage_server_are_refused(world: World, manager: Any) -> None:
    """Uploading, enabling, disabling and removing need Manage Server: others get a private sentence and
    nothing changes."""
    await upload(world, manager, EXAMPLE.read_bytes())
    member = world.players[1]
    refusal = ENGLISH.msg("spyfall.packs.manage_only")
    result = await upload(world, member, small_pack("Mine"))
    assert result.ephemeral and result.response.content == refusal
    for command in ("disable", "remove", "enable"):
        result = await member.slash(world.channel, f"spyfall packs {command}", name="Fantasy")
        assert result.ephemeral and result.response.content == refusal, command
    [row] = await stored(world)
    assert row["name"] == "Fantasy" and row["enabled"]


async def test_a_malformed_pack_lists_every_problem_and_stores_nothing(world: World, manager: Any) -> None:
    """A pack with several mistakes: one private answer naming every problem, and no pack stored."""
    result = await upload(world, manager, BAD_PACK, "bad.toml")
    assert result.ephemeral
    with pytest.raises(packs.PackError) as info:
        packs.read_pack(BAD_PACK, "bad.toml")
    expected = [ENGLISH.msg(p.message_id, **p.params) for p in info.value.problems]
    assert len(expected) == 5
    lines = result.response.content.split("\n")
    assert lines[0] == "The pack was not saved: 5 problems to fix."
    assert lines[1:] == [f"• {discord.utils.escape_markdown(e)}" for e in expected]
    assert "Location 1: “fr” is not a language of the bot" in result.response.content
    assert await stored(world) == []


async def test_problems_come_in_the_readers_language(world: World, manager: Any, spanish: None) -> None:
    """A Spanish reader gets the problems in Spanish; a file that is not TOML nor JSON is one sentence with
    its line."""
    result = await upload(world, manager, b'name = "x"\n[[locations]\nname = "y"\n', "broken.toml")
    assert result.response.content.split("\n") == [
        "El paquete no se ha guardado: hay 1 problema que corregir.",
        "• El archivo no es TOML ni JSON válido: leído como TOML, la línea 2 está mal.",
    ]
    assert await stored(world) == []


async def test_a_very_long_list_of_problems_is_cut_politely(world: World, manager: Any) -> None:
    """Over Discord's 2000 characters, the answer shows the first problems, says how many more, and attaches
    the whole list."""
    doc = json.loads(small_pack("Long", count=40))
    for location in doc["locations"]:
        location["roles"] = location["roles"][:3]
        location["name"]["es"] = ""
    result = await upload(world, manager, json.dumps(doc).encode(), "long.json")
    content = result.response.content
    assert len(content) <= 2000
    assert content.startswith("The pack was not saved: 80 problems to fix.")
    shown = content.count("\n• ")
    assert 5 < shown < 80 and content.endswith(f"…and {80 - shown} more, all in the attached file.")
    [attached] = result.response.attachments
    assert attached.filename == "problems.txt"
    everything = (await attached.read()).decode().splitlines()
    assert len(everything) == 80 and everything[0] == "Location 1: the “es” name is empty."
    assert await stored(world) == []


async def test_an_oversized_file_is_refused_before_it_is_read(world: World, manager: Any,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A file over 64 KiB is refused from its size alone: never downloaded, nothing stored."""
    async def no_download(self: Any, **kwargs: Any) -> bytes:
        raise AssertionError("the file was downloaded")

    monkeypatch.setattr(discord.Attachment, "read", no_download)
    result = await upload(world, manager, b"#" * (packs.MAX_FILE_BYTES + 1), "huge.toml")
    assert result.response.content.split("\n")[1] == "• The file is 65 KiB; a pack may be at most 64 KiB."
    assert await stored(world) == []


async def test_a_server_keeps_at_most_20_packs(world: World, manager: Any) -> None:
    """A 21st pack is refused; replacing one of the 20 is still possible."""
    assert world.bot.store is not None
    for number in range(packs.MAX_PACKS_PER_SERVER):
        pack = packs.read_pack(small_pack(f"Pack {number}"), "p.json")
        await world.bot.store.save_pack(world.guild.id, pack.name, pack.data(), manager.id, 0.0)
    result = await upload(world, manager, small_pack("One more"), "more.json")
    assert result.response.content == ENGLISH.plural("spyfall.packs.too_many_packs", 20)
    result = await upload(world, manager, small_pack("Pack 3", count=12), "again.json")
    assert result.response.content.startswith("Pack **Pack 3** replaced")
    assert len(await stored(world)) == 20


async def test_a_failed_download_is_said(world: World, manager: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """When Discord fails to hand over the file, the uploader is told to try again and nothing is stored."""
    class Gone:
        status, reason = 503, "Service Unavailable"

    async def failing(self: Any, **kwargs: Any) -> bytes:
        raise discord.HTTPException(Gone(), "unavailable")

    monkeypatch.setattr(discord.Attachment, "read", failing)
    result = await upload(world, manager, EXAMPLE.read_bytes())
    assert result.ephemeral and result.response.content == ENGLISH.msg("spyfall.packs.download_failed")
    assert await stored(world) == []


async def test_enable_disable_remove(world: World, manager: Any) -> None:
    """Disabling hides a pack from /spyfall new (refused, not offered), enabling brings it back, removing
    deletes it; every pack command offers the server's packs as you type, and names an unknown one."""
    await upload(world, manager, EXAMPLE.read_bytes())
    await upload(world, manager, small_pack("Town"), "town.json")
    assert await manager.autocomplete(world.channel, "spyfall packs disable", "name", "fan") == [
        {"name": "Fantasy", "value": "Fantasy"}]

    result = await manager.slash(world.channel, "spyfall packs disable", name="fantasy")
    assert result.ephemeral and result.response.content.startswith("Pack **Fantasy** disabled")
    assert [r["enabled"] for r in await stored(world)] == [False, True]
    listed = await world.players[0].slash(world.channel, "spyfall packs list")
    assert "**Fantasy** — 12 locations · disabled" in listed.response.content
    offered = await world.players[0].autocomplete(world.channel, "spyfall new", "pack", "")
    assert offered == [{"name": "Town", "value": "Town"}]
    assert len(await manager.autocomplete(world.channel, "spyfall packs enable", "name", "")) == 2
    refused = await world.players[0].slash(world.channel, "spyfall new", pack="Fantasy")
    assert refused.ephemeral and refused.response.content == ENGLISH.msg("spyfall.packs.is_disabled", name="Fantasy")

    result = await manager.slash(world.channel, "spyfall packs enable", name="Fantasy")
    assert result.response.content == ENGLISH.msg("spyfall.packs.enabled", name="Fantasy")
    assert [r["enabled"] for r in await stored(world)] == [True, True]

    result = await manager.slash(world.channel, "spyfall packs remove", name="Town")
    assert result.response.content == ENGLISH.msg("spyfall.packs.removed", name="Town")
    assert [r["name"] for r in await stored(world)] == ["Fantasy"]
    result = await manager.slash(world.channel, "spyfall packs remove", name="Town")
    assert result.response.content == ENGLISH.msg("spyfall.packs.unknown", name="Town")
    result = await manager.slash(world.channel, "spyfall packs enable", name="Nowhere")
    assert result.response.content == ENGLISH.msg("spyfall.packs.unknown", name="Nowhere")


# --- playing a pack -------------------------------------------------------------------------------


async def test_a_table_plays_a_pack(world: World, manager: Any) -> None:
    """/spyfall new pack:Fantasy: the lobby says so, the opening posts the pack's sheet, every non-spy's DM card
    names the same pack location and a pack role, and the spy's right guess of it wins the round."""
    await upload(world, manager, EXAMPLE.read_bytes())
    await open_pack_table(world, rounds=2, pack="Fantasy")
    text = public_text(world)
    assert ENGLISH.plural("spyfall.packs.table_plays", 12, name="Fantasy") in text
    opening = next(m for m in world.channel.history() if m.attachments and "Spyfall" in (m.content or ""))
    sheet = Image.open(io.BytesIO(await opening.attachments[0].read()))
    labels = tuple(loc.names["en"] for loc in EXAMPLE_PACK.locations)
    set_line = ENGLISH.plural("spyfall.picture.set_pack", 12, pack="Fantasy")
    layout = pictures.sheet_layout(labels, set_line, *pictures._sheet_words(ENGLISH))
    assert sheet.size == (pictures.SHEET_WIDTH, layout.height)

    spy = spy_seat(world)
    by_name = {loc.names["en"]: loc for loc in EXAMPLE_PACK.locations}
    seen = set()
    for seat in range(4):
        if seat == spy:
            continue
        location, role = card_parts(card(world.players[seat]))
        assert location in by_name, location
        assert role in {r["en"] for r in by_name[location].roles}
        seen.add(location)
    [location] = seen
    assert location not in text  # secret until the round ends

    result = await click(world, world.players[spy], "reveal")
    guess = {"type": "guess", "location": by_name[location].id}
    await choose(world.players[spy], result, guess)
    assert ENGLISH.msg("spyfall.result.spy_guessed", spy=world.players[spy].user.name, location=location,
                       guess=location) in public_text(world)


async def test_both_sets_in_the_spys_picker(world: World, manager: Any, italian: None) -> None:
    """locations:both plays the built-in and pack locations together: the spy's picker lists all 40, the
    built-in ones first, in the reader's language."""
    await upload(world, manager, small_pack("Town"), "town.json")
    lobby = await open_pack_table(world, pack="Town", locations="both")
    table = world.bot.service.tables[int(custom_id(lobby, ":start$").split(":")[1])]
    view = table.view(None)
    assert len(view["locations"]) == 40 and view["locations"][30] == "pack:1"
    assert "40 luoghi in tutto" in public_text(world)
    spy = table.state["spy"]
    message = opened_picker(await click(world, world.players[spy], "reveal"))  # after the board's answer
    picked = []
    for page in range(3):
        select = next(c for c in components(message) if str(getattr(c, "custom_id", "")).startswith("gp:"))
        picked += [o.label for o in select.options]
        pages = [c for c in components(message) if str(getattr(c, "custom_id", "")).startswith("gq:")
                 and not c.disabled and int(c.custom_id.rsplit(":", 1)[1]) > page]
        if not pages:
            break
        message = (await world.players[spy].click(message, custom_id=pages[0].custom_id)).response.message
    assert len(picked) == 40 and picked[0] == "1. Aeroplano" and picked[30] == "31. Town posto 1"


async def test_a_language_the_pack_lacks_reads_english(world: World, manager: Any, italian: None) -> None:
    """Italian players of a pack written in English only get the English location and role on an Italian card."""
    await upload(world, manager, small_pack("Town", english_only=True), "town.json")
    lobby = await open_pack_table(world, pack="Town")
    table = world.bot.service.tables[int(custom_id(lobby, ":start$").split(":")[1])]
    spy = table.state["spy"]
    text = card(world.players[(spy + 1) % 4])
    location, role = card_parts(text)
    assert text.startswith("📍 Luogo:") and "🎭 Ruolo:" in text
    assert location.startswith("Town place ") and role is not None and role.startswith("Role ")


async def test_new_table_refusals(world: World, manager: Any) -> None:
    """An unknown pack, a pack with the built-in set only, and a pack set with no pack named while several
    are enabled are refused privately; with a single enabled pack, locations:pack plays it."""
    player = world.players[0]
    result = await player.slash(world.channel, "spyfall new", locations="pack")
    assert result.ephemeral and result.response.content == ENGLISH.msg("spyfall.packs.no_enabled")
    await upload(world, manager, small_pack("Town"), "town.json")
    result = await player.slash(world.channel, "spyfall new", pack="Atlantis")
    assert result.ephemeral and result.response.content == ENGLISH.msg("spyfall.packs.unknown", name="Atlantis")
    result = await player.slash(world.channel, "spyfall new", pack="Town", locations="builtin")
    assert result.ephemeral and result.response.content == ENGLISH.msg("spyfall.packs.builtin_with_pack")
    await upload(world, manager, small_pack("Village"), "village.json")
    result = await player.slash(world.channel, "spyfall new", locations="both")
    assert result.ephemeral and result.response.content == ENGLISH.msg("spyfall.packs.choose_one",
                                                                       packs="Town, Village")
    assert world.bot.service.in_channel(world.channel.id) is None  # no table was opened
    await manager.slash(world.channel, "spyfall packs disable", name="Village")
    result = await player.slash(world.channel, "spyfall new", locations="pack")
    assert not result.ephemeral
    assert ENGLISH.plural("spyfall.packs.table_plays", 10, name="Town") in public_text(world)


async def test_a_pack_table_survives_a_restart_and_a_removed_pack(world: World, manager: Any,
                                                                 db_path: Path) -> None:
    """The table keeps its own copy of the pack: removing the pack and restarting the bot change nothing for it."""
    await upload(world, manager, EXAMPLE.read_bytes())
    await open_pack_table(world, pack="Fantasy")
    spy = spy_seat(world)
    before = card(world.players[(spy + 1) % 4])
    await manager.slash(world.channel, "spyfall packs remove", name="Fantasy")
    await world.restart(db_path)
    shown = await world.players[(spy + 1) % 4].slash(world.channel, "spyfall card")
    assert shown.ephemeral and card_parts(shown.response.content) == card_parts(before)
