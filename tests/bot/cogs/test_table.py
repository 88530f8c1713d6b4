"""/game in SimCord: the commands every game shares (here: the language a member chooses)."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import t
from tests.bot.conftest import World
from tests.bot.helpers import card, open_table


async def test_chosen_language_answers_and_survives_a_restart(world: World, db_path: Path) -> None:
    """/game language it: the answer, later commands and, after a restart, still Italian; auto: back to Discord's."""
    member = world.players[0]
    result = await member.slash(world.channel, "game language", language="it")
    assert result.ephemeral and result.response.content == "D'ora in poi ti parlo in italiano."
    rules = await member.slash(world.channel, "game rules", game="spyfall")
    assert rules.response.embeds[0].description == t("it", "rules.spyfall")
    await world.restart(db_path)
    rules = await member.slash(world.channel, "game rules", game="spyfall")
    assert rules.response.embeds[0].description == t("it", "rules.spyfall")
    other = await world.players[1].slash(world.channel, "game rules", game="spyfall")
    assert other.response.embeds[0].description == t("en", "rules.spyfall")
    result = await member.slash(world.channel, "game language", language="auto")
    assert result.response.content == t("en", "table.language_auto")
    rules = await member.slash(world.channel, "game rules", game="spyfall")
    assert rules.response.embeds[0].description == t("en", "rules.spyfall")


async def test_a_language_named_in_a_sentence_is_written_as_its_language_writes_it(world: World) -> None:
    """Catalan, Spanish and Italian do not capitalise a language's name inside a sentence; English does."""
    member = world.players[0]
    expected = {"ca": "A partir d'ara et parlo en català.", "es": "A partir de ahora te hablo en español.",
                "it": "D'ora in poi ti parlo in italiano.", "en": "From now on I speak English to you."}
    for code, sentence in expected.items():
        result = await member.slash(world.channel, "game language", language=code)
        assert result.response.content == sentence


async def test_secrets_come_in_the_chosen_language(world: World) -> None:
    """A member who chose Spanish gets the Spyfall card by DM in Spanish at an English table."""
    await world.players[2].slash(world.channel, "game language", language="es")
    await open_table(world)
    spanish = card(world.players[2])
    english = card(world.players[1])
    assert ("Lugar" in spanish or "espía" in spanish.lower()) and "Location" not in spanish
    assert "Lugar" not in english and "espía" not in english.lower()


async def test_rules_attach_the_full_rules_text(world: World) -> None:
    """/game rules for every game: the summary, and the full rules (with annexes) attached from docs/rules."""
    from bot.cogs.table import RULES_DIR
    from games import REGISTRY

    annexes = {"junta": ["junta_cards.md", "junta_map.md"], "spyfall": ["spyfall_locations.md"]}
    for game in REGISTRY:
        rules = await world.players[0].slash(world.channel, "game rules", game=game)
        assert rules.ephemeral
        attached = rules.response.attachments
        assert [a.filename for a in attached] == [f"{game}.md", *annexes.get(game, [])]
        first = await attached[0].read()
        assert first == (RULES_DIR / f"{game}.md").read_bytes() and first.startswith(b"# ")
        field = rules.response.embeds[0].fields[0]
        assert field.name == t("en", "rules.full_title") and f"`{game}.md`" in field.value
