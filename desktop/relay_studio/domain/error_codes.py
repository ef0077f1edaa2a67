"""Every stable dotted error code, spelled once: a code names the problem, a sentence beside it explains it.

One cohesive thing past ~450 lines, kept whole on purpose: a flat list of constants, grouped by prefix, that
readers search rather than read; split, a code's neighbours (and its duplicates) would no longer be in sight.

A constant's name is its code upper-cased with the dot made ``_`` (``run.unknown_agent`` ->
``RUN_UNKNOWN_AGENT``). Modules that kept their own short names (``runtime/errors.py``,
``knowledge/errors.py``, ``store/data_folder.py``, ...) alias these. ``docs/contracts.md`` lists each
with its meaning; ``tests/unit/test_contracts.py`` keeps the two in step.
"""

from __future__ import annotations

# --- agent.*: a model's mistake in passing work on or closing its part (recoverable tool errors) ---
#: A helper called workspace_commit or workspace_finish: only the foreground agent publishes.
AGENT_CHILD_CANNOT_COMMIT = "agent.child_cannot_commit"
#: A helper tried to hand off, delegate or await: helpers report back with task_return instead.
AGENT_CHILD_CANNOT_DELEGATE = "agent.child_cannot_delegate"
#: Past maxToolCalls the closing calls allowed (3) are used up too.
AGENT_CLOSING_CALLS_EXHAUSTED = "agent.closing_calls_exhausted"
#: The delegation policy forbids this delegation (source may not delegate, or target not allowed).
AGENT_DELEGATE_POLICY_DENIED = "agent.delegate_policy_denied"
#: workspace_finish while no stage of the run has committed anything.
AGENT_FOREGROUND_COMMIT_REQUIRED = "agent.foreground_commit_required"
#: The handoff would exceed the run's handoff depth.
AGENT_HANDOFF_DEPTH_EXHAUSTED = "agent.handoff_depth_exhausted"
#: A Python API ``on_handoff`` hook raised; the handoff did not happen.
AGENT_HANDOFF_HOOK_FAILED = "agent.handoff_hook_failed"
#: The handoff input does not match the target's ``inputSchema`` / ``input_type`` (the field is named).
AGENT_HANDOFF_INPUT_INVALID = "agent.handoff_input_invalid"
#: A handoff while delegated tasks are unfinished under ``denyIfPending``.
AGENT_HANDOFF_PENDING_TASKS = "agent.handoff_pending_tasks"
#: The source may not hand off, or the target refuses this caller.
AGENT_HANDOFF_POLICY_DENIED = "agent.handoff_policy_denied"
#: Past maxRounds (after the closing rounds) a call other than a closing one, or the stage's failure.
AGENT_ROUND_LIMIT_REACHED = "agent.round_limit_reached"
#: The target agent is not callable now (disabled, or not a handoff/delegation target).
AGENT_TARGET_NOT_CALLABLE = "agent.target_not_callable"
#: No agent profile with the id the model named.
AGENT_TARGET_PROFILE_NOT_FOUND = "agent.target_profile_not_found"
#: The target agent has no usable model (``requiresConfiguration`` or no connection serves it).
AGENT_TARGET_REQUIRES_CONFIGURATION = "agent.target_requires_configuration"
#: The agent already started maxTasksPerRun helper tasks.
AGENT_TASK_LIMIT_REACHED = "agent.task_limit_reached"
#: agent_await named a task handle the agent does not have.
AGENT_TASK_NOT_FOUND = "agent.task_not_found"
#: A helper ran past taskTimeoutSeconds and was stopped.
AGENT_TASK_TIMEOUT = "agent.task_timeout"
#: A call in the same turn after an accepted handoff was not run.
AGENT_TOOL_AFTER_HANDOFF = "agent.tool_after_handoff"
#: A call in the same turn after workspace_finish was not run.
AGENT_TOOL_AFTER_FINISH = "agent.tool_after_finish"
#: A call in the same turn after a helper's task_return was not run.
AGENT_TOOL_AFTER_RETURN = "agent.tool_after_return"
#: Past maxToolCalls a call other than a closing one was refused.
AGENT_TOOL_CALL_LIMIT_REACHED = "agent.tool_call_limit_reached"

# --- canon.*: a project's canon ledger (``docs/canon.md``) ---
#: A fact about no story-library entry: name at least one with ``--about``.
CANON_NO_ABOUT = "canon.no_about"
#: An attribute without a value, or a value without an attribute.
CANON_ATTRIBUTE_WITHOUT_VALUE = "canon.attribute_without_value"
#: ``as of`` is not a chapter number of 1 or more.
CANON_BAD_AS_OF = "canon.bad_as_of"
#: A fact, entry name, attribute or value that is empty, too long, or holds control characters.
CANON_BAD_TEXT = "canon.bad_text"
#: A fact's text is empty.
CANON_EMPTY_TEXT = "canon.empty_text"
#: No fact of the project has that handle.
CANON_FACT_NOT_FOUND = "canon.fact_not_found"
#: Accept or reject asked of a fact that is not a proposal.
CANON_NOT_A_PROPOSAL = "canon.not_a_proposal"
#: The change does not apply to a fact in its status (pinning a retired fact, retiring it twice).
CANON_WRONG_STATUS = "canon.wrong_status"
#: The pinned facts do not fit the agent's context window: the run is refused before it starts (facts named).
CANON_PINNED_TOO_LARGE = "canon.pinned_too_large"
#: A proposed fact's quote is not in the chat's messages nor in the run's committed text.
CANON_QUOTE_NOT_FOUND = "canon.quote_not_found"
#: The conversation belongs to no project, so it has no canon.
CANON_UNAVAILABLE = "canon.unavailable"
#: The source chat named for a fact is not a chat of the project.
CANON_UNKNOWN_CHAT = "canon.unknown_chat"

