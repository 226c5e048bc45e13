"""Performance hints, as openvino.properties.hint."""
from ovcl.properties._property import Property, TextEnum


class PerformanceMode(TextEnum):
    LATENCY = "LATENCY"
    THROUGHPUT = "THROUGHPUT"
    CUMULATIVE_THROUGHPUT = "CUMULATIVE_THROUGHPUT"


class ExecutionMode(TextEnum):
    PERFORMANCE = "PERFORMANCE"
    ACCURACY = "ACCURACY"


performance_mode = Property("PERFORMANCE_HINT")
num_requests = Property("PERFORMANCE_HINT_NUM_REQUESTS")
inference_precision = Property("INFERENCE_PRECISION_HINT")
execution_mode = Property("EXECUTION_MODE_HINT")
