"""Checks shared by the games' "What now?" guide tests (games/<game>/guide.py): is a message worded in
every language with the parameters it is given, and is a section a heading of the game's rules file."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.i18n import LOCALES, words
from games.core.guide import Guide, Moment
from games.core.protocol import Game

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
LEFT_OVER = re.compile(r"\{\w+\}")  # a placeholder the parameters did not fill


def rule_headings(game_id: str) -> set[str]:
    """Every heading of docs/rules/<game>.md, as the text after its #'s."""
    text = (RULES / f"{game_id}.md").read_text(encoding="utf-8")
    return {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")}


def wording_problems(message_id: str, params: dict[str, Any]) -> list[str]:
    """What keeps a message from reading whole in some language: not in that language's own catalog
    (English standing in does not count), a count missing for plural forms, a placeholder left unfilled."""
    found = []
    for locale in LOCALES:
        catalog = words(locale)
        if not catalog.has(message_id):
            found.append(f"{locale}: {message_id} is not translated")
            continue
        if isinstance(catalog.messages[message_id], tuple) and not isinstance(params.get("count"), int):
            found.append(f"{locale}: {message_id} has plural forms but no count")
        text = catalog.msg(message_id, **params)
        if LEFT_OVER.search(text):
            found.append(f"{locale}: {message_id} leaves {LEFT_OVER.findall(text)} unfilled: {text}")
    return found


def moment_problems(game_id: str, moment: Moment) -> list[str]:
    """Both messages of a moment worded everywhere, and its section a heading of the rules in every language."""
    found = wording_problems(moment.purpose, moment.params) + wording_problems(moment.rule, moment.params)
    found += section_problems(game_id, moment.section)
    return found


def section_problems(game_id: str, section: str) -> list[str]:
    """A section is a message id worded in every language whose English words are a heading of the rules."""
    found = wording_problems(section, {})
    if english(section, {}) not in rule_headings(game_id):
        found.append(f"{section!r} ({english(section, {})!r}) is no heading of docs/rules/{game_id}.md")
    return found


def english(message_id: str, params: dict[str, Any]) -> str:
    return words("en").msg(message_id, **params)


def worded_actions(game: Game, guide: Guide, states: Sequence[Any]) -> set[str]:
    """The action types the seats to act may take over `states`, each checked to read whole in the four
    catalogs (an AssertionError names the first that does not)."""
    met: set[str] = set()
    for state in states:
        for seat in game.to_act(state):
            for action in game.legal_actions(state, seat):
                message_id, params = guide.action(action)
                assert wording_problems(message_id, params) == [], action
                met.add(action["type"])
    return met


def check_every_moment(game_id: str, guide: Guide, views: Sequence[Mapping[str, Any]], key: str) -> None:
    """Every public view gets a moment that reads whole in the four catalogs, from a rules heading (`key`: the
    view's field an AssertionError names)."""
    for view in views:
        moment = guide.moment(view)
        assert isinstance(moment, Moment)
        assert moment_problems(game_id, moment) == [], view[key]
