"""Skill ratings: one OpenSkill (Weng-Lin, Plackett-Luce) rating per member per game per server.

Pure: a finished game's outcome and seats in (no game's name, no game state), a `Match` (teams and their
ranks) out; a match and the members' ratings in, their new ratings out. No discord, no store, no clock
(docs/decisions.md, "Skill ratings").

- **Places are the engine's** (`Outcome.ranks`, `Outcome.teams`, `Outcome.game_side`): each seat plays as a
  team of one (Spyfall, Arditi, Junta, Polls), ranked as the engine placed it (winners first, then by score,
  then the game's tie-break), or with the seats of its team (Som's citizens, who share one place). A
  cooperative game's other side is the game itself (`game_side`): a team of as many "game" players as the
  citizens who played on, each with the fixed rating of the game's level (Som: its mode and centralism
  degree), so a referendum at "intense" lifts the citizens more than one at "medium".
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

from games.core.protocol import Outcome
from games.core.ranking import competition_ranks, places

PROVISIONAL_GAMES = 3  # fewer rated games than this: the rating shows as provisional
REFERENCE_FILE = Path(__file__).with_name("ratings_reference.json")

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
class GameReference:
    """One game's fixed ratings: its computer player's, and the game itself as an opponent per level."""

    computer: Rating = NEUTRAL
    sides: Mapping[str, Rating] = field(default_factory=dict)

    def side(self, level: str) -> Rating:
        """The game as an opponent at a level; an uncalibrated one is a neutral opponent."""
        return self.sides.get(level, NEUTRAL)


@dataclass(frozen=True)
class Reference:
    """The fixed ratings of the calibration run (`bot/ratings_reference.json`)."""

    computer: dict[str, Rating] = field(default_factory=dict)  # game → the computer player's rating
    game_side: dict[str, dict[str, Rating]] = field(default_factory=dict)  # game → level → the game as an opponent

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reference:
        return cls(computer={g: Rating.from_json(r) for g, r in (data.get("computer") or {}).items()},
                   game_side={g: {level: Rating.from_json(r) for level, r in levels.items()}
                              for g, levels in (data.get("game_side") or {}).items()})

    def of(self, game: str) -> GameReference:
        """One game's part of the calibration."""
        return GameReference(self.computer.get(game, NEUTRAL), self.game_side.get(game, {}))


@cache
def reference() -> Reference:
    """The committed calibration (read once)."""
    try:
        return Reference.from_json(json.loads(REFERENCE_FILE.read_text(encoding="utf-8")))
    except FileNotFoundError:
        return Reference()


def match_of(
    outcome: Outcome, users: Sequence[int], *, computer_seats: Iterable[int] = (),
    replaced: Mapping[int, int] | None = None, ref: GameReference | None = None,
) -> Match | None:
    """The match a finished game rates, or None when no member played it.

    `outcome`: the engine's, whose places decide; `users`: each seat's player (a computer's id is negative);
    `replaced`: seat → the member a computer took it over from; `ref`: the game's fixed ratings (its computer
    player's, and the game's own side per level).
    """
    ref = ref if ref is not None else GameReference()
    replaced = dict(replaced or {})
    computers = set(computer_seats) | set(replaced)
    ranks = outcome.ranks or places(len(users), outcome.winners, outcome.scores)
    # Seats in their teams, in seat order (a seat without a team plays alone).
    groups: dict[tuple[str, int], list[int]] = {}
    for seat in range(len(users)):
        key = ("team", outcome.teams[seat]) if seat in outcome.teams else ("seat", seat)
        groups.setdefault(key, []).append(seat)

    def player(seat: int) -> Player:
        return users[seat] if seat not in computers and users[seat] > 0 else ref.computer

    # What played to the end, with the engine's place of each; None where a seat playing alone was taken
    # over (it keeps its spot among the teams and ranks last).
    played: list[tuple[tuple[Player, ...], int] | None] = []
    alone_gone: list[tuple[Player, ...]] = []
    team_gone: list[tuple[Player, ...]] = []
    citizens = 0
    for (kind, _), seats in groups.items():
        on = [seat for seat in seats if seat not in replaced]
        if on:
            played.append((tuple(player(seat) for seat in on), min(ranks[seat] for seat in on)))
            citizens += len(on) if kind == "team" else 0
        elif kind == "seat":
            played.append(None)
            alone_gone.append((replaced[seats[0]],))
        if kind == "team" and len(on) < len(seats):
            team_gone.append(tuple(replaced[seat] for seat in seats if seat in replaced))
    if outcome.game_side is not None:
        side = ref.side(outcome.game_side.level)
        played.append((tuple(side for _ in range(max(1, citizens))), outcome.game_side.rank))
    # A member whose seat a computer took over ranks behind everything that played on, tied with any other.
    on_places = [entry[1] for entry in played if entry is not None]
    new_places = iter(competition_ranks([(-float(place),) for place in on_places]))
    last = 1 + len(on_places)
    gone = iter(alone_gone)
    teams: list[tuple[Player, ...]] = []
    out_ranks: list[int] = []
    for entry in played:
        teams.append(entry[0] if entry is not None else next(gone))
        out_ranks.append(next(new_places) if entry is not None else last)
    for team in team_gone:  # the members a team lost, together
        teams.append(team)
        out_ranks.append(last)
    if not any(isinstance(p, int) for team in teams for p in team) or len(teams) < 2:
        return None
    return Match(tuple(teams), tuple(out_ranks))


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
