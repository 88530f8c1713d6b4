"""Seeded random playouts over every engine in games.REGISTRY (like OpenSpiel's random_sim_test).

Generic: any game added to REGISTRY is played here through the contract of DESIGN.md only, its
optional members (auto_action, leave_action, options_schema) included when the game has them.
Game-specific checks plug in through PUBLIC_VIEW_CHECKS / LEAVE_CHECKS / PLAYOUT_OPTIONS / PLAYOUTS.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from games import REGISTRY
from games.core import Game, IllegalAction, Outcome, SeededRng
from games.core.options import check_options
from games.core.protocol import optional_member

STEP_BOUND = 6000
AUTO_BOUND = 50  # automatic game-master steps in a row before the test calls it a loop
LEAVE_EVERY = 11  # every so many steps, check that leave_action applies (on a copy of the play)
MESSAGE_ID = re.compile(r"[a-z][a-z_]*(\.[a-z][a-z_]*)+")  # dotted lowercase words: "spyfall.accused_already"
CHUNKS = 6
PLAYOUTS: dict[str, int] = {"spyfall": 300, "arditi": 36, "junta": 12}  # games per engine, split over CHUNKS tests
DEFAULT_PLAYOUTS = 60
# Action types that end games early (e.g. leaving); odd seeds pick them only now and then, so
# that playouts also go deep. Even seeds pick uniformly among all (seat, action) pairs.
DAMPED_TYPES: dict[str, set[str]] = {"spyfall": {"leave"}}
DAMPED_ODDS = 0.01
PLAYOUT_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "spyfall": [
        {},
        {"rounds": 1},
        {"rounds": 3, "roles": False, "minutes": 3, "vote_seconds": 15},
        {"rounds": 2, "minutes": 20, "vote_seconds": 600},
    ],
    # Full games last 60 rounds; shorter ones keep the test quick while the full ones reach the police.
    "arditi": [{}, {"max_rounds": 8}, {"max_rounds": 20}],
    # The centralism degree is chosen in play (choose_centralism, also by rolling); modes C and A+C
    # need 2 or more players, so a 1-player game draws among the options its set-up accepts.
    "som": [{}, {"mode": "B"}, {"mode": "C"}, {"mode": "A+C"}],
    # Whole games run about a thousand actions (12 turns of aid); the options change the coup's
    # start, the aid deck's length and the clock.
    "junta": [{}, {"coup_needs_hq_and_pretext": True}, {"burn_after_coup": True},
              {"recycle_money": True, "recycle_limit": 20}, {"decision_timer": 30}],
}


# --- per-game checks of the public view ------------------------------------------------------


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {str(k) for k in value} | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return set()


def _spyfall_public_view(game: Game, state: Any) -> None:
    """While a round runs, view(None) holds no card and nothing naming its location or roles
    (their ids, nor the message ids the catalogs name them by), neither as a value nor in its JSON dump."""
    from games.spyfall.locations import BY_ID, LOCATION_NAME, ROLE_NAME

    if state["phase"] not in ("playing", "accusation", "final_vote", "spy_guess"):
        return
    public = game.view(state, None)
    shown = json.loads(json.dumps(public))
    assert "card" not in shown
    assert all("card" not in e for e in shown["log"])
    shown.pop("locations")  # the public list of all locations
    shown.pop("history")  # earlier rounds
    shown["log"] = [e for e in shown["log"]
                    if not (e["type"] == "round_over" and e["round"] < state["round"])]
    location = BY_ID[state["location"]]
    secret = {location.id, LOCATION_NAME[location.id], *location.roles}
    secret |= {ROLE_NAME[f"{location.id}.{role}"] for role in location.roles}
    # Keys are the engine's field names; one of them is also a role key (the casino's "dealer").
    leaked = (_values(shown) | (_keys(shown) - _SPYFALL_FIELDS)) & secret
    assert not leaked, sorted(leaked)
    # Nor inside any longer string of the JSON dump (a sentence, a composed id): the location's id
    # and the message ids (role keys such as "officer" are too common words for a substring search).
    dumped = json.dumps(shown)
    ids = {location.id, LOCATION_NAME[location.id]} | {ROLE_NAME[f"{location.id}.{r}"] for r in location.roles}
    assert not [i for i in ids if i in dumped], sorted(i for i in ids if i in dumped)


def _values(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for v in value.values() for s in _values(v)}
    if isinstance(value, list):
        return {s for v in value for s in _values(v)}
    return set()


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {str(k) for k in value} | {s for v in value.values() for s in _keys(v)}
    if isinstance(value, list):
        return {s for v in value for s in _keys(v)}
    return set()


def _spyfall_fields() -> set[str]:
    """The keys Spyfall's views have before any location is dealt: field names, never a secret."""
    game = REGISTRY["spyfall"]
    lobby = game.setup(8, {}, SeededRng("fields", 0))
    return {k for seat in (None, *range(8)) for k in _keys(game.view(lobby, seat))}


