"""``relay-studio persona [NAME]``: the creator's name in stories, what SillyTavern's ``{{user}}`` becomes in
the cards and World Info a project imported (``store/persona.py``, ``library/macros.py``)."""

from __future__ import annotations

import argparse

from relay_studio.cli.exits import EXIT_OK
from relay_studio.domain.safe_text import for_terminal as shown
from relay_studio.runtime.engine import Runtime
from relay_studio.store.persona import persona_name, set_persona_name


def cmd_persona(args: argparse.Namespace, runtime: Runtime) -> int:
    """Prints the name; with ``NAME``, stores it first (runs started from then on use it)."""
    name = persona_name(runtime.db) if args.name is None else set_persona_name(runtime.db, args.name)
    print(shown(name))
    return EXIT_OK
