"""AsyncInferQueue: a pool of infer requests fed in turn, as OpenVINO's Python has it."""
import threading

from ovcl._pyovcl import CompiledModel, InferRequest


class AsyncInferQueue:
    """Runs inferences on ``jobs`` requests of one compiled model (0: the device's optimal number).

    ``start_async`` waits for an idle request, sets its inputs and starts it; the callback given to
    ``set_callback`` runs as ``callback(request, userdata)`` when each inference ends (on the device's thread,
    holding the GIL). The first error of an inference or a callback is raised by ``wait_all``; the queue goes on.
    """

    def __init__(self, model: CompiledModel, jobs: int = 0) -> None:
        if jobs < 0:
            raise ValueError(f"AsyncInferQueue: jobs must be >= 0, not {jobs}")
        if jobs == 0:
            jobs = int(model.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS") or 1)
        self._requests = [model.create_infer_request() for _ in range(jobs)]
        self._userdata = [None] * jobs
        self._idle = list(range(jobs))
        self._cond = threading.Condition()
        self._callback = None
        self._errors = []
        for i, request in enumerate(self._requests):
            request.set_callback(self._done, i)

    def _done(self, index: int) -> None:
        callback = self._callback
        try:
            if callback is not None:
                callback(self._requests[index], self._userdata[index])
        except BaseException as e:  # the user's callback: kept for wait_all, the queue goes on
            with self._cond:
                self._errors.append(e)
        finally:
            with self._cond:
                self._idle.append(index)
                self._cond.notify_all()

    def __len__(self) -> int:
        return len(self._requests)

    def __iter__(self):
        return iter(self._requests)

    def __getitem__(self, i: int) -> InferRequest:
        return self._requests[i]

    @property
    def userdata(self) -> list:
        return list(self._userdata)

    def set_callback(self, callback) -> None:
        """callback(request, userdata) after each inference; None removes it."""
        if callback is not None and not callable(callback):
            raise TypeError("AsyncInferQueue.set_callback takes a callable or None")
        self._callback = callback

    def is_ready(self) -> bool:
        """Whether a request is idle (start_async would not wait)."""
        with self._cond:
            return bool(self._idle)

    def get_idle_request_id(self) -> int:
        """Waits for an idle request and returns its index (it stays idle)."""
        with self._cond:
            self._cond.wait_for(lambda: self._idle)
            return self._idle[0]

    def _raise_pending(self) -> None:
        if self._errors:
            error, self._errors = self._errors[0], []
            raise error

    def start_async(self, inputs=None, userdata=None, share_inputs: bool = False) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self._idle)
            index = self._idle.pop(0)
        request = self._requests[index]
        try:
            request.wait()  # the previous run's callback may still be finishing on the device's thread
        except Exception as e:  # that run's error belongs to it; this run goes on
            with self._cond:
                self._errors.append(e)
        self._userdata[index] = userdata
        try:
            request.start_async(inputs, share_inputs=share_inputs)
        except BaseException:
            with self._cond:
                self._idle.append(index)
                self._cond.notify_all()
            raise

    def wait_all(self) -> None:
        """Waits for every running inference; raises the first error of an inference or a callback."""
        with self._cond:
            self._cond.wait_for(lambda: len(self._idle) == len(self._requests))
        for request in self._requests:
            try:
                request.wait()
            except Exception as e:
                with self._cond:
                    self._errors.append(e)
        with self._cond:
            self._raise_pending()
