// The extension module ovcl._pyovcl: nanobind bindings of ovcl's C++ API. The package python/ovcl/ re-exports
// it with OpenVINO's Python names (import ovcl as ov).
#include <nanobind/stl/string.h>

#include "py_common.hpp"

namespace ovcl_py {

namespace {

// ovcl's exceptions as Python exception types of the matching built-in kinds, all under ovcl.Error.
struct ErrorTypes {
    PyObject *error, *invalid, *not_found, *not_implemented, *model_error, *busy, *cancelled;
};
ErrorTypes g_errors{};

PyObject* new_error(nb::module_& m, const char* name, PyObject* bases, const char* doc) {
    std::string full = std::string("ovcl.") + name;
    PyObject* type = PyErr_NewExceptionWithDoc(full.c_str(), doc, bases, nullptr);
    if (!type)
        throw nb::python_error();
    m.attr(name) = nb::handle(type);
    return type;
}

PyObject* with_builtin(PyObject* error, PyObject* builtin) {
    return nb::make_tuple(nb::handle(error), nb::handle(builtin)).release().ptr();
}

// The Python type and message of a C++ exception; nullptr for one that is not ovcl's or a standard one.
PyObject* error_type(const std::exception_ptr& p, std::string& message) {
    try {
        std::rethrow_exception(p);
    } catch (const ovcl::InvalidArgument& e) {
        message = e.what();
        return g_errors.invalid;
    } catch (const ovcl::NotFound& e) {
        message = e.what();
        return g_errors.not_found;
    } catch (const ovcl::NotImplemented& e) {
        message = e.what();
        return g_errors.not_implemented;
    } catch (const ovcl::ModelError& e) {
        message = e.what();
        return g_errors.model_error;
    } catch (const ovcl::Busy& e) {
        message = e.what();
        return g_errors.busy;
    } catch (const ovcl::Cancelled& e) {
        message = e.what();
        return g_errors.cancelled;
    } catch (const ovcl::Exception& e) {
        message = e.what();
        return g_errors.error;
    } catch (const std::exception& e) {
        message = e.what();
        return PyExc_RuntimeError;
    } catch (...) {
        return nullptr;
    }
}

}  // namespace

nb::object exception_object(const std::exception_ptr& p) {
    try {
        std::rethrow_exception(p);
    } catch (nb::python_error& e) {
        return nb::borrow(e.value());
    } catch (...) {
    }
    std::string message;
    PyObject* type = error_type(p, message);
    if (!type)
        return nb::borrow(PyExc_RuntimeError)(nb::str("unknown error"));
    return nb::borrow(type)(nb::str(message.c_str()));
}

}  // namespace ovcl_py

NB_MODULE(_pyovcl, m) {
    using ovcl_py::g_errors;
    m.doc() = "ovcl: an OpenVINO-style inference runtime with an OpenCL device plugin";
    // Type.f32 and the like are instances stored on their own class: a cycle nanobind reports as leaked at exit.
    nb::set_leak_warnings(false);

    g_errors.error = ovcl_py::new_error(m, "Error", PyExc_RuntimeError, "Every error ovcl reports.");
    g_errors.invalid = ovcl_py::new_error(m, "InvalidArgument", ovcl_py::with_builtin(g_errors.error, PyExc_ValueError),
                                          "A wrong argument: a shape, type, property or value.");
    g_errors.not_found = ovcl_py::new_error(m, "NotFound", ovcl_py::with_builtin(g_errors.error, PyExc_KeyError),
                                            "No such device, port, property or file.");
    g_errors.not_implemented = ovcl_py::new_error(
        m, "NotImplemented", ovcl_py::with_builtin(g_errors.error, PyExc_NotImplementedError),
        "Not supported by this device or build.");
    g_errors.model_error = ovcl_py::new_error(m, "ModelError", g_errors.error, "A model that is malformed or cannot run.");
    g_errors.busy = ovcl_py::new_error(m, "Busy", g_errors.error, "A request used while an inference is running.");
    g_errors.cancelled = ovcl_py::new_error(m, "Cancelled", g_errors.error, "An inference that was cancelled.");
    nb::register_exception_translator([](const std::exception_ptr& p, void*) {
        std::string message;
        PyObject* type = ovcl_py::error_type(p, message);
        if (type == PyExc_RuntimeError || !type)
            std::rethrow_exception(p);  // not ovcl's: nanobind's own translation
        PyErr_SetString(type, message.c_str());
    });

    m.def("get_version", [] { return ovcl::get_version().build_number; }, "The runtime's version.");

    ovcl_py::bind_types(m);
    ovcl_py::bind_tensor(m);
    ovcl_py::bind_model(m);
    ovcl_py::bind_infer_request(m);
    ovcl_py::bind_core(m);
    ovcl_py::bind_async_queue(m);
    ovcl_py::bind_preprocess(m);
}
