"""OVDict: inference results indexable by port, index or tensor name, as OpenVINO's Python returns them."""
from collections.abc import Mapping


class OVDict(Mapping):
    """A read-only mapping from output ports to numpy arrays.

    ``results[port]``, ``results[0]`` and ``results["logits"]`` all find an output; ``to_dict()`` gives the
    plain dict, ``to_tuple()`` the arrays in output order, ``names()`` the tensor names of each output.
    """

    __slots__ = ("_dict", "_ports")

    def __init__(self, values: dict) -> None:
        self._dict = values
        self._ports = list(values)

    def __len__(self) -> int:
        return len(self._dict)

    def __iter__(self):
        return iter(self._dict)

    def __repr__(self) -> str:
        return repr(self._dict)

    def _port(self, key):
        if isinstance(key, int):
            try:
                return self._ports[key]
            except IndexError:
                raise IndexError(f"output index {key} is out of range: the model has {len(self._ports)} outputs")
        if isinstance(key, str):
            for port in self._ports:
                if key in port.names:
                    return port
            known = ", ".join(sorted(n for p in self._ports for n in p.names)) or "none"
            raise KeyError(f"no output is named '{key}' (the outputs: {known})")
        if key in self._dict:
            return key
        names = getattr(key, "names", None)
        if names:
            for port in self._ports:
                if port.names == names:
                    return port
        raise KeyError(f"{key!r} is not an output of this model")

    def __getitem__(self, key):
        return self._dict[self._port(key)]

    def keys(self):
        return self._dict.keys()

    def values(self):
        return self._dict.values()

    def items(self):
        return self._dict.items()

    def names(self):
        """The tensor names of each output, in order."""
        return tuple(port.names for port in self._ports)

    def to_dict(self) -> dict:
        return dict(self._dict)

    def to_tuple(self) -> tuple:
        return tuple(self._dict.values())
