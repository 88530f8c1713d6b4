"""The Babel workflow for our catalogs: which ids the code uses, and whether the catalogs match.

Ids are found the gettext way, by Babel's extractor over the code (the keywords below), plus
the ids of every `MessageFamily` (ids composed at run time from a known set of keys). The
catalog test and `python -m bot.i18n` share these functions.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from bot.i18n import LOCALE_DIR, LOCALES

ROOT = Path(__file__).resolve().parents[2]
SOURCE_PACKAGES = ("bot", "games", "renderers")
# The wording calls: name → which positional arguments are the id (twice: a plural message).
KEYWORDS: dict[str, tuple[int, ...]] = {
    "t": (2,),
    "tn": (2, 2),
    "N_": (1,),
    "NP_": (1, 1),
    "msg": (1,),
    "plural": (1, 1),
    "counted": (1, 1),
    "described": (1,),
    "IllegalAction": (1,),
    "TableError": (1,),
}
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w+)\}")
# Counted parameters: a number of things the words around it agree with ("3 militants", "1 unit"). A message
# shows one bare count only, `{count}`, and then has plural forms chosen by it; every other count reaches it as
# a count phrase, its own plural message nested as a parameter (`counted(id, n)`), worded "12 militants" by its
# own plural. These names held bare counts of things in some message (found by scanning every message's
# parameters); no catalog may show them any more. A parameter holding a number the words do not agree with (a
# round, a space, an amount in € or M, a dice face, a total after "of" or "/") is not counted.
COUNT = "count"
COUNTED_PARAMETERS = frozenset({"length", "places", "captured", "units", "protected"})
# A date that never changes, so `extract` rewrites the templates only when their ids change.
FIXED_DATE = datetime(2026, 1, 1)


def game_domains() -> tuple[str, ...]:
    """Each registered game's catalog (its descriptor's `domain`)."""
    from games import DESCRIPTORS

    return tuple(descriptor.domain for descriptor in DESCRIPTORS.values())


def domain_of(message_id: str) -> str:
    """Which catalog file holds an id: its game's (words drawn in pictures apart), else core."""
    head, _, rest = message_id.partition(".")
    if head not in game_domains():
        return "core"
    return f"{head}_picture" if rest.startswith("picture.") else head


def outside_modules() -> list[Path]:
    """The files of registered games' modules that live outside the source packages (a game declared by a
    test, or a plug-in): their words are the game's as much as any."""
    from games import DESCRIPTORS

    found = []
    for descriptor in DESCRIPTORS.values():
        for name in (descriptor.cog, descriptor.renderer, descriptor.alt, descriptor.computer):
            if name and name.partition(".")[0] not in SOURCE_PACKAGES:
                origin = importlib.util.find_spec(name)
                if origin is not None and origin.origin:
                    found.append(Path(origin.origin))
    return found


def import_everything() -> None:
    """Import every module of the code, so every MessageFamily is registered."""
    for package_name in SOURCE_PACKAGES:
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, f"{package_name}."):
            importlib.import_module(info.name)


def used_messages() -> dict[str, bool]:
    """Every message id the code may ask for → whether it is asked for with plural forms."""
    from games.core.messages import MessageFamily

    found: dict[str, bool] = {}
    for package_name in SOURCE_PACKAGES:
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / package_name), method_map=[("**.py", "python")],
            keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True,
        ):
            if isinstance(message, tuple):
                found[str(message[0])] = True
            else:
                found.setdefault(str(message), False)
    for path in outside_modules():
        for _line, message, _comments, _context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True,
        ):
            if isinstance(message, tuple):
                found[str(message[0])] = True
            else:
                found.setdefault(str(message), False)
    import_everything()
    for message_id in MessageFamily.all_ids():
        found.setdefault(message_id, False)
    return found


def read_catalog(locale: str, domain: str) -> BabelCatalog:
    path = LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return BabelCatalog(locale=locale, domain=domain)
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=domain)


