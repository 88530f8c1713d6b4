"""Junta (rules/junta.md): the political game of a banana republic, phases 1-9, with the coup of
games/junta/coup.py behind the interface of docs/junta-state.md.

The state is a JSON-ready dict (docs/junta-state.md lists every key). `apply` clones it, runs the
action, then runs every automatic step until the game waits on a player again: the procedure is
a stack of frames (votes, card windows, declarations, ...) over a phase driver, so that interrupts
(a resignation's election, a return from exile that the Minister may answer with a bullet) resume
whatever they interrupted. Time is an input: actions carry "at", and the decision timer (§10) is
the game master's `{"type": "timeout"}`, which applies each waiting decision's default.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from games.core.actions import check_action
from games.core.data import clone, clone_keeping_log
from games.core.messages import N_, msg, seat_ref
from games.core.options import check_options
from games.core.protocol import IllegalAction, OptionSpec, Outcome, Rng
from games.junta import coup as coup_game
from games.junta.actions import ACTIONS
from games.junta.cards import (
    AFTER_ROUND_1,
    AFTER_ROUND_2,
    ANY,
    ASSASSIN,
    ATTEMPT_HIT,
    BEFORE_BANKING,
    BEFORE_COUP,
    BUDGET_REJECTED,
    CARD,
    COUP_MOVE,
    DEAL,
    DECK,
    DRAW,
    FIRING_SQUAD,
    HAND_LIMIT,
    INFLUENCE,
    NOTES,
    PHASE2_START,
    PHASE6_DECLARE,
    POLITICAL,
    PRESIDENT_AID,
    REFORM_MAX_VOTES,
    VOTE,
    VOTE_TURN,
    design,
    design_id,
)
from games.junta.common import (
    EMBASSIES,
    FAMILIES,
    GENERALS,
    LOCATIONS,
    SUB_OFFICES,
    active_players,
    add_notes,
    cheapest_payment,
    clockwise_from,
    controlled_offices,
    discard_played,
    draw_note,
    exact_split,
    go_into_exile,
    holds,
    is_active,
    is_seat,
    left_of,
    log,
    minister,
    minister_usable,
    office_controller,
    pay_cost,
    remove_from_hand,
    take_notes,
    to_aid,
    valid_notes,
)

State = dict[str, Any]
Action = dict[str, Any]
Frame = dict[str, Any]

OPTIONS_SCHEMA: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("coup_needs_hq_and_pretext", "bool", False, N_("junta.option.coup_needs_hq_and_pretext")),
    OptionSpec("burn_after_coup", "bool", False, N_("junta.option.burn_after_coup")),
    OptionSpec("recycle_money", "bool", False, N_("junta.option.recycle_money")),
    OptionSpec("recycle_limit", "int", 10, N_("junta.option.recycle_limit"), 0, 96),
    OptionSpec("decision_timer", "int", 600, N_("junta.option.decision_timer"), 30, 86400),
    # The owner plays the seed's "owner of the game" (first election, resignations); the table sets it.
    OptionSpec("owner", "int", 0, N_("junta.option.owner"), 0, 6, public=False),
)
YES: Final = "yes"
NO: Final = "no"
MOTIONS: Final = ("budget", "alt_budget", "no_confidence")
BURNED_AFTER_COUP: Final = 4
TIE_DRAW_AFTER: Final = 3  # tied ballots in a row after which a later election is drawn by lot (§4.2)

# What each pending decision accepts from the seats it waits on (besides card plays of its timing).
ANSWERS: Final[dict[str, frozenset[str]]] = {
    "vote:turns": frozenset({"nominate", "cast_vote", "pass_vote"}),
    "vote:refusals": frozenset({"accept_candidacy", "refuse_candidacy"}),
    "tiebreak": frozenset({"break_tie"}),
    "window": frozenset({"ready"}),
    "assign": frozenset({"assign_offices"}),
    "budget:propose": frozenset({"propose_budget"}),
    "budget:pay": frozenset({"pay_budget"}),
    "budget:occupy": frozenset({"occupy_parliament"}),
    "budget:keep": frozenset({"keep_note"}),
    "locations": frozenset({"choose_location", "go_into_exile"}),
    "declarations": frozenset({"declare_assassination", "end_declarations"}),
    "protect": frozenset({"decline_protection"}),
    "surrender": frozenset({"surrender_notes"}),
    "exile_poll": frozenset({"return_from_exile", "stay_in_exile"}),
    "banking": frozenset({"deposit", "withdraw", "end_banking"}),
    "coup_poll": frozenset({"start_coup", "decline_coup"}),
    "firing_squad": frozenset({"firing_squad"}),
    "squad": frozenset({"decline_protection"}),
    "junta": frozenset({"junta_vote"}),
    "return": frozenset({"kill_returnee"}),
    "influence_discard": frozenset({"choose_influence_discard"}),
    "hand_limit": frozenset(),
}
ANYTIME: Final = frozenset({
    "give_money", "discard_money", "give_card", "discard_card", "offer_swap", "answer_swap", "confirm_swap",
    "cancel_swap", "play_card", "resign", "claim_cousin_office", "return_from_exile",
})
# Hints for "not now" refusals: what the game waits on (a message id and its English words).
HINT: Final[dict[str, tuple[str, str]]] = {
    "vote:turns": (N_("junta.hint.vote_turn"), "a voting turn"),
    "vote:refusals": (N_("junta.hint.refusals"), "the candidates' answers"),
    "tiebreak": (N_("junta.hint.tiebreak"), "a tie-break"),
    "window": (N_("junta.hint.window"), "a card window"),
    "assign": (N_("junta.hint.assign"), "the President's assignment of offices"),
    "budget:propose": (N_("junta.hint.propose_budget"), "a budget proposal"),
    "budget:pay": (N_("junta.hint.pay_budget"), "the payment of the budget"),
    "budget:occupy": (N_("junta.hint.occupy"), "the Minister's decision on Parliament"),
    "budget:keep": (N_("junta.hint.keep_note"), "the President's choice of the note he keeps"),
    "locations": (N_("junta.hint.locations"), "the choice of locations"),
    "declarations": (N_("junta.hint.declarations"), "the assassination declarations"),
    "protect": (N_("junta.hint.protect"), "a victim's protection"),
    "surrender": (N_("junta.hint.surrender"), "a burglary victim's notes"),
    "exile_poll": (N_("junta.hint.exile_poll"), "the exiles' answers"),
    "banking": (N_("junta.hint.banking"), "banking"),
    "coup_poll": (N_("junta.hint.coup_poll"), "the coup poll"),
    "coup": (N_("junta.hint.coup"), "the coup"),
    "firing_squad": (N_("junta.hint.firing_squad"), "the firing squad"),
    "squad": (N_("junta.hint.squad"), "the firing squad's victim"),
    "junta": (N_("junta.hint.junta"), "the Junta vote"),
    "return": (N_("junta.hint.return"), "the Minister's answer to a return"),
    "influence_discard": (N_("junta.hint.influence_discard"), "a Coalition Break discard"),
    "hand_limit": (N_("junta.hint.hand_limit"), "the hand limit"),
}


class Halt(Exception):
    """Raised inside the driver when the game has ended (the stack is dropped)."""


# --- small readers --------------------------------------------------------------------------------


def _top(s: State) -> Frame | None:
    return s["stack"][-1] if s["stack"] else None


def _find(s: State, kind: str) -> Frame | None:
    for frame in reversed(s["stack"]):
        if frame["kind"] == kind:
            return frame
    return None


def _push(s: State, kind: str, step: str = "start", **fields: Any) -> Frame:
    frame: Frame = {"id": s["next_frame"], "kind": kind, "step": step, **fields}
    s["next_frame"] += 1
    s["stack"].append(frame)
    return frame


def _pop(s: State, frame: Frame) -> None:
    assert s["stack"] and s["stack"][-1] is frame, "junta: popping a frame that is not on top"
    s["stack"].pop()


def _decision(frame: Frame) -> str:
    """The ANSWERS key of a frame: its kind, or kind:step for frames with several decisions."""
    kind = frame["kind"]
    if kind in ("vote", "budget"):
        return f"{kind}:{frame['step']}"
    return str(kind)


def _first_active_from(s: State, seat: int) -> int | None:
    for x in clockwise_from(s, seat):
        if is_active(s, x):
            return x
    return None


def _card_votes(s: State, owner: int, card: str, combo: bool = True) -> int:
    d = design(card)
    if combo and d.combo_with is not None and any(design_id(c) == d.combo_with for c in s["influence"][owner]):
        return d.combo_votes
    return d.votes


def _has_in_play(s: State, seat: int, design_name: str) -> bool:
    return any(design_id(c) == design_name for c in s["influence"][seat])


def _over_limit(s: State, seat: int) -> bool:
    return len(s["hands"][seat]) + len(s["influence"][seat]) > HAND_LIMIT


def _refresh_targets(s: State) -> None:
    """Targets (§2.3): named in an unresolved attempt, or facing the firing squad."""
    found = {a["victim"] for a in s["attempts"] if not a["resolved"]}
    squad = _find(s, "squad")
    if squad is not None:
        found.add(squad["victim"])
    s["targets"] = sorted(found)


def _may_start_coup(s: State, seat: int) -> bool:
    if not is_active(s, seat) or seat == s["president"]:
        return False
    hq = s["location"][seat] == "headquarters"
    if s["options"]["coup_needs_hq_and_pretext"]:
        return hq and bool(s["pretext"])
    return hq or bool(s["pretext"])


def _bank_safe(s: State) -> bool:
    return bool(s["turn"] <= s["bank_safe_until"])


def _in_coup(s: State) -> bool:
    """Between the start of a coup and the end of its Choosing Sides step."""
    return s["coup"] is not None and not coup_game.coup_over(s)


def _in_combat(s: State) -> bool:
    return _in_coup(s) and coup_game.in_combat_segment(s)


def _in_vote(s: State) -> bool:
    return any(f["kind"] in ("vote", "election", "junta", "no_confidence", "tiebreak") for f in s["stack"])


def _phase6_locked(s: State) -> bool:
    """Between the first declaration of Phase 6 and the end of its resolution."""
    return s["phase"] == 6 and bool(s["attempts"]) and s["phase_step"] <= 2


# --- set-up ---------------------------------------------------------------------------------------


def _new_state(n: int, opts: dict[str, Any], rng: Rng) -> State:
    aid = rng.shuffle(list(NOTES))
    deck = rng.shuffle(list(DECK))
    s: State = {
        "n": n, "owner": opts["owner"], "options": opts, "families": list(FAMILIES[:n]),
        "now": 0.0, "timer": {"key": "", "since": 0.0}, "clock_started": False,
        "turn": 0, "phase": 0, "phase_step": 0,
        "pretext": False, "bank": "open", "bank_safe_until": 0, "occupied": False, "resigned": False,
        "postponed_election": None,
        "alive": [True] * n, "exile": [None] * n, "returned": [False] * n, "location": [None] * n,
        "revealed": False, "targets": [], "savers_used": [],
        "money": [[] for _ in range(n)], "accounts": [[] for _ in range(n)],
        "aid_down": aid, "aid_up": [], "recycled": 0,
        "deck": deck, "discard": [], "hands": [[] for _ in range(n)], "influence": [[] for _ in range(n)],
        "president": None, "offices": {o: None for o in SUB_OFFICES}, "cousin": None,
        "attempts": [], "sp_used": 0, "sp_allowed": 1,
        "swaps": [], "next_swap": 1,
        "stack": [], "next_frame": 1, "last_vote": None,
        "coup": None, "last_coup": None,
        "log": [], "log_count": 0, "result": None,
    }
    for seat in range(n):
        for _ in range(DEAL):
            s["hands"][seat].append(s["deck"].pop())
    return s


# --- the driver -----------------------------------------------------------------------------------


def _run(s: State, rng: Rng) -> None:
    """Run automatic steps until the game waits on a player (or is over)."""
    try:
        for _ in range(20000):
            if s["result"] is not None:
                break
            frame = _top(s)
            if frame is None:
                _advance_phase(s, rng)
                continue
            if _waits(s, frame):
                break
            STEPS[frame["kind"]](s, frame, rng)
        else:
            raise AssertionError("junta: the automatic steps do not settle")
    except Halt:
        pass
    if s["result"] is not None:
        s["stack"] = []
    _refresh_targets(s)


def _waits(s: State, frame: Frame) -> list[int]:
    """The seats a frame waits on now; empty: the driver steps it (it makes progress)."""
    return WAITS[frame["kind"]](s, frame)


def _waiting(s: State) -> tuple[Frame | None, list[int]]:
    if s["result"] is not None:
        return None, []
    frame = _top(s)
    if frame is None:
        return None, []
    return frame, _waits(s, frame)


def _goto(s: State, phase: int) -> None:
    s["phase"], s["phase_step"] = phase, 0
    log(s, {"type": "phase", "turn": s["turn"], "phase": phase})


def _end_game(s: State, reason: str) -> None:
    totals = [sum(a) for a in s["accounts"]]
    if reason == "all_dead":
        winners: list[int] = []
    else:
        best = max(totals)
        winners = [x for x in range(s["n"]) if totals[x] == best]
    s["result"] = {"winners": winners, "scores": {str(x): totals[x] for x in range(s["n"])}, "reason": reason,
                   "accounts": [list(a) for a in s["accounts"]]}
    s["stack"] = []
    log(s, {"type": "game_over", "reason": reason, "winners": winners,
            "accounts": [list(a) for a in s["accounts"]]})
    raise Halt


def _advance_phase(s: State, rng: Rng) -> None:
    phase, step = s["phase"], s["phase_step"]
    s["phase_step"] += 1
    if phase == 0:
        s["turn"] = 1
        _goto(s, 1)
    elif phase == 1:
        if step == 0:
            _phase1_reset(s, rng)
        elif step == 1:
            _push(s, "hand_limit", received={})
        else:
            _goto(s, 2)
    elif phase == 2:
        if step == 0:
            _push_window(s, PHASE2_START)
        elif step == 1:
            if s["cousin"] is not None:
                log(s, {"type": "cousin_released", "office": s["cousin"]})
                s["cousin"] = None
            _push(s, "assign")
        else:
            _goto(s, 3)
    elif phase == 3:
        if len(s["aid_down"]) < PRESIDENT_AID:
            _end_game(s, "aid_exhausted")
        president = s["president"]
        drawn = [int(s["aid_down"].pop()) for _ in range(PRESIDENT_AID)]
        add_notes(s, president, drawn)
        log(s, {"type": "aid_drawn", "seat": president, "count": PRESIDENT_AID},
            private={"seats": [president], "notes": sorted(drawn)})
        _goto(s, 4)
    elif phase == 4:
        if step == 0:
            _push(s, "budget", step="propose", proposer=s["president"], payer=s["president"], amounts={},
                  alt=None, alt_done=False, passed=False)
        else:
            _goto(s, 5)
    elif phase == 5:
        if step == 0:
            _push(s, "locations", chosen={}, may_replace=None)
        else:
            _goto(s, 6)
    elif phase == 6:
        _phase6(s, step, rng)
    elif phase == 7:
        if step == 0:
            if s["bank"] == "open":
                _push(s, "banking", done=[])
        else:
            _goto(s, 8)
    elif phase == 8:
        if step == 0:
            _push_window(s, BEFORE_COUP)
        elif step == 1:
            president = s["president"]
            order = [x for x in clockwise_from(s, left_of(s, president)) if x != president]
            _push(s, "coup_poll", order=order, pos=0)
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
            got = _draw_cards(s, seat, DRAW, rng)
            log(s, {"type": "cards_drawn", "seat": seat, "count": len(got)},
                private={"seats": [seat], "cards": got})


def _draw_cards(s: State, seat: int, count: int, rng: Rng) -> list[str]:
    got: list[str] = []
    for _ in range(count):
        if not s["deck"]:
            if not s["discard"]:
                break
            s["deck"] = rng.shuffle(list(s["discard"]))
            s["discard"] = []
            log(s, {"type": "deck_reshuffled"})
        card = s["deck"].pop()
        s["hands"][seat].append(card)
        got.append(card)
    return got


def _phase6(s: State, step: int, rng: Rng) -> None:
    if step == 0:
        s["attempts"], s["sp_used"], s["sp_allowed"] = [], 0, 1
        first = minister(s)
        if first is None:
            first = s["president"]
        _push(s, "declarations", order=clockwise_from(s, first), pos=0)
    elif step == 1:
        s["revealed"] = True
        log(s, {"type": "locations_revealed", "locations": list(s["location"])})
        _push(s, "resolution", index=0)
    elif step == 2:
        if not any(s["alive"]):
            _end_game(s, "all_dead")
        president = s["president"]
        if president is not None and not s["alive"][president]:
            if active_players(s):
                _push_election(s, "death", left_of(s, president), former=president)
            else:
                order = [x for x in range(s["n"]) if s["alive"][x] and s["exile"][x] is not None
                         and not s["returned"][x]]
                _push(s, "exile_poll", order=order, pos=0)
    elif step == 3:
        if s["postponed_election"] is not None:
            log(s, {"type": "phases_skipped"})
            _end_turn(s)
            return
        _push_window(s, BEFORE_BANKING)
    else:
        _goto(s, 7)


def _phase9(s: State, step: int, rng: Rng) -> None:
    coup = s["coup"]
    if step == 0:
        if coup is not None and coup.get("winner") is not None:
            if coup["winner"] == "president":
                president = s["president"]
                eligible = [x for x in range(s["n"]) if coup["rebels"][x] and is_active(s, x) and x != president]
                _push_firing_squad(s, president, eligible)
            else:
                _push_junta(s)
    elif step == 1:
        if s["bank"] == "lunch":
            s["bank"] = "open"
            log(s, {"type": "bank_reopened"})
            _push(s, "banking", done=[])
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
        _push_election(s, "death", postponed, former=dead)


# --- windows --------------------------------------------------------------------------------------


def _push_window(s: State, timing: str) -> None:
    _push(s, "window", timing=timing, ready=[])
    log(s, {"type": "window", "timing": timing})


def _wait_window(s: State, f: Frame) -> list[int]:
    return [x for x in active_players(s) if x not in f["ready"]]


def _step_window(s: State, f: Frame, rng: Rng) -> None:
    _pop(s, f)


# --- elections and motions ------------------------------------------------------------------------


def _push_election(s: State, cause: str, opener: int, former: int | None = None) -> None:
    excluded = [former] if cause == "no_confidence" and former is not None else []
    _push(s, "election", step="ballot", cause=cause, opener=opener, office_votes=cause != "first",
          excluded=excluded, ties=0, former=former)
    log(s, {"type": "election", "cause": cause, "opener": opener})


def _wait_none(s: State, f: Frame) -> list[int]:
    return []


def _step_election(s: State, f: Frame, rng: Rng) -> None:
    if f["step"] == "ballot":
        opener = _first_active_from(s, f["opener"])
        if opener is None:  # nobody can vote now: the election waits for the next turn (§7.4)
            s["postponed_election"] = f["opener"]
            _pop(s, f)
            return
        f["step"] = "count"
        _push_vote(s, "election", opener, f["office_votes"], f["excluded"])
        return
    result = s["last_vote"]
    winner = result["winner"]
    if winner is None:
        f["ties"] += 1
        log(s, {"type": "election_tied", "tied": list(result["tied"]), "ballots": f["ties"]})
        if f["cause"] == "first":
            _first_election_tie(s, rng)
            f["step"] = "ballot"
            return
        _discard_vote_cards_in_hands(s)
        if f["ties"] < TIE_DRAW_AFTER:
            f["step"] = "ballot"
            return
        pool = list(result["tied"]) or [x for x in active_players(s) if x not in f["excluded"]]
        if not pool:
            s["postponed_election"] = f["opener"]
            _pop(s, f)
            return
        winner = pool[rng.randint(0, len(pool) - 1)]
        log(s, {"type": "election_drawn", "pool": pool, "winner": winner})
    _pop(s, f)
    _install_president(s, f["cause"], winner, f["former"])


def _first_election_tie(s: State, rng: Rng) -> None:
    """§4.2 step 7: every player discards all his political cards and is dealt 5 new ones; the owner
    draws a note, or the game ends when none is left."""
    for seat in range(s["n"]):
        s["discard"].extend(s["hands"][seat])
        s["discard"].extend(s["influence"][seat])
        s["hands"][seat], s["influence"][seat] = [], []
    for seat in range(s["n"]):
        got = _draw_cards(s, seat, DEAL, rng)
        log(s, {"type": "cards_dealt", "seat": seat, "count": len(got)}, private={"seats": [seat], "cards": got})
    note = draw_note(s)
    if note is None:
        _end_game(s, "first_election_no_note")
    add_notes(s, s["owner"], [int(note)])  # type: ignore[arg-type]
    log(s, {"type": "owner_note", "seat": s["owner"], "count": 1},
        private={"seats": [s["owner"]], "notes": [note]})


def _discard_vote_cards_in_hands(s: State) -> None:
    """A tied later ballot discards every vote card, those in every hand included (§4.2)."""
    for seat in range(s["n"]):
        gone = [c for c in s["hands"][seat] if design(c).kind == VOTE]
        if gone:
            s["hands"][seat] = [c for c in s["hands"][seat] if c not in gone]
            s["discard"].extend(gone)
            log(s, {"type": "vote_cards_discarded", "seat": seat, "discarded": gone})  # public: the discard pile is


def _install_president(s: State, cause: str, winner: int, former: int | None) -> None:
    """§5.7: the new President takes office and the offices change hands by the cause."""
    s["president"] = winner
    held = [o for o in SUB_OFFICES if s["offices"][o] == winner]
    if cause == "death":
        for o in held:
            s["offices"][o] = None
        s["cousin"] = None
    elif cause in ("resignation", "no_confidence", "coup") and former is not None and former != winner:
        for o in held:
            s["offices"][o] = former
        if cause == "resignation" and s["money"][former]:
            notes = list(s["money"][former])
            s["money"][former] = []
            add_notes(s, winner, notes)
            log(s, {"type": "money_handed", "from": former, "to": winner, "why": "resignation"},
                private={"seats": [former, winner], "notes": notes})
    log(s, {"type": "president_elected", "seat": winner, "cause": cause})
    locations = _find(s, "locations")
    if locations is not None:
        # §6.5: an exile choice of the new President is void; the former President may choose anew.
        chosen = locations["chosen"].get(str(winner))
        if chosen is not None and "embassy" in chosen:
            del locations["chosen"][str(winner)]
        if former is not None and former != winner:
            locations["may_replace"] = former


def _push_vote(s: State, motion: str, first: int, office_votes: bool, excluded: list[int] | tuple[int, ...] = ()
               ) -> None:
    _push(s, "vote", step="turns", motion=motion, first=first, order=clockwise_from(s, first), round=1, pos=0,
          office_votes=office_votes, candidates=[], refused=[], excluded=list(excluded), refusal_pos=0,
          refusals_done=False, nominations=motion == "election", casts=[], controlled={}, held=[],
          cut=False, recount=False, tiebreak=None)
    log(s, {"type": "vote_opened", "motion": motion, "first": first})


def _refusal_order(s: State, f: Frame) -> list[int]:
    return [c for c in clockwise_from(s, f["first"]) if c in f["candidates"]]


def _wait_vote(s: State, f: Frame) -> list[int]:
    if f["step"] == "turns":
        if f["pos"] < len(f["order"]) and is_active(s, f["order"][f["pos"]]):
            return [f["order"][f["pos"]]]
        return []
    if f["step"] == "refusals":
        order = _refusal_order(s, f)
        if f["refusal_pos"] < len(order) and is_active(s, order[f["refusal_pos"]]):
            return [order[f["refusal_pos"]]]
    return []


def _step_vote(s: State, f: Frame, rng: Rng) -> None:
    step = f["step"]
    if step == "turns":
        if f["pos"] < len(f["order"]):  # an inactive player's turn is skipped
            f["pos"] += 1
        elif f["round"] == 1 and f["motion"] == "election" and not f["refusals_done"]:
            f["step"], f["refusal_pos"] = "refusals", 0
        else:
            f["step"] = "window1" if f["round"] == 1 else "window2"
    elif step == "refusals":
        if f["refusal_pos"] < len(_refusal_order(s, f)):
            f["refusal_pos"] += 1  # an inactive candidate stands (his answer's default)
        else:
            f["refusals_done"] = True
            f["step"] = "window1"
    elif step == "window1":
        f["step"] = "after1"
        _push_window(s, AFTER_ROUND_1)
    elif step == "after1":
        if f["cut"]:
            f["step"] = "count"
        else:
            f["round"], f["pos"], f["step"] = 2, 0, "turns"
    elif step == "window2":
        f["step"] = "after2"
        _push_window(s, AFTER_ROUND_2)
    elif step == "after2":
        if f["recount"]:
            # Recount: every vote is annulled; vote cards cast are discarded; same candidates.
            s["discard"].extend(f["held"])
            f["held"], f["casts"], f["controlled"] = [], [], {}
            f["recount"], f["nominations"] = False, False
            f["round"], f["pos"], f["step"] = 1, 0, "turns"
            log(s, {"type": "vote_annulled"})
        else:
            f["step"] = "count"
    elif step == "count":
        _count_vote(s, f)
    elif step == "tiebroken":
        _finish_vote(s, f, {"passed": f["tiebreak"] == YES, "tiebreak": f["tiebreak"]})


def _tally(f: Frame) -> dict[str, int]:
    totals: dict[str, int] = {}
    for cast in f["casts"]:
        key = str(cast["choice"])
        totals[key] = totals.get(key, 0) + int(cast["votes"])
    return totals


def _count_vote(s: State, f: Frame) -> None:
    totals = _tally(f)
    if f["motion"] == "election":
        remaining = [c for c in f["candidates"] if c not in f["refused"]]
        scores = {c: totals.get(str(c), 0) for c in remaining}
        top: list[int] = []
        if remaining:
            best = max(scores.values())
            top = [c for c in remaining if scores[c] == best]
        winner = top[0] if len(top) == 1 else None
        _finish_vote(s, f, {"winner": winner, "tied": top if winner is None else []})
        return
    yes, no = totals.get(YES, 0), totals.get(NO, 0)
    if f["motion"] == "no_confidence":
        _finish_vote(s, f, {"passed": yes >= 1 and yes >= 2 * no})
    elif yes != no:
        _finish_vote(s, f, {"passed": yes > no})
    else:
        f["step"] = "tiebroken"
        chooser = s["president"]
        _push(s, "tiebreak", chooser=chooser, choices=[YES, NO], motion=f["motion"], choice=None)


def _finish_vote(s: State, f: Frame, result: dict[str, Any]) -> None:
    s["discard"].extend(f["held"])
    f["held"] = []
    totals = _tally(f)
    record = {"motion": f["motion"], "tally": totals, "casts": clone(f["casts"]),
              "candidates": list(f["candidates"]), "refused": list(f["refused"]),
              "winner": None, "tied": [], "passed": None, **result}
    s["last_vote"] = record
    _pop(s, f)
    log(s, {"type": "vote_result", **{k: clone(v) for k, v in record.items() if k != "casts"}})


def _wait_tiebreak(s: State, f: Frame) -> list[int]:
    chooser = f["chooser"]
    if f["choice"] is None and chooser is not None and is_active(s, chooser):
        return [chooser]
    return []


def _tiebreak_default(s: State, f: Frame) -> Any:
    if f["motion"] == "junta":
        chooser = f["chooser"]
        if chooser in f["choices"]:
            return chooser
        return next((x for x in clockwise_from(s, chooser) if x in f["choices"]), f["choices"][0])
    return YES if f["motion"] == "budget" else NO


def _step_tiebreak(s: State, f: Frame, rng: Rng) -> None:
    choice = f["choice"] if f["choice"] is not None else _tiebreak_default(s, f)
    _pop(s, f)
    parent = _top(s)
    assert parent is not None
    parent["tiebreak"] = choice
    log(s, {"type": "tie_broken", "by": f["chooser"], "choice": choice})


# --- vote sources ---------------------------------------------------------------------------------


def _source_key(source: dict[str, Any]) -> str:
    if "office" in source:
        return f"office:{source['office']}"
    return f"card:{source.get('card', source.get('controlled_card'))}"


def _used_keys(f: Frame) -> set[str]:
    return {_source_key(c["source"]) for c in f["casts"]}


def _controlled_by_other(f: Frame, seat: int, card: str) -> bool:
    return any(card in cards for holder, cards in f["controlled"].items() if holder != str(seat))


def _sources(s: State, f: Frame, seat: int) -> list[tuple[dict[str, Any], int]]:
    """The seat's unused vote sources in this vote with their values (§4.1)."""
    used = _used_keys(f)
    found: list[tuple[dict[str, Any], int]] = []
    for card in s["influence"][seat]:
        if f"card:{card}" not in used and not _controlled_by_other(f, seat, card):
            found.append(({"card": card}, _card_votes(s, seat, card)))
    for card in s["hands"][seat]:
        kind = design(card).kind
        if kind == INFLUENCE:
            # cast from hand, it enters play first, so its combo counts the cards already in play
            found.append(({"card": card}, _card_votes(s, seat, card)))
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


