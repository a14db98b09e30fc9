"""Tables laid out to the width of the terminal: the one layout of every table the advisor
prints.

A table is its :class:`Column` s and rows of cells (plain text or rich :class:`~rich.text.Text`).
Each column is as wide as its widest cell or its header (or its ``least``: the English width, so
that every language lines up alike), two spaces apart. When that is wider than the terminal:

1. the columns of prose (``wrap``: sources, reasons, errors) give up width, down to their
   longest word; their cells go on over more lines, inside their column;
2. then the columns stand one space apart;
3. then the row folds: whole cells move to a line of their own under the row, indented, and
   the header folds the same way, so that every cell still stands under its own header.

A cell is never cut into pieces that could misread: a unit (a holding, a hand, a figure) stays
whole on its line (wider than its column, it pushes the rest of the line), and prose breaks
only at spaces, never inside a "quoted key" or a suit's cards; a line of prose that starts with
spaces keeps them before each of its lines. A column may ``truncate`` instead (an id): cut to
its width with "…".

:class:`Grid` lays a table out once; its rows are then rendered as rich text (:meth:`Grid.text`)
or, for a stream of rows, as plain strings with the styles' escape codes
(:meth:`Grid.plain_lines`), fast enough for a hundred thousand rows a second.
"""

from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple, TypeVar, Union

from rich.cells import cell_len
from rich.text import Text

Cell = Union[str, Text]  # noqa: UP007 - a runtime alias, on Python 3.10 too
Paint = Mapping[int, tuple[str, str]]
"""The escape codes before and after the text of some columns (by their number)."""
T = TypeVar("T", str, Cell)
GAPS = (2, 1)  # spaces between columns: two, or one when two do not fit
INDENT = 2  # where a folded row's later lines start
_RANK = r"(?:10|[789JQKAВДКТ])"
_WORD = re.compile(
    rf'[♠♣♦♥]{_RANK}(?: {_RANK}(?=[^\w\s]*(?:\s|$)))*\S*|(?:"[^"]*"?|«[^»]*»?|[^\s"«])+'
)
"""A word of prose: a suit's cards (``♠7 8 10``) are one, and so is a "quoted key" (in Russian
«quoted»)."""
NARROWEST_REPORT = 40
"""The fewest terminal columns a report is laid out in: a narrower terminal, or a ``COLUMNS`` of
0 or 1 (which would leave no room for a word), gets a report this wide that the terminal wraps,
never an empty one."""
_NARROWEST = 4  # a column of prose or one that truncates never gets narrower than this


class Column(NamedTuple):
    """One column: its header (``\\n`` starts a second line), how its cells stand and break."""

    header: str = ""
    right: bool = False
    """Its cells stand at the right (figures)."""
    wrap: bool = False
    """Its cells are prose, which may go on over more lines, broken at spaces."""
    least: int = 0
    """The width it has at least (its English width), while the table fits."""
    truncate: bool = False
    """A cell too wide is cut, with "…" (ids), rather than folded."""


class Layout(NamedTuple):
    """Where the columns go: their widths, the bands (the lines of a folded row, each a tuple of
    column numbers) and the spaces between columns."""

    widths: tuple[int, ...]
    bands: tuple[tuple[int, ...], ...]
    gap: int


_NARROW = re.compile("[ -~\u00a0-\u00ff\u0400-\u04ff\u2013\u2014\u2026\u2660-\u2667]*")
"""Text of characters that take one cell each: ASCII, Latin-1, Cyrillic, dashes, the suits."""


def width_of(text: str) -> int:
    """The cells ``text`` takes on a terminal (a wide character takes two)."""
    return len(text) if text.isascii() or _NARROW.fullmatch(text) else cell_len(text)


def _plain(cell: Cell) -> str:
    return cell.plain if isinstance(cell, Text) else cell


def _words_width(text: str) -> int:
    """The width of the widest word of ``text``, with the spaces the line starts with (which
    stand before each of its lines)."""
    indent = len(text) - len(text.lstrip(" "))
    return indent + max((width_of(word) for word in _WORD.findall(text)), default=0)


