"""Pre- and post-processing folded into the model, as openvino.preprocess."""
from ovcl._pyovcl.preprocess import (  # noqa: F401
    ColorFormat,
    InputInfo,
    InputModelInfo,
    InputTensorInfo,
    OutputInfo,
    OutputModelInfo,
    OutputTensorInfo,
    PostProcessSteps,
    PrePostProcessor,
    PreProcessSteps,
    ResizeAlgorithm,
)
