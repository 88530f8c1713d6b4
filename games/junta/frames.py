"""The procedure's stack of frames (docs/junta-state.md §3): the decisions a frame may wait on and
what each accepts (`ANSWERS`, `ANYTIME`, `HINT`), pushing and popping frames, and the end of the
game (`end_game` raises `Halt`, which the driver catches).
"""

from __future__ import annotations

from typing import Any, Final

from games.core.messages import N_
from games.junta.common import log

State = dict[str, Any]
Action = dict[str, Any]
Frame = dict[str, Any]


YES: Final = "yes"
NO: Final = "no"


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


def top_frame(s: State) -> Frame | None:
    return s["stack"][-1] if s["stack"] else None


def find_frame(s: State, kind: str) -> Frame | None:
    for frame in reversed(s["stack"]):
        if frame["kind"] == kind:
            return frame
    return None


def push_frame(s: State, kind: str, step: str = "start", **fields: Any) -> Frame:
    frame: Frame = {"id": s["next_frame"], "kind": kind, "step": step, **fields}
    s["next_frame"] += 1
    s["stack"].append(frame)
    return frame


def pop_frame(s: State, frame: Frame) -> None:
    assert s["stack"] and s["stack"][-1] is frame, "junta: popping a frame that is not on top"
    s["stack"].pop()


def end_game(s: State, reason: str) -> None:
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
