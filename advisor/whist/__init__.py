"""The defender's call against a declared game (``advisor whist``): pass, whist or half-whist,
each priced in points over the layouts on which the declarer could have named the contract.

:mod:`advisor.whist.problem` holds the game the defender faces and what each call leads to;
:mod:`advisor.whist.declaring` what a model of the declarer answers; :mod:`advisor.whist.view`
the declarer's own view, the model used; :mod:`advisor.whist.layouts` the
layouts kept; :mod:`advisor.whist.figures` each call's figures; :mod:`advisor.whist.advice`
the answer.
"""

from advisor.whist.advice import WhistAdvice, whist_advice
from advisor.whist.declaring import Declared, DeclareModel, best_discard
from advisor.whist.figures import ChoiceFigures
from advisor.whist.problem import Choice, Known, Leader, Side, WhistProblem
from advisor.whist.view import DeclarerView, ViewAnswer, ViewDeclare

__all__ = [
    "Choice",
    "ChoiceFigures",
    "DeclareModel",
    "Declared",
    "DeclarerView",
    "Known",
    "Leader",
    "Side",
    "ViewAnswer",
    "ViewDeclare",
    "WhistAdvice",
    "WhistProblem",
    "best_discard",
    "whist_advice",
]