# --- card.*: a SillyTavern character card being imported into the story library ---
#: A base64 field of the card does not decode.
CARD_BAD_BASE64 = "card.bad_base64"
#: A CHARX (zip) card is broken or misses its card.json.
CARD_BAD_CHARX = "card.bad_charx"
#: A PNG chunk's checksum does not match: the file is damaged.
CARD_BAD_CRC = "card.bad_crc"
#: A card field has the wrong type or shape (the field is named).
CARD_BAD_FIELD = "card.bad_field"
#: The card's JSON does not parse.
CARD_BAD_JSON = "card.bad_json"
#: A PNG chunk is larger than the importer accepts.
CARD_CHUNK_TOO_LARGE = "card.chunk_too_large"
#: The PNG carries no character card.
CARD_NO_CARD = "card.no_card"
#: An agent was asked for from a file that holds no character (World Info, a lore entry).
CARD_NO_CHARACTER = "card.no_character"
#: The file is not a PNG.
CARD_NOT_PNG = "card.not_png"
#: The card (or a part of it) is larger than the importer accepts.
CARD_TOO_LARGE = "card.too_large"
#: The card's lorebook has more entries than the importer accepts.
CARD_TOO_MANY_ENTRIES = "card.too_many_entries"
#: The PNG ends in the middle of a chunk.
CARD_TRUNCATED = "card.truncated"
#: The card's image is not a picture the studio can show (no image header, or no size): no portrait is kept.
CARD_PORTRAIT_BAD_IMAGE = "card.portrait_bad_image"
#: The card's image is larger (bytes or pixels) than a portrait may be: no portrait is kept.
CARD_PORTRAIT_TOO_LARGE = "card.portrait_too_large"
#: The card names a spec version the importer does not know.
CARD_UNKNOWN_SPEC = "card.unknown_spec"
#: A CHARX member's path would leave the import folder.
CARD_UNSAFE_PATH = "card.unsafe_path"

# --- chat.* ---
#: A chat file to import does not start with a SillyTavern chat header (the line is named).
CHAT_IMPORT_BAD_HEADER = "chat.import_bad_header"
#: A line of a chat file to import is not valid JSON (the line is named).
CHAT_IMPORT_BAD_JSON = "chat.import_bad_json"
#: A message line of a chat file to import has a field of the wrong type or shape (line and field named).
CHAT_IMPORT_BAD_MESSAGE = "chat.import_bad_message"
#: A chat file to import holds no chat header at all.
CHAT_IMPORT_EMPTY = "chat.import_empty"
#: A chat file to import is not UTF-8 text.
CHAT_IMPORT_NOT_TEXT = "chat.import_not_text"
#: A chat file to import is larger than the importer accepts.
CHAT_IMPORT_TOO_LARGE = "chat.import_too_large"
#: A chat file to import holds more messages than the importer accepts.
CHAT_IMPORT_TOO_MANY_MESSAGES = "chat.import_too_many_messages"
#: A chat file to import does not exist or cannot be read.
CHAT_IMPORT_UNREADABLE = "chat.import_unreadable"
#: The chat message named (to branch or edit from) does not exist.
CHAT_MESSAGE_NOT_FOUND = "chat.message_not_found"
#: An exploration was asked for in a chat that exists as an ordinary chat (an exploration is a new chat).
CHAT_NOT_AN_EXPLORATION = "chat.not_an_exploration"
#: An approved change to publish has no written version in its run (or the run is gone).
CHAT_NOTHING_TO_PUBLISH = "chat.nothing_to_publish"

# --- connection.*: model connections (Settings, ``relay-studio connections``) ---
#: A connection with this id already exists.
CONNECTION_EXISTS = "connection.exists"
#: A connection's fields are invalid (the field is named).
CONNECTION_INVALID = "connection.invalid"
#: An API key or secret header value has a character an HTTP header cannot carry (not printable ASCII).
CONNECTION_KEY_NOT_ASCII = "connection.key_not_ascii"
#: No connection is configured where one is needed (no default connection).
CONNECTION_NONE = "connection.none"
#: No connection has the id named.
CONNECTION_UNKNOWN = "connection.unknown"

# --- explore.*: Explore chats (read only; ``docs/explore.md``) ---
#: A tool that writes, publishes or passes work on was called in an Explore run: refused whatever the profile allows.
EXPLORE_READ_ONLY = "explore.read_only"

# --- export.*: a manuscript export that cannot be written (relay_studio/manuscript/) ---
#: The chat named for the export does not exist (in the project named, or by id).
EXPORT_UNKNOWN_CHAT = "export.unknown_chat"
#: The run named for the export (its output/ files) does not exist.
EXPORT_UNKNOWN_RUN = "export.unknown_run"
#: The chat has no answers (or none of the chosen ones has text), or the run no text files under output/.
EXPORT_NO_ANSWERS = "export.no_answers"
#: The export file cannot be written: its folder is missing, refuses the file, or the disk is full.
EXPORT_UNWRITABLE = "export.unwritable"
#: The format or DOCX preset asked for is not one the export writes.
EXPORT_UNKNOWN_FORMAT = "export.unknown_format"
#: The --language given is not a BCP 47 language tag (such as en, en-US, zh-Hant-TW).
EXPORT_BAD_LANGUAGE = "export.bad_language"

