"""The coup's driver: `advance` runs the automatic steps after every act until the coup waits on a
player again (or is over); `_label` names the decision it waits on, and `coup_decision_key` changes
whenever that decision changes, so the engine restarts the clock. `HANDLERS` maps each coup action to
its handler, `coup_timeout` applies §10's defaults, and `coup_to_act` says whom the coup waits on.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.messages import N_
from games.core.protocol import Rng
from games.junta import common
from games.junta.board import AIR_STRIKE_DICE, GUNBOAT_DICE
from games.junta.coup.combat import (
    attack_options,
    auto_casualties,
    bombard_options,
    declarers,
    default_retreat,
    do_allow_stay,
    do_choose_casualties,
    do_declare_attack,
    do_declare_bombardment,
    do_end_declaration,
    do_fire,
    do_permit_retreat,
    do_retreat,
    do_set_order,
    finish_stay,
    order_chooser,
    remove,
    resolve_wave,
    retreat,
    retreat_destinations,
    start_retreats,
    wave_players,
)
from games.junta.coup.movement import (
    do_answer,
    do_end_movement,
    do_exile,
    do_land,
    do_move_helicopter,
    do_move_units,
    do_play_card,
    do_police_reaction,
    do_propose,
    do_safe_conduct,
    do_transfer,
    police_of,
    proposal_waits,
    turn_for,
)
from games.junta.coup.sides import do_choose_side, finish, sides_seat, start_sides
from games.junta.coup.state import start_phase
from games.junta.coup.units import HIT, PHASES, WAVES, Coup, State, default_casualties, players_in, refuse, units_in


def _start_combat(s: State, c: Coup) -> None:
    c["segment"] = "combat"
    c["turn"] = None
    c["proposal"] = None
    c["reaction"] = None
    cb = c["combat"]
    cb["step"] = "declare"
    cb["declarers"] = declarers(s, c)
    cb["declarer_pos"] = 0


def _end_phase(s: State, c: Coup) -> None:
    if c["phase"] >= PHASES:
        start_sides(s, c)
    else:
        start_phase(s, c, c["phase"] + 1)


def advance(s: State, rng: Rng) -> None:
    """Run the coup's automatic steps until it waits on a player or is over."""
    c = s["coup"]
    for _ in range(10000):
        if c["over"]:
            break
        if not _step(s, c, rng):
            break
    else:  # pragma: no cover - a bug guard
        raise AssertionError("junta coup: the driver does not settle")
    label = _label(s, c)
    if label != c["label"]:
        c["label"] = label
        c["seq"] += 1


def _step(s: State, c: Coup, rng: Rng) -> bool:
    """One automatic step; False when the coup waits on a player."""
    if c["segment"] == "movement":
        if c["agreed"] is not None:
            start_sides(s, c)
            return True
        if c["proposal"] is not None:
            if proposal_waits(s, c):
                return False
            c["agreed"] = c["proposal"]["winner"]
            common.log(s, {"type": "coup_agreed", "winner": c["agreed"]})
            c["proposal"] = None
            return True
        if c["reaction"] is not None:
            if common.minister(s) == c["reaction"]["minister"] and police_of(s, c["reaction"]["minister"]):
                return False
            c["reaction"] = None
            return True
        if c["turn"] is not None:
            return False
        while c["pos"] < len(c["order"]):
            turn = turn_for(s, c, c["order"][c["pos"]])
            if turn is not None:
                c["turn"] = turn
                return False
            c["pos"] += 1
        _start_combat(s, c)
        return True
    if c["segment"] == "combat":
        return _combat_step(s, c, rng)
    if c["segment"] == "sides":
        if sides_seat(s, c) is not None:
            return False
        finish(s, c)
        return True
    return False


