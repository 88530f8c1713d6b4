"""Som el que decidim!: what both boards say (the status, the vote tags, the names) and read of a view, and
the paragraphs they write it in (renderers/som)."""

from __future__ import annotations

from typing import Literal

from PIL import Image

from games.core.messages import N_, MessageFamily
from games.som.cards import CARD_NAME, COLOURS
from games.som.view_types import Cell, Party, SomView, VoteResult
from renderers.core import (
    Color,
    Words,
    ellipsize,
    font,
    player_name,
    put_fitted,
    put_text,
    text_width,
    wrap_block,
)
from renderers.som.sprites import (
    FLAGS,
    STRONG,
    TEXT,
    TITLE,
)

# --- words -------------------------------------------------------------------------------------------

FLAG_NAME = MessageFamily("som.picture.flag", FLAGS)
PHASE = MessageFamily("som.picture.phase", ("place_start", "choose_centralism", "taxation", "transfer", "cohesion",
                                            "action"))
DEGREE = MessageFamily("som.picture.degree", ("medium", "high", "intense", "none"))
RESULT = MessageFamily("som.picture.result", ("referendum", "intervened", "dui"))
PAY_REASON = MessageFamily("som.picture.pay_reason", ("tax", "transfer", "economic", "health", "justice",
                                                      "elections"))
VOTE_KIND = MessageFamily("som.picture.vote", ("elections", "motion"))
ACT = MessageFamily("som.picture.act", ("place_start", "choose_centralism", "pay", "pay_hisenda", "break_coin",
                                        "give_change", "cohesion", "move", "move_first", "protect_urn", "sufragi",
                                        "stand", "back", "name_beneficiary", "waiting"))
TAG = MessageFamily("som.picture.tag", ("candidate", "backs", "abstains", "motion", "government", "has_bid"))
CANDIDATE, BACKS, ABSTAINS, HAS_BID = TAG["candidate"], TAG["backs"], TAG["abstains"], TAG["has_bid"]
SIDE_TAGS: tuple[tuple[Literal["motion", "government", "abstain"], str], ...] = (
    ("motion", TAG["motion"]), ("government", TAG["government"]), ("abstain", ABSTAINS))
KEY_WORDS = (
    ("go", N_("som.picture.key.can_go")),
    ("mover", N_("som.picture.key.mover")),
    ("holder", N_("som.picture.key.generalitat")),
)


# --- what a view says of the board ---------------------------------------------------------------------------

def _colour_of(view: SomView, seat: int | None) -> str:
    colours = view["colours"]
    return colours[seat] if seat is not None and 0 <= seat < len(colours) else "pink"


def mover_cell(view: SomView) -> str | None:
    """The current mover's cell while the game waits on their movement (None otherwise)."""
    movement = view["movement"]
    if view["phase"] == "game_over" or movement is None:
        return None
    return movement["cell"] or None


def card_name(words: Words, cell: Cell) -> str | None:
    """The name drawn on a cell: only a face-up card's (whatever else the cell carries)."""
    card = cell["card"]
    if cell["state"] != "face_up" or card is None:
        return None
    return words.msg(CARD_NAME[card]) if card in CARD_NAME else None


# --- what the game waits on ----------------------------------------------------------------------------------

def _name_or_hisenda(words: Words, names: list[str], party: Party | None, limit: float | None,
                     size: int = STRONG) -> str:
    """A party's name, cut to `limit` px at `size` (bold) if a limit is given."""
    if party == "hisenda":
        return words.msg("som.picture.the_hisenda")
    if not isinstance(party, int):
        return "?"
    full = player_name(words, names, party)
    return full if limit is None else ellipsize(full, font(size, True), limit)


def bid_count(view: SomView) -> tuple[int, int]:
    """(how many have bid, how many bid) in the vote going on."""
    vote = view["vote"]
    done = set(vote["bid_done"]) if vote else set()
    return len(done), view["n"]


