"""The driver's annotation hook: it hands each talon's worked-out deals to the objective's
annotation and puts the seat's sums in the result, unread; misère's (per-suit) is one such."""

from __future__ import annotations

from array import array
from typing import Any

from solver_build import needs_solver

from advisor.cards import CardSet, Suit, parse_hand
from advisor.exact.analysis import Analysis
from advisor.exact.deals import Deals
from advisor.exact.figures import Play
from advisor.exact.misere import MISERE_PLAY
from advisor.exact.objective import Annotation
from advisor.exact.settings import DiscardMode
from advisor.exact.suits import CAUGHT_THROUGH, Share, SuitTally
from advisor.seats import Lead, Seat
from advisor.solver import through_many
from advisor.table import default_table

HAND = parse_hand("♠7 10 ♣7 8 9 ♦7 8 9 ♥7 J")


class Recorder:
    """An annotation that notes what it was handed and says how many deals it was told of."""

    def __init__(self) -> None:
        self.calls: list[tuple[CardSet, CardSet, Seat, list[int], bytes]] = []

    def of_talon(
        self, kept: CardSet, pool: CardSet, seat: Seat, layouts: array[int], tricks: bytes
    ) -> bytes:
        self.calls.append((kept, pool, seat, list(layouts), tricks))
        return bytes([len(tricks)])

    def tally(self) -> Counted:
        return Counted()


class Counted:
    def __init__(self) -> None:
        self.deals = 0

    def add(self, kept: CardSet, tricks: bytes, note: bytes) -> None:
        assert note == bytes([len(tricks)])
        self.deals += note[0]

    def fields(self) -> dict[str, Any]:
        return {"whichever": Share(self.deals, 0.0, 0.0)}


def _analysis(annotation: Annotation | None) -> tuple[Analysis, Deals]:
    deals = Deals(HAND, 4, 7)
    analysis = Analysis(HAND, Lead.THEM, default_table(), DiscardMode.TABLE, deals, 1,
                        objective=MISERE_PLAY, annotation=annotation)  # fmt: skip
    return analysis, deals


@needs_solver
def test_the_driver_hands_each_talon_to_the_annotation_and_its_sums_to_the_result() -> None:
    recorder = Recorder()
    analysis, deals = _analysis(recorder)
    number = deals.order()[0]
    found = analysis._play(number)
    stratum = deals.reported(number)
    assert [call[2] for call in recorder.calls] == list(Lead.THEM.seats)
    for call, played in zip(recorder.calls, found, strict=True):
        assert call[0] == played.kept == (HAND | stratum.talon) - played.discards
        assert call[1] == stratum.pool and call[3] == list(stratum.splits)
        assert call[4] == played.tricks and played.note == bytes([4])
    play = Play(Seat.L, MISERE_PLAY.scoring, recorder.tally())
    play.add(HAND, found[0])
    play.add(HAND, found[0])
    assert play.odds().whichever == Share(8, 0.0, 0.0)


@needs_solver
def test_without_an_annotation_nothing_is_asked_and_the_result_has_none() -> None:
    analysis, deals = _analysis(None)
    found = analysis._play(deals.order()[0])
    assert all(played.note == b"" for played in found)
    play = Play(Seat.L, MISERE_PLAY.scoring)
    play.add(HAND, found[0])
    assert play.odds().suits == () and play.odds().whichever is None


@needs_solver
def test_caught_through_asks_the_caught_deals_only() -> None:
    analysis, deals = _analysis(CAUGHT_THROUGH)
    number = deals.order()[0]
    stratum = deals.reported(number)
    for seat, played in zip(Lead.THEM.seats, analysis._play(number), strict=True):
        caught = [left for left, t in zip(stratum.splits, played.tricks, strict=True) if t]
        masks = iter(through_many(played.kept, stratum.pool, seat, array("I", caught)))
        assert played.note == bytes(next(masks) if t else 0 for t in played.tricks)
        tally = SuitTally()
        tally.add(played.kept, played.tricks, played.note)
        fields = tally.fields()
        for suit in Suit:
            through = sum(1 for mask in played.note if mask >> suit & 1)
            assert fields["suits"][suit].caught.p == through / len(played.tricks)
