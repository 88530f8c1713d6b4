"""The political turn (§6): the phase sequence the driver runs when the stack is empty (Phases 1-9),
the hand limit (Phase 1), foreign aid (Phase 3) and the end of a turn.
"""

from __future__ import annotations

from typing import Final

from games.core.data import clone
from games.core.protocol import Rng
from games.junta.cards import BEFORE_BANKING, BEFORE_COUP, DRAW, PHASE2_START, PRESIDENT_AID, design
from games.junta.common import active_players, add_notes, clockwise_from, draw_cards, is_active, left_of, log, minister
from games.junta.coup_phases import push_firing_squad, push_junta
from games.junta.frames import Frame, State, end_game, pop_frame, push_frame
from games.junta.readers import over_limit
from games.junta.votes import push_election, push_window

BURNED_AFTER_COUP: Final = 4


def _goto(s: State, phase: int) -> None:
    s["phase"], s["phase_step"] = phase, 0
    log(s, {"type": "phase", "turn": s["turn"], "phase": phase})


def advance_phase(s: State, rng: Rng) -> None:
    phase, step = s["phase"], s["phase_step"]
    s["phase_step"] += 1
    if phase == 0:
        s["turn"] = 1
        _goto(s, 1)
    elif phase == 1:
        if step == 0:
            _phase1_reset(s, rng)
        elif step == 1:
            push_frame(s, "hand_limit", received={})
        else:
            _goto(s, 2)
    elif phase == 2:
        if step == 0:
            push_window(s, PHASE2_START)
        elif step == 1:
            if s["cousin"] is not None:
                log(s, {"type": "cousin_released", "office": s["cousin"]})
                s["cousin"] = None
            push_frame(s, "assign")
        else:
            _goto(s, 3)
    elif phase == 3:
        if len(s["aid_down"]) < PRESIDENT_AID:
            end_game(s, "aid_exhausted")
        president = s["president"]
        drawn = [int(s["aid_down"].pop()) for _ in range(PRESIDENT_AID)]
        add_notes(s, president, drawn)
        log(s, {"type": "aid_drawn", "seat": president, "count": PRESIDENT_AID},
            private={"seats": [president], "notes": sorted(drawn)})
        _goto(s, 4)
    elif phase == 4:
        if step == 0:
            push_frame(s, "budget", step="propose", proposer=s["president"], payer=s["president"], amounts={},
                  alt=None, alt_done=False, passed=False)
        else:
            _goto(s, 5)
    elif phase == 5:
        if step == 0:
            push_frame(s, "locations", chosen={}, may_replace=None)
        else:
            _goto(s, 6)
    elif phase == 6:
        _phase6(s, step, rng)
    elif phase == 7:
        if step == 0:
            if s["bank"] == "open":
                push_frame(s, "banking", done=[])
        else:
            _goto(s, 8)
    elif phase == 8:
        if step == 0:
            push_window(s, BEFORE_COUP)
        elif step == 1:
            president = s["president"]
            order = [x for x in clockwise_from(s, left_of(s, president)) if x != president]
            push_frame(s, "coup_poll", order=order, pos=0)
        else:
            _goto(s, 9)
    elif phase == 9:
        _phase9(s, step, rng)


def _phase1_reset(s: State, rng: Rng) -> None:
    """§6.1: the markers' reset (not the bank-shooting marker), then 2 cards each from the President."""
    s["pretext"] = False
    s["bank"] = "open"
    s["occupied"] = False
    s["coup"] = None
    president = s["president"]
    first = president if president is not None else 0
    for seat in clockwise_from(s, first):
        if s["exile"][seat] is None and s["alive"][seat]:
            got = draw_cards(s, seat, DRAW, rng)
            log(s, {"type": "cards_drawn", "seat": seat, "count": len(got)},
                private={"seats": [seat], "cards": got})


def _phase6(s: State, step: int, rng: Rng) -> None:
    if step == 0:
        s["attempts"], s["sp_used"], s["sp_allowed"] = [], 0, 1
        first = minister(s)
        if first is None:
            first = s["president"]
        push_frame(s, "declarations", order=clockwise_from(s, first), pos=0)
    elif step == 1:
        s["revealed"] = True
        log(s, {"type": "locations_revealed", "locations": list(s["location"])})
        push_frame(s, "resolution", index=0)
    elif step == 2:
        if not any(s["alive"]):
            end_game(s, "all_dead")
        president = s["president"]
        if president is not None and not s["alive"][president]:
            if active_players(s):
                push_election(s, "death", left_of(s, president), former=president)
            else:
                order = [x for x in range(s["n"]) if s["alive"][x] and s["exile"][x] is not None
                         and not s["returned"][x]]
                push_frame(s, "exile_poll", order=order, pos=0)
    elif step == 3:
        if s["postponed_election"] is not None:
            log(s, {"type": "phases_skipped"})
            _end_turn(s)
            return
        push_window(s, BEFORE_BANKING)
    else:
        _goto(s, 7)


def _phase9(s: State, step: int, rng: Rng) -> None:
    coup = s["coup"]
    if step == 0:
        if coup is not None and coup.get("winner") is not None:
            if coup["winner"] == "president":
                president = s["president"]
                eligible = [x for x in range(s["n"]) if coup["rebels"][x] and is_active(s, x) and x != president]
                push_firing_squad(s, president, eligible)
            else:
                push_junta(s)
    elif step == 1:
        if s["bank"] == "lunch":
            s["bank"] = "open"
            log(s, {"type": "bank_reopened"})
            push_frame(s, "banking", done=[])
    elif step == 2:
        if coup is not None and s["options"]["burn_after_coup"]:
            burned = [int(s["aid_down"].pop()) for _ in range(min(BURNED_AFTER_COUP, len(s["aid_down"])))]
            s["aid_up"].extend(burned)
            log(s, {"type": "aid_burned"})
    else:
        _end_turn(s)


def _end_turn(s: State) -> None:
    """§6.9 step 4: the dead live again, coup status is cleared, the next turn starts."""
    for seat in range(s["n"]):
        if not s["alive"][seat]:
            s["alive"][seat] = True
            log(s, {"type": "revived", "seat": seat})
    if s["coup"] is not None:
        s["last_coup"] = {k: clone(s["coup"].get(k)) for k in ("leader", "rebels", "sides", "winner")}
    s["coup"] = None
    s["returned"] = [False] * s["n"]
    s["location"] = [None] * s["n"]
    s["revealed"] = False
    s["resigned"] = False
    s["attempts"] = []
    s["savers_used"] = []
    s["targets"] = []
    s["turn"] += 1
    _goto(s, 1)
    postponed = s["postponed_election"]
    if postponed is not None:
        s["postponed_election"] = None
        dead = s["president"]
        s["president"] = None  # the dead President does not come back to office with his family
        s["cousin"] = None
        push_election(s, "death", postponed, former=dead)


def step_hand_limit(s: State, f: Frame, rng: Rng) -> None:
    pop_frame(s, f)


def hand_limit_default(s: State, seat: int) -> None:
    """§10: the most recently received cards from hand first, then influence cards in play with the
    fewest printed votes (then by id)."""
    while over_limit(s, seat) and s["hands"][seat]:
        card = s["hands"][seat].pop()
        s["discard"].append(card)
        log(s, {"type": "card_discarded", "seat": seat, "card": card})
    while over_limit(s, seat) and s["influence"][seat]:
        card = min(s["influence"][seat], key=lambda c: (design(c).votes, c))
        s["influence"][seat].remove(card)
        s["discard"].append(card)
        log(s, {"type": "card_discarded", "seat": seat, "card": card})