# --- handoff.*: the session handoff (``/handoff``: a document that starts a new chat) ---
#: The agent chosen to write the handoff document has no usable model.
HANDOFF_AGENT_REQUIRES_CONFIGURATION = "handoff.agent_requires_configuration"
#: The model answered with an empty handoff document.
HANDOFF_EMPTY_DOCUMENT = "handoff.empty_document"
#: A handoff document is already being written for this chat.
HANDOFF_IN_PROGRESS = "handoff.in_progress"
#: The new chat's name is already taken.
HANDOFF_NAME_TAKEN = "handoff.name_taken"
#: No agent is available to write the handoff document.
HANDOFF_NO_AGENT = "handoff.no_agent"
#: The handoff document is not ready to be accepted.
HANDOFF_NOT_READY = "handoff.not_ready"
#: The chat has no messages to hand off.
HANDOFF_NOTHING_TO_HAND_OFF = "handoff.nothing_to_hand_off"
#: A run of this chat is still working (a response streams): refused until it ends.
HANDOFF_RUN_ACTIVE = "handoff.run_active"
#: The agent named for the handoff does not exist.
HANDOFF_UNKNOWN_AGENT = "handoff.unknown_agent"
#: The chat named for the handoff does not exist.
HANDOFF_UNKNOWN_CHAT = "handoff.unknown_chat"

# --- input.*: JSON files read within limits (profiles, scripts; ``domain/json_input.py``) ---
#: The file is not valid JSON.
INPUT_INVALID_JSON = "input.invalid_json"
#: The file is not UTF-8.
INPUT_NOT_UTF8 = "input.not_utf8"
#: An integer has more digits than allowed (18).
INPUT_NUMBER_TOO_LARGE = "input.number_too_large"
#: The JSON nests deeper than allowed (64 levels).
INPUT_TOO_DEEPLY_NESTED = "input.too_deeply_nested"
#: The file is larger than allowed (profile 1 MiB, script 16 MiB).
INPUT_TOO_LARGE = "input.too_large"
#: The file cannot be read.
INPUT_UNREADABLE = "input.unreadable"

# --- knowledge.*: the knowledge library (``docs/knowledge.md``) ---
#: The import was cancelled.
KNOWLEDGE_CANCELLED = "knowledge.cancelled"
#: No knowledge document with the id named.
KNOWLEDGE_DOCUMENT_NOT_FOUND = "knowledge.document_not_found"
#: The same file is already in the library.
KNOWLEDGE_DUPLICATE = "knowledge.duplicate"
#: The embeddings connection failed; FTS5 search still works.
KNOWLEDGE_EMBEDDINGS_FAILED = "knowledge.embeddings_failed"
#: An EPUB file is broken.
KNOWLEDGE_EPUB_BROKEN = "knowledge.epub_broken"
#: The file is larger than the library imports (200 MiB).
KNOWLEDGE_FILE_TOO_LARGE = "knowledge.file_too_large"
#: The file cannot be read.
KNOWLEDGE_FILE_UNREADABLE = "knowledge.file_unreadable"
#: The file holds no text to index.
KNOWLEDGE_NO_TEXT = "knowledge.no_text"
#: A PDF is broken.
KNOWLEDGE_PDF_BROKEN = "knowledge.pdf_broken"
#: A PDF is encrypted.
KNOWLEDGE_PDF_ENCRYPTED = "knowledge.pdf_encrypted"
#: A PDF ends early.
KNOWLEDGE_PDF_TRUNCATED = "knowledge.pdf_truncated"
#: A search with an empty query.
KNOWLEDGE_QUERY_EMPTY = "knowledge.query_empty"
#: The file type is not one the library imports.
KNOWLEDGE_UNSUPPORTED_TYPE = "knowledge.unsupported_type"

# --- library.*: the story library (``docs/library.md``) ---
#: An entry file's frontmatter is malformed.
LIBRARY_BAD_FRONTMATTER = "library.bad_frontmatter"
#: An entry's name is not allowed.
LIBRARY_BAD_NAME = "library.bad_name"
#: An entry's type is not one of the library's types.
LIBRARY_BAD_TYPE = "library.bad_type"
#: An entry file's YAML does not parse.
LIBRARY_BAD_YAML = "library.bad_yaml"
#: An entry file could not be indexed (written by an older version, or damaged); it is left out.
LIBRARY_DAMAGED_ENTRY = "library.damaged_entry"
#: No entry with the name asked for.
LIBRARY_ENTRY_NOT_FOUND = "library.entry_not_found"
#: The file to import does not exist.
LIBRARY_FILE_NOT_FOUND = "library.file_not_found"
#: An entry file (or an import) is larger than allowed.
LIBRARY_FILE_TOO_LARGE = "library.file_too_large"
#: An imported file holds a lone UTF-16 surrogate (``\ud800`` in JSON), which is not text.
LIBRARY_LONE_SURROGATE = "library.lone_surrogate"
#: An entry has no name.
LIBRARY_MISSING_NAME = "library.missing_name"
#: Another entry already has this name or alias.
LIBRARY_NAME_TAKEN = "library.name_taken"
#: An entry's name is longer than allowed.
LIBRARY_NAME_TOO_LONG = "library.name_too_long"
#: An entry file has no frontmatter.
LIBRARY_NO_FRONTMATTER = "library.no_frontmatter"
#: An entry file (or an import) is not UTF-8 text.
LIBRARY_NOT_TEXT = "library.not_text"
#: An imported file holds an integer of more digits than allowed.
LIBRARY_NUMBER_TOO_LARGE = "library.number_too_large"
#: An imported file (or an entry file) is nested deeper than allowed.
LIBRARY_TOO_DEEPLY_NESTED = "library.too_deeply_nested"
#: An entry has more aliases than allowed.
LIBRARY_TOO_MANY_ALIASES = "library.too_many_aliases"
#: The chat belongs to no project, so there is no library to read or write.
LIBRARY_UNAVAILABLE = "library.unavailable"
#: The database refused the index of an import (not a full disk: that is store.disk_full); nothing of it was kept.
LIBRARY_INDEX_FAILED = "library.index_failed"
#: An entry's frontmatter has a field the library does not know.
LIBRARY_UNKNOWN_FIELD = "library.unknown_field"
#: The file to import has a format the importer does not know.
LIBRARY_UNKNOWN_FORMAT = "library.unknown_format"
#: Writing an import failed (the disk is full or the folder is not writable); nothing of it was kept.
LIBRARY_WRITE_FAILED = "library.write_failed"
#: An entry file's YAML aliases expand past the budget (an alias bomb), or refer to themselves.
LIBRARY_YAML_ALIAS_BUDGET = "library.yaml_alias_budget"

