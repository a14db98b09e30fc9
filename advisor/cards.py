"""Cards and the notations players write them in.

A card is a :class:`Suit` and a :class:`Rank`; a set of cards is a :class:`CardSet`, a 32-bit
mask with bit ``suit * 8 + rank`` (so one suit's holding is one byte of the mask). The parser
reads every notation in ``shared/domain.md``:

    7S 8S 10S 7C 9C JC 7D 8D 7H 9H        rank + suit letter (S C D H), 10 also as T or X
    7♠ 8♠ 10♠ 7♣ 9♣ J♣ 7♦ 8♦ 7♥ 9♥        Unicode suits (♤♧♢♡ too)
    ♠7810 ♣79J ♦78 ♥79                    suit glyph, then its ranks
    S:7,8,10 C:7,9,J D:7,8 H:7,9          suit letter with a colon
    78T.79J.78.79                         dotted, ♠.♣.♦.♥, '-' for a void
    7п 8п 10п 7т 9т Вт 7б 8б 7ч 9ч        Russian ranks В Д К Т, suits п т б ч

The Russian letter Т is the ace as a rank and clubs as a suit: in a card written rank-first the
position decides; after a suit glyph or ``X:`` every letter is a rank.

A hand is written in one alphabet: the Cyrillic Т beside a Latin J (``78Т.79J.78.79``) is a
look-alike of the Latin T (a ten) that would read as an ace, so cards whose letters come from
two alphabets are refused, naming one letter of each (:func:`check_alphabet`). Every message
names a character beyond ASCII by its alphabet and code point ("Cyrillic С (U+0421)"), since
it may look like the letter it is not.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator
from enum import IntEnum

from advisor.errors import CardCountError, DuplicateCardError, NotationError
from advisor.i18n import N_, Phrase, as_cards
from advisor.text import cut_short, shown

HAND_SIZE = 10
TALON_SIZE = 2
WITH_TALON = HAND_SIZE + TALON_SIZE  # the twelve cards the misère player discards two of
DECK_MASK = (1 << 32) - 1


class Suit(IntEnum):
    """The four suits in the Russian order ♠ ♣ ♦ ♥."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def glyph(self) -> str:
        return "♠♣♦♥"[self]

    @property
    def letter(self) -> str:
        return "SCDH"[self]

    @property
    def shift(self) -> int:
        """Where this suit's byte starts in a :class:`CardSet` mask."""
        return 8 * self


