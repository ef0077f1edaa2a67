"""A proposal in the creator's words: what it does ("Editor: change output/main.md"), the file a commit
publishes, whether its review found a conflict, and the review's issues as the dialog shows them beside the
diff. The words keep the patch dialog's translation context ("PatchDialog")."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QCoreApplication

from relay_studio.runtime.tools.workspace_commit import DEFAULT_PATH as COMMIT_DEFAULT_PATH
from relay_studio.ui import i18n
from relay_studio.ui.studio import PendingApproval


def proposal_label(p: PendingApproval) -> str:
    """What a proposal does, in a writer's words (the tool's name stays in the tooltip and the title)."""
    r = p.request
    what = r.path or (commit_path(p) if r.tool == "workspace_commit" else "")
    verbs = {"workspace_write_file": QCoreApplication.translate("PatchDialog", "%1: write %2"),
             "workspace_apply_patch": QCoreApplication.translate("PatchDialog", "%1: change %2"),
             "workspace_commit": QCoreApplication.translate("PatchDialog", "%1: commit %2")}
    return i18n.arg(verbs.get(r.tool) or QCoreApplication.translate("PatchDialog", "%1: call %2"), r.agent_name,
                    what or r.tool)


def commit_path(p: PendingApproval) -> str:
    path = p.request.arguments.get("path")
    return path if isinstance(path, str) and path.strip() else COMMIT_DEFAULT_PATH


def is_conflict(p: PendingApproval) -> bool:
    return bool(p.request.review) and (p.request.review or {}).get("overallStatus") == "conflict"


def _severity(severity: str) -> str:
    """A review issue's severity ("conflict", "warning", "info") in the window's words (another one as it is)."""
    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("PatchDialog", "…")
    return {"conflict": translate("PatchDialog", "conflict"), "warning": translate("PatchDialog", "warning"),
            "info": translate("PatchDialog", "info")}.get(severity, severity)


def review_html(review: dict[str, Any], title: str, no_issues: str) -> str:
    rows = []
    for issue in review.get("issues") or []:
        if not isinstance(issue, dict):
            continue
        quote = f"<br><i>“{html.escape(str(issue.get('quote')))}”</i>" if issue.get("quote") else ""
        fix = f"<br>{html.escape(str(issue.get('suggestion')))}" if issue.get("suggestion") else ""
        severity = html.escape(_severity(str(issue.get("severity", ""))))
        head = f"<b>{severity}</b> · {html.escape(str(issue.get('entry', '')))}"
        rows.append(f"<p>{head}{quote}<br>{html.escape(str(issue.get('explanation', '')))}{fix}</p>")
    return f"<h3>{html.escape(title)}</h3>" + ("".join(rows) or f"<p>{html.escape(no_issues)}</p>")
