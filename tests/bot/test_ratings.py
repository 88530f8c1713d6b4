"""Skill ratings without Discord (bot/ratings.py): the updates against openskill's documented examples, the
matches each game's outcome makes, a period's replay; and the ratings in the store on both backends (the
migration from the schema before them, the update with its history, a table rated once)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

import bot.store as store_module
from bot import ratings as rt
from bot.store import Store
from games.core.protocol import GameSide, Outcome
from games.core.ranking import places

NEUTRAL = rt.Rating()


def test_two_teams_of_new_players_as_the_openskill_readme_shows() -> None:
    """openskill 6.2's README: four new players, a team of two beats the other; each winner 26.964…,
    each loser 23.036…, sigma 8.178 for all."""
    after = rt.rate(rt.Match(((1, 2), (3, 4)), (1, 2)), {})
    assert after[1].mu == pytest.approx(26.964294621803063) and after[2] == after[1]
    assert after[3].mu == pytest.approx(23.035705378196937) and after[4] == after[3]
    assert all(r.sigma == pytest.approx(8.177962604389991) for r in after.values())


def test_uneven_teams_as_the_openskill_usage_example_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """openskill's usage example (a1, a2 beat b1, b2) gives its documented numbers; that example predates the
    library's additive dynamics factor tau, so the model here has none."""
    monkeypatch.setattr(rt, "MODEL", PlackettLuce(tau=1e-12))
    current = {2: rt.Rating(32.444, 5.123), 3: rt.Rating(43.381, 2.421), 4: rt.Rating(25.188, 6.211)}
    after = rt.rate(rt.Match(((1, 2), (3, 4)), (1, 2)), current)
    documented = {1: (28.669648436582808, 8.071520788025197), 2: (33.83086971107981, 5.062772998705765),
                  3: (43.071274808241974, 2.4166900452721256), 4: (23.149503312339064, 6.1378606973362135)}
    for user, (mu, sigma) in documented.items():
        assert after[user].mu == pytest.approx(mu) and after[user].sigma == pytest.approx(sigma)


def test_a_fixed_rating_is_an_opponent_but_never_updated() -> None:
    """A computer's fixed rating takes part in the update (the member gains less by beating a weak one) and
    gets no rating back."""
    weak, strong = rt.Rating(10.0, 1.0), rt.Rating(40.0, 1.0)
    beat_weak = rt.rate(rt.Match(((1,), (weak,)), (1, 2)), {})
    beat_strong = rt.rate(rt.Match(((1,), (strong,)), (1, 2)), {})
    assert set(beat_weak) == {1} and NEUTRAL.mu < beat_weak[1].mu < beat_strong[1].mu


def test_the_conservative_rating_is_mu_minus_three_sigma() -> None:
    """A new member shows 0; shown ratings round half away from zero."""
    assert NEUTRAL.conservative == pytest.approx(0.0) and NEUTRAL.shown == 0
    assert rt.Rating(30.0, 2.5).shown == 23 and rt.Rating(10.0, 2.5).shown == 3 and rt.Rating(0.0, 2.5).shown == -8


# --- the match of a finished game ------------------------------------------------------------------------


def ffa(winners: list[int], scores: dict[int, float], *, tie_breaks: dict[int, float] | None = None) -> Outcome:
    """An outcome as a free-for-all engine gives it: places by winners, score, then its tie-break."""
    ranks = places(len(scores), winners, scores, tie_breaks)
    return Outcome(winners=winners, scores=scores, reason="done", ranks=ranks)


def som(won: bool, n: int, level: str) -> Outcome:
    """An outcome as Som gives it: the citizens one team, the game the other side."""
    return Outcome(winners=[0] if won else [], scores={}, reason="referendum" if won else "intervened",
                   ranks=dict.fromkeys(range(n), 1 if won else 2), teams=dict.fromkeys(range(n), 0),
                   game_side=GameSide(rank=2 if won else 1, level=level))


SOM_REF = rt.GameReference(sides={"A/medium": rt.Rating(20.0, 1.0), "A/intense": rt.Rating(35.0, 1.0)})


def test_free_for_all_ranks_as_the_engine_placed_the_seats() -> None:
    """Spyfall's places: the winner first, equal scores share a place, the next place skips."""
    match = rt.match_of(ffa([2], {0: 3, 1: 5, 2: 7, 3: 3}), [10, 11, 12, 13])
    assert match is not None and match.teams == ((10,), (11,), (12,), (13,)) and match.ranks == (3, 2, 1, 3)
    assert match.winners() == {12}


def test_the_engine_s_tie_break_decides_equal_scores() -> None:
    """Equal points, a tie-break the engine placed (Arditi's captured numbers): ranked above; a full tie shares."""
    match = rt.match_of(ffa([0, 2], {0: 9, 1: 9, 2: 9}, tie_breaks={0: 2, 1: 1, 2: 2}), [10, 11, 12])
    assert match is not None and match.ranks == (1, 3, 1)


def test_one_against_one_and_a_computer_seat() -> None:
    """Polls against the computer: the computer's seat plays with its fixed rating; a table of computers only
    rates nobody."""
    ref = rt.GameReference(computer=rt.Rating(30.0, 2.0))
    match = rt.match_of(ffa([1], {0: 30, 1: 36}), [10, -1], computer_seats=[1], ref=ref)
    assert match is not None and match.teams == ((10,), (rt.Rating(30.0, 2.0),)) and match.ranks == (2, 1)
    assert match.members == [10] and match.winners() == set()
    assert rt.match_of(ffa([1], {0: 30, 1: 36}), [-1, -2], computer_seats=[0, 1], ref=ref) is None


