"""One deal in points: what each player writes (the ledger), and the settlement that turns it
into one number per player on the advisor's scale.

The rules are ``shared/game-rules.md``'s. A deal is written as each player's **pool** and
**mountain** and the **whists** each writes on each other; the end-of-game settlement, applied
to the one deal (n players, r the pool point's worth: 1, Leningrad 2)::

    pg_p     = r·pool_p − mountain_p
    S_p      = (10/n)·(n·pg_p − Σ_q pg_q) + Σ_q (whists p wrote on q − whists q wrote on p)
    points_p = S_p / (10·(n−1)/n)

So a player's own pool point is +r, his own mountain point −1, another player's mountain point
+1/(n−1) (his pool point −r/(n−1)): a clean misère +10, each caught trick −10, a trick of
one's own mountain −1, and pass, every game and misère compare on one scale. Figures are exact
fractions (:class:`~fractions.Fraction`): a six made is +4/5, not 0.8000000001.

The players are the seats of :class:`~advisor.seats.Seat`, M being the declarer (as in
``--layout "M: … L: … R: …"``), L the defender on his left (who speaks and, with two whisters,
whists first), R the one on his right; with four players, :attr:`Out.DEALER` sits the deal out
(he writes consolation on a failed game, and is settled like the others).

Where the rules leave a choice, this module's reading:

- With two whisters each writes whists for his own tricks; how the defence's tricks fall
  between them is the caller's (``left_tricks``), by default as evenly as possible with the
  odd one to L (the double-dummy defenders play together, and the even split is the one that
  leaves neither short of his half of the quota when the defence can help it).
- A whister short of his quota writes c per missing trick in his mountain (Leningrad: half of
  2c, the same c).
- Giving up three down writes 3c in the declarer's mountain and nothing else (no consolation,
  no whists: nobody has whisted yet).
- A checked ten is played by both defenders (no whist or pass), with no quota; its whists and
  consolation are written as on any game.
- Rostov's all-pass: whoever took the fewest tricks writes, on each other player, w whists for
  each trick that player took more, with w = price·5·(n−1)/n (10/3 with three players): the
  price at which one player taking every trick pays what Sochi's mountain would cost him.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple

from advisor.contract import Contract, Strain
from advisor.convention import AllPass, BothFail, Convention
from advisor.errors import DealError
from advisor.i18n import Phrase
from advisor.seats import Seat
from advisor.words import Word

TRICKS = 10
MISERE_PRICE = 10
GIVE_UP_TRICKS = 3  # "без трёх": written as three down


class Out(Word):
    """The fourth player of a four-handed game, who sits the deal out."""

    DEALER = "dealer"


Player = Seat | Out
"""A player of the deal: a seat (M the declarer, L, R), or the dealer sitting out."""


class Whist(Word):
    """What the defence said against a game."""

    BOTH = "both"
    """Both defenders whist (a checked ten: both play)."""
    LEFT = "left"
    """L whists alone, R passes."""
    RIGHT = "right"
    """R whists alone, L passes."""
    HALF = "half"
    """L passed, R half-whisted (sixes and sevens only): no play."""
    PASS = "pass"
    """Both passed: the declarer writes his contract without play."""

    @property
    def played(self) -> bool:
        """Whether the game is played out (a half-whist or two passes end it unplayed)."""
        return self not in (Whist.HALF, Whist.PASS)

    @property
    def whisters(self) -> tuple[Seat, ...]:
        """The seats that whist and play (a half-whister does not play)."""
        return _WHISTERS[self]


_WHISTERS = {
    Whist.BOTH: (Seat.L, Seat.R),
    Whist.LEFT: (Seat.L,),
    Whist.RIGHT: (Seat.R,),
    Whist.HALF: (),
    Whist.PASS: (),
}


def players(count: int) -> tuple[Player, ...]:
    """The players of a three- or four-handed deal, the dealer who sits out last."""
    return (Seat.M, Seat.L, Seat.R) if count == 3 else (Seat.M, Seat.L, Seat.R, Out.DEALER)


class Ledger(NamedTuple):
    """One deal as it is written: each player's pool and mountain, and the whists each wrote
    on each other (``whists[writer, on]``). Missing entries are zero."""

    players: tuple[Player, ...]
    pool_worth: int
    pool: Mapping[Player, Fraction]
    mountain: Mapping[Player, Fraction]
    whists: Mapping[tuple[Player, Player], Fraction]

    def balance(self) -> dict[Player, Fraction]:
        """Each player's S: his standing in whists after the settlement (they add up to 0)."""
        n = len(self.players)
        game = {
            p: self.pool_worth * self.pool.get(p, Fraction(0)) - self.mountain.get(p, Fraction(0))
            for p in self.players
        }
        total = sum(game.values(), Fraction(0))
        return {
            p: Fraction(10, n) * (n * game[p] - total)
            + sum(
                (self.whists.get((p, q), 0) - self.whists.get((q, p), 0) for q in self.players),
                Fraction(0),
            )
            for p in self.players
        }

    def points_of(self, player: Player) -> Fraction:
        """One player's :meth:`points`, worked out for him alone (the score tables ask for the
        declarer's of many ledgers): ``S_p / (10·(n−1)/n)`` with ``S_p`` as :meth:`balance`
        has it, rearranged as ``(n·pg_p − Σ pg)/(n−1) + n·w_p/(10·(n−1))`` (``w_p`` his whists
        written less those written on him), in exact fractions: the same number with fewer
        fractions made."""
        n = len(self.players)
        worth, pool, mountain, whists = self.pool_worth, self.pool, self.mountain, self.whists
        own = worth * pool.get(player, 0) - mountain.get(player, 0)
        total = worth * sum(pool.get(p, 0) for p in self.players) - sum(
            mountain.get(p, 0) for p in self.players
        )
        written = sum(whists.get((player, q), 0) - whists.get((q, player), 0) for q in self.players)
        return Fraction(n * own - total, n - 1) + Fraction(n * written, 10 * (n - 1))

    def points(self) -> dict[Player, Fraction]:
        """Each player's points: his S over 10·(n−1)/n, so that his own mountain point is −1."""
        n = len(self.players)
        scale = Fraction(10 * (n - 1), n)
        return {p: s / scale for p, s in self.balance().items()}


