"""Frozen records as JSON and back, checked on the way in.

A table's snapshot (:mod:`widgets.controllers.snapshot`) and the felt's inputs
(:mod:`comet_render.felt_data`) are frozen dataclasses of text, whole numbers, booleans, tuples and
other such records. :func:`to_json` writes one as plain JSON values; :func:`from_json` reads one back
and checks every field against its declared type, so that a value arriving from a network is either
exactly a record of that class or refused with :class:`FrozenError` saying which field was wrong.
Standard library only.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import lru_cache
from typing import Any, TypeVar, Union

T = TypeVar("T")
MAX_DEPTH = 12


class FrozenError(ValueError):
    """A JSON value that is not a record of the class asked for: says where and why."""


def to_json(value: Any) -> Any:
    """``value`` (a frozen dataclass, a tuple, text, a number, a boolean or None) as JSON values:
    a record becomes an object of its fields, a tuple a list."""
    kind = value.__class__
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return [to_json(v) for v in value]
    names = _names(kind)
    if names is None:
        if isinstance(value, str):  # (a sentence that knows where its quoted call stands: its text)
            return str(value)
        raise TypeError(f"{kind.__name__} has no JSON form in a frozen record")
    return {name: to_json(getattr(value, name)) for name in names}


_PLAIN = frozenset({str, int, float, bool, type(None)})


@lru_cache(maxsize=None)
def _names(kind: type) -> tuple[str, ...] | None:
    """The fields of the dataclass ``kind`` (None if it is not one)."""
    if not dataclasses.is_dataclass(kind):
        return None
    return tuple(f.name for f in dataclasses.fields(kind))


@lru_cache(maxsize=None)
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def from_json(cls: type[T], data: Any) -> T:
    """The record of class ``cls`` that ``data`` (JSON values, as :func:`to_json` writes them) holds;
    :class:`FrozenError` when a field is missing, unknown or of another type."""
    return typing.cast(T, _read(cls, data, cls.__name__, 0))


def _read(kind: Any, data: Any, where: str, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise FrozenError(f"{where}: nested too deeply")
    origin = typing.get_origin(kind)
    if kind is Any:
        raise FrozenError(f"{where}: a frozen record has no field of any type")
    if origin in (Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        problems = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _read(option, data, where, depth + 1)
            except FrozenError as error:
                problems.append(str(error))
        raise FrozenError(problems[0] if len(problems) == 1 else f"{where}: none of {kind} fits")
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list):
            raise FrozenError(f"{where}: expected a list, not {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], v, f"{where}[{i}]", depth + 1) for i, v in enumerate(data))
        if len(args) != len(data):
            raise FrozenError(f"{where}: expected {len(args)} values, not {len(data)}")
        return tuple(_read(a, v, f"{where}[{i}]", depth + 1) for i, (a, v) in enumerate(zip(args, data)))
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise FrozenError(f"{where}: expected an object, not {type(data).__name__}")
        fields = _hints(kind)
        names = {name for name, _hint in fields}
        unknown = sorted(str(k) for k in data if k not in names)
        if unknown:
            raise FrozenError(f"{where}: unknown field {unknown[0]!r}")
        missing = [name for name, _hint in fields if name not in data]
        if missing:
            raise FrozenError(f"{where}: missing field {missing[0]!r}")
        return kind(**{name: _read(hint, data[name], f"{where}.{name}", depth + 1) for name, hint in fields})
    if kind is bool:
        if not isinstance(data, bool):
            raise FrozenError(f"{where}: expected true or false, not {type(data).__name__}")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise FrozenError(f"{where}: expected a whole number, not {type(data).__name__}")
        return data
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise FrozenError(f"{where}: expected a number, not {type(data).__name__}")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise FrozenError(f"{where}: expected text, not {type(data).__name__}")
        return data
    if kind is type(None):
        if data is not None:
            raise FrozenError(f"{where}: expected null")
        return None
    raise TypeError(f"{where}: {kind!r} cannot be read from JSON")
