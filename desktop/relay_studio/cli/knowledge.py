"""``relay-studio knowledge``: add documents to a project's knowledge library, list, remove and search them;
``embed`` stores embeddings through a connection for ``search --semantic``.

Exit codes: 0 done, 2 bad usage or input (one line on stderr naming the problem, nothing changed),
3 some files of an ``add`` were refused (each named on stderr with its problem; the others imported).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from relay_studio.knowledge.errors import KnowledgeError

if TYPE_CHECKING:  # light at import: the CLI's parser is built from here for --help and the window
    from relay_studio.knowledge.library import ImportProgress, KnowledgeLibrary
    from relay_studio.knowledge.semantic import EmbeddingsEndpoint
    from relay_studio.store.database import Database

EXIT_OK, EXIT_USAGE, EXIT_FAILED = 0, 2, 3


def add_knowledge_parser(subparsers: Any) -> None:
    """Adds ``knowledge`` with its actions to the CLI's subparsers."""
    common = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: an option given before the action is not overwritten by this parser's default.
    common.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="where settings live")
    common.add_argument("--project", default=argparse.SUPPRESS, metavar="NAME",
                        help="the project (default: the default project)")
    parent = subparsers.add_parser(
        "knowledge", parents=[common], help="a project's knowledge library: rulebooks, research, notes"
    )
    sub = parent.add_subparsers(dest="knowledge_command", metavar="ACTION", required=True)
    add = sub.add_parser("add", parents=[common], help="import .md, .txt, .pdf, .epub or .html files")
    add.add_argument("files", nargs="+", type=Path, metavar="FILE")
    add.add_argument("--json", action="store_true", help="print the outcome of each file as JSON")
    listing = sub.add_parser("list", parents=[common], help="list the documents")
    listing.add_argument("--json", action="store_true")
    remove = sub.add_parser("remove", parents=[common], help="remove a document (by title, file name or id)")
    remove.add_argument("document")
    embeddings = argparse.ArgumentParser(add_help=False)
    embeddings.add_argument("--connection", metavar="ID", help="the connection whose embeddings endpoint to use")
    embeddings.add_argument("--embedding-model", metavar="MODEL", help="e.g. text-embedding-3-small, nomic-embed-text")
    embeddings.add_argument("--ollama", action="store_true", help="use Ollama's /api/embed instead of /v1/embeddings")
    embed = sub.add_parser("embed", parents=[common, embeddings],
                           help="store embeddings of the passages that have none, for semantic search")
    embed.add_argument("--json", action="store_true")
    search = sub.add_parser("search", parents=[common, embeddings], help="search the documents, with citations")
    search.add_argument("query")
    search.add_argument("--top-k", type=int, default=5, help="how many passages (default 5)")
    search.add_argument("--semantic", action="store_true",
                        help="also search by meaning (needs --connection and --embedding-model; run 'embed' first)")
    search.add_argument("--json", action="store_true")


