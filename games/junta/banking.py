"""Banking (Phase 7, and Phase 9 after a lunch-time closure, §6.7): deposits and withdrawals.
"""

from __future__ import annotations

from games.core.protocol import Rng
from games.junta.checks import check_holds, notes_field, pending
from games.junta.common import add_notes, log, take_notes
from games.junta.frames import Action, Frame, State, pop_frame


def step_banking(s: State, f: Frame, rng: Rng) -> None:
    pop_frame(s, f)


def do_deposit(s: State, seat: int, a: Action, rng: Rng) -> None:
    pending(s, seat, ("banking",))
    notes = notes_field(a)
    check_holds(s, seat, notes)
    take_notes(s, seat, notes)
    s["accounts"][seat] = sorted([*s["accounts"][seat], *notes])
    log(s, {"type": "deposit", "seat": seat}, private={"seats": [seat], "notes": notes})


def do_withdraw(s: State, seat: int, a: Action, rng: Rng) -> None:
    pending(s, seat, ("banking",))
    notes = notes_field(a)
    check_holds(s, seat, notes, account=True)
    account = list(s["accounts"][seat])
    for v in notes:
        account.remove(v)
    s["accounts"][seat] = account
    add_notes(s, seat, notes)
    log(s, {"type": "withdrawal", "seat": seat}, private={"seats": [seat], "notes": notes})


def do_end_banking(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("banking",))
    f["done"].append(seat)
