"""Arditi del Popolo's actions and their fields (rules/arditi.md, "Actions"), judged by games.core.actions."""

from __future__ import annotations

from games.core.actions import ActionVocabulary

ACTIONS = ActionVocabulary("arditi", {
    "roll": {},
    "step": {"dir": "str"},
    "jump": {},
    "leader_move": {"toward": "str", "places": "int"},
    "end_move": {},
    "place_leader": {"space": "int"},
})
