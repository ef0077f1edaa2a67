"""The context-window estimate behind the window's handoff offer (docs/session-handoff.md, "When a chat
no longer fits"), headless: what is counted, what the profile's history limit leaves out, the reserve for
the answer, the profile setting, and which server errors say the context was exceeded."""

from __future__ import annotations

import pytest

from relay_studio.domain.profile import ProfileError
from relay_studio.domain.records import MessageRecord
from relay_studio.library.mentions import estimate_tokens
from relay_studio.runtime import context_window as cw
from relay_studio.runtime.session_handoff import context_entry, document_of
from tests.support import profile


def _messages(*pairs: tuple[str, str]) -> list[MessageRecord]:
    # a handoff document is the entry a handoff run wrote (only that one is pinned)
    return [MessageRecord(id=f"m{i}", chat_id="c", position=i, role=role, content=text, created_at="t", updated_at="t",
                          run_id="run_handoff" if role == "handoff" else None)
            for i, (role, text) in enumerate(pairs)]


def test_the_estimate_counts_latin_by_four_characters_and_cjk_by_one() -> None:
    assert estimate_tokens("a" * 400) == 100
    assert estimate_tokens("灯台守の最後の夜") == 8
    assert estimate_tokens("Mara: 灯台" + "x" * 6) == 2 + 3  # 2 CJK, 12 other characters -> 3


def test_the_request_is_the_system_prompt_the_history_kept_and_the_new_message() -> None:
    agent = profile("writer", instructions={"systemPrompt": "s" * 40})
    chat = _messages(("user", "u" * 400), ("assistant", "a" * 800), ("user", "v" * 40))
    assert cw.estimate_request(agent, chat, "n" * 80) == 10 + (100 + 200 + 10 + 20) + 4 * cw.PER_MESSAGE_TOKENS
    short = profile("writer", context={"chatHistoryMessages": 1})  # only the last entry is sent
    assert cw.estimate_request(short, chat, "n" * 80) == 10 + 20 + 2 * cw.PER_MESSAGE_TOKENS


def test_the_pinned_handoff_document_always_counts() -> None:
    seeded = _messages(("handoff", context_entry("d" * 4000)), ("user", "u" * 40), ("assistant", "a" * 40))
    none_kept = profile("writer", context={"chatHistoryMessages": 0})
    assert cw.estimate_request(none_kept, seeded, "") >= 1000


def test_a_chat_fits_until_the_request_and_the_answers_share_pass_the_window() -> None:
    agent = profile("writer")
    chat = _messages(("user", "u" * 2000), ("assistant", "a" * 2000))  # 1000 tokens and framing
    assert cw.fit(agent, chat, "next", 4096).fits
    tight = cw.fit(agent, chat, "next", 1100)
    assert tight.reserve == 1100 // 8 and not tight.fits
    assert "1,100" in tight.sentence and "Hand off to a new chat" in tight.sentence
    capped = profile("writer", model={"mode": "connection", "connection": "test", "maxTokens": 50})
    assert cw.fit(capped, chat, "next", 1100).reserve == 50 and cw.fit(capped, chat, "next", 1100).fits


def test_the_profile_setting_is_read_and_checked() -> None:
    agent = profile("writer", model={"mode": "connection", "connection": "test", "contextWindowTokens": 8192})
    assert agent.model.context_window_tokens == 8192
    assert agent.to_json_dict()["model"]["contextWindowTokens"] == 8192
    with pytest.raises(ProfileError, match="contextWindowTokens"):
        profile("writer", model={"mode": "connection", "connection": "test", "contextWindowTokens": 10})


@pytest.mark.parametrize(("code", "message", "exceeded"), [
    ("provider.bad_request", "The server of connection 'box' rejected the request (400): This model's maximum "
                             "context length is 8192 tokens. However, you requested 9001 tokens.", True),
    ("provider.bad_request", "The server of connection 'box' rejected the request (400): the request exceeds "
                             "the available context size, try increasing it.", True),
    ("provider.bad_request", "The server of connection 'box' rejected the request (400): prompt is too long: "
                             "210000 tokens > 200000 maximum.", True),
    ("provider.bad_request", "The server of connection 'box' rejected the request (400): unknown field.", False),
    ("provider.rate_limited", "The server of connection 'box' is rating limiting: context length.", False),
    (None, None, False),
])
def test_which_errors_say_the_context_was_exceeded(code: str | None, message: str | None, exceeded: bool) -> None:
    assert cw.exceeds_context(code, message) is exceeded


def test_the_document_comes_back_out_of_the_context_entry() -> None:
    doc = "## Goal\nA harbour story.\n\n## Next Steps\nNight."
    assert document_of(context_entry(doc)) == doc
    assert document_of("Written by hand.") == "Written by hand."
