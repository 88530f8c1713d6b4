"""The computer player of Arditi del Popolo: always legal, deterministic, bounded, and it plays well."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import games.arditi.ai as ai
from games.arditi import GAME
from games.arditi.ai import choose, greedy_choose
from games.core.rng import SeededRng
from tests.games.arditi.arditi_ai_kit import March, State, at, attacked, position
from tests.games.positions_kit import random_states

Player = Callable[[State, int], Any]


def test_only_legal_actions_in_random_positions() -> None:
    """In positions of random games (2 and 3 players, roll and every step) and after an attack, the choice
    is legal and a seat that may not act gets None."""
    kinds = set()
    samples = [(s, 2) for seed in range(3) for s in random_states(GAME, seed, 14)]
    samples += [(s, 3) for s in random_states(GAME, 9, 18, 3)]
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
    for state in random_states(GAME, 7, 5) + [attacked()]:
        (seat,) = GAME.to_act(state)
        assert greedy_choose(state, seat, 1) in GAME.legal_actions(state, seat)


def test_deterministic_and_pure() -> None:
    """The same position and tie-breaking seed give the same action, a dump/load round trip changes nothing,
    and the state is not changed."""
    for state in random_states(GAME, 3, 20):
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
    for state in random_states(GAME, 5, 3):
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
    """Four seeded games against uniform random play (both seats, both first players): at least three won.

    The strength itself is measured by the benchmark (`python -m bench.arditi_ai`, target ≥ 80 % against
    random play).
    """
    wins = 0
    for seed in range(4):
        ai_seat = seed % 2
        outcome = GAME.outcome(play(seed, {ai_seat: computer, 1 - ai_seat: random_player(seed)}))
        assert outcome is not None
        wins += outcome.winners == [ai_seat]
    assert wins >= 3


def test_the_issue_example_ends_by_a_seed_condition() -> None:
    """Issue 20: the computer in both seats of `setup(2, {}, SeededRng(1, 0))` once spent whole rolls moving
    its leader there and back and ended the game by a round without a step while 55 numbers were in the
    bag. Now leader moves only attack, and the game ends the rulebook's way ("Il gioco si conclude quando
    finiscono i numeri della tombola, oppure quando uno dei concorrenti riesce a mettere insieme un corteo
    con 12 militanti")."""
    state = GAME.setup(2, {}, SeededRng(1, 0))
    for step in range(1, 3000):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.to_act(state)
        action = choose(state, seat, 100_000 + step)
        assert action is not None
        state = GAME.apply(state, seat, action, SeededRng(1, step))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason in ("bag_empty", "twelve_militants"), outcome


def bag_end(behind: bool) -> State:
    """Seat 0 heads in on (2, 2) with a number straight ahead and a free space beyond, one step left, and
    an empty bag: the jump's refill finds nothing, so jumping ends the game."""
    rival = [at(r, 0) for r in range(10, 16)] if behind else [at(12, 0), at(12, 1)]  # 5 militants or 1
    state = position([([at(0, 2), at(1, 2), at(2, 2)], 0, "ccw"), (rival, 0, None)], numbers=[at(3, 2)])
    state["bag"] = []
    return state


def test_captures_to_end_the_game_when_the_bag_is_empty_and_it_leads() -> None:
    """Ahead, the computer jumps: the refill finds the bag empty and the game ends with its win."""
    state = bag_end(behind=False)
    assert choose(state, 0) == {"type": "jump"}
    after = GAME.apply(state, 0, {"type": "jump"}, SeededRng(0, 1))
    outcome = GAME.outcome(after)
    assert outcome is not None and (outcome.reason, outcome.winners) == ("bag_empty", [0])


def test_does_not_end_the_game_by_the_bag_while_behind() -> None:
    """Behind (a rival march of five militants), the same jump would end the game lost: the computer steps
    aside."""
    state = bag_end(behind=True)
    assert {"type": "jump"} in GAME.legal_actions(state, 0)
    action = choose(state, 0)
    assert action is not None and action["type"] == "step"


def clash_ahead(players: int) -> State:
    """Seat 0's march (leader at the tail on (7, 3), head on (6, 3) heading cw) has one step left: stepping
    out brings the leader to the front on (6, 2), next to seat 1's leader in the middle of its march on
    (6, 1) (an attack); stepping cw or in attacks nobody. A third player leads the table by far."""
    victim: March = ([at(r, 1) for r in range(4, 9)], 2, "ccw")
    marches: list[March] = [([at(7, 3), at(6, 3)], 0, "cw"), victim]
    if players == 3:
        marches.append(([at(r, 0) for r in range(12, 18)], 0, "ccw"))
    return position(marches, numbers=[at(16, 4)], steps=1)


@pytest.mark.parametrize(("players", "attacks"), [(2, True), (3, False)])
def test_attacks_only_where_it_gains(players: int, attacks: bool) -> None:
    """Two players: an attack is the computer's gain, it takes it. Three or more: cutting a rival who is not
    the table's leader gains nothing against the leader, and a clash costs (it leaves a leaderless group in
    every march's way), so it steps elsewhere."""
    state = clash_ahead(players)
    attacking = {"type": "step", "dir": "out"}
    assert attacking in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, attacking, SeededRng(0, 1))
    assert after["phase"] == "place_leader" or after["groups"]  # it is an attack
    assert (choose(state, 0) == attacking) == attacks


def test_a_group_next_to_the_head_counts_as_taken_back() -> None:
    """A leaderless group whose end touches the head joins as the march's turn starts: the judgement
    counts all of it back (3 points a token: −1 in the group, +2 in the march), more than the same group
    a few steps away."""
    group = [at(2, 1), at(3, 1), at(4, 1)]
    near = position([([at(0, 0), at(1, 0)], 0, "ccw"), ([at(12, 2)], 0, None)])
    near["groups"] = [{"seat": 0, "spaces": list(group)}]  # its first end, ray 1 ring 1, touches the head
    far = position([([at(16, 0), at(17, 0)], 0, "ccw"), ([at(12, 2)], 0, None)])
    far["groups"] = [{"seat": 0, "spaces": list(group)}]
    judge = ai.Judge(near, 0)
    assert judge.rejoining(near, 0) == 3.0 * len(group)
    assert 0 < ai.Judge(far, 0).rejoining(far, 0) < judge.rejoining(near, 0)
