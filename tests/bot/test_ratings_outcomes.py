"""The ratings of finished games come from the engine's places alone (`Outcome.ranks`, `teams`,
`game_side`), and give the same ratings as the bot gave before it read places from outcomes: every finished
game of the playout corpus, rated as stored games are, with members only, with a computer seat, and with a
member a computer replaced."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot import ratings as rt
from games import REGISTRY
from games.core.ranking import competition_ranks
from tests.support.corpus import PlayoutCorpus

REF = rt.Reference(computer={game: rt.Rating(20.0 + i, 2.0) for i, game in enumerate(REGISTRY)},
                   game_side={"som": {f"{mode}/{degree}": rt.Rating(15.0 + 3 * k + j, 1.5)
                                      for j, mode in enumerate(("A", "B", "C", "A+C"))
                                      for k, degree in enumerate(("medium", "high", "intense"))}})


def rated_before(game: str, winners: Sequence[int], scores: Mapping[int, float], users: Sequence[int],
                 computers: set[int], replaced: Mapping[int, int], state: Mapping[str, Any]) -> rt.Match | None:
    """The rule the bot rated by before outcomes carried places, from the game's name and its final state:
    free-for-all by winners, then score (Arditi: then captured numbers); Som's citizens one team against the
    game at its mode and degree, won unless intervened; a replaced member last."""
    if game == "som":
        citizens = [users[s] if s not in computers | set(replaced) and users[s] > 0 else REF.computer[game]
                    for s in range(len(users)) if s not in replaced]
        gone = tuple(replaced[s] for s in range(len(users)) if s in replaced)
        won = state["result"]["reason"] != "intervened"
        side = REF.game_side["som"].get(f"{state['mode']}/{state['degree'] or 'medium'}", rt.NEUTRAL)
        teams: list[tuple[rt.Player, ...]] = []
        ranks: list[int] = []
        if citizens:
            teams += [tuple(citizens), (side,) * len(citizens)]
            ranks += [1, 2] if won else [2, 1]
        else:
            teams, ranks = [(side,)], [1]
        if gone:
            teams.append(gone)
            ranks.append(3)
        if not any(isinstance(p, int) for team in teams for p in team):
            return None
        return rt.Match(tuple(teams), tuple(ranks))
    players: list[rt.Player] = []
    keys: list[tuple[float, ...]] = []
    for seat, user in enumerate(users):
        tie = float(len(state["captured"][seat])) if game == "arditi" else 0.0
        if seat in replaced:
            players.append(replaced[seat])
            keys.append((-1.0, 0.0, 0.0))
        else:
            players.append(REF.computer[game] if seat in computers or user < 0 else user)
            keys.append((float(seat in winners), float(scores.get(seat, 0.0)), tie))
    if not any(isinstance(p, int) for p in players):
        return None
    return rt.Match(tuple((p,) for p in players), tuple(competition_ranks(keys)))


SEEDS = {"junta": 2}  # of each game's standard set (Junta's whole games take seconds each); others: 6


def same_ordering(a: rt.Match, b: rt.Match) -> bool:
    """Two matches of the same teams whose ranks order and tie them alike (OpenSkill reads only that)."""
    if a.teams != b.teams:
        return False
    pairs = [(x, y) for x in range(len(a.ranks)) for y in range(len(a.ranks))]
    return all((a.ranks[x] < a.ranks[y]) == (b.ranks[x] < b.ranks[y]) for x, y in pairs)


def test_every_finished_corpus_game_rates_as_before(playout_corpus: PlayoutCorpus) -> None:
    """Every game's finished corpus games, three ways seated: the same match (teams, and places ordered and tied
    alike) and the same ratings from the outcome alone as from the old rule."""
    compared = 0
    for game_id, game in REGISTRY.items():
        for playout in (playout_corpus.playout(game_id, seed) for seed in range(SEEDS.get(game_id, 6))):
            state = playout.states[-1]
            outcome = game.outcome(state)
            if outcome is None:
                continue
            n = playout.players
            members = [100 + seat for seat in range(n)]
            seatings = [(members, set(), {}), ([*members[:-1], -1], {n - 1}, {}),
                        ([-1, *members[1:]], {0}, {0: 100})]
            for users, computers, replaced in seatings:
                old = rated_before(game_id, outcome.winners, outcome.scores, users, computers, replaced, state)
                new = rt.match_of(outcome, users, computer_seats=computers, replaced=replaced, ref=REF.of(game_id))
                assert (old is None) == (new is None), (game_id, playout.seed)
                if old is None or new is None:
                    continue
                assert same_ordering(old, new), (game_id, playout.seed, old, new)
                assert rt.rate(old, {}) == rt.rate(new, {}), (game_id, playout.seed)
                compared += 1
    assert compared >= 3 * (len(REGISTRY) + 10)
