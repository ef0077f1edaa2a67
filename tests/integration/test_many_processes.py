"""Many processes on one data folder: real subprocesses, real SIGKILLs.

A live run belongs to the process driving it: readers and other writers leave it alone, and only a
run whose owner is gone is recovered. A commit's message and ledger row stay in step whatever
statement the process dies at.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from relay_studio.runtime.engine import DB_NAME, Runtime
from tests.support import until_blocking

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "resources" / "scripts" / "demo_relay.json"

# Windows has no SIGKILL (os.kill there only terminates): these tests kill real processes mid-write.
# Each starts from a few to a few dozen processes of the app: out of the everyday command (CI runs -m slow).
pytestmark = [pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL, which Windows does not have"),
              pytest.mark.slow]


def cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "relay_studio", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=REPO)


def start_cli(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "relay_studio", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=REPO)


def slow_demo(tmp_path: Path, delay_ms: int) -> Path:
    script = json.loads(DEMO.read_text(encoding="utf-8"))
    for turns in script["turns"].values():
        for turn in turns:
            turn["delayMs"] = delay_ms
    path = tmp_path / f"slow-{delay_ms}.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    return path


def rows(data: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """A plain read of the file, as a third party would do it (no runtime, no recovery)."""
    db = sqlite3.connect(data / DB_NAME, timeout=10)
    try:
        return db.execute(sql, params).fetchall()
    finally:
        db.close()


def wait_for(predicate: Any, what: str, timeout: float = 60) -> None:
    def holds() -> bool:
        try:
            return bool(predicate())
        except sqlite3.OperationalError:  # the file exists but its tables are still being made
            return False

    until_blocking(holds, timeout, what)


def assert_contiguous(data: Path, run_id: str) -> list[str]:
    events = rows(data, "SELECT seq, type FROM events WHERE run_id = ? ORDER BY seq", run_id)
    assert [s for s, _ in events] == list(range(1, len(events) + 1))
    return [t for _, t in events]


def test_a_slow_run_readers_and_second_writers_in_other_processes_all_complete(tmp_path: Path) -> None:
    data = tmp_path / "data"
    script = slow_demo(tmp_path, 300)
    common = ["--agent", "writer", "--script", str(script), "--data-dir", str(data), "--jsonl"]
    first = start_cli("run", "--prompt", "First story.", "--chat", "first", *common)
    try:
        wait_for(lambda: rows(data, "SELECT count(*) FROM runs WHERE status = 'running'") == [(1,)],
                 "the first run to start")
        writers = [start_cli("run", "--prompt", f"Story {n}.", "--chat", f"chat {n}", *common) for n in (2, 3)]
        passes = 0
        while first.poll() is None:
            (first_id,) = rows(data, "SELECT id FROM runs WHERE chat_id = (SELECT id FROM chats WHERE name = 'first')")
            for argv in (["runs", "--json"], ["events", first_id[0], "--jsonl"], ["turns", first_id[0], "--json"],
                         ["chat", "show", "first"], ["profiles", "list"]):
                done = cli(*argv, "--data-dir", str(data))
                assert done.returncode == 0, (argv, done.stderr)
            passes += 1
        assert passes >= 1  # the readers ran while the first run was live
        results = [first.communicate(timeout=120)] + [w.communicate(timeout=120) for w in writers]
        codes = [first.returncode] + [w.returncode for w in writers]
    finally:
        for proc in (first, *locals().get("writers", [])):
            if proc.poll() is None:
                proc.kill()
    assert codes == [0, 0, 0], [err for _out, err in results]
    assert "IntegrityError" not in "".join(err for _out, err in results)
    statuses = rows(data, "SELECT id, status FROM runs")
    assert len(statuses) == 3 and {s for _, s in statuses} == {"completed"}
    for run_id, _ in statuses:
        types = assert_contiguous(data, run_id)
        assert "run_interrupted" not in types and types[-1] == "run_completed"
    for (out, _err) in results:
        assert json.loads(out.splitlines()[-1])["committedMessage"].startswith("# The Last Keeper")


def test_a_run_whose_process_was_killed_is_recovered_only_by_the_next_writer(tmp_path: Path) -> None:
    data = tmp_path / "data"
    script = slow_demo(tmp_path, 60_000)
    proc = start_cli("run", "--agent", "writer", "--prompt", "x", "--script", str(script), "--data-dir", str(data),
                     "--jsonl")
    assert proc.stdout is not None
    for line in proc.stdout:
        if '"model_call_started"' in line:
            break
    run_id = rows(data, "SELECT id FROM runs")[0][0]

    def shown() -> list[str]:
        listed = cli("runs", "--json", "--data-dir", str(data))
        assert listed.returncode == 0, listed.stderr
        return [r["status"] for r in json.loads(listed.stdout)]

    assert shown() == ["running"]  # a reader, while the owner lives
    assert rows(data, "SELECT status FROM runs") == [("running",)]
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)
    for reader in (["runs"], ["events", run_id], ["chat", "show", "default"], ["profiles", "list"]):
        assert cli(*reader, "--data-dir", str(data)).returncode == 0
    assert shown() == ["interrupted"]  # what its lease says: the owner is gone
    assert rows(data, "SELECT status FROM runs") == [("running",)]  # readers never recover anything
    demo = cli("demo", "--data-dir", str(data))  # the next writer finds the owner gone
    assert demo.returncode == 0, demo.stderr
    assert dict(rows(data, "SELECT id, status FROM runs"))[run_id] == "interrupted"
    assert assert_contiguous(data, run_id)[-1] == "run_interrupted"
    assert not (data / "leases" / f"{run_id}.lock").exists()  # an ended run leaves no lease file behind


APPROVAL_DRIVER = """
import asyncio, sys
from pathlib import Path
from tests.support import Harness
from tests.integration.test_resume import TURNS, _profiles

