"""The computer player of Arditi del Popolo: always legal, deterministic, bounded, and it plays well."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

import games.arditi.ai as ai
from games.arditi import GAME
from games.arditi.ai import choose, greedy_choose
from games.arditi.board import space_at
from games.arditi.engine import POLICE_RANKS
from games.core.rng import SeededRng

State = dict[str, Any]
Player = Callable[[State, int], Any]
March = tuple[list[int], int, str | None]  # spaces tail to head, the leader's index, direction


def at(ray: int, ring: int) -> int:
    """The space on `ray` (0-17) and `ring` (0 outer … 4 inner)."""
    return space_at(ray, ring)


def position(marches: list[March], numbers: Iterable[int] = (), police: Iterable[int] = (),
             current: int = 0, steps: int = 1) -> State:
    """A move in progress: `current` has `steps` steps left; the board holds only what is given."""
    state = GAME.setup(len(marches), {"first": 0}, SeededRng(0, 0))
    state.update(
        phase="move", current=current, die=steps, steps_left=steps, numbers=sorted(numbers), waiting=[],
        groups=[], police=[{"rank": POLICE_RANKS[i], "space": s} for i, s in enumerate(police)],
        marches=[{"spaces": list(spaces), "leader": leader, "dir": travel} for spaces, leader, travel in marches],
    )
    state["visited"] = [state["marches"][current]["spaces"][-1]]
    return state


def random_states(seed: int, every: int, players: int = 2) -> list[State]:
    """Positions of a seeded random game, sampled every `every` actions (every phase and step)."""
    chooser = random.Random(seed)
    state = GAME.setup(players, {}, SeededRng(seed, 0))
    sampled = []
    step = 0
    while GAME.outcome(state) is None:
        step += 1
        if step % every == 0:
            sampled.append(state)
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)), SeededRng(seed, step))
    return sampled


def attacked() -> State:
    """Seat 1's lone leader steps next to seat 0's leader in the middle of a march of seven: seat 0 must
    choose where its leader goes (both parts have three tokens)."""
    state = position([([at(r, 0) for r in range(2, 9)], 3, "ccw"), ([at(5, 2)], 0, "out")],
                     numbers=[at(14, 3)], current=1)
    return GAME.apply(state, 1, {"type": "step", "dir": "out"}, SeededRng(1, 1))


def test_only_legal_actions_in_random_positions() -> None:
    """In positions of random games (2 and 3 players, roll and every step) and after an attack, the choice
    is legal and a seat that may not act gets None."""
    kinds = set()
    samples = [(s, 2) for seed in range(3) for s in random_states(seed, 7)] + [(s, 3) for s in random_states(9, 9, 3)]
    for state, players in samples:
        (seat,) = GAME.to_act(state)
        action = choose(state, seat)
        assert action in GAME.legal_actions(state, seat)
        kinds.add(action["type"])
        for other in range(players):
            if other != seat:
                assert choose(state, other) is None
    assert {"roll", "step"} <= kinds
    placing = attacked()
    assert placing["phase"] == "place_leader"
    action = choose(placing, 0)
    assert action is not None and action["type"] == "place_leader"
    assert action in GAME.legal_actions(placing, 0)
    assert choose(placing, 1) is None


def test_nothing_to_do_when_the_game_is_over() -> None:
    """A finished game gives None for every seat."""
    chooser = random.Random(4)
    state = GAME.setup(2, {}, SeededRng(4, 0))
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)),
                           SeededRng(4, state["log_count"]))
    assert choose(state, 0) is None and choose(state, 1) is None


def test_greedy_baseline_is_legal() -> None:
    """The greedy benchmark player also only returns legal actions."""
    for state in random_states(7, 5) + [attacked()]:
        (seat,) = GAME.to_act(state)
        assert greedy_choose(state, seat, 1) in GAME.legal_actions(state, seat)


def test_deterministic_and_pure() -> None:
    """The same position and tie-breaking seed give the same action, a dump/load round trip changes nothing,
    and the state is not changed."""
    for state in random_states(3, 11):
        (seat,) = GAME.to_act(state)
        before = GAME.dump(state)
        first = choose(state, seat, 5)
        assert first == choose(GAME.load(before), seat, 5) == choose(state, seat, SeededRng(5, 0))
        assert choose(state, seat) == choose(GAME.load(before), seat)
        assert GAME.dump(state) == before


def test_work_per_decision_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search counts engine applications: a tiny budget still gives a legal action, with at most a few
    applications over it (the children of the positions still open when it ran out)."""
    calls = [0]
    real = ai._apply

    def counting(*args: Any) -> Any:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(ai, "_apply", counting)
    monkeypatch.setattr(ai, "NODE_BUDGET", 20)
    worst = 0
    for state in random_states(5, 3):
        (seat,) = GAME.to_act(state)
        calls[0] = 0
        assert choose(state, seat) in GAME.legal_actions(state, seat)
        worst = max(worst, calls[0])
    assert 20 < worst <= 20 + 60