# --- model.*: what a model did (or failed to do) ---
#: A tool call was cut off by the answer length limit, so it was not run.
MODEL_OUTPUT_TRUNCATED = "model.output_truncated"
#: The scripted provider has no turn left for this profile.
MODEL_SCRIPT_EXHAUSTED = "model.script_exhausted"
#: A model call ran past its profile's ``model.callDeadlineSeconds`` and was ended; what had arrived is kept.
MODEL_CALL_DEADLINE = "model.call_deadline"
#: A server went on writing past the answer length limit (it ignored ``max_tokens``); the studio stopped it
#: there and kept what fit (``providers/output_cap.py``).
MODEL_OUTPUT_CAPPED = "model.output_capped"
#: Lone UTF-16 surrogates in a model's stream were replaced by U+FFFD (a ``model_notice``).
MODEL_TEXT_REPAIRED = "model.text_repaired"
#: After the nudges the agent still answered in plain text where a finish or handoff was expected.
MODEL_TOOL_CALL_REQUIRED = "model.tool_call_required"
#: A stage's tool calls were refused again and again, and it had no text or draft the studio could take on.
MODEL_TOOL_CALLS_REFUSED = "model.tool_calls_refused"
#: A request was shortened to fit the model's context: older messages were left out (a ``model_notice``).
MODEL_REQUEST_TRIMMED = "model.request_trimmed"

# --- profile.*: agent profile validation (``domain/profile.py``; one code per rule) ---
#: ``tools.requireApproval`` lists a tool the profile cannot use.
PROFILE_APPROVAL_FOR_UNAVAILABLE_TOOL = "profile.approval_for_unavailable_tool"
#: ``allowedCallers`` names a profile id that is not well formed.
PROFILE_BAD_ALLOWED_CALLER = "profile.bad_allowed_caller"
#: The profile id is not well formed.
PROFILE_BAD_ID = "profile.bad_id"
#: ``kind`` is not ``relay-studio.agentProfile``.
PROFILE_BAD_KIND = "profile.bad_kind"
#: A tool name is not well formed.
PROFILE_BAD_TOOL_NAME = "profile.bad_tool_name"
#: A workspace root is not one of the known roots.
PROFILE_BAD_WORKSPACE_ROOT = "profile.bad_workspace_root"
#: ``delegation.callable`` without a role (handoff target or helper) to be called as.
PROFILE_CALLABLE_WITHOUT_ROLE = "profile.callable_without_role"
#: ``agent.delegate`` allowed but delegation not enabled.
PROFILE_DELEGATE_NOT_ENABLED = "profile.delegate_not_enabled"
#: Two profile files of one ``--profiles`` folder share an id.
PROFILE_DUPLICATE_ID = "profile.duplicate_id"
#: ``displayName`` is empty.
PROFILE_EMPTY_DISPLAY_NAME = "profile.empty_display_name"
#: The ``--profiles`` folder does not exist.
PROFILE_FOLDER_NOT_FOUND = "profile.folder_not_found"
#: ``agent.handoff`` allowed but handoffs not enabled.
PROFILE_HANDOFF_NOT_ENABLED = "profile.handoff_not_enabled"
#: Two handoff tool names collide with each other or another tool (catalog-wide).
PROFILE_HANDOFF_TOOL_COLLISION = "profile.handoff_tool_collision"
#: ``handoffIn.inputSchema`` is not a usable JSON Schema object.
PROFILE_INVALID_INPUT_SCHEMA = "profile.invalid_input_schema"
#: The profile file is not valid JSON.
PROFILE_INVALID_JSON = "profile.invalid_json"
#: A field has the wrong type.
PROFILE_INVALID_TYPE = "profile.invalid_type"
#: A field has a value that is not allowed.
PROFILE_INVALID_VALUE = "profile.invalid_value"
#: A required field is missing.
PROFILE_MISSING_FIELD = "profile.missing_field"
#: ``model.mode: connection`` without a connection.
PROFILE_MODEL_CONNECTION_MISSING = "profile.model_connection_missing"
#: ``model.mode: connection`` without a model name.
PROFILE_MODEL_NAME_MISSING = "profile.model_name_missing"
#: A direct-runnable profile or handoff target with no way to end its part (finish, handoff, text answer).
PROFILE_NO_STAGE_EXIT = "profile.no_stage_exit"
#: The profile is not a JSON object.
PROFILE_NOT_AN_OBJECT = "profile.not_an_object"
#: ``task.return`` listed in ``tools.allow`` (the runtime gives it to helpers).
PROFILE_TASK_RETURN_NOT_ALLOWED = "profile.task_return_not_allowed"
#: A field the profile format does not know (its path is named).
PROFILE_UNKNOWN_FIELD = "profile.unknown_field"
#: A tool the runtime does not have.
PROFILE_UNKNOWN_TOOL = "profile.unknown_tool"
#: ``schemaVersion`` is not one this version reads.
PROFILE_UNSUPPORTED_SCHEMA_VERSION = "profile.unsupported_schema_version"
#: A number is outside its allowed range.
PROFILE_VALUE_OUT_OF_RANGE = "profile.value_out_of_range"
#: A writable root that is not also visible.
PROFILE_WRITABLE_ROOT_NOT_VISIBLE = "profile.writable_root_not_visible"
#: ``output.schema`` is not a usable JSON Schema object.
PROFILE_INVALID_OUTPUT_SCHEMA = "profile.invalid_output_schema"
#: ``reviews.beforeWrite`` names a review whose tool the profile cannot call.
PROFILE_REVIEW_WITHOUT_TOOL = "profile.review_without_tool"
#: ``handoff.next`` names no usable next stage (not an id, itself, missing, or not a target for this profile).
PROFILE_BAD_NEXT_STAGE = "profile.bad_next_stage"
#: ``delegation.allowedCallers`` names an id no agent here has (a warning in the profile editor: it may be made later).
PROFILE_UNKNOWN_CALLER = "profile.unknown_caller"
#: A reviewer named in ``reviews`` is not a well-formed profile id.
PROFILE_BAD_REVIEWER = "profile.bad_reviewer"

