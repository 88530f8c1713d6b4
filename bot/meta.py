"""What the bot keeps about a table besides its game (the `meta` column of the store's `tables`), typed.

Stored as one JSON object, in the shape the bot has always written: keys as below, a seat or a member id
that keys a map as a string. A field at its default is left out, and `from_json` reads any row an earlier
version wrote (a key it lacks is the field's default). Keys this version does not know (written by a newer
one) are kept as they are, so that a rollback loses nothing of a newer version's tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from bot.i18n import FALLBACK


@dataclass
class TurnClockMarks:
    """The turn timer's memory (bot/absence.py): when each seat on the clock began its turn, which seats were
    reminded half-way, and the turns each seat missed in a row."""

    since: dict[int, float] = field(default_factory=dict)
    reminded: list[int] = field(default_factory=list)
    missed: dict[int, int] = field(default_factory=dict)

    def copy(self) -> TurnClockMarks:
        return TurnClockMarks(dict(self.since), list(self.reminded), dict(self.missed))

    def to_json(self) -> dict[str, Any]:
        return {"since": {str(s): at for s, at in self.since.items()}, "reminded": list(self.reminded),
                "missed": {str(s): n for s, n in self.missed.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> TurnClockMarks:
        data = data or {}
        return cls(since={int(s): float(at) for s, at in (data.get("since") or {}).items()},
                   reminded=[int(s) for s in data.get("reminded") or []],
                   missed={int(s): int(n) for s, n in (data.get("missed") or {}).items()})


@dataclass
class KickVote:
    """A vote-kick under way (bot/ui/kick.py): whom, proposed by whom and when, who said yes, its message."""

    target: int
    by: int
    yes: list[int]
    at: float
    message: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "by": self.by, "yes": list(self.yes), "at": self.at, "message": self.message}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> KickVote | None:
        if not data:
            return None
        message = data.get("message")
        return cls(target=int(data["target"]), by=int(data["by"]), yes=[int(u) for u in data.get("yes") or []],
                   at=float(data.get("at") or 0), message=None if message is None else int(message))


@dataclass(frozen=True)
class PostedReplay:
    """Where a finished table's replay was posted (bot/ui/replay.py), and in which language."""

    message: int
    channel: int
    locale: str

    def to_json(self) -> dict[str, Any]:
        return {"message": self.message, "channel": self.channel, "locale": self.locale}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> PostedReplay | None:
        if not data:
            return None
        return cls(message=int(data["message"]), channel=int(data.get("channel") or 0),
                   locale=str(data.get("locale") or FALLBACK))


@dataclass
class TableMeta:
    """A table's meta. Fields are changed in place, then stored with `TableService.save_meta`."""

    locale: str = FALLBACK  # the language of whoever opened the table: its public messages use it
    names: dict[int, str] = field(default_factory=dict)  # member (or computer) id → name, as they joined
    computer_seats: list[int] = field(default_factory=list)  # seats the bot plays itself
    replaced: dict[int, int] = field(default_factory=dict)  # seat → the member a computer took it over from
    invited: list[int] = field(default_factory=list)  # only these members may join (a challenge)
    lobby: int | None = None  # the lobby's message
    turn_timer: int = 0  # seconds a member has for a turn; 0: no turn timer
    turn_clock: TurnClockMarks = field(default_factory=TurnClockMarks)
    paused: list[str] = field(default_factory=list)  # permissions the bot lacks in the table's place
    dealt: dict[int, str] = field(default_factory=dict)  # seat → the secret last sent to it by DM (a stamp)
    board: int | None = None  # the board's message
    board_seq: int | None = None  # the moment the board message shows
    published: int | None = None  # the log is published up to here (-1: not even the opening); None: unknown
    kick_vote: KickVote | None = None
    replay: PostedReplay | None = None
    practice: bool = False  # a practice table (/game learn): computers, hints, no timers, never rated
    hints: bool = False  # the "💡 Hint" button is on the board (the host's choice; on at practice tables)
    toured: int = 0  # how many of a practice table's tour messages are posted (bot/ui/practice.py)
    passed: list[int] = field(default_factory=list)  # seats told (once) that the bot passes for them (GameUI.passed)
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)  # a newer version's keys, kept as they are

    def to_json(self) -> dict[str, Any]:
        """The JSON object stored (fields at their default left out)."""
        data: dict[str, Any] = dict(self.unknown)
        default = TableMeta()
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "unknown" or value == getattr(default, f.name):
                continue
            data[f.name] = _to_json(value)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> TableMeta:
        """A stored object as written by this or any earlier version (a missing or null key: the default)."""
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        return cls(
            locale=str(data.get("locale") or FALLBACK),
            names={int(u): str(name) for u, name in (data.get("names") or {}).items()},
            computer_seats=[int(s) for s in data.get("computer_seats") or []],
            replaced={int(s): int(u) for s, u in (data.get("replaced") or {}).items()},
            invited=[int(u) for u in data.get("invited") or []],
            lobby=_int_or_none(data.get("lobby")),
            turn_timer=int(data.get("turn_timer") or 0),
            turn_clock=TurnClockMarks.from_json(data.get("turn_clock")),
            paused=[str(p) for p in data.get("paused") or []],
            dealt={int(s): str(stamp) for s, stamp in (data.get("dealt") or {}).items()},
            board=_int_or_none(data.get("board")),
            board_seq=_int_or_none(data.get("board_seq")),
            published=_int_or_none(data.get("published")),
            kick_vote=KickVote.from_json(data.get("kick_vote")),
            replay=PostedReplay.from_json(data.get("replay")),
            practice=bool(data.get("practice") or False),
            hints=bool(data.get("hints") or False),
            toured=int(data.get("toured") or 0),
            passed=[int(s) for s in data.get("passed") or []],
            unknown={k: v for k, v in data.items() if k not in known},
        )


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def _to_json(value: Any) -> Any:
    if isinstance(value, (TurnClockMarks, KickVote, PostedReplay)):
        return value.to_json()
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, list):
        return list(value)
    return value
