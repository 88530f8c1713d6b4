"""The seats table, row by row, as printed in rules/polls.md; projected seats; the 66/34 totals."""

from __future__ import annotations

import pytest

from games.polls import GAME, projected_seats
from games.polls.view_types import RegionSeats
from tests.games.polls.helpers_polls import BLUE, RED, new_game, with_board

# Copied from the rules file's seats table.
RULES_TABLE = """
| Asturias (+Cantabria) | 2C | 2 | 1 / 0 | 1/1/0 | 2/0/0 | 2/0/0 |
| Aragon * | 2C | 3 | 1 / 1 | 2/1/0 | 2/1/0 | 3/0/0 |
| Castilla-La Mancha | 2C | 4 | 2 / 0 | 2/2/0 | 3/1/0 | 4/0/0 |
| Islands * | 2C | 5 | 2 / 1 | 3/2/0 | 3/2/0 | 4/1/0 |
| Castilla y León (+La Rioja) | 2C | 6 | 3 / 0 | 3/3/0 | 4/2/0 | 5/1/0 |
| Galicia * | 5C/2B | 5 | 2 / 1 | 3/2/0 | 4/1/0 | 5/0/0 |
| Euskadi (+Navarra) * | 5C/2B | 5 | 1 / 3 | 2/1/2 | 3/0/2 | 3/0/2 |
| Comunidad Valenciana (+Murcia) | 3B | 8 | 4 / 0 | 5/3/0 | 6/2/0 | 7/1/0 |
| Andalusia (+Extremadura) * | 3B | 12 | 5 / 2 | 7/5/0 | 8/4/0 | 9/3/0 |
| Madrid * | 1A | 7 | 3 / 1 | 5/1/1 | 6/1/0 | 7/0/0 |
| Catalonia * | 1A | 9 | 2 / 5 | 4/1/4 | 6/1/2 | 7/0/2 |
"""
IDS = {
    "Asturias": "asturias", "Aragon": "aragon", "Castilla-La Mancha": "castilla_la_mancha",
    "Islands": "islands", "Castilla y León": "castilla_y_leon", "Galicia": "galicia",
    "Euskadi": "euskadi", "Comunidad Valenciana": "valencia", "Andalusia": "andalusia",
    "Madrid": "madrid", "Catalonia": "catalonia",
}


def parse_rows() -> list[dict]:
    rows = []
    for line in RULES_TABLE.strip().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        name = cells[0].split(" (")[0].rstrip(" *")
        tie_each, tie_third = (int(x) for x in cells[3].split("/"))
        leads = [tuple(int(x) for x in cell.split("/")) for cell in cells[4:7]]
        rows.append({"region": IDS[name], "type": cells[1], "seats": int(cells[2]),
                     "tie": (tie_each, tie_third), "leads": leads, "third_parties": "*" in cells[0]})
    return rows


ROWS = parse_rows()
CASES = [
    pytest.param(row["region"], diff, id=f"{row['region']}-lead{diff}")
    for row in ROWS for diff in (0, 1, 2, 3, 5)
]


def seats_with(region: str, blue: int, red: int) -> RegionSeats:
    state = with_board(new_game(), influence={region: (blue, red)})
    return projected_seats(state)["regions"][region]


@pytest.mark.parametrize(("region", "diff"), CASES)
def test_seats_table_row(region: str, diff: int) -> None:
    """Each region gives the seats of its table row for a tie or a lead of 1, 2, 3 or more."""
    row = next(r for r in ROWS if r["region"] == region)
    if diff == 0:
        for influence in (0, 2):
            got = seats_with(region, influence, influence)
            assert got == {"seats": [row["tie"][0], row["tie"][0]], "third": row["tie"][1]}
        return
    winner, loser, third = row["leads"][min(diff, 3) - 1]
    assert seats_with(region, diff + 1, 1) == {"seats": [winner, loser], "third": third}
    assert seats_with(region, 0, diff) == {"seats": [loser, winner], "third": third}


@pytest.mark.parametrize("row", ROWS, ids=[r["region"] for r in ROWS])
def test_every_row_sums_to_the_region_seats(row: dict) -> None:
    """Every column of a row shares out exactly that region's seats."""
    assert 2 * row["tie"][0] + row["tie"][1] == row["seats"]
    for winner, loser, third in row["leads"]:
        assert winner + loser + third == row["seats"]
    # only starred regions ever give seats to third parties
    if not row["third_parties"]:
        assert row["tie"][1] == 0 and all(lead[2] == 0 for lead in row["leads"])


def test_parliament_has_66_seats() -> None:
    """The seats of the 11 regions add up to 66; an empty map is 26 / 26 / 14."""
    assert sum(r["seats"] for r in ROWS) == 66
    projection = projected_seats(new_game())
    assert projection["seats"] == [26, 26] and projection["third"] == 14
    assert projection["majority"] == 34


def test_projection_adds_the_regions() -> None:
    """The projected totals are the sum over regions, and always total 66 with third parties."""
    s = with_board(new_game(), influence={"madrid": (2, 0), "andalusia": (0, 4), "euskadi": (1, 0)})
    projection = projected_seats(s)
    regions = projection["regions"]
    assert projection["seats"][BLUE] == sum(r["seats"][BLUE] for r in regions.values())
    assert projection["seats"][RED] == sum(r["seats"][RED] for r in regions.values())
    assert sum(projection["seats"]) + projection["third"] == 66
    assert regions["madrid"] == {"seats": [6, 1], "third": 0}
    assert regions["andalusia"] == {"seats": [3, 9], "third": 0}
    assert regions["euskadi"] == {"seats": [2, 1], "third": 2}


def test_public_view_shows_the_projection() -> None:
    """The public view carries the projection the renderer and a computer player use."""
    s = with_board(new_game(), influence={"catalonia": (0, 1)})
    assert GAME.view(s, None)["seats_projection"] == projected_seats(s)
    assert projected_seats(s)["regions"]["catalonia"] == {"seats": [1, 4], "third": 4}