# --- project.* ---
#: A project name that is not allowed.
PROJECT_BAD_NAME = "project.bad_name"
#: A project name that is empty.
PROJECT_EMPTY_NAME = "project.empty_name"
#: Another project already has this name.
PROJECT_NAME_TAKEN = "project.name_taken"
#: No project with the id named.
PROJECT_NOT_FOUND = "project.not_found"

# --- provider.*: the model service (``docs/providers.md``) ---
#: The server refused the key (401).
PROVIDER_AUTH_FAILED = "provider.auth_failed"
#: The server refused the request as malformed (400, 422).
PROVIDER_BAD_REQUEST = "provider.bad_request"
#: The server answered 409.
PROVIDER_CONFLICT = "provider.conflict"
#: The server sent no text and no tool call.
PROVIDER_EMPTY_ANSWER = "provider.empty_answer"
#: A scripted error turn without a status or code.
PROVIDER_ERROR = "provider.error"
#: The server refused every simpler form of the request.
PROVIDER_FALLBACKS_EXHAUSTED = "provider.fallbacks_exhausted"
#: The server refused access (403).
PROVIDER_FORBIDDEN = "provider.forbidden"
#: Prefix of a scripted error turn's code: ``provider.http_<status>``.
PROVIDER_HTTP_PREFIX = "provider.http_"
#: The stream stopped sending for longer than the idle timeout.
PROVIDER_IDLE_TIMEOUT = "provider.idle_timeout"
#: A streamed chunk could not be decoded.
PROVIDER_MALFORMED_CHUNK = "provider.malformed_chunk"
#: Notice: a connection without a default model used the first model its server lists.
PROVIDER_MODEL_FROM_SERVER_LIST = "provider.model_from_server_list"
#: The connection does not say which model to use and the server lists none.
PROVIDER_NO_MODEL = "provider.no_model"
#: The server does not know the endpoint or the model (404).
PROVIDER_NOT_FOUND = "provider.not_found"
#: The profile's model binding is not configured (``requiresConfiguration`` or no connection).
PROVIDER_PROFILE_NOT_CONFIGURED = "provider.profile_not_configured"
#: Notice: the server refused ``prompt_cache_key``; sent without it from now on.
PROVIDER_PROMPT_CACHE_KEY_UNSUPPORTED = "provider.prompt_cache_key_unsupported"
#: Notice: the server refused ``return_progress`` (prompt-reading progress); sent without it from now on.
PROVIDER_RETURN_PROGRESS_UNSUPPORTED = "provider.return_progress_unsupported"
#: A local server refused ``stop`` (the chat templates' turn markers): later calls leave it out.
PROVIDER_STOP_UNSUPPORTED = "provider.stop_unsupported"
#: The server asks to slow down (429); retried.
PROVIDER_RATE_LIMITED = "provider.rate_limited"
#: The server failed (5xx); retried.
PROVIDER_SERVER_ERROR = "provider.server_error"
#: The server reported an error inside the stream.
PROVIDER_STREAM_ERROR = "provider.stream_error"
#: The stream ended before the answer was complete.
PROVIDER_STREAM_INCOMPLETE = "provider.stream_incomplete"
#: A whole (non-streamed) answer was larger than the studio reads (64 MB); it was not read further.
PROVIDER_ANSWER_TOO_LARGE = "provider.answer_too_large"
#: The server answered a model request with a redirect; the request (the creator's text) was not sent to its target.
PROVIDER_REDIRECTED = "provider.redirected"
#: Notice: the server refused ``stream_options``; sent without them from now on.
PROVIDER_STREAM_OPTIONS_UNSUPPORTED = "provider.stream_options_unsupported"
#: Notice: the server cannot stream tool calls; asked without streaming from now on.
PROVIDER_STREAM_TOOLS_UNSUPPORTED = "provider.stream_tools_unsupported"
#: Notice: the server sent no token counts; they are estimated (marked as such) and the answer still streams.
PROVIDER_STREAM_USAGE_MISSING = "provider.stream_usage_missing"
#: The request timed out.
PROVIDER_TIMEOUT = "provider.timeout"
#: Notice: the server refused the tool choice asked for; a simpler one is used from now on.
PROVIDER_TOOL_CHOICE_UNSUPPORTED = "provider.tool_choice_unsupported"
#: The server cannot be reached (connection refused, DNS, TLS).
PROVIDER_UNREACHABLE = "provider.unreachable"
#: A network error in the middle of a request.
PROVIDER_NETWORK_ERROR = "provider.network_error"
#: Notice: the server refused structured output (``response_format``); the answer's text is checked instead.
PROVIDER_STRUCTURED_OUTPUT_UNSUPPORTED = "provider.structured_output_unsupported"
#: Notice: the server refused ``response_format`` of type ``json_schema``; the schema is sent in the older
#: ``{"type": "json_object", "schema": …}`` form from now on (llama-cpp-python constrains the answer by it).
PROVIDER_JSON_SCHEMA_UNSUPPORTED = "provider.json_schema_unsupported"

