"""The window's translations (docs/translations.md): the .ts files are in step with the code and fully
translated with their placeholders, the .qm files are what lrelease makes of them, and the way strings
are marked (``self.tr``, plurals, ``translate``) is one PySide6 really resolves at run time."""

from __future__ import annotations

import ast
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.packaging.support import load
from tests.support import package_sources

ROOT = Path(__file__).resolve().parents[2]
translations = load("translations")  # packaging/translations.py, the one place that runs lupdate and lrelease

UI = ROOT / "desktop" / "relay_studio" / "ui"
PLACEHOLDER = re.compile(r"%[1-9]")


def _messages(language: str) -> list[tuple[str, str, bool, list[str], str | None]]:
    """(context, source, numerus, translations, type) of every message of a language's .ts."""
    out = []
    for context in ET.parse(translations.ts_file(language)).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None
            numerus = message.get("numerus") == "yes"
            texts = [f.text or "" for f in translation.iter("numerusform")] if numerus else [translation.text or ""]
            out.append((name, message.findtext("source") or "", numerus, texts, translation.get("type")))
    return out


def test_ts_files_follow_the_code_and_qm_files_follow_the_ts() -> None:
    """lupdate over ui/ (into copies) changes no .ts, lrelease makes exactly the committed .qm files."""
    assert translations.stale() == []


@pytest.mark.parametrize("language", ["de", "ja", "zh_CN"])
def test_every_string_is_translated_with_its_placeholders(language: str) -> None:
    messages = _messages(language)
    assert len(messages) > 300  # the whole window, not a sample
    problems = []
    for context, source, numerus, texts, kind in messages:
        where = f"{context}: {source[:60]!r}"
        if kind in ("unfinished", "vanished", "obsolete") or not all(t.strip() for t in texts):
            problems.append(f"{where} is not translated")
            continue
        for i, text in enumerate(texts):
            if sorted(set(PLACEHOLDER.findall(text))) != sorted(set(PLACEHOLDER.findall(source))):
                problems.append(f"{where} loses or adds a placeholder: {text!r}")
            # the singular of a language with several forms may say "one" in words; every other form counts
            # (%Ln: the count in the language's digit grouping, "20,001")
            if numerus and "%n" not in text and "%Ln" not in text and not (i == 0 and len(texts) > 1):
                problems.append(f"{where} drops %n: {text!r}")
        if source.count("<") != sum(t.count("<") for t in texts) / len(texts):
            problems.append(f"{where} changes its markup: {texts[0]!r}")
        if "&" in source.replace("&amp;", "") and not all("&" in t for t in texts):
            problems.append(f"{where} loses its keyboard accelerator")
    assert problems == []


def test_english_has_its_plural_forms() -> None:
    """English is the source language; its catalogue holds the plural forms only ("1 model", "2 models")."""
    messages = _messages("en")
    assert messages and all(numerus for _c, _s, numerus, _t, _k in messages)
    sources = {s for _c, s, numerus, _t, _k in _messages("de") if numerus}
    assert {s for _c, s, _n, _t, _k in messages} == sources
    assert all(kind is None and len(texts) == 2 and "(s)" not in texts[1] for _c, _s, _n, texts, kind in messages)


def _classes_and_subclassed() -> tuple[list[tuple[Path, ast.ClassDef]], set[str]]:
    classes: list[tuple[Path, ast.ClassDef]] = []
    based_on: set[str] = set()
    for path, _text, tree in package_sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                classes.append((path, node))
                based_on.update(ast.unparse(b).split(".")[-1] for b in node.bases)
    return classes, based_on


