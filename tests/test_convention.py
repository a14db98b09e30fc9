"""The scoring convention: presets, overrides, built from a ``[convention]`` section and shown."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.contract import Ten
from advisor.convention import (
    SETTINGS,
    AllPass,
    BothFail,
    Convention,
    Preset,
    WhistModel,
)
from advisor.errors import ConventionError
from advisor.i18n import speaking


def test_sochi_is_the_default() -> None:
    convention = Convention()
    assert convention == Convention.of() == Convention.from_mapping({}, "t.toml")
    assert convention.to_dict() == {
        "preset": "sochi",
        "ten": "checked",
        "both_fail": "second",
        "players": 3,
        "whist_model": "folk",
    }
    assert convention.rules.pool_worth == 1 and convention.rules.factor == 1
    assert convention.rules.allpass is AllPass.MOUNTAIN and not convention.rules.shared_whists


def test_presets() -> None:
    leningrad = Convention.of(Preset.LENINGRAD)
    assert leningrad.ten is Ten.WHISTED
    assert leningrad.rules.pool_worth == 2 and leningrad.rules.factor == 2
    assert leningrad.rules.shared_whists
    rostov = Convention.of(Preset.ROSTOV)
    assert rostov.ten is Ten.CHECKED and rostov.rules.allpass is AllPass.WHISTS


def test_overrides_beside_a_preset() -> None:
    convention = Convention.from_mapping(
        {"preset": "leningrad", "ten": "checked", "players": 4, "whist_model": "both"}, "t.toml"
    )
    assert convention.preset is Preset.LENINGRAD and convention.ten is Ten.CHECKED
    assert convention.players == 4 and convention.whist_model is WhistModel.BOTH
    assert convention.both_fail is BothFail.SECOND  # the preset's
    assert convention.section() == {
        "preset": "leningrad",
        "ten": "checked",
        "players": 4,
        "whist_model": "both",
    }


def test_a_file_over_another_keeps_what_it_does_not_give() -> None:
    base = Convention.from_mapping({"preset": "rostov", "players": 4}, "base.toml")
    over = Convention.from_mapping({"both_fail": "shared"}, "user.toml", base=base)
    assert over.preset is Preset.ROSTOV and over.players == 4
    assert over.both_fail is BothFail.SHARED
    assert over.overridden == {"players", "both_fail"}
    # a preset given again starts from that preset
    again = Convention.from_mapping({"preset": "leningrad"}, "user.toml", base=over)
    assert again == Convention.of(Preset.LENINGRAD)


settings = st.fixed_dictionaries(
    {},
    optional={
        "preset": st.sampled_from([p.value for p in Preset]),
        "ten": st.sampled_from([t.value for t in Ten]),
        "both_fail": st.sampled_from([b.value for b in BothFail]),
        "players": st.sampled_from([3, 4]),
        "whist_model": st.sampled_from([w.value for w in WhistModel]),
    },
)


@given(settings)
def test_shown_back_it_is_built_again(section: dict[str, Any]) -> None:
    convention = Convention.from_mapping(section, "t.toml")
    assert Convention.from_mapping(convention.section(), "t.toml") == convention
    assert Convention.from_mapping(convention.to_dict(), "t.toml").to_dict() == (
        convention.to_dict()
    )
    assert list(convention.to_dict()) == list(SETTINGS)
    for name, value in section.items():
        assert convention.to_dict()[name] == value


@pytest.mark.parametrize(
    ("section", "message"),
    [({"preset": "moscow"},
      't.toml: [convention] preset = "moscow" is not one of "sochi", "leningrad", "rostov"'),
     ({"ten": True}, 't.toml: [convention] ten = true is not one of "checked", "whisted"'),
     ({"both_fail": "first"},
      't.toml: [convention] both_fail = "first" is not one of "second", "shared"'),
     ({"whist_model": ["folk"]},
      't.toml: [convention] whist_model = ["folk"] is not one of "folk", "both"'),
     ({"players": 5}, "t.toml: [convention] players = 5 must be 3 or 4"),
     ({"players": True}, "t.toml: [convention] players = true must be 3 or 4"),
     ({"players": 3.0}, "t.toml: [convention] players = 3.0 must be 3 or 4"),
     ({"players": datetime.date(2026, 1, 2)},
      "t.toml: [convention] players = 2026-01-02 must be 3 or 4"),
     ({"ten": "x" * 100},
      't.toml: [convention] ten = "' + "x" * 38 + '… is not one of "checked", "whisted"'),
     ({"pool_worth": 2},
      "t.toml: [convention] unknown setting 'pool_worth' (known: preset, ten, both_fail, "
      "players, whist_model)")],
)  # fmt: skip
def test_bad_settings_name_the_file_the_setting_and_the_value(
    section: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConventionError) as caught:
        Convention.from_mapping(section, "t.toml")
    assert str(caught.value) == message


def test_convention_errors_in_russian() -> None:
    with pytest.raises(ConventionError) as caught:
        Convention.from_mapping({"players": 5}, "t.toml")
    with speaking("ru"):
        wanted = "t.toml: [convention] players = 5 — игроков должно быть 3 или 4"
        assert caught.value.text() == wanted
