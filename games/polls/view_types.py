"""The shape of The Polls Are Closed's view (`Polls.view`). Everything is public; a seat's view adds its
own legal actions (`NotRequired` below). Readers (the cog, the guide, the alt text, the renderer) annotate
the view with `PollsView` and mypy checks the keys they read; tests/games/test_view_types.py checks every
view of the playout corpus against these declarations."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

# One event of the log: {"id", "type", ...} with fields of its own type.
LogEvent = dict[str, Any]


class Pending(TypedDict):
    """A propaganda roll waiting for its player's choice."""

    circle: str  # "A" or "B"
    dice: list[int]
    stage: str
    seven: bool
    seven_target: str | None  # where a seven may go


class Circle(TypedDict):
    """A sector of the circles: whose propaganda sits there and how much."""

    owner: int | None
    count: int


class Propaganda(TypedDict):
    """A player's propaganda cards by kind."""

    A: int
    B: int
    C: int


class Held(TypedDict):
    held: int
    keep: int


class Poll(TypedDict):
    """The poll of a round's end: each player's regions, the Influence granted, left and placed."""

    controlled: list[int]
    grants: list[int]
    left: list[int]
    placed: list[list[str]]
    seat: int | None  # who places now


class RegionSeats(TypedDict):
    seats: list[int]
    third: int


class Projection(TypedDict):
    """Seats each party would win if the polls closed now."""

    seats: list[int]
    third: int
    majority: int
    regions: dict[str, RegionSeats]


class LastMove(TypedDict):
    """What the last action touched, for a board to outline."""

    seat: int
    type: str
    regions: list[str]
    sectors: list[str]


class Result(TypedDict):
    seats: list[int]
    third: int
    regions: dict[str, RegionSeats]
    winners: list[int]
    reason: str


class PollsView(TypedDict):
    game: Literal["polls"]
    phase: Literal["turn", "poll", "game_over"]
    step: str  # the phase, or within a turn what it waits for
    round: int
    rounds: int
    turn: int
    turns_in_round: int
    first: int
    current: int | None
    to_act: list[int]
    actions_left: int
    pact_used: bool
    shift_used: list[bool]
    pending: Pending | None
    circles: dict[str, Circle]  # by sector
    propaganda: list[Propaganda]  # by seat
    influence: dict[str, list[int]]  # by region: each player's Influence there
    pacts: dict[str, list[int]]  # by region
    supply: list[int]
    controlled: list[int]
    over_limits: list[dict[str, int]]  # by seat: the kinds held over their limit
    poll: Poll | None
    seats_projection: Projection
    last_move: LastMove | None
    affordable: list[str]  # regions
    prices: dict[str, dict[str, int]]  # by region: propaganda kind → cost
    region_types: dict[str, str]
    spend_needed: list[dict[str, Held]]  # by seat, by kind
    result: Result | None
    log: list[LogEvent]
    log_count: int
    you: NotRequired[int]  # a seat's view
    legal_actions: NotRequired[list[dict[str, Any]]]  # a seat's view: its own legal actions
