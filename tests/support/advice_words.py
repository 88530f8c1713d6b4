"""Checks shared by the tests of the computer players' reasons (`ai.advise`, games/core/choice.py `Advice`):
a reason reads whole in every shipped language."""

from __future__ import annotations

from typing import Any

from bot.i18n import LOCALES, words
from bot.i18n.tooling import placeholders
from games.core.choice import Advice

NAMES = ["Ana", "Bruno", "Carla", "Dario", "Elena", "Ferran", "Gina"]


def message_ids(value: Any) -> list[str]:
    """The ids of the messages nested in a parameter (`games.core.messages.msg`), at any depth."""
    if isinstance(value, dict) and "msg" in value:
        params = value.get("params") or {}
        return [str(value["msg"])] + [i for v in params.values() for i in message_ids(v)]
    if isinstance(value, list):
        return [i for v in value for i in message_ids(v)]
    return []


def assert_worded(advice: Advice, game_id: str) -> None:
    """The reason is one of the game's `<game>.advice.*` ids, it and every nested message are translated in
    each locale's own catalog, a plural reason gets its `count`, the English text uses every parameter (a
    plural's count may only choose the form), and no worded text keeps an unfilled placeholder."""
    assert advice.reason.startswith(f"{game_id}.advice."), advice
    nested = [i for v in advice.params.values() for i in message_ids(v)]
    english = words("en").messages.get(advice.reason)
    assert english, f"{advice.reason} has no English text"
    forms = english if isinstance(english, tuple) else (english,)
    if isinstance(english, tuple):
        assert isinstance(advice.params.get("count"), int), f"{advice.reason} is plural and needs a count"
    used = set().union(*(placeholders(text) for text in forms))
    given = set(advice.params)
    # A plural reason's count may only choose the grammatical number ("they cannot pay": one or more players).
    assert used <= given and given - {"count"} <= used, f"{advice.reason}: text uses {used}, advice gives {given}"
    for locale in LOCALES:
        catalog = words(locale)
        for message_id in [advice.reason, *nested]:
            assert catalog.has(message_id), f"{locale}: {message_id} is not translated"
        text = catalog.msg(advice.reason, NAMES, **advice.params)
        assert "{" not in text and text.strip(), f"{locale}: {advice.reason} reads {text!r}"