class Rank(IntEnum):
    """The eight ranks, 7 (index 0) to A (index 7)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self]


RANK_SYMBOLS = ("7", "8", "9", "10", "J", "Q", "K", "A")

# Upper-cased spellings. "10" is read separately because it takes two characters.
_RANK_LETTERS = {
    "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "T": Rank.TEN, "X": Rank.TEN,
    "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
    "В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE,
}  # fmt: skip
_SUIT_LETTERS = {
    "S": Suit.SPADES, "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS,
    "П": Suit.SPADES, "Т": Suit.CLUBS, "Б": Suit.DIAMONDS, "Ч": Suit.HEARTS,
}  # fmt: skip
_SUIT_GLYPHS = {
    "♠": Suit.SPADES, "♤": Suit.SPADES, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
}  # fmt: skip
_GLYPHS = "".join(_SUIT_GLYPHS)
GLYPH_CHARS = frozenset(_SUIT_GLYPHS)
"""Every suit glyph the parser reads (``♠`` and ``♤`` ...)."""
RANK_CHARS = frozenset("01789AJKQTXajkqtxВДКТвдкт\u1c80\u1c81\u1c84\u1c85")
"""Every character :func:`is_rank_start` takes (those whose upper case is a rank letter, some
of them outside ASCII and Cyrillic, and the 1 and 0 of ``10``), spelled out for fast readers;
a test checks it against all of Unicode."""
SUIT_LETTER_CHARS = frozenset("CDHScdhsſБПТЧбптчᲄᲅ")
"""Every character whose upper case the parser takes for a suit letter (before ``:`` in
``S:7 8``), spelled out likewise."""
_NON_PREFERANS_RANKS = set("23456")
_SEPARATORS = re.compile(r"[\s,]+")
_VARIATION_SELECTOR = "\ufe0f"  # emoji keyboards append it to ♠ ♣ ♦ ♥
_FOREIGN_LETTER = re.compile(r"[^\W\d_A-Za-z]")  # a letter beyond ASCII
_UNUSUAL_LETTER = re.compile(r"[^\W\d_A-Za-zВДКТПБЧвдктпбч]")  # ... nor of the Russian cards
_ASCII_LETTER = re.compile("[A-Za-z]")
_ALPHABET_LETTERS = {
    "LATIN": N_("Latin {letter} ({code})"),
    "CYRILLIC": N_("Cyrillic {letter} ({code})"),
    "GREEK": N_("Greek {letter} ({code})"),
}
"""How a message names a letter of each alphabet that has look-alikes of the card letters."""


class Card:
    """One card. Immutable and hashable; ordered by suit (♠ ♣ ♦ ♥), then rank."""

    __slots__ = ("rank", "suit")
    suit: Suit
    rank: Rank

    def __init__(self, suit: Suit, rank: Rank) -> None:
        object.__setattr__(self, "suit", Suit(suit))
        object.__setattr__(self, "rank", Rank(rank))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card cannot be changed")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index == other.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return hash((Card, self.index))

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return Card, (self.suit, self.rank)

    @property
    def index(self) -> int:
        """The card's bit index in a :class:`CardSet` mask."""
        return self.suit.shift + self.rank

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 32:
            raise ValueError(f"card index {index} is outside 0..31")
        return cls(Suit(index >> 3), Rank(index & 7))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in any notation (``7S``, ``10♠``, ``♠10``, ``Вт``)."""
        cards = parse_cards(text, count=1)
        return next(iter(cards))

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.glyph

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def ascii(self) -> str:
        """The card in plain ASCII, ``10S`` style."""
        return self.rank.symbol + self.suit.letter


class CardSet:
    """A set of cards as a 32-bit mask (bit ``suit * 8 + rank``). Immutable and hashable.

    A plain slotted class rather than a dataclass: ``advisor check`` is a one-shot command
    and generating dataclass methods at import costs start-up time.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, mask: int) -> None:
        if not 0 <= mask <= DECK_MASK:
            raise ValueError(f"card mask {mask:#x} is outside the 32-card deck")
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a CardSet cannot be changed")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask == other.mask

    def __hash__(self) -> int:
        return hash((CardSet, self.mask))

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return CardSet, (self.mask,)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        mask = 0
        for card in cards:
            mask |= 1 << card.index
        return cls(mask)

    @classmethod
    def parse(cls, text: str | Iterable[str], count: int | None = None) -> CardSet:
        return parse_cards(text, count)

    def suit_mask(self, suit: Suit) -> int:
        """The ranks held in ``suit`` as an 8-bit mask (bit 0 = the 7)."""
        return (self.mask >> suit.shift) & 0xFF

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield Card.from_index(low.bit_length() - 1)
            mask ^= low

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def complement(self) -> CardSet:
        """Every card of the deck that is not in this set."""
        return CardSet(DECK_MASK & ~self.mask)

    def __str__(self) -> str:
        return format_cards(self.mask)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def ascii(self) -> str:
        """The cards as ``7S 8S 10S ...``: plain ASCII, accepted back by the parser."""
        return " ".join(card.ascii() for card in self)


def format_ranks(rank_mask: int) -> str:
    """The ranks of one suit, low to high.

    >>> format_ranks(0b1001)
    '7 10'
    """
    return " ".join(RANK_SYMBOLS[r] for r in range(8) if rank_mask >> r & 1)


