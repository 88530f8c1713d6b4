"""Spyfall's pictures in words (renderers/spyfall/): the scoreboard and the location sheet.

The scoreboard's: the round and its phase, what matters now (the clock, the vote count, the outcome or the
winners), the rows' markers (who asks next, the suspect, the dealer, who accused, who left), the totals and
the last rounds' locations and outcomes. The sheet's: what it is, the round's location and the spy's wrong
guess once the round is over (never while it runs: the view holds no location then), and the numbered list.
"""

from __future__ import annotations

from games.spyfall.view_types import SpyfallView
from renderers.alt import finish, labelled, listed, scores
from renderers.core import Words, player_name
from renderers.spyfall import (
    HOW_WORDS,
    OVER_PHASES,
    ROUND_PHASES,
    location_name,
    pack_line,
    row_tags,
    scoreboard_columns,
    status_parts,
)


def describe(view: SpyfallView, names: list[str], words: Words) -> str:
    """What the scoreboard shows, in a few sentences (at most renderers.alt.LIMIT characters)."""
    n = view["n"]
    title, detail = status_parts(view, names, words)
    everyone = [player_name(words, names, seat) for seat in range(n)]
    sentences = [words.msg("spyfall.picture.alt.scoreboard", status=listed(words, title)), listed(words, detail)]
    # The rows' markers, in the picture's words: each marker with the players who bear it.
    marked: dict[str, list[str]] = {}
    left = view["left"]
    for seat in range(n):
        tags = [words.msg("spyfall.picture.left")] if left[seat] else [tag.text for tag in row_tags(view, seat, words)]
        for text in tags:
            marked.setdefault(text, []).append(everyone[seat])
    dealer = view["dealer"]
    if view["phase"] != "game_over" and 0 <= dealer < n:
        marked.setdefault(words.msg("spyfall.picture.dealer"), []).append(everyone[dealer])
    if view["phase"] in ROUND_PHASES:
        accused = view["accused"]
        who = [everyone[s] for s in range(n) if s < len(accused) and accused[s] and not left[s]]
        if who:
            marked[words.msg("spyfall.picture.has_accused")] = who
    sentences += [labelled(words, label, who) for label, who in marked.items()]
    if view["history"]:
        sentences.append(labelled(words, words.msg("spyfall.picture.total"), scores(everyone, view["scores"])))
    else:  # before the first round the picture shows no score
        sentences.append(labelled(words, words.msg("alt.players"), everyone))
    for index, _left, _right in scoreboard_columns(view).rounds:
        entry = view["history"][index]
        how = entry["how"]
        params = {"round": entry["round"], "location": location_name(words, entry["location"], view),
                  "outcome": words.msg(HOW_WORDS[how]) if how in HOW_WORDS else how}
        spy = entry["spy"]
        if 0 <= spy < n:
            sentences.append(words.msg("spyfall.picture.alt.round_spy", spy=everyone[spy], **params))
        else:
            sentences.append(words.msg("spyfall.picture.alt.round", **params))
    return finish(words, sentences)


def describe_locations(view: SpyfallView, names: list[str], words: Words) -> str:
    """What the location sheet shows: every location by its number and, once a round is over, its location
    and the spy's wrong guess (the two cells the picture highlights then)."""
    ids = view["locations"]
    labels = [location_name(words, i, view) for i in ids]
    sentences = [words.plural("spyfall.picture.alt.sheet", len(ids)), pack_line(view, ids, words)[0]]
    result = view["result"] if view["phase"] in OVER_PHASES else None
    if result and result["location"] in ids:
        where = labels[ids.index(result["location"])]
        sentences.append(labelled(words, words.msg("spyfall.picture.location_of", round=result["round"]), [where]))
        guess = result.get("guess")
        if guess in ids and guess != result["location"]:
            sentences.append(labelled(words, words.msg("spyfall.picture.wrong_guess"), [labels[ids.index(guess)]]))
    sentences.append(listed(words, [f"{number}. {label}" for number, label in enumerate(labels, start=1)]))
    return finish(words, sentences)
