"""The playout corpus: seeded random games of every registered game, played once per test session
and shared by every test that needs random states.

Use the session fixture `playout_corpus` (registered for the whole suite by tests/conftest.py):

    def test_something(playout_corpus: PlayoutCorpus) -> None:
        for playout in playout_corpus.games("junta"):      # list[games.core.playout.Playout]
            playout.game_id, playout.players, playout.options, playout.seed
            playout.states    # every state, states[0] the set-up; each read is a fresh copy
            playout.actions   # the log rows (seq, seat, action, at), as bot.replays.build takes them
        playout_corpus.states("polls", every=10)            # every 10th state of each game, and its last
        playout_corpus.playout("spyfall", 3)                 # one game of the standard set, by seed
        playout_corpus.play("arditi", 2, {"max_rounds": 8}, 7)  # any other game, played once and kept

Code that is no test (a `functools.cache`d helper, a parametrize list) may use the module's `CORPUS`,
the same object.

The standard set of a game is its descriptor's `playouts` seeds. Seed s picks its player count among
the game's and its options among the descriptor's `playout_options` (those its set-up accepts
for that count) from its own chooser; even seeds pick uniformly among every listed (seat, action),
quitting included, odd seeds quit only now and then (`QUIT_ODDS`) so that games also go deep; seeds
not divisible by 3 stamp every action as the bot does, the others a random share of them (engines
must take unstamped actions too). The game master's automatic steps and time-outs are played as a
table plays them (games/core/playout.py).

Everything is lazy and per game and seed. Under pytest-xdist every worker has its own session, and the
workers share what they play (`share`, set by the session fixture): the first worker to ask for a game
of a project's game plays it and leaves it in the run's temporary folder, under a lock that the other
worker waits on, and the other reads it from there instead of playing it again (Junta's twelve games take
some twenty seconds to play, a tenth of a second to read). Games are played with `check_inputs`: an
engine whose `apply` changes its input fails the first test that asks for that game (on each worker: a
game that failed is not left behind).
"""

from __future__ import annotations

import copy
import fcntl
import hashlib
import os
import pickle
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from games import DESCRIPTORS, GAME_IDS, REGISTRY, descriptor_of
from games.core.playout import Playout, play
from games.core.protocol import IllegalAction
from games.core.rng import SeededRng

__all__ = ["CORPUS", "Playout", "PlayoutCorpus", "options_of", "drop_shared", "playout_corpus",
           "shared_corpus"]

QUIT_ODDS = 0.01


def options_of(game_id: str) -> list[dict[str, Any]]:
    """The option sets the corpus draws from: the game's descriptor's `playout_options`."""
    found = descriptor_of(game_id)
    return [dict(options) for options in found.playout_options] if found is not None else [{}]


def playable(game_id: str, players: int) -> list[dict[str, Any]]:
    """The option sets of `options_of` that the game's set-up accepts for so many players."""
    game = REGISTRY[game_id]
    fit = []
    for options in options_of(game_id):
        try:
            game.setup(players, copy.deepcopy(options), SeededRng("fit", 0))
        except IllegalAction:
            continue
        fit.append(options)
    return fit


