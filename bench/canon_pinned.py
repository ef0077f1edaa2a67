"""Pinned canon across a long relay, on the generated manuscript (bench/manuscript_fixture.py): ~100,000 words,
70 story-library entries, 200 facts of which 50 pinned, in one project.

The relay (scripted provider, real SQLite file): five runs in one chat, each a writer -> editor -> final editor
chain (2 handoffs each, 10 in all; the writer commits one chapter of the manuscript, the creator's message is the
next chapter, so entries are mentioned as a book mentions them), then three ``/handoff``s, each followed by a run in
the new chat, then a fork of the first run from its second stage. Then it reads every model request the journal
records in the project and checks that each holds all 50 pinned facts byte for byte, and prints the recall of the
unpinned facts whose entry the stage's input mentions (a plain word match of the entry's name, independent of the
runtime's mention rule): included by mention, as the journal's reasons say / expected, within the profile's library
budget. Measures and prints; never passes or fails.

Then the recall by search: one run per unpinned fact (but the places', whose only name is the entry's) in a chat
of its own, whose creator's message is about the fact's subject without naming its entry (``probe``: "Describe the
Harrow woman's eyes." for Mara Harrow's eye colour, "What is the Lantern made of?" for the Vey Lantern's material);
a fact counts as found when the stage's ``canon_facts_included`` lists it found by search. It prints how many other
facts the search brought in per probe beside it.

    python bench/canon_pinned.py
    python bench/canon_pinned.py --words 100000 --budget 4000 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from manuscript_fixture import make_manuscript
from relay_studio.domain import event_types as ev
from relay_studio.domain.canon import FactSource, FactSourceKind
from relay_studio.domain.profile import AgentProfile, parse_profile
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.fork import ForkRequest
from relay_studio.store.canon import CanonStore

DOCUMENT = ("## Goal\nThe novel.\n\n## Canon & Constraints\nPast tense.\n\n## Progress\nDone: chapters so far.\n\n"
            "## Key Decisions\nNone yet.\n\n## Critical Context\nThe cast of the book.\n\n## Next Steps\nGo on.")


def _profile(pid: str, tools: list[str], budget: int, **over: Any) -> AgentProfile:
    data: dict[str, Any] = {
        "id": pid, "displayName": pid.replace("-", " ").title(), "description": f"The {pid}.",
        "model": {"mode": "connection", "connection": "bench", "model": "scripted"},
        "tools": {"allow": tools}, "context": {"libraryBudgetTokens": budget},
        "delegation": {"canHandoff": True, "callable": True, "allowAsHandoffTarget": True,
                       "descriptionForAgents": f"I am the {pid}."}, **over}
    return parse_profile(data)


def profiles(budget: int) -> dict[str, AgentProfile]:
    return {p.id: p for p in (
        _profile("writer", ["workspace.write_file", "workspace.commit", "agent.handoff"], budget),
        _profile("editor", ["workspace.read_file", "agent.handoff"], budget),
        _profile("final-editor", ["workspace.read_file", "workspace.finish"], budget))}


def _call(name: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": name, "arguments": arguments or {}}


def relay_turns(chapter: str) -> dict[str, list[dict[str, Any]]]:
    return {
        "writer": [{"toolCalls": [_call("workspace_write_file", {"path": "output/main.md", "content": chapter}),
                                  _call("workspace_commit"),
                                  _call("agent_handoff", {"agentId": "editor", "handoff": {"objective": "Edit."}})]}],
        "editor": [{"toolCalls": [_call("agent_handoff", {"agentId": "final-editor",
                                                          "handoff": {"objective": "Finish."}})]}],
        "final-editor": [{"toolCalls": [_call("workspace_finish")]}],
    }


def _provider(turns: dict[str, list[dict[str, Any]]]) -> Any:
    provider = ScriptedProvider(load_script({"turns": turns}))
    return lambda _p: provider


def seed_project(runtime: Runtime, words: int) -> tuple[str, Any]:
    book = make_manuscript(seed=7, words=words)
    project = runtime.projects.create("Manuscript")
    library = LibraryStore.open(runtime.db, project.id, runtime.project_dir(project))
    for type_, name, description in book.entries:
        library.save(LibraryEntry(type=type_, name=name, description=description))
    canon = CanonStore(runtime.db)
    for fact in book.facts:
        canon.add(project.id, fact.text, list(fact.about), attribute=fact.attribute, value=fact.value,
                  as_of=fact.as_of, pinned=fact.pinned,
                  source=FactSource(kind=FactSourceKind.MESSAGE, quote=fact.quote))
    return project.id, book


async def relay(runtime: Runtime, project_id: str, chapters: list[str], budget: int) -> dict[str, Any]:
    catalog = profiles(budget)
    run_ids: list[str] = []
    seconds: list[float] = []

    async def one_run(chat: str, n: int) -> str:
        start = time.perf_counter()
        handle = await runtime.start_run(agent_id="writer", prompt=chapters[n + 1], chat=chat, profiles=catalog,
                                         provider_for=_provider(relay_turns(chapters[n])), project_id=project_id)
        await handle.wait()
        seconds.append(time.perf_counter() - start)
        run_ids.append(handle.run_id)
        return handle.run_id

    chat = "Book"
    for n in range(5):
        await one_run(chat, n)
    handoffs = 0
    for n in range(5, 8):
        record = runtime.chats.chat_by_name(chat, project_id)
        assert record is not None
        draft = await runtime.start_handoff(chat=record.id, provider_for=_provider({"writer": [{"text": DOCUMENT}]}),
                                            profiles=catalog, project_id=project_id).wait()
        run_ids.append(draft.run_id)
        chat = runtime.accept_handoff(draft).name
        handoffs += 1
        await one_run(chat, n)
    fork = await runtime.fork_run(ForkRequest(run_ids[0], 2), provider_for=_provider(
        {k: v for k, v in relay_turns(chapters[0]).items() if k != "writer"}))
    await fork.wait()
    run_ids.append(fork.run_id)
    return {"runs": run_ids, "session_handoffs": handoffs, "run_s": statistics.median(seconds)}


def project_requests(runtime: Runtime, project_id: str) -> list[dict[str, Any]]:
    runs = [r[0] for r in runtime.db.raw.execute(
        "SELECT runs.id FROM runs JOIN chats ON chats.id = runs.chat_id WHERE chats.project_id = ?", (project_id,))]
    return [turn["request"] for run_id in runs for turn in runtime.runs.model_turns(run_id)]


def _found(runtime: Runtime, run_id: str, by: str) -> dict[str, set[str]]:
    """Each invocation's unpinned facts (handles) that came in ``by`` mention or search, as journaled."""
    return {e.invocation_id or "": {str(r["handle"]) for r in e.payload.get("relevant", []) if r.get("by") == by}
            for e in runtime.runs.events(run_id) if e.type == ev.CANON_FACTS_INCLUDED}


