"""Readers of a Junta state: what the game waits on and who may answer (`waiting`, `decision_of`,
`waits_on`), the decision clock (`decision_key`, `decision_deadline`, `next_deadline`), and the
rule facts that views, legal actions, the computer family and tests read: vote sources (§4.1),
legal office assignments (§5.2), the budget's payability lock (§3.2), who may start a coup (§6.8).

Nothing here changes a state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from games.core.messages import N_
from games.junta import coup as coup_game
from games.junta.cards import HAND_LIMIT, INFLUENCE, VOTE, design, design_id
from games.junta.common import (
    GENERALS,
    SUB_OFFICES,
    active_players,
    clockwise_from,
    controlled_offices,
    exact_split,
    is_active,
    left_of,
    minister,
)
from games.junta.frames import HINT, NO, YES, Frame, State, find_frame, top_frame
from games.junta.view_types import Decision

# --- the pending decision -------------------------------------------------------------------------


def decision_of(frame: Frame) -> str:
    """The ANSWERS key of a frame: its kind, or kind:step for frames with several decisions."""
    kind = frame["kind"]
    if kind in ("vote", "budget"):
        return f"{kind}:{frame['step']}"
    return str(kind)


# --- small readers --------------------------------------------------------------------------------


def first_active_from(s: State, seat: int) -> int | None:
    for x in clockwise_from(s, seat):
        if is_active(s, x):
            return x
    return None


def card_votes(s: State, owner: int, card: str, combo: bool = True) -> int:
    d = design(card)
    if combo and d.combo_with is not None and any(design_id(c) == d.combo_with for c in s["influence"][owner]):
        return d.combo_votes
    return d.votes


def has_in_play(s: State, seat: int, design_name: str) -> bool:
    return any(design_id(c) == design_name for c in s["influence"][seat])


def over_limit(s: State, seat: int) -> bool:
    return len(s["hands"][seat]) + len(s["influence"][seat]) > HAND_LIMIT


def _may_start_coup(s: State, seat: int) -> bool:
    if not is_active(s, seat) or seat == s["president"]:
        return False
    hq = s["location"][seat] == "headquarters"
    if s["options"]["coup_needs_hq_and_pretext"]:
        return hq and bool(s["pretext"])
    return hq or bool(s["pretext"])


def bank_safe(s: State) -> bool:
    return bool(s["turn"] <= s["bank_safe_until"])


def in_coup(s: State) -> bool:
    """Between the start of a coup and the end of its Choosing Sides step."""
    return s["coup"] is not None and not coup_game.coup_over(s)


def in_combat(s: State) -> bool:
    return in_coup(s) and coup_game.in_combat_segment(s)


def in_vote(s: State) -> bool:
    return any(f["kind"] in ("vote", "election", "junta", "no_confidence", "tiebreak") for f in s["stack"])


def phase6_locked(s: State) -> bool:
    """Between the first declaration of Phase 6 and the end of its resolution."""
    return s["phase"] == 6 and bool(s["attempts"]) and s["phase_step"] <= 2


def waits_on(s: State, frame: Frame) -> list[int]:
    """The seats a frame waits on now; empty: the driver steps it (it makes progress)."""
    return WAITS[frame["kind"]](s, frame)


def waiting(s: State) -> tuple[Frame | None, list[int]]:
    if s["result"] is not None:
        return None, []
    frame = top_frame(s)
    if frame is None:
        return None, []
    return frame, waits_on(s, frame)


# --- who each frame waits on (by frame kind), and the readers of its rules ------------------------


def _wait_window(s: State, f: Frame) -> list[int]:
    return [x for x in active_players(s) if x not in f["ready"]]


def _wait_none(s: State, f: Frame) -> list[int]:
    return []


# --- §4 votes: turns, sources, choices ------------------------------------------------------------


def refusal_order(s: State, f: Frame) -> list[int]:
    return [c for c in clockwise_from(s, f["first"]) if c in f["candidates"]]


def wait_vote(s: State, f: Frame) -> list[int]:
    if f["step"] == "turns":
        if f["pos"] < len(f["order"]) and is_active(s, f["order"][f["pos"]]):
            return [f["order"][f["pos"]]]
        return []
    if f["step"] == "refusals":
        order = refusal_order(s, f)
        if f["refusal_pos"] < len(order) and is_active(s, order[f["refusal_pos"]]):
            return [order[f["refusal_pos"]]]
    return []


def tally(f: Frame) -> dict[str, int]:
    totals: dict[str, int] = {}
    for cast in f["casts"]:
        key = str(cast["choice"])
        totals[key] = totals.get(key, 0) + int(cast["votes"])
    return totals


def _wait_tiebreak(s: State, f: Frame) -> list[int]:
    chooser = f["chooser"]
    if f["choice"] is None and chooser is not None and is_active(s, chooser):
        return [chooser]
    return []


def source_key(source: dict[str, Any]) -> str:
    if "office" in source:
        return f"office:{source['office']}"
    return f"card:{source.get('card', source.get('controlled_card'))}"


def used_keys(f: Frame) -> set[str]:
    return {source_key(c["source"]) for c in f["casts"]}


def controlled_by_other(f: Frame, seat: int, card: str) -> bool:
    return any(card in cards for holder, cards in f["controlled"].items() if holder != str(seat))


def vote_sources(s: State, f: Frame, seat: int) -> list[tuple[dict[str, Any], int]]:
    """The seat's unused vote sources in this vote with their values (§4.1)."""
    used = used_keys(f)
    found: list[tuple[dict[str, Any], int]] = []
    for card in s["influence"][seat]:
        if f"card:{card}" not in used and not controlled_by_other(f, seat, card):
            found.append(({"card": card}, card_votes(s, seat, card)))
    for card in s["hands"][seat]:
        kind = design(card).kind
        if kind == INFLUENCE:
            # cast from hand, it enters play first, so its combo counts the cards already in play
            found.append(({"card": card}, card_votes(s, seat, card)))
        elif kind == VOTE and f"card:{card}" not in used:
            found.append(({"card": card}, design(card).votes))
    if f["office_votes"]:
        for office in controlled_offices(s, seat):
            if f"office:{office}" not in used:
                found.append(({"office": office}, 1))
    for card in f["controlled"].get(str(seat), []):
        if f"card:{card}" not in used:
            found.append(({"controlled_card": card}, design(card).votes))
    return found


