"""Scene chats in the window (docs/window/scenes.md), by clicks and keys: File → New scene… makes a scene of two
agents made from SillyTavern character cards (a bad cast is refused in the dialog with its code); the cast strip
shows their portraits and models; a click on a portrait picks who speaks, ``/as Name`` too; a character leaves by
the portrait's menu, and then ``/as`` them is refused; who heard a message is corrected in "Who heard what…"; the
timeline's lane is the speaker's name and the turn's context lists what was left out and why."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox, QMenu
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.domain.records import CHAT_MODE_SCENE
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.sillytavern import card_png
from relay_studio.ui import i18n
from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.chat.new_scene_dialog import NewSceneDialog
from relay_studio.ui.chat.scene_presence import FIXED, PresenceDialog
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until

TURNS = {"mira": [{"text": "Mira: the harbour smells of tar."}, {"text": "Mira: I hide the letter in my coat."}],
         "oren": [{"text": "Oren: the boats are late."}, {"text": "Oren: what are you hiding?"}]}


def make_card_agents(window: MainWindow, folder: Path) -> None:
    """Two agents made from real card files, as the Library's import makes them."""
    studio = window.studio
    for name in ("Mira", "Oren"):
        path = folder / f"{name}.png"
        path.write_bytes(card_png(LibraryEntry(type="character", name=name, description=f"{name} of the harbour."),
                                  []))
        [(_path, entries)] = studio.library.read_files([path])
        assert isinstance(entries, list)
        studio.agents.add_card_agent(next(e for e in entries if e.type == "character"), "", "")


def tick(dialog: NewSceneDialog, qtbot: QtBot, profile_id: str) -> None:
    item = dialog.item_of(profile_id)
    assert item is not None
    dialog.cast.setCurrentItem(item)
    qtbot.keyClick(dialog.cast, Qt.Key.Key_Space)


