"""``CodedError`` (domain/coded_error.py): the one base of the package's coded exceptions."""

from __future__ import annotations

import ast
import importlib
import pickle
from pathlib import Path

import pytest

from relay_studio.domain.coded_error import CodedError
from relay_studio.providers.base import ProviderError
from relay_studio.providers.secrets import KeychainUnavailableError
from relay_studio.runtime.errors import InvocationFailed, ToolError
from relay_studio.store.data_folder import StoreError
from relay_studio.store.database import SchemaTooNewError
from tests.support import PACKAGE, package_sources


def coded_classes() -> list[type[BaseException]]:
    """Every exception class in the package whose ``__init__`` takes ``code`` first, or inherits one that does
    (``ProfileError``, carrying diagnostics, and ``ScriptError``, one fixed code, are other shapes)."""
    found: list[type[BaseException]] = []
    for path, _text, tree in package_sources():
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            cls = getattr(importlib.import_module(module), node.name)
            if isinstance(cls, type) and issubclass(cls, BaseException) and any(map(_init_takes_code, cls.__mro__)):
                found.append(cls)
    return found


def _init_takes_code(cls: type) -> bool:
    init = vars(cls).get("__init__")
    code = getattr(init, "__code__", None)
    return code is not None and code.co_varnames[1:2] == ("code",)


def test_every_coded_exception_of_the_package_derives_from_coded_error() -> None:
    classes = coded_classes()
    names = {c.__name__ for c in classes}
    assert {"ToolError", "FatalRunError", "RunRequestError", "ForkRefused", "HandoffRefused", "SecretStoreError",
            "LibraryError", "ExportError", "StoreError", "ProjectError", "KnowledgeError", "InputRejected",
            "ConnectionProblem", "LimitExceeded", "ProviderError"} <= names
    assert [c.__name__ for c in classes if not issubclass(c, CodedError)] == []


def test_only_the_base_writes_the_code_and_message_init() -> None:
    """No subclass copies ``self.code = code; self.message = message`` again."""
    copies = [f"{path.relative_to(PACKAGE)}" for path, text, _ in package_sources()
              if "self.code = code" in text and path.name != "coded_error.py"]
    assert copies == []


def test_code_message_and_str() -> None:
    error = ToolError("TOOL_X", "The file is missing.")
    assert (error.code, error.message, str(error), error.args) == ("TOOL_X", "The file is missing.",
                                                                    "The file is missing.", ("The file is missing.",))
    assert isinstance(error, CodedError)


@pytest.mark.parametrize("error", [
    ToolError("TOOL_X", "The file is missing."),
    InvocationFailed("RUN_Y", "The model failed."),
    StoreError("STORE_Z", "The folder is read-only.", Path("/tmp/data")),
    SchemaTooNewError("The database is newer.", Path("/tmp/data/db")),
    ProviderError("PROVIDER_HTTP", "The server said no.", retryable=True, status=503, retry_after=2.0, detail="busy"),
    KeychainUnavailableError("SECRETS_KEYCHAIN_UNAVAILABLE", "No keychain."),
])
def test_a_coded_error_survives_pickle_with_its_type_and_attributes(error: CodedError) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert str(back) == str(error)
    assert back.args == error.args
    assert vars(back) == vars(error)


def test_the_old_builtin_bases_still_catch_them() -> None:
    from relay_studio.domain.bounded import LimitExceeded
    from relay_studio.domain.connections import ConnectionProblem
    from relay_studio.runtime.engine import RunRequestError

    for cls in (LimitExceeded, ConnectionProblem, RunRequestError):
        with pytest.raises(ValueError, match="too long"):
            raise cls("X", "The name is too long.")
    with pytest.raises(RuntimeError):
        raise StoreError("X", "No.", Path("."))
