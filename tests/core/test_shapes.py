"""``parlour.core.shapes``: a view shape as a JSON Schema, and the check of a value against it."""

# Annotations evaluated, not postponed: Python 3.11 finds NotRequired keys only in evaluated ones.

from typing import Annotated, Literal, NotRequired, TypedDict

import pytest

from parlour.core.shapes import Earlier, Fixed, LogEntry, json_schema, log_entry, mismatches


class Spot(TypedDict):
    """A spot."""

    at: tuple[int, str]
    tags: list[str]


class Shape(TypedDict):
    kind: Literal["x"]
    seat: int | None
    ratio: float
    flag: bool
    spots: list[Spot]
    earlier: NotRequired[Earlier]


GOOD: dict[str, object] = {"kind": "x", "seat": None, "ratio": 1, "flag": True,
                           "spots": [{"at": [0, "a"], "tags": []}]}


def test_a_value_that_fits_has_no_mismatch() -> None:
    assert mismatches(GOOD, Shape) == []
    assert mismatches({**GOOD, "seat": 2, "earlier": {"count": 1, "totals": [3, -3]}}, Shape) == []


@pytest.mark.parametrize(("change", "found"), [
    ({"kind": "y"}, "view.kind: 'y' is none of ['x']"),
    ({"seat": True}, "view.seat: True is none of int | NoneType"),
    ({"flag": 1}, "view.flag: 1 is no bool"),
    ({"extra": 1}, "view: 'extra' is not declared in Shape"),
    ({"spots": [{"at": [0], "tags": []}]}, "view.spots[0].at: 1 items, not 2"),
    ({"spots": [{"at": [0, 1], "tags": []}]}, "view.spots[0].at[1]: 1 is no str"),
    ({"earlier": {"count": 1}}, "view.earlier: no 'totals'"),
])
def test_each_departure_is_named_where_it_is(change: dict[str, object], found: str) -> None:
    assert mismatches({**GOOD, **change}, Shape) == [found]


def test_a_missing_required_key_is_named() -> None:
    assert mismatches({k: v for k, v in GOOD.items() if k != "ratio"}, Shape) == ["view: no 'ratio'"]


def test_the_schema_closes_objects_and_names_nested_shapes() -> None:
    schema = json_schema(Shape)
    assert schema["title"] == "Shape" and schema["additionalProperties"] is False
    assert schema["required"] == ["kind", "seat", "ratio", "flag", "spots"]
    assert schema["properties"]["seat"] == {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    assert schema["properties"]["spots"] == {"type": "array", "items": {"$ref": "#/$defs/Spot"}}
    assert schema["$defs"]["Spot"]["description"] == "A spot."
    assert schema["$defs"]["Spot"]["properties"]["at"] == {
        "type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "items": False,
        "minItems": 2, "maxItems": 2}


def test_a_type_json_cannot_hold_is_refused() -> None:
    class Odd(TypedDict):
        when: set[int]

    with pytest.raises(TypeError, match="JSON types only"):
        json_schema(Odd)


class Logged(TypedDict):
    log: list[LogEntry]
    hint: Annotated[int, "no Fixed"]


def test_a_fixed_list_is_a_fixed_array_in_the_schema_and_the_check() -> None:
    schema = json_schema(Logged)
    assert schema["properties"]["log"]["items"] == {
        "type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "items": False,
        "minItems": 2, "maxItems": 2}
    assert schema["properties"]["hint"] == {"type": "integer"}
    assert mismatches({"log": [[0, "a"]], "hint": 1}, Logged) == []
    assert mismatches({"log": [[0, 1], [0], "x"], "hint": 1}, Logged) == [
        "view.log[0][1]: 1 is no str", "view.log[1]: 1 items, not 2", "view.log[2]: str, not an array"]
    assert log_entry([2, "b"]) == (2, "b")


def test_a_fixed_list_whose_items_its_type_cannot_hold_is_refused() -> None:
    class Odd(TypedDict):
        row: Annotated[list[int], Fixed(int, str)]

    with pytest.raises(TypeError, match="Fixed array"):
        json_schema(Odd)
