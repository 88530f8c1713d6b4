"""The movement search of Som's computer player: an expectimax over one movement, on the public board.

Every reveal of a face-down card is a draw from the cards still face down, whose mix is public (`Know`): urn,
Spain, world, plain Catalunya, economic capacity, the ATC. Since the order in which the board gives up its cards
does not depend on when they are turned, every turned card is worth `DRAW` (a turn's exploration is the scarce
resource), and a State action's setback counts only in part (`RISK`: it comes sooner or later). On top of that
the search weighs each outcome: an urn card (the fourth wins), a Spain card (the urn cards it would collect
beyond what interior discs can protect, the face-up Catalunya cards and the ATC it sends back, the movers of an
"everyone" turn who lose their movement; in medium degree the card stays face up and never acts again, in high
degree only if no face-up Spain card is aligned), 3 € from an economic card (or a DUI when the Hisenda cannot pay
them), the ATC, and where the citizen ends (face-down cards within reach for its next movement). A citizen may
step back onto cards it already stood on, so the face-up Catalunya cards joined to where it stands (those turned
on the way included) are one position, its area: the citizen walks over them freely (`STEP` a step, only to
prefer the fewest steps) to wherever the best way on starts; the first step never counts on more
steps than the movement has left (`MAX_STEPS`). The search is memoised on the area, deepened one
card at a time (from `FIRST_DEPTH` to `MAX_DEPTH` cards turned) while the node budget lasts; the deepest search
the budget completed decides. Choosing the move from its values, and saying why, is games/som/ai.py's part.
"""

from __future__ import annotations

from games.core.choice import Budget
from games.som.cards import CARD, CATALUNYA, CELLS, SPAIN, START_CARD, URN_COUNT, aligned, neighbours
from games.som.know import TYPES, Know, type_of

MAX_DEPTH = 8  # face-down cards a line of the search turns before it guesses, at most
FIRST_DEPTH = 2  # the first of the ever deeper searches of a movement (iterative deepening)
MIN_CHANCE = 0.04  # a way on reached with less chance than this is judged without searching it

# Values, in "turned cards" (one more face-down card turned this movement is worth DRAW).
DRAW = 2.0
URN_FOUND = 1.5  # an urn card in the urn area (besides the draw that found it)
WIN = 40.0  # the fourth urn card: the referendum
DUI = -6.0  # the game ends without the referendum (2+ players; alone it is a win)
EURO = 0.25  # one euro more for the team (economic capacity)
ATC_UP = 3.0  # the Agència Tributària face up (taxes go to the holder)
MAP_CARD = 0.08  # a face-up Catalunya card (a free stepping stone), sent back by a State action
RISK = 0.3  # the share of a State action's setback that counts against turning a card now (see above)
SPAIN_GONE = 1.0  # a Spain card that stays face up and never acts again
MOVER_LOST = 1.6  # an "everyone" mover who loses their movement to a State action
REACH = 0.12  # a face-down card within reach of where the citizen ends (for its next movement)
REACH_CAP = 5
STEP = 0.001  # one step taken (only breaks ties: the fewest steps to the same end, so no walking in circles)


Pools = tuple[tuple[float, ...], ...]  # per group of face-down cards: urn, spain, world, cat, econ, atc
# The face-up Catalunya cards a citizen standing on one of them can walk to, back and forth as it likes, in
# a line of the search: the public ones joined to it and the face-down ones the line turned (each turned
# card is a Catalunya card, since only those let the movement go on, and lies next to the area it was
# turned from). Steps inside an area cost nothing but `STEP`, so an area is a position of the search.
Area = frozenset[str]
# A draw from one group of face-down cards: (cards, chance of an urn card, of a Spain card, of a world card, of a
# Catalunya card, the value of the symbols a Catalunya card may carry, the pools after a Catalunya card).
Mix = tuple[float, float, float, float, float, float, Pools]


