"""Every public and private view of every game, over a sample of the playout corpus, has the shape its
descriptor's `view_type` declares (games/<id>/view_types.py): no undeclared key, no missing one, every
value of its declared type. A key added to a view without a type fails here."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

import pytest

from games import DESCRIPTORS, GAME_IDS, REGISTRY
from tests.support.corpus import PlayoutCorpus
from tests.support.view_check import mismatches

pytestmark = pytest.mark.slow(6)  # scheduled early (tests/conftest.py)

# Every EVERY-th state of each standard game and its last, with the public view and one seat's (in turn): every
# declared key of every game but a handful of rare ones (a Spyfall pack's names, a Junta coup's permits) comes up
# non-null in the sample, in a few seconds a game once the corpus is played. Som's games are short: more of them.
EVERY = {"som": 2}
DEFAULT_EVERY = 10


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_views_match_their_declared_types(game_id: str, playout_corpus: PlayoutCorpus) -> None:
    """The public view and each seat's view of sampled corpus states fit the game's view type."""
    declared = DESCRIPTORS[game_id].view_type
    assert declared is not None, f"{game_id} declares no view type"
    game = REGISTRY[game_id]
    wrong: list[str] = []
    for index, state in enumerate(playout_corpus.states(game_id, every=EVERY.get(game_id, DEFAULT_EVERY))):
        for seat in (None, index % state["n"]):
            for problem in mismatches(game.view(state, seat), declared, f"view(seat={seat})"):
                if problem not in wrong:
                    wrong.append(problem)
    assert not wrong, "\n".join(wrong[:20])


class Inner(TypedDict):
    kind: Literal["a", "b"]
    size: float


class Outer(TypedDict):
    items: list[Inner]
    names: dict[str, int | None]
    extra: NotRequired[bool]
    free: Any


@pytest.mark.parametrize(("value", "found"), [
    ({"items": [{"kind": "a", "size": 1}], "names": {"x": None}, "free": [1]}, []),
    ({"items": [], "names": {}, "free": None, "extra": True}, []),
    ({"items": [], "names": {}, "free": 0, "new": 1}, ["view.new: undeclared key"]),
    ({"items": [], "free": 0}, ["view.names: missing"]),
    ({"items": [{"kind": "c", "size": 1.5}], "names": {}, "free": 0}, ["view.items[0].kind"]),
    ({"items": [{"kind": "a", "size": True}], "names": {}, "free": 0}, ["view.items[0].size"]),
    ({"items": [], "names": {"x": "1"}, "free": 0}, ["view.names['x']"]),
    ({"items": [], "names": {}, "free": 0, "extra": 1}, ["view.extra"]),
])
def test_the_checker_finds_what_does_not_fit(value: dict[str, Any], found: list[str]) -> None:
    """The checker passes a fitting value and names the place of each kind of misfit."""
    wrong = mismatches(value, Outer)
    assert bool(wrong) == bool(found), wrong
    for place in found:
        assert any(w.startswith(place) for w in wrong), (place, wrong)