def format_cards(mask: int) -> str:
    """The canonical form: ``♠7 8 10 ♣7 9 J ♦7 8 ♥7 9`` (voids left out)."""
    groups = []
    for suit in Suit:
        ranks = (mask >> suit.shift) & 0xFF
        if ranks:
            groups.append(suit.glyph + format_ranks(ranks))
    return " ".join(groups)


def parse_hand(text: str | Iterable[str]) -> CardSet:
    """Read a 10-card hand in any notation; see :func:`parse_cards`.

    >>> str(parse_hand("78T.79J.78.79"))
    '♠7 8 10 ♣7 9 J ♦7 8 ♥7 9'
    >>> parse_hand("7п 8п 10п 7т 9т Вт 7б 8б 7ч 9ч") == parse_hand("S:7,8,10 C:7,9,J D:7,8 H:7,9")
    True
    """
    return parse_cards(text, count=HAND_SIZE)


def parse_cards(text: str | Iterable[str], count: int | None = None) -> CardSet:
    """Read cards in any notation of the module docstring.

    ``text`` may be one string or several (as the shell splits arguments). With ``count`` the
    number of cards must match. Raises :class:`NotationError` naming the bad token (or the
    letters of two alphabets), :class:`DuplicateCardError` or :class:`CardCountError`.
    """
    if not isinstance(text, str):
        text = " ".join(text)
    text = text.replace(_VARIATION_SELECTOR, "")
    check_alphabet(text)
    cards = _parse_dotted(text) if "." in text else _parse_tokens(text)
    mask = 0
    seen: dict[int, str] = {}
    for index, token in cards:
        if mask >> index & 1:
            card = Card.from_index(index)
            if seen[index] != token:
                raise DuplicateCardError(
                    Phrase(
                        "{card} is given twice ('{first}' and '{second}')",
                        card=as_cards(card),
                        first=cut_short(seen[index]),
                        second=cut_short(token),
                    )
                )
            raise DuplicateCardError(
                Phrase(
                    "{card} is given twice ('{token}')", card=as_cards(card), token=cut_short(token)
                )
            )
        mask |= 1 << index
        seen[index] = token
    if count is not None and len(cards) != count:
        raise CardCountError(_count_error(len(cards), count))
    return CardSet(mask)


def parse_ranks(text: str) -> int:
    """Read the ranks of one suit (``'7 10'``, ``'7T'``, ``'79J'``) as an 8-bit mask."""
    mask = 0
    check_alphabet(text)
    cleaned = _SEPARATORS.sub("", text.replace(_VARIATION_SELECTOR, ""))
    if not cleaned:
        raise NotationError(Phrase("'{text}' has no ranks", text=_one_line(text)))
    for rank in _read_ranks(cleaned, _one_line(text)):
        if mask >> rank & 1:
            raise DuplicateCardError(
                Phrase(
                    "'{text}' gives the rank {rank} twice",
                    text=_one_line(text),
                    rank=as_cards(rank.symbol),
                )
            )
        mask |= 1 << rank
    return mask


def check_alphabet(text: str) -> None:
    """Raise :class:`~advisor.errors.NotationError` if the letters of ``text`` come from more
    than one of the alphabets with look-alikes of the card letters (Latin, Cyrillic, Greek):
    ``78Т.79J.78.79`` (a Cyrillic Т beside a Latin J). Cards written wholly in Russian, or
    wholly in Latin letters, pass; so does text without letters beyond ASCII, at once."""
    if text.isascii():
        return
    latin = _ASCII_LETTER.search(text)
    if (_FOREIGN_LETTER if latin else _UNUSUAL_LETTER).search(text) is None:
        return  # the usual cases: Latin letters only, or the Russian card letters only
    first: dict[str, str] = {}  # alphabet -> its first letter in the text
    for letter in _FOREIGN_LETTER.findall(text):
        first.setdefault(_alphabet(letter) or "", letter)
    first.pop("", None)
    if latin is not None and "LATIN" not in first:
        first["LATIN"] = latin.group()
    if len(first) > 1:
        one, two = sorted(first.values(), key=lambda ch: _alphabet(ch) == "LATIN")[:2]
        raise NotationError(
            Phrase(
                "'{text}' mixes alphabets: {one} and {two}; write all the cards in one",
                text=_one_line(text),
                one=_letter(one),
                two=_letter(two),
            )
        )


