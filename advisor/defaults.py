"""How much the exact analyses sample by default: here, so that the command line can show the
figures in its help without loading the analyses (and the compiled solver) on every start."""

from __future__ import annotations

from math import comb

TALON_COUNT = comb(22, 2)  # 231: the talons the 22 unseen cards can form
SPLITS_PER_TALON = 4
EXACT_DEALS = SPLITS_PER_TALON * TALON_COUNT  # 924: check --exact, batch --exact
DISCARD_LAYOUTS = 2000  # discard --exact: the layouts every discard is played out on
LEAD_LAYOUTS = 2000  # lead: the layouts every first card is played out on
GAME_LEAD_LAYOUTS = (
    500  # lead --contract, the declarer's: the layouts every first card is played on
)
DEFENDER_LEAD_LAYOUTS = 200  # lead --defender: the layouts kept (the declare model is the cost)
CALIBRATE_SAMPLES = 5_000  # table calibrate: deals a holding and lead (about ±1.4 points)
ALLPASS_DEALS = 1000  # the all-pass estimate of a hand (allpass HAND, check --allpass)
WHIST_LAYOUTS = 100  # whist: the layouts kept (splits on which the declarer could have bid)