def vote_choices(f: Frame) -> list[Any]:
    if f["motion"] == "election":
        return [c for c in f["candidates"] if c not in f["refused"]]
    return [YES, NO]


def eligible_candidates(s: State, f: Frame) -> list[int]:
    return [x for x in active_players(s) if x not in f["excluded"] and x not in f["candidates"]]


# --- Phases 1-2: the hand limit and the offices (§5.2) --------------------------------------------


def _wait_hand_limit(s: State, f: Frame) -> list[int]:
    return [x for x in range(s["n"]) if s["alive"][x] and over_limit(s, x)]


def assignment_problem(s: State, assignment: dict[str, int]) -> str | None:
    """Why an assignment breaks §5.2, or None."""
    president = s["president"]
    counts: Counter[int] = Counter(assignment.values())
    generals: Counter[int] = Counter(assignment[o] for o in GENERALS)
    if any(seat == president for seat in assignment.values()):
        return "president"
    if any(c > 2 for c in counts.values()) or any(c > 1 for c in generals.values()):
        return "too_many"
    if any(counts[x] == 0 for x in range(s["n"]) if x != president):
        return "left_out"
    return None


def office_assignments(s: State, prefer_previous: bool = True, limit: int = 1, rotate: int = 0) -> list[dict[str, int]]:
    """Legal assignments found by a depth-first search in office order; candidates per office: the
    previous holder first (when kept), then seats clockwise from the President's left (rotated)."""
    president = s["president"]
    others = [x for x in clockwise_from(s, left_of(s, president)) if x != president]
    others = others[rotate % len(others):] + others[: rotate % len(others)]
    found: list[dict[str, int]] = []
    chosen: dict[str, int] = {}

    # §10's default keeps previous holders where legal: their offices are settled first.
    kept = [o for o in SUB_OFFICES if prefer_previous and s["offices"][o] in others]
    offices = kept + [o for o in SUB_OFFICES if o not in kept]

    def walk(i: int) -> None:
        if len(found) >= limit:
            return
        if i == len(offices):
            found.append({o: chosen[o] for o in SUB_OFFICES})
            return
        office = offices[i]
        previous = s["offices"][office]
        order = list(others)
        if prefer_previous and previous in others:
            order.remove(previous)
            order.insert(0, previous)
        # Counted once for every seat tried here: `chosen` is the same at each try.
        counts: Counter[int] = Counter(chosen.values())
        missing = sum(1 for x in others if counts[x] == 0)  # seats still without an office
        free = len(SUB_OFFICES) - len(chosen) - 1  # offices left once this one is given
        for seat in order:
            if counts[seat] >= 2:
                continue
            if office in GENERALS and any(chosen.get(g) == seat for g in GENERALS):
                continue
            # Feasible: every seat without an office can still get one of the offices left.
            if missing - (counts[seat] == 0) <= free:
                chosen[office] = seat
                walk(i + 1)
                del chosen[office]

    walk(0)
    return found


