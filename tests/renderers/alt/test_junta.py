"""Junta's board in words (renderers/alt/junta.py): in every language, within Discord's limit, with the phase, the
offices and a coup's units area by area; never money, a hand or an unrevealed whereabouts."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from bot.i18n import words
from games.core.rng import SeededRng
from games.junta import GAME, readers
from games.junta.view_types import JuntaView
from renderers.alt.junta import describe
from renderers.junta import AREA_NAME, BOX_NAME, OFFICE_NAME
from renderers.samples.junta import NAMES
from tests.games.junta.playout_checks import perturbed
from tests.renderers.helpers import described
from tests.support.corpus import PlayoutCorpus


def public(state: dict[str, Any]) -> JuntaView:
    """The public view as the alt text reads it, typed (the samples' `public` hands the renderers a plain dict)."""
    return GAME.view(state, None)

State = dict[str, Any]
SEEDS = (3, 5)  # two of the corpus' shorter games with coups (a whole game takes seconds to play)


@pytest.fixture(scope="module")
def sampled(playout_corpus: PlayoutCorpus) -> list[State]:
    """States of two corpus games: the start, 10 at random, 10 during a coup, the end."""
    pick = random.Random(25)
    found = []
    for seed in SEEDS:
        states = list(playout_corpus.playout("junta", seed).states)
        coups = [s for s in states if s["coup"] is not None]
        found += [states[0], *pick.sample(states, 10), *pick.sample(coups, min(10, len(coups))), states[-1]]
    return found


def test_every_state_is_described_in_every_language(sampled: list[State]) -> None:
    """Sampled corpus states, coups among them, are described, within 1,024 characters, fully worded, in the four
    languages."""
    for state in sampled:
        described(describe, public(state), NAMES)


def test_the_description_depends_only_on_the_public_view(sampled: list[State]) -> None:
    """A state whose secrets were dealt differently (notes, hands, unrevealed whereabouts) is described the same,
    and so is each seat's own view (its hand, notes and account), and a view carrying everyone's money."""
    pick = random.Random(11)
    checked = 0
    for state in sampled:
        text = describe(public(state), NAMES, words("es"))
        frame, _seats = readers.waiting(state)
        # (decisions that wait on whoever's notes allow them are not perturbed, as in test_junta_playouts)
        if frame is None or readers.decision_of(frame) not in ("budget:keep", "coup", "surrender"):
            assert describe(public(perturbed(state, pick)), NAMES, words("es")) == text
            checked += 1
        for seat in range(state["n"]):
            assert describe(GAME.view(state, seat), NAMES, words("es")) == text
        # deliberately no valid view (keys a view never carries): what the description must not read
        leaky: Any = copy.deepcopy(public(state))
        for player in leaky["players"]:
            player.update(money=[1, 2, 3], account=[987] * 5, notes=6, total=987)
        assert describe(leaky, NAMES, words("es")) == text
    assert checked >= 12


def test_no_score_is_told() -> None:
    """A result's scores and accounts (money) are never said, only the winners."""
    view = public(GAME.setup(5, {}, SeededRng(1, 0)))
    view["result"] = {"winners": [2], "reason": "aid_exhausted", "scores": {str(s): 987 for s in range(5)},
                      "accounts": [[329] * 3 for _ in range(5)]}
    for text in described(describe, view, NAMES).values():
        assert "987" not in text and "329" not in text and NAMES[2] in text


def test_offices_and_a_coup_s_units_are_told(sampled: list[State]) -> None:
    """Who holds each office, and during a coup each player's units in each area (as many as the view has there),
    the rebels and the coup's phase."""
    coups = 0
    for state in sampled:
        view = public(state)
        text = describe(view, NAMES, words("en"))
        for office, holder in view["controllers"].items():
            if holder is not None:
                assert f"{words('en').msg(OFFICE_NAME[office])}: {NAMES[holder]}" in text
        if view["coup"] is None or text.endswith("…"):
            continue
        where = Counter((u["controller"], u["area"], u["active"]) for u in view["coup"]["units"].values()
                        if u["area"] is not None)
        for (controller, area, active), count in where.items():
            place = words("en").msg(AREA_NAME[area] if area in AREA_NAME else BOX_NAME[area])
            units = "unit" if count == 1 else "units"
            if controller is None:
                assert f"{count} {units} nobody controls in {place}" in text
            elif active or area in BOX_NAME:
                assert f"{NAMES[controller]}: {count} " in text and f"{units} in {place}" in text
        assert "Coup: " in text
        coups += 1
    assert coups >= 5