_SPYFALL_FIELDS = _spyfall_fields()


def _spyfall_left(game: Game, state: Any, seat: int, action: dict[str, Any] | None, after: Any) -> None:
    """A seated player may always leave a running game; afterwards they are marked as gone."""
    assert action == ({"type": "leave"} if not state["left"][seat] else None)
    if after is not None:
        assert after["left"][seat]
        assert game.leave_action(after, seat) is None


def _polls_left(game: Game, state: Any, seat: int, action: dict[str, Any] | None, after: Any) -> None:
    """Conceding ends the game at once: the other seat wins, whoever was to act."""
    assert action == {"type": "concede"}
    assert action not in game.legal_actions(state, seat)
    outcome = game.outcome(after)
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ([1 - seat], "conceded")
    assert game.leave_action(after, seat) is None


def _som_public_view(game: Game, state: Any) -> None:
    """Som's public view hides face-down cards and unrevealed bids: it names no face-down card
    outside the log (whose cards were all face up when logged), it stays the same when the
    face-down cards trade places or the bids already made change, and it shows the Hisenda by
    coin counts only."""
    from games.som.cards import CARD

    if state["phase"] == "game_over":
        return
    public = game.view(state, None)
    shown = json.loads(json.dumps(public))
    assert set(shown["hisenda"]) == {"ones", "twos", "value"}
    hidden = sorted(card for card in state["board"].values() if card is not None and card not in state["face_up"])
    board_part = json.dumps({k: v for k, v in shown.items() if k not in ("log", "last_vote")})
    leaked = [card for card in hidden if f'"{card}"' in board_part]
    assert not leaked, leaked
    assert all(CARD[card] for card in hidden)
    other = copy.deepcopy(state)
    cells = [cell for cell, card in other["board"].items() if card in hidden]
    for cell, card in zip(cells, hidden[1:] + hidden[:1], strict=True):  # a different deal of the same cards
        other["board"][cell] = card
    vote = other["vote"]
    if vote is not None:
        for seat in list(vote["bids"]):
            vote["bids"][seat] = 0 if vote["bids"][seat] else other["participation"][int(seat)]
    assert game.view(other, None) == public, "the public view depends on a secret"
    if vote is not None and vote["step"] == "bid":
        assert "bids" not in shown["vote"] and "my_bid" not in shown["vote"]


