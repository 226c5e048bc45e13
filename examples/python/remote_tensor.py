#!/usr/bin/env python3
"""Inference on data that stays in the device's memory: the input is uploaded once into an OpenCL buffer of the
GPU's context, the output is written into another, and only the result is read back (docs/remote.md).
    python remote_tensor.py model.xml [GPU]
"""
import sys

import numpy as np

import ovcl as ov


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    device = argv[2] if len(argv) > 2 else "GPU"
    core = ov.Core()
    model = core.read_model(argv[1])
    context = core.get_default_context(device)
    compiled = core.compile_model(model, context)
    request = compiled.create_infer_request()

    port_in, port_out = compiled.input(), compiled.output()
    image = np.random.default_rng(0).uniform(-1, 1, port_in.shape).astype(port_in.element_type.to_dtype())
    device_input = context.create_tensor(port_in.element_type, port_in.shape)
    device_input.copy_from(image)  # one upload
    device_output = context.create_tensor(port_out.element_type, port_out.shape)
    request.set_tensor(port_in, device_input)
    request.set_tensor(port_out, device_output)
    for _ in range(3):  # each inference reads and writes device memory only
        request.infer()

    host = ov.Tensor(port_out.element_type, port_out.shape)
    device_output.copy_to(host)  # one read back
    print(f"cl_mem of the output: {device_output.get_params()['MEM_HANDLE']:#x}")
    print("output:", np.array2string(host.data.reshape(-1)[:8], precision=4))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
