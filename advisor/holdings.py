"""Holdings: a player's cards in one suit, and the patterns the probability table is keyed by.

A :class:`Holding` is an 8-bit rank mask (bit 0 = the 7). A :class:`HoldingPattern` is a table
key such as ``"7 8|9 Q"``: one position per card, ``|`` listing the ranks a position may take;
it stands for every holding it spells (``7 8 Q`` and ``7 9 Q``).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from advisor.cards import (
    RANK_SYMBOLS,
    Rank,
    character,
    check_alphabet,
    format_ranks,
    parse_ranks,
)
from advisor.errors import DuplicateCardError, NotationError
from advisor.i18n import Phrase, as_cards
from advisor.text import cut_short

# The rank indexes (0 = the 7) of every 8-bit holding, low to high: the bulk paths (the talon
# outlook judges thousands of holdings) need plain ints, not Rank members built each time.
_RANK_INDEXES = tuple(tuple(r for r in range(8) if mask >> r & 1) for mask in range(256))


class Holding:
    """One suit's cards as a rank mask (bit 0 = the 7, bit 7 = the ace). Immutable, hashable,
    ordered by mask; a slotted class for the same start-up reason as :class:`CardSet`."""

    __slots__ = ("mask",)
    mask: int

    def __init__(self, mask: int) -> None:
        if not 0 <= mask <= 0xFF:
            raise ValueError(f"holding mask {mask:#x} is outside one suit")
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Holding cannot be changed")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Holding):
            return NotImplemented
        return self.mask == other.mask

    def __lt__(self, other: Holding) -> bool:
        return self.mask < other.mask

    def __hash__(self) -> int:
        return hash((Holding, self.mask))

    def __reduce__(self) -> tuple[type[Holding], tuple[int]]:
        return Holding, (self.mask,)

    @classmethod
    def parse(cls, text: str) -> Holding:
        """``'7 10'``, ``'7T'``, ``'10 7'`` all give the holding 7 10; ``'-'`` is a void."""
        if text.strip() in ("-", "—"):
            return cls(0)
        return cls(parse_ranks(text))

    @property
    def ranks(self) -> tuple[Rank, ...]:
        return tuple(Rank(r) for r in range(8) if self.mask >> r & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __str__(self) -> str:
        return format_ranks(self.mask) or "-"

    def __repr__(self) -> str:
        return f"Holding.parse({str(self)!r})"

    @property
    def is_void(self) -> bool:
        return self.mask == 0

    @property
    def is_clean(self) -> bool:
        """Clean (чистая): the catchers can never use it when they lead the suit.

        Every card needs at least as many of the holder's own cards below it as there are
        missing cards below it: with ranks indexed 7 -> 0 and the holding sorted,
        ``rank[i] <= 2 * i`` for every position ``i``.

        >>> [Holding.parse(h).is_clean for h in ("7 9 J", "7 8 9 K", "7 10", "8")]
        [True, True, False, False]
        """
        return all(rank <= 2 * i for i, rank in enumerate(_RANK_INDEXES[self.mask]))

    def at_most(self, other: Holding) -> bool:
        """Same length and, card for card from the bottom, no higher than ``other``.

        ``7 8 9 A`` is at most ``7 8 10 A``: it is at least as safe.
        """
        mine, theirs = _RANK_INDEXES[self.mask], _RANK_INDEXES[other.mask]
        return len(mine) == len(theirs) and all(a <= b for a, b in zip(mine, theirs, strict=True))


class HoldingPattern(NamedTuple):
    """A table key: one tuple of allowed ranks per position, e.g. ``7 8|9 Q``."""

    positions: tuple[tuple[Rank, ...], ...]

    @classmethod
    def parse(cls, text: str) -> HoldingPattern:
        """Read ``"7 8|9 Q"``; positions may come in any order (``"10 7"`` is ``"7 10"``).

        Raises :class:`NotationError` for a bad rank or an empty key and
        :class:`DuplicateCardError` for a rank named twice.
        """
        words = text.split()
        if not words:
            raise NotationError(Phrase("'{text}' names no cards", text=cut_short(text)))
        check_alphabet(text)
        if len(words) > 8:
            raise NotationError(
                Phrase.counted(
                    "'{text}' has {count} card: a suit has only 8",
                    "'{text}' has {count} cards: a suit has only 8",
                    len(words),
                    text=cut_short(text),
                )
            )
        positions = []
        for word in words:
            alternatives = word.split("|")
            if any(not alt for alt in alternatives):
                raise NotationError(
                    Phrase(
                        "'{text}': '{word}' has an empty alternative",
                        text=cut_short(text),
                        word=cut_short(word),
                    )
                )
            ranks = sorted({_single_rank(alt, text) for alt in alternatives})
            if len(ranks) != len(alternatives):
                raise DuplicateCardError(
                    Phrase(
                        "'{text}': '{word}' names a rank twice",
                        text=cut_short(text),
                        word=cut_short(word),
                    )
                )
            positions.append(tuple(ranks))
        positions.sort()
        singles = [pos[0] for pos in positions if len(pos) == 1]
        if len(set(singles)) != len(singles):
            twice = next(r for r in singles if singles.count(r) > 1)
            raise DuplicateCardError(
                Phrase(
                    "'{text}' names the rank {rank} twice",
                    text=cut_short(text),
                    rank=as_cards(twice.symbol),
                )
            )
        pattern = cls(tuple(positions))
        if not pattern.holdings():
            raise NotationError(
                Phrase(
                    "'{text}' spells no possible holding (a rank used twice?)", text=cut_short(text)
                )
            )
        return pattern

    def holdings(self) -> tuple[Holding, ...]:
        """Every holding the pattern spells (positions take distinct ranks).

        >>> [str(h) for h in HoldingPattern.parse("7 8|9 Q").holdings()]
        ['7 8 Q', '7 9 Q']
        """
        return tuple(Holding(mask) for mask in _spelled(self.positions))

    def __str__(self) -> str:
        return " ".join("|".join(RANK_SYMBOLS[r] for r in pos) for pos in self.positions)


@functools.lru_cache(maxsize=1024)
def _spelled(positions: tuple[tuple[Rank, ...], ...]) -> list[int]:
    """The rank masks that the positions spell, in order: position by position, the masks of
    the ranks placed so far. Never more than C(8, 4) = 70 of them at once, however many
    alternatives the positions have (the product of the alternatives is never expanded)."""
    placed = {0}
    for position in positions:
        bits = [1 << rank for rank in position]
        placed = {mask | bit for mask in placed for bit in bits if not mask & bit}
    return sorted(placed)


def _single_rank(text: str, key: str) -> Rank:
    try:
        mask = parse_ranks(text)
    except (NotationError, DuplicateCardError) as error:
        named = character(text) if len(text) == 1 else Phrase("'{char}'", char=cut_short(text))
        raise NotationError(
            Phrase("'{key}': {text} is not a Preferans rank (7..A)", key=cut_short(key), text=named)
        ) from error
    if mask.bit_count() != 1:
        raise NotationError(
            Phrase(
                "'{key}': '{text}' is more than one rank (separate them by spaces)",
                key=cut_short(key),
                text=cut_short(text),
            )
        )
    return Rank(mask.bit_length() - 1)