def _junta_public_view(game: Game, state: Any) -> None:
    """Junta's public view never holds a hand, a note, an account or an unrevealed location, and it
    stays the same when the notes (values, counts, the aid deck's size), the cards in hands and the
    unrevealed locations are dealt otherwise."""
    if state["result"] is not None:
        return
    public = game.view(state, None)
    shown = json.loads(json.dumps(public))
    assert not {"hand", "money", "account", "location_choice", "swaps"} & set(shown)
    for player in shown["players"]:
        assert not {"hand", "money", "account"} & set(player)
        assert state["revealed"] or player["location"] is None
    for event in shown["log"]:
        assert not {"notes", "note", "total", "cards", "gave", "got", "only", "private"} & set(event), event
    waiting = game.to_act(state)
    top = state["stack"][-1]["kind"] if state["stack"] else None
    if top in ("coup", "budget", "surrender") or not waiting or state["log_count"] % 4:
        return  # decisions asked only of a player whose notes allow them; a sample of the rest
    other = copy.deepcopy(state)
    pool = [v for m in other["money"] for v in m] + [v for a in other["accounts"] for v in a]
    pool += other["aid_down"] + other["aid_up"]
    pool = pool[1:] + pool[:1]
    for seat in range(other["n"]):
        k = (seat * 3 + 1) % 5
        other["money"][seat], pool = sorted(pool[:k]), pool[k:]
        other["accounts"][seat], pool = sorted(pool[:2]), pool[2:]
    other["aid_down"], other["aid_up"] = pool[:7], pool[7:]
    for seat in range(other["n"]):
        hand = other["hands"][seat]
        for i in range(min(len(hand), len(other["deck"]))):
            hand[i], other["deck"][i] = other["deck"][i], hand[i]
    if not other["revealed"]:
        other["location"] = ["night_club" if loc is not None else None for loc in other["location"]]
    assert game.view(other, None) == public, "the public view depends on a secret"


PUBLIC_VIEW_CHECKS: dict[str, Callable[[Game, Any], None]] = {
    "spyfall": _spyfall_public_view,
    "som": _som_public_view,
    "junta": _junta_public_view,
}
# (game, state, seat, leave_action(state, seat), the state after it or None): game-specific checks
LEAVE_CHECKS: dict[str, Callable[[Game, Any, int, Any, Any], None]] = {
    "spyfall": _spyfall_left,
    "polls": _polls_left,
}


# --- the playout -------------------------------------------------------------------------------


def _snapshot(state: Any) -> bytes:
    """A cheap exact fingerprint of the state object, to see whether apply touched it."""
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def _assert_refused(game: Game, state: Any, seat: Any, action: dict[str, Any]) -> None:
    """The action is refused with a message id, JSON parameters and an English sentence; the
    state is as it was."""
    before = _snapshot(state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, seat, action, SeededRng("probe", 0))
    assert _snapshot(state) == before, f"refused {action!r} by {seat!r} changed the state"
    refusal = info.value
    assert isinstance(refusal.message_id, str) and MESSAGE_ID.fullmatch(refusal.message_id), refusal.message_id
    text = str(refusal)
    assert text == refusal.text == refusal.reason
    assert text.strip() and text[0].isupper() and text.endswith((".", "?")), text
    assert json.loads(json.dumps(refusal.params, allow_nan=False)) == refusal.params


def _probe_illegal(game: Game, state: Any, n: int, pick: random.Random,
                   listed: dict[int | None, list[dict[str, Any]]]) -> None:
    """Actions the contract says must be refused leave the state as it was."""
    seat = pick.choice([None, *range(n)])
    _assert_refused(game, state, seat, {"type": "__no_such_action__"})
    some = next((a for acts in listed.values() for a in acts), {"type": "timeout"})
    _assert_refused(game, state, n, some)
    _assert_refused(game, state, -1, some)
    # an action type listed for someone but for no action of this seat cannot be legal for it
    own_types = {a["type"] for a in listed[seat]}
    foreign = [a for s, acts in listed.items() if s != seat for a in acts if a["type"] not in own_types]
    if foreign:
        _assert_refused(game, state, seat, pick.choice(foreign))
    deadline = game.deadline(state)
    if deadline is not None and {"type": "timeout"} in listed[None]:
        _assert_refused(game, state, None, {"type": "timeout", "at": deadline - 1})


