"""Streams, as openvino.properties.streams."""
from ovcl.properties._property import Property

num = Property("NUM_STREAMS")
AUTO = -1
