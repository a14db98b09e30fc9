"""The scoring convention of the table: a preset and the settings a table may change.

``shared/game-rules.md`` sets out three conventions: **Sochi** (the default), **Leningrad**
(a pool point worth two mountain points, mountain, whists and consolation doubled, a lone
whister's whists shared with the passer, the whister's penalty for a missing trick half of
that doubled price) and **Rostov** (as Sochi, but an all-pass is paid in whists). A
:class:`Convention` is a preset and its overrides:

``preset``       ``sochi`` | ``leningrad`` | ``rostov``
``ten``          ``checked`` (played out, no quota: Sochi, Rostov) | ``whisted`` (quota one:
                 Leningrad)
``both_fail``    who pays when both whisters of an eight or nine take no trick: ``second``
                 (the one who whisted second) | ``shared`` (half each)
``players``      3 | 4 (the dealer sits each deal out)
``whist_model``  how the defenders decide in a layout: ``folk`` (each whists when his own hand
                 reaches the folk threshold, :mod:`advisor.defence`) | ``both`` (always)

It is built from the keys of a table file's ``[convention]`` section
(:meth:`Convention.from_mapping`) and shown back (:meth:`Convention.to_dict`,
:meth:`Convention.section`); the scoring itself is :mod:`advisor.points`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from advisor.contract import Ten
from advisor.errors import ConventionError
from advisor.i18n import Phrase
from advisor.table_file import is_player_count, shown_value
from advisor.words import Word


class Preset(Word):
    """The three conventions of ``shared/game-rules.md``."""

    SOCHI = "sochi"
    LENINGRAD = "leningrad"
    ROSTOV = "rostov"


class BothFail(Word):
    """Who pays when both whisters of an eight or a nine (or a whisted ten) take no trick."""

    SECOND = "second"
    """The defender who whisted second (the declarer's right: the left speaks first)."""
    SHARED = "shared"
    """Half each."""


class WhistModel(Word):
    """How the defenders' whist decision is modelled in a layout (:mod:`advisor.defence`)."""

    FOLK = "folk"
    """Each defender whists when his own hand reaches the folk threshold (about half the
    quota in sure tricks); the second, after a pass, half-whists a six or seven instead."""
    BOTH = "both"
    """Both defenders always whist."""


class AllPass(Word):
    """How an all-pass is paid."""

    MOUNTAIN = "mountain"
    """Each trick in the taker's mountain (Sochi, Leningrad)."""
    WHISTS = "whists"
    """In whists: whoever took the fewest tricks writes on each other player for each trick
    he took more (Rostov)."""


class Rules(NamedTuple):
    """What a preset fixes and no setting changes."""

    pool_worth: int
    """r: mountain points a pool point is worth in the settlement (Leningrad 2)."""
    factor: int
    """What mountain, consolation, whists, give-up, half-whist and a caught misère's mountain
    are multiplied by (Leningrad 2)."""
    shared_whists: bool
    """Whether a lone whister shares the defence's whists with the passer (Leningrad)."""
    allpass: AllPass


_RULES = {
    Preset.SOCHI: Rules(pool_worth=1, factor=1, shared_whists=False, allpass=AllPass.MOUNTAIN),
    Preset.LENINGRAD: Rules(pool_worth=2, factor=2, shared_whists=True, allpass=AllPass.MOUNTAIN),
    Preset.ROSTOV: Rules(pool_worth=1, factor=1, shared_whists=False, allpass=AllPass.WHISTS),
}

SETTINGS = ("preset", "ten", "both_fail", "players", "whist_model")
"""The keys of a ``[convention]`` section, in the order they are shown."""

TABLE_KEYS = tuple(name for name in SETTINGS if name != "players")
"""The settings of a table file's ``[convention]`` section: the number of players is the
table's own ``players``, which all-pass reads too."""

_PRESET_DEFAULTS: dict[Preset, dict[str, Any]] = {
    Preset.SOCHI: {"ten": Ten.CHECKED, "both_fail": BothFail.SECOND},
    Preset.LENINGRAD: {"ten": Ten.WHISTED, "both_fail": BothFail.SECOND},
    Preset.ROSTOV: {"ten": Ten.CHECKED, "both_fail": BothFail.SECOND},
}
_COMMON_DEFAULTS: dict[str, Any] = {"players": 3, "whist_model": WhistModel.FOLK}
_WORDS: dict[str, type[Word]] = {
    "preset": Preset,
    "ten": Ten,
    "both_fail": BothFail,
    "whist_model": WhistModel,
}


class Convention(NamedTuple):
    """A convention: its preset, every setting's value, and which of them the table set."""

    preset: Preset = Preset.SOCHI
    ten: Ten = Ten.CHECKED
    both_fail: BothFail = BothFail.SECOND
    players: int = 3
    whist_model: WhistModel = WhistModel.FOLK
    overridden: frozenset[str] = frozenset()
    """The settings given beside the preset (shown back by :meth:`section`)."""

    @classmethod
    def of(cls, preset: Preset = Preset.SOCHI, **overrides: Any) -> Convention:
        """The ``preset`` with ``overrides`` (checked as a table file's values would be)."""
        return cls.from_mapping({"preset": preset.value, **overrides}, origin="convention")

    @classmethod
    def from_mapping(
        cls,
        section: Mapping[str, Any],
        origin: str,
        base: Convention | None = None,
        *,
        keys: tuple[str, ...] = SETTINGS,
    ) -> Convention:
        """The convention a ``[convention]`` section gives, over ``base`` (a table file merged
        over another: a preset given again starts from that preset's values; settings not
        given keep the base's). ``origin`` names the file in errors; ``keys`` are the settings
        the section may give (a table file's leaves ``players`` to the table), and an error
        for another lists them."""
        unknown = sorted(set(section) - set(keys))
        if unknown:
            raise ConventionError(
                Phrase(
                    "{origin}: [convention] unknown setting '{name}' (known: {known})",
                    origin=origin,
                    name=unknown[0],
                    known=", ".join(keys),
                )
            )
        values = {name: check_setting(name, value, origin) for name, value in section.items()}
        base = base or cls()
        preset = values.get("preset", base.preset)
        if "preset" in values:
            found = {**_COMMON_DEFAULTS, **_PRESET_DEFAULTS[preset]}
            overridden: set[str] = set()
        else:
            found = {name: getattr(base, name) for name in SETTINGS[1:]}
            overridden = set(base.overridden)
        for name, value in values.items():
            if name != "preset":
                found[name] = value
                overridden.add(name)
        return cls(preset=preset, overridden=frozenset(overridden), **found)

    @property
    def rules(self) -> Rules:
        """What the preset fixes: the pool point's worth, the doubling, shared whists, the
        all-pass's payment."""
        return _RULES[self.preset]

    def to_dict(self) -> dict[str, Any]:
        """Every setting's value, as a table file or JSON writes it (``table show``)."""
        return {name: _plain(getattr(self, name)) for name in SETTINGS}

    def section(self) -> dict[str, Any]:
        """The shortest ``[convention]`` section that gives this convention back: the preset
        and the settings given beside it."""
        return {
            name: _plain(getattr(self, name))
            for name in SETTINGS
            if name == "preset" or name in self.overridden
        }


def check_setting(name: str, value: Any, origin: str) -> Any:
    """``value`` of the ``[convention]`` setting ``name`` as its type (a :class:`Word` or the
    player count); :class:`~advisor.errors.ConventionError` naming the file, the setting and
    the value when it is not one the setting takes."""
    if name == "players":
        if not is_player_count(value):
            raise ConventionError(
                Phrase(
                    "{origin}: [convention] players = {value} must be 3 or 4",
                    origin=origin,
                    value=shown_value(value),
                )
            )
        return value
    kind = _WORDS[name]
    words = [member.value for member in kind]
    if not isinstance(value, str) or value not in words:
        raise ConventionError(
            Phrase(
                "{origin}: [convention] {name} = {value} is not one of {words}",
                origin=origin,
                name=name,
                value=shown_value(value),
                words=", ".join(f'"{word}"' for word in words),
            )
        )
    return kind(value)


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, Word) else value
