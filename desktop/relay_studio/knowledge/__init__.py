"""The knowledge library of a project: documents (rulebooks, research, notes) chunked with their pages and
sections, indexed in SQLite FTS5 and searched with BM25; results carry citations."""
