"""Writes the small IR that serve_e2e.py serves (run with the `openvino` wheel's Python: build/venv)."""
import sys

import numpy as np
import openvino as ov
import openvino.opset13 as ops


def main(path: str) -> None:
    rng = np.random.RandomState(0)
    # A static first axis of 1, as most exported IRs have: ovcl.serve makes it dynamic to batch.
    image = ops.parameter([1, 3, 16, 16], np.float32, name="image")
    bias = ops.parameter([1, 10], np.float32, name="bias")
    conv = ops.relu(ops.convolution(image, ops.constant(rng.randn(8, 3, 3, 3).astype(np.float32) * 0.3),
                                    [1, 1], [1, 1], [1, 1], [1, 1]))
    pooled = ops.reduce_mean(conv, ops.constant(np.array([2, 3], np.int64)), False)
    logits = ops.add(ops.matmul(pooled, ops.constant(rng.randn(8, 10).astype(np.float32)), False, False), bias)
    logits.output(0).set_names({"logits"})
    probs = ops.softmax(logits, 1)
    probs.output(0).set_names({"probs"})
    top = ops.topk(logits, ops.constant(np.int64(1)), 1, "max", "value", "i32")
    top.output(1).set_names({"top"})
    model = ov.Model([logits.output(0), probs.output(0), top.output(1)], [image, bias], "tiny_classifier")
    ov.save_model(model, path, compress_to_fp16=False)


if __name__ == "__main__":
    main(sys.argv[1])