def lay_out(
    columns: Sequence[Column],
    rows: Iterable[Sequence[Cell]],
    width: int,
    header: bool = True,
    gaps: Sequence[int] = GAPS,
) -> Layout:
    """The layout of ``columns`` and ``rows`` in ``width`` terminal cells (see the module)."""
    natural = [max(column.least, 1) for column in columns]
    narrowest = [0] * len(columns)
    texts = [[column.header] for column in columns] if header else [[] for _ in columns]
    for row in rows:
        for index, cell in enumerate(row):
            texts[index].append(_plain(cell))
    for index, column in enumerate(columns):
        lines = [line for text in texts[index] for line in text.split("\n")]
        content = max((width_of(line) for line in lines), default=0)
        natural[index] = max(natural[index], content)
        if column.wrap:
            narrowest[index] = max(_NARROWEST, *(_words_width(line) for line in lines), 0)
        elif column.truncate:
            narrowest[index] = _NARROWEST
        else:
            narrowest[index] = content  # its English width, ``least``, is given up first
        narrowest[index] = min(max(narrowest[index], 1), natural[index])
    cells = list(zip(*texts, strict=True)) if texts and texts[0] else []

    def taken(layout: Layout) -> int:
        """How many lines the rows take in ``layout`` (a fold's cost)."""
        return sum(
            max(len(_pieces(row[i], layout.widths[i], columns[i])) for i in band)
            for row in cells
            for band in layout.bands
        )

    sooner = [column.truncate for column in columns]
    return fit(natural, narrowest, width, sooner, gaps, taken)


def fit(
    natural: Sequence[int],
    narrowest: Sequence[int],
    width: int,
    sooner: Sequence[bool] = (),
    gaps: Sequence[int] = GAPS,
    lines: Callable[[Layout], int] | None = None,
) -> Layout:
    """The layout of columns ``natural`` wide (those that may, down to ``narrowest``; the
    ``sooner`` ones first) in ``width`` cells, on one line: as they are, two spaces apart; with
    the ``sooner`` ones (ids) cut; one space apart; with their prose narrowed. Else folded (the
    fold whose rows take the fewest ``lines``, when it is given)."""
    every = tuple(range(len(natural)))
    first = list(sooner) or [False] * len(natural)
    cut = [
        least if soon else whole
        for least, whole, soon in zip(narrowest, natural, first, strict=True)
    ]
    widest_gap, *closer = gaps
    tries = [(natural, widest_gap), (cut, widest_gap)]  # as they are, or with the ids cut
    tries += [(natural, gap) for gap in closer]  # closer together
    tries += [(narrowest, gap) for gap in gaps]  # the prose narrowed
    for least, gap in tries:
        widths = _shrunk(natural, least, width - gap * (len(natural) - 1), first)
        if widths is not None:
            return Layout(tuple(widths), (every,), gap)
    return _folded(natural, narrowest, width, first, gaps[-1], lines)


def _shrunk(
    natural: Sequence[int], narrowest: Sequence[int], room: int, sooner: Sequence[bool]
) -> list[int] | None:
    """``natural``, narrowed until the whole fits in ``room`` (the ``sooner`` columns first,
    then the widest); None when it cannot."""
    widths = list(natural)
    over = sum(widths) - room
    if over <= 0:
        return widths
    if sum(narrowest) > room:
        return None
    while over > 0:
        index = max(
            range(len(widths)), key=lambda i: (widths[i] > narrowest[i], sooner[i], widths[i])
        )
        widths[index] -= 1
        over -= 1
    return widths


def _folded(
    natural: Sequence[int],
    narrowest: Sequence[int],
    width: int,
    sooner: Sequence[bool],
    gap: int,
    lines: Callable[[Layout], int] | None,
) -> Layout:
    """The columns cut into the fewest bands that fit, one space apart (the first band at the
    margin, the others indented): of those cuts, the one whose rows take the fewest ``lines``,
    then the most even; a column wider than a whole line as wide as the line."""
    count = len(natural)
    for bands in range(2, count + 1):
        best: tuple[tuple[int, int], Layout] | None = None
        for cuts in itertools.combinations(range(1, count), bands - 1):
            edges = (0, *cuts, count)
            groups = [tuple(range(a, b)) for a, b in itertools.pairwise(edges)]
            widths: list[int] = []
            for number, group in enumerate(groups):
                room = width - (INDENT if number else 0) - gap * (len(group) - 1)
                found = _shrunk(
                    [natural[i] for i in group],
                    [narrowest[i] for i in group],
                    room,
                    [sooner[i] for i in group],
                )
                if found is None:
                    break
                widths += found
            else:
                layout = Layout(tuple(widths), tuple(groups), gap)
                widest = max(_band_width(widths, group, gap) for group in groups)
                cost = (lines(layout) if lines else 0, widest)
                if best is None or cost < best[0]:
                    best = (cost, layout)
        if best is not None:
            return best[1]
    room = width - INDENT
    clipped = tuple(min(n, room) for n in natural)
    return Layout(clipped, tuple((i,) for i in range(count)), gap)


