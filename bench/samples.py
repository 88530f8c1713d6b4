"""Write the sample pictures of every board for a person to look at: PNGs under tests/artifacts/<game>/.

Run:  .venv/bin/python -m bench.samples [--only arditi junta leaderboard polls som spyfall] [--out DIR]

The cases are those the renderer tests check (renderers/samples/): every situation of each board, in
every language (long names in some), each drawn at full size and as shown in the channel's inline box
(550 × 350, on the chat's ground); the full boards of Junta (tall) and Som (landscape) also 550 px wide, as read when
opened; Spyfall's location sheet also for a server's pack (the example pack, the longest and the widest
names). tests/artifacts/ is gitignored. Prints, per game, how many files it wrote, where, their total
size and the time it took; the checks of these pictures (sizes, readability) are the renderer tests'.
About a minute on 2 cores.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from PIL import Image

from bench._common import Metric, header
from bot import leaderboard as lb
from bot.i18n import LOCALES, words
from games.spyfall import packs
from renderers import arditi, junta, leaderboard, polls, som, spyfall
from renderers.core import to_png
from renderers.samples import arditi as arditi_samples
from renderers.samples import as_shown_inline, chat_wide
from renderers.samples import junta as junta_samples
from renderers.samples import leaderboard as leaderboard_samples
from renderers.samples import polls as polls_samples
from renderers.samples import som as som_samples
from renderers.samples import spyfall as spyfall_samples

ARTIFACTS = Path(__file__).resolve().parent.parent / "tests" / "artifacts"
# (file name, picture, how it is written): "png" = to_png at full size, "save" = Pillow's PNG at full size
# (as the leaderboard's samples always were), "inline" = as shown inline, "550" = 550 px wide
Sample = tuple[str, Image.Image, str]


def _arditi() -> Iterator[Sample]:
    cases = arditi_samples.cases(arditi_samples.games())
    for name, view in cases.items():
        for locale in LOCALES:
            image = arditi.render(view, arditi_samples.sample_names(name, locale), words(locale))
            yield f"{name}_{locale}.png", image, "png"
            yield f"{name}_{locale}_inline.png", image, "inline"


def _junta() -> Iterator[Sample]:
    cases = junta_samples.cases(junta_samples.games())
    for sample, case in junta_samples.SAMPLES.items():
        for locale, names in junta_samples.SAMPLE_LANGUAGES:
            stem = f"{sample}_{locale}{'_long' if names is junta_samples.LONG_NAMES else ''}"
            image = junta.render(cases[case], names, words(locale))
            yield f"board_{stem}.png", image, "png"
            yield f"board_{stem}_inline.png", image, "inline"
            image = junta.render_full(cases[case], names, words(locale))
            yield f"full_{stem}.png", image, "png"
            yield f"full_{stem}_550.png", image, "550"


def _leaderboard() -> Iterator[Sample]:
    for label, case in leaderboard_samples.cases(lb.board, lb.picture).items():
        for locale in LOCALES:
            image = leaderboard.render(case, words(locale))
            yield f"{label}_{locale}.png", image, "save"
            yield f"{label}_{locale}_inline.png", image, "inline"


def _polls() -> Iterator[Sample]:
    games = polls_samples.games()
    random_views = polls_samples.random_views(games)
    samples = {**polls_samples.cases(games), "crowded": polls_samples.crowded_view(),
               **{f"random_{i}": view for i, view in enumerate(random_views[::7])}}
    for case, view in samples.items():
        for locale in LOCALES:
            image = polls.render(view, polls_samples.sample_names(locale), words(locale))
            yield f"{case}_{locale}.png", image, "png"
            yield f"{case}_{locale}_inline.png", image, "inline"


def _som() -> Iterator[Sample]:
    cases = som_samples.cases(som_samples.games())
    for name, view in cases.items():
        for locale in LOCALES:
            names = som_samples.sample_names(name, locale)
            image = som.render(view, names, words(locale))
            yield f"{name}_{locale}.png", image, "png"
            yield f"{name}_{locale}_inline.png", image, "inline"
            detailed = som.render_full(view, names, words(locale))
            yield f"{name}_{locale}_full.png", detailed, "png"
            yield f"{name}_{locale}_full_550.png", detailed, "550"


def _spyfall() -> Iterator[Sample]:
    names = spyfall_samples.sample_names()
    pictures = {"scores": spyfall.render_scoreboard, "locations": spyfall.render_locations}
    for label, state in spyfall_samples.samples().items():
        view = spyfall_samples.public(state)
        for picture, render in pictures.items():
            if picture == "locations" and label.startswith(("full_", "long_")):
                continue  # the sheet does not depend on the table's size
            for locale in LOCALES:
                image = render(view, names[: view["n"]], words(locale))
                yield f"{picture}_{label}_{locale}.png", image, "png"
                yield f"{picture}_{label}_{locale}_inline.png", image, "inline"
    # the location sheets of a server's pack: the example pack, the longest names and the widest ones, alone
    # and with the built-in set
    example = packs.read_pack(spyfall_samples.EXAMPLE_PACK.read_bytes(), spyfall_samples.EXAMPLE_PACK.name).data()
    longest = spyfall_samples.longest_pack(LOCALES, lambda locale, message: words(locale).msg(message))
    for label, pack in (("example", example), ("longest", longest), ("widest", spyfall_samples.largest_pack())):
        for kind in ("pack", "both"):
            view = spyfall_samples.public(spyfall_samples.pack_state(pack, kind))
            for locale in LOCALES:
                image = spyfall.render_locations(view, spyfall_samples.NAMES[:5], words(locale))
                yield f"locations_{label}_{kind}_{locale}.png", image, "png"
                yield f"locations_{label}_{kind}_{locale}_inline.png", image, "inline"


WRITERS: dict[str, Callable[[], Iterator[Sample]]] = {
    "arditi": _arditi, "junta": _junta, "leaderboard": _leaderboard, "polls": _polls, "som": _som,
    "spyfall": _spyfall,
}


def write(sample: Sample, directory: Path) -> int:
    """Write one sample; its size in bytes."""
    name, image, how = sample
    path = directory / name
    if how == "png":
        path.write_bytes(to_png(image))
    elif how == "save":
        image.save(path)
    elif how == "inline":
        as_shown_inline(image).save(path)
    elif how == "550":
        chat_wide(image).save(path)
    else:
        raise ValueError(f"unknown way to write {name}: {how}")
    return path.stat().st_size


def run(only: Sequence[str] = tuple(WRITERS), out: Path = ARTIFACTS) -> list[Metric]:
    header("samples: the boards' sample pictures, written for a person to look at")
    metrics: list[Metric] = []
    for game in only:
        started = time.perf_counter()
        directory = out / game
        directory.mkdir(parents=True, exist_ok=True)
        sizes = [write(sample, directory) for sample in WRITERS[game]()]
        seconds = time.perf_counter() - started
        print(f"  {game:<12} {len(sizes):>4} PNGs, {sum(sizes) / 1024 / 1024:6.1f} MiB"
              f" (largest {max(sizes, default=0) / 1024:.0f} KiB) in {directory}, {seconds:.1f} s")
        metrics.append(Metric(f"samples: {game} PNGs written", float(len(sizes)), None, "", f"{seconds:.1f} s"))
    return metrics


def main(argv: Sequence[str] | None = None) -> list[Metric]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", nargs="*", choices=sorted(WRITERS), default=list(WRITERS),
                        help="which boards (default: all)")
    parser.add_argument("--out", type=Path, default=ARTIFACTS, help=f"where (default {ARTIFACTS})")
    args = parser.parse_args(argv)
    return run(args.only, args.out)


if __name__ == "__main__":
    main()
