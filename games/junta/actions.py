"""Junta's actions and their fields (rules/junta.md, §12 "Actions"), judged by games.core.actions.

Grouped as the rules group them. A field a handler reads only for some cards, assassins or openings is
optional ("name?"); where the engine supplies a value when a field is left out (the cheapest payment, an
empty swap side, the payer's own split of the budget), the field is optional too.
"""

from __future__ import annotations

from games.core.actions import ActionFields, ActionVocabulary, FieldType

NOTES: FieldType = ["int"]  # banknotes by value, e.g. [3, 1, 1]
# §12: a vote source is one of {"card": id}, {"office": id} or {"controlled_card": id}.
SOURCE: FieldType = {"card?": "str", "office?": "str", "controlled_card?": "str"}
MOVES: FieldType = [{"unit": "str", "to": "str"}]  # coup moves: each unit to an adjacent area
# §8.8: a retreating unit with nowhere to go is removed ("to": null, or left out).
RETREAT_MOVES: FieldType = [{"unit": "str", "to?": "str|null"}]
# §6.8: which fields an opening needs depends on its kind (card, move, land, bombard_palace).
OPENING: FieldType = {"kind": "str", "card?": "str", "area?": "str", "from?": "str", "moves?": MOVES,
                      "unit?": "str", "weapon?": "str"}

TYPES: dict[str, ActionFields] = {
    # --- §12.1 at any time (subject to §2.3) ----------------------------------------------------------
    "give_money": {"to": "int", "notes": NOTES},
    "discard_money": {"notes": NOTES},
    "give_card": {"to": "int", "card": "str"},
    "discard_card": {"card": "str"},
    "offer_swap": {"to": "int", "cards?": ["str"], "notes?": NOTES},
    "answer_swap": {"swap_id": "int", "cards?": ["str"], "notes?": NOTES},
    "confirm_swap": {"swap_id": "int"},
    "cancel_swap": {"swap_id": "int"},
    # One action for every card: its fields depend on the card (a target for Coalition Break and the
    # Spy, a choice for Church Looting, notes for a cost, an area and units for unit and bribe cards).
    "play_card": {"card": "str", "target?": "int", "choice?": "int|str", "notes?": NOTES, "area?": "str",
                  "units?": ["str"]},
    "ready": {},
    "resign": {},
    "claim_cousin_office": {"office": "str"},
    "return_from_exile": {},
    "kill_returnee": {"kill": "bool"},
    # --- §12.2 votes ----------------------------------------------------------------------------------
    "nominate": {"candidate": "int", "sources": [SOURCE]},
    "cast_vote": {"choice": "int|str", "source": SOURCE},  # a candidate's seat, or "yes"/"no" in a motion
    "pass_vote": {},
    "accept_candidacy": {},
    "refuse_candidacy": {},
    "break_tie": {"choice": "int|str"},  # "yes"/"no" in a budget motion, a seat in a Junta vote
    "junta_vote": {"candidate": "int"},
    # --- §12.3 political phases -----------------------------------------------------------------------
    # Phase 2: office → seat, for the six offices below the President.
    "assign_offices": {"assignment": {"*": "int"}},
    # Phase 4: seat → millions (keys "2" or 2); payments seat → notes, left out for the engine's split.
    "propose_budget": {"amounts?": {"*": "int"}},
    "pay_budget": {"payments?": {"*": NOTES}},
    "occupy_parliament": {"occupy": "bool"},
    "keep_note": {"note?": "int|null"},  # null when the President holds no note
    # Phase 5
    "choose_location": {"location": "str"},
    "go_into_exile": {"embassy": "str"},  # also during a coup's movement segment (§8.9)
    # Phase 6 (§7): burglars name no location; notes left out = the cheapest payment.
    "declare_assassination": {"assassin": "str", "victim": "int", "location?": "str|null", "notes?": NOTES},
    "end_declarations": {},
    "decline_protection": {},
    "surrender_notes": {"notes": NOTES},
    "stay_in_exile": {},
    "choose_influence_discard": {"card": "str"},
    # Phase 7
    "deposit": {"notes": NOTES},
    "withdraw": {"notes": NOTES},
    "end_banking": {},
    # Phase 8
    "start_coup": {"opening": OPENING},
    "decline_coup": {},
    # Phase 9: the firing squad takes a seat, or nobody (null or left out).
    "firing_squad": {"victim?": "int|null"},
    # --- §12.4 the coup (§8) --------------------------------------------------------------------------
    # Movement segment (§8.5, §8.6, §8.9, §8.10)
    "move_units": {"from": "str", "moves": MOVES},
    "move_helicopter": {"path": ["str"]},
    "land_paratrooper": {"area": "str"},
    "land_marines": {"area": "str"},
    "transfer_units": {"to": "int", "units": ["str"]},
    "police_reaction": {"moves": MOVES},
    "end_movement": {},
    "grant_safe_conduct": {"to": "int"},
    "propose_end_coup": {"winner": "str"},
    "answer_end_coup": {"accept": "bool"},
    # Combat segment (§8.7)
    "declare_attack": {"areas": ["str"]},
    "declare_bombardment": {"weapon": "str", "area": "str", "target": "int"},
    "end_declaration": {},
    "set_combat_order": {"areas": ["str"]},
    "fire": {"units": ["str"], "target": "int"},
    "hold_fire": {},
    "choose_casualties": {"units": ["str"]},
    # Retreat (§8.8)
    "allow_stay": {"to": ["int"]},
    "permit_retreat": {"to": "int", "area": "str"},
    "retreat": {"moves": RETREAT_MOVES},
    # Choosing sides (§8.11)
    "choose_side": {"side": "str"},
    # --- §10 the decision timer: the game master's own actions ---------------------------------------
    "start_clock": {},
    "timeout": {},
}

ACTIONS = ActionVocabulary("junta", TYPES)
