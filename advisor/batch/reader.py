"""Reading the lines of hand files: the one switch between the C reader and Python, the fast
Python reader of the usual notations, and the line options ``; lead=`` and ``; id=``.

The C reader ``advisor._fastread`` (optional, like the solver) reads a whole chunk of lines at
once and leaves anything it does not take on to Python; with ``ADVISOR_PUREPYTHON`` set in the
environment, or without the build, :func:`scan` is :func:`python_scan`, which leaves every line
to Python. There :class:`HandReader` reads the usual notations from pieces of text remembered
with what :func:`advisor.cards.parse_cards` made of them (so the grammar is the parser's own),
and gives anything else to :func:`advisor.cards.parse_hand`, which raises its own precise
error. Tests compare the C reader with this one, and this one with the parser.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from advisor.build import compiled
from advisor.cards import (
    GLYPH_CHARS,
    HAND_SIZE,
    RANK_CHARS,
    SUIT_LETTER_CHARS,
    check_alphabet,
    parse_cards,
    parse_hand,
)
from advisor.errors import AdvisorError, BatchError
from advisor.i18n import Phrase
from advisor.seats import Lead
from advisor.text import shown

SKIP = -1  # what a scan says of a blank line or a comment
ASK = -2  # ... of a line it leaves to Python
LEAD_SHIFT = 32  # a line's own lead, coded above the card mask: 1 me, 2 them
LINE_LEADS = (None, Lead.ME, Lead.THEM)
"""A line's lead by its code above :data:`LEAD_SHIFT` (as the C reader codes it)."""


def python_scan(data: bytes) -> list[int]:
    """:func:`scan` without the C reader: every line is left to Python."""
    return [ASK] * (data.count(b"\n") + 1)


def _the_scan() -> tuple[Callable[[bytes], list[int]], bool]:
    fastread = compiled("advisor._fastread")  # the one switch (ADVISOR_PUREPYTHON: off)
    if fastread is None:
        return python_scan, False
    assert (fastread.SKIP, fastread.ASK, fastread.LEAD_SHIFT) == (SKIP, ASK, LEAD_SHIFT)
    return fastread.scan, True


scan, C_READER = _the_scan()
"""``scan(data)``: one int per line of ``data`` (lines ended by ``\\n``): the hand's card mask,
with its own lead's code above :data:`LEAD_SHIFT`, or :data:`SKIP`, or :data:`ASK` (read it in
Python). ``C_READER``: whether the C reader is the one in use."""


# --- the fast Python reader --------------------------------------------------------------------

# Where a suit group opens: separators, then a suit glyph or a suit letter and a colon.
_GROUPS = re.compile(
    rf"[\s,]+(?=[{''.join(sorted(GLYPH_CHARS))}]|[{''.join(sorted(SUIT_LETTER_CHARS))}]:)"
)
_LINE_GLYPHS = frozenset("♠♣♦♥")  # a line starting with one is cut into suit groups like this:
_GLYPH_CUTS = tuple((" " + glyph, "\n" + glyph) for glyph in "♠♣♦♥")
# A piece's value: its card bits, above them its number of cards, then whether it opens a suit
# group and whether it is bare ranks (which an open group would take); sums of up to
# _MAX_PIECES pieces keep the fields apart.
_COUNT_SHIFT, _OPENS_SHIFT, _BARE_SHIFT, _SPOILT_SHIFT = 40, 52, 60, 70
_CARD_BITS = (1 << _COUNT_SHIFT) - 1
_SPOILT = 1 << _SPOILT_SHIFT  # a piece the parser rejects, or that is not read alone
_MAX_PIECES = 40
# The fields above the card bits of a sum that reads as a hand: ten cards, and either no piece
# of bare ranks or no piece opening a suit group (nothing spoilt).
_TEN_CARDS = frozenset(
    HAND_SIZE | pieces << shift - _COUNT_SHIFT
    for shift in (_OPENS_SHIFT, _BARE_SHIFT)
    for pieces in range(_MAX_PIECES + 1)
)
_MEMO_LIMIT = 100_000
_MEMO_KEY_LIMIT = 40  # characters: a token or a suit group is never longer (a line may be)


class _Memo(dict[str, int]):
    """A dict that fills itself with ``compute(key)``, up to a size limit."""

    def __init__(
        self, compute: Callable[[str], int], keep: Callable[[str], bool] = lambda key: True
    ) -> None:
        super().__init__()
        self.compute, self.keep = compute, keep

    def __missing__(self, key: str) -> int:
        value = self.compute(key)
        if len(self) < _MEMO_LIMIT and len(key) <= _MEMO_KEY_LIMIT and self.keep(key):
            self[key] = value
        return value


class HandReader:
    """Reads a hand into its card mask like :func:`parse_hand`, fast for familiar pieces.

    Pieces of text are remembered with what the real parser makes of them: tokens that mean
    the same wherever they stand (``7S``, ``10♠``, ``♠7810``, ``S:7,8,10``), suit groups
    (``♠7 8 10``) and dotted suits. A line made of such pieces that give ten different cards is
    read without the parser; anything else (an unknown or bad piece, a card twice, the wrong
    count) goes to :func:`parse_hand`, which raises its own precise error. A line whose
    letters come from two alphabets is refused first (:func:`~advisor.cards.check_alphabet`).
    """

    def __init__(self) -> None:
        self._token = _Memo(_free_token).__getitem__
        self._group = _Memo(_counted_cards, _opens_group).__getitem__
        self._suit = _Memo(_dotted_suit).__getitem__

    def read(self, text: str) -> int:
        """The mask of ``parse_hand(text)``; raises what it raises."""
        check_alphabet(text)  # of the whole line: its pieces may each be in one alphabet
        if "." in text:
            found = self._dotted(text)
        elif text[:1] in _LINE_GLYPHS and text.count(" ") > 3 and "\n" not in text:
            # suit groups with spaces between ranks (``♠8 9 J ♣J A``), which are not tokens
            found = _ten_cards(self._group, _glyph_groups(text))
        else:
            found = _ten_cards(self._token, text.split())
            if found < 0:
                found = _ten_cards(self._group, _GROUPS.split(text))
        return found if found >= 0 else _parse_slowly(text)

    def _dotted(self, text: str) -> int:
        """``78T.79J.78.79``: the ranks of ♠ ♣ ♦ ♥ between dots."""
        parts = text.split(".")
        if len(parts) != 4:
            return -1
        spades, clubs, diamonds, hearts = map(self._suit, parts)
        if min(spades, clubs, diamonds, hearts) < 0:
            return -1
        mask: int = spades | clubs << 8 | diamonds << 16 | hearts << 24
        return mask if mask.bit_count() == HAND_SIZE else -1