@functools.lru_cache(maxsize=1024)
def _alphabet(letter: str) -> str | None:
    """``LATIN``, ``CYRILLIC`` or ``GREEK``: the alphabet of a letter, by its Unicode name
    (``CYRILLIC CAPITAL LETTER TE``); None for any other."""
    if letter.isascii():
        return "LATIN" if letter.isalpha() else None
    alphabet = unicodedata.name(letter, "").partition(" ")[0]
    return alphabet if alphabet in _ALPHABET_LETTERS else None


def _letter(letter: str) -> Phrase:
    """A letter of the mixed alphabets: ``Latin J``, ``Cyrillic Т (U+0422)``."""
    if letter.isascii():
        return Phrase("Latin {letter}", letter=letter)
    return character(letter)


def character(char: str) -> Phrase:
    """How a message names one character the user wrote: ``'x'`` for ASCII (and for a
    character that shows nothing, which :func:`~advisor.text.shown` writes out as an escape);
    ``Cyrillic С (U+0421)`` for a letter of an alphabet with look-alikes of the Latin card
    letters; ``'ǂ' (U+01C2)`` for any other."""
    if char.isascii() or shown(char) != char:
        return Phrase("'{char}'", char=char)
    code = f"U+{ord(char):04X}"
    alphabet = _alphabet(char)
    if alphabet is None:
        return Phrase("'{char}' ({code})", char=char, code=code)
    return Phrase(_ALPHABET_LETTERS[alphabet], letter=char, code=code)


def check_count(cards: CardSet, wanted: int) -> None:
    """Raise :class:`~advisor.errors.CardCountError` unless ``cards`` are ``wanted`` cards,
    with the words :func:`parse_cards` uses ("9 cards given, a hand has 10")."""
    if len(cards) != wanted:
        raise CardCountError(_count_error(len(cards), wanted))


def _count_error(given: int, wanted: int) -> Phrase:
    if wanted == HAND_SIZE:
        return Phrase.counted(
            "{count} card given, a hand has 10", "{count} cards given, a hand has 10", given
        )
    return Phrase.counted(
        "{count} card given, {wanted} are needed",
        "{count} cards given, {wanted} are needed",
        given,
        wanted=wanted,
    )


def _one_line(text: str) -> str:
    """User text as an error message quotes it: its whitespace (line breaks too) one space."""
    return " ".join(text.split())


def _parse_dotted(text: str) -> list[tuple[int, str]]:
    parts = text.split(".")
    if len(parts) != 4:
        raise NotationError(
            Phrase(
                "'{text}': dotted notation has 4 suits in the order ♠.♣.♦.♥, found {found}",
                text=_one_line(text),
                found=len(parts),
            )
        )
    cards = []
    for suit, part in zip(Suit, parts, strict=True):
        ranks = _SEPARATORS.sub("", part)
        if ranks in ("", "-", "—"):
            continue
        for rank in _read_ranks(ranks, _one_line(part)):
            cards.append((suit.shift + rank, part.strip()))
    return cards


def _parse_tokens(text: str) -> list[tuple[int, str]]:
    """Read whitespace- and comma-separated tokens; a suit glyph or ``X:`` opens a group
    that bare ranks in the following tokens belong to."""
    cards: list[tuple[int, str]] = []
    group: Suit | None = None
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        opening = _group_opening(token)
        if opening is not None:
            group, rest = opening
            group = _read_group(token, rest, group, cards)
            continue
        if group is not None and all(is_rank_start(ch) for ch in token):
            cards.extend((group.shift + r, token) for r in _read_ranks(token, token))
            continue
        cards.extend(_read_rank_first(token))
        group = None
    return cards


