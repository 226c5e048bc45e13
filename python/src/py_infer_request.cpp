// InferRequest, ProfilingInfo and VariableState for Python.
#include "py_infer_request.hpp"

#include <cstring>

#include <nanobind/stl/chrono.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace ovcl_py {

using namespace ovcl;

namespace {

using Clock = std::chrono::steady_clock;

bool is_scalar(nb::handle v) {
    return nb::isinstance<nb::int_>(v) || nb::isinstance<nb::float_>(v) || nb::isinstance<nb::bool_>(v);
}

// A list that is one input's value rather than a list of inputs: scalars, or lists of scalars (OpenVINO's rule).
bool is_simple_list(nb::handle value) {
    if (!nb::isinstance<nb::list>(value) && !nb::isinstance<nb::tuple>(value))
        return false;
    for (nb::handle v : nb::iter(value)) {
        if (nb::isinstance<nb::list>(v)) {
            for (nb::handle e : nb::iter(v))
                if (!is_scalar(e))
                    return false;
        } else if (!is_scalar(v)) {
            return false;
        }
    }
    return true;
}

nb::object ovdict(nb::dict values) {
    static nb::object* cls = new nb::object(nb::module_::import_("ovcl._ovdict").attr("OVDict"));
    return (*cls)(values);
}

}  // namespace

struct PyInferRequest::State {
    std::mutex mutex;
    std::shared_ptr<PyObject> callback, userdata;
    std::function<void(std::exception_ptr)> done_hook;
    Clock::time_point start{}, end{};
};

PyInferRequest::PyInferRequest(InferRequest request)
    : m_request(std::move(request)), m_state(std::make_shared<State>()) {
    CompiledModel cm = m_request.get_compiled_model();
    m_inputs = writable(cm.inputs());
    m_outputs = writable(cm.outputs());
    std::weak_ptr<State> weak = m_state;
    // Always installed: it stamps the end time without the GIL, and takes the GIL only for a Python callback.
    m_request.set_callback([weak](std::exception_ptr error) {
        auto state = weak.lock();
        if (!state)
            return;
        std::shared_ptr<PyObject> callback, userdata;
        std::function<void(std::exception_ptr)> hook;
        {
            std::lock_guard<std::mutex> lock(state->mutex);
            state->end = Clock::now();
            callback = state->callback;
            userdata = state->userdata;
            hook = state->done_hook;
        }
        if (hook) {
            hook(error);
            return;
        }
        if (!callback || !Py_IsInitialized())
            return;
        callback_gil gil;
        try {
            nb::handle(callback.get())(userdata ? nb::handle(userdata.get()) : nb::handle(Py_None));
        } catch (nb::python_error& e) {
            e.discard_as_unraisable("in an InferRequest callback");
        }
    });
}

PyInferRequest::~PyInferRequest() {
    // An inference in flight may be waiting for the GIL in its callback: release it while the request ends.
    nb::gil_scoped_release release;
    m_request = InferRequest();
}

InputValue PyInferRequest::convert_input(const Output<Node>& port, nb::handle value, bool share_inputs) const {
    if (nb::isinstance<Tensor>(value))
        return {port, nb::cast<const Tensor&>(value), false};
    element::Type type = port.get_element_type();
    if (!type.is_static())
        type = element::undefined;
    // Without share_inputs the values are copied, converted to the port's type, as OpenVINO copies them: a view of
    // the array here (a converted copy when its type differs), copied into the request's tensor by apply_inputs.
    // A port without a static type takes a copy as it is.
    if (!share_inputs && type == element::undefined)
        return {port, tensor_from_array(value, false, type), false};
    return {port, tensor_from_array(value, true, type), !share_inputs};
}

