"""The defender's call against a declared game (``advisor whist``): pass, whist or half-whist,
each priced in points over the layouts on which the declarer could have named the contract.

:mod:`advisor.whist.problem` holds the game the defender faces and what each call leads to;
:mod:`advisor.whist.declaring` the model of the declarer; :mod:`advisor.whist.layouts` the
layouts kept; :mod:`advisor.whist.figures` each call's figures; :mod:`advisor.whist.advice`
the answer.
"""

from advisor.whist.advice import WhistAdvice, whist_advice
from advisor.whist.declaring import Declared, DeclareModel, DoubleDummyDeclare, best_discard
from advisor.whist.figures import ChoiceFigures
from advisor.whist.problem import Choice, Known, Leader, Side, WhistProblem

__all__ = [
    "Choice",
    "ChoiceFigures",
    "DeclareModel",
    "Declared",
    "DoubleDummyDeclare",
    "Known",
    "Leader",
    "Side",
    "WhistAdvice",
    "WhistProblem",
    "best_discard",
    "whist_advice",
]
