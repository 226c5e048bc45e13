// The extension module ovcl._pyovcl: nanobind bindings of ovcl's C++ API. The package python/ovcl/ re-exports
// it with OpenVINO's Python names (import ovcl as ov).
#include <nanobind/stl/string.h>

#include "py_common.hpp"

namespace {

PyObject* new_error(nb::module_& m, const char* name, PyObject* bases, const char* doc) {
    std::string full = std::string("ovcl.") + name;
    PyObject* type = PyErr_NewExceptionWithDoc(full.c_str(), doc, bases, nullptr);
    if (!type)
        throw nb::python_error();
    m.attr(name) = nb::handle(type);
    return type;
}

}  // namespace

NB_MODULE(_pyovcl, m) {
    m.doc() = "ovcl: an OpenVINO-style inference runtime with an OpenCL device plugin";
    // Type.f32 and the like are instances stored on their own class: a cycle nanobind reports as leaked at exit.
    nb::set_leak_warnings(false);

    // ovcl's exceptions as Python exceptions of the matching built-in kinds, all under ovcl.Error.
    static PyObject* error = new_error(m, "Error", PyExc_RuntimeError, "Every error ovcl reports.");
    static PyObject* invalid = new_error(m, "InvalidArgument", nb::make_tuple(nb::handle(error),
        nb::handle(PyExc_ValueError)).release().ptr(), "A wrong argument: a shape, type, property or value.");
    static PyObject* not_found = new_error(m, "NotFound", nb::make_tuple(nb::handle(error),
        nb::handle(PyExc_KeyError)).release().ptr(), "No such device, port, property or file.");
    static PyObject* not_impl = new_error(m, "NotImplemented", nb::make_tuple(nb::handle(error),
        nb::handle(PyExc_NotImplementedError)).release().ptr(), "Not supported by this device or build.");
    static PyObject* model_error = new_error(m, "ModelError", error, "A model that is malformed or cannot run.");
    static PyObject* busy = new_error(m, "Busy", error, "A request used while an inference is running.");
    static PyObject* cancelled = new_error(m, "Cancelled", error, "An inference that was cancelled.");
    nb::register_exception_translator([](const std::exception_ptr& p, void*) {
        try {
            std::rethrow_exception(p);
        } catch (const ovcl::InvalidArgument& e) {
            PyErr_SetString(invalid, e.what());
        } catch (const ovcl::NotFound& e) {
            PyErr_SetString(not_found, e.what());
        } catch (const ovcl::NotImplemented& e) {
            PyErr_SetString(not_impl, e.what());
        } catch (const ovcl::ModelError& e) {
            PyErr_SetString(model_error, e.what());
        } catch (const ovcl::Busy& e) {
            PyErr_SetString(busy, e.what());
        } catch (const ovcl::Cancelled& e) {
            PyErr_SetString(cancelled, e.what());
        } catch (const ovcl::Exception& e) {
            PyErr_SetString(error, e.what());
        }
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
