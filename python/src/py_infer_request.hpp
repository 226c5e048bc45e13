// The Python InferRequest: an ovcl::InferRequest plus what OpenVINO's Python request carries (userdata, the
// callback, the last latency), and the input dispatch shared with CompiledModel.__call__.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "py_common.hpp"

namespace ovcl_py {

/// One input value converted with the GIL, to be set on a request without it (AsyncInferQueue starts requests from
/// the device's thread). `copy`: copied into the request's own tensor when it fits, as OpenVINO copies inputs;
/// else `tensor` (a Tensor given, or an array shared with share_inputs) is set on the request.
struct InputValue {
    ovcl::Output<ovcl::Node> port;
    ovcl::Tensor tensor;
    bool copy = false;
};
using InputValues = std::vector<InputValue>;

class PyInferRequest {
public:
    explicit PyInferRequest(ovcl::InferRequest request);
    ~PyInferRequest();
    PyInferRequest(const PyInferRequest&) = delete;
    PyInferRequest& operator=(const PyInferRequest&) = delete;

    /// Sets `inputs` (None, one value, a list by index, or a dict by index / name / port) on the request.
    void set_inputs(nb::handle inputs, bool share_inputs);
    /// The values of `inputs` as set_inputs reads them (with the GIL; any request of the same compiled model).
    InputValues convert_inputs(nb::handle inputs, bool share_inputs) const;
    /// Sets converted values; needs no GIL. The values' arrays are released where `values` is dropped.
    void apply_inputs(const InputValues& values);
    /// Starts the request as it is; needs no GIL.
    void start_released();
    /// The outputs as an OVDict of numpy arrays: views of the request's tensors when shared, else copies.
    nb::object results(bool share_outputs);
    nb::object infer(nb::handle inputs, bool share_inputs, bool share_outputs);
    void start_async(nb::handle inputs, nb::handle userdata, bool share_inputs);
    void wait();
    bool wait_for(int64_t timeout_ms);
    /// callback(userdata) once each asynchronous inference completes; None removes it.
    void set_callback(nb::handle callback, nb::handle userdata);
    double latency_ms() const;
    /// Runs instead of the Python callback when each asynchronous inference ends, on the device's thread without
    /// the GIL (AsyncInferQueue's completion); empty removes it.
    void set_done_hook(std::function<void(std::exception_ptr)> hook);
    /// An input or output by tensor name or port (inputs first), or an input by index.
    ovcl::Output<ovcl::Node> port(nb::handle key) const;

    ovcl::InferRequest& get() { return m_request; }
    const ovcl::OutputVector& inputs() const { return m_inputs; }
    const ovcl::OutputVector& outputs() const { return m_outputs; }
    nb::object userdata() const;
    void set_userdata(nb::handle userdata);

private:
    struct State;
    InputValue convert_input(const ovcl::Output<ovcl::Node>& port, nb::handle value, bool share_inputs) const;
    ovcl::InferRequest m_request;
    ovcl::OutputVector m_inputs, m_outputs;
    std::shared_ptr<State> m_state;
    nb::object m_shared_inputs;  ///< arrays shared with the last inference, kept alive until the next
    nb::list m_output_keys;      ///< the outputs as Python ports (the results' keys), made by the first results()
};

/// A compiled model plus the request CompiledModel.__call__ reuses, as OpenVINO's Python keeps one.
struct PyCompiledModel {
    explicit PyCompiledModel(ovcl::CompiledModel m) : model(std::move(m)) {}
    PyCompiledModel(PyCompiledModel&&) = default;
    ~PyCompiledModel() {
        request.reset();
        nb::gil_scoped_release release;  // the device's streams end without holding up Python threads
        model = ovcl::CompiledModel();
    }
    ovcl::CompiledModel model;
    std::unique_ptr<PyInferRequest> request;
};

}  // namespace ovcl_py
