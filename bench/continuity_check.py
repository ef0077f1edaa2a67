"""The continuity check without a model on the generated manuscript (bench/manuscript_fixture.py): ~100,000
words, 205 facts, 20 planted contradictions. Prints the median time of ``check`` and, as the peer measured in
the same run, a plain regex scan of the same text (one alternation of every entry's name, every match found):
the floor of any check that looks for the canon's entries in the text. Also prints what the check found
against what was planted. Never passes or fails.

    python bench/continuity_check.py                  # 100,000 words, 5 reps
    python bench/continuity_check.py --words 300000 --reps 3 --json
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from collections.abc import Callable

from manuscript_fixture import break_manuscript, canon_facts, chapters_of, make_manuscript
from relay_studio.canon.continuity import check


def _median(run: Callable[[], object], reps: int) -> float:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    book = make_manuscript(words=args.words)
    broken, planted = break_manuscript(book)
    facts, chapters = canon_facts(broken), chapters_of(broken)
    names = re.compile("|".join(re.escape(name) for _, name, _ in sorted(broken.entries, key=lambda e: -len(e[1]))))

    def scan() -> int:
        return sum(1 for chapter in chapters for _ in names.finditer(chapter.text))

    findings = check(facts, chapters)
    found = {f.text.quote for f in findings}
    result = {
        "words": broken.words, "facts": len(facts), "planted": len(planted),
        "found_planted": sum(p.quote in found for p in planted), "findings": len(findings),
        "unbroken_findings": len(check(canon_facts(book), chapters_of(book))),
        "check_s": _median(lambda: check(facts, chapters), args.reps),
        "regex_scan_s": _median(scan, args.reps),
    }
    result["ratio_check_to_scan"] = result["check_s"] / result["regex_scan_s"]
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['words']} words, {result['facts']} facts: found {result['found_planted']} of "
          f"{result['planted']} planted contradictions ({result['findings']} findings; the unbroken copy "
          f"{result['unbroken_findings']})")
    print(f"check (median of {args.reps}): {result['check_s'] * 1000:.0f} ms; plain regex scan of the names: "
          f"{result['regex_scan_s'] * 1000:.0f} ms; ratio {result['ratio_check_to_scan']:.1f}x")


if __name__ == "__main__":
    main()