def _combat_step(s: State, c: Coup, rng: Rng) -> bool:
    cb = c["combat"]
    if cb["step"] == "declare":
        while cb["declarer_pos"] < len(cb["declarers"]):
            seat = cb["declarers"][cb["declarer_pos"]]
            if common.is_active(s, seat) and (attack_options(s, seat) or bombard_options(s, seat)):
                return False
            cb["declarer_pos"] += 1
        cb["step"] = "order"
        if len(cb["attacks"]) <= 1 or order_chooser(s, c) is None:
            cb["order"] = sorted(cb["attacks"])
        return True
    if cb["step"] == "order":
        if cb["order"] is None:
            return False
        cb["step"] = "bombard"
        return True
    if cb["casualties"]:
        return False
    if cb["step"] == "bombard":
        if cb["bindex"] < len(cb["bombardments"]):
            b = cb["bombardments"][cb["bindex"]]
            cb["bindex"] += 1
            dice = [rng.die(6) for _ in range(GUNBOAT_DICE if b["weapon"] == "gunboat" else AIR_STRIKE_DICE)]
            b["hits"] = sum(1 for d in dice if d == HIT)
            common.log(s, {"type": "coup_bombardment", "seat": b["by"], "weapon": b["weapon"], "area": b["area"],
                           "target": b["target"], "dice": dice, "hits": b["hits"]})
            count = min(b["hits"], len(units_in(s, b["area"], b["target"])))
            if count:
                cb["casualties"][str(b["target"])] = count
                cb["cas_area"], cb["cas_from"] = b["area"], "bombard"
                auto_casualties(s, c)
            return True
        cb["step"] = "area"
        cb["apos"] = 0
        return True
    if cb["step"] == "area":
        if cb["apos"] >= len(cb["order"]):
            _end_phase(s, c)
            return True
        cb["area"] = cb["order"][cb["apos"]]
        cb["wave"] = 1
        cb["fire"] = {}
        cb["step"] = "wave"
        return True
    if cb["step"] == "wave":
        if cb["wave"] > WAVES or len(players_in(s, cb["area"])) < 2:
            if not start_retreats(s, c):
                cb["apos"] += 1
                cb["step"] = "area"
            return True
        waiting = [x for x in wave_players(s, c) if str(x) not in cb["fire"]]
        if waiting:
            return False
        resolve_wave(s, c, rng)
        cb["wave"] += 1
        return True
    if cb["step"] == "stay":
        if [x for x in cb["stay"]["stayers"] if str(x) not in cb["stay"]["answers"]]:
            return False
        finish_stay(s, c)
        return True
    if cb["step"] == "retreat":
        queue = cb["retreat"]["queue"]
        if not queue:
            cb["retreat"] = None
            cb["apos"] += 1
            cb["step"] = "area"
            return True
        seat = queue[0]
        if not units_in(s, cb["area"], seat):
            queue.pop(0)
            return True
        if not retreat_destinations(s, seat, cb["area"]):
            retreat(s, seat, default_retreat(s, seat, cb["area"]))
            return True
        return False
    raise AssertionError(f"junta coup: unknown combat step {cb['step']!r}")


def _label(s: State, c: Coup) -> str:
    """The decision the coup waits on (seats of parallel decisions left out)."""
    head = f"{c['phase']}:{c['segment']}"
    if c["over"]:
        return "over"
    if c["segment"] == "movement":
        if c["proposal"] is not None:
            return f"{head}:proposal:{c['proposal']['by']}"
        if c["reaction"] is not None:
            return f"{head}:reaction"
        return f"{head}:turn:{c['pos']}"
    if c["segment"] == "sides":
        return f"{head}:{c['sides_pos']}"
    cb = c["combat"]
    if cb["casualties"]:
        return f"{head}:casualties:{cb['cas_from']}:{cb['bindex']}:{cb['apos']}:{cb['wave']}"
    if cb["step"] == "declare":
        return f"{head}:declare:{cb['declarer_pos']}"
    if cb["step"] == "retreat":
        return f"{head}:retreat:{cb['apos']}:{len(cb['retreat']['queue'])}"
    return f"{head}:{cb['step']}:{cb['apos']}:{cb['wave']}"


# What a combat step waits on, by the word the views give it (a wave waits on fire orders).
_COMBAT_KINDS: Final = {"declare": "declare", "order": "order", "wave": "fire", "stay": "stay", "retreat": "retreat"}


# Decisions whose asked players answer in any order, each answer leaving the decision (and `_label`) as it
# was: an end-of-coup proposal's answers, a wave's fire orders, its casualties, the stayers' allow_stay.
PARALLEL_KINDS: Final = frozenset({"proposal", "fire", "casualties", "stay"})


def coup_decision_kind(state: State) -> str:
    """What the coup waits on: `move`, `proposal`, `reaction`, `declare`, `order`, `fire`, `casualties`,
    `stay`, `retreat`, `sides`; `over` once it is over (`other` at the combat's automatic steps, which never
    wait on anyone)."""
    c = state["coup"]
    if c is None or c["over"]:
        return "over"
    if c["segment"] == "movement":
        if c["proposal"] is not None:
            return "proposal"
        return "reaction" if c["reaction"] is not None else "move"
    if c["segment"] == "sides":
        return "sides"
    cb = c["combat"]
    if cb["casualties"]:
        return "casualties"
    return _COMBAT_KINDS.get(str(cb["step"]), "other")


def coup_parallel(state: State) -> bool:
    """Whether the players the coup waits on answer in any order (see PARALLEL_KINDS)."""
    return coup_decision_kind(state) in PARALLEL_KINDS