def _choices(f: Frame) -> list[Any]:
    if f["motion"] == "election":
        return [c for c in f["candidates"] if c not in f["refused"]]
    return [YES, NO]


def _eligible_candidates(s: State, f: Frame) -> list[int]:
    return [x for x in active_players(s) if x not in f["excluded"] and x not in f["candidates"]]


def _use_source(s: State, f: Frame, seat: int, source: Any, choice: Any) -> None:
    """Cast one source for a choice: checks it is the seat's and unused, then records it."""
    if not isinstance(source, dict) or len(source) != 1:
        raise IllegalAction("junta.bad_source", 'Name one vote source, such as {"card": "inf_church#1"} or '
                            '{"office": "admiral"}.')
    offered = _sources(s, f, seat)
    match = next((value for src, value in offered if src == source), None)
    if match is None:
        raise IllegalAction("junta.source_unusable", "That vote source is not yours to cast, or it is already spent "
                            "in this vote.")
    card = source.get("card")
    if card is not None and card in s["hands"][seat]:
        remove_from_hand(s, seat, card)
        if design(card).kind == INFLUENCE:
            s["influence"][seat].append(card)  # cast from hand: it is now in play
        else:
            f["held"].append(card)  # a vote card is discarded when the vote ends
    f["casts"].append({"seat": seat, "source": dict(source), "choice": choice, "votes": match})
    log(s, {"type": "vote_cast", "seat": seat, "source": dict(source), "choice": choice, "votes": match})


