"""ovcl: an OpenVINO-style inference runtime with an OpenCL device plugin.

The API follows OpenVINO's Python API (``import openvino as ov``) for the part ovcl has, so code written for it
runs with ``import ovcl as ov``. See docs/python.md.
"""
from ovcl._pyovcl import (  # noqa: F401  (the public API)
    AsyncInferQueue,
    Busy,
    Cancelled,
    CompiledModel,
    Core,
    Dimension,
    Error,
    InferRequest,
    InvalidArgument,
    Layout,
    Model,
    ModelError,
    Node,
    NotFound,
    NotImplemented,
    Output,
    PartialShape,
    ProfilingInfo,
    ProfilingStatus,
    RemoteContext,
    RemoteTensor,
    Shape,
    Tensor,
    Type,
    VariableState,
    Version,
    get_version,
)
from ovcl._ovdict import OVDict  # noqa: F401
from ovcl import preprocess, properties  # noqa: F401

__version__ = get_version()


def compile_model(model, device_name=None, config=None):
    """Reads (when a path is given) and compiles a model on a Core of its own, as ov.compile_model."""
    return Core().compile_model(model, device_name, config)
