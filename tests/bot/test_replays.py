"""The pure replay builder (bot/replays.py) over every game of games.REGISTRY, from the playout corpus' random games."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from bot.meta import TableMeta
from bot.replays import MAX_FRAMES, Moment, ReplayMissing, build, choose_frames, spread
from bot.store import TableRow
from bot.tables import Change, Table
from games import DESCRIPTORS, REGISTRY
from games.core.playout import LogRow
from games.core.protocol import Game
from tests.support.corpus import CORPUS, PlayoutCorpus

pytestmark = pytest.mark.slow(15)  # scheduled early (tests/conftest.py)

START = 1_767_225_600.0
# Games of the playout corpus per game: its first odd seeds (odd seeds quit only now and then, so their games
# go deep), one for every PLAYOUTS_PER_REPLAY games of its standard set (a game of long games has a small set:
# Junta's twelve run thousands of actions each, one is replayed), at least one and at most MAX_REPLAYS.
PLAYOUTS_PER_REPLAY = 18
MAX_REPLAYS = 3


def rounds_of(game_id: str) -> frozenset[str]:
    """The round events of the game's board (its cog's `GameUI.repost_on`), as bot/ui/replay.py passes them."""
    return frozenset(importlib.import_module(DESCRIPTORS[game_id].cog).UI.repost_on)


def replayed_seeds(game_id: str) -> list[int]:
    """The seeds of the game's standard set whose games are rebuilt from their logs here."""
    count = max(1, min(MAX_REPLAYS, DESCRIPTORS[game_id].playouts // PLAYOUTS_PER_REPLAY))
    return list(CORPUS.seeds(game_id)[1::2][:count])


def recorded(corpus: PlayoutCorpus, game_id: str, seed: int) -> tuple[int, dict[str, Any], list[Any], list[LogRow]]:
    """A seeded random game as a table plays it: (players, options, every state, the action log)."""
    playout = corpus.playout(game_id, seed)
    assert playout.outcome is not None, f"a random {game_id} game did not end"
    return playout.players, playout.options, list(playout.states), playout.actions


def snapshot_of(game: Game, states: list[Any]) -> tuple[int, Any]:
    return len(states) - 1, json.loads(json.dumps(game.dump(states[-1])))


def public_events(game: Game, n: int, states: list[Any]) -> list[dict[str, Any]]:
    """Every event the table published, computed the table's own way (`Change.public`)."""
    row = TableRow(id=1, game=game.id, guild=1, channel=1, thread=None, host=1, seed=0, options={}, status="playing",
                   created=START, updated=START, meta=TableMeta())
    table = Table(row=row, game=game, users=list(range(n)))
    events = list(game.view(states[0], None)["log"])
    for before, after in zip(states, states[1:], strict=False):
        events += Change(table=table, seat=None, action={}, before=before, after=after).public()[2]
    return events


CASES = [(game_id, seed) for game_id in REGISTRY for seed in replayed_seeds(game_id)]


@pytest.mark.parametrize(("game_id", "seed"), CASES)
def test_every_picture_is_the_public_view_of_its_moment(playout_corpus: PlayoutCorpus, game_id: str,
                                                        seed: int) -> None:
    """A random game rebuilt from its log: each picture's view is `view(state, None)` of the playout's own
    state at that moment (never a seat's private view where it differs), the log's events are exactly the
    published ones, and the pictures are the turns' or rounds' beginnings with the set-up and the end."""
    game = REGISTRY[game_id]
    n, options, states, actions = recorded(playout_corpus, game_id, seed)
    replay = build(game, n, seed, options, actions, snapshot_of(game, states), rounds=rounds_of(game_id))
    assert [m.seq for m in replay.moments] == list(range(len(states)))
    assert replay.frames and replay.frames == sorted(set(replay.frames)) and len(replay.frames) <= MAX_FRAMES
    assert replay.frames[-1] == len(states) - 1  # the final board
    for moment in replay.frame_moments():
        state = states[moment.seq]
        public = game.view(state, None)
        assert moment.view == public
        for seat in range(n):
            private = game.view(state, seat)
            if private != public:
                assert moment.view != private
        assert moment.seq in (0, len(states) - 1) or moment.new_turn or moment.new_round
    assert all(m.view is None for i, m in enumerate(replay.moments) if i not in replay.frames)
    assert replay.events() == public_events(game, n, states)


def test_the_log_must_match_its_snapshot(playout_corpus: PlayoutCorpus) -> None:
    """A missing snapshot, a gap in the log, an empty log, a short log, a log that no longer rebuilds the
    stored state, and an action the engine refuses: each is "missing or incomplete"."""
    game = REGISTRY["polls"]
    n, options, states, actions = recorded(playout_corpus, "polls", 4)
    snapshot = snapshot_of(game, states)
    build(game, n, 4, options, actions, snapshot)  # the whole log: fine
    wrong = [
        (actions, None),
        (actions[:3] + actions[4:], snapshot),
        ([], (0, snapshot[1])),
        (actions[:-1], snapshot),
        (actions[:-1], (len(actions) - 1, snapshot[1])),
    ]
    refused = [(seq, seat, {"type": "__nothing__"}, at) if seq == 5 else (seq, seat, action, at)
               for seq, seat, action, at in actions]
    wrong.append((refused, snapshot))
    for log, snap in wrong:
        with pytest.raises(ReplayMissing):
            build(game, n, 4, options, log, snap)
    with pytest.raises(ReplayMissing):
        build(game, n, 5, options, actions, snapshot)  # another seed deals other dice


def _moment(seq: int, *, turn: bool = False, round_: bool = False, key: int | None = None) -> Moment:
    return Moment(seq=seq, at=None, events=(), acting=(0,) if turn else (), turn=0, new_turn=turn, new_round=round_,
                  view={"k": seq if key is None else key})


def test_frames_past_the_cap_keep_the_ends_the_rounds_and_spread_turns() -> None:
    """With more turns than pictures: the set-up, the end and every round's start stay, the turns are spread
    evenly (the last of each chunk); pictures that would look the same keep only the later one."""
    moments = [_moment(0)] + [_moment(i, turn=True, round_=i % 25 == 0) for i in range(1, 200)] + [_moment(200)]
    frames = choose_frames(moments, 20, key=lambda view: view["k"])
    assert len(frames) == 20 and frames[0] == 0 and frames[-1] == 200
    assert {25, 50, 75, 100, 125, 150, 175} <= set(frames)
    turns = [f for f in frames if f % 25 and f not in (0, 200)]  # 11 of the 192 other turns, evenly
    assert len(turns) == 11 and turns[-1] == 199
    gaps = [b - a for a, b in zip(turns, turns[1:], strict=False)]
    assert min(gaps) >= 16 and max(gaps) <= 19, gaps
    assert spread([1, 2, 3, 4, 5, 6], 3) == [2, 4, 6]
    assert spread([1, 2], 3) == [1, 2]
    same = [_moment(0, key=1), _moment(1, turn=True, key=1), _moment(2, turn=True, key=2), _moment(3, key=2)]
    assert choose_frames(same, 20, key=lambda view: view["k"]) == [1, 3]
