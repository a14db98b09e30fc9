"""Table files a hostile user may give: devices, pipes, huge or deeply nested files, patterns
with many alternatives. Each gets a one-line table error at once, never a hang or a flood."""

from __future__ import annotations

import itertools
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from advisor.cards import Rank
from advisor.cli import main
from advisor.errors import TableError
from advisor.holdings import HoldingPattern
from advisor.limits import MAX_TABLE_BYTES
from advisor.seats import Lead
from advisor.table import load_table, resolve_table_path

HAND = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
EVERY_RANK = "|".join(["7", "8", "9", "10", "J", "Q", "K", "A"])


def load_elsewhere(path: Path) -> subprocess.CompletedProcess[str]:
    """load_table in a child process with a time limit: a hang fails the test, not the suite."""
    code = (
        "import sys; from advisor.table import load_table; from advisor.errors import TableError\n"
        "try: load_table(sys.argv[1])\n"
        "except TableError as error: print(error)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60
    )


def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "table.toml"
    os.mkfifo(fifo)
    done = load_elsewhere(fifo)
    assert done.stdout == f"{fifo}: is not a regular file (a table is a TOML file)\n"


def test_an_endless_device_is_refused(tmp_path: Path) -> None:
    zero = tmp_path / "zero"  # our own zero device (major 1, minor 5)
    try:
        os.mknod(zero, 0o444 | stat.S_IFCHR, os.makedev(1, 5))
        with open(zero, "rb") as probe:
            probe.read(1)
    except OSError as error:
        pytest.skip(f"cannot make a device here: {error}")
    done = load_elsewhere(zero)
    assert done.stdout == f"{zero}: is not a regular file (a table is a TOML file)\n"


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text("# padding\n" * (MAX_TABLE_BYTES // 10) + "#" * 10)
    with pytest.raises(TableError, match=r"larger than 1,048,576 bytes: too big for a table$"):
        load_table(big)
    big.write_text("# padding\n" * (MAX_TABLE_BYTES // 10 - 1) + "threshold = 70\n")
    assert load_table(big).threshold == 70


def test_deep_nesting_is_a_table_error(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("threshold = " + "[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(TableError, match=r"deep\.toml: values nested too deeply for a table$"):
        load_table(deep)


def test_an_empty_table_option_is_an_error(runner: CliRunner) -> None:
    with pytest.raises(TableError, match=r"^the table file name is empty$"):
        resolve_table_path("", {}, "/nonexistent")
    result = runner.invoke(main, ["check", HAND, "--table", ""])
    assert (result.exit_code, result.output) == (2, "Error: the table file name is empty\n")


def test_many_alternatives_are_matched_without_expanding_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four keys of 5 to 8 positions with every rank at each: 8**8 combinations for the last
    alone, which used to be expanded one by one (38 s for a check); now never expanded."""

    def expanded(*args: object) -> None:
        raise AssertionError("the product of the alternatives was expanded")

    monkeypatch.setattr(itertools, "product", expanded)
    wide = tmp_path / "wide.toml"
    keys = [" ".join([EVERY_RANK] * n) for n in range(5, 9)]
    wide.write_text("[holes]\n" + "".join(f'"{key}" = 40\n' for key in keys))
    table = load_table(wide)
    long_ones = {mask for mask in range(256) if mask.bit_count() >= 5}
    assert {mask for mask in table.lookup if mask.bit_count() >= 5} == long_ones
    assert {table.lookup[mask].key for mask in long_ones} == set(keys)
    assert all(table.lookup[mask].percent(Lead.THEM) == 40 for mask in long_ones)
    monkeypatch.undo()


positions = st.lists(
    st.sets(st.sampled_from(list(Rank)), min_size=1, max_size=8).map(lambda s: tuple(sorted(s))),
    min_size=1,
    max_size=5,
).map(lambda ps: tuple(sorted(ps)))


@given(positions)
def test_the_holdings_of_a_pattern_are_those_of_every_combination(
    spelled: tuple[tuple[Rank, ...], ...],
) -> None:
    expected = sorted(
        {sum(1 << r for r in combo) for combo in itertools.product(*spelled)
         if len(set(combo)) == len(combo)}
    )  # fmt: skip
    assert [h.mask for h in HoldingPattern(spelled).holdings()] == expected


def test_table_init_into_a_folder_under_a_file(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("not a folder")
    target = tmp_path / "plain" / "sub" / "table.toml"
    result = runner.invoke(main, ["table", "init", str(target)])
    assert (result.exit_code, result.output) == (
        3,
        f"Error: {target}: its folder cannot be made (a part of it is a file)\n",
    )


def test_table_init_through_a_symlink_keeps_the_link(runner: CliRunner, tmp_path: Path) -> None:
    real = tmp_path / "real.toml"
    real.write_text("old")
    link = tmp_path / "table.toml"
    link.symlink_to(real)
    result = runner.invoke(main, ["table", "init", str(link), "--force"])
    assert result.exit_code == 0
    assert link.is_symlink() and real.read_text().startswith("#")


def test_table_init_with_an_empty_name_writes_nothing(runner: CliRunner) -> None:
    result = runner.invoke(main, ["table", "init", ""])
    assert (result.exit_code, result.output) == (
        2,
        "Error: Invalid value for '[PATH]': the file name is empty\n",
    )


def test_table_show_never_reads_a_path_or_a_source_as_markup(
    runner: CliRunner, tmp_path: Path
) -> None:
    folder = tmp_path / "odd[/]"  # two folders, "odd[" and "]": the path reads [/]
    folder.mkdir(parents=True)
    path = folder / "t[red].toml"
    path.write_text('[holes]\n"7 10" = { value = 40, source = "[/] [bold]x\\u001b[31m" }\n')
    result = runner.invoke(main, ["table", "show", "--table", str(path)], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert f"User file  {path}\n" in result.output
    assert "[/] [bold]x\\x1b[31m" in result.output and "\x1b" not in result.output


def test_a_directory_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(TableError, match="is a directory, not a table file"):
        load_table(tmp_path)


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to a folder"])
def test_a_config_table_that_is_no_file_is_refused_not_left_out(tmp_path: Path, kind: str) -> None:
    """A table.toml in the config folder that is not a regular file is the same error as
    --table gives, not the built-in table used without a word; a link to nothing is no file."""
    config = tmp_path / "config" / "advisor"
    config.mkdir(parents=True)
    path = config / "table.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(tmp_path)
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("ADVISOR_TABLE", None)
    check = [sys.executable, "-m", "advisor", "check", "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"]
    done = subprocess.run(check, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"Error: {path}: ")
    if kind == "folder":
        path.rmdir()
    else:
        path.unlink()
    path.symlink_to(tmp_path / "nothing")
    done = subprocess.run(check, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode in (0, 1), done.stderr
