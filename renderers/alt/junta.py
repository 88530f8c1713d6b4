"""Junta's board in words (renderers/junta/ `render`, and the full board's public facts).

The turn and the phase (or the end and why), the markers, what the game waits on and from whom (or the
winners), who holds each office, who is in exile and where; during a coup, its phase and segment, the air
strikes left, the fight, the rebels, the last dice, and each player's units area by area. Like the pictures
it never says a sum of money, a note, a hand or an unrevealed whereabouts: it reads only the public view,
and of that neither the scores nor the budget.
"""

from __future__ import annotations

from typing import Any

from games.junta.common import OFFICES
from games.junta.coup import PHASES
from games.junta.view_types import Coup, JuntaView
from renderers.alt import finish, labelled, listed, numbers
from renderers.core import Words, player_name
from renderers.junta import (
    AREA_NAME,
    BOX_NAME,
    OFFICE_NAME,
    PHASE_NAME,
    REASON,
    board_groups,
    dice_label,
    dice_rolls,
    fight_line,
    is_rebel,
    marker_chips,
    segment_line,
    table_size,
    waiting_line,
)

UNLIMITED = float("inf")  # the pictures cut long names to their room; words need no cut


def describe(view: JuntaView, names: list[str], words: Words) -> str:
    """What the board shows, in a few sentences (at most renderers.alt.LIMIT characters)."""
    n = table_size(view)
    everyone = [player_name(words, names, seat) for seat in range(n)]

    def who(seat: int | None) -> str | None:
        return everyone[seat] if seat is not None and 0 <= seat < n else None

    result = view["result"]
    phase = view["phase"]
    if result is not None:
        title = words.msg("junta.picture.game_over")
        reason = result["reason"]
        stage = words.msg(REASON[reason]) if reason in REASON else ""
    else:
        title = words.msg("junta.picture.turn", turn=view["turn"])
        stage = words.msg(PHASE_NAME[phase]) if phase in PHASE_NAME else ""
    sentences = [words.msg("junta.picture.alt.board", title=title), stage,
                 listed(words, [text for text, _fill, _ink, _glyph in marker_chips(view, words)]),
                 waiting_line(view, names, words, UNLIMITED)]
    controllers = view["controllers"]
    cousin = words.msg("junta.picture.cousin")
    offices = []
    for office in OFFICES:
        controller = controllers.get(office)
        holder = who(controller)
        entry = words.msg("junta.picture.alt.office", office=words.msg(OFFICE_NAME[office]),
                          player=holder or words.msg("junta.picture.alt.vacant"))
        if office != "president" and office == view["cousin"] and controller == view["president"]:
            entry = f"{entry} ({cousin})"
        offices.append(entry)
    sentences.append(labelled(words, words.msg("junta.picture.alt.offices"), offices))
    exiles = []
    for seat, player in enumerate(view["players"][:n]):
        embassy = player["exile"]
        if embassy in AREA_NAME:
            exiles.append(words.msg("junta.picture.alt.exile", player=everyone[seat],
                                    embassy=words.msg(AREA_NAME[embassy])))
    sentences.append(labelled(words, words.msg("junta.picture.alt.exiles"), exiles))
    coup = view["coup"]
    if coup is not None:
        sentences += coup_sentences(view, coup, everyone, words)
    return finish(words, sentences)


def coup_sentences(view: JuntaView, coup: Coup, everyone: list[str], words: Words) -> list[str]:
    """The coup: its phase and segment, air strikes, fight, rebels, last dice, and the units where they are."""
    n = len(everyone)

    def who(seat: Any) -> str:
        return everyone[seat] if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n else "—"

    phase = coup["phase"]
    title = (words.msg("junta.picture.coup.rebellion") if phase == 0 else
             words.msg("junta.picture.coup.phase", phase=phase, phases=PHASES))
    sentences = [words.msg("junta.picture.alt.coup", phase=title, segment=segment_line(view, words)),
                 words.plural("junta.picture.coup.air_strikes", coup["air_strikes"]),
                 fight_line(view, words)]
    leader = coup["leader"]
    sentences.append(labelled(words, words.msg("junta.picture.leader"), [who(leader)]))
    rebels = [everyone[s] for s in range(n) if is_rebel(view, s) and s != leader]
    sentences.append(labelled(words, words.msg("junta.picture.alt.rebels"), rebels))
    # the dice come from the log's events (any JSON): their fields are read as carefully as before
    rolls = [words.msg("junta.picture.alt.roll", player=who(r.get("seat")), target=who(r.get("target")),
                       dice=listed(words, numbers(d for d in r.get("dice") or [] if isinstance(d, int))))
             for r in dice_rolls(view)]
    sentences.append(labelled(words, dice_label(view, words), rolls))
    units = []
    for where, groups in board_groups(view).items():
        place = words.msg(AREA_NAME[where] if where in AREA_NAME else BOX_NAME[where])
        for controller, active, count in groups:
            if controller is None:
                units.append(words.plural("junta.picture.alt.units_free", count, area=place))
            elif active:
                units.append(words.plural("junta.picture.alt.units", count, player=who(controller), area=place))
            else:
                units.append(words.plural("junta.picture.alt.units_ignored", count, player=who(controller),
                                          area=place))
    sentences.append(labelled(words, words.msg("junta.picture.alt.units_label"), units))
    return sentences