# --- Phase 1: the hand limit ----------------------------------------------------------------------


def _wait_hand_limit(s: State, f: Frame) -> list[int]:
    return [x for x in range(s["n"]) if s["alive"][x] and _over_limit(s, x)]


def _step_hand_limit(s: State, f: Frame, rng: Rng) -> None:
    _pop(s, f)


def _hand_limit_default(s: State, seat: int) -> None:
    """§10: the most recently received cards from hand first, then influence cards in play with the
    fewest printed votes (then by id)."""
    while _over_limit(s, seat) and s["hands"][seat]:
        card = s["hands"][seat].pop()
        s["discard"].append(card)
        log(s, {"type": "card_discarded", "seat": seat, "card": card})
    while _over_limit(s, seat) and s["influence"][seat]:
        card = min(s["influence"][seat], key=lambda c: (design(c).votes, c))
        s["influence"][seat].remove(card)
        s["discard"].append(card)
        log(s, {"type": "card_discarded", "seat": seat, "card": card})


# --- Phase 2: offices -----------------------------------------------------------------------------


def _assignment_problem(s: State, assignment: dict[str, int]) -> str | None:
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


def _assignments(s: State, prefer_previous: bool = True, limit: int = 1, rotate: int = 0) -> list[dict[str, int]]:
    """Legal assignments found by a depth-first search in office order; candidates per office: the
    previous holder first (when kept), then seats clockwise from the President's left (rotated)."""
    president = s["president"]
    others = [x for x in clockwise_from(s, left_of(s, president)) if x != president]
    others = others[rotate % len(others):] + others[: rotate % len(others)]
    found: list[dict[str, int]] = []
    chosen: dict[str, int] = {}

    def feasible() -> bool:
        counts: Counter[int] = Counter(chosen.values())
        missing = sum(1 for x in others if counts[x] == 0)
        return missing <= len(SUB_OFFICES) - len(chosen)

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
        for seat in order:
            counts: Counter[int] = Counter(chosen.values())
            if counts[seat] >= 2:
                continue
            if office in GENERALS and any(chosen.get(g) == seat for g in GENERALS):
                continue
            chosen[office] = seat
            if feasible():
                walk(i + 1)
            del chosen[office]

    walk(0)
    return found


def _wait_assign(s: State, f: Frame) -> list[int]:
    president = s["president"]
    return [president] if president is not None and is_active(s, president) else []


def _step_assign(s: State, f: Frame, rng: Rng) -> None:
    _set_offices(s, _assignments(s)[0])
    _pop(s, f)


def _set_offices(s: State, assignment: dict[str, int]) -> None:
    s["offices"] = {o: int(assignment[o]) for o in SUB_OFFICES}
    log(s, {"type": "offices_assigned", "by": s["president"], "offices": dict(s["offices"])})


# --- Phase 4: the budget --------------------------------------------------------------------------


def _budget_payer(s: State) -> tuple[int, dict[str, int]] | None:
    """The payer of a proposed budget still to be paid, and its amounts (for the payability lock)."""
    f = _find(s, "budget")
    if f is None or f["step"] not in ("vote", "voted", "rejected", "occupy", "pay"):
        return None
    return f["payer"], f["amounts"]


def _payable(notes: list[int], amounts: dict[str, int]) -> bool:
    values = [a for a in amounts.values() if a > 0]
    return exact_split(notes, values) is not None


def _check_budget_lock(s: State, seat: int, leaving: list[int]) -> None:
    locked = _budget_payer(s)
    if locked is None or locked[0] != seat:
        return
    rest = list(s["money"][seat])
    for v in leaving:
        rest.remove(v)
    if not _payable(rest, locked[1]):
        raise IllegalAction("junta.budget_lock", "You cannot part with those notes: the proposed budget would no "
                            "longer be payable.")


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


def _step_budget(s: State, f: Frame, rng: Rng) -> None:
    step = f["step"]
    if step == "propose":  # the proposer cannot act: nothing is proposed
        _propose(s, f, {})
    elif step == "vote":
        f["step"] = "voted"
        _push_vote(s, "alt_budget" if f["alt_done"] else "budget", s["president"], True)
    elif step == "voted":
        if s["last_vote"]["passed"]:
            f["passed"], f["step"] = True, "pay"
            return
        s["pretext"] = True
        if not f["alt_done"]:
            f["step"] = "rejected"
            _push_window(s, BUDGET_REJECTED)
        else:
            f["step"] = "occupy" if minister_usable(s) else "holiday"
    elif step == "rejected":
        if f["alt"] is not None:
            f["step"] = "keep"
        else:
            f["step"] = "occupy" if minister_usable(s) else "holiday"
    elif step == "occupy":  # the Minister can no longer act: no occupation
        f["step"] = "holiday"
    elif step == "holiday":
        s["bank"] = "holiday"
        log(s, {"type": "budget_not_paid", "payer": f["payer"]})
        f["step"] = "done"
    elif step == "keep":
        _alt_handover(s, f, None)
    elif step == "pay":
        _pay_budget(s, f, None)
    else:
        _pop(s, f)


def _propose(s: State, f: Frame, amounts: dict[str, int]) -> None:
    f["amounts"] = {k: v for k, v in amounts.items() if v > 0}
    f["payer"] = f["proposer"]
    f["step"] = "vote"
    log(s, {"type": "budget_proposed", "by": f["proposer"], "amounts": dict(f["amounts"]), "alternative":
            f["alt_done"]})


def _alt_handover(s: State, f: Frame, kept: int | None) -> None:
    """evt_alternative_budget: the President gives every note but one of his choice to the player.

    The handover is logged whatever he held (none, one or more notes): others learn that it took
    place, never how many notes moved (junta_cards.md, §11); the two players see the notes."""
    president = s["president"]
    if president is not None:
        notes = list(s["money"][president])
        if notes:
            keep = kept if kept is not None else max(notes)
            notes.remove(keep)
            s["money"][president] = [keep]
            add_notes(s, f["alt"], notes)
        log(s, {"type": "money_handed", "from": president, "to": f["alt"], "why": "alternative_budget"},
            private={"seats": [president, f["alt"]], "notes": notes})
    f["proposer"] = f["payer"] = f["alt"]
    f["amounts"], f["alt_done"], f["step"] = {}, True, "propose"


def _pay_budget(s: State, f: Frame, payments: dict[str, list[int]] | None) -> None:
    payer = f["payer"]
    due = {k: v for k, v in f["amounts"].items() if s["alive"][int(k)]}  # the dead receive nothing
    if payments is None:
        keys = list(due)
        groups = exact_split(s["money"][payer], [due[k] for k in keys])
        assert groups is not None, "junta: a locked budget became unpayable"
        payments = dict(zip(keys, groups, strict=True))
    for key, notes in payments.items():
        take_notes(s, payer, notes)
        add_notes(s, int(key), notes)
    log(s, {"type": "budget_paid", "by": payer, "amounts": {k: sum(v) for k, v in payments.items()}},
        private={"seats": [payer], "notes": {k: list(v) for k, v in payments.items()}})
    for key, notes in payments.items():
        log(s, {"type": "budget_received", "seat": int(key)}, only=[int(key)],
            private={"seats": [int(key)], "notes": list(notes)})
    f["step"] = "done"


# --- Phase 2: No Confidence -----------------------------------------------------------------------


def _step_no_confidence(s: State, f: Frame, rng: Rng) -> None:
    if f["step"] == "start":
        f["step"] = "voted"
        _push_vote(s, "no_confidence", s["president"], True)
        return
    _pop(s, f)
    if s["last_vote"]["passed"]:
        removed = s["president"]
        s["president"] = None
        log(s, {"type": "president_removed", "seat": removed})
        _push_election(s, "no_confidence", left_of(s, removed), former=removed)


