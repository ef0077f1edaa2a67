"""The parameter schema a model sees, derived from a tool's one typed model of its arguments.

Pydantic's JSON schema says more than a model needs and some servers accept: titles, defaults,
``$ref``/``$defs``, ``anyOf`` with ``null`` for every optional field, string lengths. What is sent is the
plain shape the providers take everywhere: ``type``, the field descriptions, ``enum``, ``items``,
``properties``, ``required``, ``additionalProperties`` (``false`` for a model that forbids extra fields)
and integer/number bounds. String lengths stay in the validation only: a local server compiles the
schema into a grammar, and a ``maxLength`` of 20,000 would blow it up. A model's docstring is for code
readers and never sent; a nested object is described by its field.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, WithJsonSchema

#: the schema keywords sent, in the order they are written out
_KEPT = ("type", "description", "enum", "items", "properties", "required", "additionalProperties",
         "minimum", "maximum", "anyOf")

#: Shown to the model as text / a list of texts, taken as sent: a brief renders whatever a field holds.
AskedText = Annotated[Any, WithJsonSchema({"type": "string"})]
AskedTexts = Annotated[Any, WithJsonSchema({"type": "array", "items": {"type": "string"}})]


def parameters_of(model: type[BaseModel]) -> dict[str, Any]:
    """The parameters schema of a tool whose arguments ``model`` validates (field aliases as names)."""
    full = model.model_json_schema(by_alias=True)
    defs: dict[str, Any] = full.get("$defs", {})
    top = {k: v for k, v in full.items() if k not in ("$defs", "description")}
    return _clean(top, defs)


def shown_as(model: type[BaseModel]) -> WithJsonSchema:
    """For an object field checked later by ``model`` (with its own sentence): the model is shown ``model``."""
    return WithJsonSchema(parameters_of(model))


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """Inlines a ``$ref`` (its own description, the model's docstring, gives way to the field's) and
    collapses ``anyOf [X, null]`` (an optional field) to ``X``."""
    if "$ref" in node:
        target = dict(defs[node["$ref"].rsplit("/", 1)[-1]])
        target.pop("description", None)
        return _resolve({**target, **{k: v for k, v in node.items() if k != "$ref"}}, defs)
    options = node.get("anyOf")
    if isinstance(options, list):
        kept = [o for o in options if o != {"type": "null"}]
        if len(kept) == 1:
            rest = {k: v for k, v in node.items() if k != "anyOf"}
            return _resolve({**_resolve(kept[0], defs), **rest}, defs)
    return node


def _clean(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    node = _resolve(node, defs)
    if "enum" not in node and "const" in node:
        node = {**node, "enum": [node["const"]]}
    out: dict[str, Any] = {}
    for key in _KEPT:
        if key not in node:
            continue
        value = node[key]
        if key == "properties":
            value = {name: _clean(sub, defs) for name, sub in value.items()}
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            value = _clean(value, defs)
        elif key == "anyOf":
            value = [_clean(option, defs) for option in value]
        out[key] = value
    if out.get("required") == []:
        del out["required"]
    return out
