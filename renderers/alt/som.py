"""Som el que decidim!'s board in words (renderers/som/).

The turn and the Generalitat, the mode, degree and phase, what the game waits on (or the result), this
turn's die, each citizen (colour, cell, value, participation, the side taken in a vote: never a secret bid,
only "has bid" as the rows show), where the mover may step and the last movement, the Hisenda, the pool, the
urn area, then the board: its face-up cards by name and flag, its empty cells and how many cards lie face
down; last, the citizens' public-management discs (the full board's). A face-down card is never named (the
public view does not hold it, and `card_name` names a face-up card only).
"""

from __future__ import annotations

from typing import Any

from games.som.cards import CARD_NAME, FACE_NAME, KIND_NAME, URN_COUNT
from renderers.alt import finish, labelled, listed
from renderers.core import Words
from renderers.som import (
    COLOURS,
    FLAG_NAME,
    card_name,
    last_path,
    player_name,
    seats,
    status_lines,
    vote_tag,
)


def citizen(view: dict[str, Any], seat: int, names: list[str], words: Words) -> str:
    """A citizen's row in words: who, their colour, cell, value and participation, the Generalitat, their part
    in a vote."""
    player = (view.get("players") or [])[seat]
    name = player_name(words, names, seat)
    colour = player.get("colour") if player.get("colour") in COLOURS else COLOURS[seat % len(COLOURS)]
    params = {"player": name, "colour": words.msg(FACE_NAME[colour]), "value": int(player.get("value") or 0)}
    count = int(player.get("participation") or 0)
    if player.get("cell"):
        text = words.plural("som.picture.alt.citizen", count, cell=player["cell"], **params)
    else:
        text = words.plural("som.picture.alt.citizen_away", count, **params)
    over = view.get("phase") == "game_over"
    marks = [words.msg("som.picture.key.generalitat")] if seat == view.get("holder") and not over else []
    tag = vote_tag(view, seat, names, words)
    if tag:
        marks.append(tag)
    return f"{text} ({listed(words, marks)})" if marks else text


def discs(view: dict[str, Any], seat: int, names: list[str], words: Words) -> str:
    """A citizen's public-management discs (the full board's chips), by kind and value."""
    player = (view.get("players") or [])[seat]
    held = [f"{words.msg(KIND_NAME[d['kind']])} {int(d.get('value') or 0)}" for d in player.get("discs") or []
            if isinstance(d, dict) and d.get("kind") in KIND_NAME]
    return labelled(words, words.msg("som.picture.alt.discs", player=player_name(words, names, seat)), held)


def describe(view: dict[str, Any], names: list[str], words: Words) -> str:
    """What the board shows, in a few sentences (at most renderers.alt.LIMIT characters)."""
    title, info, action = status_lines(view, names, words)
    sentences = [words.msg("som.picture.alt.board", title=title), info, action]
    die = view.get("die")
    face = die.get("face") if isinstance(die, dict) else None
    if isinstance(die, dict) and face in FACE_NAME:
        face_id = FACE_NAME[face]  # (named first: Babel would read a literal key inside msg() as an id)
        sentences.append(words.msg("som.picture.alt.die", face=words.msg(face_id), number=int(die.get("number") or 0)))
    citizens = range(min(seats(view), len(view.get("players") or [])))
    sentences += [citizen(view, seat, names, words) for seat in citizens]
    if view.get("phase") != "game_over":
        moves = [str(c) for c in view.get("moves") or []]
        sentences.append(labelled(words, words.msg("som.picture.alt.can_go"), moves))
    sentences.append(labelled(words, words.msg("som.picture.alt.path"), last_path(view)))
    hisenda = view.get("hisenda") or {}
    sentences.append(words.msg("som.picture.alt.hisenda", value=int(hisenda.get("value", 0)),
                               ones=int(hisenda.get("ones", 0)), twos=int(hisenda.get("twos", 0))))
    sentences.append(words.plural("som.picture.alt.pool", int(view.get("pool") or 0)))
    found = [words.msg(CARD_NAME[c]) for c in view.get("urn_area") or [] if c in CARD_NAME][:URN_COUNT]
    sentences.append(labelled(words, words.msg("som.picture.alt.urns", found=len(found), total=URN_COUNT), found))
    board = [cell for cell in view.get("board") or [] if isinstance(cell, dict)]
    face_up = []
    for cell in board:
        name = card_name(words, cell)
        if name is not None:
            flag = cell.get("flag")
            flag = words.msg(FLAG_NAME[flag]) if flag in FLAG_NAME else ""
            face_up.append(words.msg("som.picture.alt.card", cell=cell.get("cell"), card=name, flag=flag))
    sentences.append(labelled(words, words.msg("som.picture.alt.face_up"), face_up))
    sentences.append(labelled(words, words.msg("som.picture.alt.empty"),
                              [str(c.get("cell")) for c in board if c.get("state") == "empty"]))
    down = sum(1 for cell in board if cell.get("state") == "face_down")
    if down:
        sentences.append(words.plural("som.picture.alt.face_down", down))
    sentences += [discs(view, seat, names, words) for seat in citizens]  # the full board's detail, last
    return finish(words, sentences)
