"""The defenders' whist decision against a game: a stated folk model, in pure functions.

**The folk count of sure tricks.** A defender counts his ten cards suit by suit, against the
declarer's strain:

- *quick tricks* of a suit (those of bridge's honour-trick table): A K = 2, A Q = 1½, A = 1,
  K Q = 1, a guarded king (K with a smaller card) = ½; and at least the top sequence from the
  ace, one trick a card (A K Q = 3);
- in a **side suit** of a trump contract at most 2 (the third round is ruffed);
- in the **trump suit** also a king with two smaller cards (K x x) = 1, and length: four
  trumps are worth 1, five 2 (length − 3);
- at **no-trump** every suit counts its quick tricks or its top sequence, uncapped.

Ruffs of short side suits are not counted: a folk count is of sure tricks.

**The threshold.** A defender whists when his count reaches half the defence's quota: 2 sure
tricks against a six, 1 against a seven, ½ against an eight, a nine or a whisted ten. A
checked ten has no decision: both defenders play it.

**The folk rule of each defender** (:func:`folk_call`), in speaking order: the first (the
declarer's left) whists when his hand reaches the threshold, else passes; the second whists
when his own does, else, after a pass, half-whists a six or a seven (it costs him nothing:
he writes half the quota's whists unless the first comes back in) and passes anything higher.
The partner who passed is taken not to come back in after a half-whist. The same rule is the
partner's decision in ``advisor whist`` when it is not given, and, for both defenders, the
``folk`` whist model of the convention (:func:`model_outcome`); the ``both`` model has both
always whist.
"""

from __future__ import annotations

import functools
import sys
from array import array
from collections.abc import Mapping, Sequence
from fractions import Fraction

from advisor.cards import CardSet, Rank, Suit
from advisor.contract import Contract, Ten
from advisor.convention import WhistModel
from advisor.errors import DealError
from advisor.i18n import Phrase
from advisor.points import Whist
from advisor.words import Word

WHISTS = tuple(Whist)
"""The defence's decisions, numbered: :func:`model_decisions` gives each layout's place here."""

SIDE_SUIT_CAP = 2
TRUMP_LENGTH_FREE = 3  # trumps beyond three are worth a trick each

_ACE, _KING, _QUEEN = 1 << Rank.ACE, 1 << Rank.KING, 1 << Rank.QUEEN


class Call(Word):
    """What one defender says against a game."""

    WHIST = "whist"
    PASS = "pass"
    HALF = "half"
    """Half-whist: the second defender, after the first passed, on a six or a seven."""


def quick_tricks(ranks: int) -> Fraction:
    """A suit's quick tricks (``ranks``: the 8-bit holding, bit 0 the seven): A K 2, A Q 1½,
    A 1, K Q 1, a guarded king ½, else 0."""
    if ranks & _ACE:
        if ranks & _KING:
            return Fraction(2)
        return Fraction(3, 2) if ranks & _QUEEN else Fraction(1)
    if ranks & _KING:
        if ranks & _QUEEN:
            return Fraction(1)
        return Fraction(1, 2) if ranks.bit_count() >= 2 else Fraction(0)
    return Fraction(0)


def top_sequence(ranks: int) -> int:
    """How many of the suit's top cards, from the ace down without a gap, are held."""
    count = 0
    for rank in reversed(Rank):
        if not ranks >> rank & 1:
            break
        count += 1
    return count


def suit_tricks(ranks: int, trump: bool | None) -> Fraction:
    """The folk sure tricks of one suit: ``trump`` True for the trump suit, False for a side
    suit of a trump contract, None at no-trump (see the module's count)."""
    tricks = max(quick_tricks(ranks), Fraction(top_sequence(ranks)))
    if trump is None:
        return tricks
    if not trump:
        return min(tricks, Fraction(SIDE_SUIT_CAP))
    if ranks & _KING and not ranks & _ACE and ranks.bit_count() >= 3:
        tricks = max(tricks, Fraction(1))
    return max(tricks, Fraction(ranks.bit_count() - TRUMP_LENGTH_FREE))


@functools.cache
def _halves(trump: bool | None) -> tuple[int, ...]:
    """:func:`suit_tricks` of each of the 256 holdings, in half tricks (read per layout)."""
    return tuple(int(2 * suit_tricks(ranks, trump)) for ranks in range(256))