async def main() -> None:
    harness = Harness(Path(sys.argv[1]))
    async def never(request):
        print("asked", flush=True)
        await asyncio.Event().wait()
    handle = await harness.start("writer", TURNS, profiles=_profiles(), approver=never)
    print(handle.run_id, flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


def test_a_run_waiting_for_approval_is_left_alone_while_live_and_resumable_once_its_process_died(
        tmp_path: Path) -> None:
    from tests.integration.test_resume import TURNS

    data = tmp_path / "data"
    proc = subprocess.Popen([sys.executable, "-c", APPROVAL_DRIVER, str(data)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=REPO)
    assert proc.stdout is not None
    run_id = proc.stdout.readline().strip()
    assert [proc.stdout.readline().strip() for _ in range(2)] == ["asked", "asked"]
    try:
        assert cli("runs", "--data-dir", str(data)).returncode == 0
        assert cli("demo", "--data-dir", str(data)).returncode == 0  # a second writer on the same folder
        waiting = cli("resume", run_id, "--approve", "all", "--data-dir", str(data))
        assert waiting.returncode == 2  # owned by a live process: not this one's to resume
        assert "[run.owned_elsewhere]" in waiting.stderr and waiting.stderr.count("\n") == 1
        assert dict(rows(data, "SELECT id, status FROM runs"))[run_id] == "awaiting_approval"
        assert "run_suspended" not in assert_contiguous(data, run_id)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=30)
    # its owner gone, a reader shows it as it is: waiting for the approval, to be resumed (not interrupted)
    listed = cli("runs", "--json", "--data-dir", str(data))
    assert {r["id"]: r["status"] for r in json.loads(listed.stdout)}[run_id] == "awaiting_approval"
    script = tmp_path / "resume.json"
    script.write_text(json.dumps({"turns": TURNS}), encoding="utf-8")
    resumed = cli("resume", run_id, "--script", str(script), "--approve", "all", "--jsonl", "--data-dir", str(data))
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout.splitlines()[-1])["committedMessage"] == "The sea was restless."
    types = assert_contiguous(data, run_id)
    assert types.index("run_suspended") < types.index("run_resumed") < types.index("run_completed")


# -- SIGKILL at every statement of a commit ----------------------------------------------------------
KILL_DRIVER = """
import os, signal, sys
from relay_studio.store import database

kill_at = int(sys.argv[1])
seen = [0]
original = database._on_connect

def on_connect(dbapi, record):
    original(dbapi, record)
    def trace(sql):
        seen[0] += 1
        if kill_at == 0:
            print(seen[0], sql.replace("\\n", " ")[:60], file=sys.stderr, flush=True)
        elif seen[0] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
    dbapi.set_trace_callback(trace)

database._on_connect = on_connect
from relay_studio.cli import main
sys.exit(main(sys.argv[2:]))
"""


def _drive(kill_at: int, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", KILL_DRIVER, str(kill_at), "demo", "--data-dir", str(data)],
                          capture_output=True, text=True, timeout=120, cwd=REPO)


# The same driver, imported once: each kill point runs in a child forked from it (a real process that
# SIGKILLs itself at that statement), so the points do not each pay the interpreter's and the app's import.
FORK_DRIVER = KILL_DRIVER.replace("sys.exit(main(sys.argv[2:]))", """
import json
root = sys.argv[2]
statuses = {}
for point in map(int, sys.argv[3:]):
    pid = os.fork()
    if pid == 0:
        kill_at, seen[0] = point, 0
        err = os.open(os.path.join(root, f"kill-{point}.err"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(err, 2)
        code = 1
        try:
            code = main(["demo", "--data-dir", os.path.join(root, f"kill-{point}")])
        finally:
            os._exit(code)
    statuses[point] = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
print(json.dumps(statuses))
""")


def _drive_forked(points: list[int], root: Path) -> dict[int, int]:
    done = subprocess.run([sys.executable, "-c", FORK_DRIVER, "-1", str(root), *map(str, points)],
                          capture_output=True, text=True, timeout=600, cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]
    return {int(k): v for k, v in json.loads(done.stdout.splitlines()[-1]).items()}


