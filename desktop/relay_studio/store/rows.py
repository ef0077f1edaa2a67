"""Rows read through SQLAlchemy made into the domain's records, fast enough for a book's chapter.

``dict(row._mapping)`` builds a key view of the result for every row (half the time of reading a chat of 250
messages went there, bench/book_scale.py); a result's keys are read once here and zipped with each row's values."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel
from sqlalchemy import Result

M = TypeVar("M", bound=BaseModel)


def records(result: Result[Any], model: type[M]) -> list[M]:
    """Each row of ``result`` as a ``model``, its fields the row's columns of the same names."""
    keys = tuple(result.keys())
    return [model.model_validate(dict(zip(keys, row, strict=True))) for row in result]
