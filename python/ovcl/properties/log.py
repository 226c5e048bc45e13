"""Logging, as openvino.properties.log."""
from ovcl.properties._property import Property, TextEnum


class Level(TextEnum):
    NO = "LOG_NONE"
    ERR = "LOG_ERROR"
    WARNING = "LOG_WARNING"
    INFO = "LOG_INFO"
    DEBUG = "LOG_DEBUG"
    TRACE = "LOG_TRACE"


level = Property("LOG_LEVEL")