def recall(runtime: Runtime, run_ids: list[str], facts: list[Any]) -> tuple[int, int, int]:
    """(expected, included by mention, left out by the budget) over every stage's context: an unpinned fact is
    expected when the stage's input names one of the entries it is about (the ledger's handles follow ``facts``)."""
    unpinned = [(f"f{i + 1}", f) for i, f in enumerate(facts) if not f.pinned]
    expected = included = 0
    for run_id in run_ids:
        mentioned = _found(runtime, run_id, "mention")
        for event in runtime.runs.events(run_id):
            if event.type != ev.CONTEXT_ASSEMBLED:
                continue
            said = "\n".join(str(m.get("content", "")) for m in event.payload.get("messages", []))
            for handle, fact in unpinned:
                if any(re.search(rf"\b{re.escape(a)}\b", said) for a in fact.about):
                    expected += 1
                    included += handle in mentioned.get(event.invocation_id or "", set())
    left_out = sum(len(e.payload.get("leftOut", [])) for run_id in run_ids for e in runtime.runs.events(run_id)
                   if e.type == ev.CANON_FACTS_INCLUDED)
    return expected, included, left_out


_PROBES = {
    "eyes": "In the next scene the {surname} one looks up from the table. Describe the {surname} eyes.",
    "hair": "{surname} comes in from the rain; describe the hair.",
    "born": "Say in which year {surname} was born.",
    "home": "Tonight {surname} walks home; say where the house is.",
    "status": "Write the mourning for {surname} after the fire.",
    "material": "What is the {noun} made of?",
    "owner": "Who does the {noun} belong to?",
}