@functools.cache
def suit_tables(contract: Contract) -> tuple[tuple[int, ...], ...]:
    """For each suit ♠ ♣ ♦ ♥, the folk count of each of its 256 holdings against ``contract``
    in half tricks: what a count over many layouts reads."""
    trump = contract.trump
    return tuple(_halves(None if trump is None else suit is trump) for suit in Suit)


def sure_halves(mask: int, contract: Contract) -> int:
    """The folk count of the cards of ``mask`` (a :class:`~advisor.cards.CardSet` mask)
    against ``contract``, in half tricks."""
    spades, clubs, diamonds, hearts = suit_tables(contract)
    return (
        spades[mask & 0xFF]
        + clubs[mask >> 8 & 0xFF]
        + diamonds[mask >> 16 & 0xFF]
        + hearts[mask >> 24 & 0xFF]
    )


def sure_tricks(hand: CardSet, contract: Contract) -> Fraction:
    """A defender's folk count of sure tricks in ``hand`` against ``contract``."""
    return Fraction(sure_halves(hand.mask, contract), 2)


def threshold(contract: Contract, ten: Ten = Ten.CHECKED) -> Fraction | None:
    """Half the defence's quota: the sure tricks a defender whists with (None: a checked ten,
    which both defenders play)."""
    quota = contract.quota(ten)
    return None if quota is None else Fraction(quota, 2)


def reaches(hand: CardSet, contract: Contract, ten: Ten = Ten.CHECKED) -> bool:
    """Whether ``hand`` reaches the folk threshold against ``contract`` (a checked ten: yes,
    both play it)."""
    quota = contract.quota(ten)
    return quota is None or sure_halves(hand.mask, contract) >= quota  # count >= quota / 2


def folk_call(
    hand: CardSet, contract: Contract, ten: Ten = Ten.CHECKED, first: Call | None = None
) -> Call:
    """A defender's call by the folk rule: ``first`` is the first defender's call when this
    one speaks second (None: he speaks first). A checked ten is always played (whist)."""
    return _call(reaches(hand, contract, ten), contract, first)


def _call(reached: bool, contract: Contract, first: Call | None) -> Call:
    """The folk rule: whist when the hand reaches the threshold; else, second after a pass,
    half-whist a six or a seven; else pass."""
    if reached:
        return Call.WHIST
    if first is Call.PASS and contract.level <= 7:
        return Call.HALF
    return Call.PASS


def defence_outcome(left: Call, right: Call) -> Whist:
    """What the defence said, from the calls of L (who speaks first) and R."""
    if left is Call.HALF or (right is Call.HALF and left is not Call.PASS):
        raise DealError(Phrase("a half-whist is said by the second defender after a pass"))
    if right is Call.HALF:
        return Whist.HALF
    return _OUTCOMES[left is Call.WHIST, right is Call.WHIST]


_OUTCOMES = {
    (True, True): Whist.BOTH,
    (True, False): Whist.LEFT,
    (False, True): Whist.RIGHT,
    (False, False): Whist.PASS,
}


def model_outcome(
    model: WhistModel,
    contract: Contract,
    left: CardSet,
    right: CardSet,
    ten: Ten = Ten.CHECKED,
) -> Whist:
    """The defence's decision in a layout where L holds ``left`` and R ``right``: both whist
    (the ``both`` model, and a checked ten under any), or each defender's folk call in
    speaking order."""
    return model_outcomes(model, contract, [(left.mask, right.mask)], ten)[0]


@functools.cache
def _folk_outcomes(contract: Contract) -> Mapping[tuple[bool, bool], Whist]:
    """The defence's decision against ``contract`` by whether L's and R's hands reach the
    threshold: the folk rule for each of the four ways, decided once a contract."""
    decided = {}
    for left_reaches in (False, True):
        first = _call(left_reaches, contract, None)
        for right_reaches in (False, True):
            second = _call(right_reaches, contract, first)
            decided[left_reaches, right_reaches] = defence_outcome(first, second)
    return decided