def _wait_assign(s: State, f: Frame) -> list[int]:
    president = s["president"]
    return [president] if president is not None and is_active(s, president) else []


# --- Phase 4: the budget and its payability lock (§3.2) -------------------------------------------


def budget_payer(s: State) -> tuple[int, dict[str, int]] | None:
    """The payer of a proposed budget still to be paid, and its amounts (for the payability lock)."""
    f = find_frame(s, "budget")
    if f is None or f["step"] not in ("vote", "voted", "rejected", "occupy", "pay"):
        return None
    return f["payer"], f["amounts"]


def payable(notes: list[int], amounts: dict[str, int]) -> bool:
    values = [a for a in amounts.values() if a > 0]
    return exact_split(notes, values) is not None


def _wait_budget(s: State, f: Frame) -> list[int]:
    step = f["step"]
    if step in ("propose", "pay"):
        seat = f["proposer"] if step == "propose" else f["payer"]
        return [seat] if is_active(s, seat) else []
    if step == "occupy":
        m = minister(s)
        return [m] if m is not None else []
    if step == "keep":  # asked whatever he holds: who is asked must not tell his hand (§11)
        president = s["president"]
        if president is not None and is_active(s, president):
            return [president]
    return []


# --- Phases 5-6: locations, declarations, victims -------------------------------------------------


def _wait_locations(s: State, f: Frame) -> list[int]:
    return [x for x in active_players(s) if str(x) not in f["chosen"]]


def wait_declarations(s: State, f: Frame) -> list[int]:
    if f["pos"] < len(f["order"]) and is_active(s, f["order"][f["pos"]]):
        return [f["order"][f["pos"]]]
    return []


def _wait_victim(s: State, f: Frame) -> list[int]:
    return [f["victim"]] if s["alive"][f["victim"]] and s["exile"][f["victim"]] is None else []


def surrender_default(notes: list[int]) -> list[int]:
    chosen: list[int] = []
    for v in sorted(notes):
        if sum(chosen) >= 2:
            break
        chosen.append(v)
    return chosen


def _wait_exile_poll(s: State, f: Frame) -> list[int]:
    if active_players(s) or f["pos"] >= len(f["order"]):
        return []
    seat = f["order"][f["pos"]]
    if s["exile"][seat] is not None and s["alive"][seat] and not s["returned"][seat]:
        return [seat]
    return []


# --- Phases 7-9: banking, the coup, the Junta -----------------------------------------------------


def _bankers(s: State) -> list[int]:
    return [x for x in range(s["n"]) if is_active(s, x) and s["location"][x] == "bank"]


def _wait_banking(s: State, f: Frame) -> list[int]:
    if s["bank"] != "open":
        return []
    return [x for x in _bankers(s) if x not in f["done"]]


def _wait_coup_poll(s: State, f: Frame) -> list[int]:
    if f["pos"] < len(f["order"]) and _may_start_coup(s, f["order"][f["pos"]]):
        return [f["order"][f["pos"]]]
    return []


def _wait_coup(s: State, f: Frame) -> list[int]:
    if coup_game.coup_over(s):
        return []
    return sorted(x for x in coup_game.coup_to_act(s) if s["alive"][x])


def _wait_firing_squad(s: State, f: Frame) -> list[int]:
    return [f["by"]] if is_active(s, f["by"]) else []


def junta_members(s: State) -> list[int]:
    coup = s["coup"]
    sides = coup["sides"]
    chose_rebels = [x for x in range(s["n"]) if sides.get(str(x)) == "rebels" and is_active(s, x)]
    members = [x for x in chose_rebels if coup["rebels"][x]]
    return members or chose_rebels


def _wait_junta(s: State, f: Frame) -> list[int]:
    if f["step"] == "votes" and f["pos"] < len(f["order"]) and is_active(s, f["order"][f["pos"]]):
        return [f["order"][f["pos"]]]
    return []


