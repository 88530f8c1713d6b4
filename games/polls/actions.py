"""The Polls Are Closed's actions and their fields (rules/polls.md, "Actions"), judged by games.core.actions."""

from __future__ import annotations

from games.core.actions import ActionVocabulary

ACTIONS = ActionVocabulary("polls", {
    "propaganda": {"circle": "str"},
    "double_propaganda": {"circle": "str"},
    "take_seven": {"take": "bool"},
    "place_die": {"value": "int"},
    "pact": {"region": "str", "sector": "str"},
    "shift": {"from": "str", "to": "str"},
    "influence": {"region": "str", "pay": "str"},
    "end_turn": {},
    "poll_influence": {"region": "str"},
    "concede": {},
})