def run_knowledge(
    args: argparse.Namespace, db: Database, data_dir: Path, *, stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    from relay_studio.knowledge.projects import library_for
    from relay_studio.knowledge.semantic import embed_missing
    from relay_studio.store.projects import ProjectError

    out, err = stdout or sys.stdout, stderr or sys.stderr
    try:
        library = library_for(db, data_dir, getattr(args, "project", None))
    except ProjectError as exc:
        err.write(f"error: {exc.message} [{exc.code}]\n")
        return EXIT_USAGE
    action = args.knowledge_command
    try:
        if action == "add":
            return _add(args, library, out, err)
        if action == "list":
            return _list(args, library, out)
        if action == "remove":
            doc = library.remove(args.document)
            out.write(f"removed \u201c{doc.title}\u201d ({doc.file_name})\n")
            return EXIT_OK
        if action == "embed":
            done = embed_missing(library, _endpoint(args, db, data_dir))
            if args.json:  # nearestBy: sqlite-vec, or the Python scan and why (knowledge/vector_index.py)
                from relay_studio.knowledge.vector_index import backend

                out.write(json.dumps({"embedded": done, "nearestBy": backend()}) + "\n")
            else:
                out.write(f"embedded {done} passages\n")
            return EXIT_OK
        return _search(args, library, out, db, data_dir)
    except _Usage as exc:
        err.write(f"error: {exc}\n")
        return EXIT_USAGE
    except KnowledgeError as exc:
        err.write(f"error: {exc.message} [{exc.code}]\n")
        return EXIT_USAGE


def _add(args: argparse.Namespace, library: KnowledgeLibrary, out: TextIO, err: TextIO) -> int:
    last = [-1]

    def progress(p: ImportProgress) -> None:
        if not args.json and p.file_name and p.file_index != last[0]:
            last[0] = p.file_index
            err.write(f"[{p.file_index + 1}/{p.file_count}] reading {p.file_name}\n")

    report = library.import_files(args.files, progress=progress)
    if args.json:
        rows = [{"file": str(o.source), "imported": o.ok, "code": o.code, "message": o.message,
                 "documentId": o.document.id if o.document else None,
                 "chunks": o.document.chunk_count if o.document else None, "hiddenLeftOut": o.hidden}
                for o in report.outcomes]
        out.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
    else:
        for o in report.outcomes:
            if o.document is not None:
                pages = f", {o.document.pages} pages" if o.document.pages else ""
                out.write(f"added \u201c{o.document.title}\u201d ({o.document.file_name}{pages}, "
                          f"{o.document.chunk_count} passages)\n")
                if o.hidden:
                    out.write(f"  {o.hidden} pieces of hidden text (white, tiny, off the page or invisible "
                              "characters) were left out of what the agents read; the file keeps them\n")
            else:
                err.write(f"error: {o.message} [{o.code}]\n")
    return EXIT_FAILED if report.refused else EXIT_OK


def _list(args: argparse.Namespace, library: KnowledgeLibrary, out: TextIO) -> int:
    docs = library.documents()
    if args.json:
        out.write(json.dumps([d.__dict__ for d in docs], ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    if not docs:
        out.write("The knowledge library is empty; add files with 'relay-studio knowledge add FILE'.\n")
    for d in docs:
        pages = f"{d.pages} pages, " if d.pages else ""
        out.write(f"{d.title}\t{d.file_name}\t{d.kind}\t{pages}{d.chunk_count} passages\n")
    return EXIT_OK


class _Usage(Exception):
    """Bad input, reported as one line with exit code 2."""


def _endpoint(args: argparse.Namespace, db: Database, data_dir: Path) -> EmbeddingsEndpoint:
    """The embeddings endpoint of a stored connection (its base URL and key; custom headers are not sent)."""
    from relay_studio.knowledge.semantic import EmbeddingsEndpoint
    from relay_studio.providers.base import ProviderError
    from relay_studio.providers.factory import load_api_key
    from relay_studio.providers.secrets import SecretStore
    from relay_studio.store.connections import ConnectionStore

    if not args.connection or not args.embedding_model:
        raise _Usage("semantic search needs --connection ID and --embedding-model MODEL.")
    connection = ConnectionStore(db).get(args.connection)
    if connection is None:
        raise _Usage(f"there is no connection '{args.connection}' (see 'relay-studio connections list').")
    if connection.kind != "openai_compatible":
        raise _Usage(f"connection '{connection.id}' is not OpenAI-compatible, so it has no embeddings endpoint.")
    try:
        key = load_api_key(connection, SecretStore(data_dir))
    except ProviderError as exc:
        raise _Usage(str(exc)) from None
    if args.ollama:
        base = connection.base_url.removesuffix("/v1")
        return EmbeddingsEndpoint(base, args.embedding_model, "ollama", key)
    return EmbeddingsEndpoint(connection.base_url, args.embedding_model, "openai", key)


def _search(args: argparse.Namespace, library: KnowledgeLibrary, out: TextIO, db: Database, data_dir: Path) -> int:
    if args.semantic:
        from relay_studio.knowledge.semantic import hybrid_search

        passages = hybrid_search(library, _endpoint(args, db, data_dir), args.query, max(1, args.top_k))
    else:
        passages = library.search(args.query, max(1, args.top_k))
    if args.json:
        out.write(json.dumps([p.to_json() for p in passages], ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    if not passages:
        out.write(f"No passage matches \u201c{args.query}\u201d.\n")
    for n, p in enumerate(passages, start=1):
        out.write(f"{n}. {p.citation()}\n")
        out.write("   " + " ".join(p.text.split())[:300] + "\n")
    return EXIT_OK