def _action(view: SomView, names: list[str], words: Words, limit: float | None, size: int = STRONG) -> str:
    """What the game waits on (or the winners), names cut to `limit` px at `size`."""
    def name(party: Party | None) -> str:
        return _name_or_hisenda(words, names, party, limit, size)

    result = view["result"]
    if view["phase"] == "game_over":
        winners = result["winners"] if result else []
        if not winners:
            return words.msg("som.picture.nobody_wins")
        return words.plural("som.picture.winners", len(winners), names=", ".join(name(s) for s in winners))
    pending, vote, payment, movement = view["pending"], view["vote"], view["payment"], view["movement"]
    kind = pending["type"] if pending else ""
    seat = pending["seat"] if pending else None
    vote_id = VOTE_KIND[vote["kind"]] if vote else None  # (named first: Babel reads a literal inside msg() as an id)
    vote_word = words.msg(vote_id) if vote_id else ""
    if kind in ("pay", "break_coin") and payment:
        reason = payment["reason"]
        reason_word = words.msg(PAY_REASON[reason]) if reason in PAY_REASON else ""
        act = "pay_hisenda" if kind == "pay" and payment["payee"] == "hisenda" else kind
        return words.msg(ACT[act], player=name(payment["payer"]), payee=name(payment["payee"]),
                         amount=payment["due"] or payment["amount"], reason=reason_word)
    if kind == "give_change" and payment:
        act = ACT["give_change"]
        return words.msg(act, player=name(payment["changer"]), payer=name(payment["payer"]))
    if kind == "move":
        mover = movement["mover"] if movement else seat
        act = ACT["move_first"] if pending and pending.get("first_step") else ACT["move"]
        return words.msg(act, player=name(mover))
    if kind == "bid":
        done, total = bid_count(view)
        return words.plural("som.picture.act.bid", done, vote=vote_word, n=total)
    if kind in ("stand", "back", "name_beneficiary"):
        return words.msg(ACT[kind], vote=vote_word, player=name(seat))
    if kind in ACT:
        return words.msg(ACT[kind], player=name(seat))
    act = ACT["waiting"]
    return words.msg(act, player=name(seat))


def status_lines(view: SomView, names: list[str], words: Words,
                 width: float | None = None) -> tuple[str, str, str]:
    """The status in three lines: the turn and the Generalitat (or the end and why), the mode, degree
    and phase, and what the game waits on (or the winners) (the alt text's words). With `width` (px)
    long names are cut (never the rest) so the lines fit it."""
    phase, degree, result = view["phase"], view["degree"], view["result"]
    degree_id = DEGREE[degree or "none"]
    parts = [words.msg("som.picture.mode", mode=view["mode"]), words.msg(degree_id)]
    if phase in PHASE:
        parts.append(words.msg(PHASE[phase]))
    info = " · ".join(parts)
    title = action = ""
    for share in (None, 0.6, 0.45, 0.35, 0.25, 0.15, 0.08):
        limit = None if share is None or width is None else width * share
        if phase == "game_over":
            title = words.msg("som.picture.game_over")
            if result:
                why_id = RESULT[result["reason"]]
                title = f"{title} · {words.msg(why_id)}"
        else:
            turn = view["turn"]
            when = words.msg("som.picture.turn", turn=turn) if turn else words.msg("som.picture.setup")
            generalitat = words.msg("som.picture.generalitat",
                                    player=_name_or_hisenda(words, names, view["holder"], limit))
            title = f"{when} · {generalitat}"
        action = _action(view, names, words, limit)
        if width is None or (text_width(action, font(STRONG, True)) <= width
                             and text_width(title, font(TITLE, True)) <= width):
            break
    return title, info, action


# --- the citizens' part in a vote -----------------------------------------------------------------------------

def recent_vote(view: SomView) -> VoteResult | None:
    """The last vote's result while its bids are news: until the turn after it ends (its event is in
    the log and at most one turn started since)."""
    last = view["last_vote"]
    if last is None or view["phase"] == "game_over":
        return None
    log = view["log"]
    ids = [e.get("id") or 0 for e in log if e.get("type") == "vote_result"]
    if not ids:
        return None
    started = sum(1 for e in log if e.get("type") == "turn_started" and (e.get("id") or 0) > ids[-1])
    return last if started <= 1 else None


