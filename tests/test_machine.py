"""The flags the solvers are built with on this machine (``advisor/machine.py``, read by
``setup.py``): the processor's bit instructions (popcnt, BMI1, BMI2, LZCNT) where Linux says it
has them, never where it does not, nor on another architecture, nor when a portable build is
asked for."""

from __future__ import annotations

import platform
from pathlib import Path

import pytest

from advisor import machine

WITH_POPCNT = "processor\t: 0\nflags\t\t: fpu vme sse4_2 popcnt avx2\nbogomips\t: 4000\n"
WITH_ALL = (
    "processor\t: 0\nflags\t\t: fpu sse4_2 popcnt abm avx2 bmi1 bmi2 sha_ni\nbogomips\t: 4000\n"
)
WITHOUT = "processor\t: 0\nflags\t\t: fpu vme sse2 popcntx bmi12 xabm\n"


@pytest.fixture
def x86(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform, "machine", lambda: "x86_64")
    monkeypatch.delenv(machine.PORTABLE_ENV, raising=False)


def _cpuinfo(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cpuinfo"
    path.write_text(text, encoding="ascii")
    return path


def test_a_processor_with_a_bit_count_is_built_for(x86: None, tmp_path: Path) -> None:
    assert machine.compile_flags(_cpuinfo(tmp_path, WITH_POPCNT)) == ["-mpopcnt"]


def test_each_bit_instruction_present_is_built_for(x86: None, tmp_path: Path) -> None:
    assert machine.compile_flags(_cpuinfo(tmp_path, WITH_ALL)) == [
        "-mpopcnt",
        "-mbmi",
        "-mbmi2",
        "-mlzcnt",
    ]


def test_only_the_bit_instructions_listed_are_built_for(x86: None, tmp_path: Path) -> None:
    cpuinfo = _cpuinfo(tmp_path, "flags\t\t: popcnt bmi1 avx2\n")
    assert machine.compile_flags(cpuinfo) == ["-mpopcnt", "-mbmi"]


def test_a_flag_is_a_whole_word(x86: None, tmp_path: Path) -> None:
    assert machine.compile_flags(_cpuinfo(tmp_path, WITHOUT)) == []


def test_no_cpuinfo_means_the_portable_build(x86: None, tmp_path: Path) -> None:
    assert machine.compile_flags(tmp_path / "missing") == []


def test_a_portable_build_asks_for_nothing(
    x86: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(machine.PORTABLE_ENV, "1")
    assert machine.compile_flags(_cpuinfo(tmp_path, WITH_ALL)) == []


def test_another_architecture_asks_for_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(platform, "machine", lambda: "aarch64")
    monkeypatch.delenv(machine.PORTABLE_ENV, raising=False)
    assert machine.compile_flags(_cpuinfo(tmp_path, WITH_ALL)) == []
