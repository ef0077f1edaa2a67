"""The offline demo relay, defined once for the CLI (``relay-studio demo``) and the window (its demo run):
the built-in writer -> editor -> finalizer over the scripted provider, answering the same request."""

from __future__ import annotations

from pathlib import Path

from relay_studio.providers.scripted import Script, load_script
from relay_studio.resources import resource_dir

#: the built-in profile the demo starts with
DEMO_AGENT = "writer"
#: the creator's request of the demo (the window also recognises a demo run by it, to answer it offline again)
DEMO_PROMPT = "Write a short scene about the last lighthouse keeper."
#: the script every stage of the demo follows, under ``resources/``
DEMO_SCRIPT = "scripts/demo_relay.json"


def demo_script_path() -> Path:
    return resource_dir() / DEMO_SCRIPT


def demo_script() -> Script:
    return load_script(demo_script_path())
