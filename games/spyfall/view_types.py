"""The shape of Spyfall's view (`Spyfall.view`). A seat's view adds its own card while a round is on and
its own ballot in a vote (`NotRequired` below); the rest is public. Readers (the cog, the guide, the alt
text, the renderer) annotate the view with `SpyfallView` and mypy checks the keys they read;
tests/games/test_view_types.py checks every view of the playout corpus against these declarations."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

# One event of the log: {"id", "type", ...} with fields of its own type.
LogEvent = dict[str, Any]


class Clock(TypedDict):
    deadline: float | None
    paused_remaining: float | None  # seconds left while a vote pauses the round


class Vote(TypedDict):
    """An accusation or the final vote: how many voted, never who or how until it is closed."""

    kind: str  # "accusation" or "final_vote"
    suspect: int
    accuser: int | None
    deadline: float
    eligible: int
    voted: int
    closed: bool
    ballots: NotRequired[dict[str, bool | None]]  # once closed: each eligible seat's ballot
    my_ballot: NotRequired[bool | None]  # a seat's view: its own ballot
    can_vote: NotRequired[bool]  # a seat's view


class Card(TypedDict):
    """A player's card: the spy's ({"spy": True}) or a location with a role (None: roles are not in play).
    A pack's card carries the role's names by language (a built-in role is named by the catalogs)."""

    location: NotRequired[str]
    role: NotRequired[str | None]
    role_names: NotRequired[dict[str, str]]
    spy: NotRequired[bool]


class LocationSet(TypedDict):
    kind: str  # "builtin" or "pack"
    pack: str | None  # the pack's name


class Round(TypedDict):
    """A round that ended (`history`)."""

    round: int
    how: str
    location: str
    spy: int
    points: list[int]


class Result(Round):
    """The round that just ended, with every card shown."""

    cards: list[Card]
    guess: NotRequired[str | None]  # the spy's guess, if they guessed
    convicted: NotRequired[int]  # the seat the final vote convicted


class SpyfallView(TypedDict):
    game: Literal["spyfall"]
    phase: Literal["lobby", "playing", "accusation", "final_vote", "spy_guess", "round_over", "game_over"]
    round: int
    rounds: int
    minutes: int
    roles_in_play: bool
    n: int
    dealer: int
    open_start: bool
    asker: int | None
    asked_by: int | None
    accused: list[bool]  # who has used their accusation this round
    left: list[bool]
    scores: list[int]
    standings: list[int]  # every seat, the highest score first
    clock: Clock
    deadline: float | None
    vote: Vote | None
    guess_deadline: float | None
    spy_revealed: int | None
    locations: list[str]  # the ids of the locations in play
    location_names: dict[str, dict[str, str]]  # a pack location's names by language, by id
    location_set: LocationSet
    result: Result | None
    history: list[Round]
    log: list[LogEvent]
    log_count: int
    card: NotRequired[Card | None]  # a seat's view while a round is on (None: no card, e.g. it left)
    winners: NotRequired[list[int]]  # at the end
    end_reason: NotRequired[str]  # at the end