def _group_opening(token: str) -> tuple[Suit, str] | None:
    """``♠7810`` -> (♠, '7810'); ``S:7`` -> (♠, '7'); anything else -> None."""
    first = token[0]
    if first in _SUIT_GLYPHS:
        return _SUIT_GLYPHS[first], token[1:]
    if len(token) >= 2 and token[1] == ":" and is_suit_letter(first):
        return _SUIT_LETTERS[first.upper()], token[2:]
    return None


def _read_group(token: str, rest: str, suit: Suit, cards: list[tuple[int, str]]) -> Suit:
    """Add the ranks after a suit opening to ``cards``; a further glyph inside (``♠78♣79``)
    switches suit. Returns the suit still open, which bare ranks in later tokens belong to."""
    for glyph, chunk in re.findall(f"([{_GLYPHS}]?)([^{_GLYPHS}]*)", rest):
        if glyph:
            suit = _SUIT_GLYPHS[glyph]
        if chunk:
            cards.extend((suit.shift + r, token) for r in _read_ranks(chunk, token))
    return suit


def is_rank_start(ch: str) -> bool:
    """Whether the parser reads ``ch`` as (the start of) a rank."""
    return ch == "1" or ch == "0" or ch.upper() in _RANK_LETTERS


def is_suit_letter(ch: str) -> bool:
    """Whether the parser reads ``ch`` as a suit letter (as in ``S:7 8``)."""
    return ch.upper() in _SUIT_LETTERS


def _read_ranks(chunk: str, token: str) -> Iterator[Rank]:
    """Every character of ``chunk`` is a rank (``10`` takes two)."""
    pos = 0
    while pos < len(chunk):
        rank, pos = _read_rank(chunk, pos, token)
        yield rank


def _not_a_card(token: str) -> NotationError:
    return NotationError(
        Phrase("'{token}' is not a Preferans card: the deck runs 7..A", token=cut_short(token))
    )


def _read_rank(text: str, pos: int, token: str) -> tuple[Rank, int]:
    ch = text[pos].upper()
    if ch == "1":
        if text[pos + 1 : pos + 2] == "0":
            return Rank.TEN, pos + 2
        raise _not_a_card(token)
    if ch in _RANK_LETTERS:
        return _RANK_LETTERS[ch], pos + 1
    if ch in _NON_PREFERANS_RANKS:
        raise _not_a_card(token)
    if ch in _SUIT_LETTERS or ch in _SUIT_GLYPHS:
        raise NotationError(
            Phrase(
                "'{token}': a suit {char} where a rank (7..A) belongs",
                token=cut_short(token),
                char=character(text[pos]),
            )
        )
    raise NotationError(
        Phrase(
            "'{token}': {char} is neither a rank (7..A) nor a suit",
            token=cut_short(token),
            char=character(text[pos]),
        )
    )


def _read_rank_first(token: str) -> list[tuple[int, str]]:
    """``7S``, ``10♠``, ``Вт``, also run together: ``7S8S``."""
    cards: list[tuple[int, str]] = []
    pos = 0
    while pos < len(token):
        rank, pos = _read_rank(token, pos, token)
        if pos == len(token):
            raise NotationError(
                Phrase(
                    "'{token}' has no suit: write 7S or 7♠, or put ranks after a suit (♠7 8)",
                    token=cut_short(token),
                )
            )
        ch = token[pos]
        suit = _SUIT_GLYPHS.get(ch, _SUIT_LETTERS.get(ch.upper()))
        if suit is None:
            if ch in _NON_PREFERANS_RANKS or ch.isdigit():
                raise _not_a_card(token)
            raise NotationError(
                Phrase(
                    "'{token}': {char} is not a suit (S C D H, ♠ ♣ ♦ ♥, п т б ч)",
                    token=cut_short(token),
                    char=character(ch),
                )
            )
        cards.append((suit.shift + rank, token))
        pos += 1
    return cards
