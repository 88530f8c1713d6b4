"""The Polls computer player's hints (`advise`): the same move as `choose`, a reason from the search's own
numbers that is true to the position, in every catalog, and blind to the dice still to come."""

from __future__ import annotations

from bot.i18n import LOCALES, words
from games.core.messages import msg
from games.core.rng import SeededRng
from games.polls import GAME
from games.polls.ai import ALTERNATIVE, advise, choose
from tests.games.polls.helpers_polls import BLUE, RED, new_game, with_board
from tests.games.positions_kit import random_states

REASONS = ("polls.advice.nothing", "polls.advice.only", "polls.advice.poll_seats", "polls.advice.poll_best",
           "polls.advice.dice_either", "polls.advice.seven", "polls.advice.no_seven", "polls.advice.die_first",
           "polls.advice.keep", "polls.advice.influence_seats", "polls.advice.influence_plan", "polls.advice.as_good",
           "polls.advice.propaganda", "polls.advice.double", "polls.advice.pact", "polls.advice.shift")


def test_advice_is_the_computers_move_over_sampled_states() -> None:
    """In positions of random games (every phase and step), advise's action is choose's for the same rng and
    its reason is a catalogued one."""
    seen = set()
    for index, state in enumerate(random_states(GAME, 1, 23) + random_states(GAME, 2, 31)):
        for seat in (BLUE, RED):
            advice = advise(state, seat, SeededRng(index, "ai"))
            assert advice.action == choose(state, seat, SeededRng(index, "ai"))
            assert advice.reason in REASONS
            seen.add(advice.reason)
    assert {"polls.advice.nothing", "polls.advice.only"} < seen and len(seen) >= 5


def test_every_reason_is_worded_in_every_language() -> None:
    """Each reason id and each way of naming the runner-up is in all four catalogs, and reads whole."""
    region = msg("polls.region_in.madrid")
    for locale in LOCALES:
        catalog = words(locale)
        for reason in [*REASONS, *ALTERNATIVE.ids()]:
            assert catalog.has(reason), (locale, reason)
            text = catalog.msg(reason, None, count=2, gain=1.5, region=region, pay="A", value=3, circle="A",
                               sector="A16", source="Madrid", target="Catalonia", choice="x", alternative="y")
            assert "{" not in text, (locale, reason, text)


def test_influence_says_the_seats_it_wins() -> None:
    """With 1 A in the influence step on an empty map, Madrid by one wins 5 seats to 1 instead of a tie of
    3 each: 4 seats of margin."""
    state = with_board(new_game(BLUE), propaganda={BLUE: {"A": 1}}, actions_left=0)
    advice = advise(state, BLUE)
    assert advice.action == {"type": "influence", "region": "madrid", "pay": "A"}
    assert (advice.reason, advice.params["count"]) == ("polls.advice.influence_seats", 4)


def test_the_seven_when_the_dice_alone_would_be_blocked() -> None:
    """Red holds two tokens on A2: placing a 2 and a 5 would only knock one out, while the 7 puts an Opinion
    straight on A25; the hint takes it and says by how much."""
    state = with_board(new_game(BLUE), sectors={"A2": (0, 2)}, pending={"circle": "A", "dice": [2, 5],
                                                                         "stage": "seven"}, actions_left=0)
    advice = advise(state, BLUE)
    assert advice.action == {"type": "take_seven", "take": True}
    assert advice.reason == "polls.advice.seven" and advice.params["gain"] > 0


def test_a_seven_worth_the_same_as_its_dice() -> None:
    """A 2 and a 5 on an empty circle A combine into A25 anyway: the 7 gives the same, and the hint says
    either will do."""
    state = with_board(new_game(BLUE), sectors={"A16": (1, 0)}, pending={"circle": "A", "dice": [2, 5],
                                                                         "stage": "seven"}, actions_left=0)
    assert advise(state, BLUE).reason == "polls.advice.dice_either"


def test_poll_influence_that_wins_no_seat_at_once() -> None:
    """A poll grant with a tie everywhere but Castilla y León: wherever the advice puts it, a region led by
    one in Castilla-La Mancha, Asturias or alone wins no seat at once (the seats table), so the reason says
    so unless it is Castilla y León (3/3 to 4/2) or Aragon or the Islands (one seat more)."""
    state = with_board(new_game(BLUE), influence={"castilla_y_leon": (1, 0), "madrid": (1, 0)}, phase="poll",
                       poll={"controlled": [2, 0], "grants": [1, 0], "left": [1, 0], "placed": [[], []], "seat": 0},
                       round=1, turn=10, actions_left=0)
    advice = advise(state, BLUE)
    gains = {"asturias": 0, "castilla_la_mancha": 0, "aragon": 1, "islands": 1, "castilla_y_leon": 2}
    assert advice.action is not None
    region = advice.action["region"]
    if gains[region]:
        assert (advice.reason, advice.params["count"]) == ("polls.advice.poll_seats", gains[region])
    else:
        assert advice.reason == "polls.advice.poll_best"


def test_the_actions_step_compares_with_the_runner_up() -> None:
    """At the first decision of a game the hint is one of the actions step's reasons, naming another choice
    than its own."""
    advice = advise(new_game(BLUE), BLUE)
    assert advice.reason in ("polls.advice.propaganda", "polls.advice.double", "polls.advice.as_good")
    assert advice.params["alternative"]["msg"] in ALTERNATIVE.ids()



def test_the_hint_reads_the_position_not_the_history() -> None:
    """Everything in Polls is public and the dice to come are averaged over: the advice is the same when the
    state's history (its log) is dropped, in positions of a random game."""
    for index, state in enumerate(random_states(GAME, 3, 37)):
        for seat in GAME.to_act(state):
            forgetful = dict(state, log=[], log_count=0)
            assert advise(forgetful, seat, SeededRng(index, "ai")) == advise(state, seat, SeededRng(index, "ai"))
