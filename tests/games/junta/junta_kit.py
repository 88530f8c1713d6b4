"""Shared helpers for the Junta tests: positions built by hand, scripted actions, the log.

`position` builds a game after its first election with exactly the hands, notes, accounts,
influence cards, offices and locations a test names (every note is taken from the aid deck and
every card from the deck, so the 96 notes and 80 cards stay whole), then starts the named phase
with the engine's own driver, so the game waits where that phase first asks a player.
ScriptedRng keeps every order: the aid deck's top (the end of `aid_down`) is its last notes, the
political deck is drawn from its end.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from games.core.protocol import IllegalAction, Outcome
from games.core.rng import ScriptedRng
from games.junta import GAME, common, readers
from games.junta.cards import DECK, NOTE_COUNT
from games.junta.common import SUB_OFFICES
from games.junta.driver import restart_timer, run

G = GAME
State = dict[str, Any]

# President 0; seat 1: Minister and 1st Brigade; seat 2: 2nd Brigade and Admiral; seat 3: 3rd Brigade and Air Force.
FOUR = {"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 2, "air_force": 3}


def new(n: int = 4, **options: Any) -> State:
    """A fresh game whose table opened at time 0: the first election waits on the owner's voting turn."""
    s = G.setup(n, dict(options), ScriptedRng())
    s["clock_started"] = True
    return s


def card(design_id: str, copy: int = 1) -> str:
    return f"{design_id}#{copy}"


def _take_cards(s: State, cards: Iterable[str]) -> list[str]:
    taken = []
    for c in cards:
        c = c if "#" in c else card(c)
        assert c in s["deck"], f"{c} is not in the deck any more"
        s["deck"].remove(c)
        taken.append(c)
    return taken


def _take_notes(s: State, notes: Iterable[int]) -> list[int]:
    taken = []
    for v in notes:
        s["aid_down"].remove(v)  # from the bottom part of the list: order of the rest is kept
        taken.append(v)
    return sorted(taken)


def position(
    n: int = 4,
    *,
    phase: int = 2,
    president: int = 0,
    offices: dict[str, int] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    influence: Mapping[int, Sequence[str]] | None = None,
    money: Mapping[int, Sequence[int]] | None = None,
    accounts: Mapping[int, Sequence[int]] | None = None,
    locations: dict[int, str] | None = None,
    exile: dict[int, str] | None = None,
    dead: Iterable[int] = (),
    turn: int = 1,
    pretext: bool = False,
    bank: str = "open",
    owner: int = 0,
    aid: Sequence[int] | None = None,
    step: int = 0,
    rolls: Iterable[int] = (),
    **options: Any,
) -> State:
    """A game in turn `turn`, at the start of `phase` (0: nothing run), with these pieces.

    `offices`: office → seat for the six offices (default: the engine's own default assignment).
    `hands` / `influence`: seat → card ids (a design id means its copy #1). `money` / `accounts`:
    seat → notes. `aid`: the face-down aid deck, bottom first (default: what is left).
    """
    s = G.setup(n, {"owner": owner, **options}, ScriptedRng())
    s["clock_started"] = True  # the table opened at time 0
    s["stack"] = []
    s["deck"] = list(DECK)
    s["hands"] = [[] for _ in range(n)]
    s["log"] = []
    for seat, cards in (hands or {}).items():
        s["hands"][seat] = _take_cards(s, cards)
    for seat, cards in (influence or {}).items():
        s["influence"][seat] = _take_cards(s, cards)
    for seat, notes in (money or {}).items():
        s["money"][seat] = _take_notes(s, notes)
    for seat, notes in (accounts or {}).items():
        s["accounts"][seat] = _take_notes(s, notes)
    if aid is not None:
        rest = list(s["aid_down"])
        for v in aid:
            rest.remove(v)
        s["aid_down"] = list(aid)
        s["aid_up"] = rest  # the notes left out lie face up (out of the game's reach)
    s["president"] = president
    s["turn"] = turn
    if offices is None:
        offices = readers.office_assignments(s)[0]
    s["offices"] = {o: offices[o] for o in SUB_OFFICES}
    for seat, loc in (locations or {}).items():
        s["location"][seat] = loc
    for seat, embassy in (exile or {}).items():
        s["exile"][seat] = embassy
    for seat in dead:
        s["alive"][seat] = False
    s["pretext"] = pretext
    s["bank"] = bank
    s["phase"] = phase
    s["phase_step"] = step
    assert notes_total(s) == NOTE_COUNT
    if phase:
        run(s, ScriptedRng(rolls))
        restart_timer(s)
    return s


def notes_total(s: State) -> int:
    return (sum(map(len, s["money"])) + sum(map(len, s["accounts"])) + len(s["aid_down"]) + len(s["aid_up"]))


def cards_total(s: State) -> int:
    """Cards in the deck, the discard pile, hands, in play, and vote cards cast in a running vote."""
    held = sum(len(f["held"]) for f in s["stack"] if f["kind"] == "vote")
    return len(s["deck"]) + len(s["discard"]) + sum(map(len, s["hands"])) + sum(map(len, s["influence"])) + held


