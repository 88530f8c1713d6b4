"""Phases 5 and 6 (§6.5, §7): locations and exile, declarations, the reveal's resolution of each
attempt, protection, death (§5.4), burglary, and the exiles' poll after the President's death.
"""

from __future__ import annotations

from typing import Any

from games.core.messages import seat_ref
from games.core.protocol import IllegalAction, Rng
from games.junta.cards import ASSASSIN, design, design_id
from games.junta.checks import check_holds, notes_field, payment, pending, seat_field
from games.junta.common import (
    EMBASSIES,
    LOCATIONS,
    active_players,
    add_notes,
    discard_played,
    go_into_exile,
    is_active,
    left_of,
    log,
    minister,
    pay_cost,
    remove_from_hand,
    take_notes,
    to_aid,
)
from games.junta.frames import Action, Frame, State, pop_frame, push_frame, top_frame
from games.junta.readers import bank_safe, has_in_play, surrender_default
from games.junta.votes import push_election


def step_locations(s: State, f: Frame, rng: Rng) -> None:
    pop_frame(s, f)
    for seat in range(s["n"]):
        chosen = f["chosen"].get(str(seat))
        if chosen is None or not is_active(s, seat):
            continue
        if "embassy" in chosen:
            go_into_exile(s, seat, chosen["embassy"])
        else:
            s["location"][seat] = chosen["location"]
    log(s, {"type": "locations_chosen"})


def step_declarations(s: State, f: Frame, rng: Rng) -> None:
    if f["pos"] < len(f["order"]):
        f["pos"] += 1
    else:
        pop_frame(s, f)


def step_resolution(s: State, f: Frame, rng: Rng) -> None:
    attempts = s["attempts"]
    while f["index"] < len(attempts) and attempts[f["index"]]["resolved"]:
        f["index"] += 1
    if f["index"] >= len(attempts):
        pop_frame(s, f)
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
            push_frame(s, "surrender", victim=victim, to=by, attempt=index)
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
            push_frame(s, "protect", victim=by, killer=None, cause="backfire", attempt=index)
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
    push_frame(s, "protect", victim=victim, killer=by, cause="attempt", attempt=index)


def step_protect(s: State, f: Frame, rng: Rng) -> None:
    _unprotected(s, f)


def protected(s: State, f: Frame, card: str) -> None:
    pop_frame(s, f)
    if f["attempt"] is not None:
        a = s["attempts"][f["attempt"]]
        a["resolved"], a["result"] = True, "protected"
    log(s, {"type": "protected", "seat": f["victim"], "card": card, "cause": f["cause"]})


def _unprotected(s: State, f: Frame) -> None:
    pop_frame(s, f)
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


def step_surrender(s: State, f: Frame, rng: Rng) -> None:
    _surrender(s, f, surrender_default(s["money"][f["victim"]]))


def _surrender(s: State, f: Frame, notes: list[int]) -> None:
    pop_frame(s, f)
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


def step_exile_poll(s: State, f: Frame, rng: Rng) -> None:
    if not active_players(s) and f["pos"] < len(f["order"]):
        f["pos"] += 1
        return
    pop_frame(s, f)
    president = s["president"]
    assert president is not None
    if active_players(s):
        push_election(s, "death", left_of(s, president), former=president)
    else:
        s["postponed_election"] = left_of(s, president)


def step_squad(s: State, f: Frame, rng: Rng) -> None:
    pop_frame(s, f)
    if s["alive"][f["victim"]]:
        _kill(s, f["victim"], f["by"], "firing_squad")


def _locations_frame(s: State, seat: int) -> Frame:
    top = top_frame(s)
    if top is not None and top["kind"] == "locations" and top["may_replace"] == seat and is_active(s, seat):
        top["may_replace"] = None
        return top
    return pending(s, seat, ("locations",))


def do_choose_location(s: State, seat: int, a: Action, rng: Rng) -> None:
    location = a.get("location")
    if location not in LOCATIONS:
        raise IllegalAction("junta.bad_location", "Choose bank, headquarters, home, mistress or night_club.")
    f = _locations_frame(s, seat)
    f["chosen"][str(seat)] = {"location": location}
    log(s, {"type": "location_chosen", "seat": seat}, private={"seats": [seat], "location": location})


def do_go_into_exile(s: State, seat: int, a: Action, rng: Rng) -> None:
    embassy = a.get("embassy")
    if embassy not in EMBASSIES:
        raise IllegalAction("junta.bad_embassy", "Choose superpower_embassy or swiss_embassy.")
    if seat == s["president"]:
        raise IllegalAction("junta.president_no_exile", "The President cannot go into exile: he must resign first.")
    f = _locations_frame(s, seat)
    f["chosen"][str(seat)] = {"embassy": embassy}
    log(s, {"type": "location_chosen", "seat": seat}, private={"seats": [seat], "embassy": embassy})


def do_declare_assassination(s: State, seat: int, a: Action, rng: Rng) -> None:
    pending(s, seat, ("declarations",))
    assassin = a.get("assassin")
    victim = seat_field(s, a, "victim")
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
        if d.requires is not None and not has_in_play(s, seat, d.requires):
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
    if kind == "secret_police" and location == "bank" and bank_safe(s):
        raise IllegalAction("junta.bank_safe", "The bank is safe from the Secret Police this turn.")
    if kind == "secret_police":
        s["sp_used"] += 1
    else:
        notes = payment(s, seat, assassin, design(assassin).cost, a.get("notes"))
        pay_cost(s, seat, assassin, design(assassin).cost, notes)
        remove_from_hand(s, seat, assassin)
        discard_played(s, assassin)
    s["attempts"].append({"by": seat, "assassin": assassin, "victim": victim, "location": location,
                          "resolved": False, "result": None})
    log(s, {"type": "attempt_declared", "by": seat, "assassin": assassin, "victim": victim, "location": location,
            "index": len(s["attempts"]) - 1})


def do_end_declarations(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("declarations",))
    f["pos"] += 1
    log(s, {"type": "declarations_ended", "seat": seat})


def do_decline_protection(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("protect", "squad"))
    log(s, {"type": "protection_declined", "seat": seat})
    (step_protect if f["kind"] == "protect" else step_squad)(s, f, rng)


def do_surrender_notes(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("surrender",))
    notes = notes_field(a, allow_empty=True)
    check_holds(s, seat, notes)
    total = sum(s["money"][seat])
    if (total >= 2 and sum(notes) < 2) or (total < 2 and sorted(notes) != sorted(s["money"][seat])):
        raise IllegalAction("junta.surrender_too_few", "Hand over notes worth at least 2M, or all your notes if you "
                            "hold less.")
    _surrender(s, f, notes)


def do_stay_in_exile(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("exile_poll",))
    f["pos"] += 1
    log(s, {"type": "stays_in_exile", "seat": seat})
