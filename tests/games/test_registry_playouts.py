"""Seeded random playouts over every engine in games.REGISTRY (like OpenSpiel's random_sim_test).

Generic: any game added to REGISTRY is checked here through the engine contract (docs/engine-contract.md)
only, its optional members (auto_action, leave_action, options_schema) included when the game has them. The
games are the session's playout corpus (tests/support/corpus.py: seeds, players and options), played
once and shared with the other tests; this file checks every one of them afterwards, state by state.
Game-specific checks plug in through PUBLIC_VIEW_CHECKS / LEAVE_CHECKS here and a game's own module
tests/games/<game>/playout_checks.py (see `hooks`; docs/testing.md).
"""

from __future__ import annotations

import copy
import importlib
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
from games.core.playout import Playout
from games.core.protocol import optional_member
from tests.support.corpus import CORPUS, PlayoutCorpus, options_of

pytestmark = pytest.mark.slow(12)  # scheduled early (tests/conftest.py)

PROBE_EVERY = 7  # every so many states, probe actions that must be refused
LEAVE_EVERY = 11  # every so many states, check that leave_action applies (on the side)
STATE_EVERY = 10  # every so many states (and the sampled ones), the JSON round trip of the state and two views
SAMPLES = 12  # states per game, spread over it, for the public-view checks (with each phase's first state)
PHASE_SAMPLES = 24  # at most so many first states of a phase per game
LISTED_CAP = 40  # listed actions of a seat applied at a sampled state: all types, and a spread of the rest
MESSAGE_ID = re.compile(r"[a-z][a-z_]*(\.[a-z][a-z_]*)+")  # dotted lowercase words: "spyfall.accused_already"
CHUNKS = 6

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
        assert optional_member(game, "leave_action")(after, seat) is None


def _polls_left(game: Game, state: Any, seat: int, action: dict[str, Any] | None, after: Any) -> None:
    """Conceding ends the game at once: the other seat wins, whoever was to act."""
    assert action == {"type": "concede"}
    assert action not in game.legal_actions(state, seat)
    outcome = game.outcome(after)
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ([1 - seat], "conceded")
    assert optional_member(game, "leave_action")(after, seat) is None


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
    if top in ("coup", "budget", "surrender") or not waiting:
        return  # decisions asked only of a player whose notes allow them
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


# --- a game's own checks ----------------------------------------------------------------------


def hooks(game_id: str) -> Any:
    """The game's tests/games/<game>/playout_checks.py, or None. Its optional functions:
    `every_state(game, state)` on every state; `public_view(game, state, pick)` on the sampled states;
    `phase(state)` the key whose first state of each value is sampled; `finished(playout)` on each
    game; `all_games(playouts)` on the games of each chunk (a few seeds of the standard set)."""
    try:
        return importlib.import_module(f"tests.games.{game_id}.playout_checks")
    except ModuleNotFoundError as missing:
        if missing.name != f"tests.games.{game_id}.playout_checks":
            raise
        return None


# --- the checks over one playout of the corpus -------------------------------------------------


def _snapshot(state: Any) -> bytes:
    """A cheap exact fingerprint of the state object, to see whether a call touched it."""
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


def _listed(game: Game, state: Any, n: int) -> dict[int | None, list[dict[str, Any]]]:
    return {s: game.legal_actions(state, s) for s in (None, *range(n))}


def _probe_illegal(game: Game, state: Any, n: int, pick: random.Random) -> None:
    """Actions the contract says must be refused leave the state as it was."""
    listed = _listed(game, state, n)
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


def _spread(actions: list[dict[str, Any]], cap: int) -> list[dict[str, Any]]:
    """The first action of each type, and others spread evenly over the list, `cap` in all (or all)."""
    if len(actions) <= cap:
        return actions
    firsts = {a["type"]: i for i, a in reversed(list(enumerate(actions)))}
    chosen = set(firsts.values())
    room = max(0, cap - len(chosen))
    chosen |= {round(k * (len(actions) - 1) / max(1, room - 1)) for k in range(room)}
    return [actions[i] for i in sorted(chosen)]


def _listed_actions_apply(game: Game, state: Any, n: int, seed: int) -> None:
    """Every action listed for anyone is accepted (and leaves the state as it was): all of them, or
    where a seat has more than `LISTED_CAP` (Junta's gifts of each note to each player), every type
    and a spread of the rest."""
    before = _snapshot(state)
    for seat, actions in _listed(game, state, n).items():
        for action in _spread(actions, LISTED_CAP):
            try:
                game.apply(state, seat, action, SeededRng(seed, "listed"))
            except IllegalAction as refusal:
                raise AssertionError(f"listed {action} for {seat} is refused: {refusal}") from None
    assert _snapshot(state) == before, "applying a listed action changed its input"


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
        after = game.apply(state, seat, action, SeededRng(seed, f"leave:{step}"))
        assert _snapshot(state) == snapshot, "apply of the leave action mutated its input"
    hook = LEAVE_CHECKS.get(game.id)
    if hook:
        hook(game, state, seat, action, after)


