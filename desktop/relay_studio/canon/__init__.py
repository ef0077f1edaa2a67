"""A project's canon and its continuity check."""