def test_strings_are_marked_the_way_lupdate_and_pyside_agree_on() -> None:
    """``self.tr`` only in methods, with a literal; a count only where PySide6 looks up the class lupdate
    wrote (a class nothing subclasses); never a count through ``translate`` (lupdate makes no plural of it)."""
    classes, subclassed = _classes_and_subclassed()
    problems = []
    for path, _text, tree in package_sources():
        if not path.is_relative_to(UI):
            continue
        methods = {id(f): c for c in ast.walk(tree) if isinstance(c, ast.ClassDef)
                   for f in ast.walk(c) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)}
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for call in ast.walk(func):
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
                    continue
                where = f"{path.relative_to(ROOT)}:{call.lineno}"
                name = call.func.attr
                if name == "tr" and isinstance(call.func.value, ast.Name) and call.func.value.id == "self":
                    owner = methods.get(id(func))
                    if owner is None:
                        problems.append(f"{where}: self.tr outside a class")
                    if not call.args or not isinstance(call.args[0], ast.Constant):
                        problems.append(f"{where}: self.tr needs a literal text (lupdate reads it)")
                    if len(call.args) >= 3 and owner is not None and owner.name in subclassed:
                        problems.append(f"{where}: a count in {owner.name}, which is subclassed")
                if name == "translate" and len(call.args) >= 4:
                    problems.append(f"{where}: a count through translate() (use self.tr in a class)")
    assert problems == []
    assert len(classes) > 50


def _compile(tmp_path: Path, ts: str) -> Path:
    source = tmp_path / "probe_de.ts"
    source.write_text(ts, encoding="utf-8")
    subprocess.run([translations.tool("pyside6-lrelease"), "-silent", str(source), "-qm", str(tmp_path / "probe.qm")],
                   check=True, capture_output=True)
    return tmp_path / "probe.qm"


PROBE_TS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS><TS version="2.1" language="de" sourcelanguage="en">
<context><name>ProbeBase</name>
<message><source>Open</source><translation>Öffnen</translation></message>
<message><source>Inside a lambda</source><translation>In einem Lambda</translation></message>
</context>
<context><name>ProbeLeaf</name>
<message numerus="yes"><source>%n file(s)</source><translation>
<numerusform>%n Datei</numerusform><numerusform>%n Dateien</numerusform></translation></message>
</context>
<context><name>ProbeFree</name>
<message><source>Free text</source><translation>Freier Text</translation></message>
</context>
</TS>
"""


def test_pyside_resolves_the_contexts_lupdate_writes(tmp_path: Path, qapp: object) -> None:
    """The convention at run time: a base class' ``self.tr`` is found under the base's name from a subclass'
    instance (and inside a lambda), a count under the (final) class itself, ``translate`` under its context."""
    from PySide6.QtCore import QCoreApplication, QObject, QTranslator

    class ProbeBase(QObject):
        def open_text(self) -> str:
            return self.tr("Open")

        def in_lambda(self) -> str:
            return (lambda: self.tr("Inside a lambda"))()

    class ProbeChild(ProbeBase):
        pass

    class ProbeLeaf(QObject):
        def files(self, n: int) -> str:
            return self.tr("%n file(s)", "", n)

    translator = QTranslator()
    assert translator.load(str(_compile(tmp_path, PROBE_TS)))
    QCoreApplication.installTranslator(translator)
    try:
        assert ProbeChild().open_text() == "Öffnen" and ProbeBase().open_text() == "Öffnen"
        assert ProbeChild().in_lambda() == "In einem Lambda"
        assert (ProbeLeaf().files(1), ProbeLeaf().files(3)) == ("1 Datei", "3 Dateien")
        assert QCoreApplication.translate("ProbeFree", "Free text") == "Freier Text"
    finally:
        QCoreApplication.removeTranslator(translator)


def test_the_glossary_names_one_word_per_language_for_each_term() -> None:
    glossary = (translations.TRANSLATIONS / "GLOSSARY.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1:-1] for line in glossary.splitlines() if line.startswith("| ") and "---" not in line]
    terms = {cells[0].strip().lower(): [c.strip() for c in cells[1:4]] for cells in rows[1:]}
    for term in ("handoff", "brief", "commit", "helper", "run", "stage", "agent profile", "patch proposal",
                 "workspace", "timeline", "connection", "story library", "codex entry", "knowledge", "skill",
                 "director", "exploration"):
        assert term in terms and all(terms[term]), term
