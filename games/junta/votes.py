"""§4 Votes: card windows (§4.5), presidential elections (§4.2: nominations, refusals, two rounds,
ties), motions (§4.3: budget, alternative budget, no confidence), the counting of votes, tie-breaks,
the change of President (§5.7), and the handlers of a voting turn.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.data import clone
from games.core.messages import seat_ref
from games.core.protocol import IllegalAction, Rng
from games.junta.cards import AFTER_ROUND_1, AFTER_ROUND_2, DEAL, INFLUENCE, VOTE, design
from games.junta.checks import pending, seat_field
from games.junta.common import (
    SUB_OFFICES,
    active_players,
    add_notes,
    clockwise_from,
    draw_cards,
    draw_note,
    left_of,
    log,
    remove_from_hand,
)
from games.junta.frames import NO, YES, Action, Frame, State, end_game, find_frame, pop_frame, push_frame, top_frame
from games.junta.readers import (
    eligible_candidates,
    first_active_from,
    refusal_order,
    source_key,
    tally,
    vote_choices,
    vote_sources,
)

MOTIONS: Final = ("budget", "alt_budget", "no_confidence")


TIE_DRAW_AFTER: Final = 3  # tied ballots in a row after which a later election is drawn by lot (§4.2)


def push_window(s: State, timing: str) -> None:
    push_frame(s, "window", timing=timing, ready=[])
    log(s, {"type": "window", "timing": timing})


def step_window(s: State, f: Frame, rng: Rng) -> None:
    pop_frame(s, f)


def push_election(s: State, cause: str, opener: int, former: int | None = None) -> None:
    excluded = [former] if cause == "no_confidence" and former is not None else []
    push_frame(s, "election", step="ballot", cause=cause, opener=opener, office_votes=cause != "first",
          excluded=excluded, ties=0, former=former)
    log(s, {"type": "election", "cause": cause, "opener": opener})


def step_election(s: State, f: Frame, rng: Rng) -> None:
    if f["step"] == "ballot":
        opener = first_active_from(s, f["opener"])
        if opener is None:  # nobody can vote now: the election waits for the next turn (§7.4)
            s["postponed_election"] = f["opener"]
            pop_frame(s, f)
            return
        f["step"] = "count"
        push_vote(s, "election", opener, f["office_votes"], f["excluded"])
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
            pop_frame(s, f)
            return
        winner = pool[rng.randint(0, len(pool) - 1)]
        log(s, {"type": "election_drawn", "pool": pool, "winner": winner})
    pop_frame(s, f)
    install_president(s, f["cause"], winner, f["former"])


def _first_election_tie(s: State, rng: Rng) -> None:
    """§4.2 step 7: every player discards all his political cards and is dealt 5 new ones; the owner
    draws a note, or the game ends when none is left."""
    for seat in range(s["n"]):
        s["discard"].extend(s["hands"][seat])
        s["discard"].extend(s["influence"][seat])
        s["hands"][seat], s["influence"][seat] = [], []
    for seat in range(s["n"]):
        got = draw_cards(s, seat, DEAL, rng)
        log(s, {"type": "cards_dealt", "seat": seat, "count": len(got)}, private={"seats": [seat], "cards": got})
    note = draw_note(s)
    if note is None:
        end_game(s, "first_election_no_note")
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


def install_president(s: State, cause: str, winner: int, former: int | None) -> None:
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
    locations = find_frame(s, "locations")
    if locations is not None:
        # §6.5: an exile choice of the new President is void; the former President may choose anew.
        chosen = locations["chosen"].get(str(winner))
        if chosen is not None and "embassy" in chosen:
            del locations["chosen"][str(winner)]
        if former is not None and former != winner:
            locations["may_replace"] = former


def push_vote(s: State, motion: str, first: int, office_votes: bool, excluded: list[int] | tuple[int, ...] = ()
               ) -> None:
    push_frame(s, "vote", step="turns", motion=motion, first=first, order=clockwise_from(s, first), round=1, pos=0,
          office_votes=office_votes, candidates=[], refused=[], excluded=list(excluded), refusal_pos=0,
          refusals_done=False, nominations=motion == "election", casts=[], controlled={}, held=[],
          cut=False, recount=False, tiebreak=None)
    log(s, {"type": "vote_opened", "motion": motion, "first": first})


def step_vote(s: State, f: Frame, rng: Rng) -> None:
    step = f["step"]
    if step == "turns":
        if f["pos"] < len(f["order"]):  # an inactive player's turn is skipped
            f["pos"] += 1
        elif f["round"] == 1 and f["motion"] == "election" and not f["refusals_done"]:
            f["step"], f["refusal_pos"] = "refusals", 0
        else:
            f["step"] = "window1" if f["round"] == 1 else "window2"
    elif step == "refusals":
        if f["refusal_pos"] < len(refusal_order(s, f)):
            f["refusal_pos"] += 1  # an inactive candidate stands (his answer's default)
        else:
            f["refusals_done"] = True
            f["step"] = "window1"
    elif step == "window1":
        f["step"] = "after1"
        push_window(s, AFTER_ROUND_1)
    elif step == "after1":
        if f["cut"]:
            f["step"] = "count"
        else:
            f["round"], f["pos"], f["step"] = 2, 0, "turns"
    elif step == "window2":
        f["step"] = "after2"
        push_window(s, AFTER_ROUND_2)
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


def _count_vote(s: State, f: Frame) -> None:
    totals = tally(f)
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
        push_frame(s, "tiebreak", chooser=chooser, choices=[YES, NO], motion=f["motion"], choice=None)


def _finish_vote(s: State, f: Frame, result: dict[str, Any]) -> None:
    s["discard"].extend(f["held"])
    f["held"] = []
    totals = tally(f)
    record = {"motion": f["motion"], "tally": totals, "casts": clone(f["casts"]),
              "candidates": list(f["candidates"]), "refused": list(f["refused"]),
              "winner": None, "tied": [], "passed": None, **result}
    s["last_vote"] = record
    pop_frame(s, f)
    log(s, {"type": "vote_result", **{k: clone(v) for k, v in record.items() if k != "casts"}})


def tiebreak_default(s: State, f: Frame) -> Any:
    if f["motion"] == "junta":
        chooser = f["chooser"]
        if chooser in f["choices"]:
            return chooser
        return next((x for x in clockwise_from(s, chooser) if x in f["choices"]), f["choices"][0])
    return YES if f["motion"] == "budget" else NO


def step_tiebreak(s: State, f: Frame, rng: Rng) -> None:
    choice = f["choice"] if f["choice"] is not None else tiebreak_default(s, f)
    pop_frame(s, f)
    parent = top_frame(s)
    assert parent is not None
    parent["tiebreak"] = choice
    log(s, {"type": "tie_broken", "by": f["chooser"], "choice": choice})


def _use_source(s: State, f: Frame, seat: int, source: Any, choice: Any) -> None:
    """Cast one source for a choice: checks it is the seat's and unused, then records it."""
    if not isinstance(source, dict) or len(source) != 1:
        raise IllegalAction("junta.bad_source", 'Name one vote source, such as {"card": "inf_church#1"} or '
                            '{"office": "admiral"}.')
    offered = vote_sources(s, f, seat)
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


