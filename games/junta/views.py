"""view(state, seat) for Junta: exactly what junta.md §11 lets that player (or everyone) know.

Public: seats, families, the owner, who is alive, dead or in exile (and where), offices and the
cousin, influence cards in play with their values, hand sizes, the discard pile and the deck's size,
every vote, declaration and result, the markers, revealed locations, the coup. Never: a note's
value or a count of anyone's notes (except the budget's amounts and the 8 notes drawn), the aid
deck's size, a hand, an unrevealed location. A seat adds its own hand, notes, account, location and
swaps, and the private side of the events it took part in.
"""

from __future__ import annotations

from typing import Any

from games.core.actions import check_seat
from games.core.data import clone
from games.junta import coup as coup_game
from games.junta.common import OFFICES, SUB_OFFICES, is_active, office_controller
from games.junta.frames import Frame, State
from games.junta.readers import (
    bank_safe,
    card_votes,
    decision,
    decision_deadline,
    decision_of,
    tally,
    vote_sources,
    waiting,
)
from games.junta.view_types import JuntaView, LogEvent, Pending, Player, Vote


def _log_for(s: State, seat: int | None) -> list[LogEvent]:
    """The events this seat may see, each numbered (`id`: its place among all events ever logged, so
    the events an action added are those above the previous view's `log_count`)."""
    shown: list[dict[str, Any]] = []
    first = s["log_count"] - len(s["log"]) + 1
    for number, event in enumerate(s["log"], start=first):
        only = event.get("only")
        if only is not None and (seat is None or seat not in only):
            continue
        copy = {"id": number, **event}
        copy.pop("only", None)
        private = copy.pop("private", None)
        if private is not None and seat is not None and seat in private["seats"]:
            copy.update({k: v for k, v in private.items() if k != "seats"})
        shown.append(copy)
    # One deep copy of the whole list (the events' values are shared with the state until here).
    copied: list[LogEvent] = clone(shown)
    return copied


def _pending(s: State, seat: int | None, frame: Frame | None, seats: list[int]) -> Pending | None:
    if frame is None:
        return None
    pending: Pending = {"type": decision_of(frame), "seats": list(seats)}
    kind = frame["kind"]
    if kind == "vote":
        pending["vote"] = _vote_view(s, frame)
        if seat is not None and seat in seats and frame["step"] == "turns":
            pending["my_sources"] = [{"source": clone(src), "votes": v} for src, v in vote_sources(s, frame, seat)]
    elif kind == "window":
        pending["timing"] = frame["timing"]
        pending["ready"] = list(frame["ready"])
    elif kind == "tiebreak":
        pending["choices"] = list(frame["choices"])
        pending["motion"] = frame["motion"]
    elif kind in ("protect", "squad", "surrender"):
        pending["victim"] = frame["victim"]
        pending["cause"] = str(frame.get("cause", kind))
    elif kind == "firing_squad":
        pending["eligible"] = list(frame["eligible"])
    elif kind == "junta":
        pending["members"] = list(frame["members"])
        pending["votes"] = dict(frame["votes"])
    elif kind == "return":
        pending["returnee"] = frame["seat"]
    elif kind == "influence_discard":
        pending["by"] = frame["by"]
    elif kind in ("locations", "banking"):
        done = frame["chosen"] if kind == "locations" else frame["done"]
        pending["done"] = sorted(int(x) for x in done)
    elif kind == "declarations" and seat is not None:
        pending["secret_police_left"] = max(0, s["sp_allowed"] - s["sp_used"])
    return pending


def _vote_view(s: State, f: Frame) -> Vote:
    order = f["order"]
    return {
        "motion": f["motion"], "round": f["round"], "step": f["step"], "first": f["first"],
        "voter": order[f["pos"]] if f["step"] == "turns" and f["pos"] < len(order) else None,
        "candidates": list(f["candidates"]), "refused": list(f["refused"]), "casts": clone(f["casts"]),
        "tally": tally(f), "office_votes": f["office_votes"], "nominations": f["nominations"],
        "controlled": clone(f["controlled"]),
    }


def view(s: State, seat: int | None) -> JuntaView:
    check_seat(seat, s["n"])  # None or 0..n-1: not -1 (the last seat), n, True, 1.0 or "0" (core.not_a_seat)
    frame, seats = waiting(s)
    vote = next((f for f in reversed(s["stack"]) if f["kind"] == "vote"), None)
    budget = next((f for f in reversed(s["stack"]) if f["kind"] == "budget"), None)
    controllers = {o: office_controller(s, o) for o in OFFICES}
    players: list[Player] = []
    for x in range(s["n"]):
        players.append({
            "seat": x, "family": s["families"][x], "alive": s["alive"][x], "exile": s["exile"][x],
            "active": is_active(s, x), "hand_count": len(s["hands"][x]),
            "influence": [{"card": c, "votes": card_votes(s, x, c)} for c in s["influence"][x]],
            "offices": [o for o in OFFICES if controllers[o] == x],
            "holds": [o for o in SUB_OFFICES if s["offices"][o] == x],
            "location": s["location"][x] if s["revealed"] else None,
            "target": x in s["targets"], "returned": s["returned"][x],
            "rebel": bool(s["coup"] is not None and s["coup"]["rebels"][x]),
        })
    shown: JuntaView = {
        "game": "junta", "n": s["n"], "owner": s["owner"], "turn": s["turn"], "phase": s["phase"],
        "markers": {"pretext": s["pretext"], "bank": s["bank"], "bank_safe": bank_safe(s),
                    "occupied": s["occupied"]},
        "options": clone(s["options"]),
        "president": s["president"], "offices": clone(s["offices"]), "cousin": s["cousin"],
        "controllers": controllers,
        "vacant": [o for o in SUB_OFFICES if controllers[o] is None],
        "players": players, "deck_count": len(s["deck"]), "discard": list(s["discard"]),
        "to_act": sorted(seats), "pending": _pending(s, seat, frame, seats),
        "decision": decision(s, (frame, seats)),
        "vote": _vote_view(s, vote) if vote is not None else None,
        "last_vote": clone(s["last_vote"]),
        "budget": ({"proposer": budget["proposer"], "amounts": dict(budget["amounts"]), "step": budget["step"],
                    "alternative": budget["alt"]} if budget is not None else None),
        "attempts": [{"by": a["by"], "assassin": a["assassin"], "victim": a["victim"], "location": a["location"],
                      "resolved": a["resolved"], "result": a["result"]} for a in s["attempts"]],
        "coup": coup_game.coup_view(s, seat),
        "deadline": decision_deadline(s, (frame, seats)),  # not a swap's: swaps are private to their two players
        "result": clone(s["result"]),
        "log": _log_for(s, seat),
        "log_count": s["log_count"],
    }
    if seat is not None:
        chosen = None
        if frame is not None:
            locations = next((f for f in s["stack"] if f["kind"] == "locations"), None)
            if locations is not None:
                chosen = clone(locations["chosen"].get(str(seat)))
        shown["you"] = seat
        shown["hand"] = list(s["hands"][seat])
        shown["money"] = list(s["money"][seat])
        shown["account"] = list(s["accounts"][seat])
        shown["location"] = s["location"][seat]
        shown["location_choice"] = chosen
        shown["swaps"] = [clone(w) for w in s["swaps"] if seat in (w["from"], w["to"])]
        limit = s["options"]["decision_timer"]
        shown["swap_deadlines"] = {str(w["id"]): float(w["since"]) + limit for w in shown["swaps"]}
    return shown