def vote_tag(view: SomView, seat: int, names: list[str], words: Words, bid_first: bool = False) -> str:
    """What a row says of its citizen in the vote going on (side, "has bid"; never an amount) or,
    the turn after a vote, their bid; "" otherwise. With `bid_first`, "has bid" comes before the side
    (a short line cuts the side, not that)."""
    vote = view["vote"]
    if vote is not None:
        parts: list[str] = []
        sides = vote["sides"]
        if vote["kind"] == "elections":
            backing = vote["backing"] or {}
            if seat in (vote["candidates"] or []):
                parts.append(words.msg(CANDIDATE))
            elif str(seat) in backing:
                backed = backing[str(seat)]
                parts.append(words.msg(BACKS, player=player_name(words, names, backed))
                             if backed is not None else words.msg(ABSTAINS))
        elif vote["kind"] == "motion" and sides is not None:
            for side, tag in SIDE_TAGS:
                if seat in sides[side]:
                    parts.append(words.msg(tag))
        if seat in vote["bid_done"]:
            parts.insert(0 if bid_first else len(parts), words.msg(HAS_BID))
        return " · ".join(parts)
    last = recent_vote(view)
    bids = last["bids"] if last else []
    if seat < len(bids):
        return words.plural("som.picture.tag.bid", bids[seat])
    return ""
SIDE_LINE = 27  # between the lines of a paragraph in the panel
ACTION_LINES = 4


# --- paragraphs, at least TEXT -----------------------------------------------------------------------------

def put_paragraph(image: Image.Image, left: float, right: float, mid: float, text: str, size: int, fill: Color,
                  bold: bool = False, max_lines: int = 3, align: str = "left") -> int:
    """`text` over at most `max_lines` lines of SIDE_LINE px, the first one's middle at `mid` (the last
    line cut if it still runs on); returns the lines drawn."""
    lines = wrap_block(text, right - left, size, bold=bold, long_words="keep").lines
    if len(lines) > max_lines:
        lines = [*lines[:max_lines - 1], " ".join(lines[max_lines - 1:])]
    for k, shown in enumerate(lines):
        y = mid + k * SIDE_LINE
        put_fitted(image, (left, y - SIDE_LINE / 2, right, y + SIDE_LINE / 2), shown, size, fill, bold, align,
                   min_size=TEXT, put=put_text)
    return len(lines)


# --- the panel's words ---------------------------------------------------------------------------------------

def seats(view: SomView) -> int:
    """The table's size as far as the board draws it (4 citizens at most)."""
    return max(0, min(view["n"], len(COLOURS)))


def side_lines(view: SomView, names: list[str], words: Words, width: int,
               size: int) -> tuple[str, list[str], str]:
    """The panel's words: the title (the turn, or the end); the mode, the degree and the phase (or why
    the game ended); and what the game waits on (or the winners), names cut only as far as needed for
    it to fit ACTION_LINES lines."""
    phase, degree, result = view["phase"], view["degree"], view["result"]
    degree_id = DEGREE[degree or "none"]
    info = [words.msg("som.picture.mode", mode=view["mode"]), words.msg(degree_id)]
    if phase == "game_over":
        title = words.msg("som.picture.game_over")
        why_id = RESULT[result["reason"]] if result else None
        why = words.msg(why_id) if why_id else ""
        info.append(why[:1].upper() + why[1:])  # it follows "Game over · " on the full board
    else:
        turn = view["turn"]
        title = words.msg("som.picture.turn", turn=turn) if turn else words.msg("som.picture.setup")
        if phase in PHASE:
            info.append(words.msg(PHASE[phase]))
    action = ""
    for share in (None, 0.9, 0.7, 0.5, 0.35):
        action = _action(view, names, words, None if share is None else width * share, size)
        if len(wrap_block(action, width, size, bold=True, long_words="keep").lines) <= ACTION_LINES:
            break
    return title, info, action