# --- Phase 5: locations ---------------------------------------------------------------------------


def _wait_locations(s: State, f: Frame) -> list[int]:
    waiting = [x for x in active_players(s) if str(x) not in f["chosen"]]
    return waiting


def _step_locations(s: State, f: Frame, rng: Rng) -> None:
    _pop(s, f)
    for seat in range(s["n"]):
        chosen = f["chosen"].get(str(seat))
        if chosen is None or not is_active(s, seat):
            continue
        if "embassy" in chosen:
            go_into_exile(s, seat, chosen["embassy"])
        else:
            s["location"][seat] = chosen["location"]
    log(s, {"type": "locations_chosen"})


# --- Phase 6: declarations and their resolution ---------------------------------------------------


def _wait_declarations(s: State, f: Frame) -> list[int]:
    if f["pos"] < len(f["order"]) and is_active(s, f["order"][f["pos"]]):
        return [f["order"][f["pos"]]]
    return []


def _step_declarations(s: State, f: Frame, rng: Rng) -> None:
    if f["pos"] < len(f["order"]):
        f["pos"] += 1
    else:
        _pop(s, f)


def _step_resolution(s: State, f: Frame, rng: Rng) -> None:
    attempts = s["attempts"]
    while f["index"] < len(attempts) and attempts[f["index"]]["resolved"]:
        f["index"] += 1
    if f["index"] >= len(attempts):
        _pop(s, f)
        return
    _resolve(s, attempts[f["index"]], f["index"], rng)


def _resolve(s: State, a: dict[str, Any], index: int, rng: Rng) -> None:
    """§7.3 for one attempt; a hit asks the victim for protection (a `protect` frame)."""
    victim, by, assassin = a["victim"], a["by"], a["assassin"]
    kind = "secret_police" if assassin == "secret_police" else design_id(assassin)
    if kind == "secret_police" and a["location"] == "bank":
        s["bank_safe_until"] = s["turn"] + 1
    rolls: list[int] = []

    def done(result: str) -> None:
        a["resolved"], a["result"] = True, result
        log(s, {"type": "attempt_resolved", "index": index, "result": result, "rolls": rolls})

    if not s["alive"][victim]:
        done("no_victim")
        return
    if kind == "asn_burglars":
        if s["location"][victim] == "home":
            done("safe_home")
        else:
            log(s, {"type": "attempt_resolved", "index": index, "result": "burglary", "rolls": rolls})
            _push(s, "surrender", victim=victim, to=by, attempt=index)
        return
    if kind == "asn_psychotic":
        rolls.append(rng.die(6))
        if rolls[-1] in (4, 5):
            done("nothing")
            return
        if rolls[-1] == 6:
            rolls.append(rng.die(6))
            if rolls[-1] <= 3:
                done("nothing")
                return
            if not s["alive"][by]:
                done("nothing")
                return
            log(s, {"type": "attempt_hit", "index": index, "victim": by, "backfire": True, "rolls": rolls})
            _push(s, "protect", victim=by, killer=None, cause="backfire", attempt=index)
            return
    if s["location"][victim] != a["location"]:
        done("missed")
        return
    if kind == "asn_amateur":
        rolls.append(rng.die(6))
        if rolls[-1] <= 3:
            done("missed")
            return
    log(s, {"type": "attempt_hit", "index": index, "victim": victim, "backfire": False, "rolls": rolls})
    _push(s, "protect", victim=victim, killer=by, cause="attempt", attempt=index)


def _wait_victim(s: State, f: Frame) -> list[int]:
    return [f["victim"]] if s["alive"][f["victim"]] and s["exile"][f["victim"]] is None else []


def _step_protect(s: State, f: Frame, rng: Rng) -> None:
    _unprotected(s, f)


def _protected(s: State, f: Frame, card: str) -> None:
    _pop(s, f)
    if f["attempt"] is not None:
        a = s["attempts"][f["attempt"]]
        a["resolved"], a["result"] = True, "protected"
    log(s, {"type": "protected", "seat": f["victim"], "card": card, "cause": f["cause"]})


def _unprotected(s: State, f: Frame) -> None:
    _pop(s, f)
    killer = f["killer"]
    if s["alive"][f["victim"]]:
        _kill(s, f["victim"], killer, f["cause"])
    if f["attempt"] is not None:
        a = s["attempts"][f["attempt"]]
        a["resolved"], a["result"] = True, "backfired" if f["cause"] == "backfire" else "killed"


def _kill(s: State, victim: int, killer: int | None, cause: str) -> None:
    """§5.4: his cards are discarded, his hand money goes to the player responsible (if alive),
    he is dead until the end of the turn; an assassination sets the pretext."""
    s["discard"].extend(s["hands"][victim])
    s["discard"].extend(s["influence"][victim])
    s["hands"][victim], s["influence"][victim] = [], []
    notes = list(s["money"][victim])
    s["money"][victim] = []
    heir = killer if killer is not None and s["alive"][killer] else None
    s["alive"][victim] = False
    if heir is not None:
        add_notes(s, heir, notes)
    else:
        to_aid(s, notes)
    for swap in [w for w in s["swaps"] if victim in (w["from"], w["to"])]:
        s["swaps"].remove(swap)
    if cause != "firing_squad":
        s["pretext"] = True
    log(s, {"type": "died", "seat": victim, "cause": cause, "money_to": heir},
        private={"seats": [victim] + ([heir] if heir is not None else []), "notes": notes})


def _step_surrender(s: State, f: Frame, rng: Rng) -> None:
    _surrender(s, f, _surrender_default(s["money"][f["victim"]]))


def _surrender_default(notes: list[int]) -> list[int]:
    chosen: list[int] = []
    for v in sorted(notes):
        if sum(chosen) >= 2:
            break
        chosen.append(v)
    return chosen


def _surrender(s: State, f: Frame, notes: list[int]) -> None:
    _pop(s, f)
    victim, to = f["victim"], f["to"]
    take_notes(s, victim, notes)
    heir = to if s["alive"][to] else None
    if heir is not None:
        add_notes(s, heir, notes)
    else:
        to_aid(s, notes)
    a = s["attempts"][f["attempt"]]
    a["resolved"], a["result"] = True, "burgled"
    log(s, {"type": "burgled", "victim": victim, "to": heir},
        private={"seats": [victim] + ([heir] if heir is not None else []), "notes": list(notes)})


def _wait_exile_poll(s: State, f: Frame) -> list[int]:
    if active_players(s) or f["pos"] >= len(f["order"]):
        return []
    seat = f["order"][f["pos"]]
    if s["exile"][seat] is not None and s["alive"][seat] and not s["returned"][seat]:
        return [seat]
    return []


def _step_exile_poll(s: State, f: Frame, rng: Rng) -> None:
    if not active_players(s) and f["pos"] < len(f["order"]):
        f["pos"] += 1
        return
    _pop(s, f)
    president = s["president"]
    assert president is not None
    if active_players(s):
        _push_election(s, "death", left_of(s, president), former=president)
    else:
        s["postponed_election"] = left_of(s, president)


# --- Phases 7 and 9: banking ----------------------------------------------------------------------


def _bankers(s: State) -> list[int]:
    return [x for x in range(s["n"]) if is_active(s, x) and s["location"][x] == "bank"]


def _wait_banking(s: State, f: Frame) -> list[int]:
    if s["bank"] != "open":
        return []
    return [x for x in _bankers(s) if x not in f["done"]]


def _step_banking(s: State, f: Frame, rng: Rng) -> None:
    _pop(s, f)


# --- Phase 8: the coup ----------------------------------------------------------------------------


def _wait_coup_poll(s: State, f: Frame) -> list[int]:
    if f["pos"] < len(f["order"]) and _may_start_coup(s, f["order"][f["pos"]]):
        return [f["order"][f["pos"]]]
    return []


def _step_coup_poll(s: State, f: Frame, rng: Rng) -> None:
    if f["pos"] < len(f["order"]):
        f["pos"] += 1
    else:
        _pop(s, f)
        log(s, {"type": "no_coup"})


def _wait_coup(s: State, f: Frame) -> list[int]:
    if coup_game.coup_over(s):
        return []
    return sorted(x for x in coup_game.coup_to_act(s) if s["alive"][x])


def _step_coup(s: State, f: Frame, rng: Rng) -> None:
    if not coup_game.coup_over(s):
        raise AssertionError("junta: the coup waits on nobody and is not over")
    _pop(s, f)
    coup = s["coup"]
    log(s, {"type": "coup_result", "winner": coup["winner"], "sides": dict(coup["sides"])})


# --- Phase 9: the Junta and the firing squad ------------------------------------------------------


def _push_firing_squad(s: State, by: int | None, eligible: list[int]) -> None:
    if by is None or not eligible:
        return
    _push(s, "firing_squad", by=by, eligible=eligible)


def _wait_firing_squad(s: State, f: Frame) -> list[int]:
    return [f["by"]] if is_active(s, f["by"]) else []


def _step_firing_squad(s: State, f: Frame, rng: Rng) -> None:
    _pop(s, f)
    log(s, {"type": "firing_squad", "by": f["by"], "victim": None})


def _step_squad(s: State, f: Frame, rng: Rng) -> None:
    _pop(s, f)
    if s["alive"][f["victim"]]:
        _kill(s, f["victim"], f["by"], "firing_squad")


def _junta_members(s: State) -> list[int]:
    coup = s["coup"]
    sides = coup["sides"]
    chose_rebels = [x for x in range(s["n"]) if sides.get(str(x)) == "rebels" and is_active(s, x)]
    members = [x for x in chose_rebels if coup["rebels"][x]]
    return members or chose_rebels


def _push_junta(s: State) -> None:
    coup = s["coup"]
    members = _junta_members(s)
    if not members:  # nobody can form a Junta: the President stays (§8.10)
        log(s, {"type": "no_junta"})
        return
    leader = coup["leader"]
    order = [x for x in clockwise_from(s, leader) if x in members]
    _push(s, "junta", members=members, order=order, pos=0, votes={}, tiebreak=None, step="votes")
    log(s, {"type": "junta_vote_opened", "members": members})


def _wait_junta(s: State, f: Frame) -> list[int]:
    if f["step"] == "votes" and f["pos"] < len(f["order"]) and is_active(s, f["order"][f["pos"]]):
        return [f["order"][f["pos"]]]
    return []


def _step_junta(s: State, f: Frame, rng: Rng) -> None:
    if f["step"] == "votes":
        if f["pos"] < len(f["order"]):
            seat = f["order"][f["pos"]]
            f["votes"][str(seat)] = seat  # an absent member's vote goes to himself (the timer's default)
            f["pos"] += 1
            return
        counts: Counter[int] = Counter(f["votes"].values())
        best = max(counts.values())
        tied = [x for x in f["order"] if counts[x] == best]
        if len(tied) == 1:
            _junta_elects(s, f, tied[0])
            return
        leader = s["coup"]["leader"]
        breaker = leader if leader in f["members"] else next(x for x in clockwise_from(s, leader) if x in f["members"])
        f["step"] = "tiebroken"
        _push(s, "tiebreak", chooser=breaker, choices=tied, motion="junta", choice=None)
        return
    _junta_elects(s, f, f["tiebreak"])


def _junta_elects(s: State, f: Frame, winner: int) -> None:
    _pop(s, f)
    former = s["president"]
    log(s, {"type": "junta_result", "votes": dict(f["votes"]), "winner": winner})
    _install_president(s, "coup", winner, former)
    _push_firing_squad(s, winner, [x for x in range(s["n"]) if x != winner and is_active(s, x)])


# --- returns from exile and Coalition Break -------------------------------------------------------


def _wait_return(s: State, f: Frame) -> list[int]:
    if f["step"] != "ask":
        return []
    m = minister(s)
    return [m] if m is not None else []


def _step_return(s: State, f: Frame, rng: Rng) -> None:
    if f["step"] == "ask":  # the Minister can no longer act: the return is safe
        _pop(s, f)
        _complete_return(s, f["seat"])
        return
    _pop(s, f)  # after the protection step
    if s["alive"][f["seat"]]:
        _complete_return(s, f["seat"])


def _complete_return(s: State, seat: int) -> None:
    """§5.6 step 3: a surviving returnee takes back his offices, from the cousin if need be."""
    if s["cousin"] is not None and s["offices"][s["cousin"]] == seat:
        log(s, {"type": "cousin_released", "office": s["cousin"]})
        s["cousin"] = None
    log(s, {"type": "returned", "seat": seat})


def _wait_influence_discard(s: State, f: Frame) -> list[int]:
    seat = f["seat"]
    return [seat] if s["alive"][seat] and s["influence"][seat] else []


