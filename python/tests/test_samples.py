"""The OpenVINO-style samples of examples/python: they run under `import ovcl as ov` and, with only the import
renamed, under OpenVINO (CPU), printing the same classes."""
import pathlib
import subprocess
import sys

import pytest

SAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"


def _run(script, *args):
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_classification_async(irs, device, tmp_path):
    ours = _run(SAMPLES / "classification_async.py", irs["classifier"], device)
    assert ours.count("top classes") == 3
    as_openvino = tmp_path / "classification_async_openvino.py"
    as_openvino.write_text((SAMPLES / "classification_async.py").read_text().replace(
        "import ovcl as ov", "import openvino as ov"))
    assert _run(as_openvino, irs["classifier"], "CPU") == ours


def test_classification_usage():
    done = subprocess.run([sys.executable, str(SAMPLES / "classification_async.py")], capture_output=True, text=True)
    assert done.returncode == 2 and "python classification_async.py" in done.stderr


def test_remote_tensor(irs, gpu):
    out = _run(SAMPLES / "remote_tensor.py", irs["conv"], gpu)
    assert "cl_mem of the output: 0x" in out
