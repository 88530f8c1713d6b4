"""The playout corpus' games shared between pytest-xdist workers (tests/support/corpus.py, `share`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games import REGISTRY
from tests.support import corpus
from tests.support.corpus import PlayoutCorpus


def test_a_game_one_worker_played_is_read_by_the_other(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two corpora sharing a folder, as two workers do: the second gets the first's game (the same players,
    options, states and log, the registered engine) without playing it again."""
    first, second = PlayoutCorpus(), PlayoutCorpus()
    first.share(tmp_path)
    second.share(tmp_path)
    played = first.playout("polls", 2)

    def again(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the second worker played the game again")

    monkeypatch.setattr(corpus, "play", again)
    read = second.playout("polls", 2)
    assert read.game is REGISTRY["polls"]
    assert (read.players, read.options, read.seed) == (played.players, played.options, played.seed)
    assert read.actions == played.actions
    assert list(read.states) == list(played.states)


def test_a_stand_in_engine_is_not_shared(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No game is shared while a test has put another engine under a project's id; once it is back, it is."""
    shared = PlayoutCorpus()
    shared.share(tmp_path)
    monkeypatch.setitem(REGISTRY, "som", _StandIn(REGISTRY["som"]))
    shared.playout("som", 1)
    assert not list(tmp_path.glob("*.pickle"))
    monkeypatch.undo()
    shared.play("som", 2, {}, 5)
    assert len(list(tmp_path.glob("som-*.pickle"))) == 1


class _StandIn:
    """Another object standing in for a game's engine (as a test's stub would)."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)