def _commit_statements(trace: str) -> list[int]:
    """The statement numbers from each chat_commit_requested write to just past its ledger commit."""
    lines = [line.split(" ", 1) for line in trace.splitlines() if line[:1].isdigit()]
    numbered = [(int(n), sql) for n, sql in lines]
    points: list[int] = []
    for i, (_n, sql) in enumerate(numbered):
        if sql.startswith("INSERT INTO commits"):
            begin = max(k for k, (_m, s) in enumerate(numbered[:i]) if s.startswith("BEGIN"))
            start = max(k for k, (_m, s) in enumerate(numbered[:begin]) if s.startswith("BEGIN"))  # the request
            end = next(k for k, (_m, s) in enumerate(numbered[i:], i) if s.startswith("COMMIT"))
            points.extend(m for m, _s in numbered[start:end + 2])
    return points


def test_message_and_ledger_agree_whatever_statement_of_a_commit_the_process_dies_at(tmp_path: Path) -> None:
    clean = _drive(0, tmp_path / "clean")
    assert clean.returncode == 0, clean.stderr
    points = _commit_statements(clean.stderr)
    assert len(points) >= 3 * 6  # three commits, each several statements
    # Every statement of the first commit, and a spread over the others (each kill costs a process).
    first_end = next(i for i, p in enumerate(points) if i and p != points[i - 1] + 1)
    chosen = points[:first_end] + points[first_end::3]
    killed = 0
    statuses = _drive_forked(chosen, tmp_path)
    for point in chosen:
        data = tmp_path / f"kill-{point}"
        assert statuses[point] == -signal.SIGKILL, (point, (tmp_path / f"kill-{point}.err").read_text()[-500:])
        killed += 1
        messages = rows(data, "SELECT id, version, content FROM messages WHERE role = 'assistant'")
        commits = rows(data, "SELECT message_id, version, content FROM commits ORDER BY version")
        if not commits:
            assert messages == [], point
            continue
        (message_id, version, content), = messages
        assert [c[1] for c in commits] == list(range(1, version + 1)), point  # the ledger holds every version
        assert commits[-1][0] == message_id and commits[-1][2] == content, point
        runtime = Runtime(data)  # the next start recovers the dead run; the journal stays contiguous
        try:
            assert len(runtime.recovered) == 1
            events = runtime.runs.events(runtime.recovered[0])
            assert [e.seq for e in events] == list(range(1, len(events) + 1))
        finally:
            runtime.close()
    assert killed == len(chosen) >= 10


#: a process that loads the command, then waits for the start file before it runs it: the commands start
#: within a millisecond or two of each other, not a second apart as their imports would leave them
_STARTER = ("import sys, time, pathlib; from relay_studio.cli.host import main; gun = pathlib.Path(sys.argv[1]); "
            "ready = pathlib.Path(sys.argv[2]); ready.touch()\n"
            "while not gun.exists(): time.sleep(0.001)\n"
            "sys.exit(main(sys.argv[3:]))")


def _at_once(count: int, *args: str) -> list[subprocess.CompletedProcess[str]]:
    """``count`` processes of the same command, started together."""
    import tempfile

    folder = Path(tempfile.mkdtemp())
    gun = folder / "go"
    procs = [subprocess.Popen([sys.executable, "-c", _STARTER, str(gun), str(folder / f"ready{i}"), *args],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
             for i in range(count)]
    wait_for(lambda: all((folder / f"ready{i}").exists() for i in range(count)), "the processes to load")
    gun.touch()
    done = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        done.append(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
    return done


def test_four_connections_add_of_one_name_at_once_add_it_once_and_the_others_say_it_exists(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert cli("projects", "list", "--data-dir", str(data)).returncode == 0  # the folder exists before the race
    done = _at_once(4, "connections", "add", "box", "--kind", "openai_compatible", "--base-url",
                    "http://127.0.0.1:9/v1", "--data-dir", str(data))
    codes = sorted(d.returncode for d in done)
    errors = [d.stderr for d in done if d.returncode]
    assert codes == [0, 2, 2, 2], (codes, errors)
    assert all("already exists" in e and "damaged" not in e and e.count("\n") == 1 for e in errors), errors
    again = cli("connections", "add", "box", "--kind", "openai_compatible", "--base-url", "http://127.0.0.1:9/v1",
                "--data-dir", str(data))
    assert again.returncode == 2 and "already exists" in again.stderr, again.stderr
    assert rows(data, "SELECT id FROM connections") == [("box",)]


def test_four_knowledge_add_of_one_document_at_once_keep_one_copy(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert cli("projects", "list", "--data-dir", str(data)).returncode == 0
    doc = tmp_path / "rules.md"
    doc.write_text("# Rules\n\n" + "\n\n".join(f"Rule {i}: the tide turns at the {i}th bell." for i in range(6000)),
                   encoding="utf-8")
    done = _at_once(4, "knowledge", "add", str(doc), "--data-dir", str(data))
    assert all("Traceback" not in d.stderr for d in done), [d.stderr for d in done]
    assert rows(data, "SELECT COUNT(*) FROM knowledge_documents") == [(1,)], [d.stderr for d in done]
    assert len(list((data / "projects").rglob("rules*.md"))) == 1, "one copy in the library's folder"
    assert sum(d.returncode == 0 for d in done) >= 1
