"""The Agents SDK's documented handoff examples (seed 003, the SDK's "Handoffs" page) run on Relay Studio
with only their imports changed, against the scripted provider.

Each example below is the SDK's text as the seed gives it. ``ported`` points its ``agents`` imports at
``relay_studio.api`` (``agents.extensions.handoff_filters`` and ``agents.extensions.handoff_prompt``
included) and checks that no other line changed; each test then runs the agents the example built.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from relay_studio.api import Agent, RunResult, Studio
from relay_studio.domain.enums import RunStatus
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.delegation.handoff import NO_OBJECTIVE
from relay_studio.runtime.delegation.rendering import render_handoff_brief
from tests.support import call, write

BASIC_USAGE = '''
from agents import Agent, handoff

billing_agent = Agent(name="Billing agent")
refund_agent = Agent(name="Refund agent")

# (1)!
triage_agent = Agent(name="Triage agent", handoffs=[billing_agent, handoff(refund_agent)])
'''

CUSTOMIZED = '''
from agents import Agent, handoff, RunContextWrapper

def on_handoff(ctx: RunContextWrapper[None]):
    print("Handoff called")

agent = Agent(name="My agent")

handoff_obj = handoff(
    agent=agent,
    on_handoff=on_handoff,
    tool_name_override="custom_handoff_tool",
    tool_description_override="Custom description",
)
'''

HANDOFF_INPUTS = '''
from pydantic import BaseModel

from agents import Agent, handoff, RunContextWrapper

class EscalationData(BaseModel):
    reason: str

async def on_handoff(ctx: RunContextWrapper[None], input_data: EscalationData):
    print(f"Escalation agent called with reason: {input_data.reason}")

agent = Agent(name="Escalation agent")

handoff_obj = handoff(
    agent=agent,
    on_handoff=on_handoff,
    input_type=EscalationData,
)
'''

INPUT_FILTERS = '''
from agents import Agent, handoff
from agents.extensions import handoff_filters

agent = Agent(name="FAQ agent")

handoff_obj = handoff(
    agent=agent,
    input_filter=handoff_filters.remove_all_tools, # (1)!
)
'''

RECOMMENDED_PROMPTS = '''
from agents import Agent
from agents.extensions.handoff_prompt import RECOMMENDED_PROMPT_PREFIX

billing_agent = Agent(
    name="Billing agent",
    instructions=f"""{RECOMMENDED_PROMPT_PREFIX}
    <Fill in the rest of your prompt here>.""",
)
'''

_SDK_IMPORT = re.compile(r"^from agents(?:\.extensions(?:\.handoff_prompt)?)? import ", re.M)


def ported(example: str) -> dict[str, Any]:
    """Runs ``example`` with its imports from the SDK changed to ``relay_studio.api``; returns its names."""
    source = _SDK_IMPORT.sub("from relay_studio.api import ", example)
    changed = [(a, b) for a, b in zip(example.splitlines(), source.splitlines(), strict=True) if a != b]
    assert changed and all(a.startswith("from agents") and b.startswith("from relay_studio.api import ")
                           for a, b in changed)
    names: dict[str, Any] = {}
    exec(compile(source, "<sdk example>", "exec"), names)
    return names


FINISH = [{"toolCalls": [write("output/main.md", "Done."), call("workspace_commit"), call("workspace_finish")]}]


async def _run(data: Path, agent: Agent, turns: dict[str, list[dict[str, Any]]],
               message: str = "I was charged twice.") -> tuple[RunResult, ScriptedProvider]:
    provider = ScriptedProvider(load_script({"turns": turns}))
    async with Studio(data, provider=provider) as studio:
        result = await studio.run(agent, message)
    return result, provider


def _accepted(result: RunResult) -> list[dict[str, Any]]:
    return [e.payload for e in result.events if e.type == "agent_handoff_accepted"]


def _errors(result: RunResult) -> list[str]:
    return [e.payload["errorCode"] for e in result.events if e.type == "tool_call_completed" and e.payload["isError"]]


async def test_basic_usage(tmp_path: Path) -> None:
    ns = ported(BASIC_USAGE)
    # The SDK's handoff tools take no arguments: a model calls transfer_to_refund_agent with none.
    turns = {"triage-agent": [{"toolCalls": [call("transfer_to_refund_agent", {})]}], "refund-agent": FINISH}
    result, provider = await _run(tmp_path / "data", ns["triage_agent"], turns)
    assert result.status is RunStatus.COMPLETED, _errors(result)
    assert result.stages == ["triage-agent", "refund-agent"] and result.final_message == "Done."
    tools = {t.name for t in provider.requests[0].tools}
    assert {"transfer_to_billing_agent", "transfer_to_refund_agent"} <= tools
    [accepted] = _accepted(result)
    assert accepted["brief"] == {"objective": NO_OBJECTIVE}
    assert provider.requests[1].messages[-1].content == render_handoff_brief(accepted["brief"])


async def test_customizing_handoffs_via_the_handoff_function(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    ns = ported(CUSTOMIZED)
    front = Agent(name="Front desk", handoffs=[ns["handoff_obj"]])
    turns = {"front-desk": [{"toolCalls": [call("custom_handoff_tool", {})]}], "my-agent": FINISH}
    result, provider = await _run(tmp_path / "data", front, turns)
    assert result.status is RunStatus.COMPLETED, _errors(result)
    assert capsys.readouterr().out == "Handoff called\n"
    tool = next(t for t in provider.requests[0].tools if t.name == "custom_handoff_tool")
    assert tool.description == "Custom description"
    assert result.stages == ["front-desk", "my-agent"]
    assert _accepted(result)[0]["brief"] == {"objective": NO_OBJECTIVE}


async def test_handoff_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ns = ported(HANDOFF_INPUTS)
    support = Agent(name="Support", handoffs=[ns["handoff_obj"]])
    turns = {"support": [{"toolCalls": [call("transfer_to_escalation_agent", {})]},
                         {"toolCalls": [call("transfer_to_escalation_agent", {"reason": "Charged twice."})]}],
             "escalation-agent": FINISH}
    result, provider = await _run(tmp_path / "data", support, turns)
    assert result.status is RunStatus.COMPLETED
    assert _errors(result) == ["agent.handoff_input_invalid"]  # the typed input is validated, brief or not
    assert capsys.readouterr().out == "Escalation agent called with reason: Charged twice.\n"
    tool = next(t for t in provider.requests[0].tools if t.name == "transfer_to_escalation_agent")
    assert tool.parameters["required"] == ["reason"]


async def test_input_filters(tmp_path: Path) -> None:
    ns = ported(INPUT_FILTERS)
    triage = Agent(name="Triage", handoffs=[ns["handoff_obj"]])
    turns = {"triage": [{"text": "Let me look that up.", "toolCalls": [call("workspace_list_files", {})]},
                        {"toolCalls": [call("transfer_to_faq_agent", {"objective": "Answer the refund question."})]}],
             "faq-agent": FINISH}
    result, provider = await _run(tmp_path / "data", triage, turns, message="What is your refund policy?")
    assert result.status is RunStatus.COMPLETED, _errors(result)
    faq = next(r for r in provider.requests if r.agent_id == "faq-agent").messages
    # The conversation so far reaches the FAQ agent, without a tool call or result.
    assert [(m.role, m.content) for m in faq] == [
        ("user", "What is your refund policy?"), ("assistant", "Let me look that up."),
        ("user", render_handoff_brief({"objective": "Answer the refund question."}))]
    assert not any(m.tool_calls for m in faq)
    assert _accepted(result)[0]["inputFilter"] == "remove_all_tools"


async def test_recommended_prompts(tmp_path: Path) -> None:
    ns = ported(RECOMMENDED_PROMPTS)
    result, provider = await _run(tmp_path / "data", ns["billing_agent"], {"billing-agent": FINISH})
    assert result.status is RunStatus.COMPLETED
    system = provider.requests[0].system
    assert ns["RECOMMENDED_PROMPT_PREFIX"].strip() in system and "<Fill in the rest of your prompt here>." in system
    assert "transfer_to_<agent_name>" in system
