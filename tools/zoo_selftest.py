"""tools/model_zoo.py --selftest: one small IR made with the openvino wheel (no exporters) through the zoo's run and
report code, in a temporary folder: a convolution, a MatMul and a GRN (a host step on GPU), so that the
comparison, the query parsing, the FLOP count, the host-step count and the report are all exercised."""

import json
import os
import tempfile

import numpy as np


def build(folder):
    import openvino as ov
    import openvino.opset13 as ops

    rng = np.random.default_rng(7)
    x = ops.parameter([1, 3, 8, 8], np.float32, name="image")
    conv = ops.convolution(x, ops.constant(rng.standard_normal((4, 3, 3, 3)).astype(np.float32)), [1, 1], [1, 1],
                           [1, 1], [1, 1])
    normed = ov.opset1.grn(ops.relu(conv), 1e-6)
    flat = ops.reshape(normed, ops.constant(np.array([1, 256], np.int64)), False)
    logits = ops.matmul(flat, ops.constant(rng.standard_normal((256, 5)).astype(np.float32)), False, False)
    os.makedirs(os.path.join(folder, "selftest", "inputs"))
    xml = os.path.join(folder, "selftest", "selftest.xml")
    ov.save_model(ov.Model([logits], [x], "selftest"), xml, compress_to_fp16=False)
    np.save(os.path.join(folder, "selftest", "inputs", "0.npy"), rng.standard_normal((1, 3, 8, 8)).astype(np.float32))
    entry = {"name": "selftest", "family": "cnn", "xml": xml, "tolerance": 1e-3, "stateful": False, "prompt": None,
             "inputs": {"image": os.path.join(folder, "selftest", "inputs", "0.npy")}}
    with open(os.path.join(folder, "selftest", "entry.json"), "w") as f:
        json.dump(entry, f)
    return entry


def main(args, run_model):
    import zoo_report

    with tempfile.TemporaryDirectory() as zoo:
        args.zoo, args.time, args.hints = zoo, 1, "latency"
        entry = build(zoo)
        res = run_model(entry, args)
        res.update(date="selftest", command="tools/model_zoo.py --selftest")
        os.makedirs(os.path.join(zoo, "results"))
        with open(os.path.join(zoo, "results", "selftest.json"), "w") as f:
            json.dump(res, f)
        report = os.path.join(zoo, "zoo.md")
        zoo_report.write(zoo, report, args.ovcl)
        with open(report) as f:
            text = f.read()
    expect_flops = 2 * 4 * 64 * 27 + 2 * 5 * 256 + 3 * 256  # conv, MatMul, one per element of Relu, GRN, Reshape
    checks = {
        "GPU ran": res["GPU"].get("stage") == "done",
        "REF ran": res["REF"].get("stage") == "done",
        "GPU matches OpenVINO CPU": res["GPU"].get("compare", {}).get("ok"),
        "REF matches OpenVINO CPU": res["REF"].get("compare", {}).get("ok"),
        "5 ops counted": res.get("ops", {}).get("ops") == 5,
        f"{expect_flops} FLOPs": res.get("ops", {}).get("flops") == expect_flops,
        "GRN refused, nothing moved": res.get("host_refused") == {"GRN-v1": 1} and res.get("host_moved") == {},
        "one host step": len(res["GPU"].get("profile", {}).get("host_steps", [])) == 1,
        "both benchmarks": set(res.get("bench", {})) == {"ovcl", "openvino"},
        "report row": "| selftest | cnn | yes/yes/yes | yes/yes/yes |" in text,
    }
    for what, ok in checks.items():
        print(f"{'ok  ' if ok else 'FAIL'} {what}")
    failed = [w for w, ok in checks.items() if not ok]
    if failed:
        print(json.dumps(res, indent=1, default=str))
    print(f"{len(checks) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0
