"""A server's own Spyfall locations: reading and checking a location pack (pure: no IO).

A pack is a TOML or JSON file (docs/rules/spyfall_locations.md, "Your own locations"):

    name = "Fantasy"

    [[locations]]
    name = { en = "Castle", it = "Castello" }
    roles = [{ en = "King", it = "Re" }, "Knight", ...]      # exactly 7 roles

A name is text (English) or a table of texts by language (en, it, es, ca); English is required,
as every reader whose language a name lacks gets it. `read_pack` turns a file into a `Pack` or
raises `PackError` listing every problem found, each a message id with its parameters (worded by
the bot in the reader's language) and an English sentence, like `IllegalAction`. `Pack.data()` is
the pack as stored and as the engine takes it in its options (`pack_from_data` reads it back,
checking it again: the options of a table are data from outside).

Pack locations get the ids `pack:1`, `pack:2`, … in the pack's order; built-in ids are snake_case
words, so the two never clash.
"""

from __future__ import annotations

import json
import re
import tomllib
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core.messages import N_, NP_, msg

LANGUAGES = ("en", "it", "es", "ca")
FALLBACK = "en"
MAX_FILE_BYTES = 64 * 1024
MAX_PACKS_PER_SERVER = 20
MIN_LOCATIONS = 10
MAX_LOCATIONS = 40
ROLES = 7
MAX_PACK_NAME = 32
MAX_LOCATION_NAME = 24
MAX_ROLE_NAME = 32
ID_PREFIX = "pack:"
PACK_NAME = re.compile(r"[^\W_][\w '\-.]*", re.UNICODE)  # starts with a letter or digit
TOP_KEYS = ("name", "locations")
LOCATION_KEYS = ("name", "roles")
LINE_IN_TOML_ERROR = re.compile(r"line (\d+)")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a pack: a message id, its parameters, and the same in English."""

    message_id: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)


class PackError(ValueError):
    """A pack that cannot be used; `problems` lists every problem found, in file order."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.text for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class PackLocation:
    id: str
    names: dict[str, str]
    roles: tuple[dict[str, str], ...]


@dataclass(frozen=True)
class Pack:
    name: str
    locations: tuple[PackLocation, ...]

    @property
    def languages(self) -> list[str]:
        """The languages any of the pack's names is written in (English first)."""
        used = {lang for loc in self.locations for names in (loc.names, *loc.roles) for lang in names}
        return [lang for lang in LANGUAGES if lang in used]

    def data(self) -> dict[str, Any]:
        """The pack as JSON-ready data: every name as a table by language."""
        return {
            "name": self.name,
            "locations": [{"name": dict(loc.names), "roles": [dict(r) for r in loc.roles]}
                          for loc in self.locations],
        }


def location_id(index: int) -> str:
    """The id of the pack's index-th location (0-based)."""
    return f"{ID_PREFIX}{index + 1}"


def is_pack_id(location: object) -> bool:
    return isinstance(location, str) and location.startswith(ID_PREFIX)


def pack_index(location: str) -> int:
    """The 0-based index of a pack location id (ValueError for any other id)."""
    if not is_pack_id(location):
        raise ValueError(f"{location!r} is not a pack location")
    return int(location[len(ID_PREFIX):]) - 1


def name_in(names: Mapping[str, str], locale: str | None) -> str:
    """A name in the reader's language, English when the pack lacks it."""
    return names.get(locale or FALLBACK) or names.get(FALLBACK) or ""


# --- problems -----------------------------------------------------------------------------------
# Where a problem is, as a message of its own: every problem sentence starts with it.


def _at_pack() -> dict[str, Any]:
    return msg(N_("spyfall.pack.where.pack"))


def _at_location(number: int) -> dict[str, Any]:
    return msg(N_("spyfall.pack.where.location"), number=number)


def _at_role(number: int, role: int) -> dict[str, Any]:
    return msg(N_("spyfall.pack.where.role"), number=number, role=role)


def _where_text(where: dict[str, Any]) -> str:
    params = where["params"]
    if "role" in params:
        return f"Location {params['number']}, role {params['role']}"
    if "number" in params:
        return f"Location {params['number']}"
    return "The pack"