def play(s: State, seat: int | None, action: dict[str, Any], rolls: Iterable[int] = ()) -> State:
    """Apply an action (the ScriptedRng holds the given rolls); the 96 notes stay whole."""
    rng = ScriptedRng(rolls)
    after = G.apply(s, seat, action, rng)
    assert notes_total(after) == NOTE_COUNT
    assert cards_total(after) == len(DECK)
    assert rng.remaining == [], f"unused rolls {rng.remaining}"
    return after


def refused(s: State, seat: int | None, action: dict[str, Any], message_id: str | None = None) -> IllegalAction:
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        G.apply(s, seat, action, ScriptedRng([1] * 20))
    assert json.dumps(s, sort_keys=True) == before
    if message_id is not None:
        assert info.value.message_id == message_id, (info.value.message_id, str(info.value))
    return info.value


def waiting(s: State) -> tuple[str | None, list[int]]:
    """The pending decision's name and the seats it waits on."""
    frame, seats = readers.waiting(s)
    return (readers.decision_of(frame) if frame is not None else None), seats


def events(s: State, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    """Events of a type as `seat` sees them (None: the public view)."""
    return [{k: v for k, v in e.items() if k != "id"} for e in G.view(s, seat)["log"] if e["type"] == kind]


def pass_all(s: State, decision: str) -> State:
    """Answer the pending decision with its plain default action until it is over."""
    answers = {"vote:turns": {"type": "pass_vote"}, "vote:refusals": {"type": "accept_candidacy"},
               "window": {"type": "ready"}, "declarations": {"type": "end_declarations"},
               "banking": {"type": "end_banking"}, "coup_poll": {"type": "decline_coup"},
               "locations": {"type": "choose_location", "location": "home"}}
    for _ in range(40):
        name, seats = waiting(s)
        if name != decision:
            return s
        s = play(s, seats[0], answers[decision])
    raise AssertionError("the decision does not end")


def vote(s: State, casts: dict[int, list[tuple[Any, dict[str, Any]]]]) -> State:
    """Run the current voting round: each voter in turn casts his (choice, source) pairs, then passes."""
    for _ in range(20):
        name, seats = waiting(s)
        if name != "vote:turns":
            return s
        seat = seats[0]
        for choice, source in casts.get(seat, []):
            s = play(s, seat, {"type": "cast_vote", "choice": choice, "source": source})
        s = play(s, seat, {"type": "pass_vote"})
    raise AssertionError("the round does not end")


def ended(state: State) -> Outcome:
    """The outcome of a game that has ended (the test fails if it has not)."""
    outcome = G.outcome(state)
    assert outcome is not None, "the game has not ended"
    return outcome


def ready_all(s: State) -> State:
    return pass_all(s, "window")


def fresh(n: int = 4, hands: Mapping[int, Sequence[str]] | None = None, owner: int = 0, **options: Any) -> State:
    """A new game waiting on the first election's first voting turn, with exactly these hands."""
    s = G.setup(n, {"owner": owner, **options}, ScriptedRng())
    s["clock_started"] = True
    s["deck"] = list(DECK)
    s["hands"] = [[] for _ in range(n)]
    for seat, cards in (hands or {}).items():
        s["hands"][seat] = _take_cards(s, cards)
    s["log"] = []
    return s


def pass_budget(s: State) -> State:
    """Both budget votes tie and the President breaks the tie for the budget."""
    s = vote(s, {})
    s = ready_all(s)
    s = vote(s, {})
    s = ready_all(s)
    return play(s, 0, {"type": "break_tie", "choice": "yes"})


def fail_budget(s: State) -> State:
    """Both budget votes tie and the President breaks the tie against the budget."""
    s = vote(s, {})
    s = ready_all(s)
    s = vote(s, {})
    s = ready_all(s)
    return play(s, 0, {"type": "break_tie", "choice": "no"})


def alternative_budget_asked(notes: list[int]) -> State:
    """The President holds `notes`; his empty budget fails and seat 3 plays the Alternative Budget."""
    s = position(4, phase=4, money={0: notes}, offices=FOUR, hands={3: ["evt_alternative_budget"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {}})
    s = fail_budget(s)
    return play(s, 3, {"type": "play_card", "card": card("evt_alternative_budget")})


def others_secrets_changed(s: State, seat: int, pick: random.Random) -> State:
    """The same position as `seat` sees it, with the other families' notes, hands and unrevealed locations
    dealt otherwise (counts of cards kept; notes from the aid deck)."""
    t = copy.deepcopy(s)
    pool = [v for x in range(t["n"]) if x != seat for v in t["money"][x] + t["accounts"][x]] + t["aid_down"]
    pick.shuffle(pool)
    for x in range(t["n"]):
        if x == seat:
            continue
        k, j = pick.randint(0, min(5, len(pool))), pick.randint(0, 3)
        t["money"][x], pool = sorted(pool[:k]), pool[k:]
        t["accounts"][x], pool = sorted(pool[:j]), pool[j:]
        for i in range(len(t["hands"][x])):
            if t["deck"]:
                d = pick.randrange(len(t["deck"]))
                t["hands"][x][i], t["deck"][d] = t["deck"][d], t["hands"][x][i]
    t["aid_down"] = pool
    if not t["revealed"]:
        t["location"] = [pick.choice(common.LOCATIONS) if (loc is not None and x != seat) else loc
                         for x, loc in enumerate(t["location"])]
    return t
