"""The shape of Som el que decidim!'s view (games/som/views.py; every key explained in docs/som-view.md).
A seat's view adds `you` and its own bid (`NotRequired` below). Readers (the cog, the guide, the alt text,
the renderer) annotate the view with `SomView` and mypy checks the keys they read;
tests/games/test_view_types.py checks every view of the playout corpus against these declarations."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

# A seat or "hisenda" (the Spanish Treasury).
Party = int | str
# One event of the log: {"id", "type", ...} with fields of its own type (docs/som-view.md, "Log events").
LogEvent = dict[str, Any]


class Die(TypedDict):
    face: str  # generalitat, pink, lilac, orange, blue or everyone
    number: int  # 0, 2 or 4
    movers: list[int]  # every citizen who moves this turn, in order


class Disc(TypedDict):
    id: str
    kind: str
    value: int
    group: str


class Player(TypedDict):
    seat: int
    colour: str
    cell: str
    value: int
    participation: int
    discs: list[Disc]  # sorted by id
    is_holder: bool
    bid_done: bool


class Hisenda(TypedDict):
    """The Hisenda's coins: counts only (its disc kinds are secret)."""

    ones: int
    twos: int
    value: int


class Cell(TypedDict):
    """One of the board's 37 cells."""

    cell: str  # its label, "A1".."H3"
    row: int
    col: int
    state: Literal["face_down", "face_up", "empty"]
    card: str | None  # a face-up card's id
    flag: str | None
    symbol: str | None
    citizens: list[int]


class Used(TypedDict):
    """This turn's once-per-turn effects."""

    health: bool
    justice: bool


class Interior(TypedDict):
    disc: str
    owner: int


class Pending(TypedDict):
    """What the game waits on; the keys beyond `type` and `seat` are those of its type."""

    type: str
    seat: int | None  # who acts (bid: None, see `seats`)
    seats: NotRequired[list[int]]  # bid: everyone who has not bid yet
    cells: NotRequired[list[str]]  # place_start
    degrees: NotRequired[list[str]]  # choose_centralism
    first_step: NotRequired[bool]  # move
    card: NotRequired[str]  # protect_urn: the Spain card revealed
    max: NotRequired[int]  # protect_urn
    interior: NotRequired[list[Interior]]  # protect_urn
    options: NotRequired[list[str]]  # sufragi
    players: NotRequired[list[int]]  # name_beneficiary: the motion side


class Payment(TypedDict):
    payer: Party
    payee: Party
    amount: int
    reason: str
    step: Literal["pay", "break_coin", "give_change"]
    changer: Party | None
    overpay: bool
    broken: str | None
    due: int
    choices: list[list[str]]


class Movement(TypedDict):
    mover: int
    start: str
    cell: str
    visited: list[str]
    steps: int
    landed: str | None
    first_step: bool


class Sides(TypedDict):
    """A motion of censure's sides."""

    motion: list[int]
    government: list[int]
    abstain: list[int]


class Vote(TypedDict):
    kind: Literal["elections", "motion"]
    step: Literal["stand", "back", "name_beneficiary", "bid"]
    caller: int
    holder: int
    candidates: list[int] | None  # elections
    stood: dict[str, bool] | None  # elections: seat (as a string) → stands
    backing: dict[str, int | None] | None  # elections: seat → candidate (None: abstains)
    sides: Sides | None  # motion
    beneficiary: int | None
    waiting_for: int | None
    bid_done: list[int]
    my_bid: NotRequired[int | None]  # a seat's view while bidding: its own bid


class VoteSide(TypedDict):
    name: str  # a candidate's seat as a string, or "motion" / "government"
    head: int
    members: list[int]
    votes: int
    unused: int


class VoteResult(TypedDict):
    """The last vote's result (the `vote_result` log event)."""

    id: int
    type: Literal["vote_result"]
    kind: Literal["elections", "motion"]
    bids: list[int]
    sides: list[VoteSide]
    winner: int | None
    next_holder: int


class Result(TypedDict):
    reason: Literal["referendum", "intervened", "dui"]
    winners: list[int]
    scores: list[int]
    provoker: int | None
    debtor: int | None


class SomView(TypedDict):
    game: Literal["som"]
    n: int
    mode: Literal["A", "B", "C", "A+C"]
    kinds_matter: bool
    degree: Literal["medium", "high", "intense"] | None
    phase: Literal["place_start", "choose_centralism", "taxation", "transfer", "cohesion", "action", "game_over"]
    turn: int
    holder: int
    starting_holder: int
    colours: list[str]
    seat_of_colour: dict[str, int]
    die: Die | None
    movers_left: list[int]
    players: list[Player]
    hisenda: Hisenda
    pool: int
    urn_area: list[str]
    board: list[Cell]
    start_cell: str
    atc_active: bool
    used: Used
    to_act: list[int]
    pending: Pending | None
    payment: Payment | None
    movement: Movement | None
    moves: list[str]
    can_stop: bool
    effects: list[dict[str, Any]]  # the use_disc_effect actions legal now
    vote: Vote | None
    last_vote: VoteResult | None
    result: Result | None
    log: list[LogEvent]
    log_count: int
    you: NotRequired[int]  # a seat's view
    my_bid: NotRequired[int | None]  # a seat's view: its own bid while bidding (else None)