def step_no_confidence(s: State, f: Frame, rng: Rng) -> None:
    if f["step"] == "start":
        f["step"] = "voted"
        push_vote(s, "no_confidence", s["president"], True)
        return
    pop_frame(s, f)
    if s["last_vote"]["passed"]:
        removed = s["president"]
        s["president"] = None
        log(s, {"type": "president_removed", "seat": removed})
        push_election(s, "no_confidence", left_of(s, removed), former=removed)


def do_nominate(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("vote:turns",))
    if f["motion"] != "election" or not f["nominations"] or f["round"] != 1:
        raise IllegalAction("junta.no_nominations", "Candidates are nominated only in round 1 of an election.")
    candidate = seat_field(s, a, "candidate")
    if candidate in f["candidates"]:
        raise IllegalAction("junta.already_candidate", "That player is already a candidate in this ballot.")
    if candidate not in eligible_candidates(s, f):
        raise IllegalAction("junta.not_eligible", "That player cannot be a candidate in this election.",
                            player=seat_ref(candidate))
    sources = a.get("sources")
    if not isinstance(sources, list) or not sources:
        raise IllegalAction("junta.nominate_needs_vote", "A nomination must carry at least one of your vote sources, "
                            "cast for the candidate.")
    if len({source_key(x) if isinstance(x, dict) else repr(x) for x in sources}) != len(sources):
        raise IllegalAction("junta.bad_source", 'Name one vote source, such as {"card": "inf_church#1"} or '
                            '{"office": "admiral"}.')
    f["candidates"].append(candidate)
    log(s, {"type": "nominated", "seat": seat, "candidate": candidate})
    for source in sources:
        _use_source(s, f, seat, source, candidate)


def do_cast_vote(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("vote:turns",))
    choice = a.get("choice")
    if choice not in vote_choices(f) or isinstance(choice, bool):
        raise IllegalAction("junta.bad_choice", "Vote for a remaining candidate, or yes or no in a motion.")
    _use_source(s, f, seat, a.get("source"), choice)


def do_pass_vote(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("vote:turns",))
    f["pos"] += 1
    log(s, {"type": "vote_passed", "seat": seat})


def do_accept_candidacy(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("vote:refusals",))
    f["refusal_pos"] += 1
    log(s, {"type": "candidacy_accepted", "seat": seat})


def do_refuse_candidacy(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("vote:refusals",))
    f["refused"].append(seat)
    f["refusal_pos"] += 1
    log(s, {"type": "candidacy_refused", "seat": seat})


def do_break_tie(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("tiebreak",))
    choice = a.get("choice")
    if choice not in f["choices"] or isinstance(choice, bool):
        raise IllegalAction("junta.bad_tiebreak", "Choose one of the tied options.")
    f["choice"] = choice


def do_ready(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("window",))
    f["ready"].append(seat)
