"""Som el que decidim!'s board in words (renderers/som/).

The turn and the Generalitat, the mode, degree and phase, what the game waits on (or the result), this
turn's die, each citizen (colour, cell, value, participation, the side taken in a vote: never a secret bid,
only "has bid" as the rows show), where the mover may step and the last movement, the Hisenda, the pool, the
urn area, then the board: its face-up cards by name and flag, its empty cells and how many cards lie face
down; last, the citizens' public-management discs (the full board's). A face-down card is never named (the
public view does not hold it, and `card_name` names a face-up card only).
"""

from __future__ import annotations

from games.som.cards import CARD_NAME, FACE_NAME, KIND_NAME, URN_COUNT
from games.som.view_types import SomView
from renderers.alt import finish, labelled, listed
from renderers.core import Words, player_name
from renderers.som import (
    COLOURS,
    FLAG_NAME,
    card_name,
    last_path,
    seats,
    status_lines,
    vote_tag,
)


def citizen(view: SomView, seat: int, names: list[str], words: Words) -> str:
    """A citizen's row in words: who, their colour, cell, value and participation, the Generalitat, their part
    in a vote."""
    player = view["players"][seat]
    name = player_name(words, names, seat)
    colour = player["colour"] if player["colour"] in COLOURS else COLOURS[seat % len(COLOURS)]
    params = {"player": name, "colour": words.msg(FACE_NAME[colour]), "value": player["value"]}
    count = player["participation"]
    if player["cell"]:
        text = words.plural("som.picture.alt.citizen", count, cell=player["cell"], **params)
    else:
        text = words.plural("som.picture.alt.citizen_away", count, **params)
    over = view["phase"] == "game_over"
    marks = [words.msg("som.picture.key.generalitat")] if seat == view["holder"] and not over else []
    tag = vote_tag(view, seat, names, words)
    if tag:
        marks.append(tag)
    return f"{text} ({listed(words, marks)})" if marks else text


def discs(view: SomView, seat: int, names: list[str], words: Words) -> str:
    """A citizen's public-management discs (the full board's chips), by kind and value."""
    player = view["players"][seat]
    held = [f"{words.msg(KIND_NAME[d['kind']])} {d['value']}" for d in player["discs"] if d["kind"] in KIND_NAME]
    return labelled(words, words.msg("som.picture.alt.discs", player=player_name(words, names, seat)), held)


def describe(view: SomView, names: list[str], words: Words) -> str:
    """What the board shows, in a few sentences (at most renderers.alt.LIMIT characters)."""
    title, info, action = status_lines(view, names, words)
    sentences = [words.msg("som.picture.alt.board", title=title), info, action]
    die = view["die"]
    if die is not None and die["face"] in FACE_NAME:
        face_id = FACE_NAME[die["face"]]  # (named first: Babel would read a literal key inside msg() as an id)
        sentences.append(words.msg("som.picture.alt.die", face=words.msg(face_id), number=die["number"]))
    citizens = range(min(seats(view), len(view["players"])))
    sentences += [citizen(view, seat, names, words) for seat in citizens]
    if view["phase"] != "game_over":
        sentences.append(labelled(words, words.msg("som.picture.alt.can_go"), view["moves"]))
    sentences.append(labelled(words, words.msg("som.picture.alt.path"), last_path(view)))
    hisenda = view["hisenda"]
    sentences.append(words.msg("som.picture.alt.hisenda", value=hisenda["value"], ones=hisenda["ones"],
                               twos=hisenda["twos"]))
    sentences.append(words.plural("som.picture.alt.pool", view["pool"]))
    found = [words.msg(CARD_NAME[c]) for c in view["urn_area"] if c in CARD_NAME][:URN_COUNT]
    sentences.append(labelled(words, words.msg("som.picture.alt.urns", found=len(found), total=URN_COUNT), found))
    board = view["board"]
    face_up = []
    for cell in board:
        name = card_name(words, cell)
        if name is not None:
            flag = cell["flag"]
            flag_name = words.msg(FLAG_NAME[flag]) if flag in FLAG_NAME else ""
            face_up.append(words.msg("som.picture.alt.card", cell=cell["cell"], card=name, flag=flag_name))
    sentences.append(labelled(words, words.msg("som.picture.alt.face_up"), face_up))
    sentences.append(labelled(words, words.msg("som.picture.alt.empty"),
                              [c["cell"] for c in board if c["state"] == "empty"]))
    down = sum(1 for cell in board if cell["state"] == "face_down")
    if down:
        sentences.append(words.plural("som.picture.alt.face_down", down))
    sentences += [discs(view, seat, names, words) for seat in citizens]  # the full board's detail, last
    return finish(words, sentences)