# --- review.*: reviews by reviewer profiles and the writes they gate (``docs/director.md``) ---
#: A write whose review found a conflict was declined headless: nobody approved it anyway (``run --approve all``
#: never covers a conflict; ``--approve-conflicts REASON`` does).
REVIEW_CONFLICT_UNAPPROVED = "review.conflict_unapproved"
#: A write gated by ``reviews.beforeWrite`` without a passed review of that exact draft of that entry in this stage.
REVIEW_REQUIRED = "review.required"
#: The review could not be done (the reviewer failed, timed out or answered out of form twice): it fails closed.
REVIEW_FAILED = "review.failed"
#: The reviewer's answer did not match its output schema, also after the one repair request.
REVIEW_INVALID_OUTPUT = "review.invalid_output"
#: The reviewer profile named for a review does not exist or has no usable model.
REVIEW_REVIEWER_UNAVAILABLE = "review.reviewer_unavailable"

# --- continuity.*: the continuity check and its reviewer agent (``docs/canon.md``, "Continuity check") ---
#: A continuity reviewer's finding quoted words that are not in the chapter: the finding was dropped.
CONTINUITY_QUOTE_NOT_IN_TEXT = "continuity.quote_not_in_text"
#: A continuity reviewer's finding quoted evidence that is neither in the canon nor in an earlier chapter: dropped.
CONTINUITY_QUOTE_NOT_IN_CANON = "continuity.quote_not_in_canon"
#: The continuity reviewer's answer was not JSON of its form: the review gave no findings.
CONTINUITY_REVIEW_INVALID_OUTPUT = "continuity.review_invalid_output"
#: The continuity reviewer's model call failed (the provider's code and sentence are in the message).
CONTINUITY_REVIEW_FAILED = "continuity.review_failed"
#: Marking a continuity finding intentional needs a reason (at most 1000 characters).
CONTINUITY_REASON_REQUIRED = "continuity.reason_required"
#: No finding of the check has this key (to mark intentional): run the check again to see the current keys.
CONTINUITY_UNKNOWN_FINDING = "continuity.unknown_finding"
#: The chat named for the check is not in the project.
CONTINUITY_UNKNOWN_CHAT = "continuity.unknown_chat"
#: The facts file given to the check could not be read as a JSON list of facts.
CONTINUITY_BAD_FACTS = "continuity.bad_facts"

# --- run.*: starting, resuming and ending runs ---
#: The root agent is helper-only: it cannot start a run.
RUN_AGENT_NOT_RUNNABLE = "run.agent_not_runnable"
#: The root agent has no usable model (no connection serves its binding).
RUN_AGENT_REQUIRES_CONFIGURATION = "run.agent_requires_configuration"
#: The creator's message is empty.
RUN_EMPTY_PROMPT = "run.empty_prompt"
#: The run was left non-terminal by a process that is gone; its open stages and tasks failed.
RUN_INTERRUPTED = "run.interrupted"
#: A fork named an agent that cannot take that stage (no handoff target there; stage 1: cannot start runs).
RUN_FORK_AGENT_NOT_TARGET = "run.fork_agent_not_target"
#: A fork's new brief is not a valid handoff brief (its objective is missing or empty).
RUN_FORK_BRIEF_INVALID = "run.fork_brief_invalid"
#: A fork of a run that is still running (here or in another process): it can be forked once it ends.
RUN_FORK_SOURCE_RUNNING = "run.fork_source_running"
#: A fork named a stage number the run does not have.
RUN_FORK_STAGE_NOT_FOUND = "run.fork_stage_not_found"
#: The run's lease could not be taken.
RUN_LEASE_UNAVAILABLE = "run.lease_unavailable"
#: No run has the id named.
RUN_NOT_FOUND = "run.not_found"
#: The run is not suspended at an approval, so it cannot be resumed.
RUN_NOT_RESUMABLE = "run.not_resumable"
#: Regenerate named a message that has no question before it to answer again.
RUN_NOTHING_TO_REGENERATE = "run.nothing_to_regenerate"
#: A revision named a message that is not an agent's answer (or also asked to regenerate one).
RUN_NOTHING_TO_REVISE = "run.nothing_to_revise"
#: Another live process owns the run.
RUN_OWNED_ELSEWHERE = "run.owned_elsewhere"
#: The whole run used maxTotalRounds and its 2 closing rounds.
RUN_ROUND_BUDGET_EXHAUSTED = "run.round_budget_exhausted"
#: The run's folder cannot be created.
RUN_STORAGE_UNWRITABLE = "run.storage_unwritable"
#: A helper cancelled because its run was suspended at an approval when the process stopped.
RUN_SUSPENDED = "run.suspended"
#: The creator's message is not valid UTF-8 text.
RUN_TEXT_NOT_UTF8 = "run.text_not_utf8"
#: No agent profile with the id named as the root.
RUN_UNKNOWN_AGENT = "run.unknown_agent"

