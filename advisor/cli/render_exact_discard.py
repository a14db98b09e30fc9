"""Text output of ``advisor discard --exact``: the discards by exact play, best first."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from advisor.cli.grid import Column, Grid
from advisor.cli.render import (
    LEAD_WORDS,
    VERDICT_HEADLINES,
    VERDICT_STYLE,
    console,
    fields,
    note,
    share,
)
from advisor.exact.discard_odds import Candidate, DiscardOdds
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.limits import MIN_INTERVAL_SAMPLES, no_interval, reported_interval
from advisor.splits import EXACT_LAYOUTS

SHOWN = 5  # candidates in the table; the others are summed up in a line
_LABELS = (N_("Cards"), N_("Lead"), N_("Layouts"), N_("Exact"))  # one width, the Exact line or not
_HEADER = (
    "#",
    N_("Discard"),
    N_("Keeps"),
    N_("Caught"),
    N_("95% interval"),
    N_("Tricks"),
    N_("Score"),
)


def render_discard_odds(found: DiscardOdds) -> None:
    out = console()
    if found.layouts < found.samples:
        splits = ngettext(  # the noun follows the samples: "из 21 случайного расклада"
            "{layouts:,} of {count:,} random split (seed {seed}), the same for every "
            "discard: enough for the verdict and the choice (--full: all of them)",
            "{layouts:,} of {count:,} random splits (seed {seed}), the same for every "
            "discard: enough for the verdict and the choice (--full: all of them)",
            found.samples,
            layouts=found.layouts,
            seed=str(found.seed),  # an option's value: digits as typed
        )
    else:
        splits = ngettext(
            "{count:,} random split (seed {seed}), the same for every discard",
            "{count:,} random splits (seed {seed}), the same for every discard",
            found.samples,
            seed=str(found.seed),  # an option's value: digits as typed
        )
    lines = [
        (_("Cards"), shown_cards(found.cards)),
        (_("Lead"), _(LEAD_WORDS[found.lead.value])),
        (_("Layouts"), splits),
    ]
    if found.exact:
        solved = sum(1 for candidate in found.candidates if candidate.exact)
        leading = ngettext(
            "the leading discard over all {layouts:,} splits",
            "the leading {count} discards over all {layouts:,} splits",
            solved,
            layouts=EXACT_LAYOUTS,
        )
        lines.append((_("Exact"), leading))
    out.print(fields(lines, out.width, least=max(len(_(label)) for label in _LABELS)))
    out.print()
    distinct = ranked([c for c in found.candidates if c.same_as is None])  # touching: one
    out.print(_table(distinct[:SHOWN], out.width))
    if found.layouts < MIN_INTERVAL_SAMPLES:
        note(out, f"({no_interval(found.layouts).text()})")
    rest = distinct[SHOWN:]
    if rest:
        bound = max(candidate.score_bound for candidate in rest)
        more = ngettext(
            "{count} more, each expected at most {bound:+.2f}; all 66 in --json "
            "(touching cards as one)",
            "{count} more, each expected at most {bound:+.2f}; all 66 in --json "
            "(touching cards as one)",
            len(rest),
            bound=bound,
        )
        note(out, more)
    dropped = found.screened_less
    if dropped:
        least = min(seat.layouts for candidate in dropped for seat in candidate.seats)
        line = ngettext(
            "{count} far below the best, screened on the first {least:,} splits (--full: all)",
            "{count} far below the best, screened on the first {least:,} splits or more "
            "(--full: all)",
            len(dropped),
            least=least,
        )
        note(out, line)
    out.print(_verdict_line(found))


def ranked(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The rows in the order their ``#`` says: the chosen discard first (the answer, decided on
    the most splits), then the others by the expected score shown, highest first (with
    ``--all`` the leaders solved on every split and the others sampled are mixed by it), and
    those known only by a bound (``≤``) after them, by their bound; ties in the table's order."""
    best, *others = candidates
    return [best, *sorted(others, key=lambda c: (c.expected_score is None, -c.score_bound))]


def _table(candidates: Sequence[Candidate], width: int) -> Text:
    columns = [
        Column(_(header), right=index in (0, 3, 4, 5, 6)) for index, header in enumerate(_HEADER)
    ]
    rows = [_cells(place, c) for place, c in enumerate(candidates, start=1)]
    return Grid.of(columns, rows, width).text(rows)


def _cells(place: int, candidate: Candidate) -> tuple[str, ...]:
    layouts = min(seat.layouts for seat in candidate.seats)
    interval = reported_interval(candidate.interval, layouts)
    score = candidate.expected_score
    tricks = candidate.expected_tricks
    return (
        str(place),
        shown_cards(candidate.discards),
        shown_cards(candidate.hand),
        share(candidate.p_caught),
        _("exact") if candidate.exact else _interval_text(interval),
        "" if tricks is None else number(tricks, ".2f"),
        "≤ " + number(candidate.score_bound, "+.2f") if score is None else number(score, "+.2f"),
    )


def _interval_text(interval: tuple[float, float] | None) -> str:
    return "—" if interval is None else f"{share(interval[0])}–{share(interval[1])}"


def _verdict_line(found: DiscardOdds) -> Text:
    best = found.best
    score = best.expected_score
    assert score is not None, "the best discard is always settled"
    why = _(
        "discard {cards}: expected {score:+.2f} (passing: {passing:g})",
        cards=shown_cards(best.discards),
        score=score,
        passing=found.pass_score,
    )
    limit = found.threshold
    if limit is not None and score > found.pass_score and not found.declare:  # the limit decided
        over = _("caught in {caught} (limit {limit:g}%)", caught=share(best.p_caught), limit=limit)
        why = f"{why}; {over}"
    return Text.assemble(
        (_("Exact play:") + " ", "bold"),
        (_(VERDICT_HEADLINES[found.verdict]), VERDICT_STYLE[found.verdict]),
        f" — {why}",
    )