def probe(fact: Any) -> str | None:
    """A creator's message about ``fact``'s subject that does not name its entry (a surname, an object's noun), or
    None for a fact whose subject has no other name (a place)."""
    template = _PROBES.get(fact.attribute or "")
    if template is None:
        return None
    name = fact.about[0]
    return template.format(surname=name.split()[-1], noun=name.split()[-1])


async def search_recall(runtime: Runtime, project_id: str, facts: list[Any], budget: int) -> dict[str, Any]:
    """One run per probed fact, each in a new chat: (probes, found by search, other facts found per probe)."""
    catalog = {"probe": _profile("probe", ["workspace.write_file", "workspace.commit", "workspace.finish"], budget)}
    turns = {"probe": [{"toolCalls": [_call("workspace_write_file", {"path": "output/main.md", "content": "Noted."}),
                                      _call("workspace_commit"), _call("workspace_finish")]}]}
    probes = found = others = 0
    for i, fact in enumerate(facts):
        message = probe(fact)
        if fact.pinned or message is None:
            continue
        handle = await runtime.start_run(agent_id="probe", prompt=message, chat=f"Probe {i}", profiles=catalog,
                                         provider_for=_provider(turns), project_id=project_id)
        await handle.wait()
        searched = set().union(*_found(runtime, handle.run_id, "search").values())
        probes += 1
        found += f"f{i + 1}" in searched
        others += len(searched - {f"f{i + 1}"})
    return {"probes": probes, "found_by_search": found, "others_per_probe": others / probes if probes else 0.0}


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        runtime = Runtime(Path(tmp))
        try:
            start = time.perf_counter()
            project_id, book = seed_project(runtime, args.words)
            seeded = time.perf_counter() - start
            outcome = await relay(runtime, project_id, book.chapters, args.budget)
            requests = project_requests(runtime, project_id)
            pinned = [f.text for f in book.facts if f.pinned]
            complete = sum(all(text in r["system"] for text in pinned) for r in requests)
            expected, included, left_out = recall(runtime, outcome["runs"], book.facts)
            searched = await search_recall(runtime, project_id, book.facts, args.budget)
            handoffs = sum(1 for run_id in outcome["runs"] for e in runtime.runs.events(run_id)
                           if e.type == ev.AGENT_HANDOFF_ACCEPTED)
        finally:
            runtime.close()
    return {"words": book.words, "facts": len(book.facts), "pinned": len(pinned), "handoffs": handoffs,
            "session_handoffs": outcome["session_handoffs"], "forks": 1, "requests": len(requests),
            "requests_with_every_pinned_fact": complete, "unpinned_expected": expected, "unpinned_included": included,
            "unpinned_recall": included / expected if expected else None, "left_out_by_budget": left_out,
            "search_probes": searched["probes"], "found_by_search": searched["found_by_search"],
            "search_recall": searched["found_by_search"] / searched["probes"] if searched["probes"] else None,
            "other_facts_found_by_search_per_probe": searched["others_per_probe"],
            "library_budget_tokens": args.budget, "seed_s": seeded, "median_run_s": outcome["run_s"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--words", type=int, default=100_000)
    parser.add_argument("--budget", type=int, default=2000, help="each stage's library budget (tokens)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['words']} words, {result['facts']} facts ({result['pinned']} pinned); {result['handoffs']} "
          f"handoffs, {result['session_handoffs']} /handoffs, {result['forks']} fork")
    print(f"model requests in the project: {result['requests']}; with all {result['pinned']} pinned facts byte for "
          f"byte: {result['requests_with_every_pinned_fact']}")
    recall_text = f"{result['unpinned_recall']:.3f}" if result["unpinned_recall"] is not None else "n/a"
    print(f"recall by mention: unpinned facts whose entry was mentioned: {result['unpinned_included']} of "
          f"{result['unpinned_expected']} included (recall {recall_text}; {result['left_out_by_budget']} left out by "
          f"the {result['library_budget_tokens']}-token budget)")
    search_text = f"{result['search_recall']:.3f}" if result["search_recall"] is not None else "n/a"
    print(f"recall by search: unpinned facts a message was about without naming their entry: "
          f"{result['found_by_search']} of {result['search_probes']} found by search (recall {search_text}; "
          f"{result['other_facts_found_by_search_per_probe']:.2f} other facts found per message)")
    print(f"seeding {result['seed_s']:.2f} s; median relay run {result['median_run_s'] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
