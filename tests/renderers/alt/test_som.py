"""Som el que decidim!'s board in words (renderers/alt/som.py): in every language, within Discord's limit, with the
face-up cards, the citizens and the vote; never a face-down card, never a secret bid."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.i18n import words
from games.som import GAME
from games.som.cards import CARD_NAME
from games.som.view_types import SomView
from renderers.alt.som import describe
from renderers.samples.som import NAMES
from tests.renderers.helpers import described, sample_states
from tests.renderers.secrets_kit import leaky
from tests.support.corpus import PlayoutCorpus
from tests.support.present import present
from tests.support.view_check import typed


def public(state: dict[str, Any]) -> SomView:
    """The public view as the alt text reads it, typed (the samples' `public` hands the renderers a plain dict)."""
    return GAME.view(state, None)

State = dict[str, Any]
View = SomView


@pytest.fixture(scope="module")
def sampled(playout_corpus: PlayoutCorpus) -> list[State]:
    """A few states of each of the corpus' first 16 games: the start, three at random and the end."""
    return sample_states(playout_corpus, "som", 16, 3)




def test_every_state_is_described_in_every_language(sampled: list[State]) -> None:
    """Sampled corpus states are described, within 1,024 characters, fully worded, in the four languages."""
    for state in sampled:
        described(describe, public(state), NAMES)


def test_no_face_down_card_and_no_bid_is_ever_told(sampled: list[State]) -> None:
    """A view whose face-down cells carry their cards says the same as the public view and names none of those
    cards; so does each seat's own view (with its secret bid during a vote)."""
    checked = 0
    for state in sampled:
        leaked, hidden = leaky(state)
        view = typed(leaked, SomView)
        text = describe(public(state), NAMES, words("en"))
        assert describe(view, NAMES, words("en")) == text
        assert not [c for c in hidden if words("en").msg(CARD_NAME[c]) in text]
        for seat in range(state["n"]):
            assert describe(GAME.view(state, seat), NAMES, words("en")) == text
        checked += bool(hidden)
    assert checked >= 40


def test_the_leak_check_can_fail(sampled: list[State]) -> None:
    """Turning a face-down cell face up in the leaky view changes the description and names its card."""
    state = next(s for s in sampled if any(c["state"] == "face_down" for c in public(s)["board"]))
    leaked, _hidden = leaky(state)
    view = typed(leaked, SomView)
    cell = next(c for c in view["board"] if c["state"] == "face_down")
    cell["state"] = "face_up"
    text = describe(view, NAMES, words("en"))
    assert text != describe(public(state), NAMES, words("en"))
    assert words("en").msg(CARD_NAME[cell["card"]]) in text


def test_the_turn_the_citizens_and_the_face_up_cards_are_told(sampled: list[State]) -> None:
    """The turn and the Generalitat, each citizen's cell, value and participation, and (when it is not cut)
    every face-up card by cell and name."""
    checked = 0
    for state in sampled:
        view = public(state)
        if not view["turn"] or view["phase"] == "game_over":
            continue
        text = describe(view, NAMES, words("en"))
        assert text.startswith(f"Som el que decidim! board: Turn {view['turn']}")
        for player in view["players"]:
            discs = "disc" if player["participation"] == 1 else "discs"
            assert (f"{NAMES[player['seat']]} ({player['colour']}) on {player['cell']}: {player['value']} €, "
                    f"{player['participation']} participation {discs}") in text
        if not text.endswith("…"):
            for cell in view["board"]:
                if cell["state"] == "face_up":
                    assert f"{cell['cell']} {words('en').msg(CARD_NAME[cell['card']])} (" in text
            checked += 1
    assert checked >= 5


def test_a_vote_tells_who_has_bid_never_how_much(sampled: list[State], playout_corpus: PlayoutCorpus) -> None:
    """While bids are secret each citizen who bid is told "has bid", and no description holds the amount of a bid
    a seat's own view knows."""
    bidding = [s for seed in range(16) for s in playout_corpus.playout("som", seed).states
               if (pending := public(s)["pending"]) is not None and pending["type"] == "bid"
               and present(public(s)["vote"])["bid_done"]]
    assert bidding
    for state in bidding[:: max(1, len(bidding) // 10)]:
        view = public(state)
        text = describe(view, NAMES, words("en"))
        for seat in present(view["vote"])["bid_done"]:
            row = text.split(f"{NAMES[seat]} (")[1].split(". ")[0]
            assert "has bid" in row
            assert describe(GAME.view(state, seat), NAMES, words("en")) == text  # its own bid is not told
        told = copy.deepcopy(view)
        present(told["vote"])["bid_done"] = []
        assert describe(told, NAMES, words("en")) != text  # the check can fail
