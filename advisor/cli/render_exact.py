"""Text output of ``advisor check --exact``: the odds per seat, the tricks, the two verdicts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from advisor.cli.render import VERDICT_STYLE, console, share
from advisor.defaults import TALON_COUNT
from advisor.exact import ExactOdds

_HEADER = ("Lead", "Caught", "95% interval", "Score", "95% interval")
_WIDTHS = (8, 6, 13, 7, 15)
_LINE_WIDTH = 80
_DISCARDS_SHOWN = 4  # cards of the hand in the "Discarded" line, most often discarded first
_DISCARD_SHARE = 0.05  # ... each discarded after at least this share of the talons


def render_exact(found: ExactOdds) -> None:
    out = console()
    out.print()
    out.print(_title(found))
    out.print(_seat_lines(found))
    out.print(_tricks_line(found))
    out.print(_discarded_line(found))
    out.print(_verdict_line(found))
    if found.too_close:
        out.print(
            Text.assemble(
                ("Close  ", "bold"),
                f"too close to call at {found.samples} deals; --samples "
                f"{found.samples_to_decide} narrows it",
            )
        )
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
    rows: list[tuple[str, ...]] = [_HEADER]
    for seat in found.seats:
        rows.append(
            _row(
                seat.seat.lead.value,
                seat.p_caught,
                seat.interval,
                seat.expected_score,
                seat.score_interval,
            )
        )
    if len(found.seats) > 1:
        rows.append(
            _row(
                "average",
                found.p_caught,
                found.interval,
                found.expected_score,
                found.score_interval,
            )
        )
    lines = Text()
    for number, row in enumerate(rows):
        cells = [row[0].ljust(_WIDTHS[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], _WIDTHS[1:], strict=True)]
        lines.append("  ".join(cells) + "\n", style="bold" if number == 0 else "")
    lines.rstrip()
    return lines


def _row(
    name: str,
    p_caught: float,
    interval: tuple[float, float],
    score: float,
    score_interval: tuple[float, float],
) -> tuple[str, ...]:
    low, high = interval
    score_low, score_high = score_interval
    return (
        name,
        share(p_caught),
        f"{share(low)}–{share(high)}",
        f"{score:+.2f}",
        f"{score_low:+.1f} to {score_high:+.1f}",
    )


def _tricks_line(found: ExactOdds) -> Text:
    """The share of deals for each number of forced tricks, wrapped under its label."""
    total = sum(found.histogram)
    shares = [f"{t}: {share(n / total)}" for t, n in enumerate(found.histogram) if n]
    label = "Tricks forced  "
    lines = [""]
    for piece in shares:
        if lines[-1] and len(label) + len(lines[-1]) + 2 + len(piece) > _LINE_WIDTH:
            lines.append("")
        lines[-1] += f"  {piece}" if lines[-1] else piece
    return Text.assemble((label, "bold"), ("\n" + " " * len(label)).join(lines))


def _discarded_line(found: ExactOdds) -> Text:
    """The cards of the hand M threw away, and after what share of the talons."""
    shares = [
        (card, count / found.talons)
        for card, count in found.discarded[:_DISCARDS_SHOWN]
        if count / found.talons >= _DISCARD_SHARE
    ]
    if not shares:
        text = "mostly the talon's own two cards"
    else:
        first, *rest = shares
        text = ", ".join(
            [f"{first[0].suit.glyph}{first[0].rank.symbol} after "
             f"{share(first[1], 0)} of talons"]
            + [f"{card.suit.glyph}{card.rank.symbol} {share(part, 0)}" for card, part in rest]
        )  # fmt: skip
    return Text.assemble(("Discarded  ", "bold"), text)


def _verdict_line(found: ExactOdds) -> Text:
    founding = found.founding.verdict
    agree = "agrees" if founding == found.verdict else f"says {founding}"
    limit = found.threshold
    if limit is not None and found.expected_score > found.pass_score and not found.declare:
        why = f"caught in {share(found.p_caught)} (limit {limit:g}%)"
    else:
        passing = (
            f"{found.pass_score:g}"
            if found.passing is None
            else f"{found.pass_score:+.2f}, all-pass"
        )
        why = f"expected {found.expected_score:+.2f} (passing: {passing})"
    return Text.assemble(
        ("Exact play: ", "bold"),
        (found.verdict.upper(), VERDICT_STYLE[found.verdict]),
        f" — {why}; the founding rule {agree}",
    )


def exact_summary(exact: Mapping[str, Any]) -> str:
    """The ``exact`` object of a JSON record in one line (``advisor batch``'s table)."""
    interval = f"{share(exact['low'])}–{share(exact['high'])}"
    return (
        f"exact: {exact['verdict']}, caught {share(exact['p_caught'])} ({interval}), "
        f"score {exact['expected_score']:+.2f}"
    )