async def send(window: MainWindow, qtbot: QtBot, text: str) -> None:
    window.chat.composer.editor.setFocus()
    qtbot.keyClicks(window.chat.composer.editor, text)
    qtbot.keyClick(window.chat.composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


async def test_a_scene_from_cards_by_click_and_by_as_with_presence_and_what_was_left_out(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    window = app.open(TURNS)
    studio, rt = window.studio, window.studio.runtime
    make_card_agents(window, tmp_path)

    window.new_scene_action.trigger()
    dialog = window.new_scene_dialog
    assert dialog is not None
    labels = [dialog.cast.item(i).text() for i in range(2)]  # type: ignore[union-attr]
    assert labels == ["Mira · from a card", "Oren · from a card"]  # the card agents first
    create = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(create, Qt.MouseButton.LeftButton)  # nobody in the cast yet
    assert dialog.isVisible() and "[scene.bad_cast]" in dialog.message.text()
    tick(dialog, qtbot, "mira")
    tick(dialog, qtbot, "oren")
    assert dialog.chosen_cast() == ["mira", "oren"]
    qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    await until(lambda: not dialog.isVisible(), what="the dialog to close")
    chat = rt.chats.chat(window.chat_id)
    assert chat is not None and chat.name == "Scene 1" and chat.mode == CHAT_MODE_SCENE
    item = next(i for i in window.sidebar._all_chat_items() if i.text(0) == "Scene 1")
    assert item.toolTip(0).startswith("Scene: characters speak in turn")
    bar = window.chat.scene_bar
    await until(bar.isVisible, what="the cast strip")
    assert [p.text() for p in bar.portraits] == ["Mira\nhere", "Oren\nhere"]
    assert all("default connection" in p.toolTip() for p in bar.portraits)  # the model each one speaks with
    assert bar.models.text() == "All speak with: default connection"
    assert not bar.portraits[0].icon().isNull()
    composer = window.chat.composer
    assert "/as Name" in composer.editor.placeholderText() and not composer.agent_box.isEnabled()
    await until(lambda: "/as Name" in window.chat.empty_hint.text(), what="the empty scene's hint")

    # a click on Oren's portrait: Oren speaks, with the creator's direction
    oren = bar.portrait_of("Oren")
    assert oren is not None
    qtbot.mouseClick(oren, Qt.MouseButton.LeftButton)
    assert bar.picked == "oren" and "Oren (your pick)" in bar.title.text()
    await send(window, qtbot, "Rain on the harbour.")
    first = await run_to_end(window, 0)
    assert rt.runs.run(first).root_profile_id == "oren"  # type: ignore[union-attr]
    assert bar.picked is None and window.chat.composer.text() == ""

    # /as Mira
    await send(window, qtbot, "/as mira The lamps come on.")
    second = await run_to_end(window, 1)
    assert rt.runs.run(second).root_profile_id == "mira"  # type: ignore[union-attr]

    # Oren leaves by his portrait's menu; /as Oren is then refused with its code, nothing run
    menu = bar.presence_menu(bar.portrait_of("oren"))  # type: ignore[arg-type]
    assert isinstance(menu, QMenu)
    leave = next(a for a in menu.actions() if a.text() == "Oren leaves the scene")
    leave.trigger()
    await until(lambda: bar.portrait_of("oren") is not None and bar.portrait_of("oren").text() == "Oren\naway",
                what="Oren away")
    await send(window, qtbot, "/as Oren Hello?")
    await until(lambda: "[scene.speaker_absent]" in bar.message.text(), what="the refusal")
    assert len(studio.stats) == 2 and window.chat.composer.text() == "/as Oren Hello?"
    window.chat.composer.clear()
    await send(window, qtbot, "/as Nobody Hello?")
    await until(lambda: "[scene.not_in_cast]" in bar.message.text(), what="an unknown name refused")
    window.chat.composer.clear()

    # Mira speaks while Oren is away (the Next turn button: she is the only one here)
    await send(window, qtbot, "Mira alone on the pier.")
    third = await run_to_end(window, 2)
    assert rt.runs.run(third).root_profile_id == "mira"  # type: ignore[union-attr]

    # Who heard what: Oren did overhear the direction after all (a click on his box)
    qtbot.mouseClick(bar.heard_button, Qt.MouseButton.LeftButton)
    heard = bar.heard_dialog
    assert isinstance(heard, PresenceDialog)
    said = len(rt.chats.messages(window.chat_id))
    await until(lambda: heard.isVisible() and heard.table.rowCount() == said == 6, what="the presence table, read")
    direction = next(m for m in rt.chats.messages(window.chat_id) if m.content == "Mira alone on the pier.")
    box = heard.box(direction.id, "oren")
    assert box.checkState() == Qt.CheckState.Unchecked
    heard.table.scrollToItem(box)
    rect = heard.table.visualItemRect(box)
    qtbot.mouseClick(heard.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(rect.left() + 12, rect.center().y()))
    await until(lambda: "oren" in studio.scenes.heard(window.chat_id)[-2][1].audience, what="the correction")
    assert box.checkState() == Qt.CheckState.Checked and heard.table.columnCount() == FIXED + 2
    heard.close()

    # Oren enters (the menu again) and speaks: the timeline's lane is his, and his context says what he missed
    enter = next(a for a in bar.presence_menu(bar.portrait_of("oren")).actions()  # type: ignore[arg-type]
                 if a.text() == "Oren enters the scene")
    enter.trigger()
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)  # the round: after Mira, Oren
    fourth = await run_to_end(window, 3)
    assert rt.runs.run(fourth).root_profile_id == "oren"  # type: ignore[union-attr]
    timeline = window.timeline
    await until(lambda: timeline.run_id == fourth and timeline.loaded.is_set(), what="the turn's timeline")
    lanes = timeline.lanes
    assert [lanes.lane_label(lane) for lane in timeline.timeline.ordered_lanes()] == ["Oren"]  # type: ignore[union-attr]
    seq = next(e.seq for e in rt.runs.events(fourth) if e.type == "scene_context_assembled")
    timeline.select_seq(seq)
    await until(lambda: "not present when it was said in scene 1: 1 message" in timeline.detail.toPlainText(),
                what="the left-out context in the detail pane")
    assert "Left out of what this character saw" in timeline.detail.toPlainText()


NARRATED = {"writer": [{"toolCalls": [{"name": "scene_choose_speaker", "arguments": {"name": "Oren"}}]},
                       {"text": "Dawn breaks over the pier."}],
            "oren": [{"text": "Oren: I see the ship."}],
            "mira": [{"text": "Mira: Dusk already?"}]}


async def test_the_narrators_pick_a_scene_break_and_an_edit_that_branches_the_scene(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    window = app.open(NARRATED)
    studio, rt = window.studio, window.studio.runtime
    make_card_agents(window, tmp_path)
    oren = rt.profiles()["oren"]  # Oren speaks with a model of his own (the scripted provider answers all)
    rt.profile_store.save(oren.model_copy(update={"model": oren.model.model_copy(update={
        "mode": "connection", "connection": "local", "model": "gemma3-270m"})}))
    record = studio.scenes.new("Pier", ["mira", "oren"], "writer", window.project_id)
    window.refresh_chats()
    window.open_chat(record.chat_id)
    bar = window.chat.scene_bar
    await until(bar.isVisible, what="the cast strip")
    assert [p.text() for p in bar.portraits] == ["Mira\nhere", "Oren\nhere", "Writer\nnarrator"]
    assert bar.models.text() == ("Speaking with: Mira: default connection · Oren: local / gemma3-270m · "
                                 f"Writer: {studio.scenes.state(record.chat_id).members[2].model}")  # type: ignore[union-attr]
    assert "local / gemma3-270m" in bar.portraits[1].toolTip()

    # the narrator speaks (by /as and its name) and picks Oren; Next turn is then his
    await send(window, qtbot, "/as Writer Dawn.")
    narrated = await run_to_end(window, 0)
    assert rt.runs.run(narrated).root_profile_id == "writer"  # type: ignore[union-attr]
    await until(lambda: "Oren (the narrator's pick)" in bar.title.text(), what="the narrator's pick shown")
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    picked = await run_to_end(window, 1)
    context = next(e.payload for e in rt.runs.events(picked) if e.type == "scene_context_assembled")
    assert (context["speaker"], context["pickedBy"]) == ("oren", "narrator")

    # Oren leaves; a scene break opens scene 2 with Mira alone
    next(a for a in bar.presence_menu(bar.portrait_of("Oren")).actions()  # type: ignore[arg-type]
         if a.text() == "Oren leaves the scene").trigger()
    qtbot.mouseClick(bar.break_button, Qt.MouseButton.LeftButton)
    await until(lambda: bar.title.text().startswith("Scene 2"), what="scene 2")

    # editing the first direction branches the scene: same cast and narrator, presence as it was then, a turn there
    dawn = next(c for c in window.chat.message_cards() if c.message.content == "Dawn.")
    qtbot.mouseClick(dawn.edit_button, Qt.MouseButton.LeftButton)
    composer = window.chat.composer
    assert composer.editing == dawn.message.id
    composer.set_text("Dusk.", editing=dawn.message.id)
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    branched = await run_to_end(window, 2)
    assert window.chat_id != record.chat_id and rt.runs.run(branched).root_profile_id == "mira"  # type: ignore[union-attr]
    branch = studio.scenes.state(window.chat_id)
    assert branch is not None and bar.state is not None
    assert (branch.record.cast, branch.record.narrator_id, branch.record.scene, branch.record.present) == (
        ["mira", "oren"], "writer", 1, ["mira", "oren"])
    original = studio.scenes.state(record.chat_id)
    assert original is not None and (original.record.scene, original.record.present) == (2, ["mira"])
    assert [m.content for m in rt.chats.messages(window.chat_id)] == ["Dusk.", "Mira: Dusk already?"]


@pytest.mark.parametrize(("language", "words"), [("de", "Alle sprechen mit: Standardverbindung"),
                                                 ("ja", "既定の接続"), ("zh_CN", "默认连接")])
async def test_the_cast_strip_names_the_default_connection_in_the_windows_language(
        app: App, tmp_path: Path, language: str, words: str) -> None:
    # seen in the German window: "Alle sprechen mit: default connection" (the runtime's English label)
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    window = app.open(TURNS)
    make_card_agents(window, tmp_path)
    record = window.studio.scenes.new("Harbour", ["mira", "oren"], None, window.project_id)
    window.refresh_chats()
    window.open_chat(record.chat_id)
    bar = window.chat.scene_bar
    await until(lambda: bar.isVisible() and bool(bar.portraits), what="the cast strip")
    assert words in bar.models.text() and "default connection" not in bar.models.text()
    assert all(words.split(": ")[-1] in p.toolTip() for p in bar.portraits)


async def test_a_new_scene_is_named_in_the_windows_language(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    # seen in the Japanese window: a new chat was "チャット 1" but a new scene "Scene 1"
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, "de")
    settings.sync()
    window = app.open(TURNS)
    make_card_agents(window, tmp_path)
    window.new_scene_action.trigger()
    dialog = window.new_scene_dialog
    assert dialog is not None and dialog.name.text() == "Szene 1"
    tick(dialog, qtbot, "mira")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    await until(lambda: not dialog.isVisible(), what="the scene made")
    window.new_scene_action.trigger()
    again = window.new_scene_dialog
    assert again is not None and again.name.text() == "Szene 2"  # the first free number, counted in that word


async def test_a_removed_agents_answers_keep_the_name_they_were_stored_with(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    # seen on the book project: its answers headed "scribe", the id, when no agent of that id was there (the stored
    # name "Scribe" ignored); so too the answers of a card agent the creator removed
    window = app.open(TURNS)
    make_card_agents(window, tmp_path)
    record = window.studio.scenes.new("Harbour", ["mira", "oren"], None, window.project_id)
    window.refresh_chats()
    window.open_chat(record.chat_id)
    await until(lambda: window.chat.scene_bar.isVisible(), what="the cast strip")
    await send(window, qtbot, "/as mira The lamps come on.")
    await run_to_end(window, 0)

    def authors() -> list[str]:
        return [c.author.text() for c in window.chat.cards if isinstance(c, MessageCard) and c.message.role ==
                "assistant"]

    await until(lambda: authors() == ["Mira"], what="Mira's answer")
    assert window.studio.agents.remove("mira")
    window.new_chat()
    window.open_chat(record.chat_id)
    await until(lambda: window.chat_id == record.chat_id and authors() == ["Mira"], what="the answer's author kept")
    card = next(c for c in window.chat.cards if isinstance(c, MessageCard) and c.message.role == "assistant")
    assert "finished by" not in card.marker_label.text()  # not "finished by mira": she ended her own turn


async def test_who_heard_what_fits_a_1000_px_screen_in_german(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    # seen under Xvfb at 1000x700 in German: the dialog's intro on one line made it 1,045 px wide, Close cut off
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, "de")
    settings.sync()
    window = app.open(TURNS)
    window.resize(1000, 700)
    make_card_agents(window, tmp_path)
    record = window.studio.scenes.new("Hafen", ["mira", "oren"], None, window.project_id)
    window.refresh_chats()
    window.open_chat(record.chat_id)
    bar = window.chat.scene_bar
    await until(lambda: bar.isVisible() and bool(bar.portraits), what="the cast strip")
    qtbot.mouseClick(bar.heard_button, Qt.MouseButton.LeftButton)
    heard = bar.heard_dialog
    assert isinstance(heard, PresenceDialog)
    await until(lambda: heard.isVisible() and heard.width() <= 1000, what="the dialog within 1,000 px")
    assert heard.minimumSizeHint().width() <= 1000
    assert heard.intro.text().startswith("Wer anwesend war") and heard.intro.wordWrap()