class Mover:
    """The expectimax over one movement, on the public board (face-down cards as draws)."""

    def __init__(self, know: Know, seat: int, budget: Budget, protectable: int) -> None:
        """`protectable`: the urn cards in the urn area that interior discs would keep through a State action."""
        self.know = know
        self.seat = seat
        self.budget = budget
        self.memo: dict[Area, float] = {}
        # Each first step's aim, for the hint: (the card the way on steps onto, or None to stop; the
        # area's card it starts from or stops on), as the search that decided judged it.
        self.aims: dict[str | None, tuple[str | None, str]] = {}
        self.depth_limit = MAX_DEPTH  # cards a line turns before it is judged without searching
        self.cut = False  # the budget ran out during this search: some lines were judged early
        self.deep = False  # some line stopped at the depth limit: a deeper search may see more
        self.best_end_memo: dict[Area, float] = {}
        self.spain_memo: dict[str, float] = {}
        self.later_movers = len(know.state["movers"])
        self.protectable = protectable
        self.face_up_cat = sum(1 for c in CELLS if know.flag(c) == CATALUNYA and know.board[c] != START_CARD)
        self.face_up_econ = sum(1 for c in CELLS if know.board[c] not in (None, "?")
                                and type_of(str(know.board[c])) == "econ")
        self.catalan_hidden = float(know.hidden["cat"] + know.hidden["econ"] + know.hidden["atc"])
        self.won = WIN if know.urns + 1 >= URN_COUNT else URN_FOUND
        self.econ = (WIN if know.n == 1 else DUI) if know.hisenda < 3 else 3 * EURO
        # A cell's ways on: (cell, "?" face down | "cat" face-up Catalunya | "stop" face-up world or Spain).
        self.ways: dict[str, list[tuple[str, str]]] = {}
        for cell in CELLS:
            found = []
            for nb in neighbours(cell):
                card = know.board[nb]
                if card is None:
                    continue
                found.append((nb, "?" if card == "?" else "cat" if CARD[card].flag == CATALUNYA else "stop"))
            self.ways[cell] = found
        # Each face-up Catalunya card → its area on the public board (nothing turned yet).
        self.area_of: dict[str, Area] = {}
        for cell in CELLS:
            if cell in self.area_of or know.flag(cell) != CATALUNYA:
                continue
            joined = [cell]
            for here in joined:
                joined.extend(nb for nb, what in self.ways[here] if what == "cat" and nb not in joined)
            area = frozenset(joined)
            self.area_of.update(dict.fromkeys(area, area))
        # Each cell → its face-down neighbours, and what ending the movement there is worth.
        self.down = {cell: [nb for nb, what in self.ways[cell] if what == "?"] for cell in CELLS}
        self.ends = {cell: REACH * min(self.reach(cell), REACH_CAP) for cell in CELLS}

    # -- positions --

    def reach(self, cell: str) -> int:
        """Face-down cards next to `cell` or to a face-up Catalunya card joined to it by such cards."""
        seen = {cell}
        frontier = [cell]
        down: set[str] = set()
        while frontier:
            here = frontier.pop()
            for nb, what in self.ways[here]:
                if what == "?":
                    down.add(nb)
                elif what == "cat" and nb not in seen:
                    seen.add(nb)
                    frontier.append(nb)
        return len(down)

    def end(self, cell: str) -> float:
        """Where the movement ends: face-down cards within reach for the citizen's next movement."""
        return self.ends[cell]

    # -- outcomes of a draw --

    def spain(self, cell: str) -> float:
        """A face-down Spain card turned at `cell` (but the Catalunya cards turned on the way)."""
        value = self.spain_memo.get(cell)
        if value is not None:
            return value
        know = self.know
        lost = know.urns - self.protectable
        setback = URN_FOUND * lost + 2 * EURO * self.protectable + MAP_CARD * self.face_up_cat
        if know.atc:
            setback += ATC_UP
        setback -= 3 * EURO * 0.5 * self.face_up_econ  # collected economic cards pay again later
        value = -RISK * setback
        if know.degree == "medium":
            value += SPAIN_GONE
        elif know.degree == "high":
            others = [c for c in CELLS if c != cell and know.flag(c) == SPAIN and aligned(c, cell)]
            value += SPAIN_GONE if not others else -SPAIN_GONE * len(others)
        value -= MOVER_LOST * self.later_movers
        value += self.end(know.start)
        self.spain_memo[cell] = value
        return value

    def mix(self, pools: Pools, group: int) -> Mix:
        """A draw from a group's face-down cards: the chance of each outcome and the pools once a
        Catalunya card (which lets the movement go on) is drawn."""
        u, s, w, c, e, a = pools[group]
        total = u + s + w + c + e + a
        going = c + e + a
        after = pools
        if going > 0:
            changed = list(pools)
            changed[group] = (u, s, w, c - c / going, e - e / going, a - a / going)
            after = tuple(changed)
        return (total, u / total, s / total, w / total, going / total,
                (e * self.econ + a * ATC_UP) / total, after) if total > 0 else (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, pools)

    def draw(self, here: str, target: str, area: Area, pools: Pools, chance: float, depth: int,
             mixes: dict[int, Mix] | None = None) -> float:
        """Stepping from `here`, in `area`, onto the face-down card at `target` (a draw from its group's
        mix), the `depth`-th card this line of the search turns (`mixes`: the group mixes of `pools`
        worked out so far)."""
        group = self.know.group_of.get(target, 0)
        found = None if mixes is None else mixes.get(group)
        if found is None:
            found = self.mix(pools, group)
            if mixes is not None:
                mixes[group] = found
        total, urn, spain, world, going, symbols, after = found
        ends = self.ends
        if total <= 0:
            return ends[target]
        value = DRAW + symbols
        if urn > 0:
            value += urn * (self.won + ends[here])
        if spain > 0:  # the Catalunya cards turned before this one in the line go back too
            value += spain * (self.spain(target) - RISK * MAP_CARD * (depth - 1))
        if world > 0:
            value += world * ends[target]
        if going > 0:
            ahead = chance * going
            if depth >= self.depth_limit:
                self.deep = True
                value += going * self.leaf(area, target, here)  # no search from there: no area to build
            elif ahead < MIN_CHANCE:
                value += going * self.leaf(area, target, here)
            elif self.budget.left <= 0:
                self.cut = True
                value += going * self.leaf(area, target, here)
            else:
                value += going * self.walk(self.grow(area, target), after, ahead, depth)
        return value

    def leaf(self, area: Area, turned: str, here: str) -> float:
        """A line of the search that stops with the Catalunya card `turned`, next to `area` (or to `here`
        on a first step), judged as `guess` judges an area, from the cards around it alone."""
        ends = self.ends
        stop = max(ends[turned], ends[here], self.best_end(area))
        if any(nb not in area and nb != turned for nb in self.down[turned]) or ends[turned] > 0:
            return max(stop, DRAW * 0.8 + stop * 0.5)
        return stop

    def best_end(self, area: Area) -> float:
        value = self.best_end_memo.get(area)
        if value is None:
            value = self.best_end_memo[area] = max((self.ends[cell] for cell in area), default=0.0)
        return value

    # -- the search --

    def grow(self, area: Area, turned: str) -> Area:
        """The area once the face-down card `turned`, next to it, proves a Catalunya card."""
        cells = set(area)
        cells.add(turned)
        for nb, what in self.ways[turned]:
            if what == "cat" and nb not in cells:
                cells |= self.area_of[nb]
        return frozenset(cells)

    def edge(self, area: Area) -> dict[str, str]:
        """The cards next to an area (face down, or face-up world and Spain cards), each with the area's
        card to step from: the one best to come back to (an urn card sends the citizen back)."""
        ends = self.ends
        start_from: dict[str, str] = {}
        for cell in CELLS:  # in board order, so the search never depends on how a set is laid out
            if cell not in area:
                continue
            worth = ends[cell]
            for nb, _what in self.ways[cell]:
                if nb in area:
                    continue
                known = start_from.get(nb)
                if known is None or worth > ends[known]:
                    start_from[nb] = cell
        return start_from

    def ways_on(self, area: Area, pools: Pools, chance: float, depth: int) -> list[tuple[float, str, str | None]]:
        """Every way the movement can end or go on from an area: stop on one of its cards, or step from
        one of them onto a face-down card (a draw) or a face-up world or Spain card (the movement ends
        there). Each as (value, the area's card it starts from, the card stepped onto or None to stop)."""
        ends, board = self.ends, self.know.board
        found: list[tuple[float, str, str | None]] = [(ends[cell], cell, None) for cell in CELLS if cell in area]
        mixes: dict[int, Mix] = {}
        for nb, cell in self.edge(area).items():
            if board[nb] == "?":
                found.append((self.draw(cell, nb, area, pools, chance, depth + 1, mixes), cell, nb))
            else:
                found.append((ends[nb], cell, nb))
        return found

    def walk(self, area: Area, pools: Pools, chance: float, depth: int) -> float:
        """The best value of the rest of the movement from a card of `area` (reached with probability
        `chance`, `depth` cards turned on the way)."""
        value = self.memo.get(area)
        if value is not None:
            return value
        if chance < MIN_CHANCE:
            value = self.guess(area)
        elif not self.budget.spend():
            self.cut = True
            value = self.guess(area)
        else:
            value = max(v for v, _, _ in self.ways_on(area, pools, chance, depth))
        self.memo[area] = value
        return value

    def guess(self, area: Area) -> float:
        """Without searching further: one more draw if a face-down card is next to the area."""
        stop = max(self.ends[cell] for cell in area)
        if any(nb not in area for cell in area for nb in self.down[cell]):
            return max(stop, DRAW * 0.8 + stop * 0.5)
        return stop

    def first_steps(self, here: str, pools: Pools, can_stop: bool, left: int) -> dict[str | None, float]:
        """The value of each first step from where the citizen stands (a cell, or None to stop), the
        movement having `left` steps left. Every step is judged from the ways on of the area it leads
        into (the citizen's own area, when it stands on a face-up Catalunya card: the same search
        whichever of its cards it stands on, so one step after another goes the same way), less `STEP`
        for each step to where that way starts: the citizen takes the fewest steps and never walks in
        circles, and a way that needs more steps than are left is out of reach. Cards stood on earlier
        in the movement are steps like any other."""
        values: dict[str | None, float] = {}
        self.aims = {}
        if can_stop:
            values[None] = self.ends[here]
            self.aims[None] = (None, here)
        if left <= 0:
            return values
        known: dict[Area, list[tuple[float, str, str | None]]] = {}

        def ways_from(area: Area, cell: str) -> list[tuple[float, str, str | None]]:
            if area not in known:
                if self.budget.spend():
                    known[area] = self.ways_on(area, pools, 1.0, 0)
                else:
                    self.cut = True
                    known[area] = [(self.guess(area), cell, None)]
            return known[area]

        own = self.area_of.get(here)
        onto = {} if own is None else {target: v for v, _cell, target in ways_from(own, here) if target is not None}
        for nb, what in self.ways[here]:
            if what == "cat":
                area = self.area_of[nb]
                dist = self.steps_from(nb, area)
                best: float | None = None
                self.aims[nb] = (None, nb)
                for v, cell, target in ways_from(area, nb):
                    taken = 1 + dist[cell] + (target is not None)
                    if taken <= left and (best is None or v - STEP * taken > best):
                        best = v - STEP * taken
                        self.aims[nb] = (target, cell)
                values[nb] = -1e9 if best is None else best
                continue
            self.aims[nb] = (nb, nb)
            if nb in onto:
                values[nb] = onto[nb] - STEP
            elif what == "?":  # from a card outside any area (a world or Spain card the movement starts on)
                values[nb] = self.draw(here, nb, frozenset(), pools, 1.0, 1) - STEP
            else:
                values[nb] = self.ends[nb] - STEP
        return values

    def deepening(self, here: str, pools: Pools, can_stop: bool, left: int) -> dict[str | None, float]:
        """`first_steps` searched `FIRST_DEPTH` cards deep, then one card deeper each time while the node
        budget lasts and a line stopped at the depth limit: the values of the deepest search the budget
        completed (of the first one, if even that one ran out), so no way on is judged with less
        search than another."""
        values: dict[str | None, float] | None = None
        aims: dict[str | None, tuple[str | None, str]] = {}
        for limit in range(FIRST_DEPTH, MAX_DEPTH + 1):
            self.memo, self.depth_limit, self.cut, self.deep = {}, limit, False, False
            found = self.first_steps(here, pools, can_stop, left)
            if values is None or not self.cut:
                values, aims = found, self.aims
            if self.cut or not self.deep:
                break
        assert values is not None
        self.aims = aims
        return values

    def steps_from(self, start: str, area: Area) -> dict[str, int]:
        """The fewest steps from `start` to each card of its area (over the area's cards)."""
        dist = {start: 0}
        order = [start]
        for cell in order:
            for nb, _what in self.ways[cell]:
                if nb in area and nb not in dist:
                    dist[nb] = dist[cell] + 1
                    order.append(nb)
        return dist


def pools_of(know: Know) -> Pools:
    """The face-down mix of each group of cells, as the search draws from it."""
    return tuple(tuple(float(group[t]) for t in TYPES) for group in know.groups)
