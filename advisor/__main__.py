"""``python -m advisor`` and the ``advisor`` command run the command line."""

import signal


def main() -> None:
    """Ctrl-C while the command line loads ends the process at once, by the signal itself (no
    traceback, and a shell loop stops), unless it was ignored when the process started; once
    the command runs, :mod:`advisor.cli.guard` handles it."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    from advisor.cli import main as command_line

    command_line()


if __name__ == "__main__":
    main()
