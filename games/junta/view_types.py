"""The shape of Junta's view (games/junta/views.py, the coup's part in games/junta/coup.py `coup_view`;
docs/junta-state.md). A seat's view adds its hand, notes, account, location and swaps (`NotRequired`
below), and a few private keys of the pending decision. Readers (the cog, the guide, the alt text, the
renderer) annotate the view with `JuntaView` and mypy checks the keys they read;
tests/games/test_view_types.py checks every view of the playout corpus against these declarations.

Dicts keyed by a seat have the seat's number as a string (JSON)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

# One event of the log: {"id", "type", ...} with fields of its own type (and a seat's private fields).
LogEvent = dict[str, Any]
# A vote's choice: a candidate's seat (an election) or "yes" / "no" (a motion).
Choice = int | str


class Markers(TypedDict):
    pretext: bool
    bank: str
    bank_safe: bool
    occupied: bool


class JuntaOptions(TypedDict):
    coup_needs_hq_and_pretext: bool
    burn_after_coup: bool
    recycle_money: bool
    recycle_limit: int
    decision_timer: int
    owner: int


# Office → seat (None: vacant), read by office name (games.junta.common.OFFICES / SUB_OFFICES): `offices` for
# who holds each sub-office, `controllers` for who controls every office (the President's included).
Offices = dict[str, int | None]


class Influence(TypedDict):
    card: str
    votes: int


class Player(TypedDict):
    seat: int
    family: str
    alive: bool
    exile: str | None  # the embassy of a player in exile
    active: bool
    hand_count: int
    influence: list[Influence]  # influence cards in play with their votes
    offices: list[str]  # the offices they control
    holds: list[str]  # the sub-offices they hold
    location: str | None  # once locations are revealed
    target: bool
    returned: bool
    rebel: bool


class Source(TypedDict):
    """Where a cast's votes came from: an influence card or an office."""

    card: NotRequired[str]
    office: NotRequired[str]


class Cast(TypedDict):
    seat: int
    source: Source
    choice: Choice
    votes: int


class Vote(TypedDict):
    """The vote in progress."""

    motion: str
    round: int
    step: str
    first: int
    voter: int | None  # whose voting turn it is
    candidates: list[int]
    refused: list[int]
    casts: list[Cast]
    tally: dict[str, int]  # choice (a seat as a string, or yes / no) → votes
    office_votes: bool
    nominations: bool
    controlled: dict[str, list[str]]  # seat → influence cards of others it controls in this vote


class MySource(TypedDict):
    source: Source
    votes: int


class Pending(TypedDict):
    """What the game waits on; the keys beyond `type` and `seats` are those of its frame's kind."""

    type: str
    seats: list[int]
    vote: NotRequired[Vote]  # vote
    my_sources: NotRequired[list[MySource]]  # vote, a seat's view on its turn: its unused sources
    timing: NotRequired[str]  # window
    ready: NotRequired[list[int]]  # window
    choices: NotRequired[list[Choice]]  # tiebreak
    motion: NotRequired[str]  # tiebreak
    victim: NotRequired[int]  # protect, squad, surrender
    cause: NotRequired[str]  # protect, squad, surrender
    eligible: NotRequired[list[int]]  # firing_squad
    members: NotRequired[list[int]]  # junta
    votes: NotRequired[dict[str, int]]  # junta
    returnee: NotRequired[int]  # return
    by: NotRequired[int]  # influence_discard
    done: NotRequired[list[int]]  # locations, banking
    secret_police_left: NotRequired[int]  # declarations, a seat's view


class Decision(TypedDict):
    key: str
    kind: str
    parallel: bool


class LastVote(TypedDict):
    motion: str
    tally: dict[str, int]
    casts: list[Cast]
    candidates: list[int]
    refused: list[int]
    winner: int | None
    tied: list[int]
    passed: bool | None
    tiebreak: NotRequired[Choice]


class Budget(TypedDict):
    proposer: int
    amounts: dict[str, int]  # seat → notes
    step: str
    alternative: int | None  # who proposes the alternative budget


class Attempt(TypedDict):
    """An assassination attempt."""

    by: int
    assassin: str
    victim: int
    location: str
    resolved: bool
    result: str | None


