"""What the chat offers around runs, driven through the window: Regenerate keeps the earlier answer as
a version, Edit reruns the edited text in a branch of the chat, guidance reaches the running agent, Delete
removes a message while its commits stay in the run's history."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.chat.notice_card import NoticeCard
from relay_studio.ui.chat.transcript import RunNotice, transcript
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until


def _answer(text: str, delay_ms: int = 0) -> dict[str, Any]:
    return {"delayMs": delay_ms, "toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": text}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}


async def _ask(window: MainWindow, text: str, runs_before: int) -> str:
    window.chat.composer.select_agent("finalizer")
    window.chat.composer.set_text(text)
    window.chat.composer.submit()
    return await run_to_end(window, runs_before)


def _cards(window: MainWindow) -> list[tuple[str, str]]:
    return [(c.message.role, c.shown_text) for c in window.chat.message_cards()]


async def test_regenerate_keeps_the_earlier_answer_as_a_version(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer("First answer."), _answer("Second answer.")]})
    window.new_chat()
    await _ask(window, "Write a line.", 0)
    answer = window.chat.message_cards()[1]
    qtbot.mouseClick(answer.regen_button, Qt.MouseButton.LeftButton)
    regenerated = await run_to_end(window, 1)

    assert _cards(window) == [("user", "Write a line."), ("assistant", "Second answer.")]
    card = window.chat.message_cards()[1]
    assert card.message.id == answer.message.id and card.message.run_id == regenerated
    assert card.version_label.text() == "version 2 of 2"
    qtbot.mouseClick(card.prev_button, Qt.MouseButton.LeftButton)
    assert card.shown_text == "First answer."
    assert app.provider is not None
    assert [m.content for m in app.provider.requests[1].messages if m.role == "user"] == ["Write a line."]


async def test_edit_reruns_in_a_branch_and_keeps_the_original(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer("About cats."), _answer("About dogs.")]})
    window.new_chat()
    original_chat = window.chat_id
    await _ask(window, "Write about cats.", 0)
    user = window.chat.message_cards()[0]
    qtbot.mouseClick(user.edit_button, Qt.MouseButton.LeftButton)
    composer = window.chat.composer
    assert composer.text() == "Write about cats." and composer.edit_bar.isVisibleTo(window)
    assert composer.agent_id() == "finalizer"
    composer.set_text("Write about dogs.", editing=user.message.id)
    composer.submit()
    await run_to_end(window, 1)
    # The edited question runs in a new chat under the original; the original is untouched.
    assert window.chat_id != original_chat
    branch = window.studio.runtime.chats.chat(window.chat_id)
    assert branch is not None and branch.parent_chat_id == original_chat
    assert _cards(window) == [("user", "Write about dogs."), ("assistant", "About dogs.")]
    assert not composer.edit_bar.isVisibleTo(window) and composer.editing is None
    originals = window.studio.runtime.chats.messages(original_chat)
    assert [(m.role, m.content) for m in originals] == [("user", "Write about cats."), ("assistant", "About cats.")]


async def test_guidance_goes_to_the_running_agent(app: App, qtbot: QtBot) -> None:
    slow = {"delayMs": 400, "toolCalls": [{"name": "workspace_list_files", "arguments": {}}]}
    window = app.open({"finalizer": [slow, _answer("It rhymes.")]})
    window.new_chat()
    composer = window.chat.composer
    composer.select_agent("finalizer")
    composer.set_text("Write a verse.")
    composer.submit()
    await until(lambda: window.studio.handles, what="the run to start")
    # the agent is at its first model call (its stage reads the project off the loop before it)
    await until(lambda: app.provider is not None and app.provider.requests, what="the first model call")
    composer.set_text("Make it rhyme.")
    composer.submit()
    assert composer.busy_bar.isVisibleTo(window)
    qtbot.mouseClick(composer.guide_button, Qt.MouseButton.LeftButton)
    assert composer.text() == "" and not composer.busy_bar.isVisibleTo(window)
    await run_to_end(window, 0)
    assert _cards(window) == [("user", "Write a verse."), ("user", "Make it rhyme."), ("assistant", "It rhymes.")]
    assert app.provider is not None
    last = app.provider.requests[1].messages[-1]
    assert last.role == "user" and last.content.endswith("Make it rhyme.")


async def test_delete_asks_and_keeps_the_commits(app: App) -> None:
    window = app.open({"finalizer": [_answer("Kept in the ledger.")]})
    window.new_chat()
    run_id = await _ask(window, "Write.", 0)
    answer = window.chat.message_cards()[1]
    answer.delete_button.click()
    box = window.findChild(QMessageBox, "DeleteQuestion")
    assert box is not None and box.isVisible()
    box.done(QMessageBox.StandardButton.Yes)
    await until(lambda: window.chat.up_to_date, what="the chat's read after the deletion")
    assert _cards(window) == [("user", "Write.")]
    assert app.runtime is not None
    assert [c.content for c in app.runtime.runs.commits(run_id)] == ["Kept in the ledger."]


async def test_a_failed_regeneration_says_so_under_the_answer(app: App) -> None:
    window = app.open({"finalizer": [_answer("The only answer.")]})  # the second call finds no turn
    window.new_chat()
    await _ask(window, "Write.", 0)
    window.runs.regenerate(window.chat.message_cards()[1].message.id)
    await run_to_end(window, 1)
    await until(lambda: any(isinstance(c, NoticeCard) for c in window.chat.cards), what="the notice (read off-thread)")
    kinds = [type(c).__name__ for c in window.chat.cards]
    assert kinds == ["MessageCard", "MessageCard", "NoticeCard"]
    assert window.chat.message_cards()[1].shown_text == "The only answer."


def test_transcript_places_a_regeneration_notice_after_its_answer() -> None:
    from relay_studio.domain.enums import RunStatus
    from relay_studio.domain.records import MessageRecord, RunRecord

    def msg(i: str, role: str, run: str) -> MessageRecord:
        return MessageRecord(id=i, chat_id="c", role=role, content=i, position=int(i[1:]), run_id=run,
                             created_at="t", updated_at="t")

    def run(i: str, status: RunStatus) -> RunRecord:
        return RunRecord(id=i, chat_id="c", root_profile_id="w", status=status, user_text="", created_at="t",
                         updated_at="t")

    messages = [msg("m1", "user", "r1"), msg("m2", "assistant", "r1"), msg("m3", "user", "r3")]
    runs = {"r1": run("r1", RunStatus.COMPLETED), "r2": run("r2", RunStatus.FAILED), "r3": run("r3", RunStatus.FAILED)}
    items = transcript(messages, runs, {"r2": "m2"})
    shown = [i.id if isinstance(i, MessageRecord) else f"notice:{i.run_id}" for i in items]
    assert shown == ["m1", "m2", "notice:r2", "m3", "notice:r3"]
    assert isinstance(items[2], RunNotice) and items[2].text.startswith("The run failed")


def test_message_card_offers_delete_for_both_roles(qtbot: QtBot) -> None:
    from relay_studio.domain.records import MessageRecord

    for role in ("user", "assistant"):
        card = MessageCard(MessageRecord(id="m", chat_id="c", role=role, content="x", position=0,
                                         created_at="t", updated_at="t"))
        qtbot.addWidget(card)
        with qtbot.waitSignal(card.delete):
            card.delete_button.click()
