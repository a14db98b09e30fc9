"""The exact analysis: a hand's odds from double-dummy play over its talons and splits.

One concept a module, each imported where it is needed (the plain check never loads the
solver, so this package imports none of them itself):

- :mod:`~advisor.exact.deals`: the deals, talons and their splits, the order worked out in;
- :mod:`~advisor.exact.discards`: a twelve-card hand's discards, their dominance, the deepening
  that picks one, the scores of all 66 and a talon's bound;
- :mod:`~advisor.exact.stopping`: when a sequential estimate has told enough, and the verdict;
- :mod:`~advisor.exact.analysis`: ``check --exact``'s driver, its settings and its result;
- :mod:`~advisor.exact.discard_odds`: ``discard --exact``.

The score of a layout is :mod:`advisor.scoring`'s, the split streams :mod:`advisor.splits`'s.
"""

__all__: list[str] = []
