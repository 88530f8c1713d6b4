"""Phases 8 and 9 around the coup sub-game of games/junta/coup.py (§6.8, §6.9): the coup poll, the
coup's frame, the Junta election (§4.4) and the firing squad.
"""

from __future__ import annotations

from collections import Counter

from games.core.data import clone
from games.core.protocol import IllegalAction, Rng
from games.junta import coup as coup_game
from games.junta.checks import pending, seat_field
from games.junta.common import clockwise_from, is_active, is_seat, log
from games.junta.frames import Action, Frame, State, pop_frame, push_frame
from games.junta.readers import junta_members
from games.junta.votes import install_president


def step_coup_poll(s: State, f: Frame, rng: Rng) -> None:
    if f["pos"] < len(f["order"]):
        f["pos"] += 1
    else:
        pop_frame(s, f)
        log(s, {"type": "no_coup"})


def step_coup(s: State, f: Frame, rng: Rng) -> None:
    if not coup_game.coup_over(s):
        raise AssertionError("junta: the coup waits on nobody and is not over")
    pop_frame(s, f)
    coup = s["coup"]
    log(s, {"type": "coup_result", "winner": coup["winner"], "sides": dict(coup["sides"])})


def push_firing_squad(s: State, by: int | None, eligible: list[int]) -> None:
    if by is None or not eligible:
        return
    push_frame(s, "firing_squad", by=by, eligible=eligible)


def step_firing_squad(s: State, f: Frame, rng: Rng) -> None:
    pop_frame(s, f)
    log(s, {"type": "firing_squad", "by": f["by"], "victim": None})


def push_junta(s: State) -> None:
    coup = s["coup"]
    members = junta_members(s)
    if not members:  # nobody can form a Junta: the President stays (§8.10)
        log(s, {"type": "no_junta"})
        return
    leader = coup["leader"]
    order = [x for x in clockwise_from(s, leader) if x in members]
    push_frame(s, "junta", members=members, order=order, pos=0, votes={}, tiebreak=None, step="votes")
    log(s, {"type": "junta_vote_opened", "members": members})


def step_junta(s: State, f: Frame, rng: Rng) -> None:
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
        push_frame(s, "tiebreak", chooser=breaker, choices=tied, motion="junta", choice=None)
        return
    _junta_elects(s, f, f["tiebreak"])


def _junta_elects(s: State, f: Frame, winner: int) -> None:
    pop_frame(s, f)
    former = s["president"]
    log(s, {"type": "junta_result", "votes": dict(f["votes"]), "winner": winner})
    install_president(s, "coup", winner, former)
    push_firing_squad(s, winner, [x for x in range(s["n"]) if x != winner and is_active(s, x)])


def do_junta_vote(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("junta",))
    candidate = seat_field(s, a, "candidate")
    if candidate not in f["members"]:
        raise IllegalAction("junta.not_junta_member", "Vote for a member of the Junta.")
    f["votes"][str(seat)] = candidate
    f["pos"] += 1
    log(s, {"type": "junta_vote", "seat": seat, "candidate": candidate})


def do_start_coup(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("coup_poll",))
    coup_game.start_coup(s, seat, a.get("opening"), rng)
    pop_frame(s, f)
    log(s, {"type": "coup_started", "leader": seat, "opening": clone(a.get("opening"))})
    push_frame(s, "coup")


def do_decline_coup(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("coup_poll",))
    f["pos"] += 1
    log(s, {"type": "coup_declined", "seat": seat})


def do_firing_squad(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("firing_squad",))
    victim = a.get("victim")
    if victim is not None and (not is_seat(victim, s["n"]) or victim not in f["eligible"] or not is_active(s, victim)):
        raise IllegalAction("junta.bad_squad_victim", "Name a player the firing squad may take, or nobody.")
    pop_frame(s, f)
    log(s, {"type": "firing_squad", "by": seat, "victim": victim})
    if victim is not None:
        push_frame(s, "squad", victim=victim, by=seat)
