"""Message ids: how engines, renderers and the bot name words without holding them.

Words live in the gettext catalogs (bot/i18n/locale). Code names a message by its id; an id that
is composed at run time (a location's name, an option's label) comes from a `MessageFamily`, so
the catalog tooling can list every id the code may ask for. Parameters of a refusal or an event
may themselves be words: `msg(id, **params)` nests a message, `seat_ref(seat)` names a player.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar


def N_(message_id: str) -> str:  # noqa: N802 - the gettext convention for markers
    """Mark a literal message id for extraction where it is not passed to a wording call directly."""
    return message_id


def NP_(message_id: str) -> str:  # noqa: N802 - the gettext convention for markers
    """Mark a message id that has plural forms (its `count` parameter chooses the form)."""
    return message_id


def msg(message_id: str, **params: Any) -> dict[str, Any]:
    """A message as a parameter of another one ("You cannot {what} now"), worded by the reader."""
    return {"msg": message_id, "params": params}


def counted(message_id: str, count: int, **params: Any) -> dict[str, Any]:
    """A count phrase as a parameter ("12 militants"): its own plural message, so a message showing a second count
    words each one with its own plural form (a message has one `{count}`; bot/i18n/tooling.py, COUNTED_PARAMETERS)."""
    return {"msg": message_id, "params": {**params, "count": count}}


def seat_ref(seat: int) -> dict[str, int]:
    """A player as a parameter: the bot words it as that player's name."""
    return {"seat": seat}


class MessageFamily:
    """Ids made of a prefix and a key from a known, finite set: `LOCATION["airplane"]`.

    Every family registers itself, so the catalog check and `python -m bot.i18n extract` see
    the ids that no literal in the code spells out.
    """

    registry: ClassVar[list[MessageFamily]] = []

    def __init__(self, prefix: str, keys: Iterable[object]) -> None:
        self.prefix = prefix
        self.keys = tuple(str(k) for k in keys)
        MessageFamily.registry.append(self)

    def __getitem__(self, key: object) -> str:
        key = str(key)
        if key not in self.keys:
            raise KeyError(f"{key!r} is not one of the keys of the message family {self.prefix}")
        return f"{self.prefix}.{key}"

    def __contains__(self, key: object) -> bool:
        return str(key) in self.keys

    def ids(self) -> list[str]:
        return [f"{self.prefix}.{k}" for k in self.keys]

    @classmethod
    def all_ids(cls) -> set[str]:
        return {message_id for family in cls.registry for message_id in family.ids()}
