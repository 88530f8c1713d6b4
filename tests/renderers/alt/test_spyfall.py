"""Spyfall's pictures in words (renderers/alt/spyfall.py): the scoreboard's and the location sheet's descriptions,
in every language, within Discord's limit, and never the location while a round runs."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import words
from games.spyfall import GAME
from games.spyfall.locations import LOCATION_NAME
from games.spyfall.view_types import SpyfallView
from renderers.alt.spyfall import describe, describe_locations
from renderers.samples.spyfall import NAMES, others, story
from tests.renderers.helpers import described, sample_states
from tests.renderers.secrets_kit import with_other_secrets
from tests.support.corpus import PlayoutCorpus
from tests.support.present import present


def public(state: dict[str, Any]) -> SpyfallView:
    """The public view as the alt text reads it, typed (the samples' `public` hands the renderers a plain dict)."""
    return GAME.view(state, None)

State = dict[str, Any]
ROUND_PHASES = ("playing", "accusation", "final_vote", "spy_guess")


@pytest.fixture(scope="module")
def cases() -> dict[str, State]:
    """One scripted game of 3 rounds at a table of 6 (renderers/samples/spyfall.py)."""
    return story()


@pytest.fixture(scope="module")
def sampled(playout_corpus: PlayoutCorpus) -> list[State]:
    """A few states of each of the corpus' first 12 games: the start, two at random and the end."""
    return sample_states(playout_corpus, "spyfall", 12, 2)




def test_every_state_is_described_in_every_language(sampled: list[State]) -> None:
    """Both pictures' descriptions of sampled corpus states are there, within 1,024 characters, fully worded, in
    the four languages."""
    for state in sampled:
        view = public(state)
        names = NAMES[: view["n"]]
        described(describe, view, names)
        described(describe_locations, view, names)


@pytest.mark.parametrize("case", ["playing", "accusation", "final_vote", "spy_guess", "left"])
def test_a_round_s_location_and_spy_are_never_told(cases: dict[str, State], case: str) -> None:
    """While a round runs both descriptions are the same whichever location, roles and spy the state holds and
    from a seat's own view, and the scoreboard's does not name the round's location."""
    state = cases[case]
    names = NAMES[: state["n"]]
    insider = next(s for s in others(state) if s != state["spy"])
    for text in (describe, describe_locations):
        told = described(text, public(state), names)
        for view in (public(with_other_secrets(state)), GAME.view(state, state["spy"]), GAME.view(state, insider)):
            assert described(text, view, names) == told
    assert state["location"] not in [entry["location"] for entry in state["history"]]  # named by no past round
    assert words("en").msg(LOCATION_NAME[state["location"]]) not in describe(public(state), names, words("en"))


def test_random_rounds_tell_no_secret(sampled: list[State]) -> None:
    """The same holds on sampled corpus states in a round."""
    checked = 0
    for state in sampled:
        if state["phase"] not in ROUND_PHASES:
            continue
        names = NAMES[: state["n"]]
        for text in (describe, describe_locations):
            assert text(public(with_other_secrets(state)), names, words("es")) == text(public(state), names,
                                                                                          words("es"))
        checked += 1
    assert checked >= 10


def test_the_scoreboard_says_the_round_the_asker_and_the_scores(cases: dict[str, State]) -> None:
    """A running round: its number and phase, who asks next, every player; after rounds, each total and each
    round's location, outcome and spy."""
    view = public(cases["playing"])
    text = describe(view, NAMES[: view["n"]], words("en"))
    assert f"Round {view['round']} of {view['rounds']}" in text and "Playing" in text
    assert f"Asks next: {NAMES[present(view['asker'])]}" in text
    assert all(name in text for name in NAMES[: view["n"]])
    over = public(cases["game_over"])
    text = describe(over, NAMES[: over["n"]], words("it"))
    assert all(f"{NAMES[s]} {over['scores'][s]}" in text for s in range(over["n"]))
    for entry in over["history"]:
        where = words("it").msg(LOCATION_NAME[entry["location"]])
        assert f"Round {entry['round']}: {where}" in text and f"la spia era {NAMES[entry['spy']]}" in text


def test_the_sheet_names_the_location_once_the_round_is_over(cases: dict[str, State]) -> None:
    """After a round the sheet's description names its location (and the spy's wrong guess) before the numbered
    list; during the round it is the list alone."""
    over = public(cases["round_over_wrong_guess"])
    result = present(over["result"])
    text = describe_locations(over, NAMES, words("en"))
    where = words("en").msg(LOCATION_NAME[result["location"]])
    guess = words("en").msg(LOCATION_NAME[present(result.get("guess"))])
    assert f"Location of round {result['round']}: {where}." in text and f"Spy's wrong guess: {guess}." in text
    during = describe_locations(public(cases["playing"]), NAMES, words("en"))
    assert "Location of round" not in during
    number = over["locations"].index(result["location"]) + 1
    assert f"{number}. {where}" in during