# --- returns from exile and Coalition Break -------------------------------------------------------


def _wait_return(s: State, f: Frame) -> list[int]:
    if f["step"] != "ask":
        return []
    m = minister(s)
    return [m] if m is not None else []


def _wait_influence_discard(s: State, f: Frame) -> list[int]:
    seat = f["seat"]
    return [seat] if s["alive"][seat] and s["influence"][seat] else []


WAITS: Final[dict[str, Any]] = {
    "election": _wait_none, "vote": wait_vote, "tiebreak": _wait_tiebreak, "window": _wait_window,
    "hand_limit": _wait_hand_limit, "assign": _wait_assign, "budget": _wait_budget, "no_confidence": _wait_none,
    "locations": _wait_locations, "declarations": wait_declarations, "resolution": _wait_none,
    "protect": _wait_victim, "surrender": _wait_victim, "exile_poll": _wait_exile_poll, "banking": _wait_banking,
    "coup_poll": _wait_coup_poll, "coup": _wait_coup, "firing_squad": _wait_firing_squad, "squad": _wait_victim,
    "junta": _wait_junta, "return": _wait_return, "influence_discard": _wait_influence_discard,
}


# --- hints and the decision clock (§10) -----------------------------------------------------------


def hint_for(frame: Frame | None) -> tuple[str, str]:
    if frame is None:
        return N_("junta.hint.nothing"), "nothing"
    return HINT.get(decision_of(frame), HINT.get(frame["kind"], (N_("junta.hint.nothing"), "nothing")))


# Frames whose every asked player answers in any order, each answer leaving the decision open to
# the others (the coup tells its own: coup.coup_parallel).
PARALLEL_FRAMES: Final = frozenset({"window", "hand_limit", "locations", "banking"})


def is_parallel(s: State, frame: Frame) -> bool:
    """Whether the players `frame` waits on answer in any order (one decision for all of them)."""
    if frame["kind"] == "coup":
        return coup_game.coup_parallel(s)
    return frame["kind"] in PARALLEL_FRAMES


def decision_kind(s: State, frame: Frame) -> str:
    """What the game waits on, finer than `decision_of`: `vote`, `candidacy` (a vote's refusals),
    `budget_<step>`, `coup_<coup.coup_decision_kind>`, else the frame's kind."""
    kind = frame["kind"]
    if kind == "vote":
        return "candidacy" if frame["step"] == "refusals" else "vote"
    if kind == "budget":
        return f"budget_{frame['step']}"
    if kind == "coup":
        return f"coup_{coup_game.coup_decision_kind(s)}"
    return str(kind)


def decision_key(s: State) -> str:
    """The clock's key: it changes whenever a new decision opens, not when some of a parallel
    decision's players answer (so they all keep the clock that started when it opened)."""
    frame, seats = waiting(s)
    return "" if frame is None else _key(s, frame, seats)


def _key(s: State, frame: Frame, seats: list[int]) -> str:
    if frame["kind"] == "coup":
        return f"{frame['id']}:coup:{coup_game.coup_decision_key(s)}"
    who = "" if is_parallel(s, frame) else ",".join(map(str, seats))
    return f"{frame['id']}:{frame['step']}:{who}"


Waits = tuple[Frame | None, list[int]]


def decision(s: State, waits: Waits | None = None) -> Decision | None:
    """The decision the game waits on, as every view shows it (nothing in it is private): its `key`
    (`decision_key`), `kind` (`decision_kind`) and whether it is `parallel`; None when none is.
    `waits`: the state's `waiting`, when the caller has it."""
    frame, seats = waiting(s) if waits is None else waits
    if frame is None:
        return None
    return {"key": _key(s, frame, seats), "kind": decision_kind(s, frame), "parallel": is_parallel(s, frame)}


def decision_deadline(s: State, waits: Waits | None = None) -> float | None:
    frame, seats = waiting(s) if waits is None else waits
    if frame is None or not seats or not s.get("clock_started", True):
        return None
    return float(s["timer"]["since"]) + s["options"]["decision_timer"]


def next_deadline(s: State) -> float | None:
    if s["result"] is not None or not s.get("clock_started", True):
        return None  # no clock before the game master starts it (a state fresh from setup knows no time)
    times = [float(w["since"]) + s["options"]["decision_timer"] for w in s["swaps"]]
    decision = decision_deadline(s)
    if decision is not None:
        times.append(decision)
    return min(times) if times else None
