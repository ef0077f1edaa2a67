"""``relay-studio connections``: add, edit, list, test and remove model connections, choose the default
one, and find local servers.

Exit codes: 0 done, 2 bad usage or input (one line on stderr naming the problem, nothing changed),
3 the connection did not work (``test``, ``models``). API keys are read only from standard input, never
from the command line (where shell history and process lists would keep them), and never printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # light at import: the CLI's parser is built from here for --help and the window
    from relay_studio.providers.connections import Connection
    from relay_studio.providers.secrets import SecretStore
    from relay_studio.store.connections import ConnectionStore
    from relay_studio.store.database import Database

from relay_studio.domain.error_codes import CONNECTION_KEY_NOT_ASCII as KEY_NOT_ASCII
from relay_studio.domain.secret_values import SHORT_SECRET_CHARS

EXIT_OK, EXIT_USAGE, EXIT_FAILED = 0, 2, 3
KINDS = ("openai_compatible", "anthropic")


class _PresetNames:
    """The ``--preset`` choices, read from the providers only when argparse shows or checks them."""

    def _names(self) -> list[str]:
        from relay_studio.providers.connections import PRESETS

        return sorted(PRESETS)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()


def check_header_text(value: str, what: str) -> None:
    """Refuses a secret an HTTP header cannot carry: headers are ASCII, and a key with another character
    (or a non-UTF-8 byte) made every run fail and ``connections test`` print a traceback."""
    if not (value.isascii() and value.isprintable()):
        bad = next(c for c in value if not (c.isascii() and c.isprintable()))
        where = value.index(bad) + 1
        raise _Usage(f"{what} has a character an HTTP header cannot carry at position {where} (only printable "
                     f"ASCII: letters, digits and punctuation); check that it was copied whole and nothing "
                     f"else. [{KEY_NOT_ASCII}]")


class _Usage(Exception):
    """Bad input, reported as one line with exit code 2."""


def add_connections_parser(subparsers: Any) -> None:
    """Adds ``connections`` with its actions to the CLI's subparsers."""
    data_dir = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: a --data-dir given before the command is not overwritten by this parser's default.
    data_dir.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="where settings live")
    parent = subparsers.add_parser(
        "connections", parents=[data_dir], help="model connections: hosted APIs and local servers"
    )
    sub = parent.add_subparsers(dest="connections_command", metavar="ACTION", required=True)

    listing = sub.add_parser("list", parents=[data_dir], help="list connections")
    listing.add_argument("--json", action="store_true", help="print JSON (never a key)")

    add = sub.add_parser("add", parents=[data_dir], help="add a connection")
    add.add_argument("id", help="a name for the connection, e.g. openai-main")
    preset = add.add_argument("--preset", help="fill kind and base URL for a known host")
    preset.choices = _PresetNames()  # set after add_argument, which would list them at once
    add.add_argument("--kind", choices=KINDS)
    add.add_argument("--base-url", help="e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1")
    add.add_argument("--model", help="the default model")
    add.add_argument("--api-key-stdin", action="store_true", help="read the API key from standard input")
    add.add_argument(
        "--use-file-secrets",
        action="store_true",
        help="where no keychain exists, keep keys in a file only you can read (0600) in the data folder",
    )
    _header_options(add)
    add.add_argument("--read-timeout", type=float, help="seconds of silence before a stream counts as stalled")
    add.add_argument("--price-input", type=float, metavar="PER_MILLION", help="input price per million tokens")
    add.add_argument("--price-output", type=float, metavar="PER_MILLION", help="output price per million tokens")
    add.add_argument("--price-cached", type=float, metavar="PER_MILLION", help="cached input price per million")
    add.add_argument("--replace", action="store_true", help="replace a connection with the same id")

    edit = sub.add_parser("edit", parents=[data_dir], help="change a connection in place")
    edit.add_argument("id")
    edit.add_argument("--kind", choices=KINDS)
    edit.add_argument("--base-url", help="the server's new address")
    edit.add_argument("--model", help="the default model ('' for none)")
    edit.add_argument("--api-key-stdin", action="store_true", help="read a new API key from standard input")
    edit.add_argument("--use-file-secrets", action="store_true",
                      help="where no keychain exists, keep keys in a file only you can read (0600)")
    _header_options(edit)
    edit.add_argument("--remove-header", action="append", default=[], metavar="NAME", help="drop a header")
    edit.add_argument("--read-timeout", type=float, help="seconds of silence before a stream counts as stalled")

    default = sub.add_parser("default", parents=[data_dir],
                             help="print the default connection, or make ID the default")
    default.add_argument("id", nargs="?")

    remove = sub.add_parser("remove", parents=[data_dir], help="remove a connection and forget its key")
    remove.add_argument("id")

    test = sub.add_parser("test", parents=[data_dir], help="send a one-token request")
    test.add_argument("id")
    test.add_argument("--model", help="the model to test (default: the connection's)")

    found = sub.add_parser("detect", parents=[data_dir], help="look for model servers on this machine")
    found.add_argument("--json", action="store_true")
    found.add_argument("--port", type=int, action="append", default=[], metavar="N",
                       help="also look on this port (repeatable)")

    models = sub.add_parser("models", parents=[data_dir], help="list the models a connection offers")
    models.add_argument("id")
    models.add_argument("--json", action="store_true")


