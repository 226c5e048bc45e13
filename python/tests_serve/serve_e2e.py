"""End-to-end check of `python -m ovcl.serve` (ctest python.serve): serves a small IR with Triton, sends requests
over KServe v2 HTTP and gRPC with tritonclient, and compares the answers with ovcl run in this process on the same
inputs and device. Exit code 77 (skipped) without pytriton/tritonclient here or openvino in OVCL_OV_PYTHON.

    OVCL_OV_PYTHON=build/venv/bin/python PYTHONPATH=build/python build/venv-serve/bin/python serve_e2e.py

ctest runs it with build/venv's Python and OVCL_SERVE_PYTHON=build/venv-serve/bin/python, which it switches to.
"""
import concurrent.futures
import os
import pathlib
import socket
import subprocess
import sys
import tempfile
import time

import numpy as np

from server_process import ServerProcess

SKIP = 77
REQUESTS = 24  # per protocol, at most 3 rows each
# The server runs each request inside a batch Triton formed, in-process runs it alone: the same kernels over
# more rows, so the rows agree to f32 rounding; so do GPU and REF (the same f32 math in another order). Class
# indices agree exactly.
RTOL, ATOL = 1e-5, 1e-6


def make_ir(folder: pathlib.Path) -> str:
    path = folder / "tiny_classifier.xml"
    script = pathlib.Path(__file__).with_name("make_ir.py")
    python = os.environ.get("OVCL_OV_PYTHON", sys.executable)
    done = subprocess.run([python, str(script), str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"SKIP: no openvino to write the IR with ({python}):\n{done.stderr[-400:]}")
        sys.exit(SKIP)
    return str(path)


def check_cli_errors(ir: str) -> None:
    """A bad model path, device or port fails before Triton starts, with a message and a non-zero exit code."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        for args, expected in ((["-m", "missing.xml", "-d", "REF"], "cannot open the model file"),
                               (["-m", ir, "-d", "NPU"], "device NPU is not registered"),
                               (["-m", ir, "-d", "REF", "--http-port", port], "Address already in use")):
            done = subprocess.run([sys.executable, "-m", "ovcl.serve", *args], capture_output=True, text=True,
                                  timeout=60)
            assert done.returncode != 0 and expected in done.stderr, (args, done.returncode, done.stderr[-400:])


def infer(module, url: str, feed: dict) -> dict:
    client = module.InferenceServerClient(url)
    inputs = []
    for name, array in feed.items():
        i = module.InferInput(name, list(array.shape), "FP32")
        i.set_data_from_numpy(array)
        inputs.append(i)
    result = client.infer("tiny_classifier", inputs)
    return {name: result.as_numpy(name) for name in ("logits", "probs", "top")}


def check_protocols(http: int, grpc: int, compiled, max_rows: int) -> int:
    """REQUESTS requests per protocol, 8 at a time (so that Triton batches them), each checked against ovcl."""
    import tritonclient.grpc as grpcclient
    import tritonclient.http as httpclient

    rng = np.random.RandomState(1)
    feeds = [{"image": rng.randn(rows, 3, 16, 16).astype(np.float32), "bias": rng.randn(rows, 10).astype(np.float32)}
             for rows in rng.randint(1, max_rows + 1, size=REQUESTS)]
    expected = [compiled(feed) for feed in feeds]
    checked = 0
    for module, url in ((httpclient, f"127.0.0.1:{http}"), (grpcclient, f"127.0.0.1:{grpc}")):
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(lambda feed: infer(module, url, feed), feeds))
        for feed, answer, reference in zip(feeds, answers, expected):
            for name in ("logits", "probs"):
                np.testing.assert_allclose(answer[name], reference[name], rtol=RTOL, atol=ATOL, err_msg=name)
            assert answer["top"].dtype == np.int32 and np.array_equal(answer["top"], reference["top"])
            checked += 1
    return checked


def check_bad_request(http: int) -> None:
    """An input of the wrong shape is refused by Triton with a message, and the server goes on."""
    import tritonclient.http as httpclient
    from tritonclient.utils import InferenceServerException

    try:
        infer(httpclient, f"127.0.0.1:{http}", {"image": np.zeros((1, 3, 8, 8), np.float32),
                                                 "bias": np.zeros((1, 10), np.float32)})
    except InferenceServerException as e:
        assert "image" in str(e), str(e)
    else:
        raise AssertionError("a wrong input shape was served")


def main() -> int:
    serve_python = os.environ.pop("OVCL_SERVE_PYTHON", "")  # popped: the run it starts does not start another
    if serve_python:
        if not os.path.exists(serve_python):
            print(f"SKIP: no {serve_python} (scripts/setup makes build/venv-serve with nvidia-pytriton)")
            return SKIP
        os.execv(serve_python, [serve_python, __file__])
    try:
        import pytriton  # noqa: F401
        import tritonclient.grpc  # noqa: F401
        import tritonclient.http  # noqa: F401
    except ImportError as e:
        print(f"SKIP: {e} (scripts/setup makes build/venv-serve with nvidia-pytriton and tritonclient)")
        return SKIP
    import ovcl

    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        ir = make_ir(pathlib.Path(tmp))
        check_cli_errors(ir)
        core = ovcl.Core()
        devices = [d for d in core.available_devices if d.startswith("GPU")][:1] + ["REF"]
        # The first device with batching; then REF and the GPU in one server (Triton routes each request to an
        # idle instance of either) without batching, checked against REF. With batching the server serves the IR
        # with a dynamic first axis, and so does the reference here.
        batched = core.read_model(ir)
        batched.reshape({"image": [-1, 3, 16, 16], "bias": [-1, 10]})
        runs = ((devices[0], devices[0], [], batched, 3), (",".join(devices), "REF", ["--max-batch", "0"], ir, 1))
        for devices_arg, device, extra, model, rows in runs:
            server = ServerProcess(ir, devices_arg, "tiny_classifier", *extra)
            try:
                checked = check_protocols(server.http, server.grpc, core.compile_model(model, device), rows)
                check_bad_request(server.http)
            finally:
                rc = server.stop()  # SIGTERM: Triton stopped, exit code 0
            assert rc == 0, f"server exit: {rc}\n{server.output()}"
            print(f"{devices_arg} {' '.join(extra) or 'batching'}: {checked} answers over HTTP and gRPC match ovcl")
    print(f"ok in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