void PyInferRequest::apply_inputs(const InputValues& values) {
    for (const auto& v : values) {
        if (v.copy) {
            // Into the request's own host tensor when it fits; else a copy of its own (the view must not stay).
            Tensor current = m_request.get_tensor(v.port);
            const size_t bytes = v.tensor.get_byte_size();
            if (current && !current.is<IRemoteTensor>() && current.is_continuous() &&
                current.get_element_type() == v.tensor.get_element_type() &&
                current.get_shape() == v.tensor.get_shape()) {
                if (bytes)
                    std::memcpy(current.data(), v.tensor.data(), bytes);
                continue;
            }
            Tensor own(v.tensor.get_element_type(), v.tensor.get_shape());
            if (bytes)
                std::memcpy(own.data(), v.tensor.data(), bytes);
            m_request.set_tensor(v.port, own);
            continue;
        }
        m_request.set_tensor(v.port, v.tensor);
    }
}

InputValues PyInferRequest::convert_inputs(nb::handle inputs, bool share_inputs) const {
    InputValues values;
    if (inputs.is_none())
        return values;
    if (nb::isinstance<nb::dict>(inputs)) {
        for (auto [k, v] : nb::borrow<nb::dict>(inputs))
            values.push_back(convert_input(find_port(m_inputs, k, "input"), v, share_inputs));
        return values;
    }
    if ((nb::isinstance<nb::list>(inputs) || nb::isinstance<nb::tuple>(inputs)) &&
        !(m_inputs.size() == 1 && is_simple_list(inputs))) {
        size_t n = nb::len(inputs);
        if (n > m_inputs.size())
            raise<InvalidArgument>(n, " inputs given to a model of ", m_inputs.size(), " inputs");
        size_t i = 0;
        for (nb::handle v : nb::iter(inputs)) {
            values.push_back(convert_input(m_inputs[i], v, share_inputs));
            ++i;
        }
        return values;
    }
    if (m_inputs.size() != 1)
        raise<InvalidArgument>("one input given to a model of ", m_inputs.size(),
                               " inputs: pass a list or a dict {index | name | port: value}");
    values.push_back(convert_input(m_inputs[0], inputs, share_inputs));
    return values;
}

void PyInferRequest::set_inputs(nb::handle inputs, bool share_inputs) {
    if (inputs.is_none())
        return;
    if (share_inputs)
        m_shared_inputs = nb::borrow(inputs);
    apply_inputs(convert_inputs(inputs, share_inputs));
}

nb::object PyInferRequest::results(bool share_outputs) {
    if (nb::len(m_output_keys) != m_outputs.size()) {  // the Python port objects, made once: the results' keys
        nb::list keys;
        for (const auto& port : m_outputs)
            keys.append(nb::cast(port));
        m_output_keys = keys;
    }
    nb::dict values;
    for (size_t i = 0; i < m_outputs.size(); ++i) {
        Tensor t = m_request.get_tensor(m_outputs[i]);
        values[m_output_keys[i]] = share_outputs && !t.is<IRemoteTensor>() ? tensor_view(t) : tensor_copy(t);
    }
    return ovdict(values);
}

nb::object PyInferRequest::infer(nb::handle inputs, bool share_inputs, bool share_outputs) {
    set_inputs(inputs, share_inputs);
    {
        nb::gil_scoped_release release;
        auto start = Clock::now();
        m_request.infer();
        std::lock_guard<std::mutex> lock(m_state->mutex);
        m_state->start = start;
        m_state->end = Clock::now();
    }
    return results(share_outputs);
}

void PyInferRequest::start_async(nb::handle inputs, nb::handle userdata, bool share_inputs) {
    set_inputs(inputs, share_inputs);
    if (!userdata.is_none())
        set_userdata(userdata);
    nb::gil_scoped_release release;
    start_released();
}

void PyInferRequest::start_released() {
    {
        std::lock_guard<std::mutex> lock(m_state->mutex);
        m_state->start = Clock::now();
    }
    m_request.start_async();
}

void PyInferRequest::wait() {
    nb::gil_scoped_release release;
    m_request.wait();
}

bool PyInferRequest::wait_for(int64_t timeout_ms) {
    nb::gil_scoped_release release;
    return m_request.wait_for(std::chrono::milliseconds(timeout_ms));
}