# --- runtime.*: a broken host contract (fatal, journaled, never a traceback) ---
#: The session handoff's machinery failed.
RUNTIME_HANDOFF_CRASHED = "runtime.handoff_crashed"
#: A helper's machinery crashed; the run fails.
RUNTIME_INTERNAL_ERROR = "runtime.internal_error"
#: A foreground stage could not start (its input or prompt could not be assembled): it and its task fail.
RUNTIME_INVOCATION_START_FAILED = "runtime.invocation_start_failed"
#: An exception inside tool code.
RUNTIME_TOOL_CRASHED = "runtime.tool_crashed"
#: Anything else the executor did not expect: the run ends failed with this code.
RUNTIME_UNEXPECTED_ERROR = "runtime.unexpected_error"
#: A foreground agent returned a task result (only helpers return).
RUNTIME_UNEXPECTED_RETURN = "runtime.unexpected_return"

# --- scene.*: scene chats with a cast (``docs/scenes.md``) ---
#: A scene command named a chat that is not a scene (or no chat at all).
SCENE_NOT_FOUND = "scene.not_found"
#: ``scene new`` with an empty name.
SCENE_BAD_NAME = "scene.bad_name"
#: ``scene new`` for a chat name that is taken.
SCENE_NAME_TAKEN = "scene.name_taken"
#: A cast, narrator or speaker id that is no agent profile.
SCENE_UNKNOWN_AGENT = "scene.unknown_agent"
#: A character named who is not in the scene's cast.
SCENE_NOT_IN_CAST = "scene.not_in_cast"
#: A cast that is empty or names someone twice, or a narrator who is also in the cast.
SCENE_BAD_CAST = "scene.bad_cast"
#: ``scene say --as`` for a character who is not present now.
SCENE_SPEAKER_ABSENT = "scene.speaker_absent"
#: ``scene say --next`` while no character is present.
SCENE_NOBODY_PRESENT = "scene.nobody_present"
#: ``scene enter`` for someone present, ``scene leave`` for someone absent.
SCENE_PRESENCE_UNCHANGED = "scene.presence_unchanged"
#: A presence correction for a message that is not in the scene chat.
SCENE_MESSAGE_NOT_FOUND = "scene.message_not_found"
#: ``character_tell`` to someone who is not in the cast, or to oneself (recoverable; the sentence says who is).
SCENE_TELL_UNKNOWN_RECIPIENT = "scene.tell_unknown_recipient"
#: ``scene_choose_speaker`` naming someone who cannot speak next (not in the cast, or not present).
SCENE_CHOICE_UNAVAILABLE = "scene.choice_unavailable"
#: ``character_tell`` or ``scene_choose_speaker`` outside a scene.
SCENE_UNAVAILABLE = "scene.unavailable"
#: An ordinary run asked of a scene chat: its turns are characters' (``scene say``), never the whole chat to one agent.
SCENE_TURN_REQUIRED = "scene.turn_required"
#: A SillyTavern group file that cannot be read as a group (no members, not JSON, a member missing).
SCENE_BAD_GROUP_FILE = "scene.bad_group_file"

# --- script.* ---
#: A scripted provider's script does not have the expected shape.
SCRIPT_INVALID = "script.invalid"

# --- secrets.*: keys in the OS keychain or the fallback file ---
#: The fallback secrets file is damaged.
SECRETS_FILE_CORRUPT = "secrets.file_corrupt"
#: The fallback secrets file can be read by others.
SECRETS_FILE_PERMISSIONS = "secrets.file_permissions"
#: A connection's header value is no longer stored.
SECRETS_HEADER_MISSING = "secrets.header_missing"
#: A header name or value that cannot be sent.
SECRETS_INVALID_HEADER = "secrets.invalid_header"
#: A key that cannot be sent (empty, or not one line).
SECRETS_INVALID_KEY = "secrets.invalid_key"
#: The OS keychain refused to store or read a key.
SECRETS_KEYCHAIN_FAILED = "secrets.keychain_failed"
#: No OS keychain is available.
SECRETS_KEYCHAIN_UNAVAILABLE = "secrets.keychain_unavailable"

# --- skill.*: Skills (``docs/library.md``) ---
#: A Skill's description is missing or too long.
SKILL_BAD_DESCRIPTION = "skill.bad_description"
#: A Skill file's frontmatter is malformed.
SKILL_BAD_FRONTMATTER = "skill.bad_frontmatter"
#: A Skill's name is not allowed.
SKILL_BAD_NAME = "skill.bad_name"
#: A Skill file's frontmatter is not valid YAML (its line is named).
SKILL_BAD_YAML = "skill.bad_yaml"
#: A Skill has no instructions.
SKILL_EMPTY_BODY = "skill.empty_body"
#: A Skill file is larger than allowed.
SKILL_FILE_TOO_LARGE = "skill.file_too_large"
#: Another Skill already has this name.
SKILL_NAME_TAKEN = "skill.name_taken"
#: A Skill file does not start with a '---' frontmatter block, or never closes it.
SKILL_NO_FRONTMATTER = "skill.no_frontmatter"
#: No Skill with the name asked for (or not one this agent may use).
SKILL_NOT_FOUND = "skill.not_found"
#: A Skill file is not UTF-8 text.
SKILL_NOT_TEXT = "skill.not_text"