def test_takes_an_obvious_capture() -> None:
    """With one step left and a number straight ahead (free space behind it), the march jumps it rather
    than stepping aside."""
    state = position([([at(2, 2), at(3, 2), at(4, 2)], 0, "ccw"), ([at(12, 0)], 0, None)],
                     numbers=[at(5, 2), at(14, 3)])
    legal = GAME.legal_actions(state, 0)
    assert {"type": "jump"} in legal and len(legal) == 3
    assert choose(state, 0) == {"type": "jump"}


def test_plans_a_capture_two_steps_ahead() -> None:
    """With two steps and a number two spaces ahead, the march steps up to it and then jumps it."""
    # from (4, 2) a step ccw reaches (5, 2), facing the number on (6, 2) with (7, 2) free behind it
    state = position([([at(2, 2), at(3, 2), at(4, 2)], 0, "ccw"), ([at(12, 0)], 0, None)],
                     numbers=[at(6, 2), at(14, 3)], steps=2)
    assert choose(state, 0) == {"type": "step", "dir": "ccw"}
    after = GAME.apply(state, 0, {"type": "step", "dir": "ccw"}, SeededRng(0, 1))
    assert choose(after, 0) == {"type": "jump"}


def test_avoids_a_dead_end() -> None:
    """A step "in" leads into a pocket walled by police, where the march would be boxed in for good; with
    the open ways ahead and to the right, the march does not take it (nor in the greedy baseline's ties)."""
    state = position([([at(0, 2), at(1, 2), at(2, 2)], 0, "ccw"), ([at(12, 0)], 0, None)],
                     numbers=[at(8, 0)], police=[at(2, 4), at(3, 3), at(1, 3)])
    pocket = {"type": "step", "dir": "in"}
    assert pocket in GAME.legal_actions(state, 0)
    boxed = GAME.apply(state, 0, pocket, SeededRng(0, 1))
    assert ai.room(boxed, 0) == 0  # from the pocket no step is possible
    for seed in range(5):
        assert choose(state, 0, seed) != pocket


def test_places_an_attacked_leader_on_the_better_side() -> None:
    """After an attack the computer keeps a part whose new head is not boxed in and can move."""
    state = attacked()
    action = choose(state, 0)
    assert action is not None
    after = GAME.apply(state, 0, action, SeededRng(0, 2))
    assert ai.room(after, 0) == ai.ROOM_DEPTH


def computer(state: State, seat: int) -> Any:
    return choose(state, seat)


def random_player(seed: int) -> Player:
    chooser = random.Random(seed)
    return lambda state, seat: chooser.choice(GAME.legal_actions(state, seat))


def play(seed: int, players: dict[int, Player], max_steps: int = 3000) -> State:
    """A whole seeded game; every action must be legal."""
    state = GAME.setup(2, {"first": (seed // 2) % 2}, SeededRng(seed, 0))
    for step in range(1, max_steps + 1):
        if GAME.outcome(state) is not None:
            return state
        (seat,) = GAME.to_act(state)
        action = players[seat](state, seat)
        assert action in GAME.legal_actions(state, seat), (step, action)
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
    raise AssertionError(f"no outcome after {max_steps} actions")


def test_beats_random_play() -> None:
    """Six seeded games against uniform random play (both seats, both first players): at least five won.

    The benchmark (`python -m bench.arditi_ai`) won 198 of its 200 games against random play.
    """
    wins = 0
    for seed in range(6):
        ai_seat = seed % 2
        outcome = GAME.outcome(play(seed, {ai_seat: computer, 1 - ai_seat: random_player(seed)}))
        assert outcome is not None
        wins += outcome.winners == [ai_seat]
    assert wins >= 5
