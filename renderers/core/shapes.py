"""Sprites on a picture: pasting one, and the polygon of a seat's shape (the shapes that tell players apart
for colour-blind readers)."""

from __future__ import annotations

import math

from PIL import Image

Point = tuple[float, float]


def paste(image: Image.Image, sprite: Image.Image, at: Point, centred: bool = False) -> None:
    """Paste `sprite` with its top left (or, `centred`, its centre) at `at`, rounded to the nearest pixel;
    an RGBA sprite through its alpha."""
    x, y = at
    if centred:
        x, y = x - sprite.width / 2, y - sprite.height / 2
    corner = (int(round(x)), int(round(y)))
    if sprite.mode == "RGBA":
        image.paste(sprite, corner, sprite)
    else:
        image.paste(sprite, corner)


def shape_points(shape: str, cx: float, cy: float, half: float,
                 triangle: tuple[float, float] = (1.12, 0.25)) -> list[Point]:
    """A shape ("square", "triangle", "diamond", "hexagon", "star", else a circle) as a polygon inside the
    square of half-side `half` around (cx, cy). Each is sized to look as large as the disc of that width:
    a square smaller, a star's points beyond it. A triangle's mass sits low, so it is drawn larger and
    lower: `triangle` is its circumradius as a share of `half` and how far its centre drops as a share of
    that radius (each game tuned its own to its sprites)."""
    def ring(count: int, radius: float, start: float, dy: float = 0.0) -> list[Point]:
        return [(cx + radius * math.cos(math.radians(start + 360 / count * k)),
                 cy + dy - radius * math.sin(math.radians(start + 360 / count * k))) for k in range(count)]

    if shape == "square":
        s = half * 0.84
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        r = half * triangle[0]
        return ring(3, r, 90, dy=r * triangle[1])
    if shape == "diamond":
        return ring(4, half, 90)
    if shape == "hexagon":
        return ring(6, half, 90)
    if shape == "star":
        outer, inner = half * 1.04, half * 0.46
        points = []
        for k in range(10):
            radius = outer if k % 2 == 0 else inner
            angle = math.radians(90 + 36 * k)
            points.append((cx + radius * math.cos(angle), cy + outer * 0.1 - radius * math.sin(angle)))
        return points
    return ring(48, half, 90)
