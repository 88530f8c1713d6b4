"""Som el que decidim!'s actions and their fields (rules/som.md, "Actions"), judged by games.core.actions."""

from __future__ import annotations

from games.core.actions import ActionVocabulary

ACTIONS = ActionVocabulary("som", {
    "place_start": {"cell": "str|null"},  # null: Concentració nacional stays where it lies
    "choose_centralism": {"degree": "str"},
    "pay": {"discs": ["str"]},
    "break_coin": {"disc": "str"},
    "give_change": {"discs": ["str"]},
    "redistribute": {"gifts": [{"disc": "str", "to": "int"}]},
    # One action for every disc effect: which fields it needs depends on the effect.
    "use_disc_effect": {"effect": "str", "target_disc?": "str", "targets?": ["int"], "target?": "int",
                        "amount?": "int"},
    "move_citizen": {"cell": "str"},
    "stop_moving": {},
    "protect_urn": {"discs": ["str"]},
    "decline_vote": {},
    "call_elections": {},
    "motion_of_censure": {},
    "stand": {"stand": "bool"},
    "back": {"candidate?": "int|null", "side?": "str|null"},
    "name_beneficiary": {"player": "int"},
    "bid": {"count": "int"},
})