def _step_influence_discard(s: State, f: Frame, rng: Rng) -> None:
    _pop(s, f)
    seat = f["seat"]
    if s["influence"][seat]:
        card = min(s["influence"][seat], key=lambda c: (design(c).votes, c))
        _discard_influence(s, seat, card)


def _discard_influence(s: State, seat: int, card: str) -> None:
    s["influence"][seat].remove(card)
    s["discard"].append(card)
    log(s, {"type": "influence_discarded", "seat": seat, "card": card})


WAITS: Final[dict[str, Any]] = {
    "election": _wait_none, "vote": _wait_vote, "tiebreak": _wait_tiebreak, "window": _wait_window,
    "hand_limit": _wait_hand_limit, "assign": _wait_assign, "budget": _wait_budget, "no_confidence": _wait_none,
    "locations": _wait_locations, "declarations": _wait_declarations, "resolution": _wait_none,
    "protect": _wait_victim, "surrender": _wait_victim, "exile_poll": _wait_exile_poll, "banking": _wait_banking,
    "coup_poll": _wait_coup_poll, "coup": _wait_coup, "firing_squad": _wait_firing_squad, "squad": _wait_victim,
    "junta": _wait_junta, "return": _wait_return, "influence_discard": _wait_influence_discard,
}
STEPS: Final[dict[str, Any]] = {
    "election": _step_election, "vote": _step_vote, "tiebreak": _step_tiebreak, "window": _step_window,
    "hand_limit": _step_hand_limit, "assign": _step_assign, "budget": _step_budget,
    "no_confidence": _step_no_confidence, "locations": _step_locations, "declarations": _step_declarations,
    "resolution": _step_resolution, "protect": _step_protect, "surrender": _step_surrender,
    "exile_poll": _step_exile_poll, "banking": _step_banking, "coup_poll": _step_coup_poll, "coup": _step_coup,
    "firing_squad": _step_firing_squad, "squad": _step_squad, "junta": _step_junta, "return": _step_return,
    "influence_discard": _step_influence_discard,
}


# --- checking actions -----------------------------------------------------------------------------


def _hint(frame: Frame | None) -> tuple[str, str]:
    if frame is None:
        return N_("junta.hint.nothing"), "nothing"
    return HINT.get(_decision(frame), HINT.get(frame["kind"], (N_("junta.hint.nothing"), "nothing")))


def _pending(s: State, seat: int, keys: tuple[str, ...]) -> Frame:
    """The top frame when it waits on `seat` for one of these decisions; a refusal otherwise."""
    frame, seats = _waiting(s)
    if frame is None or _decision(frame) not in keys:
        hint_id, hint_text = _hint(frame)
        raise IllegalAction("junta.not_now", f"You cannot do that now: the game waits on {hint_text}.",
                            hint=msg(hint_id))
    if seat not in seats:
        raise IllegalAction("junta.not_your_turn", "It is not your turn to answer this.")
    return frame


def _seat_field(s: State, action: Action, field: str) -> int:
    value: Any = action.get(field)
    if not is_seat(value, s["n"]):
        raise IllegalAction("junta.bad_player", f"Name a player by seat number, from 0 to {s['n'] - 1}.",
                            high=s["n"] - 1)
    return int(value)


def _notes_field(action: Action, field: str = "notes", allow_empty: bool = False) -> list[int]:
    notes: Any = action.get(field)
    if not valid_notes(notes) or (not notes and not allow_empty):
        raise IllegalAction("junta.bad_notes", "Name banknotes as a list of values 1, 2 or 3, such as [3, 1].")
    return list(notes)


def _check_alive(s: State, seat: int) -> None:
    if not s["alive"][seat]:
        raise IllegalAction("junta.you_are_dead", "You are dead until the end of the turn.")


def _check_not_target(s: State, seat: int) -> None:
    if seat in s["targets"]:
        raise IllegalAction("junta.you_are_target", "You are the target of an attempt or of the firing squad: you "
                            "cannot do that now.")


def _check_active(s: State, seat: int) -> None:
    _check_alive(s, seat)
    if s["exile"][seat] is not None:
        raise IllegalAction("junta.in_exile", "You are in exile: you cannot do that.")


def _check_recipient(s: State, seat: int, to: int) -> None:
    if to == seat:
        raise IllegalAction("junta.not_yourself", "Choose another player.")
    if not s["alive"][to]:
        raise IllegalAction("junta.recipient_dead", "That player is dead until the end of the turn.",
                            player=seat_ref(to))


def _check_holds(s: State, seat: int, notes: list[int], account: bool = False) -> None:
    have = s["accounts"][seat] if account else s["money"][seat]
    if not holds(have, notes):
        raise IllegalAction("junta.notes_not_held", "Pay with notes you hold, such as [2, 1].")


def _check_card_gift(s: State, seat: int, card: Any) -> None:
    """May this card leave the seat's hand by gift or swap now (§2.3, §6.1)?"""
    if not isinstance(card, str) or card not in s["hands"][seat]:
        raise IllegalAction("junta.card_not_in_hand", "That card is not in your hand.")
    if s["phase"] in (6, 9):
        raise IllegalAction("junta.no_card_gifts_now", "Nobody may give or swap political cards in Phases 6 and 9.")
    limit = _find(s, "hand_limit")
    if limit is not None and card in limit["received"].get(str(seat), []):
        raise IllegalAction("junta.received_in_limit", "A card received during the hand-limit step cannot be given "
                            "away again before the step ends; you may play or discard it.")


def _receive_card(s: State, to: int, card: str) -> None:
    s["hands"][to].append(card)
    limit = _find(s, "hand_limit")
    if limit is not None:
        limit["received"].setdefault(str(to), []).append(card)


# --- the game -------------------------------------------------------------------------------------


