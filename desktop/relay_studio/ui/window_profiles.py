"""The window's agents: the profile editor in the chat's place (an agent chosen in the list, a new agent, an
imported profile), and the agents' list, the composer's agents and its connection hint kept up to date.

The window keeps the commands (``MainWindow.open_profile``, ``new_agent``, ``import_profile``,
``refresh_profiles``) and the editor (``window.profile_editor``, made on first use); these functions do the
work, seeing the window as ``window_host.ProfilesHost``. The hints keep the window's translation context.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from relay_studio.ui.window_host import ProfilesHost


def refresh_profiles(w: ProfilesHost) -> None:
    """The agents' list and the composer's agents, and the composer's hint about connections."""
    profiles = w.studio.agents.profiles()
    w.sidebar.set_profiles(profiles, w.studio.agents.builtin_ids())
    w.chat.composer.set_profiles(profiles)
    hint = w.studio.providers.connection_hint()
    w.chat.composer.set_hint(hint_words().get(hint or "", hint))


def hint_words() -> dict[str, str]:
    """The runtime's connection hints (English) in the window's language."""
    from relay_studio.runtime import provider_source as ps

    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("MainWindow", "…")
    return {ps.NO_CONNECTIONS_IN_BUILD: translate("MainWindow", "Model connections are not available in this build; "
                                                                "the demo relay runs offline."),
            ps.CONNECTIONS_UNREADABLE: translate("MainWindow", "The model connections could not be read; the demo "
                                                               "relay still runs offline."),
            ps.NO_CONNECTION_YET: translate("MainWindow", "No model connection yet. Add one in Settings → Connections "
                                                          "(Ctrl+,), for example a model server on this computer; "
                                                          "meanwhile, the demo relay runs offline.")}


def open_profile(w: ProfilesHost, profile_id: str) -> None:
    """The profile editor in the chat's place, on ``profile_id`` ("" for none yet)."""
    from relay_studio.ui.profiles.editor import ProfileEditor

    if w.profile_editor is None:
        w.profile_editor = ProfileEditor(w.studio, connections=w.studio.connections.choices,
                                         models=w.studio.connections.server_models())
        w.profile_editor.saved.connect(w.sidebar.select_profile)
        w.profile_editor.closed.connect(lambda: w.open_chat(w.chat_id))
        w.stack.addWidget(w.profile_editor)
    w.profile_editor.load(profile_id)
    w.stack.setCurrentWidget(w.profile_editor)


def new_agent(w: ProfilesHost) -> None:
    """Asks for a starting point and a name, then opens the editor on the new agent."""
    from relay_studio.ui.profiles.new_agent import NewAgentDialog

    dialog = NewAgentDialog([p.display_name for p in w.studio.agents.profiles().values()], w.window())
    dialog.chosen.connect(lambda template_key, name: _start_new_agent(w, template_key, name))
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()


def _start_new_agent(w: ProfilesHost, template_key: str, name: str) -> None:
    open_profile(w, "")
    assert w.profile_editor is not None
    made = w.profile_editor.start_new(template_key, name)
    w.sidebar.select_profile(made[0])


def import_profile(w: ProfilesHost) -> None:
    """File → Import profile…: the editor, asking for the file."""
    open_profile(w, "")
    assert w.profile_editor is not None
    w.profile_editor.choose_import()
