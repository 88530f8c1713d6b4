"""`python -m bot.i18n extract|update|compile|check`: the catalogs' Babel workflow.

extract  writes bot/i18n/locale/<domain>.pot from the code (Babel's extractor + message families)
update   brings every <locale>/LC_MESSAGES/<domain>.po in line with its template (new ids empty,
         gone ids dropped, translations kept)
compile  compiles every .po to a .mo beside it (gitignored; the bot reads the .po files itself)
check    lists what is missing, untranslated, unused or inconsistent; exit code 1 if anything is
"""

from __future__ import annotations

import argparse
import sys

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.mofile import write_mo

from bot.i18n import LOCALE_DIR, LOCALES
from bot.i18n.tooling import domains, problems, read_catalog, template, used_messages, write_catalog


def extract() -> dict[str, BabelCatalog]:
    used = used_messages()
    templates = {}
    for domain in domains():
        catalog = template(domain, used)
        if len(catalog):
            write_catalog(catalog, LOCALE_DIR / f"{domain}.pot")
            templates[domain] = catalog
    return templates


def update() -> None:
    for domain, pot in extract().items():
        for locale in LOCALES:
            catalog = read_catalog(locale, domain)
            catalog.update(pot, no_fuzzy_matching=True)
            write_catalog(catalog, LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po")


def compile_all() -> None:
    for locale in LOCALES:
        for domain in domains():
            path = LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                with path.with_suffix(".mo").open("wb") as handle:
                    write_mo(handle, read_catalog(locale, domain))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.i18n", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("extract", "update", "compile", "check"))
    command = parser.parse_args(argv).command
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    else:
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
