"""Arditi del Popolo's board in words (renderers/arditi/).

The round, whose turn and the die (or who places their attacked leader, or the result), where the march
may go now, the scores, each party's march (its spaces from tail to head, its leader's space, the way it
travels) and leaderless groups, the police, the last move, the numbers on the board, waiting in the centre
and left in the bag. Everything in this game is public.
"""

from __future__ import annotations

from games.arditi.view_types import ArditiView
from games.core.messages import MessageFamily
from renderers.alt import finish, labelled, listed, numbers, scores
from renderers.arditi import POLICE_ORDER, last_move, status_lines, targets
from renderers.core import Words, player_name

DIRECTION = MessageFamily("arditi.picture.alt.direction", ("in", "out", "cw", "ccw"))
RANK = MessageFamily("arditi.picture.alt.rank", POLICE_ORDER)


def describe(view: ArditiView, names: list[str], words: Words) -> str:
    """What the board shows, in a few sentences (at most renderers.alt.LIMIT characters)."""
    n = view["n"]
    everyone = [player_name(words, names, seat) for seat in range(n)]

    def who(seat: int) -> str:
        return everyone[seat] if 0 <= seat < n else "?"

    title, line, _seat = status_lines(view, names, words)
    sentences = [words.msg("arditi.picture.alt.board", title=title), line]
    phase = view["phase"]
    go, _landings, _over = targets(view)
    if phase == "move":
        sentences.append(labelled(words, words.msg("arditi.picture.alt.can_go"), numbers(sorted(go))))
        jumps = [words.msg("arditi.picture.alt.jump", number=move.get("over"), space=move["space"])
                 for move in view["moves"] if move["type"] == "jump"]
        sentences.append(labelled(words, words.msg("arditi.picture.alt.jumps"), jumps))
    elif phase == "place_leader" and view["placing"]:
        sentences.append(labelled(words, words.msg("arditi.picture.alt.can_place"), numbers(sorted(go))))
    result = view["result"]
    final = result["scores"] if phase == "game_over" and result is not None else None
    sentences.append(labelled(words, words.msg("arditi.picture.alt.scores"),
                              scores(everyone, final or view["scores"])))
    for march in view["marches"]:
        chain = march["spaces"]
        if not chain:
            continue
        leader = chain[march["leader"]] if 0 <= march["leader"] < len(chain) else "?"
        params = {"player": who(march["seat"]), "spaces": listed(words, numbers(chain)), "leader": leader}
        direction = march["dir"]
        if direction in DIRECTION:
            sentences.append(words.plural("arditi.picture.alt.march", len(chain), **params,
                                          direction=words.msg(DIRECTION[direction])))
        else:
            sentences.append(words.plural("arditi.picture.alt.march_still", len(chain), **params))
    for group in view["groups"]:
        sentences.append(words.msg("arditi.picture.alt.group", player=who(group["seat"]),
                                   spaces=listed(words, numbers(group["spaces"]))))
    police = []
    off = words.msg("arditi.picture.off_board")
    for piece in view["police"]:
        rank = piece["rank"]
        rank = words.msg(RANK[rank]) if rank in RANK else rank
        if piece["space"]:
            police.append(words.msg("arditi.picture.alt.police_on", rank=rank, space=piece["space"]))
        else:
            police.append(f"{rank} {off}")
    sentences.append(labelled(words, words.msg("arditi.picture.key.police"), police))
    mover, trail = last_move(view)
    if mover is not None and trail:
        sentences.append(words.msg("arditi.picture.alt.last_move", player=who(mover),
                                   spaces=listed(words, numbers(trail))))
    sentences.append(labelled(words, words.msg("arditi.picture.alt.numbers"), numbers(view["numbers"])))
    sentences.append(labelled(words, words.msg("arditi.picture.waiting"), numbers(view["waiting"])))
    sentences.append(words.plural("arditi.picture.bag", view["bag"]))
    return finish(words, sentences)