class _Problems:
    """The problems found so far, in the order the file has them."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, message_id: str, text: str, **params: Any) -> None:
        self.found.append(Problem(message_id, text, params))


def file_too_big(size: int) -> Problem:
    """The one problem of a file over the size limit (checked before it is even read)."""
    kib = -(-size // 1024)
    return Problem(NP_("spyfall.pack.problem.too_big"),
                   f"The file is {kib} KiB; a pack may be at most {MAX_FILE_BYTES // 1024} KiB.",
                   {"count": kib, "limit": MAX_FILE_BYTES // 1024})


# --- reading a file -----------------------------------------------------------------------------


def read_pack(raw: bytes, filename: str = "", taken: Mapping[str, Collection[str]] | None = None) -> Pack:
    """A pack from a file's bytes: JSON when the name ends in .json or the text starts with "{",
    TOML otherwise. `taken`: names already used by the built-in locations, by language (a pack
    location may not repeat one, or "both sets" would list it twice). Raises PackError."""
    if len(raw) > MAX_FILE_BYTES:
        raise PackError([file_too_big(len(raw))])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PackError([Problem(N_("spyfall.pack.problem.not_text"),
                                 "The file is not text (UTF-8): save it as plain text and upload it again.")]) from None
    as_json = filename.lower().endswith(".json") or (
        not filename.lower().endswith(".toml") and text.lstrip().startswith("{"))
    try:
        if as_json:
            document: Any = json.loads(text)
        else:
            document = tomllib.loads(text)
    except json.JSONDecodeError as exc:
        raise PackError([_syntax("JSON", exc.lineno)]) from None
    except tomllib.TOMLDecodeError as exc:
        found = LINE_IN_TOML_ERROR.search(str(exc))
        raise PackError([_syntax("TOML", int(found[1]) if found else None)]) from None
    except RecursionError:
        raise PackError([_syntax("JSON" if as_json else "TOML", None)]) from None
    return check_pack(document, taken)


def _syntax(kind: str, line: int | None) -> Problem:
    if line is None:
        return Problem(N_("spyfall.pack.problem.syntax_no_line"),
                       f"The file is neither valid TOML nor valid JSON (read as {kind}).", {"format": kind})
    return Problem(N_("spyfall.pack.problem.syntax"),
                   f"The file is neither valid TOML nor valid JSON: read as {kind}, line {line} is wrong.",
                   {"format": kind, "line": line})


def pack_from_data(data: Any) -> Pack:
    """A stored pack (or a table's option) read back and checked again. Raises PackError."""
    return check_pack(data)


# --- checking -----------------------------------------------------------------------------------


def check_pack(document: Any, taken: Mapping[str, Collection[str]] | None = None) -> Pack:
    """A pack from parsed TOML or JSON, or PackError listing every problem."""
    problems = _Problems()
    if not isinstance(document, dict):
        problems.add(N_("spyfall.pack.problem.not_a_table"),
                     "The file must hold a pack: a name and a list of locations.")
        raise PackError(problems.found)
    for key in document:
        if key not in TOP_KEYS:
            problems.add(N_("spyfall.pack.problem.unknown_field"),
                         f"{_where_text(_at_pack())}: “{key}” is not a field of a pack (use name and locations).",
                         where=_at_pack(), key=str(key), fields=", ".join(TOP_KEYS))
    name = _pack_name(document.get("name"), problems)
    raw_locations = document.get("locations")
    locations: list[PackLocation] = []
    if not isinstance(raw_locations, list) or not raw_locations:
        problems.add(N_("spyfall.pack.problem.no_locations"),
                     "The pack has no locations: add a [[locations]] section for each.")
    else:
        count = len(raw_locations)
        if count < MIN_LOCATIONS:
            problems.add(NP_("spyfall.pack.problem.too_few"),
                         f"The pack has {count} locations; it needs at least {MIN_LOCATIONS}.",
                         count=count, min=MIN_LOCATIONS)
        if count > MAX_LOCATIONS:
            problems.add(NP_("spyfall.pack.problem.too_many"),
                         f"The pack has {count} locations; it may have at most {MAX_LOCATIONS}.",
                         count=count, max=MAX_LOCATIONS)
        named: list[tuple[int, dict[str, str]]] = []  # every location whose name reads, for the duplicates
        for index, raw in enumerate(raw_locations):
            found = _location(index, raw, problems, taken or {}, named)
            if found is not None:
                locations.append(found)
        _unique_location_names(named, problems)
    if problems.found or name is None:
        raise PackError(problems.found)
    return Pack(name, tuple(locations))


def _pack_name(value: Any, problems: _Problems) -> str | None:
    if value is None:
        problems.add(N_("spyfall.pack.problem.no_name"), "The pack has no name: add name = \"…\" at the top.")
        return None
    if not isinstance(value, str):
        problems.add(N_("spyfall.pack.problem.name_not_text"), "The pack's name must be text in quotes.")
        return None
    name = " ".join(value.split())
    if not 1 <= len(name) <= MAX_PACK_NAME:
        problems.add(NP_("spyfall.pack.problem.name_length"),
                     f"The pack's name must be 1 to {MAX_PACK_NAME} characters long.", count=MAX_PACK_NAME)
        return None
    if not PACK_NAME.fullmatch(name):
        problems.add(N_("spyfall.pack.problem.name_characters"),
                     "The pack's name may use only letters, digits, spaces and - _ ' . and must start with a "
                     "letter or digit.")
        return None
    return name


def _location(index: int, raw: Any, problems: _Problems, taken: Mapping[str, Collection[str]],
              named: list[tuple[int, dict[str, str]]]) -> PackLocation | None:
    number = index + 1
    where = _at_location(number)
    if not isinstance(raw, dict):
        problems.add(N_("spyfall.pack.problem.location_not_a_table"),
                     f"Location {number} is not a table with a name and roles.", number=number)
        return None
    for key in raw:
        if key not in LOCATION_KEYS:
            problems.add(N_("spyfall.pack.problem.unknown_field"),
                         f"{_where_text(where)}: “{key}” is not a field of a location (use name and roles).",
                         where=where, key=str(key), fields=", ".join(LOCATION_KEYS))
    readable: dict[str, str] = {}
    names = _names(raw.get("name"), where, MAX_LOCATION_NAME, problems, readable)
    named.append((number, readable))  # duplicates are found among the names that read, even if others do not
    if names is not None:
        for lang, name in names.items():
            if name.casefold() in {n.casefold() for n in taken.get(lang, ())}:
                problems.add(N_("spyfall.pack.problem.built_in_name"),
                             f"{_where_text(where)}: “{name}” is already a built-in location; playing both "
                             "sets would list it twice.", where=where, name=name)
                break
    roles = _roles(number, raw.get("roles"), problems)
    if names is None or roles is None:
        return None
    return PackLocation(location_id(index), names, roles)


def _roles(number: int, raw: Any, problems: _Problems) -> tuple[dict[str, str], ...] | None:
    where = _at_location(number)
    if raw is None:
        problems.add(NP_("spyfall.pack.problem.no_roles"),
                     f"{_where_text(where)}: there are no roles; give a list of exactly {ROLES}.",
                     where=where, count=ROLES)
        return None
    if not isinstance(raw, list):
        problems.add(NP_("spyfall.pack.problem.roles_not_a_list"),
                     f"{_where_text(where)}: the roles must be a list [ … ] of exactly {ROLES}.",
                     where=where, count=ROLES)
        return None
    ok = True
    if len(raw) != ROLES:
        problems.add(NP_("spyfall.pack.problem.role_count"),
                     f"{_where_text(where)}: there are {len(raw)} roles; a location needs exactly {ROLES}.",
                     where=where, count=len(raw), roles=ROLES)
        ok = False
    roles: list[dict[str, str]] = []
    named: list[tuple[int, dict[str, str]]] = []
    for r, value in enumerate(raw, start=1):
        names = _names(value, _at_role(number, r), MAX_ROLE_NAME, problems)
        if names is None:
            ok = False
        else:
            roles.append(names)
            named.append((r, names))
    for first, second, lang, name in _duplicates(named):
        problems.add(N_("spyfall.pack.problem.same_role"),
                     f"{_where_text(where)}: roles {first} and {second} have the same “{lang}” name, “{name}”.",
                     where=where, first=first, second=second, language=lang, name=name)
        ok = False
    return tuple(roles) if ok else None


def _names(value: Any, where: dict[str, Any], limit: int, problems: _Problems,
           readable: dict[str, str] | None = None) -> dict[str, str] | None:
    """A name by language: text is English; a table has a text for each language it names.
    None when any of it is wrong; `readable` gets the languages that are right all the same."""
    place = _where_text(where)
    if value is None:
        problems.add(N_("spyfall.pack.problem.no_name_here"), f"{place}: the name is missing.", where=where)
        return None
    if isinstance(value, str):
        value = {FALLBACK: value}
    if not isinstance(value, dict):
        problems.add(N_("spyfall.pack.problem.name_shape"),
                     f"{place}: a name must be text, or a table of texts by language (en, it, es, ca).",
                     where=where, languages=", ".join(LANGUAGES))
        return None
    names: dict[str, str] = {}
    ok = True
    for lang, text in value.items():
        if lang not in LANGUAGES:
            problems.add(N_("spyfall.pack.problem.unknown_language"),
                         f"{place}: “{lang}” is not a language of the bot; use {', '.join(LANGUAGES)}.",
                         where=where, language=str(lang), languages=", ".join(LANGUAGES))
            ok = False
            continue
        if not isinstance(text, str):
            problems.add(N_("spyfall.pack.problem.text_not_text"),
                         f"{place}: the “{lang}” name must be text in quotes.", where=where, language=lang)
            ok = False
            continue
        cleaned = " ".join(text.split())
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cn", "Cs") for ch in text if not ch.isspace()):
            problems.add(N_("spyfall.pack.problem.control_characters"),
                         f"{place}: the “{lang}” name has an invisible or control character.",
                         where=where, language=lang)
            ok = False
        elif not cleaned:
            problems.add(N_("spyfall.pack.problem.empty_name"), f"{place}: the “{lang}” name is empty.",
                         where=where, language=lang)
            ok = False
        elif len(cleaned) > limit:
            problems.add(NP_("spyfall.pack.problem.name_too_long"),
                         f"{place}: the “{lang}” name has {len(cleaned)} characters; at most {limit} are allowed.",
                         where=where, language=lang, count=len(cleaned), max=limit)
            ok = False
        elif not any(ch.isalnum() for ch in cleaned):
            problems.add(N_("spyfall.pack.problem.no_letters"),
                         f"{place}: the “{lang}” name has no letter or digit.", where=where, language=lang)
            ok = False
        else:
            names[lang] = cleaned
    if FALLBACK not in value:
        problems.add(N_("spyfall.pack.problem.no_english"),
                     f"{place}: the English name (en) is missing; it is shown to readers of any other language "
                     "the pack lacks.", where=where)
        ok = False
    ordered = {lang: names[lang] for lang in LANGUAGES if lang in names}
    if readable is not None:
        readable.update(ordered)
    return ordered if ok else None


def _duplicates(named: list[tuple[int, dict[str, str]]]) -> list[tuple[int, int, str, str]]:
    """(first number, second number, language, name) for each name that repeats an earlier one in
    the same language (letter case aside)."""
    found = []
    for lang in LANGUAGES:
        seen: dict[str, int] = {}
        for number, names in named:
            name = names.get(lang)
            if name is None:
                continue
            key = name.casefold()
            if key in seen:
                found.append((seen[key], number, lang, name))
            else:
                seen[key] = number
    return sorted(found)


def _unique_location_names(named: list[tuple[int, dict[str, str]]], problems: _Problems) -> None:
    for first, second, lang, name in _duplicates(named):
        problems.add(N_("spyfall.pack.problem.same_location"),
                     f"Locations {first} and {second} have the same “{lang}” name, “{name}”.",
                     first=first, second=second, language=lang, name=name)
