"""The exact analysis: a hand's odds from double-dummy play over its talons and splits.

One concept a module, each imported where it is needed (the plain check never loads the
solver, so this package imports none of them itself):

- :mod:`~advisor.exact.settings`: what a run is asked to do (``ExactSettings``);
- :mod:`~advisor.exact.objective`: what the machinery optimises, a contract handed to it;
- :mod:`~advisor.exact.deals`: the deals, talons and their splits, the order worked out in;
- :mod:`~advisor.exact.dominance`: a twelve-card hand's 66 discards, which are one to the play
  and which keeps lower cards than which, and the screen for catches that uses it;
- :mod:`~advisor.exact.deepening`: the deepening that picks the best discard;
- :mod:`~advisor.exact.scores`: the scores of all 66 on growing batches of layouts;
- :mod:`~advisor.exact.bound`: a bound on what any discard of a talon can score;
- :mod:`~advisor.exact.stopping`: when a sequential estimate has told enough, and the verdict;
- :mod:`~advisor.exact.suits`, :mod:`~advisor.exact.result`, :mod:`~advisor.exact.figures`:
  misère's per-suit annotations, ``check --exact``'s result, a seat's sums;
- :mod:`~advisor.exact.analysis`: the driver (bounds, a sequential estimate, every talon);
- :mod:`~advisor.exact.misere`: misère's objective and ``check --exact``'s entry point;
- :mod:`~advisor.exact.discard_odds`: ``discard --exact``;
- :mod:`~advisor.exact.game`, :mod:`~advisor.exact.declare`: a game contract's objective and
  ``advisor declare``;
- :mod:`~advisor.exact.bid_talon`, :mod:`~advisor.exact.bid_ladder`,
  :mod:`~advisor.exact.bid`: one talon's choice for every open bid, each bid's value on the
  ladder (never below giving up nor a higher bid's), and ``advisor bid`` (``bid_odds``: the
  value of passing, misère and each game bid before the talon).

The score of a layout is :mod:`advisor.scoring`'s, the split streams :mod:`advisor.splits`'s.
"""

__all__: list[str] = []
