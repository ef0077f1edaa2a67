"""What every tool module shares: its spec, its context, its result, argument parsing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from relay_studio.domain import error_codes as codes
from relay_studio.domain.messages import ToolSchema
from relay_studio.domain.tool_names import alias
from relay_studio.domain.validation import first_problem

# ToolContext and ToolResult live with the run state and the effects; every tool module takes them from here.
from relay_studio.runtime.context import ToolContext as ToolContext
from relay_studio.runtime.effects import ToolResult as ToolResult
from relay_studio.runtime.errors import ToolError


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any]
    #: The name the model calls, when it is not the canonical name's alias (``transfer_to_<agent>``).
    model_name: str | None = None

    @property
    def alias(self) -> str:
        return self.model_name or alias(self.name)

    def schema(self) -> ToolSchema:
        return ToolSchema(name=self.alias, description=self.description, parameters=self.parameters)


ToolFn = Callable[[ToolContext, dict[str, Any]], Awaitable[ToolResult]]


@dataclass(frozen=True)
class Tool:
    spec: ToolSpec
    run: ToolFn


M = TypeVar("M", bound=BaseModel)


def parse_args(model: type[M], args: dict[str, Any], tool_alias: str) -> M:
    """Validates arguments; a problem becomes ``tool.invalid_arguments`` naming the field."""
    try:
        return model.model_validate(args)
    except ValidationError as exc:
        detail = first_problem(exc, "arguments").line(unknown="is not a parameter of this tool")
        raise ToolError(
            codes.TOOL_INVALID_ARGUMENTS, f"The arguments for {tool_alias} are not valid: {detail}."
        ) from None


def string_prop(description: str) -> dict[str, Any]:
    return {"type": "string", "description": description}


def string_list_prop(description: str) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string"}, "description": description}
