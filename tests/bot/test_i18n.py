"""Catalogs: every key English has exists in every catalog; engine refusals are translated."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from bot.i18n import LOCALES, catalog, illegal, pick_locale, t

ROOT = Path(__file__).resolve().parents[2]
COMPLETE = ("en", "it", "es")  # the catalogs this release ships complete


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("locale", COMPLETE[1:])
def test_catalog_has_every_english_key(locale: str) -> None:
    """A catalog lacking a key English has fails, as do differing placeholders."""
    english = {k: v for k, v in catalog("en").items() if not k.startswith("illegal.")}
    other = catalog(locale)
    missing = sorted(set(english) - set(other))
    assert not missing, missing
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key


def test_every_spyfall_refusal_has_an_italian_sentence() -> None:
    """Each IllegalAction sentence of the Spyfall engine and the shared engines is in Italian."""
    sentences = set()
    for path in [ROOT / "games/spyfall/engine.py", *sorted((ROOT / "games/core").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[-1], ast.Constant):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in ("IllegalAction", "_refuse_if_late") and isinstance(node.args[-1].value, str):
                    sentences.add(node.args[-1].value)
    assert len(sentences) > 20
    untranslated = sorted(s for s in sentences if illegal("it", s) == s)
    assert not untranslated, untranslated


def test_locale_choice_and_fallback() -> None:
    """Discord's 'it' picks Italian; unknown locales and missing keys fall back to English."""
    assert pick_locale("it") == "it"
    assert pick_locale("en-US") == "en"
    assert pick_locale("ja") == "en"
    assert pick_locale(None) == "en"
    assert t("it", "lobby.button.join") == "Partecipa"
    assert t("ja", "lobby.button.join") == "Join"
    assert t("it", "no.such.key") == "no.such.key"


def test_formatting_never_crashes_on_missing_parameters() -> None:
    """A message missing a parameter shows the placeholder instead of raising."""
    assert "{game}" in t("en", "lobby.title")
    assert re.search(r"Spyfall", t("en", "lobby.title", game="Spyfall"))


def test_all_locales_declared_have_a_file_or_fall_back() -> None:
    """The four declared locales resolve to a catalog (es and ca fall back to English until written)."""
    for locale in LOCALES:
        assert t(locale, "error.stale")


async def test_translator_gives_italian_descriptions() -> None:
    """Command descriptions are localized for Italian clients and left alone for English ones."""
    import discord
    from discord import app_commands

    from bot.i18n import Translator, described

    translator = Translator()
    text = described("spyfall_new", "Open a Spyfall table in this channel")
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    assert await translator.translate(text, discord.Locale.italian, context) == catalog("it")["commands.spyfall_new"]
    assert await translator.translate(text, discord.Locale.american_english, context) is None


def test_refusal_templates_translate_composed_sentences(monkeypatch) -> None:
    """A refusal built from parts is matched by a {placeholder} key and each part is translated."""
    import bot.i18n as i18n

    fake = {
        "illegal.You cannot {what} now: first {hint}.": "Non puoi {what} ora: prima {hint}.",
        "illegal.roll": "tirare",
        "illegal.place the die you rolled": "piazza il dado tirato",
    }
    monkeypatch.setattr(i18n, "catalog", lambda locale: fake)
    i18n._templates.cache_clear()
    try:
        assert i18n.illegal("it", "You cannot roll now: first place the die you rolled.") == (
            "Non puoi tirare ora: prima piazza il dado tirato."
        )
        assert i18n.illegal("it", "You cannot roll now: first wait.") == "Non puoi tirare ora: prima wait."
        assert i18n.illegal("it", "Something else.") == "Something else."
    finally:
        i18n._templates.cache_clear()