def _ten_cards(value: Callable[[str], int], pieces: list[str]) -> int:
    """The cards of the pieces, if they are ten, all different, and no piece of bare ranks
    stands where a suit group may be open; else -1."""
    if len(pieces) > _MAX_PIECES:
        return -1
    total = sum(map(value, pieces))
    mask = total & _CARD_BITS
    return mask if total >> _COUNT_SHIFT in _TEN_CARDS and mask.bit_count() == HAND_SIZE else -1


def _glyph_groups(text: str) -> list[str]:
    """``♠8 9 J ♣J A`` -> ``['♠8 9 J', '♣J A']``: cut before each suit glyph after a space.

    Like ``_GROUPS``, it cuts only between tokens where a suit group opens (maybe not at all of
    them): as good, since every piece after the first starts with an opening, which the parser
    reads the same wherever it stands; and much cheaper than a regular expression. The text
    must hold no line break (the cut mark)."""
    for spaced, cut in _GLYPH_CUTS:
        text = text.replace(spaced, cut)
    return text.split("\n")


def _free_token(token: str) -> int:
    """A token as the parser reads it outside any suit group: an opening (``♠7810``,
    ``S:7,8,10``), cards written rank first (``7S``, ``10♠``), or bare ranks (``Вт``) that are
    cards only while no group is open."""
    if "\ufe0f" in token:  # the parser drops U+FE0F from the whole text first
        return _SPOILT
    if _GROUPS.match(" " + token):
        return _counted_cards(token) | 1 << _OPENS_SHIFT
    if "," in token:  # pieces after a comma may open a group
        return _SPOILT
    if all(ch in RANK_CHARS for ch in token):
        return _counted_cards(token) | 1 << _BARE_SHIFT
    return _counted_cards(token)


def _opens_group(segment: str) -> bool:
    """Only segments that open a suit group are worth keeping (not whole lines of cards)."""
    return _GROUPS.match(" " + segment) is not None


def _counted_cards(segment: str) -> int:
    bits = _bits(segment)
    return _SPOILT if bits < 0 else bits | bits.bit_count() << _COUNT_SHIFT


def _dotted_suit(part: str) -> int:
    """One suit of the dotted notation as an 8-bit rank mask (0 for a void), or -1."""
    ranks = "".join(part.split())
    if ranks in ("", "-", "—"):
        return 0
    if not all(ch in RANK_CHARS for ch in ranks):
        return -1
    return _bits("♠" + ranks)


def _bits(text: str) -> int:
    try:
        return parse_cards(text).mask
    except AdvisorError:
        return -1


def _parse_slowly(text: str) -> int:
    require_utf8(text)
    return parse_hand(text).mask


def printable(message: str) -> str:
    """An error's message (in any language), its control characters escaped and U+FFFD for
    bytes of the input that were not UTF-8."""
    return shown(message.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))


def require_utf8(text: str) -> None:
    """Text decoded with ``surrogateescape`` must not hide bytes that were not UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        byte = ord(text[error.start]) - 0xDC00
        raise BatchError(
            Phrase("not UTF-8 text (byte {byte})", byte=format(byte, "#04x"))
        ) from None


# --- line options: "; lead=me", "; id=NAME" ----------------------------------------------------


def split_options(line: str) -> tuple[str, Lead | None, str | None]:
    """``"7S ... 9H; lead=me; id=deal 4"`` -> (the hand text, its lead, its id)."""
    hand, _, options = line.partition(";")
    return (hand, *_read_options(options))


@functools.lru_cache(maxsize=256)
def _read_options(text: str) -> tuple[Lead | None, str | None]:
    """``" lead=me; id=deal 4"`` -> (the lead, the id); remembered, as many lines repeat the
    same options."""
    found: dict[str, str] = {}
    for option in text.split(";"):
        key, equals, value = option.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not equals or key not in ("lead", "id"):
            wrong = option.strip()
            raise BatchError(
                Phrase(
                    "'{option}' is not an option: write '; lead=me', '; lead=them' or '; id=NAME'",
                    option=wrong,
                )
            )
        if key in found:
            raise BatchError(Phrase("'{option}' is given twice", option=key))
        found[key] = value
    return parse_lead(found["lead"]) if "lead" in found else None, ident(found.get("id"))


def parse_lead(text: str) -> Lead:
    """A line's lead: ``me`` or ``them`` (any case)."""
    lead = text.strip().lower()
    if lead not in (Lead.ME.value, Lead.THEM.value):
        raise BatchError(Phrase("lead '{lead}' must be me or them", lead=text))
    return Lead(lead)


def ident(text: str | None) -> str | None:
    """A line's id (``; id=NAME``), checked."""
    if text is None:
        return None
    if not text:
        raise BatchError(Phrase("'id=' needs a name"))
    require_utf8(text)
    return text