# --- startup.*: the window cannot start ---
#: System libraries Qt needs are missing.
STARTUP_MISSING_LIBRARIES = "startup.missing_libraries"
#: No display to open the window on.
STARTUP_NO_DISPLAY = "startup.no_display"
#: Qt cannot be imported.
STARTUP_QT_UNAVAILABLE = "startup.qt_unavailable"

# --- store.*: the data folder and its database (``store/data_folder.py``) ---
#: The data folder path is a file.
STORE_DATA_DIR_NOT_A_FOLDER = "store.data_dir_not_a_folder"
#: The data folder cannot be written.
STORE_DATA_DIR_UNWRITABLE = "store.data_dir_unwritable"
#: Another process holds the database's write lock past the busy timeout.
STORE_DATABASE_BUSY = "store.database_busy"
#: SQLite found damage in the database.
STORE_DATABASE_DAMAGED = "store.database_damaged"
#: The database is 0 bytes while the folder holds runs or chats: never re-created over them.
STORE_DATABASE_EMPTY = "store.database_empty"
#: The database path is not a file.
STORE_DATABASE_NOT_A_FILE = "store.database_not_a_file"
#: The database cannot be written.
STORE_DATABASE_READ_ONLY = "store.database_read_only"
#: The database file ends early.
STORE_DATABASE_TRUNCATED = "store.database_truncated"
#: The disk holding the data folder is full (SQLite's SQLITE_FULL, or ENOSPC/EDQUOT): what could not be
#: saved was left out, everything saved before it is kept; it works again once space is freed.
STORE_DISK_FULL = "store.disk_full"
#: Another application's SQLite file.
STORE_FOREIGN_DATABASE = "store.foreign_database"
#: The file is not an SQLite database.
STORE_NOT_A_DATABASE = "store.not_a_database"
#: The database was written by a newer version.
STORE_SCHEMA_TOO_NEW = "store.schema_too_new"

# --- tool.*: a tool call itself ---
#: The call's arguments do not match the tool's parameters (the field and allowed values are quoted).
TOOL_INVALID_ARGUMENTS = "tool.invalid_arguments"
#: The agent may not use this tool.
TOOL_NOT_ALLOWED = "tool.not_allowed"
#: The creator declined the proposed change.
TOOL_REJECTED_BY_USER = "tool.rejected_by_user"
#: No tool with this name.
TOOL_UNKNOWN = "tool.unknown"

# --- workspace.*: the run's files (``runtime/workspace.py``; recoverable, never a storage path) ---
#: workspace_commit of an empty file.
WORKSPACE_COMMIT_EMPTY = "workspace.commit_empty"
#: The disk is full (ENOSPC/EDQUOT); nothing was left behind.
WORKSPACE_DISK_FULL = "workspace.disk_full"
#: No file at this path.
WORKSPACE_FILE_NOT_FOUND = "workspace.file_not_found"
#: Any other refusal of the operating system.
WORKSPACE_FILE_SYSTEM_ERROR = "workspace.file_system_error"
#: The file is larger than a tool reads.
WORKSPACE_FILE_TOO_LARGE = "workspace.file_too_large"
#: A path segment over 255 bytes.
WORKSPACE_NAME_TOO_LONG = "workspace.name_too_long"
#: The file is not UTF-8 text.
WORKSPACE_NOT_TEXT = "workspace.not_text"
#: A write below a path that is a file.
WORKSPACE_PARENT_IS_FILE = "workspace.parent_is_file"
#: apply_patch's ``old_string`` occurs more than once.
WORKSPACE_PATCH_AMBIGUOUS = "workspace.patch_ambiguous"
#: apply_patch's ``old_string`` does not occur.
WORKSPACE_PATCH_NO_MATCH = "workspace.patch_no_match"
#: A path that is absolute, has ``..``, ``~``, a drive, a backslash, NUL, or leads outside by a link.
WORKSPACE_PATH_INVALID = "workspace.path_invalid"
#: The path is a folder where a file is expected.
WORKSPACE_PATH_IS_FOLDER = "workspace.path_is_folder"
#: A path over 1,024 bytes.
WORKSPACE_PATH_TOO_LONG = "workspace.path_too_long"
#: The path is under a root the agent cannot see.
WORKSPACE_ROOT_NOT_VISIBLE = "workspace.root_not_visible"
#: The path is under a root the agent cannot write.
WORKSPACE_ROOT_NOT_WRITABLE = "workspace.root_not_writable"
#: workspace_search_files ran past its 2 s budget.
WORKSPACE_SEARCH_TIMEOUT = "workspace.search_timeout"

# --- worldinfo.*: a SillyTavern World Info (lorebook) file being imported ---
#: An entry of the file has the wrong shape.
WORLDINFO_BAD_ENTRY = "worldinfo.bad_entry"
#: The file's JSON does not parse.
WORLDINFO_BAD_JSON = "worldinfo.bad_json"
#: The file is not a World Info object.
WORLDINFO_BAD_SHAPE = "worldinfo.bad_shape"
#: The file is larger than the importer accepts.
WORLDINFO_TOO_LARGE = "worldinfo.too_large"
#: The file has more entries than the importer accepts.
WORLDINFO_TOO_MANY_ENTRIES = "worldinfo.too_many_entries"

#: The code of a call not run because the part had already ended (by ``handoff``, ``finish`` or ``return``).
TOOL_AFTER: dict[str, str] = {
    "handoff": AGENT_TOOL_AFTER_HANDOFF,
    "finish": AGENT_TOOL_AFTER_FINISH,
    "return": AGENT_TOOL_AFTER_RETURN,
}
