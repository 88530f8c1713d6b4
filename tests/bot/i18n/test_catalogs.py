"""The gettext catalogs: complete for every shipped locale, nothing unused, plurals where counts are."""

from __future__ import annotations

import gettext

import discord
import pytest
from discord import app_commands

from bot.i18n import LOCALES, Catalog, Translator, described, pick_locale, t, tn, words
from bot.i18n.tooling import domain_of, domains, placeholders, problems, read_catalog
from tests.bot.i18n.i18n_kit import used_in_code

Entries = dict[str, tuple[bool, list[str]]]


@pytest.fixture(scope="module")
def used() -> dict[str, bool]:
    return used_in_code()


@pytest.mark.parametrize("locale", LOCALES)
def test_no_message_points_a_player_at_a_file_of_the_repository(locale: str) -> None:
    """A player cannot open `junta_cards.md` or `docs/rules/som.md`: messages point at what the bot shows
    (`/game rules`, a card). `rules.full` is the one exception: it names the files `/game rules` attaches."""
    for domain in domains():
        for message in read_catalog(locale, domain):
            key = str(message.id[0] if isinstance(message.id, tuple) else message.id)
            strings = [str(s) for s in message.string or ()] if isinstance(message.id, tuple) else [str(message.string)]
            if not message.id or key == "rules.full":
                continue
            assert not [s for s in strings if ".md" in s or "docs/" in s], (locale, key, strings)


def test_the_code_uses_many_ids(used: dict[str, bool]) -> None:
    """The extraction sees the code's ids: literals, markers, families, plural calls and refusals."""
    assert len(used) > 500
    assert used["core.your_turn"] is False
    assert used["spyfall.board.score_line"] is True  # asked with a count
    assert "spyfall.location.airplane" in used  # a message family
    assert "spyfall.accused_already" in used  # an engine refusal
    assert used["polls.actions_still_left"] is True  # a refusal with plural forms


@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_matches_the_code(locale: str, used: dict[str, bool]) -> None:
    """Every id the code uses is translated (all plural forms); no catalog keeps an id the code dropped."""
    assert problems(used, locales=[locale]) == []


def catalog_entries(locale: str) -> Entries:
    """Every id of a locale's catalogs → (has plural forms, its strings)."""
    found: Entries = {}
    for domain in domains():
        for message in read_catalog(locale, domain):
            if not message.id:
                continue
            key = str(message.id[0] if isinstance(message.id, tuple) else message.id)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found[key] = (isinstance(message.id, tuple), [str(s or "") for s in strings])
    return found


def gaps_against_english(english: Entries, other: Entries, locale: str) -> list[str]:
    """What a locale's catalogs lack next to English: ids, translations, plural forms, placeholders."""
    found = []
    for key, (plural, strings) in sorted(english.items()):
        if key not in other:
            found.append(f"{locale}: {key} is in English but missing")
            continue
        other_plural, other_strings = other[key]
        if not all(other_strings):
            found.append(f"{locale}: {key} is not translated")
        if other_plural != plural:
            found.append(f"{locale}: {key} has {'no ' if plural else ''}plural forms unlike English")
        lost = set().union(*map(placeholders, strings)) - set().union(*map(placeholders, other_strings)) - {"count"}
        if lost and all(other_strings):
            found.append(f"{locale}: {key} drops {sorted(lost)}")
    return found


@pytest.mark.parametrize("locale", [code for code in LOCALES if code != "en"])
def test_every_english_id_is_translated(locale: str) -> None:
    """Whatever English has, every shipped locale has too: translated, plural where English is, same placeholders."""
    assert gaps_against_english(catalog_entries("en"), catalog_entries(locale), locale) == []


def test_a_missing_english_id_is_seen() -> None:
    """The comparison with English fails on an id a locale lacks, an empty or singular one, a lost placeholder."""
    wanted = ("lobby.button.join", "core.your_turn", "spyfall.board.score_line", "lobby.title")
    english = {key: entry for key, entry in catalog_entries("en").items() if key in wanted}
    catalan = {key: entry for key, entry in catalog_entries("ca").items() if key in wanted}
    assert len(english) == len(wanted) and gaps_against_english(english, catalan, "ca") == []
    del catalan["lobby.button.join"]
    catalan["core.your_turn"] = (False, [""])
    catalan["spyfall.board.score_line"] = (False, ["{name}: {count} punts"])
    catalan["lobby.title"] = (False, ["taula nova"])
    assert gaps_against_english(english, catalan, "ca") == [
        "ca: core.your_turn is not translated",
        "ca: lobby.button.join is in English but missing",
        "ca: lobby.title drops ['game']",
        "ca: spyfall.board.score_line has no plural forms unlike English",
    ]


def test_the_check_sees_a_missing_and_an_unused_id(used: dict[str, bool]) -> None:
    """The check itself can fail: an id the code would use but no catalog has, and one it stopped using."""
    pretend = {**used, "core.brand_new_message": False}
    del pretend["core.your_turn"]
    found = problems(pretend, locales=["it"])
    assert "it: core.brand_new_message is used in the code but missing from the catalog" in found
    assert "it: core.your_turn is in the catalog but the code no longer uses it" in found
    singular = {**used, "spyfall.board.score_line": False}
    assert any("score_line has plural forms" in p for p in problems(singular, locales=["es"]))


