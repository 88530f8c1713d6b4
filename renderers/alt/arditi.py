"""Arditi del Popolo's board in words (renderers/arditi/).

The round, whose turn and the die (or who places their attacked leader, or the result), where the march
may go now, the scores, each party's march (its spaces from tail to head, its leader's space, the way it
travels) and leaderless groups, the police, the last move, the numbers on the board, waiting in the centre
and left in the bag. Everything in this game is public.
"""

from __future__ import annotations

from typing import Any

from games.core.messages import MessageFamily
from renderers.alt import finish, labelled, listed, numbers, scores
from renderers.arditi import POLICE_ORDER, last_move, player_name, status_lines, targets
from renderers.core import Words

DIRECTION = MessageFamily("arditi.picture.alt.direction", ("in", "out", "cw", "ccw"))
RANK = MessageFamily("arditi.picture.alt.rank", POLICE_ORDER)


def describe(view: dict[str, Any], names: list[str], words: Words) -> str:
    """What the board shows, in a few sentences (at most renderers.alt.LIMIT characters)."""
    n = int(view["n"])
    everyone = [player_name(words, names, seat) for seat in range(n)]

    def who(seat: Any) -> str:
        return everyone[seat] if isinstance(seat, int) and 0 <= seat < n else "?"

    title, line, _seat = status_lines(view, names, words)
    sentences = [words.msg("arditi.picture.alt.board", title=title), line]
    phase = view.get("phase")
    go, _landings, _over = targets(view)
    if phase == "move":
        sentences.append(labelled(words, words.msg("arditi.picture.alt.can_go"), numbers(sorted(go))))
        jumps = [words.msg("arditi.picture.alt.jump", number=move["over"], space=move["space"])
                 for move in view.get("moves") or [] if move.get("type") == "jump"]
        sentences.append(labelled(words, words.msg("arditi.picture.alt.jumps"), jumps))
    elif phase == "place_leader" and view.get("placing"):
        sentences.append(labelled(words, words.msg("arditi.picture.alt.can_place"), numbers(sorted(go))))
    final = (view.get("result") or {}).get("scores") if phase == "game_over" else None
    sentences.append(labelled(words, words.msg("arditi.picture.alt.scores"),
                              scores(everyone, final or view.get("scores") or [])))
    for march in view.get("marches") or []:
        chain = [int(s) for s in march.get("spaces") or []]
        if not chain:
            continue
        leader = chain[int(march.get("leader") or 0)] if 0 <= int(march.get("leader") or 0) < len(chain) else "?"
        params = {"player": who(march.get("seat")), "spaces": listed(words, numbers(chain)), "leader": leader}
        direction = march.get("dir")
        if direction in DIRECTION:
            sentences.append(words.plural("arditi.picture.alt.march", len(chain), **params,
                                          direction=words.msg(DIRECTION[direction])))
        else:
            sentences.append(words.plural("arditi.picture.alt.march_still", len(chain), **params))
    for group in view.get("groups") or []:
        sentences.append(words.msg("arditi.picture.alt.group", player=who(group.get("seat")),
                                   spaces=listed(words, numbers(group.get("spaces") or []))))
    police = []
    off = words.msg("arditi.picture.off_board")
    for piece in view.get("police") or []:
        rank = str(piece.get("rank"))
        rank = words.msg(RANK[rank]) if rank in RANK else rank
        if piece.get("space"):
            police.append(words.msg("arditi.picture.alt.police_on", rank=rank, space=piece["space"]))
        else:
            police.append(f"{rank} {off}")
    sentences.append(labelled(words, words.msg("arditi.picture.key.police"), police))
    mover, trail = last_move(view)
    if mover is not None and trail:
        sentences.append(words.msg("arditi.picture.alt.last_move", player=who(mover),
                                   spaces=listed(words, numbers(trail))))
    sentences.append(labelled(words, words.msg("arditi.picture.alt.numbers"), numbers(view.get("numbers") or [])))
    sentences.append(labelled(words, words.msg("arditi.picture.waiting"), numbers(view.get("waiting") or [])))
    bag = view.get("bag")
    if isinstance(bag, int):
        sentences.append(words.plural("arditi.picture.bag", bag))
    return finish(words, sentences)
