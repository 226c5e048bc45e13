"""The callable property objects of ovcl.properties."""
import enum


class Property:
    """A property key: called with no argument it is the key, with a value a (key, value) pair."""

    __slots__ = ("key", "read_only")

    def __init__(self, key: str, read_only: bool = False) -> None:
        self.key = key
        self.read_only = read_only

    def __call__(self, *value):
        if not value:
            return self.key
        if self.read_only:
            raise TypeError(f"property {self.key} is read-only")
        if len(value) != 1:
            raise TypeError(f"property {self.key} takes one value")
        v = value[0]
        return self.key, v.value if isinstance(v, enum.Enum) else v

    def __repr__(self) -> str:
        return f"<Property {self.key}{' (RO)' if self.read_only else ''}>"

    def __str__(self) -> str:
        return self.key


class TextEnum(str, enum.Enum):
    """An enum whose members are their OpenVINO text ("LATENCY"), so they pass wherever a str does."""

    def __str__(self) -> str:
        return self.value