class Junta:
    id = "junta"
    title = "Junta"
    min_players = 4
    max_players = 7
    options_schema = OPTIONS_SCHEMA
    actions = ACTIONS

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> State:
        if isinstance(n_players, bool) or not isinstance(n_players, int) or not 4 <= n_players <= 7:
            raise IllegalAction("junta.player_count", f"Junta is played by 4 to 7 players, not {n_players}.",
                                count=str(n_players))
        opts = check_options(OPTIONS_SCHEMA, dict(options))
        if opts["owner"] >= n_players:
            raise IllegalAction("junta.bad_owner", f"The owner must be a seat from 0 to {n_players - 1}.",
                                high=n_players - 1)
        s = _new_state(n_players, opts, rng)
        log(s, {"type": "game_started", "n": n_players, "owner": s["owner"]})
        _push_election(s, "first", s["owner"])
        _run(s, rng)
        _restart_timer(s)
        return s

    # --- the contract's queries -----------------------------------------------------------------------------------

    def to_act(self, state: State) -> set[int]:
        return set(_waiting(state)[1])

    def deadline(self, state: State) -> float | None:
        return _deadline(state)

    def auto_action(self, state: State) -> Action | None:
        """The game master starts the decision clock once, when the table opens: the first decision's
        time runs from then (a state fresh from `setup` knows no time)."""
        if state["result"] is None and not state.get("clock_started", True):
            return {"type": "start_clock"}
        return None

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        return Outcome(winners=list(result["winners"]),
                       scores={int(k): float(v) for k, v in result["scores"].items()}, reason=result["reason"])

    def dump(self, state: State) -> dict[str, Any]:
        return dict(clone(state))

    def load(self, data: dict[str, Any]) -> State:
        return dict(clone(data))

    def legal_actions(self, state: State, seat: int | None) -> list[Action]:
        from games.junta.moves import legal_actions

        return legal_actions(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        from games.junta.views import view

        return view(state, seat)

    # --- apply ------------------------------------------------------------------------------

    def apply(self, state: State, seat: int | None, action: Action, rng: Rng) -> State:
        check_action(ACTIONS, state["n"], seat, action)
        kind = action["type"]
        coup_kind = kind in coup_game.COUP_ACTIONS
        if state["result"] is not None:
            raise IllegalAction("junta.game_over", "The game is over.")
        at = action.get("at")
        if kind in ("timeout", "start_clock"):
            if seat is not None:
                raise IllegalAction("junta.master_only", "Only the game master calls time.")
        elif seat is None:
            raise IllegalAction("junta.not_playing", "Only a player at this table can do that.")
        s = clone_keeping_log(state)
        if at is not None:
            s["now"] = max(float(s["now"]), float(at))
        if kind == "start_clock":
            if s.get("clock_started", True):
                raise IllegalAction("junta.clock_started", "The clock is already running.")
            s["clock_started"] = True
            s["timer"]["since"] = float(s["now"])
        elif kind == "timeout":
            _do_timeout(s, at, rng)
        else:
            assert seat is not None
            self._check_late(s, seat, kind, at)
            top = _top(s)
            if top is not None and top["kind"] == "coup" and coup_kind and not (
                    kind == "play_card" and not _coup_card(action)):
                coup_game.apply_coup_action(s, seat, action, rng)
            elif kind not in HANDLERS:  # a coup action while the coup waits on something else
                hint_id, hint_text = _hint(top)
                raise IllegalAction("junta.not_now", f"You cannot do that now: the game waits on {hint_text}.",
                                    hint=msg(hint_id))
            elif kind == "play_card" and _coup_card(action):
                raise IllegalAction("junta.coup_card_not_now", "Unit and bribe cards are played in a coup, on your "
                                    "movement turn, or as the act that starts one.")
            else:
                HANDLERS[kind](s, seat, action, rng)
        _run(s, rng)
        _restart_timer(s)
        return s

    @staticmethod
    def _check_late(s: State, seat: int, kind: str, at: Any) -> None:
        """An answer to the pending decision stamped at or after its deadline is refused."""
        if at is None:
            return
        frame, seats = _waiting(s)
        if frame is None or seat not in seats:
            return
        answers = ANSWERS.get(_decision(frame), frozenset()) | {"play_card"}
        if frame["kind"] == "coup":
            answers = coup_game.COUP_ACTIONS
        limit = _decision_deadline(s)
        if kind in answers and limit is not None and float(at) >= limit:
            raise IllegalAction("junta.too_late", "Your time for this decision has run out.")


def _coup_card(action: Action) -> bool:
    card = action.get("card")
    return isinstance(card, str) and card.split("#", 1)[0] in CARD and COUP_MOVE in design(card).timing


# --- time -----------------------------------------------------------------------------------------


def _decision_key(s: State) -> str:
    frame, seats = _waiting(s)
    if frame is None:
        return ""
    if frame["kind"] == "coup":
        return f"{frame['id']}:coup:{coup_game.coup_decision_key(s)}"
    parallel = frame["kind"] in ("window", "hand_limit", "locations", "banking")
    who = "" if parallel else ",".join(map(str, seats))
    return f"{frame['id']}:{frame['step']}:{who}"


def _restart_timer(s: State) -> None:
    key = _decision_key(s)
    if key != s["timer"]["key"]:
        s["timer"] = {"key": key, "since": float(s["now"])}


def _decision_deadline(s: State) -> float | None:
    frame, seats = _waiting(s)
    if frame is None or not seats or not s.get("clock_started", True):
        return None
    return float(s["timer"]["since"]) + s["options"]["decision_timer"]


def _deadline(s: State) -> float | None:
    if s["result"] is not None or not s.get("clock_started", True):
        return None  # no clock before the game master starts it (a state fresh from setup knows no time)
    times = [float(w["since"]) + s["options"]["decision_timer"] for w in s["swaps"]]
    decision = _decision_deadline(s)
    if decision is not None:
        times.append(decision)
    return min(times) if times else None


def _do_timeout(s: State, at: Any, rng: Rng) -> None:
    deadline = _deadline(s)
    if deadline is None:
        raise IllegalAction("junta.no_clock", "No decision is waiting for time to run out.")
    now = float(at) if at is not None else deadline
    if now < deadline:
        raise IllegalAction("junta.clock_running", "The decision's time has not run out yet.")
    s["now"] = max(float(s["now"]), now)
    limit = s["options"]["decision_timer"]
    for swap in [w for w in s["swaps"] if float(w["since"]) + limit <= now]:
        s["swaps"].remove(swap)
        log(s, {"type": "swap_cancelled", "id": swap["id"], "by": None}, only=[swap["from"], swap["to"]])
    decision = _decision_deadline(s)
    if decision is None or decision > now:
        return
    frame, seats = _waiting(s)
    assert frame is not None
    log(s, {"type": "timeout", "seats": list(seats), "decision": _decision(frame)})
    if frame["kind"] == "coup":
        coup_game.coup_timeout(s, rng)
        return
    for seat in seats:
        _apply_default(s, frame, seat, rng)


def _apply_default(s: State, f: Frame, seat: int, rng: Rng) -> None:
    """§10's default for one seat of the pending decision."""
    if s["result"] is not None or not s["stack"] or s["stack"][-1] is not f:
        return
    decision = _decision(f)
    if decision == "vote:turns":
        _do_pass_vote(s, seat, {}, rng)
    elif decision == "vote:refusals":
        _do_accept_candidacy(s, seat, {}, rng)
    elif decision == "tiebreak":
        f["choice"] = _tiebreak_default(s, f)
    elif decision == "window":
        f["ready"].append(seat)
    elif decision == "hand_limit":
        _hand_limit_default(s, seat)
    elif decision == "assign":
        _step_assign(s, f, rng)
    elif decision == "budget:propose":
        _propose(s, f, {})
    elif decision == "budget:pay":
        _pay_budget(s, f, None)
    elif decision == "budget:occupy":
        f["step"] = "holiday"
    elif decision == "budget:keep":
        _alt_handover(s, f, None)
    elif decision == "locations":
        f["chosen"][str(seat)] = {"location": "home"}
    elif decision == "declarations":
        f["pos"] += 1
    elif decision in ("protect", "squad"):
        STEPS[f["kind"]](s, f, rng)
    elif decision == "surrender":
        _step_surrender(s, f, rng)
    elif decision == "exile_poll":
        f["pos"] += 1
    elif decision == "banking":
        f["done"].append(seat)
    elif decision == "coup_poll":
        f["pos"] += 1
    elif decision == "firing_squad":
        _step_firing_squad(s, f, rng)
    elif decision == "junta":
        f["votes"][str(seat)] = seat
        f["pos"] += 1
    elif decision == "return":
        _pop(s, f)
        _complete_return(s, f["seat"])
    elif decision == "influence_discard":
        _step_influence_discard(s, f, rng)


# --- handlers: votes ------------------------------------------------------------------------------


def _do_nominate(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("vote:turns",))
    if f["motion"] != "election" or not f["nominations"] or f["round"] != 1:
        raise IllegalAction("junta.no_nominations", "Candidates are nominated only in round 1 of an election.")
    candidate = _seat_field(s, a, "candidate")
    if candidate in f["candidates"]:
        raise IllegalAction("junta.already_candidate", "That player is already a candidate in this ballot.")
    if candidate not in _eligible_candidates(s, f):
        raise IllegalAction("junta.not_eligible", "That player cannot be a candidate in this election.",
                            player=seat_ref(candidate))
    sources = a.get("sources")
    if not isinstance(sources, list) or not sources:
        raise IllegalAction("junta.nominate_needs_vote", "A nomination must carry at least one of your vote sources, "
                            "cast for the candidate.")
    if len({_source_key(x) if isinstance(x, dict) else repr(x) for x in sources}) != len(sources):
        raise IllegalAction("junta.bad_source", 'Name one vote source, such as {"card": "inf_church#1"} or '
                            '{"office": "admiral"}.')
    f["candidates"].append(candidate)
    log(s, {"type": "nominated", "seat": seat, "candidate": candidate})
    for source in sources:
        _use_source(s, f, seat, source, candidate)


def _do_cast_vote(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("vote:turns",))
    choice = a.get("choice")
    if choice not in _choices(f) or isinstance(choice, bool):
        raise IllegalAction("junta.bad_choice", "Vote for a remaining candidate, or yes or no in a motion.")
    _use_source(s, f, seat, a.get("source"), choice)


def _do_pass_vote(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("vote:turns",))
    f["pos"] += 1
    log(s, {"type": "vote_passed", "seat": seat})


def _do_accept_candidacy(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("vote:refusals",))
    f["refusal_pos"] += 1
    log(s, {"type": "candidacy_accepted", "seat": seat})


def _do_refuse_candidacy(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("vote:refusals",))
    f["refused"].append(seat)
    f["refusal_pos"] += 1
    log(s, {"type": "candidacy_refused", "seat": seat})


def _do_break_tie(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("tiebreak",))
    choice = a.get("choice")
    if choice not in f["choices"] or isinstance(choice, bool):
        raise IllegalAction("junta.bad_tiebreak", "Choose one of the tied options.")
    f["choice"] = choice


def _do_junta_vote(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("junta",))
    candidate = _seat_field(s, a, "candidate")
    if candidate not in f["members"]:
        raise IllegalAction("junta.not_junta_member", "Vote for a member of the Junta.")
    f["votes"][str(seat)] = candidate
    f["pos"] += 1
    log(s, {"type": "junta_vote", "seat": seat, "candidate": candidate})


def _do_ready(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("window",))
    f["ready"].append(seat)


# --- handlers: offices and budget -----------------------------------------------------------------


def _do_assign_offices(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("assign",))
    assignment = a.get("assignment")
    if not isinstance(assignment, dict) or set(assignment) != set(SUB_OFFICES) or not all(
            is_seat(v, s["n"]) for v in assignment.values()):
        raise IllegalAction("junta.bad_assignment", "Assign each of the six offices (interior, general_1, general_2, "
                            "general_3, admiral, air_force) to a player.")
    problem = _assignment_problem(s, assignment)
    if problem == "president":
        raise IllegalAction("junta.assign_president", "The President holds no other office (except through his "
                            "cousin).")
    if problem == "too_many":
        raise IllegalAction("junta.assign_too_many", "A player holds at most two offices, at most one of them a "
                            "generalship.")
    if problem == "left_out":
        raise IllegalAction("junta.assign_left_out", "Every family other than the President's receives at least one "
                            "office.")
    _set_offices(s, assignment)
    _pop(s, f)


def _amounts_field(s: State, f: Frame, a: Action) -> dict[str, int]:
    amounts = a.get("amounts", {})
    if not isinstance(amounts, dict):
        raise IllegalAction("junta.bad_amounts", "Give the budget as player → whole millions, such as {\"2\": 3}.")
    found: dict[str, int] = {}
    for key, value in amounts.items():
        target = int(key) if isinstance(key, str) and key.isdigit() else key
        if not is_seat(target, s["n"]) or isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise IllegalAction("junta.bad_amounts", "Give the budget as player → whole millions, such as "
                                "{\"2\": 3}.")
        if target == f["proposer"]:
            raise IllegalAction("junta.budget_self", "The budget names the other players, not yourself.")
        if value > 0 and not s["alive"][target]:
            raise IllegalAction("junta.budget_dead", "A dead player cannot be named in the budget.",
                                player=seat_ref(target))
        if value > 0:
            found[str(target)] = found.get(str(target), 0) + value
    return found


def _do_propose_budget(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("budget:propose",))
    amounts = _amounts_field(s, f, a)
    if not _payable(s["money"][seat], amounts):
        raise IllegalAction("junta.budget_unpayable", "Your notes cannot pay those amounts exactly, each player "
                            "separately.")
    _propose(s, f, amounts)


def _do_pay_budget(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("budget:pay",))
    payments = a.get("payments")
    if payments is None:
        _pay_budget(s, f, None)
        return
    due = {k: v for k, v in f["amounts"].items() if s["alive"][int(k)]}
    if not isinstance(payments, dict) or {str(k) for k in payments} != set(due):
        raise IllegalAction("junta.bad_payments", "Pay every player named in the budget his amount exactly.")
    chosen = {str(k): v for k, v in payments.items()}
    spent: list[int] = []
    for key, notes in chosen.items():
        if not valid_notes(notes) or sum(notes) != due[key]:
            raise IllegalAction("junta.bad_payments", "Pay every player named in the budget his amount exactly.")
        spent += notes
    _check_holds(s, seat, spent)
    _pay_budget(s, f, {k: list(v) for k, v in chosen.items()})


def _do_occupy_parliament(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("budget:occupy",))
    occupy = a.get("occupy")
    if not isinstance(occupy, bool):
        raise IllegalAction("junta.bad_bool", "Answer true or false.")
    log(s, {"type": "parliament", "seat": seat, "occupy": occupy})
    if occupy:
        s["occupied"] = True
        s["bank"] = "lunch"
        f["step"] = "pay"
    else:
        f["step"] = "holiday"


def _do_keep_note(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("budget:keep",))
    note: Any = a.get("note")
    if not s["money"][seat]:  # nothing to keep: the only answer names no note
        if note is not None:
            raise IllegalAction("junta.keep_nothing_held", "You hold no notes: there is none to keep.")
        _alt_handover(s, f, None)
        return
    if not valid_notes([note]) or note not in s["money"][seat]:
        raise IllegalAction("junta.bad_note", "Name one of your notes: 1, 2 or 3.")
    _alt_handover(s, f, int(note))


# --- handlers: locations, declarations, resolution ------------------------------------------------


def _locations_frame(s: State, seat: int) -> Frame:
    top = _top(s)
    if top is not None and top["kind"] == "locations" and top["may_replace"] == seat and is_active(s, seat):
        top["may_replace"] = None
        return top
    return _pending(s, seat, ("locations",))


def _do_choose_location(s: State, seat: int, a: Action, rng: Rng) -> None:
    location = a.get("location")
    if location not in LOCATIONS:
        raise IllegalAction("junta.bad_location", "Choose bank, headquarters, home, mistress or night_club.")
    f = _locations_frame(s, seat)
    f["chosen"][str(seat)] = {"location": location}
    log(s, {"type": "location_chosen", "seat": seat}, private={"seats": [seat], "location": location})


def _do_go_into_exile(s: State, seat: int, a: Action, rng: Rng) -> None:
    embassy = a.get("embassy")
    if embassy not in EMBASSIES:
        raise IllegalAction("junta.bad_embassy", "Choose superpower_embassy or swiss_embassy.")
    if seat == s["president"]:
        raise IllegalAction("junta.president_no_exile", "The President cannot go into exile: he must resign first.")
    f = _locations_frame(s, seat)
    f["chosen"][str(seat)] = {"embassy": embassy}
    log(s, {"type": "location_chosen", "seat": seat}, private={"seats": [seat], "embassy": embassy})


def _do_declare_assassination(s: State, seat: int, a: Action, rng: Rng) -> None:
    _pending(s, seat, ("declarations",))
    assassin = a.get("assassin")
    victim = _seat_field(s, a, "victim")
    if victim == seat or not is_active(s, victim) or s["location"][victim] is None:
        raise IllegalAction("junta.bad_victim", "Name another active player who has a location this turn.",
                            player=seat_ref(victim))
    if assassin == "secret_police":
        if minister(s) != seat:
            raise IllegalAction("junta.not_minister", "Only the Minister of the Interior, holding the office in "
                                "person, commands the Secret Police.")
        if s["sp_used"] >= s["sp_allowed"]:
            raise IllegalAction("junta.secret_police_used", "The Secret Police has no attempt left this turn.")
        kind = "secret_police"
    else:
        if not isinstance(assassin, str) or assassin not in s["hands"][seat] or design(assassin).kind != ASSASSIN:
            raise IllegalAction("junta.bad_assassin", "Name an assassin card from your hand, or secret_police.")
        kind = design_id(assassin)
        d = design(assassin)
        if d.requires is not None and not _has_in_play(s, seat, d.requires):
            raise IllegalAction("junta.requires_card", "You need an influence card in play to play that card.",
                                card=d.requires)
        if kind == "asn_foreign" and seat in (s["president"], s["offices"]["interior"]):
            raise IllegalAction("junta.foreign_forbidden", "The President and the Minister of the Interior cannot "
                                "hire the Foreign Assassin.")
    location = a.get("location")
    if kind == "asn_burglars":
        if location not in (None, "home"):
            raise IllegalAction("junta.burglars_no_location", "Burglars name only a victim: they always go to his "
                                "home.")
        location = "home"
    elif location not in LOCATIONS:
        raise IllegalAction("junta.bad_location", "Choose bank, headquarters, home, mistress or night_club.")
    if kind == "secret_police" and location == "bank" and _bank_safe(s):
        raise IllegalAction("junta.bank_safe", "The bank is safe from the Secret Police this turn.")
    if kind == "secret_police":
        s["sp_used"] += 1
    else:
        notes = _payment(s, seat, assassin, design(assassin).cost, a.get("notes"))
        pay_cost(s, seat, assassin, design(assassin).cost, notes)
        remove_from_hand(s, seat, assassin)
        discard_played(s, assassin)
    s["attempts"].append({"by": seat, "assassin": assassin, "victim": victim, "location": location,
                          "resolved": False, "result": None})
    log(s, {"type": "attempt_declared", "by": seat, "assassin": assassin, "victim": victim, "location": location,
            "index": len(s["attempts"]) - 1})


def _payment(s: State, seat: int, card: str, cost: int, notes: Any) -> list[int]:
    """The notes that pay a card's cost (chosen, or the cheapest), checked against the budget lock."""
    from games.junta.common import cost_after_savings

    due, _savers = cost_after_savings(s, seat, card, cost)
    if notes is None:
        chosen = cheapest_payment(s["money"][seat], due)
        if chosen is None:
            raise IllegalAction("junta.cannot_pay", f"You cannot pay {due}M in notes.", amount=due)
        notes = chosen
    if not valid_notes(notes):
        raise IllegalAction("junta.bad_notes", "Name banknotes as a list of values 1, 2 or 3, such as [3, 1].")
    _check_holds(s, seat, notes)
    if sum(notes) < due:
        raise IllegalAction("junta.notes_too_few", f"Those notes do not cover the {due}M to pay.", amount=due)
    _check_budget_lock(s, seat, notes)
    return list(notes)


def _do_end_declarations(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("declarations",))
    f["pos"] += 1
    log(s, {"type": "declarations_ended", "seat": seat})


def _do_decline_protection(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("protect", "squad"))
    log(s, {"type": "protection_declined", "seat": seat})
    STEPS[f["kind"]](s, f, rng)


def _do_surrender_notes(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("surrender",))
    notes = _notes_field(a, allow_empty=True)
    _check_holds(s, seat, notes)
    total = sum(s["money"][seat])
    if (total >= 2 and sum(notes) < 2) or (total < 2 and sorted(notes) != sorted(s["money"][seat])):
        raise IllegalAction("junta.surrender_too_few", "Hand over notes worth at least 2M, or all your notes if you "
                            "hold less.")
    _surrender(s, f, notes)


def _do_stay_in_exile(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("exile_poll",))
    f["pos"] += 1
    log(s, {"type": "stays_in_exile", "seat": seat})


# --- handlers: banking, coup, Phase 9 -------------------------------------------------------------


def _do_deposit(s: State, seat: int, a: Action, rng: Rng) -> None:
    _pending(s, seat, ("banking",))
    notes = _notes_field(a)
    _check_holds(s, seat, notes)
    take_notes(s, seat, notes)
    s["accounts"][seat] = sorted([*s["accounts"][seat], *notes])
    log(s, {"type": "deposit", "seat": seat}, private={"seats": [seat], "notes": notes})


def _do_withdraw(s: State, seat: int, a: Action, rng: Rng) -> None:
    _pending(s, seat, ("banking",))
    notes = _notes_field(a)
    _check_holds(s, seat, notes, account=True)
    account = list(s["accounts"][seat])
    for v in notes:
        account.remove(v)
    s["accounts"][seat] = account
    add_notes(s, seat, notes)
    log(s, {"type": "withdrawal", "seat": seat}, private={"seats": [seat], "notes": notes})


def _do_end_banking(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("banking",))
    f["done"].append(seat)


def _do_start_coup(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("coup_poll",))
    coup_game.start_coup(s, seat, a.get("opening"), rng)
    _pop(s, f)
    log(s, {"type": "coup_started", "leader": seat, "opening": clone(a.get("opening"))})
    _push(s, "coup")


def _do_decline_coup(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("coup_poll",))
    f["pos"] += 1
    log(s, {"type": "coup_declined", "seat": seat})


def _do_firing_squad(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("firing_squad",))
    victim = a.get("victim")
    if victim is not None and (not is_seat(victim, s["n"]) or victim not in f["eligible"] or not is_active(s, victim)):
        raise IllegalAction("junta.bad_squad_victim", "Name a player the firing squad may take, or nobody.")
    _pop(s, f)
    log(s, {"type": "firing_squad", "by": seat, "victim": victim})
    if victim is not None:
        _push(s, "squad", victim=victim, by=seat)


def _do_kill_returnee(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("return",))
    kill = a.get("kill")
    if not isinstance(kill, bool):
        raise IllegalAction("junta.bad_bool", "Answer true or false.")
    log(s, {"type": "returnee_answer", "by": seat, "seat": f["seat"], "kill": kill})
    if not kill:
        _pop(s, f)
        _complete_return(s, f["seat"])
        return
    f["step"] = "protect"
    _push(s, "protect", victim=f["seat"], killer=seat, cause="returnee", attempt=None)


def _do_choose_influence_discard(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = _pending(s, seat, ("influence_discard",))
    card: Any = a.get("card")
    if not isinstance(card, str) or card not in s["influence"][seat]:
        raise IllegalAction("junta.not_in_play", "Name one of your influence cards in play.")
    _pop(s, f)
    _discard_influence(s, seat, card)


# --- handlers: at any time ------------------------------------------------------------------------


def _check_money_giver(s: State, seat: int, notes: list[int]) -> None:
    _check_alive(s, seat)
    _check_not_target(s, seat)
    _check_holds(s, seat, notes)
    _check_budget_lock(s, seat, notes)


def _do_give_money(s: State, seat: int, a: Action, rng: Rng) -> None:
    to = _seat_field(s, a, "to")
    notes = _notes_field(a)
    _check_money_giver(s, seat, notes)
    _check_recipient(s, seat, to)
    take_notes(s, seat, notes)
    add_notes(s, to, notes)
    log(s, {"type": "money_given", "from": seat, "to": to}, private={"seats": [seat, to], "notes": notes})


def _do_discard_money(s: State, seat: int, a: Action, rng: Rng) -> None:
    notes = _notes_field(a)
    _check_money_giver(s, seat, notes)
    take_notes(s, seat, notes)
    to_aid(s, notes)
    log(s, {"type": "money_discarded", "seat": seat}, private={"seats": [seat], "notes": notes})


def _do_give_card(s: State, seat: int, a: Action, rng: Rng) -> None:
    to = _seat_field(s, a, "to")
    card: Any = a.get("card")
    _check_alive(s, seat)
    _check_not_target(s, seat)
    _check_card_gift(s, seat, card)
    _check_recipient(s, seat, to)
    remove_from_hand(s, seat, card)
    _receive_card(s, to, card)
    log(s, {"type": "card_given", "from": seat, "to": to}, private={"seats": [seat, to], "card": card})


def _do_discard_card(s: State, seat: int, a: Action, rng: Rng) -> None:
    card: Any = a.get("card")
    _check_alive(s, seat)
    _check_not_target(s, seat)
    if isinstance(card, str) and card in s["hands"][seat]:
        remove_from_hand(s, seat, card)
        s["discard"].append(card)
        log(s, {"type": "card_discarded", "seat": seat, "card": card})
        return
    if isinstance(card, str) and card in s["influence"][seat]:
        if _find(s, "hand_limit") is None or not _over_limit(s, seat):
            raise IllegalAction("junta.influence_stays", "An influence card stays in play; you may discard it only "
                                "while you are over the Phase 1 hand limit.")
        _discard_influence(s, seat, card)
        return
    raise IllegalAction("junta.card_not_in_hand", "That card is not in your hand.")


def _swap_side(s: State, seat: int, cards: Any, notes: Any) -> tuple[list[str], list[int]]:
    """Check one side of a swap: what `seat` gives (cards from hand, notes)."""
    if not isinstance(cards, list) or len(set(map(str, cards))) != len(cards):
        raise IllegalAction("junta.bad_swap", "Name the cards and notes you give, such as {\"cards\": [...], "
                            "\"notes\": [2]}.")
    if not valid_notes(notes):
        raise IllegalAction("junta.bad_notes", "Name banknotes as a list of values 1, 2 or 3, such as [3, 1].")
    _check_alive(s, seat)
    _check_not_target(s, seat)
    for card in cards:
        _check_card_gift(s, seat, card)
    if notes:
        _check_holds(s, seat, notes)
        _check_budget_lock(s, seat, notes)
    return list(cards), list(notes)


def _swap_valid(s: State, swap: dict[str, Any]) -> bool:
    """Whether a confirmed swap could take place now (both sides still legal)."""
    try:
        _check_recipient(s, swap["from"], swap["to"])
        _swap_side(s, swap["from"], swap["cards"], swap["notes"])
        if swap["answer"] is not None:
            _swap_side(s, swap["to"], swap["answer"]["cards"], swap["answer"]["notes"])
        else:
            _swap_side(s, swap["to"], [], [])
    except IllegalAction:
        return False
    return True


def _swap_of(s: State, a: Action) -> dict[str, Any]:
    swap_id = a.get("swap_id")
    swap = next((w for w in s["swaps"] if w["id"] == swap_id and not isinstance(swap_id, bool)), None)
    if swap is None:
        raise IllegalAction("junta.no_such_swap", "There is no such swap offer.")
    return swap


def _do_offer_swap(s: State, seat: int, a: Action, rng: Rng) -> None:
    to = _seat_field(s, a, "to")
    _check_recipient(s, seat, to)
    cards, notes = _swap_side(s, seat, a.get("cards", []), a.get("notes", []))
    swap = {"id": s["next_swap"], "from": seat, "to": to, "cards": cards, "notes": notes, "answer": None,
            "since": float(s["now"])}
    s["next_swap"] += 1
    s["swaps"].append(swap)
    log(s, {"type": "swap_offered", "id": swap["id"], "from": seat, "to": to}, only=[seat, to],
        private={"seats": [seat, to], "cards": cards, "notes": notes})


def _do_answer_swap(s: State, seat: int, a: Action, rng: Rng) -> None:
    swap = _swap_of(s, a)
    if swap["to"] != seat or swap["answer"] is not None:
        raise IllegalAction("junta.not_your_swap", "Only the two players of a swap may act on it.")
    cards, notes = _swap_side(s, seat, a.get("cards", []), a.get("notes", []))
    swap["answer"] = {"cards": cards, "notes": notes}
    swap["since"] = float(s["now"])
    log(s, {"type": "swap_answered", "id": swap["id"], "from": swap["from"], "to": seat}, only=[swap["from"], seat],
        private={"seats": [swap["from"], seat], "cards": cards, "notes": notes})


def _do_confirm_swap(s: State, seat: int, a: Action, rng: Rng) -> None:
    swap = _swap_of(s, a)
    if swap["from"] != seat or swap["answer"] is None:
        raise IllegalAction("junta.not_your_swap", "Only the two players of a swap may act on it.")
    giver, taker = swap["from"], swap["to"]
    _check_recipient(s, giver, taker)
    _swap_side(s, giver, swap["cards"], swap["notes"])
    _swap_side(s, taker, swap["answer"]["cards"], swap["answer"]["notes"])
    s["swaps"].remove(swap)
    for source, target, side in ((giver, taker, swap), (taker, giver, swap["answer"])):
        for card in side["cards"]:
            remove_from_hand(s, source, card)
            _receive_card(s, target, card)
        take_notes(s, source, side["notes"])
        add_notes(s, target, side["notes"])
    log(s, {"type": "swapped", "a": giver, "b": taker},
        private={"seats": [giver, taker], "gave": {"cards": swap["cards"], "notes": swap["notes"]},
                 "got": clone(swap["answer"])})


def _do_cancel_swap(s: State, seat: int, a: Action, rng: Rng) -> None:
    swap = _swap_of(s, a)
    if seat not in (swap["from"], swap["to"]):
        raise IllegalAction("junta.not_your_swap", "Only the two players of a swap may act on it.")
    s["swaps"].remove(swap)
    log(s, {"type": "swap_cancelled", "id": swap["id"], "by": seat}, only=[swap["from"], swap["to"]])


def _may_resign(s: State, seat: int) -> str | None:
    """Why the President may not resign now (§5.8), or None."""
    if seat != s["president"] or not s["alive"][seat]:
        return "not_president"
    if s["resigned"]:
        return "resigned"
    if _in_coup(s) or _find(s, "coup") is not None:
        return "coup"
    if _in_vote(s) or s["phase"] in (3, 4) or _phase6_locked(s) or s["phase"] == 0:
        return "now"
    if _find(s, "firing_squad") is not None or _find(s, "squad") is not None:
        return "now"  # the coup's consequences: the President who orders the squad stays until it is done
    return None


def _do_resign(s: State, seat: int, a: Action, rng: Rng) -> None:
    why = _may_resign(s, seat)
    if why == "not_president":
        raise IllegalAction("junta.not_president", "Only the President can do that.")
    if why == "resigned":
        raise IllegalAction("junta.resigned_this_turn", "A President has already resigned this turn.")
    if why is not None:
        raise IllegalAction("junta.no_resignation_now", "The President cannot resign during a coup, a vote, Phases "
                            "3-4 or the assassinations.")
    s["resigned"] = True
    log(s, {"type": "resigned", "seat": seat})
    _push_election(s, "resignation", s["owner"], former=seat)


def _do_claim_cousin_office(s: State, seat: int, a: Action, rng: Rng) -> None:
    if seat != s["president"] or not s["alive"][seat]:
        raise IllegalAction("junta.not_president", "Only the President can do that.")
    office = a.get("office")
    if office not in SUB_OFFICES:
        raise IllegalAction("junta.bad_office", "Name an office: interior, general_1, general_2, general_3, admiral "
                            "or air_force.")
    if s["cousin"] is not None:
        raise IllegalAction("junta.cousin_busy", "Your cousin already holds an office.")
    if office_controller(s, office) is not None:
        raise IllegalAction("junta.office_not_vacant", "That office is not vacant.")
    if _in_combat(s):
        raise IllegalAction("junta.combat_no", "Not during a coup's combat segment.")
    s["cousin"] = office
    log(s, {"type": "cousin_placed", "office": office})


def _return_is_safe(s: State, seat: int) -> bool:
    """§5.6 step 1."""
    president = s["president"]
    if president is not None and not s["alive"][president]:
        return True
    if any(f["kind"] == "election" and f["cause"] == "death" for f in s["stack"]):
        return True
    if not minister_usable(s):
        return True
    return _in_coup(s) and coup_game.safe_conduct(s, seat)


def _may_return(s: State, seat: int) -> str | None:
    if not s["alive"][seat] or s["exile"][seat] is None:
        return "not_exiled"
    if s["returned"][seat]:
        return "returned"
    if _in_combat(s) or _phase6_locked(s):
        return "now"
    return None


def _do_return_from_exile(s: State, seat: int, a: Action, rng: Rng) -> None:
    why = _may_return(s, seat)
    if why == "not_exiled":
        raise IllegalAction("junta.not_exiled", "You are not in exile.")
    if why == "returned":
        raise IllegalAction("junta.returned_this_turn", "You have already returned from exile this turn.")
    if why == "now":
        raise IllegalAction("junta.no_return_now", "No return from exile during a coup's combat or the "
                            "assassinations.")
    top = _top(s)
    poll = top is not None and top["kind"] == "exile_poll" and seat in _waits(s, top)
    safe = poll or _return_is_safe(s, seat)  # judged before he is back (a returning Minister is not asked)
    s["returned"][seat] = True
    embassy = s["exile"][seat]
    s["exile"][seat] = None
    log(s, {"type": "returning", "seat": seat, "embassy": embassy})
    if safe:
        _complete_return(s, seat)
    else:
        _push(s, "return", step="ask", seat=seat)


# --- handlers: playing a card ---------------------------------------------------------------------


def _timing_open(s: State, seat: int, timing: str) -> bool:
    """Whether a card of this timing may be played by `seat` now (junta_cards.md, "Timing codes")."""
    top = _top(s)
    kind = top["kind"] if top is not None else None
    if timing == ANY:
        return True
    if timing == POLITICAL:
        return not _in_coup(s)
    if timing == VOTE_TURN:
        return bool(top is not None and kind == "vote" and top["step"] == "turns" and _wait_vote(s, top) == [seat])
    if timing in (AFTER_ROUND_1, AFTER_ROUND_2, PHASE2_START, BUDGET_REJECTED):
        return bool(top is not None and kind == "window" and top["timing"] == timing and is_active(s, seat))
    if timing == PHASE6_DECLARE:
        return bool(top is not None and kind == "declarations" and _wait_declarations(s, top) == [seat])
    if timing == ATTEMPT_HIT:
        return bool(top is not None and kind == "protect" and top["victim"] == seat)
    if timing == FIRING_SQUAD:
        return bool(top is not None and kind == "squad" and top["victim"] == seat)
    if timing == BEFORE_BANKING:
        return 1 <= s["phase"] <= 6
    if timing == BEFORE_COUP:
        return 1 <= s["phase"] <= 7 or (s["phase"] == 8 and s["phase_step"] <= 1)
    return False


def _card_problem(s: State, seat: int, card: Any) -> tuple[str, str] | None:
    """Why `seat` cannot play this card now (a message id and its English words), or None."""
    if not isinstance(card, str) or card not in s["hands"][seat]:
        return N_("junta.card_not_in_hand"), "That card is not in your hand."
    if not s["alive"][seat]:
        return N_("junta.you_are_dead"), "You are dead until the end of the turn."
    if s["exile"][seat] is not None:
        return N_("junta.exile_no_cards"), "Players in exile cannot play cards."
    if _in_combat(s):
        return N_("junta.combat_no"), "Not during a coup's combat segment."
    d = design(card)
    if d.kind == ASSASSIN and ATTEMPT_HIT not in d.timing:
        return N_("junta.declare_instead"), "Assassins are declared with declare_assassination on your Phase 6 turn."
    if d.kind == VOTE:
        return N_("junta.cast_instead"), "Vote cards are cast with cast_vote on your voting turn."
    timings = [t for t in d.timing if t != PHASE6_DECLARE or d.kind != ASSASSIN]
    open_now = [t for t in timings if _timing_open(s, seat, t)]
    if not open_now:
        return N_("junta.wrong_time"), "That card cannot be played now."
    if seat in s["targets"] and not any(t in (ATTEMPT_HIT, FIRING_SQUAD, PHASE6_DECLARE) for t in open_now):
        return N_("junta.you_are_target"), ("You are the target of an attempt or of the firing squad: you cannot "
                                            "do that now.")
    if d.requires is not None and not _has_in_play(s, seat, d.requires):
        return N_("junta.requires_card"), "You need an influence card in play to play that card."
    return None


def _do_play_card(s: State, seat: int, a: Action, rng: Rng) -> None:
    card: Any = a.get("card")
    problem = _card_problem(s, seat, card)
    if problem is not None:
        params: dict[str, Any] = {}
        if problem[0] == "junta.requires_card":
            params["card"] = design(card).requires
        raise IllegalAction(problem[0], problem[1], **params)
    assert isinstance(card, str)
    d = design(card)
    effect = CARD_EFFECTS.get(d.id)
    if d.kind == INFLUENCE:
        remove_from_hand(s, seat, card)
        s["influence"][seat].append(card)
        log(s, {"type": "influence_played", "seat": seat, "card": card})
        return
    if effect is None:
        effect = _effect_pretext if d.id.startswith("pre_") else None
    assert effect is not None, d.id
    effect(s, seat, card, a, rng)


def _played(s: State, seat: int, card: str, **extra: Any) -> None:
    remove_from_hand(s, seat, card)
    discard_played(s, card)
    log(s, {"type": "card_played", "seat": seat, "card": card, **extra})


def _effect_donation(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    _played(s, seat, card)
    note = draw_note(s)
    if note is not None:
        add_notes(s, seat, [note])
    log(s, {"type": "donation", "seat": seat}, only=[seat], private={"seats": [seat], "note": note})


def _other_target(s: State, seat: int, a: Action) -> int:
    target = _seat_field(s, a, "target")
    if target == seat:
        raise IllegalAction("junta.not_yourself", "Choose another player.")
    return target


def _effect_coalition_break(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    target = _other_target(s, seat, a)
    if not s["influence"][target]:
        raise IllegalAction("junta.no_influence", "That player has no influence card in play.",
                            player=seat_ref(target))
    _played(s, seat, card, target=target)
    _push(s, "influence_discard", seat=target, by=seat)


def _effect_spy(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    target = _other_target(s, seat, a)
    _played(s, seat, card, target=target)
    log(s, {"type": "spy_report", "seat": seat, "target": target}, only=[seat],
        private={"seats": [seat], "total": sum(s["accounts"][target])})


def _effect_nothing(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    _played(s, seat, card)


def _effect_no_confidence(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    if seat == s["president"]:
        raise IllegalAction("junta.not_by_president", "The President cannot play that card.")
    _played(s, seat, card)
    _push(s, "no_confidence", by=seat)


def _effect_bank_holiday(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    _played(s, seat, card)
    s["bank"] = "holiday"


def _effect_pretext(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    _played(s, seat, card)
    s["pretext"] = True


def _window_parent(s: State, kind: str) -> Frame:
    """The frame under the open window (the vote or the budget it belongs to)."""
    assert len(s["stack"]) >= 2 and s["stack"][-2]["kind"] == kind, "junta: a window without its owner"
    frame: Frame = s["stack"][-2]
    return frame


def _close_window(s: State) -> None:
    top = _top(s)
    assert top is not None and top["kind"] == "window"
    _pop(s, top)


def _effect_alternative_budget(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    if seat == s["president"]:
        raise IllegalAction("junta.not_by_president", "The President cannot play that card.")
    budget = _window_parent(s, "budget")
    _played(s, seat, card)
    budget["alt"] = seat
    _close_window(s)


def _effect_cut(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    vote = _window_parent(s, "vote")
    _played(s, seat, card)
    vote["cut"] = True
    _close_window(s)


def _effect_recount(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    vote = _window_parent(s, "vote")
    _played(s, seat, card)
    vote["recount"] = True
    _close_window(s)


def _effect_church_looting(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    f = _top(s)
    assert f is not None and f["kind"] == "vote"
    choice = a.get("choice")
    if choice not in _choices(f) or isinstance(choice, bool):
        raise IllegalAction("junta.bad_choice", "Vote for a remaining candidate, or yes or no in a motion.")
    _played(s, seat, card, choice=choice)
    votes = design(card).votes
    f["casts"].append({"seat": seat, "source": {"card": card}, "choice": choice, "votes": votes})
    log(s, {"type": "vote_cast", "seat": seat, "source": {"card": card}, "choice": choice, "votes": votes})


def _effect_reform_demand(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    f = _top(s)
    assert f is not None and f["kind"] == "vote"
    used = _used_keys(f)
    taken = [c for x in range(s["n"]) if x != seat for c in s["influence"][x]
             if design(c).votes <= REFORM_MAX_VOTES and f"card:{c}" not in used and not _controlled_by_other(f, x, c)]
    _played(s, seat, card, controlled=taken)
    f["controlled"][str(seat)] = [*f["controlled"].get(str(seat), []), *taken]


def _effect_secret_police_extra(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    if minister(s) != seat:
        raise IllegalAction("junta.not_minister", "Only the Minister of the Interior, holding the office in person, "
                            "commands the Secret Police.")
    notes = _payment(s, seat, card, design(card).cost, a.get("notes"))
    pay_cost(s, seat, card, design(card).cost, notes)
    _played(s, seat, card)
    s["sp_allowed"] += 1


def _effect_protection(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    f = _top(s)
    assert f is not None and f["kind"] == "protect"
    cost = design(card).cost
    if cost:
        notes = _payment(s, seat, card, cost, a.get("notes"))
        pay_cost(s, seat, card, cost, notes)
    _played(s, seat, card)
    _protected(s, f, card)


def _effect_nuncio(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    f = _top(s)
    assert f is not None and f["kind"] == "squad"
    _played(s, seat, card)
    _pop(s, f)
    log(s, {"type": "spared", "seat": seat})


CARD_EFFECTS: Final[dict[str, Any]] = {
    "don_secret_donation": _effect_donation,
    "evt_coalition_break": _effect_coalition_break,
    "evt_spy_switzerland": _effect_spy,
    "evt_student_petition": _effect_nothing,
    "evt_no_confidence": _effect_no_confidence,
    "evt_bank_holiday": _effect_bank_holiday,
    "evt_alternative_budget": _effect_alternative_budget,
    "evt_power_cut": _effect_cut,
    "evt_summer_recess": _effect_cut,
    "evt_recount": _effect_recount,
    "evt_church_looting": _effect_church_looting,
    "evt_reform_demand": _effect_reform_demand,
    "evt_secret_police_extra": _effect_secret_police_extra,
    "evt_nuncio": _effect_nuncio,
    "brb_assassin": _effect_protection,
    "asn_monarchist": _effect_protection,
    "pre_un_condemnation": _effect_pretext,
    "pre_carnival": _effect_pretext,
    "pre_border_incident": _effect_pretext,
}

HANDLERS: Final[dict[str, Any]] = {
    "nominate": _do_nominate, "cast_vote": _do_cast_vote, "pass_vote": _do_pass_vote,
    "accept_candidacy": _do_accept_candidacy, "refuse_candidacy": _do_refuse_candidacy, "break_tie": _do_break_tie,
    "junta_vote": _do_junta_vote, "ready": _do_ready, "assign_offices": _do_assign_offices,
    "propose_budget": _do_propose_budget, "pay_budget": _do_pay_budget, "occupy_parliament": _do_occupy_parliament,
    "keep_note": _do_keep_note, "choose_location": _do_choose_location, "go_into_exile": _do_go_into_exile,
    "declare_assassination": _do_declare_assassination, "end_declarations": _do_end_declarations,
    "decline_protection": _do_decline_protection, "surrender_notes": _do_surrender_notes,
    "stay_in_exile": _do_stay_in_exile, "deposit": _do_deposit, "withdraw": _do_withdraw,
    "end_banking": _do_end_banking, "start_coup": _do_start_coup, "decline_coup": _do_decline_coup,
    "firing_squad": _do_firing_squad, "kill_returnee": _do_kill_returnee,
    "choose_influence_discard": _do_choose_influence_discard, "give_money": _do_give_money,
    "discard_money": _do_discard_money, "give_card": _do_give_card, "discard_card": _do_discard_card,
    "offer_swap": _do_offer_swap, "answer_swap": _do_answer_swap, "confirm_swap": _do_confirm_swap,
    "cancel_swap": _do_cancel_swap, "play_card": _do_play_card, "resign": _do_resign,
    "claim_cousin_office": _do_claim_cousin_office, "return_from_exile": _do_return_from_exile,
}

GAME = Junta()
