"""The Polls Are Closed!'s board in words (renderers/polls/).

The round and turn, who plays and what is asked of them (or who won), the dice of a pending roll, the seats
each party would win if the polls closed now (or the final seats), the propaganda circles' contents and the
Propaganda held in their centres, the pact boxes, what the player may choose now, and each party's
Influence region by region. Everything in this game is public.
"""

from __future__ import annotations

from games.polls.data import PACT_REGIONS, REGIONS
from games.polls.view_types import PollsView
from renderers.alt import finish, labelled, numbers
from renderers.core import Words, player_name
from renderers.polls import (
    CENTRES,
    CIRCLE_SECTORS,
    REGION_SHORT,
    party_name,
    possible_regions,
    possible_sectors,
    projection,
    step_text,
)

PARTIES = (0, 1)


def sector_words(sector: str) -> str:
    """A sector as the circles number it: "A5", a middle sector "A1/6", a B sector "B2/5"."""
    circle, dice = sector[:1], sector[1:]
    return circle + "/".join(dice) if len(dice) > 1 else sector


def describe(view: PollsView, names: list[str], words: Words) -> str:
    """What the board shows, in a few sentences (at most renderers.alt.LIMIT characters)."""
    phase = view["phase"]
    over = phase == "game_over"
    party = {seat: party_name(words, seat) for seat in PARTIES}
    if over:
        when = words.msg("polls.picture.polls_closed")
    elif phase == "poll":
        when = words.msg("polls.picture.alt.round", round=view["round"], rounds=view["rounds"])
    else:
        when = words.msg("polls.picture.alt.turn", round=view["round"], rounds=view["rounds"],
                         turn=view["turn"], turns=view["turns_in_round"])
    sentences = [words.msg("polls.picture.alt.board", when=when)]
    result = view["result"]
    winners = result["winners"] if result is not None else []
    seat = (winners[0] if winners else None) if over else view["current"]
    if seat is not None:
        player = words.msg("polls.picture.player", party=party[seat], name=player_name(words, names, seat))
        sentences.append(words.msg("polls.picture.alt.step", player=player, step=step_text(view, words)))
    elif over:
        sentences.append(words.msg("polls.picture.hung"))
    pending = view["pending"]
    dice = pending["dice"] if pending is not None else []
    if dice and not over:
        sentences.append(labelled(words, words.msg("polls.picture.alt.dice"), numbers(dice)))

    shown = projection(view)
    seats, third = shown["seats"], shown["third"]
    majority = view["seats_projection"]["majority"]
    if over:
        title = words.msg("polls.picture.seats_final", majority=majority)
    else:
        title = words.msg("polls.picture.seats_now", majority=majority)
    others = words.msg("polls.picture.alt.third_parties")
    sentences.append(labelled(words, title, [f"{party[0]} {seats[0]}", f"{party[1]} {seats[1]}", f"{others} {third}"]))

    circles = view["circles"]
    held = [f"{sector_words(s)} {party[owner]} {circles[s]['count']}" for s in CIRCLE_SECTORS
            if s in circles and (owner := circles[s]["owner"]) is not None and circles[s]["count"]]
    sentences.append(labelled(words, words.msg("polls.picture.alt.circles"), held)
                     or words.msg("polls.picture.alt.circles_empty"))
    propaganda = view["propaganda"]
    centres = [f"{kind} {party[s]} {propaganda[s][kind]}" for kind in CENTRES for s in PARTIES if propaganda[s][kind]]
    sentences.append(labelled(words, words.msg("polls.picture.alt.centres"), centres))
    pacts = view["pacts"]
    boxes = [f"{words.msg(REGION_SHORT[region])} {party[s]} {pacts[region][s]}" for region in PACT_REGIONS
             for s in PARTIES if region in pacts and pacts[region][s]]
    sentences.append(labelled(words, words.msg("polls.picture.pacts"), boxes))
    if not over:
        choices = [words.msg(REGION_SHORT[r]) for r in REGIONS if r in possible_regions(view)]
        choices += [sector_words(s) for s in sorted(possible_sectors(view))]
        sentences.append(labelled(words, words.msg("polls.picture.alt.choices"), choices))
    influence = view["influence"]
    for s in PARTIES:
        led = [f"{words.msg(REGION_SHORT[r])} {influence[r][s]}" for r in REGIONS if r in influence and influence[r][s]]
        sentences.append(labelled(words, words.msg("polls.picture.alt.influence", party=party[s]), led))
    return finish(words, sentences)
