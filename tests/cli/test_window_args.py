"""A window start is parsed without the sub-commands (``cli.parser.parse_window_args``); whatever it does
not take whole is left to the full parser, so both always agree on what a command line means."""

from __future__ import annotations

import pytest

from relay_studio.cli.parser import build_parser, parse_window_args


@pytest.mark.parametrize("argv", [
    [], ["--smoke"], ["--data-dir", "/tmp/d"], ["--data-dir=/tmp/d", "--smoke"],
    ["--screenshot", "shot.png", "--chat", "Notes", "--demo-approval"], ["--run", "r-1", "--data-dir", "d"],
])
def test_a_window_start_parses_as_the_full_parser_reads_it(argv: list[str]) -> None:
    fast = parse_window_args(argv)
    assert fast is not None
    assert vars(fast) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [
    ["runs"], ["--data-dir", "d", "runs"], ["demo", "--jsonl"], ["-h"], ["--help"], ["--no-such-option"],
    ["--chat"], ["--smoke", "extra"], ["--s"],
])
def test_anything_else_is_left_to_the_full_parser(argv: list[str]) -> None:
    assert parse_window_args(argv) is None


def test_the_version_is_answered_by_either(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        parse_window_args(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("relay-studio ")