class CoupTurn(TypedDict):
    seat: int
    used: list[str]
    cousin: str | None


class Unit(TypedDict):
    type: str
    area: str | None  # an area or a box id; None when eliminated
    office: str | None  # an office unit's office
    owner: int | None  # a card unit's player
    marker: int | None  # who gained it by transfer or bribe
    moved: bool  # this phase
    controller: int | None
    active: bool


class Landed(TypedDict):
    paratrooper: bool
    marines: bool


class Proposal(TypedDict):
    by: int
    winner: str
    answers: dict[str, bool]


class Reaction(TypedDict):
    areas: list[str]
    minister: int


class Bombardment(TypedDict):
    by: int
    weapon: str
    area: str
    target: int
    hits: int | None


class FireOrder(TypedDict):
    units: list[str]
    target: int | None


class Stay(TypedDict):
    """Who stays in an area after combat: each stayer's answer, the others it lets stay."""

    stayers: list[int]
    others: list[int]
    answers: dict[str, list[int]]


class Retreat(TypedDict):
    queue: list[int]


class Combat(TypedDict):
    step: str | None
    declarers: list[int]
    declarer_pos: int
    attacks: dict[str, list[int]]  # area → attackers
    bombardments: list[Bombardment]
    bindex: int
    order: list[str] | None
    apos: int
    area: str | None
    wave: int
    # seat → its fire order: a seat's own, "given" for another's until all are in, None: it holds fire
    fire: dict[str, FireOrder | str | None]
    losses: dict[str, dict[str, int]]  # area → seat → units lost
    casualties: dict[str, int]  # seat → hits awaiting its choice
    cas_area: str | None
    cas_from: str | None
    stay: Stay | None
    retreat: Retreat | None


class Permit(TypedDict):
    by: int
    to: int
    area: str


class Coup(TypedDict):
    leader: int
    rebels: list[bool]
    sides: dict[str, str]  # seat → "president" or "rebels"
    winner: str | None
    over: bool
    phase: int
    segment: str
    first_mover: int
    order: list[int]
    pos: int
    turn: CoupTurn | None
    units: dict[str, Unit]
    landed: Landed
    helicopter_moved: bool
    air_strikes: int
    air_strike_used: bool
    gunboat_used: bool
    proposal: Proposal | None
    proposed: list[int]
    agreed: str | None
    safe_conduct: list[int]
    reaction: Reaction | None
    combat: Combat
    permits: list[Permit]
    contested: list[str]
    control: dict[str, str]  # power centre → "president" or "rebels"
    waiting: list[int]
    sides_order: list[int]
    sides_pos: int


class Result(TypedDict):
    winners: list[int]
    scores: dict[str, int]  # seat → money in its account
    reason: str
    accounts: list[list[int]]


class LocationChoice(TypedDict):
    location: NotRequired[str]
    embassy: NotRequired[str]


class SwapAnswer(TypedDict):
    cards: list[str]
    notes: list[int]


# A swap of cards and notes between two players ("from" is a keyword: the functional syntax declares it).
Swap = TypedDict("Swap", {
    "id": int, "from": int, "to": int, "cards": list[str], "notes": list[int], "answer": SwapAnswer | None,
    "since": float,
})


class JuntaView(TypedDict):
    game: Literal["junta"]
    n: int
    owner: int
    turn: int
    phase: int
    markers: Markers
    options: JuntaOptions
    president: int | None
    offices: Offices
    cousin: str | None
    controllers: Offices
    vacant: list[str]
    players: list[Player]
    deck_count: int
    discard: list[str]
    to_act: list[int]
    pending: Pending | None
    decision: Decision | None
    vote: Vote | None
    last_vote: LastVote | None
    budget: Budget | None
    attempts: list[Attempt]
    coup: Coup | None
    deadline: float | None
    result: Result | None
    log: list[LogEvent]
    log_count: int
    # a seat's view
    you: NotRequired[int]
    hand: NotRequired[list[str]]
    money: NotRequired[list[int]]
    account: NotRequired[list[int]]
    location: NotRequired[str | None]
    location_choice: NotRequired[LocationChoice | None]
    swaps: NotRequired[list[Swap]]
    swap_deadlines: NotRequired[dict[str, float]]  # swap id → its deadline
