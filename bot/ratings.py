"""Skill ratings: one OpenSkill (Weng-Lin, Plackett-Luce) rating per member per game per server.

Pure: a finished game's outcome and seats in, a `Match` (teams and their ranks) out; a match and the members'
ratings in, their new ratings out. No discord, no store, no clock (docs/decisions.md, "Skill ratings").

- **Free-for-all** (Spyfall, Arditi, Junta) and **one against one** (Polls): each seat is a team of one,
  ranked by the game's standings: the winners first (sharing rank 1), then by score, ties shared.
- **Som is cooperative**: the citizens are one team against the game itself, a team of as many "game"
  players, each with the fixed rating of the table's mode and centralism degree (`som_game`), so a
  referendum at "intense" lifts the citizens more than one at "medium". The citizens win unless the
  Generalitat was intervened.
- **Computer seats** play with their game's fixed rating (`computer`), set by `python -m bench.ratings`
  (`bot/ratings_reference.json`); only the members' ratings change.
- **A seat a computer took over** (the member was absent or kicked) counts for the member as if they had
  finished last, behind every seat that played to the end (tied with any other such member); the computer's
  play after the takeover counts for nobody. So leaving a lost game never protects a rating.

The conservative rating `mu - 3 sigma` orders the leaderboards: a new member starts at 25 ± 8.3, shown 0.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

PROVISIONAL_GAMES = 3  # fewer rated games than this: the rating shows as provisional
REFERENCE_FILE = Path(__file__).with_name("ratings_reference.json")
FFA_GAMES = frozenset({"spyfall", "arditi", "junta", "polls"})
TEAM_GAMES = frozenset({"som"})

MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300


@dataclass(frozen=True)
class Rating:
    """A skill estimate: `mu` the mean, `sigma` how unsure it still is."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def conservative(self) -> float:
        """mu - 3 sigma: the skill the member has with 99.7 % certainty (openskill's `ordinal`)."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The conservative rating as players read it: a whole number (half away from zero)."""
        value = self.conservative
        return int(value + 0.5) if value >= 0 else -int(-value + 0.5)

    def to_json(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rating:
        return cls(float(data["mu"]), float(data["sigma"]))


NEUTRAL = Rating()

# A player of a match: a member (their id, > 0) or a fixed rating (a computer, Som's game), never updated.
Player = int | Rating


@dataclass(frozen=True)
class Match:
    """What one rated game was: its teams and their ranks (1 best; equal ranks tie)."""

    teams: tuple[tuple[Player, ...], ...]
    ranks: tuple[int, ...]

    @property
    def members(self) -> list[int]:
        return [p for team in self.teams for p in team if isinstance(p, int)]

    def winners(self) -> set[int]:
        """The members of the teams ranked first."""
        best = min(self.ranks)
        return {p for team, rank in zip(self.teams, self.ranks, strict=True) if rank == best
                for p in team if isinstance(p, int)}

    def to_json(self) -> dict[str, Any]:
        return {"teams": [[p if isinstance(p, int) else p.to_json() for p in team] for team in self.teams],
                "ranks": list(self.ranks)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Match:
        teams = tuple(tuple(int(p) if isinstance(p, int) else Rating.from_json(p) for p in team)
                      for team in data["teams"])
        return cls(teams, tuple(int(r) for r in data["ranks"]))


@dataclass(frozen=True)
class Reference:
    """The fixed ratings of the calibration run (`bot/ratings_reference.json`)."""

    computer: dict[str, Rating] = field(default_factory=dict)  # game → the computer player's rating
    som_game: dict[str, Rating] = field(default_factory=dict)  # "mode/degree" → Som's game as an opponent

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reference:
        return cls(computer={g: Rating.from_json(r) for g, r in (data.get("computer") or {}).items()},
                   som_game={k: Rating.from_json(r) for k, r in (data.get("som_game") or {}).items()})

    def game_of_som(self, mode: str, degree: str | None) -> Rating:
        """Som's game at a mode and degree; an uncalibrated one is a neutral opponent."""
        return self.som_game.get(f"{mode}/{degree or 'medium'}", NEUTRAL)


@cache
def reference() -> Reference:
    """The committed calibration (read once)."""
    try:
        return Reference.from_json(json.loads(REFERENCE_FILE.read_text(encoding="utf-8")))
    except FileNotFoundError:
        return Reference()


def competition_ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Ranks from keys (higher is better): 1 + how many are strictly better, so ties share (1, 2, 2, 4)."""
    return [1 + sum(other > key for other in keys) for key in keys]


def match_of(
    game: str, winners: Iterable[int], scores: Mapping[int, float], users: Sequence[int], *,
    computer_seats: Iterable[int] = (), replaced: Mapping[int, int] | None = None,
    state: Mapping[str, Any] | None = None, ref: Reference | None = None,
) -> Match | None:
    """The match a finished game rates, or None when no member played it.

    `users`: each seat's player (a computer's id is negative); `replaced`: seat → the member a computer
    took it over from; `state`: the engine's final state (Arditi's captured numbers break a tie of points,
    Som's mode and degree price the game); `ref`: the computers' fixed ratings (default: the committed ones).
    """
    ref = ref if ref is not None else reference()
    replaced = dict(replaced or {})
    computers = set(computer_seats) | set(replaced)
    won = set(winners)
    if game in TEAM_GAMES:
        return _team_match(game, won, users, computers, replaced, state or {}, ref)
    players: list[Player] = []
    keys: list[tuple[float, ...]] = []
    for seat, user in enumerate(users):
        score = float(scores.get(seat, 0.0))
        tie_break = float(len(state["captured"][seat])) if game == "arditi" and state and "captured" in state else 0.0
        if seat in replaced:
            players.append(replaced[seat])
            keys.append((-1.0, 0.0, 0.0))  # behind every seat that played to the end
        elif seat in computers or user < 0:
            players.append(ref.computer.get(game, NEUTRAL))
            keys.append((float(seat in won), score, tie_break))
        else:
            players.append(user)
            keys.append((float(seat in won), score, tie_break))
    if not any(isinstance(p, int) for p in players) or len(players) < 2:
        return None
    return Match(tuple((p,) for p in players), tuple(competition_ranks(keys)))


def _team_match(game: str, won: set[int], users: Sequence[int], computers: set[int], replaced: Mapping[int, int],
                state: Mapping[str, Any], ref: Reference) -> Match | None:
    """Som: the citizens against the game (see the module)."""
    citizens: list[Player] = []
    gone: list[Player] = []
    for seat, user in enumerate(users):
        if seat in replaced:
            gone.append(replaced[seat])
        elif seat in computers or user < 0:
            citizens.append(ref.computer.get(game, NEUTRAL))
        else:
            citizens.append(user)
    if not any(isinstance(p, int) for p in (*citizens, *gone)):
        return None
    table_won = (state.get("result") or {}).get("reason") != "intervened" if state else bool(won)
    opponent = ref.game_of_som(str(state.get("mode", "A")), state.get("degree"))
    the_game = tuple(opponent for _ in range(max(1, len(citizens))))
    teams: list[tuple[Player, ...]] = []
    ranks: list[int] = []
    if citizens:
        teams += [tuple(citizens), the_game]
        ranks += [1, 2] if table_won else [2, 1]
    else:
        teams.append(the_game)
        ranks.append(1)
    if gone:
        teams.append(tuple(gone))
        ranks.append(3)
    return Match(tuple(teams), tuple(ranks))


def rate(match: Match, current: Mapping[int, Rating]) -> dict[int, Rating]:
    """Each member's rating after the match (a member without one starts neutral)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in (_rating_of(p, current) for p in team)]
             for team in match.teams]
    after = MODEL.rate(teams, ranks=[float(r) for r in match.ranks])
    out: dict[int, Rating] = {}
    for team, new_team in zip(match.teams, after, strict=True):
        for player, new in zip(team, new_team, strict=True):
            if isinstance(player, int):
                out[player] = Rating(float(new.mu), float(new.sigma))
    return out


def _rating_of(player: Player, current: Mapping[int, Rating]) -> Rating:
    return player if isinstance(player, Rating) else current.get(player, NEUTRAL)


@dataclass
class Replayed:
    """The ratings a sequence of matches leaves, from neutral: each member's rating, rated games and wins."""

    ratings: dict[int, Rating] = field(default_factory=dict)
    rated: dict[int, int] = field(default_factory=dict)
    won: dict[int, int] = field(default_factory=dict)


def replay(matches: Iterable[Match]) -> Replayed:
    """Rate the matches in order from neutral ratings (a period's leaderboard, a season replayed)."""
    out = Replayed()
    for match in matches:
        out.ratings.update(rate(match, out.ratings))
        winners = match.winners()
        for member in set(match.members):
            out.rated[member] = out.rated.get(member, 0) + 1
            out.won[member] = out.won.get(member, 0) + int(member in winners)
    return out