def test_a_seat_taken_over_counts_as_last_for_its_member() -> None:
    """The member a computer replaced ranks behind every seat that played on, even when the computer then won
    the seat; the computer's result rates nobody."""
    match = rt.match_of(ffa([1], {0: 20, 1: 90, 2: 50}), [10, -2, 12], computer_seats=[1], replaced={1: 11})
    assert match is not None and match.teams == ((10,), (11,), (12,)) and match.ranks == (2, 3, 1)


def test_a_team_shares_one_result_against_the_game() -> None:
    """Som: the citizens are one team against as many "game" players at the level's rating; the table wins
    unless intervened, whoever the record's winners are."""
    match = rt.match_of(som(True, 2, "A/medium"), [10, 11], ref=SOM_REF)
    assert match is not None and match.teams == ((10, 11), (rt.Rating(20.0, 1.0),) * 2) and match.ranks == (1, 2)
    assert match.winners() == {10, 11}
    lost = rt.match_of(som(False, 2, "A/medium"), [10, 11], ref=SOM_REF)
    assert lost is not None and lost.ranks == (2, 1)


def test_a_win_against_a_harder_game_counts_for_more() -> None:
    """The same win lifts the citizens more against a harder level (a referendum at intense)."""
    gains = {}
    for level in ("A/medium", "A/intense"):
        match = rt.match_of(som(True, 2, level), [10, 11], ref=SOM_REF)
        assert match is not None
        gains[level] = rt.rate(match, {})[10].mu - NEUTRAL.mu
    assert 0 < gains["A/medium"] < gains["A/intense"]


def test_a_team_member_replaced_ranks_below_the_game() -> None:
    """A Som citizen a computer replaced shares no win: their own team ranks behind the game."""
    match = rt.match_of(som(True, 2, "B/high"), [10, -2], computer_seats=[1], replaced={1: 11},
                        ref=rt.GameReference(computer=rt.Rating(22.0, 2.0)))
    assert match is not None and match.ranks == (1, 2, 3) and match.teams[0] == (10,) and match.teams[2] == (11,)


def test_a_match_survives_json() -> None:
    """The match as stored (members and fixed ratings) reads back the same."""
    match = rt.Match(((10, rt.Rating(31.5, 2.25)), (rt.Rating(20.0, 1.0),) * 2), (2, 1))
    assert rt.Match.from_json(match.to_json()) == match


def test_a_replay_rates_from_neutral_in_order() -> None:
    """Replaying two games from neutral gives what rating them one after the other gives, with counts."""
    first, second = rt.Match(((1,), (2,)), (1, 2)), rt.Match(((2,), (3,)), (1, 2))
    by_hand = rt.rate(first, {})
    by_hand.update(rt.rate(second, by_hand))
    replayed = rt.replay([first, second])
    assert replayed.ratings == by_hand
    assert replayed.rated == {1: 1, 2: 2, 3: 1} and replayed.won == {1: 1, 2: 1, 3: 0}


def test_the_committed_reference_has_every_computer_and_som_setting() -> None:
    """bot/ratings_reference.json (written by `python -m bench.ratings`) rates each game's computer player and
    every Som mode at every degree, harder degrees never below easier ones."""
    ref = rt.reference()
    assert set(ref.computer) == {"polls", "arditi", "junta", "som"}
    for mode in ("A", "B", "C", "A+C"):
        mus = [ref.of("som").sides[f"{mode}/{degree}"].mu for degree in ("medium", "high", "intense")]
        assert mus == sorted(mus), mode


# --- the store, on both backends -------------------------------------------------------------------------


async def test_a_rated_game_updates_the_rows_and_keeps_its_history(store_url: str) -> None:
    """record_rating writes each member's new rating, the match and each update; the same table twice is
    rated once; computers and fixed ratings get no row."""
    store = await Store.connect(store_url)
    match = rt.Match(((10,), (20,), (rt.Rating(30.0, 2.0),)), (1, 3, 2))
    after = await store.record_rating(1, "junta", 7, match, at=100.0)
    assert set(after) == {10, 20} and after == rt.rate(match, {})
    assert await store.record_rating(1, "junta", 7, match, at=101.0) == {}
    assert await store.ratings(1, "junta") == {10: (after[10], 1), 20: (after[20], 1)}
    second = rt.Match(((20,), (10,)), (1, 2))
    again = await store.record_rating(1, "junta", 8, second, at=200.0)
    assert again == rt.rate(second, after)
    assert await store.rating_history(1, 10, "junta") == [(NEUTRAL, after[10]), (after[10], again[10])]
    assert await store.rated_games(1, "junta") == [match, second]
    assert await store.rated_games(1, "junta", since=150.0) == [second]
    assert await store.ratings(2, "junta") == {} and await store.ratings(1, "polls") == {}
    await store.close()


async def test_the_migration_keeps_the_games_recorded_before_it(store_url: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A database of the schema before ratings (version 3, with a result) is migrated to the ratings: its
    results stay, and games are rated from then on."""
    before = store_module.MIGRATIONS[:3]
    monkeypatch.setattr(store_module, "MIGRATIONS", before)
    old = await Store.connect(store_url)
    assert await old.schema_version() == 3
    await old.record_result(1, "polls", [10, 20], {10}, {10: 36, 20: 30}, table=5, at=50.0)
    await old.close()
    monkeypatch.undo()
    store = await Store.connect(store_url)
    assert await store.schema_version() == len(store_module.MIGRATIONS) >= 4
    assert {int(r["user"]) for r in await store.standings(1, "polls")} == {10, 20}
    assert await store.ratings(1, "polls") == {}
    await store.record_rating(1, "polls", 6, rt.Match(((10,), (20,)), (1, 2)), at=60.0)
    assert set(await store.ratings(1, "polls")) == {10, 20}
    await store.close()