def _phase(state: Any) -> Any:
    return state.get("phase") if isinstance(state, dict) else None


_SAMPLED: dict[tuple[int, int], list[int]] = {}


def sampled(playout: Playout, samples: int = SAMPLES) -> list[int]:
    """Indices of the states the costly checks look at: `samples` spread evenly over the game (the
    set-up and the end included) and the first state of each phase (the game's `phase` hook).
    Kept per playout: finding the phases reads every state, and each read unpickles one."""
    key = (id(playout), samples)  # the corpus keeps its playouts for the session
    if key not in _SAMPLED:
        _SAMPLED[key] = _sampled(playout, samples)
    return _SAMPLED[key]


def _sampled(playout: Playout, samples: int) -> list[int]:
    sampler = _Sampler(playout, samples)
    for index, state in enumerate(playout.states):
        sampler.sample(index, state)
    return sampler.chosen()


class _Sampler:
    """`sampled`'s choice made state by state, so that a walk over the states that reads each one anyway
    (`check_playout`) knows at each state whether it is sampled, without reading them all once more."""

    def __init__(self, playout: Playout, samples: int) -> None:
        count = len(playout.actions) + 1
        self._chosen = {round(i * (count - 1) / max(1, samples - 1)) for i in range(samples)}
        self._phase_of = getattr(hooks(playout.game_id), "phase", _phase)
        self._seen: set[str] = set()

    def sample(self, index: int, state: Any) -> bool:
        """Whether the state at `index` (the states given in order) is sampled."""
        key = repr(self._phase_of(state))
        if key not in self._seen and len(self._seen) < PHASE_SAMPLES:
            self._seen.add(key)
            self._chosen.add(index)
        return index in self._chosen

    def chosen(self) -> list[int]:
        return sorted(self._chosen)


def check_public_views(game: Game, playout: Playout) -> None:
    """At the sampled states: the game's public-view checks, and every listed action is accepted."""
    check = PUBLIC_VIEW_CHECKS.get(game.id)
    own = getattr(hooks(game.id), "public_view", None)
    pick = random.Random(f"views:{game.id}:{playout.seed}")
    for index in sampled(playout):
        state = playout.states[index]
        if check:
            check(game, state)
        if own:
            own(game, state, pick)
        _listed_actions_apply(game, state, playout.players, playout.seed)


def check_playout(playout: Playout) -> Outcome:
    """Every check of the contract over one game of the corpus (see the module's docstring)."""
    game, n, seed = playout.game, playout.players, playout.seed
    own = hooks(game.id)
    every_state = getattr(own, "every_state", None)
    pick = random.Random(f"{game.id}:{seed}")
    everyone: list[int | None] = [None, *range(n)]
    last = len(playout.actions)
    key = (id(playout), SAMPLES)
    sampler = _Sampler(playout, SAMPLES) if key not in _SAMPLED else None
    samples = set(_SAMPLED.get(key, ()))
    for index, state in enumerate(playout.states):
        if every_state:
            every_state(game, state)
        is_sample = sampler.sample(index, state) if sampler is not None else index in samples
        if index in (0, last):
            _check_state(game, state, everyone)
        elif index % STATE_EVERY == 0 or is_sample:
            _check_state(game, state, [None, pick.randrange(n)])
        if index == last:
            break
        if index % PROBE_EVERY == 1:
            _probe_illegal(game, state, n, pick)
        if index % LEAVE_EVERY == 2:
            _check_leave(game, state, n, seed, index, pick)
    if sampler is not None:
        _SAMPLED[key] = sampler.chosen()
    check_public_views(game, playout)

    final = playout.final
    outcome = game.outcome(final)
    assert isinstance(outcome, Outcome)
    assert set(outcome.winners) <= set(range(n))  # may be empty (e.g. a lost cooperative game)
    assert set(outcome.scores) <= set(range(n))
    check_places(outcome, n)
    assert game.to_act(final) == set()
    assert all(game.legal_actions(final, s) == [] for s in everyone)
    assert [row[0] for row in playout.actions] == list(range(1, last + 1))

    replayed = game.setup(n, copy.deepcopy(playout.options), SeededRng(seed, 0))
    for _seq, seat, action, _at in json.loads(json.dumps(playout.actions)):
        replayed = game.apply(replayed, seat, action, SeededRng(seed, _seq))
    assert replayed == final, "replaying the action log did not rebuild the state"
    finished = getattr(own, "finished", None)
    if finished:
        finished(playout)
    return outcome


