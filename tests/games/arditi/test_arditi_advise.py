"""The Arditi computer player's hints (`advise`): the same move as `choose`, a reason that is true to the
position, in every catalog, and blind to what nobody may see."""

from __future__ import annotations

import random

import pytest

from bot.i18n import LOCALES, words
from games.arditi import GAME
from games.arditi.ai import advise, choose
from games.core.messages import counted
from games.core.rng import SeededRng
from tests.games.arditi.arditi_ai_kit import at, attacked, position
from tests.games.positions_kit import random_states

REASONS = tuple(f"arditi.advice.{key}" for key in (
    "nothing", "roll", "only", "place", "win", "least_bad", "attack", "jump", "capture_on_the_way", "rejoin",
    "approach", "safe", "best"))


def samples() -> list[tuple[dict, int]]:
    states = [s for seed in range(2) for s in random_states(GAME, seed, 16)] + random_states(GAME, 5, 27, 3)
    return [(s, seat) for s in states for seat in GAME.to_act(s)] + [(attacked(), 0)]


def test_advice_is_the_computers_move_over_sampled_states() -> None:
    """In positions of random games (every phase, 2 and 3 players), advise's action is choose's for the same
    rng, and its reason is one of the catalogued ones."""
    seen = set()
    for index, (state, seat) in enumerate(samples()):
        advice = advise(state, seat, SeededRng(index, "ai"))
        assert advice.action == choose(state, seat, SeededRng(index, "ai"))
        assert advice.reason in REASONS
        seen.add(advice.reason)
    assert {"arditi.advice.roll", "arditi.advice.place"} <= seen and len(seen) >= 4


def test_every_reason_is_worded_in_every_language() -> None:
    """Each reason id is in all four catalogs, and reads without a placeholder left over."""
    for locale in LOCALES:
        catalog = words(locale)
        for reason in REASONS:
            assert catalog.has(reason), (locale, reason)
            text = catalog.msg(reason, ["Ada", "Bea"], count=2, militants=counted("arditi.militants", 9), space=12,
                               party=[{"seat": 1}])
            assert "{" not in text, (locale, reason, text)


@pytest.mark.parametrize(("locale", "numbers", "militants"), [
    ("en", "captures 2 numbers", "reaches 1 militant."), ("es", "captura 2 números", "llega a 1 militante."),
    ("it", "cattura 2 numeri", "arriva a 1 militante."), ("ca", "captura 2 números", "arriba a 1 militant.")])
@pytest.mark.parametrize("reason", ["arditi.advice.jump", "arditi.advice.capture_on_the_way"])
def test_both_counts_of_a_capture_take_their_own_plural(reason: str, locale: str, numbers: str,
                                                        militants: str) -> None:
    """Two numbers captured and a march of one militant: each count is worded by its own plural form."""
    text = words(locale).msg(reason, count=2, militants=counted("arditi.militants", 1))
    assert numbers in text and militants in text


def test_a_roll_is_a_roll() -> None:
    """At the start of a move the hint is the roll, and says every move starts with one."""
    state = GAME.setup(2, {"first": 0}, SeededRng(3, 0))
    advice = advise(state, 0)
    assert advice.action == {"type": "roll"} and advice.reason == "arditi.advice.roll"
    assert advise(state, 1).action is None


def test_a_jump_says_what_it_captures() -> None:
    """A number straight ahead with one step left: jump; it captures 1 number and the march of two
    militants reaches three."""
    state = position([([at(2, 2), at(3, 2), at(4, 2)], 0, "ccw"), ([at(12, 0)], 0, None)],
                     numbers=[at(5, 2), at(14, 3)])
    advice = advise(state, 0)
    assert advice.action == {"type": "jump"}
    assert (advice.reason, advice.params) == ("arditi.advice.jump",
                                              {"count": 1, "militants": counted("arditi.militants", 3)})


def test_a_step_toward_a_capture_this_move() -> None:
    """Two steps and a number two spaces ahead: the step leads to the jump, so the reason is the capture on
    the way."""
    state = position([([at(2, 2), at(3, 2), at(4, 2)], 0, "ccw"), ([at(12, 0)], 0, None)],
                     numbers=[at(6, 2), at(14, 3)], steps=2)
    advice = advise(state, 0)
    assert advice.action == {"type": "step", "dir": "ccw"}
    assert (advice.reason, advice.params) == ("arditi.advice.capture_on_the_way",
                                              {"count": 1, "militants": counted("arditi.militants", 3)})


def test_a_step_toward_the_nearest_number() -> None:
    """One step and a number two spaces ahead: the step brings the march one step (the jump) from it."""
    state = position([([at(2, 2), at(3, 2), at(4, 2)], 0, "ccw"), ([at(12, 0)], 0, None)],
                     numbers=[at(6, 2), at(14, 3)], steps=1)
    advice = advise(state, 0)
    assert advice.action == {"type": "step", "dir": "ccw"}
    assert (advice.reason, advice.params) == ("arditi.advice.approach", {"count": 1})


def test_an_attack_names_the_victim_and_what_it_loses() -> None:
    """Seat 1's leader can swap two places up its march next to seat 0's leader, in the middle of a march of
    seven (three tokens on each side): the hint attacks seat 0, who loses three militants."""
    state = position([([at(r, 2) for r in range(2, 9)], 3, "ccw"),
                      ([at(3, 3), at(4, 3), at(5, 3), at(6, 3)], 0, "ccw")], numbers=[at(14, 3)], current=1, steps=2)
    advice = advise(state, 1)
    assert advice.action == {"type": "leader_move", "toward": "head", "places": 2}
    assert (advice.reason, advice.params) == ("arditi.advice.attack", {"party": [{"seat": 0}], "count": 3})


def test_placing_the_leader_counts_the_offered_spaces() -> None:
    """An attacked leader: the hint names one of the offered spaces and how many there were."""
    state = attacked()
    advice = advise(state, 0)
    options = state["placing"]["options"]
    assert advice.action is not None
    assert advice.reason == "arditi.advice.place" and advice.params == {"count": len(options),
                                                                      "space": advice.action["space"]}
    assert advice.action["space"] in options


def test_the_hint_is_blind_to_the_bags_order() -> None:
    """The bag's order (what a draw would give) is shuffled: the advice stays the same in every sampled
    position."""
    for index, (state, seat) in enumerate(samples()[::3]):
        shuffled = dict(state, bag=list(state["bag"]))
        random.Random(index).shuffle(shuffled["bag"])
        assert shuffled["bag"] != state["bag"]
        assert advise(shuffled, seat, SeededRng(index, "ai")) == advise(state, seat, SeededRng(index, "ai"))
