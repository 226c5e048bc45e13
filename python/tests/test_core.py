"""Core: devices, properties, read_model in every form, compile_model, query_model, errors."""
import pathlib

import numpy as np
import pytest

import ovcl as ov
from conftest import assert_close


def test_devices_and_versions(core):
    devices = core.available_devices
    assert "REF" in devices
    assert devices == core.get_available_devices()
    versions = core.get_versions("REF")
    assert "REF" in versions and versions["REF"].build_number == ov.get_version()


def test_properties(core, device):
    supported = core.get_property(device, "SUPPORTED_PROPERTIES")
    assert isinstance(supported, list) and "FULL_DEVICE_NAME" in supported
    assert isinstance(core.get_property(device, ov.properties.device.full_name), str)
    low, high, step = core.get_property(device, "RANGE_FOR_ASYNC_INFER_REQUESTS")
    assert 1 <= low <= high and step >= 1
    assert core.get_property(device, "PERF_COUNT") is False
    with pytest.raises(ov.Error, match="NO_SUCH_PROPERTY"):
        core.get_property(device, "NO_SUCH_PROPERTY")
    with pytest.raises(ov.Error, match="NO_SUCH_PROPERTY"):
        core.set_property(device, {"NO_SUCH_PROPERTY": 1})


def test_read_model_forms(core, irs, image, ov_cpu):
    path = irs["conv"]
    xml = pathlib.Path(path).read_bytes()
    weights = pathlib.Path(path).with_suffix(".bin").read_bytes()
    expected = ov_cpu(path, [image])
    for model in (core.read_model(path), core.read_model(pathlib.Path(path)),
                  core.read_model(xml, weights), core.read_model(xml.decode(), ov.Tensor(np.frombuffer(weights, np.uint8)))):
        assert [o.get_type_name() for o in model.get_ops()].count("Convolution") == 1
        result = core.compile_model(model, "REF")(image)
        assert_close(result["pooled"], expected[1])


def test_read_model_errors(core, tmp_path):
    with pytest.raises(ov.Error, match="missing.xml"):
        core.read_model(str(tmp_path / "missing.xml"))
    bad = tmp_path / "bad.xml"
    bad.write_text("<net><layers><layer id='0' type='Nope'/></layers></net>")
    with pytest.raises(ov.Error):
        core.read_model(str(bad))


def test_compile_forms(core, irs, image, ov_cpu):
    expected = ov_cpu(irs["conv"], [image])
    for compiled in (core.compile_model(irs["conv"], "REF"), ov.compile_model(irs["conv"], "REF"),
                     core.compile_model(core.read_model(irs["conv"]), "REF", {ov.properties.enable_profiling: True})):
        assert_close(compiled(image)[0], expected[0])
    default = core.compile_model(irs["conv"])  # no device: the first GPU, else REF
    assert default.get_property("EXECUTION_DEVICES")[0].split(".")[0] in ("GPU", "REF")
    with pytest.raises(ov.Error, match="NOPE"):
        core.compile_model(irs["conv"], "NOPE")


def test_query_model(core, irs, device):
    model = core.read_model(irs["conv"])
    supported = core.query_model(model, device)
    names = {op.get_friendly_name() for op in model.get_ops()}
    assert names == set(supported)
    assert all(d.split(".")[0] == device.split(".")[0] for d in supported.values())


def test_properties_module():
    props = ov.properties
    assert props.enable_profiling() == "PERF_COUNT"
    assert props.hint.performance_mode(props.hint.PerformanceMode.THROUGHPUT) == ("PERFORMANCE_HINT", "THROUGHPUT")
    with pytest.raises(TypeError):
        props.device.full_name("x")


def test_compile_with_hints(core, irs, device):
    hints = ov.properties.hint
    compiled = core.compile_model(irs["conv"], device, {hints.performance_mode: hints.PerformanceMode.THROUGHPUT})
    assert compiled.get_property(hints.performance_mode) == "THROUGHPUT"
    assert compiled.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS") >= 1
