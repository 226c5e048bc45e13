"""`python -m ovcl.serve` in a child process on free localhost ports, for the serving test and bench."""
import signal
import socket
import subprocess
import sys
import tempfile
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """Starts the server and waits until `name` is ready; `stop()` sends SIGTERM and returns the exit code."""

    def __init__(self, model: str, device: str, name: str, *extra: str, startup_s: float = 120) -> None:
        try:
            self._start(model, device, name, extra, startup_s)
        except RuntimeError as e:
            # A Triton instance's handshake with the serving process (PyTriton's, 1 s, no retry) sometimes fails on
            # a loaded machine (a timeout, or the socket refusing), and the model does not load. Once more.
            print(f"retrying once: {e}", file=sys.stderr)
            self._start(model, device, name, extra, startup_s)

    def _start(self, model: str, device: str, name: str, extra: tuple, startup_s: float) -> None:
        import tritonclient.http as httpclient

        self.http, self.grpc = free_port(), free_port()
        self.log = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ovcl.serve", "-m", model, "-d", device, "--name", name,
             "--http-port", str(self.http), "--grpc-port", str(self.grpc), *extra],
            stdout=self.log, stderr=subprocess.STDOUT, text=True)
        client = httpclient.InferenceServerClient(f"127.0.0.1:{self.http}")
        deadline = time.monotonic() + startup_s
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                if client.is_model_ready(name):
                    return
            except Exception:  # not listening yet
                pass
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"the server did not get ready in {startup_s:.0f} s:\n{self.output()}")

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read()[-3000:]

    def stop(self, timeout_s: float = 60):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return f"killed after {timeout_s:.0f} s"

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
