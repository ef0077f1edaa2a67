"""The story library and the knowledge library in the chat and the timeline, by mouse: mentions of
entries are underlined in messages and hovering one shows the entry (a CJK name too); knowledge
citations are links in the chat and in the timeline's detail pane that open the document at the cited
range; Skill files that are not Skills are named in the window, and files edited outside the app show
when the window gets the focus back (read off the GUI thread)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import QApplication, QLabel, QToolTip, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import RunStatus
from relay_studio.knowledge.library import KnowledgeLibrary
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.engine import Runtime
from relay_studio.ui.library.dock import FOCUS_READ_DELAY_MS
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until
from tests.support import call, profile, write


async def _active(app: App, turns: dict[str, list[dict[str, Any]]] | None = None) -> MainWindow:
    window = app.open(turns)
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    return window


def _click_chat(qtbot: QtBot, window: MainWindow, name: str) -> None:
    tree = window.sidebar.chats
    item = next(i for i in window.sidebar._all_chat_items() if i.text(0) == name)
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    assert window.chat.title.text() == name


def _anchor_at(label: QLabel, word: str) -> str:
    """The href of ``word`` in what the label shows ('' when it is no link), and that it is underlined."""
    doc = QTextDocument()
    doc.setHtml(label.text())
    found = doc.find(word)
    assert not found.isNull(), f"{word!r} is not in the message"
    inside = QTextCursor(doc)
    inside.setPosition(found.selectionStart() + 1)
    fmt = inside.charFormat()
    if fmt.isAnchor():
        assert fmt.fontUnderline()
    return fmt.anchorHref() if fmt.isAnchor() else ""


def _hover(qtbot: QtBot, label: QLabel, href: str) -> QPoint:
    """Moves the mouse over the label, row by row, until it is over the link ``href``; returns where."""
    hovered: list[str] = []
    label.linkHovered.connect(hovered.append)
    try:
        for y in range(3, label.height() - 1, 4):
            for x in range(2, label.width() - 1, 5):
                qtbot.mouseMove(label, QPoint(x, y))
                if hovered and hovered[-1] == href:
                    return QPoint(x, y)
    finally:
        label.linkHovered.disconnect(hovered.append)
    raise AssertionError(f"the mouse never went over {href}; hovered {hovered}")


async def test_mentions_are_underlined_and_hovering_shows_the_entry(app: App, qtbot: QtBot) -> None:
    rt = Runtime(app.data_dir)
    project = rt.projects.default()
    library = LibraryStore.open(rt.db, project.id, rt.project_dir(project))
    library.save(LibraryEntry(type="character", name="Mira", aliases=["Captain Mira"],
                              description="Captain of the Gull.\nReads the stars.\n\nThird line.\nFourth line.\n"
                                          "Fifth line, left out of the card."))
    library.save(LibraryEntry(type="location", name="港町", description="The harbour town, always foggy."))
    library.save(LibraryEntry(type="creature", name="Goblin", description="Small and loud."))
    chat = rt.chats.ensure_chat("Voyage")
    rt.chats.add_message(chat.id, "user", "Mira  meets the Goblins at 港町に着いた.")
    rt.chats.add_message(chat.id, "assistant", "**Captain Mira** nods. A mirage shimmers over the Gull.")
    rt.close()
    window = await _active(app)
    _click_chat(qtbot, window, "Voyage")
    await until(lambda: window.chat.up_to_date and len(window.chat.message_cards()) == 2,
                what="the chat read and shown")  # the window's opening chat is built a turn after its read
    cards = window.chat.message_cards()
    await until(lambda: [c.mention_count for c in cards] == [3, 1], what="the mentions underlined")
    user, answer = cards
    assert _anchor_at(user.body, "Mira") == "entry:library/character/mira.md"
    assert _anchor_at(user.body, "Goblins") == "entry:library/creature/goblin.md"  # an English plural
    assert _anchor_at(user.body, "港町") == "entry:library/location/%E6%B8%AF%E7%94%BA.md"  # CJK, no word boundary
    assert _anchor_at(user.body, "meets") == ""
    doc = QTextDocument()
    doc.setHtml(user.body.text())
    assert doc.toPlainText() == "Mira  meets the Goblins at 港町に着いた."  # the creator's text as typed
    assert _anchor_at(answer.body, "Captain Mira") == "entry:library/character/mira.md"  # the longer name wins
    assert _anchor_at(answer.body, "mirage") == "" and _anchor_at(answer.body, "Gull") == ""
    # Hovering shows the entry: name, type, other names, the description's first lines.
    _hover(qtbot, answer.body, "entry:library/character/mira.md")
    await until(QToolTip.isVisible, what="the entry's tooltip")
    tip = QToolTip.text()
    assert "<b>Mira</b> — Character" in tip and "also called Captain Mira" in tip  # the type as the window names it
    assert "Captain of the Gull.<br>Reads the stars.<br>Third line.<br>Fourth line. …" in tip
    assert "Fifth line" not in tip
    where = _hover(qtbot, user.body, "entry:library/location/%E6%B8%AF%E7%94%BA.md")
    await until(lambda: "港町" in QToolTip.text(), what="the CJK entry's tooltip")
    assert "— Location" in QToolTip.text() and "The harbour town, always foggy." in QToolTip.text()
    qtbot.mouseMove(window.chat.composer.editor, QPoint(5, 5))
    await until(lambda: not QToolTip.isVisible() or "港町" not in QToolTip.text(), what="the tooltip to go")
    # Clicking a mention opens the entry in the Library dock.
    qtbot.mouseClick(user.body, Qt.MouseButton.LeftButton, pos=where)
    assert window.library_dock.isVisible() and window.library.tabs.currentWidget() is window.library.codex
    assert window.library.codex.editor.name.text() == "港町"
    # A new entry (the library changed) is underlined where it is mentioned; others stay as they were.
    window.studio.library.save_entry(project.id, LibraryEntry(type="item", name="Gull", description="Mira's ship."))
    await until(lambda: answer.mention_count == 2, what="the new entry underlined")
    assert _anchor_at(answer.body, "Gull") == "entry:library/item/gull.md"
    assert user.mention_count == 3


async def test_hovering_a_mention_fills_sillytavern_names(app: App, qtbot: QtBot) -> None:
    """{{user}} is the creator's persona; {{char}} a character entry's own name, else the agent who wrote the
    message (for the creator's message, the chat's agent). The entry files keep what the card wrote."""
    rt = Runtime(app.data_dir)
    project = rt.projects.default()
    library = LibraryStore.open(rt.db, project.id, rt.project_dir(project))
    library.save(LibraryEntry(type="character", name="Mara", description="{{char}} keeps the light for {{user}}."))
    library.save(LibraryEntry(type="lore", name="Harbour",
                              description="{{char}} was born by the Harbour; <USER> visits."))
    chat = rt.chats.ensure_chat("Storm")
    rt.chats.add_message(chat.id, "user", "Mara walks to the Harbour.")
    rt.chats.add_message(chat.id, "assistant", "The Harbour sleeps.", agent_id="writer", agent_name="Writer")
    harbour = rt.project_dir(project) / "library" / "lore" / "harbour.md"
    rt.close()
    window = await _active(app)
    window.studio.connections.set_persona_name("Ada")
    _click_chat(qtbot, window, "Storm")
    await until(lambda: window.chat.up_to_date and len(window.chat.message_cards()) == 2,
                what="the chat read and shown")  # the window's opening chat is built a turn after its read
    cards = window.chat.message_cards()
    await until(lambda: [c.mention_count for c in cards] == [2, 1], what="the mentions underlined")
    user, answer = cards
    _hover(qtbot, answer.body, "entry:library/lore/harbour.md")
    await until(lambda: "Harbour</b>" in QToolTip.text(), what="the entry's tooltip")
    assert "Writer was born by the Harbour; Ada visits." in QToolTip.text()
    qtbot.mouseMove(window.chat.composer.editor, QPoint(5, 5))
    await until(lambda: not QToolTip.isVisible() or "Harbour</b>" not in QToolTip.text(), what="the tooltip to go")
    _hover(qtbot, user.body, "entry:library/character/mara.md")
    await until(lambda: "Mara</b>" in QToolTip.text(), what="the character's tooltip")
    assert "Mara keeps the light for Ada." in QToolTip.text() and "{{" not in QToolTip.text()
    _hover(qtbot, user.body, "entry:library/lore/harbour.md")
    await until(lambda: "Harbour</b>" in QToolTip.text(), what="the lore's tooltip in the creator's message")
    assert "Writer was born by the Harbour; Ada visits." in QToolTip.text()
    qtbot.mouseMove(window.chat.composer.editor, QPoint(5, 5))
    assert harbour.read_text(encoding="utf-8").endswith("{{char}} was born by the Harbour; <USER> visits.\n")


def _scholar_turns() -> dict[str, list[dict[str, Any]]]:
    return {"scholar": [
        {"toolCalls": [call("knowledge_search", {"query": "ember dragons", "topK": 2})]},
        {"toolCalls": [write("output/main.md", "A spell costs one ember per circle (Core Rules, Magic)."),
                       call("workspace_commit", {"path": "output/main.md"}),
                       call("workspace_finish", {"summary": "Answered with a citation."})]},
    ]}


def _link_in(label: QLabel) -> QPoint:
    return QPoint(4, label.height() // 2)  # a source label is one link from its first character


async def test_citations_open_the_document_at_the_cited_place_from_the_chat_and_the_timeline(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    rules = tmp_path / "rules.md"
    intro = "\n\n".join(f"Intro paragraph {n} about the world and its weather." for n in range(60))
    rules.write_text(f"# Core Rules\n\n{intro}\n\n## Magic\n\nA spell costs one ember per circle. "
                     "Dragons hoard embers.\n\n## Travel\n\nShips sail at dawn.\n", encoding="utf-8")
    rt = Runtime(app.data_dir)
    project = rt.projects.default()
    report = KnowledgeLibrary(rt.db, project.id, rt.project_dir(project)).import_files([rules])
    [doc] = report.imported
    rt.profile_store.save(profile("scholar", tools={"allow": ["knowledge.search", "workspace.write_file",
                                                              "workspace.commit", "workspace.finish"]},
                                  delegation={"canHandoff": False, "canDelegate": False}))
    rt.close()
    window = await _active(app, _scholar_turns())
    composer = window.chat.composer
    composer.select_agent("scholar")
    qtbot.keyClicks(composer.editor, "What does a spell cost?")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    run_id = await run_to_end(window, 0)
    assert window.studio.run_status(run_id) is RunStatus.COMPLETED
    await until(lambda: window.chat.message_cards()[-1].sources_label is not None, what="the sources under the answer")
    answer = window.chat.message_cards()[-1]
    assert answer.message.role == "assistant"
    source = answer.sources_label
    assert source is not None and source.text().count('<a href=') == 1  # the one passage looked up
    assert source.text().startswith('<a href="cite:') and "“Core Rules”, section “Core Rules › Magic”" in source.text()
    magic = next(c for c in KnowledgeLibrary(window.studio.runtime.db, project.id,
                                             window.studio.projects.folder(project.id)).chunks(doc)
                 if "ember" in c.text)
    # A click on the source opens the document in the Library dock, the cited passage highlighted and in view.
    view = window.library.knowledge
    shown: list[str] = []
    view.document_shown.connect(shown.append)
    qtbot.mouseClick(source, Qt.MouseButton.LeftButton, pos=_link_in(source))
    await until(lambda: shown == [doc.id], what="the document opened")
    assert window.library_dock.isVisible() and window.library.tabs.currentWidget() is view
    viewer = view.viewer
    assert view.pages.currentWidget() is viewer and viewer.isVisible()
    assert viewer.cited == (magic.char_start, magic.char_end)
    assert viewer.highlighted_text() == magic.text
    assert viewer.where.text() == f"section “Core Rules › Magic”, characters {magic.char_start}–{magic.char_end}"
    assert viewer.browser.verticalScrollBar().value() > 0  # the passage is far below the top
    at = QTextCursor(viewer.browser.document())
    at.setPosition(magic.char_start)
    assert viewer.browser.viewport().rect().contains(viewer.browser.cursorRect(at).center())
    qtbot.mouseClick(viewer.back_button, Qt.MouseButton.LeftButton)
    assert view.pages.currentWidget() is view.search_box
    # The timeline's detail pane lists the same citation as a link; a click opens it too.
    qtbot.mouseClick(next(b for b in answer.findChildren(QWidget) if getattr(b, "text", lambda: "")() == "Timeline"),
                     Qt.MouseButton.LeftButton)
    panel = window.timeline
    await until(lambda: panel.run_id == run_id and panel.loaded.is_set(), what="the run on the timeline")
    window.timeline_dock.raise_()
    seq = next(e.seq for e in window.studio.runtime.runs.events(run_id)
               if e.type == ev.TOOL_CALL_COMPLETED and e.payload.get("citations"))
    row = panel.model.row_of(seq)
    index = panel.model.index(row, 1)
    panel.table.scrollTo(index)
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=panel.table.visualRect(index).center())
    detail = panel.detail
    await until(lambda: "Citations" in detail.toPlainText(), what="the tool call's citations")
    found = detail.document().find("“Core Rules”, section “Core Rules › Magic”")
    assert not found.isNull()
    inside = QTextCursor(detail.document())
    inside.setPosition(found.selectionStart() + 2)
    assert inside.charFormat().isAnchor()
    detail.setTextCursor(inside)
    detail.ensureCursorVisible()
    shown.clear()
    qtbot.mouseClick(detail.viewport(), Qt.MouseButton.LeftButton, pos=detail.cursorRect(inside).center())
    await until(lambda: shown == [doc.id], what="the document opened from the timeline")
    assert window.library.tabs.currentWidget() is view and viewer.highlighted_text() == magic.text


async def test_skill_problems_are_named_and_outside_edits_show_when_the_window_gets_the_focus_back(
        app: App, qtbot: QtBot) -> None:
    rt = Runtime(app.data_dir)
    project = rt.projects.default()
    folder = rt.project_dir(project)
    chat = rt.chats.ensure_chat("Deep")
    rt.chats.add_message(chat.id, "user", "The Kraken rises.")
    rt.close()
    skills = folder / "skills"
    skills.mkdir(parents=True)
    (skills / "broken.md").write_text("Just instructions, no frontmatter.\n", encoding="utf-8")
    (skills / "bad-yaml.md").write_text("---\nname: [bad\n---\nBody.\n", encoding="utf-8")
    window = await _active(app)
    _click_chat(qtbot, window, "Deep")
    tabs = window.library.tabs
    view = window.library.skills
    index = tabs.indexOf(view)
    # the project's files and the chat are read off the GUI thread: wait for them, not for a moment
    await until(lambda: tabs.tabText(index) == "Skills ⚠ 2", what="the Skills' problems to be read")
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    bar = tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    await until(view.problems.isVisible, what="the Skills' problems to show")
    assert view.problems.text().splitlines() == [
        "⚠ skills/bad-yaml.md: the frontmatter is not valid YAML (line 3). [skill.bad_yaml]",
        "⚠ skills/broken.md does not start with a '---' frontmatter block. [skill.no_frontmatter]"]
    await until(lambda: len(window.chat.message_cards()) == 1, what="the chat's message")
    [card] = window.chat.message_cards()
    assert card.mention_count == 0
    # No read is under way or due before the files below change, or it would show them without any focus change:
    # the reads opening the chat started have ended, and so has the delayed read the window's own activation
    # (in ``_active``) set off, which fires 150 ms later (under load, after the check on the thread alone).
    library = window.library
    await until(lambda: not library._focus_timer.isActive() and not library._write_timer.isActive()
                and not any(t.name == "project-files" for t in threading.enumerate()),
                what="earlier reads of the project's files, started or due, to end")
    # Outside the app: the broken Skill is fixed, an entry is written.
    (skills / "broken.md").write_text("---\nname: broken\ndescription: When it was broken.\n---\nFixed.\n",
                                      encoding="utf-8")
    (folder / "library" / "creature").mkdir(parents=True)
    (folder / "library" / "creature" / "kraken.md").write_text("---\ntype: creature\nname: Kraken\n---\nA sea beast.\n",
                                                               encoding="utf-8")
    readers: list[str] = []
    window.studio.ops._lanes["project-files"].arrived.connect(
        lambda *_a: readers.append(threading.current_thread().name), Qt.ConnectionType.DirectConnection)
    other = QWidget()
    qtbot.addWidget(other)  # closed and deleted on this thread after the test
    other.setWindowTitle("Another application")
    other.show()
    other.activateWindow()
    await until(lambda: QApplication.activeWindow() is other, what="another window to have the focus")
    assert view.problems.text().count("⚠") == 2  # nothing is read while the window is in the background
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to have the focus back")
    await until(lambda: tabs.tabText(index) == "Skills ⚠ 1", what="the Skills read again")
    # Read on its own thread: the lane's thread calls this direct listener after it queued the arrival to the
    # GUI thread, so the tab may show the read before the listener has run; wait for it.
    await until(lambda: readers, what="the reading thread to hand over the read")
    assert all(name == "project-files" for name in readers)
    assert [view.list.item(i).text() for i in range(view.list.count())] == [  # type: ignore[union-attr]
        "broken", "story-library-upkeep · built-in"]
    assert view.problems.text() == ("⚠ skills/bad-yaml.md: the frontmatter is not valid YAML (line 3). "
                                    "[skill.bad_yaml]")
    await until(lambda: card.mention_count == 1, what="the new entry underlined in the chat")
    assert window.library.codex.item_for("Kraken") is not None


async def test_a_focus_change_as_the_window_closes_reads_nothing_afterwards(app: App, qtbot: QtBot) -> None:
    """The window gets the focus back and closes before its delayed read of the project's files: the
    read must not reach the runtime that closes behind the window (a timer firing there raised 'This
    Connection is closed')."""
    window = await _active(app)
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    await until(lambda: QApplication.activeWindow() is other, what="another window to have the focus")
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to have the focus back")
    library = window.library
    assert library._focus_timer.isActive()  # the delayed read is due
    reads: list[str] = []
    window.studio.ops._lanes["project-files"].arrived.connect(lambda arrival: reads.append(arrival.key))
    window.force_close()
    assert not library._focus_timer.isActive()  # closing drops it
    other.activateWindow()  # a focus change after the close starts no read either
    await until(lambda: QApplication.activeWindow() is other, what="the other window to have the focus")
    assert not library._focus_timer.isActive()
    await window.studio.shutdown()
    assert app.runtime is not None
    app.runtime.close()
    library.refresh()  # what the timer would have done: nothing, now that the studio is shut down
    await asyncio.sleep(3 * FOCUS_READ_DELAY_MS / 1000)
    assert reads == []


async def test_an_entry_file_an_older_version_wrote_damaged_is_named_in_the_codex_and_the_rest_shows(
        app: App, qtbot: QtBot) -> None:
    rt = Runtime(app.data_dir)
    folder = rt.project_dir(rt.projects.default())
    rt.chats.ensure_chat("Deep")
    rt.close()
    lore = folder / "library" / "lore"
    lore.mkdir(parents=True)
    (lore / "kraken.md").write_text("---\ntype: lore\nname: Kraken\n---\nA sea beast.\n", encoding="utf-8")
    (lore / "deep.md").write_text("---\nname: Deep\ncard:\n  x: " + "[" * 300 + "]" * 300 + "\n---\n",
                                  encoding="utf-8")  # written before issue 29's limits: never indexed
    window = await _active(app)
    _click_chat(qtbot, window, "Deep")
    codex = window.library.codex
    await until(lambda: codex.item_for("Kraken") is not None, what="the codex to list the entry that reads")
    assert codex.problems.text() == ("⚠ library/lore/deep.md: the frontmatter is nested more than 64 levels deep. "
                                     "[library.too_deeply_nested]")


async def test_a_citation_on_page_two_counts_its_characters_within_that_page(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    from relay_studio.ui.library.citations import CitationTarget
    from tests.knowledge.files import write_pdf

    pdf = write_pdf(tmp_path / "core.pdf", [["Combat", "Grappling needs one free hand."],
                                            ["Magic", "Fireball deals fire damage.", "Counterspell interrupts it."]],
                    outline=[("Combat", 1), ("Magic", 2)], title="Core Rules")
    rt = Runtime(app.data_dir)
    project = rt.projects.default()
    library = KnowledgeLibrary(rt.db, project.id, rt.project_dir(project))
    [doc] = library.import_files([pdf]).imported
    [hit] = library.search("fireball", 1)
    rt.close()
    assert hit.page == 2 and hit.char_start > 0
    window = await _active(app)
    view = window.library.knowledge
    shown: list[str] = []
    view.document_shown.connect(shown.append)
    window.studio.open_citation(CitationTarget(doc.id, hit.char_start, hit.char_end))
    await until(lambda: shown == [doc.id], what="the document opened at the citation")
    # the viewer says where as the citation does: within page 2, where the passage is the page's first text
    assert view.viewer.where.text() == f"page 2, section “Magic”, characters 0–{len(hit.text)}"
    assert view.viewer.highlighted_text() == hit.text


async def test_the_windows_first_activation_reads_nothing_more_and_a_return_of_the_focus_reads_again(
        app: App, qtbot: QtBot) -> None:
    """The files were read as the project was shown: the window's first activation does not read them a second
    time (on a book that read competed with the window's first paint); the focus coming back does."""
    window = await _active(app)
    library = window.library
    assert not library._focus_timer.isActive()  # no second read of the files at the first activation
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    await until(lambda: QApplication.activeWindow() is other, what="another window to have the focus")
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to have the focus back")
    assert library._focus_timer.isActive()  # back from elsewhere: the files are read again
