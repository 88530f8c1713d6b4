"""The Polls Are Closed!'s board in words (renderers/alt/polls.py): in every language, within Discord's limit, with
the seats each party would win and the propaganda circles' contents."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import words
from games.polls import GAME
from games.polls.data import REGIONS
from games.polls.view_types import PollsView
from renderers.alt.polls import describe
from renderers.samples.polls import NAMES, crowded_view, final_with_influence, playout, public
from tests.renderers.helpers import described, sample_states
from tests.support.corpus import PlayoutCorpus
from tests.support.present import present
from tests.support.view_check import typed

State = dict[str, Any]


@pytest.fixture(scope="module")
def sampled(playout_corpus: PlayoutCorpus) -> list[State]:
    """A few states of each of the corpus' first 10 games: the start, three at random and the end."""
    return sample_states(playout_corpus, "polls", 10, 3)


def test_every_state_is_described_in_every_language(sampled: list[State]) -> None:
    """Sampled corpus states and the most crowded board are described, within 1,024 characters, fully worded, in
    the four languages; a seat's view says the same as the public one (everything is public)."""
    for state in sampled:
        text = described(describe, public(state), NAMES)
        assert described(describe, GAME.view(state, 1), NAMES) == text
    described(describe, crowded_view(), NAMES)


def test_the_seats_and_the_circles_are_told(sampled: list[State]) -> None:
    """The seats each party would win now and the majority, who plays, and every sector holding Propaganda with
    its party and count."""
    checked = 0
    for state in sampled:
        view = typed(public(state), PollsView)
        if view["phase"] == "game_over" or not any(c["count"] for c in view["circles"].values()):
            continue
        text = describe(view, NAMES, words("en"))
        projection = view["seats_projection"]
        blue, red = projection["seats"]
        assert (f"Seats if the polls closed now · majority {projection['majority']}".replace(" ·", ",") in text
                and f"Blue {blue}, Red {red}, other parties {projection['third']}." in text)
        current = present(view["current"])
        assert f"{('Blue', 'Red')[current]}, {NAMES[current]}: " in text
        circles = text.split("Propaganda circles: ")[1].split(". ")[0].split(", ")
        held = {sector: info for sector, info in view["circles"].items() if info["count"]}
        assert len(circles) == len(held)
        for sector, info in held.items():
            shown = sector[0] + "/".join(sector[1:])
            assert f"{shown} {('Blue', 'Red')[present(info['owner'])]} {info['count']}" in circles
        checked += 1
    assert checked >= 20


def test_the_end_says_who_won_or_the_hung_parliament() -> None:
    """A final board says the final seats and the winner; an empty map, a hung parliament."""
    game = playout(1)
    won = typed(public(game[-1][0]), PollsView)
    seats = present(won["result"])["seats"]
    winner = present(won["result"])["winners"][0]
    text = describe(won, NAMES, words("es"))
    assert f"{('Azul', 'Rojo')[winner]}, {NAMES[winner]}: gana" in text and f"Azul {seats[0]}, Rojo {seats[1]}" in text
    hung = typed(final_with_influence(game, {region: [0, 0] for region in REGIONS}), PollsView)
    assert "Hung parliament: a draw." in describe(hung, NAMES, words("en"))