void PyInferRequest::set_callback(nb::handle callback, nb::handle userdata) {
    if (!callback.is_none() && !PyCallable_Check(callback.ptr()))
        raise<InvalidArgument>("set_callback takes a callable (or None), not ",
                               nb::cast<std::string>(nb::str(callback.type())));
    auto cb = py_ref(callback);
    auto ud = py_ref(userdata);
    std::lock_guard<std::mutex> lock(m_state->mutex);
    m_state->callback = cb;
    if (ud)
        m_state->userdata = ud;
}

nb::object PyInferRequest::userdata() const {
    std::lock_guard<std::mutex> lock(m_state->mutex);
    return m_state->userdata ? nb::borrow(m_state->userdata.get()) : nb::none();
}

void PyInferRequest::set_userdata(nb::handle userdata) {
    auto ud = py_ref(userdata);
    std::lock_guard<std::mutex> lock(m_state->mutex);
    m_state->userdata = ud;
}

void PyInferRequest::set_done_hook(std::function<void(std::exception_ptr)> hook) {
    std::lock_guard<std::mutex> lock(m_state->mutex);
    m_state->done_hook = std::move(hook);
}

Output<Node> PyInferRequest::port(nb::handle key) const {
    if (nb::isinstance<nb::int_>(key))
        return find_port(m_inputs, key, "input");
    if (const Output<Node>* p = match_port(m_inputs, key))
        return *p;
    if (const Output<Node>* p = match_port(m_outputs, key))
        return *p;
    OutputVector all = m_inputs;
    all.insert(all.end(), m_outputs.begin(), m_outputs.end());
    return find_port(all, key, "input or output");
}

double PyInferRequest::latency_ms() const {
    std::lock_guard<std::mutex> lock(m_state->mutex);
    if (m_state->end < m_state->start)
        return 0.0;
    return std::chrono::duration<double, std::milli>(m_state->end - m_state->start).count();
}