class _Book:
    """A ledger being written."""

    def __init__(self, convention: Convention) -> None:
        self.players = players(convention.players)
        self.pool_worth = convention.rules.pool_worth
        self.pool: dict[Player, Fraction] = {}
        self.mountain: dict[Player, Fraction] = {}
        self.whists: dict[tuple[Player, Player], Fraction] = {}

    def to_pool(self, player: Player, amount: Fraction | int) -> None:
        self.pool[player] = self.pool.get(player, Fraction(0)) + amount

    def to_mountain(self, player: Player, amount: Fraction | int) -> None:
        if amount:
            self.mountain[player] = self.mountain.get(player, Fraction(0)) + amount

    def write(self, writer: Player, on: Player, amount: Fraction | int) -> None:
        if amount:
            self.whists[writer, on] = self.whists.get((writer, on), Fraction(0)) + amount

    def ledger(self) -> Ledger:
        return Ledger(self.players, self.pool_worth, self.pool, self.mountain, self.whists)


def game_ledger(
    contract: Contract,
    tricks: int,
    whist: Whist,
    convention: Convention,
    left_tricks: int | None = None,
) -> Ledger:
    """The ledger of a game: M declared ``contract`` and took ``tricks`` (ignored when the
    game is not played: a half-whist, two passes); the defence said ``whist``. With two
    whisters, ``left_tricks`` of the defence's tricks are L's (default: half, the odd one L's).
    """
    _check_tricks(tricks)
    quota = contract.quota(convention.ten)
    if quota is None and whist is not Whist.BOTH:
        raise DealError(
            Phrase("a checked ten is played by both defenders, not '{whist}'", whist=whist.value)
        )
    book = _Book(convention)
    c = contract.price
    written = c * convention.rules.factor  # whists and mountain, doubled in Leningrad
    if whist is Whist.PASS:
        book.to_pool(Seat.M, c)
        return book.ledger()
    if whist is Whist.HALF:
        if contract.level > 7 or quota is None:
            raise DealError(
                Phrase("a half-whist is said on a six or a seven, not on {contract}",
                       contract=contract.label)
            )  # fmt: skip
        book.to_pool(Seat.M, c)
        book.write(Seat.R, Seat.M, Fraction(written * quota, 2))
        return book.ledger()
    defence = TRICKS - tricks
    if tricks >= contract.level:
        book.to_pool(Seat.M, c)
    else:
        down = contract.level - tricks
        book.to_mountain(Seat.M, written * down)
        for player in book.players[1:]:  # consolation, from everyone else
            book.write(player, Seat.M, written * down)
    if whist is Whist.BOTH:
        left = _left_share(defence, left_tricks)
        book.write(Seat.L, Seat.M, written * left)
        book.write(Seat.R, Seat.M, written * (defence - left))
        if quota is not None:
            _both_short(book, c, quota, left, defence - left, convention.both_fail)
        return book.ledger()
    if left_tricks is not None:
        raise DealError(Phrase("a lone whister's tricks are not split between the defenders"))
    (whister,) = whist.whisters
    passer = Seat.R if whister is Seat.L else Seat.L
    if convention.rules.shared_whists:
        book.write(whister, Seat.M, Fraction(written * defence, 2))
        book.write(passer, Seat.M, Fraction(written * defence, 2))
    else:
        book.write(whister, Seat.M, written * defence)
    assert quota is not None  # a lone whister on a checked ten was refused above
    book.to_mountain(whister, c * max(0, quota - defence))
    return book.ledger()


def _left_share(defence: int, left_tricks: int | None) -> int:
    if left_tricks is None:
        return (defence + 1) // 2
    if not 0 <= left_tricks <= defence:
        raise DealError(
            Phrase(
                "the left defender took {left} of the defence's {defence} tricks: impossible",
                left=left_tricks,
                defence=defence,
            )
        )
    return left_tricks