def _check_state(game: Game, state: Any, seats: list[int | None]) -> None:
    """JSON round trip of the state; the given seats' views are JSON-ready with a log."""
    data = game.dump(state)
    assert game.load(json.loads(json.dumps(data, allow_nan=False))) == state
    for seat in seats:
        shown = game.view(state, seat)
        assert json.loads(json.dumps(shown, allow_nan=False)) == shown
        assert isinstance(shown["log"], list)
        assert all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in shown["log"])
    deadline = game.deadline(state)
    assert deadline is None or isinstance(deadline, int | float)


def _stamp(action: dict[str, Any], seat: int | None, deadline: float | None, now: float,
           pick: random.Random) -> dict[str, Any]:
    """Add an "at" later than every earlier stamp, as a table would: players act before the
    running clock's deadline, the game master when it has passed."""
    if seat is None:
        at = (now if deadline is None else max(now, deadline)) + pick.uniform(0, 3)
    elif deadline is None:
        at = now + pick.uniform(0, 30)
    elif now < deadline:
        at = now + (deadline - now) * pick.uniform(0, 0.99)
        if at >= deadline:  # a gap too small for a float between them: the player is too late
            return action
    else:
        return action
    return {**action, "at": at}


def _apply_checked(game: Game, state: Any, seat: int | None, action: dict[str, Any], rng: SeededRng) -> Any:
    """apply, checking that it leaves its input state and action as they were."""
    before, snapshot, action_copy = state, _snapshot(state), copy.deepcopy(action)
    new = game.apply(state, seat, action, rng)
    assert _snapshot(before) == snapshot, "apply mutated its input"
    assert action == action_copy, "apply mutated the action"
    return new


def _check_leave(game: Game, state: Any, n: int, seed: int, step: int, pick: random.Random) -> None:
    """leave_action for a seated player applies (on the side: the playout goes on without it)."""
    leave_action = optional_member(game, "leave_action")
    if leave_action is None:
        return
    seat = pick.randrange(n)
    snapshot = _snapshot(state)
    action = leave_action(state, seat)
    assert _snapshot(state) == snapshot, "leave_action mutated the state"
    after = None
    if action is not None:
        assert isinstance(action.get("type"), str)
        after = _apply_checked(game, state, seat, action, SeededRng(seed, f"leave:{step}"))
    hook = LEAVE_CHECKS.get(game.id)
    if hook:
        hook(game, state, seat, action, after)