def model_outcomes(
    model: WhistModel,
    contract: Contract,
    layouts: Sequence[tuple[int, int]],
    ten: Ten = Ten.CHECKED,
) -> list[Whist]:
    """:func:`model_outcome` of many layouts, each given as the masks of L's and R's cards."""
    lefts = array("I", (left for left, _ in layouts))
    rights = array("I", (right for _, right in layouts))
    return [WHISTS[number] for number in model_decisions(model, contract, lefts, rights, ten)]


def model_decisions(
    model: WhistModel,
    contract: Contract,
    lefts: array[int],
    rights: array[int],
    ten: Ten = Ten.CHECKED,
) -> bytes:
    """The defence's decision in each layout where L holds ``lefts[i]`` and R ``rights[i]``
    (card masks, arrays of type ``I``): one byte a layout, its place in :data:`WHISTS`.

    Worked out for all the layouts at once, a suit at a time, in the loops of ``bytes``: each
    suit's holdings (one byte of each mask) are translated into their folk counts, the four
    counts of a hand added as big integers whose bytes never carry (a hand counts at most 20
    half tricks), the sums translated into whether each hand reaches the threshold, and the
    two answers into the decision, the folk rule being decided once for each of the four ways
    (measured on all 184,756 layouts of a hand: 0.11 s in a Python loop, 0.007 s so)."""
    left, right = folk_counts(lefts, contract), folk_counts(rights, contract)
    return decisions_of_counts(model, contract, left, right, ten)


def folk_counts(masks: array[int], contract: Contract) -> bytes:
    """The folk count of each mask's hand against ``contract`` in half tricks, one byte a
    mask: the same for every level of one strain, so that a caller asking several levels of
    the same hands counts them once."""
    raw = masks.tobytes()
    size = masks.itemsize
    total = 0
    for suit, table in zip(Suit, _suit_bytes(contract), strict=True):
        offset = suit if sys.byteorder == "little" else size - 1 - suit
        total += int.from_bytes(raw[offset::size].translate(table), "little")
    return total.to_bytes(len(masks), "little")


def decisions_of_counts(
    model: WhistModel,
    contract: Contract,
    lefts: bytes,
    rights: bytes,
    ten: Ten = Ten.CHECKED,
) -> bytes:
    """:func:`model_decisions` from the hands' :func:`folk_counts`: L's ``lefts[i]``, R's
    ``rights[i]`` (read only by the folk model, and not for a checked ten)."""
    quota = contract.quota(ten)
    if model is WhistModel.BOTH or quota is None:
        return bytes([WHISTS.index(Whist.BOTH)]) * len(lefts)
    reaching = _reaching_bytes(quota)
    left = int.from_bytes(lefts.translate(reaching), "little")
    right = int.from_bytes(rights.translate(reaching), "little")
    return (2 * left + right).to_bytes(len(lefts), "little").translate(_decision_bytes(contract))


def rest_of(pool: int, lefts: array[int]) -> array[int]:
    """R's hands where L holds ``lefts[i]`` of the cards ``pool``: each mask's bits flipped
    within the pool, all at once (one big integer's exclusive or)."""
    raw = lefts.tobytes()
    flips = pool.to_bytes(lefts.itemsize, sys.byteorder) * len(lefts)
    rights = array(lefts.typecode)
    flipped = int.from_bytes(raw, "little") ^ int.from_bytes(flips, "little")
    rights.frombytes(flipped.to_bytes(len(raw), "little"))
    return rights


@functools.cache
def _reaching_bytes(quota: int) -> bytes:
    """1 at each count of half tricks that reaches ``quota``, else 0: a translation table
    (built once a quota: the model is asked of a few splits at a time millions of times)."""
    return bytes(halves >= quota for halves in range(256))


@functools.cache
def _suit_bytes(contract: Contract) -> tuple[bytes, ...]:
    """:func:`suit_tables` as translation tables."""
    return tuple(bytes(table) for table in suit_tables(contract))


@functools.cache
def _decision_bytes(contract: Contract) -> bytes:
    """The decision's place in :data:`WHISTS` at 2 * (L reaches) + (R reaches), the folk rule
    of :func:`_folk_outcomes` (the other 252 bytes unused)."""
    decided = _folk_outcomes(contract)
    return bytes(
        WHISTS.index(decided[bool(ways & 2), bool(ways & 1)]) if ways < 4 else 0
        for ways in range(256)
    )