def _chunk(game_id: str, chunk: int) -> range:
    seeds = CORPUS.seeds(game_id)
    per_chunk = -(-len(seeds) // CHUNKS)
    return seeds[chunk * per_chunk:(chunk + 1) * per_chunk]


CASES = [(gid, chunk) for gid in sorted(REGISTRY) for chunk in range(CHUNKS)]


def check_places(outcome: Outcome, n: int) -> None:
    """The engine places every seat (1 best, ties shared: 1 + how many places are better), the winners among
    the best of the seats; the seats of a team share their place; a game's own side has a place too."""
    assert set(outcome.ranks) == set(range(n))

    def side_of(seat: int) -> tuple[str, int]:
        return ("team", outcome.teams[seat]) if seat in outcome.teams else ("seat", seat)

    entries = {side_of(s): outcome.ranks[s] for s in range(n)}
    assert all(outcome.ranks[s] == entries[side_of(s)] for s in range(n))
    places = list(entries.values()) + ([outcome.game_side.rank] if outcome.game_side else [])
    assert all(place == 1 + sum(other < place for other in places) for place in places), places
    if outcome.game_side is None:
        assert all(outcome.ranks[w] == 1 for w in outcome.winners)


@pytest.mark.parametrize(("game_id", "chunk"), CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_random_playouts_reach_an_outcome(playout_corpus: PlayoutCorpus, game_id: str, chunk: int) -> None:
    """Seeded random playouts end, round-trip, replay, hide secrets and refuse illegal moves."""
    game = REGISTRY[game_id]
    assert isinstance(game, Game)
    playouts = [playout_corpus.playout(game_id, seed) for seed in _chunk(game_id, chunk)]
    reasons = {check_playout(playout).reason for playout in playouts}
    assert reasons
    all_games = getattr(hooks(game_id), "all_games", None)
    if all_games:
        all_games(playouts)


class _Leaky:
    """A game whose public view adds `leak(state)` under "weather": a deliberately leaking view."""

    def __init__(self, game: Game, leak: Callable[[Any], Any]) -> None:
        self._game, self._leak = game, leak

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def view(self, state: Any, seat: int | None) -> Any:
        shown = self._game.view(state, seat)
        return {**shown, "weather": self._leak(state)} if seat is None else shown


LEAKS: dict[str, Callable[[Any], Any]] = {
    # the round's location, as a plain value
    "spyfall": lambda s: s.get("location"),
    # how many notes the first player holds: only the reshuffle of the secrets shows it
    "junta": lambda s: sum(s["money"][0]),
    # the face-down cards, as they lie
    "som": lambda s: sorted(c for c in s["board"].values() if c is not None and c not in s["face_up"]),
}


@pytest.mark.parametrize("game_id", sorted(PUBLIC_VIEW_CHECKS))
def test_the_sampled_view_checks_catch_a_leaking_view(playout_corpus: PlayoutCorpus, game_id: str) -> None:
    """The public-view checks at the sampled states fail against a view that leaks a secret, and
    pass against the game's own view of the same game."""
    played = (playout_corpus.playout(game_id, seed) for seed in playout_corpus.seeds(game_id))
    playout = next(p for p in played if len(p.actions) > 40)
    check_public_views(playout.game, playout)
    leaky: Any = _Leaky(playout.game, LEAKS[game_id])
    with pytest.raises(AssertionError):
        check_public_views(leaky, playout)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_option_schemas_defaults_pass_their_own_check(game_id: str) -> None:
    """Every option schema's defaults (and the corpus' options) pass check_options, and setup takes them."""
    game = REGISTRY[game_id]
    schema = optional_member(game, "options_schema") or ()
    defaults = {spec.name: spec.default for spec in schema}
    assert len(defaults) == len(schema), "two options share a name"
    assert check_options(schema, {}) == defaults
    assert check_options(schema, dict(defaults)) == defaults
    for spec in schema:
        assert spec.kind in ("int", "bool", "choice", "data")
        assert MESSAGE_ID.fullmatch(spec.label), spec.label
    for options in options_of(game_id):
        assert check_options(schema, options) == {**defaults, **options}
    game.setup(game.min_players, dict(defaults), SeededRng("defaults", 0))