def _header_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--header", action="append", default=[], metavar="NAME=VALUE",
                        help="an extra header; its value is kept like a key (keychain), never in the database")
    parser.add_argument("--header-plain", action="append", default=[], metavar="NAME=VALUE",
                        help="an extra header whose value is no secret (stored as it is)")


def run_connections(
    args: argparse.Namespace,
    db: Database,
    data_dir: Path,
    *,
    secrets: SecretStore | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    from relay_studio.providers.connections import ConnectionProblem
    from relay_studio.providers.factory import secure_legacy_headers
    from relay_studio.providers.secrets import KeychainUnavailableError, SecretStore, SecretStoreError
    from relay_studio.store.connections import ConnectionStore

    out, err = stdout or sys.stdout, stderr or sys.stderr
    ctx = _Context(ConnectionStore(db), secrets or SecretStore(data_dir), stdin or sys.stdin, out, err)
    action = args.connections_command
    secure_legacy_headers(ctx.store, ctx.secrets)  # values stored plain by an older version: to the keychain
    try:
        if action == "list":
            return ctx.list(args)
        if action == "add":
            return ctx.add(args)
        if action == "edit":
            return ctx.edit(args)
        if action == "default":
            return ctx.default(args)
        if action == "remove":
            return ctx.remove(args)
        if action == "test":
            return ctx.test(args)
        if action == "detect":
            return ctx.detect(args)
        if action == "models":
            return ctx.models(args)
        raise _Usage(f"Unknown connections action '{action}'.")
    except (_Usage, ConnectionProblem, KeychainUnavailableError) as exc:
        err.write(f"error: {exc}\n")
        return EXIT_USAGE
    except SecretStoreError as exc:
        err.write(f"error: {exc.message}\n")
        return EXIT_FAILED


class _Context:
    def __init__(self, store: ConnectionStore, secrets: SecretStore, stdin: TextIO, out: TextIO, err: TextIO) -> None:
        self.store, self.secrets, self.stdin, self.out, self.err = store, secrets, stdin, out, err

    def list(self, args: argparse.Namespace) -> int:
        rows = [(c, self.secrets.locate(c.id)) for c in self.store.list()]
        default = self.store.default_id()
        if args.json:
            payload = [
                {**c.model_dump(mode="json", by_alias=True, exclude_none=True, exclude={"legacy_headers"}),
                 "keyStoredIn": where, "default": c.id == default}
                for c, where in rows
            ]
            self.out.write(json.dumps(payload, indent=2) + "\n")
            return EXIT_OK
        if not rows:
            self.out.write("No connections yet. Add one with 'relay-studio connections add ID ...'.\n")
            return EXIT_OK
        table = [("ID", "KIND", "MODEL", "KEY", "BASE URL")]
        table += [(c.id, c.kind, c.default_model or "-", where or "-", c.base_url) for c, where in rows]
        widths = [max(len(row[i]) for row in table) for i in range(4)]
        for row in table:
            self.out.write(
                "  ".join([*(cell.ljust(w) for cell, w in zip(row[:4], widths, strict=True)), row[4]]) + "\n"
            )
        self.out.write(f"Default connection: {default}.\n")
        return EXIT_OK

    def add(self, args: argparse.Namespace) -> int:
        from relay_studio.providers.secrets import SecretStoreError

        connection, header_values = self._connection_from(args)
        existing = self.store.get(connection.id)
        if existing is not None and not args.replace:
            raise _Usage(f"A connection '{connection.id}' already exists; remove it first or pass --replace.")
        api_key = self._read_key(args, connection) if args.api_key_stdin else None
        if header_values:
            self._need_secret_store(args, connection)
        if existing is None:
            self.store.add(connection)
        else:
            self.store.save(connection)
        try:
            where = self._store_secrets(connection.id, api_key, header_values)
        except SecretStoreError:
            if existing is None:
                self.store.remove(connection.id)
            raise
        self._note_file(where)
        self.out.write(f"Added connection '{connection.id}' ({connection.kind}, {connection.base_url}).\n")
        if self.store.default_id() == connection.id and existing is None:
            self.out.write("It is the default connection: agents set to use the default run on it.\n")
        if api_key is None and not connection.is_local and self.secrets.locate(connection.id) is None:
            self.err.write(
                f"note: connection '{connection.id}' has no API key; add one with "
                f"'relay-studio connections edit {connection.id} --api-key-stdin'.\n"
            )
        return EXIT_OK

    def edit(self, args: argparse.Namespace) -> int:
        from relay_studio.providers.connections import parse_connection

        current = self.store.require(args.id)
        data = current.model_dump(by_alias=True, exclude_none=True)
        if args.kind:
            data["kind"] = args.kind
        if args.base_url is not None:
            data["baseUrl"] = args.base_url
        if args.model is not None:
            data["defaultModel"] = args.model.strip() or None
        if args.read_timeout is not None:
            data["timeouts"] = {**data.get("timeouts", {}), "read": args.read_timeout}
        plain = dict(current.headers)
        secret = list(current.secret_headers)
        removed: list[str] = []
        for name in args.remove_header:
            lowered = name.strip().lower()
            hits = [n for n in (*plain, *secret, *current.legacy_headers) if n.lower() == lowered]
            if not hits:
                raise _Usage(f"Connection '{current.id}' has no header '{name}'.")
            removed += [n for n in hits if n in secret]
            plain = {k: v for k, v in plain.items() if k.lower() != lowered}
            secret = [n for n in secret if n.lower() != lowered]
            data["legacyHeaders"] = {k: v for k, v in data.get("legacyHeaders", {}).items() if k.lower() != lowered}
        new_plain = dict(_header(h) for h in args.header_plain)
        new_secret = dict(_header(h) for h in args.header)
        for name in new_plain:  # a header that becomes plain is no secret any more
            removed += [n for n in secret if n.lower() == name.lower()]
            secret = [n for n in secret if n.lower() != name.lower()]
        for name in new_secret:
            plain = {k: v for k, v in plain.items() if k.lower() != name.lower()}
            secret = [n for n in secret if n.lower() != name.lower()] + [name]
        data["headers"] = {**plain, **new_plain}
        data["secretHeaders"] = secret
        edited = parse_connection(data)
        api_key = self._read_key(args, edited) if args.api_key_stdin else None
        if new_secret:
            self._need_secret_store(args, edited)
        where = self._store_secrets(edited.id, api_key, new_secret)  # first: a failure changes nothing
        self.store.save(edited)
        for name in removed:
            if name not in edited.secret_headers:
                self.secrets.delete_header(edited.id, name)
        self._note_file(where)
        self.out.write(f"Changed connection '{edited.id}' ({edited.kind}, {edited.base_url}"
                       + (f", model {edited.default_model}" if edited.default_model else "") + ").\n")
        return EXIT_OK

    def default(self, args: argparse.Namespace) -> int:
        if args.id:
            self.store.set_default(args.id)
            self.out.write(f"'{args.id}' is now the default connection.\n")
            return EXIT_OK
        found = self.store.default_id()
        if found is None:
            self.out.write("No connections yet. Add one with 'relay-studio connections add ID ...'.\n")
        else:
            self.out.write(found + "\n")
        return EXIT_OK

    def _read_key(self, args: argparse.Namespace, connection: Connection) -> str:
        api_key = self.stdin.readline().strip()
        if not api_key:
            raise _Usage("No API key arrived on standard input.")
        check_header_text(api_key, "The API key")
        if len(api_key) < SHORT_SECRET_CHARS:
            self.err.write(f"note: the API key has only {len(api_key)} characters; it is kept out of everything "
                           "stored and shown, so those characters may also vanish from ordinary text there.\n")
        self._need_secret_store(args, connection)
        return api_key

    def _check_stored(self, connection: Connection, api_key: str | None) -> None:
        """A key stored before keys were checked (``check_header_text``) is refused before it is sent."""
        if api_key:
            check_header_text(api_key, f"The stored API key of connection '{connection.id}' (set it again with "
                                       f"'connections edit {connection.id} --api-key-stdin')")

    def _need_secret_store(self, args: argparse.Namespace, connection: Connection) -> None:
        if args.use_file_secrets and not self.secrets.keychain_available:
            self.secrets.enable_file_store()
        if not self.secrets.keychain_available and not self.secrets.file_store_enabled:
            raise self.secrets.unavailable_error(connection.id)

    def _store_secrets(self, connection_id: str, api_key: str | None, headers: dict[str, str]) -> str | None:
        where: str | None = None
        if api_key is not None:
            where = self.secrets.set(connection_id, api_key)
        for name, value in headers.items():
            where = self.secrets.set_header(connection_id, name, value)
        return where

    def _note_file(self, where: str | None) -> None:
        if where == "file":
            self.err.write(
                f"note: no system keychain here; secrets are kept in {self.secrets.file_path} "
                "(readable only by you).\n"
            )

    def _connection_from(self, args: argparse.Namespace) -> tuple[Connection, dict[str, str]]:
        """The connection the arguments describe, and the values of its secret headers."""
        from relay_studio.providers.connections import PRESETS, parse_connection

        header_values = dict(_header(h) for h in args.header)
        for name, value in header_values.items():
            check_header_text(value, f"The value of the header {name}")
        preset = PRESETS.get(args.preset) if args.preset else None
        kind = args.kind or (preset.kind if preset else None)
        base_url = args.base_url or (preset.base_url if preset else None)
        if kind is None:
            raise _Usage("Name the connection's kind with --kind openai_compatible|anthropic (or use --preset).")
        if base_url is None:
            raise _Usage("Name the server with --base-url URL (or use --preset).")
        data: dict[str, Any] = {
            "id": args.id,
            "kind": kind,
            "baseUrl": base_url,
            "defaultModel": args.model or (preset.default_model if preset else None),
            "headers": dict(_header(h) for h in args.header_plain),
            "secretHeaders": [name for name, _ in header_values.items()],
        }
        if preset is not None:
            data["maxTokensField"] = preset.max_tokens_field
        if args.read_timeout is not None:
            data["timeouts"] = {"read": args.read_timeout}
        if args.price_input is not None or args.price_output is not None:
            if args.price_input is None or args.price_output is None:
                raise _Usage("Give both --price-input and --price-output (per million tokens).")
            data["prices"] = {
                "inputPerMillion": args.price_input,
                "outputPerMillion": args.price_output,
                "cachedInputPerMillion": args.price_cached,
            }
        return parse_connection(data), header_values

    def remove(self, args: argparse.Namespace) -> int:
        found = self.store.get(args.id)
        was_default = self.store.default_id() == args.id
        if found is None or not self.store.remove(args.id):
            raise _Usage(f"There is no connection '{args.id}'.")
        self.secrets.delete(args.id, headers=found.secret_headers)
        self.out.write(f"Removed connection '{args.id}' and forgot its key.\n")
        now = self.store.default_id()
        if was_default and now is not None:
            self.out.write(f"The default connection is now '{now}'.\n")
        return EXIT_OK

    def test(self, args: argparse.Namespace) -> int:
        import asyncio

        from relay_studio.providers import detect
        from relay_studio.providers.base import ProviderError
        from relay_studio.providers.factory import load_api_key, with_secret_headers

        connection = self.store.require(args.id)
        try:
            api_key = load_api_key(connection, self.secrets)
            connection = with_secret_headers(connection, self.secrets)
        except ProviderError as exc:
            self.err.write(f"error: {exc.message}\n")
            return EXIT_FAILED
        self._check_stored(connection, api_key)
        result = asyncio.run(detect.check_connection(connection, api_key, model=args.model))
        (self.out if result.ok else self.err).write(result.message + "\n")
        return EXIT_OK if result.ok else EXIT_FAILED

    def models(self, args: argparse.Namespace) -> int:
        import asyncio

        from relay_studio.providers.base import ProviderError
        from relay_studio.providers.factory import load_api_key, with_secret_headers
        from relay_studio.providers.model_list import list_models

        connection = self.store.require(args.id)
        try:
            api_key = load_api_key(connection, self.secrets)
            self._check_stored(connection, api_key)
            names = asyncio.run(list_models(with_secret_headers(connection, self.secrets), api_key))
        except ProviderError as exc:
            self.err.write(f"error: {exc.message}\n")
            return EXIT_FAILED
        if args.json:
            self.out.write(json.dumps(names) + "\n")
        elif not names:
            self.out.write(f"Connection '{connection.id}' offers no models.\n")
        else:
            self.out.write("".join(f"{name}\n" for name in names))
        return EXIT_OK

    def detect(self, args: argparse.Namespace) -> int:
        import asyncio

        from relay_studio.providers import detect

        try:
            servers = detect.servers_to_probe(args.port, detect.LOCAL_SERVERS)
        except ValueError as exc:
            raise _Usage(f"--port: {exc}.") from None
        found = asyncio.run(detect.detect_local_servers(servers))
        if args.json:
            payload = [{"preset": s.preset, "label": s.label, "baseUrl": s.base_url, "models": s.models} for s in found]
            self.out.write(json.dumps(payload, indent=2) + "\n")
            return EXIT_OK
        tried = detect.ports_tried(servers)
        if not found:
            self.out.write(f"No local model server answered (tried ports {tried}).\n")
            return EXIT_OK
        for server in found:
            models = ", ".join(server.models[:5]) + (", ..." if len(server.models) > 5 else "")
            self.out.write(
                f"{server.label} at {server.base_url} offers {len(server.models)} models"
                + (f" ({models})" if models else "")
                + ".\n"
            )
            suggested = server.suggested_connection()
            model = f" --model {server.models[0]}" if server.models else ""
            self.out.write(
                f"  add it: relay-studio connections add {suggested.id} --kind openai_compatible "
                f"--base-url {server.base_url}{model}\n"
            )
        self.out.write(f"Tried ports {tried}.\n")
        return EXIT_OK


def _header(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise _Usage(f"A header must look like NAME=VALUE, not '{text}'.")
    return name.strip(), value.strip()
