"""The ladder of bid values: a lower bid is worth at least a higher one, every bid at least
giving it up, and a bid worked out on fewer talons at most the bid below it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from advisor.contract import Bid, Contract
from advisor.exact.bid_ladder import BidFigure, Source, on_the_ladder

BIDS = [Bid.parse(text) for text in ("6S", "6C", "6D", "6H", "6NT", "7S", "7C", "7D")]
FLOORS = [-12.0] * 5 + [-14.0] * 3  # giving each bid's lowest contract up: dearer higher up


def _own(points: list[float], talons: list[int]) -> list[BidFigure]:
    return [
        BidFigure(bid, value, (value - 1, value + 1), ((Contract.parse(bid.ascii()), count),))
        for bid, value, count in zip(BIDS, points, talons, strict=False)
    ]


def test_a_higher_bids_play_lifts_a_lower_one() -> None:
    """The example a helper found: 6♥ … 7♠ below 7♣ and 7♦, so a ceiling of 7♦ stood above
    bids the table put below passing."""
    own = _own([1.5, 1.55, 1.6, -0.4, -0.4, -0.3, 0.2, 0.0], [16] * 8)
    found = on_the_ladder(own, FLOORS)
    assert [f.points for f in found] == [1.6, 1.6, 1.6, 0.2, 0.2, 0.2, 0.2, 0.0]
    assert [f.source for f in found[:3]] == [Source.HIGHER, Source.HIGHER, Source.OWN]
    assert found[0].via == found[1].via == Bid.parse("6D") and found[3].via == Bid.parse("7C")
    assert found[3].interval == own[6].interval and found[3].named == own[6].named
    assert found[3].bid == Bid.parse("6H") and found[3].to_dict()["via"] == "7C"


def test_giving_up_is_the_floor() -> None:
    own = _own([-11.0, -12.5, -13.0, -20.0, -12.0, -14.5, -14.0, -16.0], [16] * 8)
    found = on_the_ladder(own, FLOORS)
    assert [f.points for f in found] == [-11.0, -12.0, -12.0, -12.0, -12.0, -14.0, -14.0, -14.0]
    assert [f.source for f in found] == [Source.OWN, Source.GIVE_UP, Source.GIVE_UP,
                                         Source.GIVE_UP, Source.OWN, Source.GIVE_UP, Source.OWN,
                                         Source.GIVE_UP]  # fmt: skip
    assert found[1].named == ((None, 16),) and found[1].interval == (-12.0, -12.0)
    assert found[1].to_dict()["best_contract"] == "give up"


def test_a_bid_on_fewer_talons_is_bounded_by_the_one_below() -> None:
    """Bids stopped early (above one clearly below passing) neither lend nor borrow across the
    talons they did not share: their value is at most the bid below's, with no interval."""
    own = _own([2.0, 1.0, -3.0, -1.0, -2.5, -4.0, -3.5, -5.0], [40, 40, 24, 24, 24, 16, 16, 16])
    found = on_the_ladder(own, FLOORS)
    # the 24-talon bids lift one another, and the 16-talon ones; none lifts across
    assert [f.points for f in found] == [2.0, 1.0, -1.0, -1.0, -2.5, -3.5, -3.5, -5.0]
    assert found[2].via == Bid.parse("6H") and found[5].via == Bid.parse("7C")
    found = on_the_ladder(_own([0.0, -6.0, -2.0], [40, 24, 16]), FLOORS[:3])
    assert [f.points for f in found] == [0.0, -6.0, -6.0]
    assert found[2].source is Source.BOUND and found[2].interval is None
    assert found[2].via == Bid.parse("6C") and found[2].to_dict()["interval"] is None


def test_no_negative_zero_in_json() -> None:
    figure = on_the_ladder(_own([-0.0], [16]), [-12.0])[0]
    assert str(figure.to_dict()["points"]) == "0.0"


@given(
    st.lists(st.floats(-30, 20, allow_nan=False), min_size=8, max_size=8),
    st.lists(st.integers(1, 3), min_size=8, max_size=8),
)
def test_the_ladder_holds_on_any_figures(points: list[float], steps: list[int]) -> None:
    talons = []
    count = 64
    for step in steps:  # the talons fall up the ladder, as bids are stopped
        count = max(16, count - 8 * (step - 1))
        talons.append(count)
    own = _own(points, talons)
    found = on_the_ladder(own, FLOORS)
    for k, figure in enumerate(found):
        assert figure.bid == own[k].bid and figure.talons == own[k].talons
        if k:
            assert figure.points <= found[k - 1].points
        if figure.source is Source.OWN:
            assert figure == own[k]
        elif figure.source is Source.GIVE_UP:
            assert figure.points == FLOORS[k] > own[k].points
        elif figure.source is Source.HIGHER:
            assert figure.via is not None and figure.via > own[k].bid
            lender = own[BIDS.index(figure.via)]
            assert figure.points == lender.points > own[k].points
            assert lender.talons == own[k].talons
        else:
            assert figure.interval is None and figure.via is not None and figure.via < own[k].bid
    same = [k for k in range(8) if talons[k] == talons[0]]
    for k in same:  # the bids of the first talons: at least each own play and giving up
        assert found[k].points >= max(own[k].points, FLOORS[k])
        assert all(found[k].points >= own[j].points for j in same if j > k)