def _both_short(
    book: _Book, c: int, quota: int, left: int, right: int, both_fail: BothFail
) -> None:
    """Two whisters short of the quota: on a six or a seven each owes half of it, c a
    missing trick; on an eight or nine (quota one) with no defence trick, the second whister
    pays c, or each half of it."""
    if quota > 1:
        half = quota // 2
        book.to_mountain(Seat.L, c * max(0, half - left))
        book.to_mountain(Seat.R, c * max(0, half - right))
    elif left + right == 0:
        if both_fail is BothFail.SECOND:
            book.to_mountain(Seat.R, c)
        else:
            book.to_mountain(Seat.L, Fraction(c, 2))
            book.to_mountain(Seat.R, Fraction(c, 2))


def give_up_ledger(contract: Contract, convention: Convention) -> Ledger:
    """M gives up ``contract`` three down ("без трёх") instead of playing it."""
    book = _Book(convention)
    book.to_mountain(Seat.M, GIVE_UP_TRICKS * contract.price * convention.rules.factor)
    return book.ledger()


def misere_ledger(tricks: int, convention: Convention) -> Ledger:
    """M played misère and took ``tricks``: 10 in his pool when clean, else 10 a trick in his
    mountain (Leningrad 20)."""
    _check_tricks(tricks)
    book = _Book(convention)
    if tricks == 0:
        book.to_pool(Seat.M, MISERE_PRICE)
    else:
        book.to_mountain(Seat.M, MISERE_PRICE * convention.rules.factor * tricks)
    return book.ledger()


def allpass_ledger(
    tricks: Mapping[Seat, int], price: float | Fraction, convention: Convention
) -> Ledger:
    """An all-pass in which each seat took ``tricks[seat]`` (a seat left out took none) at
    ``price`` a trick (the table's ``allpass_*`` settings: the progression applied): in each
    taker's mountain, or, in Rostov, in whists (see the module's reading)."""
    for seat in Seat:
        _check_tricks(tricks.get(seat, 0))
    if sum(tricks.values()) > TRICKS:
        raise DealError(
            Phrase("{count} tricks charged in an all-pass: a deal has 10",
                   count=sum(tricks.values()))
        )  # fmt: skip
    worth = Fraction(price)
    if worth <= 0:
        raise DealError(Phrase("an all-pass trick's price must be above 0, not {price}",
                               price=str(price)))  # fmt: skip
    book = _Book(convention)
    taken = {seat: tricks.get(seat, 0) for seat in Seat}
    if convention.rules.allpass is AllPass.MOUNTAIN:
        for seat, count in taken.items():
            book.to_mountain(seat, worth * count)
        return book.ledger()
    n = convention.players
    per_trick = worth * Fraction(5 * (n - 1), n)
    fewest = min(taken.values())
    for writer in Seat:
        if taken[writer] == fewest:
            for on in Seat:
                book.write(writer, on, per_trick * (taken[on] - fewest))
    return book.ledger()


def _check_tricks(tricks: int) -> None:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= TRICKS:
        raise DealError(Phrase("{tricks} tricks: a player takes 0 to 10", tricks=str(tricks)))


def game_points(
    contract: Contract,
    tricks: int,
    whist: Whist,
    convention: Convention,
    seat: Seat = Seat.M,
) -> Fraction:
    """The points of ``seat`` (the declarer M by default) in a game (:func:`game_ledger`)."""
    return game_ledger(contract, tricks, whist, convention).points_of(seat)


def declarer_points(contract: Contract, whist: Whist, convention: Convention) -> tuple[float, ...]:
    """The declarer's points for each number of tricks he may take, 0 … 10: what an expected
    score over layouts reads (index = his tricks). A ledger reads a contract's level alone
    (its price and quota), never its strain: worked out once a level, decision and
    convention, and kept."""
    try:
        return _level_points(contract.level, whist, convention)
    except DealError:  # a decision impossible against it: the error names the contract
        game_ledger(contract, 0, whist, convention)
        raise


@functools.cache
def _level_points(level: int, whist: Whist, convention: Convention) -> tuple[float, ...]:
    contract = Contract(level, Strain.NO_TRUMP)  # any strain of the level: the same ledgers
    if not whist.played:  # no play: the tricks are ignored, one ledger
        return (float(game_points(contract, 0, whist, convention)),) * (TRICKS + 1)
    return tuple(
        float(game_points(contract, tricks, whist, convention)) for tricks in range(TRICKS + 1)
    )


def break_even(contract: Contract, convention: Convention, whist: Whist = Whist.BOTH) -> Fraction:
    """The chance of making ``contract`` at which playing it is worth what passing is (0):
    made with exactly its tricks against down one, ``p·made + (1 − p)·down = 0``."""
    made = game_points(contract, contract.level, whist, convention)
    down = game_points(contract, contract.level - 1, whist, convention)
    return -down / (made - down)
