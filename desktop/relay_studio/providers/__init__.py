"""Model clients: one canonical message and tool-call form inside, whatever the wire."""