def _band_width(widths: Sequence[int], group: Sequence[int], gap: int) -> int:
    return sum(widths[i] for i in group) + gap * (len(group) - 1)


def wrapped(text: str, width: int) -> list[tuple[int, int]]:
    """Where the lines of ``text`` start and end when it is wrapped at ``width``: broken at
    spaces (never inside a "quoted key"), a word wider than ``width`` cut where it must."""
    found: list[tuple[int, int]] = []
    start = end = -1
    for word in _WORD.finditer(text):
        if start >= 0 and width_of(text[start : word.end()]) <= width:
            end = word.end()
            continue
        if start >= 0:
            found.append((start, end))
        start, end = word.start(), word.end()
        while width_of(text[start:end]) > width:  # a word wider than the column: cut it
            cut = start + _fitting(text[start:end], width)
            found.append((start, cut))
            start = cut
    if start >= 0:
        found.append((start, end))
    return found or [(0, 0)]


def paragraph(text: str, width: int) -> str:
    """``text``, prose (its line breaks are spaces), wrapped at ``width`` as a table's prose is,
    with no spaces at the ends of its lines."""
    text = " ".join(text.split())
    return "\n".join(text[start:end] for start, end in wrapped(text, width))


def _fitting(text: str, width: int) -> int:
    """How many characters of ``text`` fit in ``width`` cells (at least one)."""
    count = 0
    while count < len(text) and width_of(text[: count + 1]) <= width:
        count += 1
    return max(count, 1)


def _pieces(plain: str, width: int, column: Column) -> list[tuple[int, int, int]]:
    """Where each line of a cell starts and ends in its text, and the spaces before it."""
    if "\n" not in plain and width_of(plain) <= width:
        return [(0, len(plain), 0)]
    found: list[tuple[int, int, int]] = []
    offset = 0
    for line in plain.split("\n"):
        if width_of(line) <= width or not column.wrap:
            found.append((offset, offset + len(line), 0))  # a unit stays whole, whatever it takes
        else:
            indent = len(line) - len(line.lstrip(" "))
            start = offset + indent
            for a, b in wrapped(line[indent:], max(width - indent, 1)):
                found.append((start + a, start + b, indent))
        offset += len(line) + 1
    return found


