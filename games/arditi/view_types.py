"""The shape of Arditi del Popolo's view (`Arditi.view`): everything is public, so a seat's view is the
same TypedDict. Readers (the cog, the guide, the alt text, the renderer) annotate the view with
`ArditiView` and mypy checks the keys they read; tests/games/test_view_types.py checks every view of the
playout corpus against these declarations."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

Phase = Literal["roll", "move", "place_leader", "game_over"]
Direction = Literal["in", "out", "cw", "ccw"]

# One event of the log: {"id", "type", ...} with fields of its own type (renderers/arditi.py words them).
LogEvent = dict[str, Any]


class Space(TypedDict):
    """What stands on an occupied space (`spaces`, keyed by the space's number as a string)."""

    kind: str  # "token", "leader", "number" or "police"
    seat: NotRequired[int]  # a token's or a leader's party
    rank: NotRequired[str]  # a police piece's rank (POLICE_RANKS)


class March(TypedDict):
    seat: int
    spaces: list[int]  # from tail to head
    leader: int  # the leader's index in `spaces`
    dir: Direction | None  # the way its head travels (None: it never moved)
    militants: int


class Group(TypedDict):
    """A leaderless group, left behind by a clash."""

    seat: int
    spaces: list[int]


class PolicePiece(TypedDict):
    rank: str
    space: int | None  # None: it found no space to enter and waits off the board


class Move(TypedDict):
    """One move the current march may make now: a step, a jump over a number or a leader's attack."""

    type: Literal["step", "jump", "leader_move"]
    space: int  # where the head (or the leader) lands
    dir: NotRequired[Direction]  # step
    relative: NotRequired[str]  # step: "forward", "left" or "right" (a march never moved: its Direction)
    over: NotRequired[int]  # jump: the number jumped over
    toward: NotRequired[str]  # leader_move: "head" or "tail"
    places: NotRequired[int]  # leader_move
    victims: NotRequired[list[int]]  # leader_move: the seats attacked there


class Part(TypedDict):
    pieces: list[int]
    options: list[int]


class Parts(TypedDict):
    tail: Part
    head: Part


# An attacked player's choice of where their leader goes; "from" (the leader's space) is a keyword, so the
# functional syntax declares it.
Placing = TypedDict("Placing", {
    "seat": int, "attacker": int, "from": int, "options": list[int], "parts": Parts,
    "forced": Literal["head", "tail"] | None,
})


class Result(TypedDict):
    reason: str
    scores: list[int]
    winners: list[int]
    standings: list[int]  # every seat, best first by the rules' tie-break


class ArditiView(TypedDict):
    game: Literal["arditi"]
    n: int
    phase: Phase
    round: int
    max_rounds: int
    police_return_draws: bool
    first: int
    current: int | None  # None once the game is over
    die: int | None
    steps_left: int
    spaces: dict[str, Space]
    marches: list[March]
    groups: list[Group]
    numbers: list[int]
    waiting: list[int]
    police: list[PolicePiece]
    captured: list[list[int]]
    arrested: list[int]
    bag: int
    visited: list[int]
    moves: list[Move]
    placing: Placing | None
    scores: list[int]
    first_to_twelve: int | None
    result: Result | None
    log: list[LogEvent]
    log_count: int