void bind_infer_request(nb::module_& m) {
    nb::enum_<ProfilingInfo::Status>(m, "ProfilingStatus")
        .value("NOT_RUN", ProfilingInfo::Status::NOT_RUN)
        .value("OPTIMIZED_OUT", ProfilingInfo::Status::OPTIMIZED_OUT)
        .value("EXECUTED", ProfilingInfo::Status::EXECUTED);
    nb::class_<ProfilingInfo>(m, "ProfilingInfo", "The time of one op (PERF_COUNT), as ov.ProfilingInfo.")
        .def_ro("status", &ProfilingInfo::status)
        .def_ro("real_time", &ProfilingInfo::real_time)
        .def_ro("cpu_time", &ProfilingInfo::cpu_time)
        .def_ro("node_name", &ProfilingInfo::node_name)
        .def_ro("exec_type", &ProfilingInfo::exec_type)
        .def_ro("node_type", &ProfilingInfo::node_type)
        .def("__repr__", [](const ProfilingInfo& p) {
            return "<ProfilingInfo: " + p.node_name + " (" + p.node_type + ") " + std::to_string(p.real_time.count()) +
                   " us>";
        });

    nb::class_<VariableState>(m, "VariableState", "The state of a ReadValue/Assign variable, as ov.VariableState.")
        .def("get_name", &VariableState::get_name)
        .def_prop_ro("name", &VariableState::get_name)
        .def("reset", &VariableState::reset)
        .def("get_state", &VariableState::get_state)
        .def("set_state", &VariableState::set_state)
        .def_prop_rw("state", &VariableState::get_state, &VariableState::set_state);

    nb::class_<PyInferRequest>(m, "InferRequest", "One inference at a time on a compiled model, as ov.InferRequest.")
        .def("infer", &PyInferRequest::infer, nb::arg("inputs").none() = nb::none(), nb::arg("share_inputs") = false,
             nb::arg("share_outputs") = false,
             "Runs one inference (the GIL released) and returns the outputs as an OVDict. inputs: one value, a list "
             "by index, or a dict by index, name or port; values are numpy arrays (or anything numpy reads) or "
             "Tensors. share_inputs: the request reads the arrays in place (keep them unchanged until it ends); "
             "share_outputs: the results view the request's memory (valid until its next inference).")
        .def("start_async", &PyInferRequest::start_async, nb::arg("inputs").none() = nb::none(),
             nb::arg("userdata").none() = nb::none(), nb::arg("share_inputs") = false)
        .def("wait", &PyInferRequest::wait)
        .def("wait_for", &PyInferRequest::wait_for, nb::arg("timeout"),
             "Waits at most `timeout` ms; True when the inference has ended.")
        .def("cancel", [](PyInferRequest& r) { r.get().cancel(); })
        .def("set_callback", &PyInferRequest::set_callback, nb::arg("callback").none(), nb::arg("userdata").none() = nb::none())
        .def_prop_rw("userdata", &PyInferRequest::userdata, &PyInferRequest::set_userdata)
        .def_prop_ro("latency", &PyInferRequest::latency_ms, "The last inference's time in ms.")
        .def_prop_ro("results", [](PyInferRequest& r) { return r.results(false); })
        .def("get_tensor", [](PyInferRequest& r, nb::handle key) { return r.get().get_tensor(r.port(key)); },
             nb::arg("key"), "The tensor of an input or output, by tensor name, index (inputs) or port.")
        .def("set_tensor", [](PyInferRequest& r, nb::handle key, const Tensor& t) {
            r.get().set_tensor(r.port(key), t);
        }, nb::arg("key"), nb::arg("tensor"))
        .def("set_tensors", [](PyInferRequest& r, nb::dict tensors) {
            for (auto [k, v] : tensors)
                r.get().set_tensor(r.port(k), nb::cast<const Tensor&>(v));
        }, nb::arg("tensors"), "{name | index | port: Tensor}.")
        .def("get_input_tensor", [](PyInferRequest& r, nb::handle i) {
            return i.is_none() ? r.get().get_input_tensor() : r.get().get_input_tensor(nb::cast<size_t>(i));
        }, nb::arg("index").none() = nb::none())
        .def("get_output_tensor", [](PyInferRequest& r, nb::handle i) {
            return i.is_none() ? r.get().get_output_tensor() : r.get().get_output_tensor(nb::cast<size_t>(i));
        }, nb::arg("index").none() = nb::none())
        .def("set_input_tensor", [](PyInferRequest& r, const Tensor& t) { r.get().set_input_tensor(t); },
             nb::arg("tensor"))
        .def("set_input_tensor", [](PyInferRequest& r, size_t i, const Tensor& t) { r.get().set_input_tensor(i, t); },
             nb::arg("index"), nb::arg("tensor"))
        .def("set_output_tensor", [](PyInferRequest& r, const Tensor& t) { r.get().set_output_tensor(t); },
             nb::arg("tensor"))
        .def("set_output_tensor", [](PyInferRequest& r, size_t i, const Tensor& t) {
            r.get().set_output_tensor(i, t);
        }, nb::arg("index"), nb::arg("tensor"))
        .def_prop_ro("input_tensors", [](PyInferRequest& r) {
            std::vector<Tensor> out;
            for (const auto& p : r.inputs())
                out.push_back(r.get().get_tensor(p));
            return out;
        })
        .def_prop_ro("output_tensors", [](PyInferRequest& r) {
            std::vector<Tensor> out;
            for (const auto& p : r.outputs())
                out.push_back(r.get().get_tensor(p));
            return out;
        })
        .def_prop_ro("model_inputs", &PyInferRequest::inputs)
        .def_prop_ro("model_outputs", &PyInferRequest::outputs)
        .def("get_profiling_info", [](PyInferRequest& r) { return r.get().get_profiling_info(); })
        .def_prop_ro("profiling_info", [](PyInferRequest& r) { return r.get().get_profiling_info(); })
        .def("query_state", [](PyInferRequest& r) { return r.get().query_state(); })
        .def("reset_state", [](PyInferRequest& r) { r.get().reset_state(); })
        .def("get_compiled_model", [](PyInferRequest& r) { return PyCompiledModel(r.get().get_compiled_model()); });
}

}  // namespace ovcl_py
