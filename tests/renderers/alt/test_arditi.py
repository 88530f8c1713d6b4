"""Arditi del Popolo's board in words (renderers/alt/arditi.py): in every language, within Discord's limit, with the
marches, their leaders, the police and the scores."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import words
from games.arditi import GAME
from games.arditi.view_types import ArditiView
from renderers.alt.arditi import describe
from renderers.samples.arditi import NAMES, public
from tests.renderers.helpers import described, sample_states
from tests.support.corpus import PlayoutCorpus
from tests.support.view_check import typed

State = dict[str, Any]


@pytest.fixture(scope="module")
def sampled(playout_corpus: PlayoutCorpus) -> list[State]:
    """A few states of each of the corpus' first 12 games (full ones among them): the start, three at random,
    the end."""
    return sample_states(playout_corpus, "arditi", 12, 3)


def test_every_state_is_described_in_every_language(sampled: list[State]) -> None:
    """Sampled corpus states are described, within 1,024 characters, fully worded, in the four languages; a seat's
    view says the same as the public one (everything is public)."""
    for state in sampled:
        text = described(describe, public(state), NAMES)
        assert described(describe, GAME.view(state, 0), NAMES) == text


def test_marches_leaders_police_and_scores_are_told(sampled: list[State]) -> None:
    """Each march with its spaces from tail to head and its leader's space, each police piece where it stands,
    and every party's score."""
    police = marches = 0
    for state in sampled:
        view = typed(public(state), ArditiView)
        text = describe(view, NAMES, words("en"))
        if text.endswith("…") or view["phase"] == "game_over":
            continue
        assert "Scores: " + ", ".join(f"{NAMES[s]} {view['scores'][s]}" for s in range(view["n"])) + "." in text
        for march in view["marches"]:
            chain = march["spaces"]
            said = f"March of {NAMES[march['seat']]}: {len(chain)} piece"
            assert said in text and f"leader on space {chain[march['leader']]}" in text.split(said)[1].split(".")[0]
            assert ", ".join(str(s) for s in chain) in text.split(said)[1].split(".")[0]
            marches += 1
        for piece in view["police"]:
            where = f"on space {piece['space']}" if piece["space"] else "off the board"
            assert f"{piece['rank']} {where}" in text  # a rank's id is its English word
            police += 1
    assert marches >= 30 and police >= 3


def test_what_the_mover_may_do_is_told(sampled: list[State]) -> None:
    """While a march moves, the spaces it may step to (and its jumps, over which number to which space)."""
    checked = 0
    for state in sampled:
        view = typed(public(state), ArditiView)
        if view["phase"] != "move":
            continue
        text = describe(view, NAMES, words("ca"))
        steps = sorted(m["space"] for m in view["moves"] if m["type"] == "step")
        if steps:
            assert "Caselles on pot avançar la marxa: " + ", ".join(map(str, steps)) + "." in text
        for jump in (m for m in view["moves"] if m["type"] == "jump"):
            assert f"per sobre del {jump['over']} fins a la casella {jump['space']}" in text
        checked += 1
    assert checked >= 10
