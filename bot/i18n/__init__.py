"""Words: gettext catalogs (bot/i18n/locale/<lang>/LC_MESSAGES/<domain>.po), managed with Babel.

Code names every player-facing string by a message id ("spyfall.board.title"); the catalogs hold
the words, English included. `t(locale, id, **params)` words one message, `tn(locale, id, count,
**params)` one with plural forms (the count is also `{count}`). Renderers get the same catalog as
a `Words` object (`words(locale)`), so one catalog serves the bot and the pictures.

Parameters may be words themselves: `{"msg": id, "params": {...}}` is worded in turn and
`{"seat": n}` becomes that player's name, so an engine's refusal ("You cannot {what} now") reads
whole in the reader's language. A missing translation falls back to English, then to the id
(the catalog test makes both impossible in what ships).

The catalogs are split by domain: one per game (ids starting with the game's id) and `core` for
the rest. `python -m bot.i18n extract|update|compile|check` runs the Babel workflow.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import discord
from babel.messages.pofile import read_po
from discord import app_commands

# Catalan has no Discord client locale: nobody gets it from `interaction.locale` (nor does the
# Translator give Discord Catalan words); a member chooses it with /game language.
LOCALES = ("en", "it", "es", "ca")
FALLBACK = "en"
# Each language by its own name (an endonym reads the same in every language, so it needs no catalog).
LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "es": "Español", "ca": "Català"}
LOCALE_DIR = Path(__file__).parent / "locale"

Entry = str | tuple[str, ...]


class _Safe(dict[str, Any]):
    """Formatting parameters that leave an unknown placeholder visible instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """The words of one locale (with English behind it): the `Words` renderers and cogs use."""

    def __init__(
        self, locale: str, messages: dict[str, Entry], plural_index: Callable[[int], int],
        fallback: Catalog | None = None,
    ) -> None:
        self.locale = locale
        self.messages = messages
        self._plural_index = plural_index
        self._fallback = fallback

    def _entry(self, message_id: str) -> tuple[Catalog, Entry] | None:
        entry = self.messages.get(message_id)
        if entry:
            return self, entry
        return self._fallback._entry(message_id) if self._fallback is not None else None

    def has(self, message_id: str) -> bool:
        """This locale's own catalog has the id (its fallback not counted)."""
        return message_id in self.messages

    def knows(self, message_id: str) -> bool:
        """The id is worded here or in the fallback language."""
        return self._entry(message_id) is not None

    def msg(self, message_id: str, names: Sequence[str] | None = None, /, **params: Any) -> str:
        """One message with its parameters; a plural message takes `count` from the parameters."""
        found = self._entry(message_id)
        if found is None:
            return message_id
        owner, entry = found
        if isinstance(entry, tuple):
            count = params.get("count", 1)
            index = owner._plural_index(int(count)) if isinstance(count, int) else len(entry) - 1
            text = entry[min(index, len(entry) - 1)] or entry[-1]
        else:
            text = entry
        values = {key: self.word(value, names) for key, value in params.items()}
        return text.format_map(_Safe(values))

    def plural(self, message_id: str, count: int, names: Sequence[str] | None = None, /, **params: Any) -> str:
        """A message whose words depend on `count` ("1 region", "2 regions")."""
        return self.msg(message_id, names, count=count, **params)

    def word(self, value: Any, names: Sequence[str] | None = None) -> Any:
        """A parameter as the reader sees it: nested messages worded, players named."""
        if isinstance(value, dict):
            if "msg" in value:
                return self.msg(str(value["msg"]), names, **dict(value.get("params") or {}))
            if "seat" in value:
                seat = int(value["seat"])
                if names is not None and 0 <= seat < len(names):
                    return names[seat]
                return self.msg("core.seat_number", number=seat + 1)
        if isinstance(value, list):
            return self.msg("core.list_separator").join(str(self.word(item, names)) for item in value)
        if isinstance(value, bool):
            return self.msg("core.yes") if value else self.msg("core.no")
        return value


def _read_domain_files(locale: str) -> tuple[dict[str, Entry], str]:
    messages: dict[str, Entry] = {}
    plural_expr = "(n != 1)"
    for path in sorted((LOCALE_DIR / locale / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=locale, domain=path.stem)
        plural_expr = catalog.plural_expr
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            if isinstance(message.id, tuple):
                forms = tuple(str(s) for s in message.string or ())
                if all(forms):
                    messages[str(message.id[0])] = forms
            elif message.string:
                messages[str(message.id)] = str(message.string)
    return messages, plural_expr


@cache
def words(locale: str | None) -> Catalog:
    """The catalog of `locale` (one of LOCALES; anything else gets English)."""
    code = locale if locale in LOCALES else FALLBACK
    messages, plural_expr = _read_domain_files(code)
    fallback = None if code == FALLBACK else words(FALLBACK)
    return Catalog(code, messages, gettext.c2py(plural_expr), fallback)


def t(locale: str | None, message_id: str, **params: Any) -> str:
    """One message in the reader's language."""
    return words(locale).msg(message_id, **params)


def tn(locale: str | None, message_id: str, count: int, **params: Any) -> str:
    """One message with plural forms, chosen by `count` (also available as {count})."""
    return words(locale).plural(message_id, count, **params)


def pick_locale(value: discord.Locale | str | None) -> str:
    """Our catalog for a Discord locale ('it' → it, 'es-ES' → es, anything else → en).

    Discord has no Catalan locale, so no Discord locale picks 'ca'; the code 'ca' itself does
    (a member's /game language choice)."""
    if value is None:
        return FALLBACK
    code = str(value.value if isinstance(value, discord.Locale) else value).lower()
    base = code.split("-")[0]
    return base if base in LOCALES else FALLBACK


class Translator(app_commands.Translator):
    """Command names stay English; descriptions come from the catalogs (`commands.*` ids)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        key = string.extras.get("key")
        if not key:
            return None
        ours = pick_locale(locale)
        if ours == FALLBACK:
            return None
        catalog = words(ours)
        return catalog.msg(key) if catalog.has(key) else None


def described(message_id: str) -> app_commands.locale_str:
    """A command or option description: English from the catalog, other languages via the Translator."""
    return app_commands.locale_str(t(FALLBACK, message_id), key=message_id)
