"""Properties by their OpenVINO names, as openvino.properties.

Each property is callable: ``cache_dir()`` is its key ("CACHE_DIR"), ``cache_dir("c/")`` a (key, value) pair.
A property (or its key) can be a key of a config dict: ``{props.enable_profiling: True}``.
"""
from ovcl.properties._property import Property
from ovcl.properties import device, hint, log, streams  # noqa: F401

supported_properties = Property("SUPPORTED_PROPERTIES", read_only=True)
available_devices = Property("AVAILABLE_DEVICES", read_only=True)
model_name = Property("NETWORK_NAME", read_only=True)
optimal_number_of_infer_requests = Property("OPTIMAL_NUMBER_OF_INFER_REQUESTS", read_only=True)
execution_devices = Property("EXECUTION_DEVICES", read_only=True)
loaded_from_cache = Property("LOADED_FROM_CACHE", read_only=True)
range_for_async_infer_requests = Property("RANGE_FOR_ASYNC_INFER_REQUESTS", read_only=True)
enable_profiling = Property("PERF_COUNT")
cache_dir = Property("CACHE_DIR")
num_streams = Property("NUM_STREAMS")
exclusive_async_requests = Property("EXCLUSIVE_ASYNC_REQUESTS")