def _playable(game: Game, n: int, candidates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The option sets that set-up accepts for n players (Som's modes C and A+C need 2 or more)."""
    fit = []
    for options in candidates:
        try:
            game.setup(n, copy.deepcopy(options), SeededRng("fit", 0))
        except IllegalAction:
            continue
        fit.append(options)
    assert fit, f"no playout options fit {n} players"
    return fit


def playout(game: Game, seed: int) -> tuple[int, Outcome]:
    pick = random.Random(f"{game.id}:{seed}")
    n = pick.randint(game.min_players, game.max_players)
    options = pick.choice(_playable(game, n, PLAYOUT_OPTIONS.get(game.id, [{}])))
    stamping = pick.random()  # share of stamped actions in this game
    state = game.setup(n, copy.deepcopy(options), SeededRng(seed, 0))
    record: list[tuple[int | None, dict[str, Any], int]] = []
    now = 0.0
    step = 0
    sequence = 0  # every applied action's number, as the table numbers its log (the rng's step)
    everyone = [None, *range(n)]
    hook = PUBLIC_VIEW_CHECKS.get(game.id)
    auto_action = optional_member(game, "auto_action")

    def automatic(state: Any) -> Any:
        """The game master's automatic steps, applied with seat None while there are any."""
        nonlocal sequence
        for _ in range(AUTO_BOUND):
            action = auto_action(state) if auto_action is not None else None
            if action is None:
                return state
            sequence += 1
            state = _apply_checked(game, state, None, action, SeededRng(seed, sequence))
            record.append((None, action, sequence))
            if hook:
                hook(game, state)
        raise AssertionError(f"auto_action still acting after {AUTO_BOUND} steps")

    _check_state(game, state, everyone)
    state = automatic(state)
    while game.outcome(state) is None:
        step += 1
        assert step <= STEP_BOUND, f"no outcome after {STEP_BOUND} steps"
        acting = game.to_act(state)
        assert acting <= set(range(n))
        listed = {s: game.legal_actions(state, s) for s in (None, *range(n))}
        for s in acting:
            assert listed[s], f"seat {s} is to act but has no legal action"
        choices = [(s, a) for s in sorted(acting) for a in listed[s]]
        choices += [(None, a) for a in listed[None]]
        assert choices, "nobody can act and the game is not over"
        if step % 7 == 1:
            _probe_illegal(game, state, n, pick, listed)
        if step % LEAVE_EVERY == 2:
            _check_leave(game, state, n, seed, step, pick)
        damped = DAMPED_TYPES.get(game.id, set()) if seed % 2 else set()
        lively = [c for c in choices if c[1]["type"] not in damped]
        if lively and len(lively) < len(choices) and pick.random() >= DAMPED_ODDS:
            choices = lively
        seat, action = pick.choice(choices)
        if pick.random() < stamping:
            action = _stamp(action, seat, game.deadline(state), now, pick)
            now = max(now, action.get("at", now))
        sequence += 1
        state = _apply_checked(game, state, seat, action, SeededRng(seed, sequence))
        record.append((seat, action, sequence))
        if hook:
            hook(game, state)
        state = automatic(state)
        if game.outcome(state) is not None:
            _check_state(game, state, everyone)
        elif step % 5 == 0:
            _check_state(game, state, [None, pick.randrange(n)])

    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome)
    assert set(outcome.winners) <= set(range(n))  # may be empty (e.g. a lost cooperative game)
    assert set(outcome.scores) <= set(range(n))
    assert game.to_act(state) == set()
    assert all(game.legal_actions(state, s) == [] for s in (None, *range(n)))

    replayed = game.setup(n, copy.deepcopy(options), SeededRng(seed, 0))
    for seat, action, number in json.loads(json.dumps(record)):
        replayed = game.apply(replayed, seat, action, SeededRng(seed, number))
    assert replayed == state, "replaying the action log did not rebuild the state"
    return step, outcome


CASES = [(gid, chunk) for gid in sorted(REGISTRY) for chunk in range(CHUNKS)]


@pytest.mark.parametrize(("game_id", "chunk"), CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_random_playouts_reach_an_outcome(game_id: str, chunk: int) -> None:
    """Seeded random playouts end, round-trip, replay, hide secrets and refuse illegal moves."""
    game = REGISTRY[game_id]
    assert isinstance(game, Game)
    total = PLAYOUTS.get(game_id, DEFAULT_PLAYOUTS)
    per_chunk = -(-total // CHUNKS)
    reasons = set()
    for seed in range(chunk * per_chunk, min(total, (chunk + 1) * per_chunk)):
        _, outcome = playout(game, seed)
        reasons.add(outcome.reason)
    assert reasons


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_option_schemas_defaults_pass_their_own_check(game_id: str) -> None:
    """Every option schema's defaults (and the playouts' options) pass check_options, and setup takes them."""
    game = REGISTRY[game_id]
    schema = optional_member(game, "options_schema") or ()
    defaults = {spec.name: spec.default for spec in schema}
    assert len(defaults) == len(schema), "two options share a name"
    assert check_options(schema, {}) == defaults
    assert check_options(schema, dict(defaults)) == defaults
    for spec in schema:
        assert spec.kind in ("int", "bool", "choice", "data")
        assert MESSAGE_ID.fullmatch(spec.label), spec.label
    for options in PLAYOUT_OPTIONS.get(game_id, [{}]):
        assert check_options(schema, options) == {**defaults, **options}
    game.setup(game.min_players, dict(defaults), SeededRng("defaults", 0))