class PlayoutCorpus:
    """Random games played on first use and kept for the session (see the module's docstring)."""

    def __init__(self) -> None:
        self._played: dict[tuple[str, int, str, int, float, float], Playout] = {}
        self._standard: dict[tuple[str, int], Playout] = {}
        self._shared: Path | None = None

    def share(self, folder: Path | None) -> None:
        """Leave the games played in `folder` and read those another process left there (None: keep them here)."""
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        self._shared = folder

    def seeds(self, game_id: str) -> range:
        """The seeds of the game's standard set."""
        found = descriptor_of(game_id)
        return range(found.playouts if found is not None else 60)

    def playout(self, game_id: str, seed: int) -> Playout:
        """The standard set's game of this seed."""
        key = (game_id, seed)
        if key not in self._standard:
            game = REGISTRY[game_id]
            chooser = SeededRng(f"corpus:{game_id}", seed)
            players = chooser.randint(game.min_players, game.max_players)
            fit = playable(game_id, players)
            assert fit, f"no corpus options fit {players} players of {game_id}"
            options = chooser.choice(fit)
            stamp_odds = 1.0 if seed % 3 else chooser.randint(0, 100) / 100
            quit_odds = QUIT_ODDS if seed % 2 else 1.0
            self._standard[key] = self._play(game_id, players, options, seed, quit_odds=quit_odds,
                                             stamp_odds=stamp_odds)
        return self._standard[key]

    def games(self, game_id: str) -> list[Playout]:
        """Every game of the standard set, by seed."""
        return [self.playout(game_id, seed) for seed in self.seeds(game_id)]

    def states(self, game_id: str, every: int = 1) -> list[Any]:
        """Every `every`-th state of each game of the standard set, and each game's last (fresh copies)."""
        found: list[Any] = []
        for playout in self.games(game_id):
            picked = list(range(0, len(playout.states), every))
            if picked[-1] != len(playout.states) - 1:
                picked.append(len(playout.states) - 1)
            found += [playout.states[i] for i in picked]
        return found

    def play(self, game_id: str, players: int, options: dict[str, Any], seed: int) -> Playout:
        """A game outside the standard set (every action stamped, quitting only now and then), kept."""
        return self._play(game_id, players, options, seed, quit_odds=QUIT_ODDS, stamp_odds=1.0)

    def _play(self, game_id: str, players: int, options: dict[str, Any], seed: int, *,
              quit_odds: float, stamp_odds: float) -> Playout:
        key = (game_id, players, repr(sorted(options.items())), seed, quit_odds, stamp_odds)
        found = self._played.get(key)
        if found is None:
            found = self._shared_play(key, lambda: play(REGISTRY[game_id], players, options, seed,
                                                        quit_odds=quit_odds, stamp_odds=stamp_odds))
            self._played[key] = found
        return found

    def _shared_play(self, key: tuple[Any, ...], make: Callable[[], Playout]) -> Playout:
        """`make()`, or the same game as another worker of this run played and left in the shared folder.

        Only a project's own game is shared (a test may register a toy under some id for a while)."""
        game_id = key[0]
        own = game_id in GAME_IDS and REGISTRY.get(game_id) is _ENGINES.get(game_id)
        if self._shared is None or not own:
            return make()
        path = self._shared / f"{game_id}-{hashlib.sha256(repr(key).encode()).hexdigest()[:32]}.pickle"
        with _locked(path.with_suffix(".lock")):
            if path.exists():
                players, options, seed, states, actions = pickle.loads(path.read_bytes())
                return Playout(REGISTRY[game_id], players, options, seed, states, actions)
            playout = make()
            part = path.with_suffix(f".{os.getpid()}.part")
            part.write_bytes(pickle.dumps((playout.players, playout.options, playout.seed, playout.states,
                                           playout.actions), protocol=pickle.HIGHEST_PROTOCOL))
            part.replace(path)  # whole or absent: a reader never sees half a game
            return playout


# The project's engines as registered when this module was imported (a test that swaps one is not shared).
_ENGINES = {game_id: DESCRIPTORS[game_id].engine for game_id in GAME_IDS}


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on a file (fcntl.flock), held while the block runs; another process waits for it."""
    with open(path, "a") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


CORPUS = PlayoutCorpus()


@pytest.fixture(scope="session")
def playout_corpus() -> PlayoutCorpus:
    """The session's playout corpus (one per pytest-xdist worker, sharing what they play: `shared_corpus`)."""
    return CORPUS


SHARED = "playout-corpus"  # the folder of shared games, in the run's temporary folder


@pytest.fixture(scope="session", autouse=True)
def shared_corpus(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Under pytest-xdist, the workers share the corpus' games in the run's temporary folder (every worker's
    base folder is a child of the run's): each game is played by one worker only."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        yield
        return
    CORPUS.share(tmp_path_factory.getbasetemp().parent / SHARED)
    yield
    CORPUS.share(None)


def drop_shared(config: pytest.Config) -> None:
    """Remove the run's shared games once every worker is done (called by the controlling process: some
    hundreds of megabytes, which pytest would otherwise keep with its last three runs' folders)."""
    factory = getattr(config, "_tmp_path_factory", None)  # pytest-xdist hands its workers their folders from it
    if os.environ.get("PYTEST_XDIST_WORKER") is None and factory is not None:
        shutil.rmtree(factory.getbasetemp() / SHARED, ignore_errors=True)