def coup_to_act(state: State) -> set[int]:
    s = state
    c = s["coup"]
    if c is None or c["over"]:
        return set()
    if c["segment"] == "movement":
        if c["proposal"] is not None:
            return set(proposal_waits(s, c))
        if c["reaction"] is not None:
            return {int(c["reaction"]["minister"])}
        return {int(c["turn"]["seat"])} if c["turn"] is not None else set()
    if c["segment"] == "sides":
        seat = sides_seat(s, c)
        return set() if seat is None else {seat}
    cb = c["combat"]
    if cb["casualties"]:
        return {int(k) for k in cb["casualties"]}
    if cb["step"] == "declare" and cb["declarer_pos"] < len(cb["declarers"]):
        return {int(cb["declarers"][cb["declarer_pos"]])}
    if cb["step"] == "order":
        chooser = order_chooser(s, c)
        return set() if chooser is None else {chooser}
    if cb["step"] == "wave":
        return {x for x in wave_players(s, c) if str(x) not in cb["fire"]}
    if cb["step"] == "stay":
        return {x for x in cb["stay"]["stayers"] if str(x) not in cb["stay"]["answers"]}
    if cb["step"] == "retreat" and cb["retreat"]["queue"]:
        return {int(cb["retreat"]["queue"][0])}
    return set()


HANDLERS: Final = {
    "move_units": do_move_units, "move_helicopter": do_move_helicopter,
    "land_paratrooper": lambda s, x, a, r: do_land(s, x, a, r, "paratrooper"),
    "land_marines": lambda s, x, a, r: do_land(s, x, a, r, "marines"),
    "transfer_units": do_transfer, "police_reaction": do_police_reaction, "end_movement": do_end_movement,
    "declare_attack": do_declare_attack, "declare_bombardment": do_declare_bombardment,
    "end_declaration": do_end_declaration, "set_combat_order": do_set_order, "fire": do_fire,
    "hold_fire": do_fire, "choose_casualties": do_choose_casualties, "allow_stay": do_allow_stay,
    "permit_retreat": do_permit_retreat, "retreat": do_retreat, "propose_end_coup": do_propose,
    "answer_end_coup": do_answer, "choose_side": do_choose_side, "play_card": do_play_card,
    "go_into_exile": do_exile, "grant_safe_conduct": do_safe_conduct,
}


def apply_coup_action(state: State, seat: int, action: dict[str, Any], rng: Rng) -> None:
    """Apply one coup action of `seat` (§12.4) and run the coup on to its next decision."""
    s = state
    c = s["coup"]
    kind = action.get("type") if isinstance(action, dict) else None
    if c is None or c["over"] or kind not in HANDLERS:
        raise refuse(N_("junta.coup.not_now"), "The coup has no such move now.")
    if not s["alive"][seat]:
        raise refuse(N_("junta.coup.dead"), "You are dead until the end of the turn (§5.4).")
    if s["exile"][seat] is not None:
        raise refuse(N_("junta.coup.exiled"), "Players in exile take no part in the coup (§5.5).")
    HANDLERS[kind](s, seat, action, rng)
    advance(s, rng)


def coup_timeout(state: State, rng: Rng) -> None:
    """§10's defaults for every seat the coup waits on."""
    s = state
    c = s["coup"]
    if c is None or c["over"]:
        return
    seats = sorted(coup_to_act(s))
    if c["segment"] == "movement":
        if c["proposal"] is not None:
            for x in seats:
                if c["proposal"] is not None:
                    do_answer(s, x, {"accept": False}, rng)
        elif c["reaction"] is not None:
            c["reaction"] = None
            common.log(s, {"type": "coup_police_reaction", "seat": seats[0] if seats else None, "moves": []})
        elif c["turn"] is not None:
            c["turn"] = None
            c["pos"] += 1
    elif c["segment"] == "sides":
        for x in seats:
            do_choose_side(s, x, {"side": "rebels" if c["rebels"][x] else "president"}, rng)
    else:
        cb = c["combat"]
        if cb["casualties"]:
            for x in seats:
                remove(s, x, default_casualties(s, cb["cas_area"], x, cb["casualties"][str(x)]))
                del cb["casualties"][str(x)]
        elif cb["step"] == "declare":
            cb["declarer_pos"] += 1
        elif cb["step"] == "order":
            cb["order"] = sorted(cb["attacks"])
        elif cb["step"] == "wave":
            for x in seats:
                cb["fire"][str(x)] = None
        elif cb["step"] == "stay":
            for x in seats:
                cb["stay"]["answers"][str(x)] = []
        elif cb["step"] == "retreat":
            x = seats[0]
            retreat(s, x, default_retreat(s, x, cb["area"]))
    advance(s, rng)


def coup_decision_key(state: State) -> str:
    c = state["coup"]
    if c is None:
        return "none"
    return f"{c['seq']}:{c['label']}"


def coup_over(state: State) -> bool:
    return bool(state["coup"] is not None and state["coup"]["over"])


def in_combat_segment(state: State) -> bool:
    c = state["coup"]
    return bool(c is not None and not c["over"] and c["segment"] == "combat")


def safe_conduct(state: State, seat: int) -> bool:
    c = state["coup"]
    return bool(c is not None and seat in c["safe_conduct"])
