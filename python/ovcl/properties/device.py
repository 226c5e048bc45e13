"""Device properties, as openvino.properties.device."""
from ovcl.properties._property import Property, TextEnum


class Type(TextEnum):
    INTEGRATED = "integrated"
    DISCRETE = "discrete"


class Capability:
    FP32 = "FP32"
    FP16 = "FP16"
    EXPORT_IMPORT = "EXPORT_IMPORT"


id = Property("DEVICE_ID")  # noqa: A001  (OpenVINO's name)
full_name = Property("FULL_DEVICE_NAME", read_only=True)
architecture = Property("DEVICE_ARCHITECTURE", read_only=True)
type = Property("DEVICE_TYPE", read_only=True)  # noqa: A001
capabilities = Property("OPTIMIZATION_CAPABILITIES", read_only=True)
