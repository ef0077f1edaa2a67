"""Switches that follow the tools they enable: ticking "can hand off" or "can delegate" allows its tools
(unless Tools says Never), unticking takes them out again; a callable agent gets the usual role. The
editor's ``on_check`` applies what ``follow_check`` returns. The strings keep the editor's translation context."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from relay_studio.domain import tool_names as tn
from relay_studio.ui import i18n
from relay_studio.ui.profiles import wording
from relay_studio.ui.profiles.form_model import ProfileForm
from relay_studio.ui.profiles.sections.tools import in_tool_order, tool_lists

# a switch and the tools it enables
LINKED_TOOLS = {"delegation.canHandoff": (tn.AGENT_HANDOFF,),
                "delegation.canDelegate": (tn.AGENT_DELEGATE, tn.AGENT_AWAIT)}


def follow_check(form: ProfileForm, path: str, on: bool) -> tuple[dict[str, Any], str]:
    """The fields that change when the switch at ``path`` is set to ``on``, and a note saying why a click
    could not do what it asked ("" when it could)."""
    updates: dict[str, Any] = {path: on}
    note = ""
    linked = LINKED_TOOLS.get(path)
    if linked:
        lists = tool_lists(form)
        if on and linked[0] in lists["deny"]:
            note = i18n.arg(QCoreApplication.translate(
                "ProfileEditor", "“%1” is set to Never in Tools; untick Never there first."),
                wording.tool_label(linked[0]))
            updates[path] = False
        for name in linked:
            if on and name not in lists["deny"] and name not in lists["allow"]:
                lists["allow"].append(name)
            elif not on and name in lists["allow"]:
                lists["allow"].remove(name)
                if name in lists["requireApproval"]:
                    lists["requireApproval"].remove(name)
        in_tool_order(lists["allow"])
        updates["tools.allow"] = lists["allow"]
        updates["tools.requireApproval"] = lists["requireApproval"]
    if path == "delegation.callable" and on and not (form.get("delegation.allowAsHandoffTarget")
                                                    or form.get("delegation.allowAsSubagent")):
        updates["delegation.allowAsHandoffTarget"] = True  # a callable agent needs a role; the usual one
    return updates, note