class Grid:
    """A table's columns laid out once (:func:`lay_out`, or a given :class:`Layout`), its rows
    rendered one by one."""

    def __init__(self, columns: Sequence[Column], layout: Layout) -> None:
        self.columns = tuple(columns)
        self.layout = layout
        self._right = tuple(column.right for column in self.columns)
        self._gap = " " * layout.gap
        self._templates: dict[tuple[int, ...], str] = {}

    @classmethod
    def of(
        cls,
        columns: Sequence[Column],
        rows: Sequence[Sequence[Cell]],
        width: int,
        header: bool = True,
        gaps: Sequence[int] = GAPS,
    ) -> Grid:
        """The grid of these rows (its widths from their cells) in ``width`` cells."""
        return cls(columns, lay_out(columns, rows, width, header, gaps))

    def header(self, style: str = "bold") -> Text:
        """The header's lines (folded as the rows are; a header of fewer lines than another
        on its last ones, next to the cells)."""
        return self.row([column.header for column in self.columns], style, bottom=True)

    def row(self, cells: Sequence[Cell], style: str = "", bottom: bool = False) -> Text:
        """One row's lines as rich text, ``style`` under the cells' own; with ``bottom``, a
        cell of fewer lines than another on the last ones."""
        cells = self._truncated(cells)
        lines = []
        for line in self._lines([_plain(cell) for cell in cells], bottom):
            text = Text(style=style)
            for index, start, end, left, right in line:
                text.append(" " * left)
                text.append(cells[index][start:end])
                text.append(" " * right)
            text.rstrip()
            lines.append(text)
        return Text("\n").join(lines)

    def text(self, rows: Sequence[Sequence[Cell]], header: bool = True) -> Text:
        """The header (bold) and every row, as one rich text."""
        shown = [self.header()] if header else []
        shown += [self.row(cells) for cells in rows]
        return Text("\n").join(shown)

    def line(self, cells: Sequence[str], paint: Paint | None = None) -> str:
        """:meth:`plain_lines`, fast for a row that fits on one line as it is (a stream's
        usual row): each cell padded to its column by a template made once."""
        widths = self.layout.widths
        joined = "".join(cells)
        if len(self.layout.bands) > 1 or "\n" in joined or not _NARROW.fullmatch(joined):
            return self.plain_lines(cells, paint)
        if not all(map(operator.le, map(len, cells), widths)):
            cells = self._truncated(cells)  # an id cut to its column fits as well
            if not all(map(operator.le, map(len, cells), widths)):
                return self.plain_lines(cells, paint)
        key = tuple(paint) if paint else ()
        template = self._templates.get(key) or self.template(key)
        if paint:
            cells = list(cells)
            last = len(cells) - 1
            for index, (before, after) in paint.items():
                cell = cells[index]
                if cell:
                    if index < last or self._right[index]:
                        cell = (
                            cell.rjust(widths[index])
                            if self._right[index]
                            else cell.ljust(widths[index])
                        )
                    cells[index] = f"{before}{cell}{after}"
        return template.format(*cells).rstrip() + "\n"

    def template(self, painted: tuple[int, ...] = ()) -> str:
        """The format of a one-line row (a ``str.format`` template of one field a column):
        each cell padded to its column (but the ``painted`` ones, padded before their escape
        codes go around them), the columns ``gap`` apart."""
        fields = [
            "{}" if index in painted else f"{{:{'>' if right else '<'}{width}}}"
            for index, (width, right) in enumerate(
                zip(self.layout.widths, self._right, strict=True)
            )
        ]
        template = self._templates[painted] = self._gap.join(fields)
        return template

    def plain_lines(self, cells: Sequence[str], paint: Paint | None = None) -> str:
        """One row as plain text, each line ended by ``\\n``; ``paint`` gives the escape codes
        to put around the text of some columns (a colour terminal's styles)."""
        cells = self._truncated(cells)
        out = []
        for line in self._lines(cells):
            while line and line[-1][1] == line[-1][2]:  # nothing after the last piece
                line.pop()
            parts = []
            for at, (index, start, end, left, right) in enumerate(line):
                piece = cells[index][start:end]
                codes = paint.get(index) if paint and piece else None
                if codes is not None:
                    piece = f"{codes[0]}{piece}{codes[1]}"
                last = at == len(line) - 1
                parts.append(f"{' ' * left}{piece}{'' if last else ' ' * right}")
            out.append("".join(parts) + "\n")
        return "".join(out)

    def _truncated(self, cells: Sequence[T]) -> Sequence[T]:
        """The cells, those of a column that truncates cut to its width with "…"."""
        widths = self.layout.widths
        cut = [
            index
            for index, column in enumerate(self.columns)
            if column.truncate and width_of(_plain(cells[index])) > widths[index]
        ]
        if not cut:
            return cells
        found = list(cells)
        for index in cut:
            cell = cells[index]
            keep = _fitting(_plain(cell), widths[index] - 1)
            found[index] = cell[:keep] + "…"
        return found

    def _lines(
        self, cells: Sequence[str], bottom: bool = False
    ) -> list[list[tuple[int, int, int, int, int]]]:
        """Each physical line of a row: for each column on it, (its number, where its piece
        starts and ends in the cell, the spaces before and after it)."""
        widths, gap = self.layout.widths, self.layout.gap
        found = []
        for band_number, band in enumerate(self.layout.bands):
            pieces = [_pieces(cells[i], widths[i], self.columns[i]) for i in band]
            height = max(len(p) for p in pieces)
            if bottom:
                pieces = [[(0, 0, 0)] * (height - len(p)) + p for p in pieces]
            for depth in range(height):
                line = []
                for place, (index, cell_pieces) in enumerate(zip(band, pieces, strict=True)):
                    start, end, indent = (
                        cell_pieces[depth] if depth < len(cell_pieces) else (0, 0, 0)
                    )
                    room = widths[index] - indent - width_of(cells[index][start:end])
                    before = indent + (gap if place else (INDENT if band_number else 0))
                    if self.columns[index].right:
                        line.append((index, start, end, before + room, 0))
                    else:
                        line.append((index, start, end, before, room))
                if any(start < end for _index, start, end, _left, _right in line):
                    found.append(line)  # a line with nothing on it is left out
        return found
