"""Text output of ``advisor check --exact``: the odds per seat, the tricks, the two verdicts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from advisor.cli.render import console
from advisor.exact import SEAT_NAMES, ExactOdds
from advisor.talon import TALON_COUNT

_VERDICT_STYLE = {"declare": "bold green", "pass": "bold red"}
_HEADER = ("Lead", "Caught", "95% interval", "Score")
_WIDTHS = (8, 6, 13, 7)
_LINE_WIDTH = 80


def render_exact(found: ExactOdds) -> None:
    out = console()
    out.print()
    out.print(_title(found))
    out.print(_seat_lines(found))
    out.print(_tricks_line(found))
    out.print(_verdict_line(found))
    if found.reason is not None:
        out.print(Text.assemble(("Why  ", "bold"), found.reason))


def _title(found: ExactOdds) -> Text:
    per_talon = found.samples // TALON_COUNT
    return Text.assemble(
        ("Exact play  ", "bold"),
        f"{found.samples} deals ({per_talon} for each of the {TALON_COUNT} talons), "
        f"{found.discard} discards, seed {found.seed}",
    )


def _seat_lines(found: ExactOdds) -> Text:
    rows = [_HEADER]
    for seat in found.seats:
        rows.append(
            _row(SEAT_NAMES[seat.seat], seat.p_caught, seat.interval, seat.odds.expected_score)
        )
    if len(found.seats) > 1:
        rows.append(_row("average", found.p_caught, found.interval, found.expected_score))
    lines = Text()
    for number, row in enumerate(rows):
        cells = [row[0].ljust(_WIDTHS[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], _WIDTHS[1:], strict=True)]
        lines.append("  ".join(cells) + "\n", style="bold" if number == 0 else "")
    lines.rstrip()
    return lines


def _row(
    name: str, p_caught: float, interval: tuple[float, float], score: float
) -> tuple[str, str, str, str]:
    low, high = interval
    return name, _percent(p_caught), f"{_percent(low)}–{_percent(high)}", f"{score:+.2f}"


def _tricks_line(found: ExactOdds) -> Text:
    """The share of deals for each number of forced tricks, wrapped under its label."""
    total = sum(found.histogram)
    shares = [f"{t}: {_percent(n / total)}" for t, n in enumerate(found.histogram) if n]
    label = "Tricks forced  "
    lines = [""]
    for share in shares:
        if lines[-1] and len(label) + len(lines[-1]) + 2 + len(share) > _LINE_WIDTH:
            lines.append("")
        lines[-1] += f"  {share}" if lines[-1] else share
    return Text.assemble((label, "bold"), ("\n" + " " * len(label)).join(lines))


def _verdict_line(found: ExactOdds) -> Text:
    founding = found.founding.verdict
    agree = "agrees" if founding == found.verdict else f"says {founding}"
    return Text.assemble(
        ("Exact play: ", "bold"),
        (found.verdict.upper(), _VERDICT_STYLE[found.verdict]),
        f" — caught in {_percent(found.p_caught)} (limit {found.threshold:g}%); "
        f"the founding rule {agree}",
    )


def _percent(fraction: float) -> str:
    return f"{100 * fraction:.1f}%"


def exact_summary(exact: Mapping[str, Any]) -> str:
    """The ``exact`` object of a JSON record in one line (``advisor batch``'s table)."""
    interval = f"{_percent(exact['low'])}–{_percent(exact['high'])}"
    return (
        f"exact: {exact['verdict']}, caught {_percent(exact['p_caught'])} ({interval}), "
        f"score {exact['expected_score']:+.2f}"
    )
