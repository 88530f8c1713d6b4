"""Message catalogs (one TOML file per locale) and the app_commands Translator.

Every player-facing string goes through `t(locale, key, **params)`. Keys are dotted
("spyfall.board.title"); a missing key falls back to English, then to the key itself.
Refusals from the engines arrive as English sentences; `illegal(locale, reason)` looks them up
in the catalog's [illegal] table, keyed by the English sentence.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

LOCALES = ("en", "it", "es", "ca")
FALLBACK = "en"
_HERE = Path(__file__).parent


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = str(value)
    return flat


@cache
def catalog(locale: str) -> dict[str, str]:
    path = _HERE / f"{locale}.toml"
    if not path.exists():
        return {}
    return _flatten(tomllib.loads(path.read_text(encoding="utf-8")))


def pick_locale(value: discord.Locale | str | None) -> str:
    """Our catalog for a Discord locale ('it' → it, 'es-ES' → es, anything else → en)."""
    if value is None:
        return FALLBACK
    code = str(value.value if isinstance(value, discord.Locale) else value).lower()
    base = code.split("-")[0]
    return base if base in LOCALES and catalog(base) else FALLBACK


def t(locale: str | None, key: str, **params: Any) -> str:
    text = catalog(locale or FALLBACK).get(key) or catalog(FALLBACK).get(key) or key
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return catalog(FALLBACK).get(key, key).format_map(_Missing(params))


def illegal(locale: str | None, reason: str) -> str:
    """A refusal from an engine, in the reader's language when the catalog knows it.

    [illegal] keys are English sentences; a key may hold {placeholders} ("Influence in {region}
    costs {cost}."), whose captured parts are translated in turn, so composed refusals
    ("You cannot {what} now: first {hint}.") read whole in the reader's language.
    """
    locale = locale or FALLBACK
    exact = catalog(locale).get(f"illegal.{reason}")
    if exact is not None:
        return exact
    for pattern, text in _templates(locale):
        match = pattern.match(reason)
        if match:
            parts = {name: illegal(locale, value) for name, value in match.groupdict().items()}
            return text.format(**parts)
    return reason


@cache
def _templates(locale: str) -> list[tuple[re.Pattern[str], str]]:
    """[illegal] keys with placeholders, as regexes; longer (more specific) keys first."""
    found = []
    for key, text in catalog(locale).items():
        if key.startswith("illegal.") and "{" in key:
            english = key.removeprefix("illegal.")
            pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(english))
            found.append((len(english), re.compile(f"^{pattern}$", re.S), text))
    return [(pattern, text) for _, pattern, text in sorted(found, key=lambda item: -item[0])]


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Translator(app_commands.Translator):
    """Command names stay English; descriptions come from the [commands] table of each catalog."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        key = string.extras.get("key")
        if not key:
            return None
        ours = pick_locale(locale)
        if ours == FALLBACK:
            return None
        return catalog(ours).get(f"commands.{key}")


def described(key: str, english: str) -> app_commands.locale_str:
    """A command or option description with its catalog key attached for the Translator."""
    return app_commands.locale_str(english, key=key)
