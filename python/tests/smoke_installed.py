"""The installed wheel's check (scripts/test runs it in a fresh venv after `pip install .`): the package imports
from site-packages, finds its plugins, and runs an IR on every device with the same results as REF.
    python smoke_installed.py tests/data/ir/conv_add_relu_v10.xml
"""
import pathlib
import re
import sys

import numpy as np

import ovcl as ov


def main(xml_path):
    where = pathlib.Path(ov.__file__).resolve().parent
    assert "site-packages" in where.parts, f"ovcl imported from {where}, not from the installed wheel"
    xml = pathlib.Path(xml_path).read_bytes()
    # The IR's weights: deterministic values filling every constant's byte range.
    ends = [int(o) + int(s) for o, s in re.findall(rb'offset="(\d+)" size="(\d+)"', xml)]
    weights = (np.arange((max(ends) + 3) // 4, dtype=np.float32) % 7 - 3).tobytes() if ends else b""
    core = ov.Core()
    devices = core.available_devices
    model = core.read_model(xml, weights)
    rng = np.random.default_rng(0)
    inputs = {p.any_name: rng.uniform(-1, 1, p.shape).astype(p.element_type.to_dtype()) for p in model.inputs}
    results = {d: core.compile_model(model, d)(inputs) for d in devices}
    for d in devices:
        for i in range(len(model.outputs)):
            np.testing.assert_allclose(results[d][i], results["REF"][i], rtol=1e-4, atol=1e-5)
    print(f"ovcl {ov.get_version()} from {where}: {', '.join(devices)} agree on {pathlib.Path(xml_path).name}")


if __name__ == "__main__":
    main(sys.argv[1])