def domains() -> list[str]:
    return ["core", *(f"{game}{part}" for game in game_domains() for part in ("", "_picture"))]


def template(domain: str, used: dict[str, bool]) -> BabelCatalog:
    catalog = BabelCatalog(domain=domain, project="tablemaster", creation_date=FIXED_DATE)
    for message_id, plural in sorted(used.items()):
        if domain_of(message_id) == domain:
            catalog.add((message_id, message_id) if plural else message_id)
    return catalog


def write_catalog(catalog: BabelCatalog, path: Path) -> None:
    """Write a catalog with a header that only changes when its contents do (quiet diffs)."""
    catalog.project, catalog.version = "tablemaster", "1"
    catalog.copyright_holder = "the Tablemaster developers"
    catalog.msgid_bugs_address = ""
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.last_translator = catalog.language_team = "Tablemaster developers"
    catalog.fuzzy = False
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".po~")
    with partial.open("wb") as handle:  # a failed write never leaves a truncated catalog behind
        write_po(handle, catalog, width=0, omit_header=False, sort_output=True, ignore_obsolete=True)
    partial.replace(path)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def count_problems(locale: str, key: str, plural: bool, strings: list[str]) -> list[str]:
    """A count not covered by a plural: `{count}` in a message without plural forms, or a counted parameter
    shown bare (it must come as a count phrase, see COUNTED_PARAMETERS)."""
    shown = set().union(*(placeholders(text) for text in strings))
    found = []
    if COUNT in shown and not plural:
        found.append(f"{locale}: {key} shows {{count}} but has no plural forms")
    for name in sorted(shown & COUNTED_PARAMETERS):
        found.append(f"{locale}: {key} shows the count {{{name}}} outside a plural form: pass it as a count phrase "
                     "(its own plural message)")
    return found


def problems(used: dict[str, bool] | None = None, locales: Iterable[str] = LOCALES) -> list[str]:
    """Everything wrong between the code and the catalogs, one sentence each (none: all good)."""
    used = used_messages() if used is None else used
    found: list[str] = []
    english: dict[str, list[str]] = {}
    for locale in locales:
        have: dict[str, tuple[bool, list[str]]] = {}
        for domain in domains():
            for message in read_catalog(locale, domain):
                if not message.id:
                    continue
                key = str(message.id[0] if isinstance(message.id, tuple) else message.id)
                if isinstance(message.id, tuple):
                    strings = [str(s) for s in message.string or ()]
                else:
                    strings = [str(message.string or "")]
                found += count_problems(locale, key, isinstance(message.id, tuple), strings)
                if domain_of(key) != domain:
                    found.append(f"{locale}: {key} is in {domain}.po but belongs in {domain_of(key)}.po")
                if message.fuzzy:
                    found.append(f"{locale}: {key} is marked fuzzy")
                have[key] = (isinstance(message.id, tuple), strings)
        for key, plural in sorted(used.items()):
            if key not in have:
                found.append(f"{locale}: {key} is used in the code but missing from the catalog")
                continue
            is_plural, strings = have[key]
            if not all(strings):
                found.append(f"{locale}: {key} has no translation")
            if plural and not is_plural:
                found.append(f"{locale}: {key} is used with a count but has no plural forms")
            if not plural and is_plural:
                found.append(f"{locale}: {key} has plural forms but the code never gives it a count")
        for key in sorted(set(have) - set(used)):
            found.append(f"{locale}: {key} is in the catalog but the code no longer uses it")
        if locale == "en":
            english = {key: strings for key, (_plural, strings) in have.items()}
        else:
            for key, (_plural, strings) in have.items():
                if key in english and strings and all(strings):
                    wanted = set().union(*(placeholders(s) for s in english[key]))
                    for text in strings:
                        extra = placeholders(text) - wanted - {"count"}
                        if extra:
                            found.append(f"{locale}: {key} uses {sorted(extra)}, which English does not give")
    return found