def test_ids_live_in_their_game_domain() -> None:
    """Game ids go to the game's catalog file, words drawn in pictures to its picture file."""
    assert domain_of("spyfall.board.title") == "spyfall"
    assert domain_of("polls.picture.seats") == "polls_picture"
    assert domain_of("lobby.title") == "core"


@pytest.mark.parametrize(("locale", "one", "many"), [
    ("en", "barbara: 1 point", "barbara: 2 points"),
    ("it", "barbara: 1 punto", "barbara: 2 punti"),
    ("es", "barbara: 1 punto", "barbara: 2 puntos"),
    ("ca", "barbara: 1 punt", "barbara: 2 punts"),
])
def test_plural_forms_follow_the_count(locale: str, one: str, many: str) -> None:
    """A counted message takes the form its language needs for that count."""
    assert tn(locale, "spyfall.board.score_line", 1, name="barbara") == one
    assert tn(locale, "spyfall.board.score_line", 2, name="barbara") == many
    assert tn(locale, "spyfall.board.score_line", 0, name="barbara") == many.replace("2", "0")


def test_nested_words_and_players_are_worded() -> None:
    """A parameter that is a message is worded in the reader's language; a seat becomes a name."""
    catalog = words("it")
    text = catalog.msg("polls.not_your_turn", None, party={"msg": "polls.party.red", "params": {}})
    assert text == "Non è il tuo turno: sta giocando il rosso. Aspetta che finisca."
    regions = [{"msg": "polls.region.madrid", "params": {}}, {"msg": "polls.region.islands", "params": {}}]
    assert catalog.msg("polls.poll_regions", None, regions=regions).endswith("Madrid, le Isole.")
    assert catalog.msg("core.your_turn", ["ada", "bea"], player={"seat": 1}) == "bea, tocca a te."
    assert catalog.msg("core.your_turn", None, player={"seat": 1}) == "giocatore 2, tocca a te."


def test_locale_choice_and_fallback() -> None:
    """Discord's 'it' and 'es-ES' pick their catalogs; unknown locales and ids fall back."""
    assert pick_locale("it") == "it"
    assert pick_locale("es-ES") == "es"
    assert pick_locale(discord.Locale.american_english) == "en"
    assert pick_locale("ja") == "en"
    assert pick_locale(None) == "en"
    assert t("it", "lobby.button.join") == "Partecipa"
    assert t("ja", "lobby.button.join") == "Join"
    assert t("it", "no.such.message") == "no.such.message"
    assert pick_locale("ca") == "ca"  # a member's /game language choice
    assert t("ca", "lobby.button.join") == "Uneix-t'hi"


def test_no_discord_locale_picks_catalan() -> None:
    """Discord has no Catalan client: no Discord locale reads as 'ca', whose words reach nobody by that way."""
    assert "ca" in LOCALES
    assert all(pick_locale(locale) != "ca" for locale in discord.Locale)
    assert not any(locale.value.lower().split("-")[0] == "ca" for locale in discord.Locale)


def test_a_missing_translation_falls_back_to_english() -> None:
    """A locale lacking an id shows the English words, never the id."""
    english = words("en")
    partial = Catalog("xx", {}, gettext.c2py("(n != 1)"), english)
    assert partial.msg("lobby.button.join") == "Join"
    assert partial.plural("spyfall.board.score_line", 3, None, name="x") == "x: 3 points"


def test_formatting_never_crashes_on_missing_parameters() -> None:
    """A message missing a parameter shows the placeholder instead of raising."""
    assert "{game}" in t("en", "lobby.title")
    assert t("en", "lobby.title", game="Spyfall") == "Spyfall — new table"


def other_context() -> app_commands.TranslationContextTypes:
    """A translation context of the kind "other" (the translator ignores where a string sits)."""
    return app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)


async def test_translator_gives_descriptions_in_each_language() -> None:
    """Command descriptions come from the catalogs for Italian and Spanish clients; English is the default."""
    translator = Translator()
    text = described("spyfall.command.new")
    assert text.message == t("en", "spyfall.command.new")
    context = other_context()
    assert await translator.translate(text, discord.Locale.italian, context) == t("it", "spyfall.command.new")
    assert await translator.translate(text, discord.Locale.spain_spanish, context) == t("es", "spyfall.command.new")
    assert await translator.translate(text, discord.Locale.american_english, context) is None


async def test_translator_gives_discord_only_its_own_locales() -> None:
    """Every Discord locale gets our words only if it is Italian or Spanish; Catalan never reaches Discord."""
    translator = Translator()
    text = described("spyfall.command.new")
    context = other_context()
    catalan = t("ca", "spyfall.command.new")
    for locale in discord.Locale:
        got = await translator.translate(text, locale, context)
        if pick_locale(locale) in ("it", "es"):
            assert got == t(pick_locale(locale), "spyfall.command.new")
        else:
            assert got is None, locale
        assert got != catalan
