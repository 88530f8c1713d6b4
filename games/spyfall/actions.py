"""Spyfall's actions and their fields (rules/spyfall.md, "Actions"), judged by games.core.actions."""

from __future__ import annotations

from games.core.actions import ActionVocabulary

ACTIONS = ActionVocabulary("spyfall", {
    "start_round": {},
    "ask": {"target": "int"},
    "accuse": {"target": "int"},
    "vote": {"guilty": "bool"},
    "reveal": {},
    "guess": {"location": "str"},
    "leave": {},
    "timeout": {},
})
