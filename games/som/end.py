"""The end of the game and its winners (rules/som.md, "End of the game and winners")."""

from __future__ import annotations

from games.som.common import State, log


def game_over(s: State, reason: str, provoker: int | None = None, debtor: int | None = None) -> None:
    """End the game: "referendum" (all urn cards found), "dui" (the Hisenda cannot pay; `provoker`)
    or "intervened" (a citizen cannot pay a tax; `debtor`)."""
    scores = list(s["participation"])
    best = max(scores)
    tied = [x for x in range(s["n"]) if scores[x] == best]
    if reason == "intervened":
        winners: list[int] = []
    elif s["n"] == 1:
        winners = [0]
    elif reason == "referendum":
        winners = tied
    else:  # a DUI: the most participation discs, and on a tie the provoker alone
        assert provoker is not None
        winners = tied if len(tied) == 1 else [provoker]
    s.update(phase="game_over", payment=None, pay_queue=[], pending=None, vote=None, movers=[],
             movement=None)
    s["result"] = {"reason": reason, "winners": winners, "scores": scores, "provoker": provoker,
                   "debtor": debtor}
    log(s, {"type": "game_over", "reason": reason, "winners": winners, "scores": scores,
            "provoker": provoker, "debtor": debtor})
