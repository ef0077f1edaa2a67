"""What every tool module shares: its spec, its context, its result, argument parsing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
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
from relay_studio.runtime.tools.schema import parameters_of


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    #: The tool's arguments as one typed model: it validates them (``parse_args``), and the parameters
    #: schema the model sees is derived from it (``tools/schema.py``).
    args: type[BaseModel] | None = None
    #: The schema the model sees; given only where it is built at run time (``transfer_to_<agent>``).
    parameters: dict[str, Any] = field(default_factory=dict)
    #: The name the model calls, when it is not the canonical name's alias (``transfer_to_<agent>``).
    model_name: str | None = None

    def __post_init__(self) -> None:
        if self.args is not None:
            if self.parameters:
                raise ValueError(f"{self.name}: the parameters come from its args model, not both")
            object.__setattr__(self, "parameters", parameters_of(self.args))

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

