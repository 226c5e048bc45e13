// Conversions shared by the binding files: numpy <-> Tensor, Python values <-> Any, ports by key.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <exception>
#include <memory>

#include <ovcl/ovcl.hpp>

namespace nb = nanobind;

namespace ovcl_py {

/// A reference to a Python object that may be dropped on a thread without the GIL (a device's executor): the last
/// owner takes the GIL to release it. Null for None.
std::shared_ptr<PyObject> py_ref(nb::handle object);

/// Holds the GIL on any thread, as nb::gil_scoped_acquire, for calls into Python from a device's thread (callbacks,
/// releasing arrays). A thread Python did not start keeps its Python thread state from one hold to the next, where
/// gil_scoped_acquire makes and frees one each time: a fresh state maps and unmaps 16 KiB for its frame stack, and
/// the unmap's TLB shootdown interrupts the device's threads on the other cores once per inference. The state of a
/// thread that has ended is freed by a later hold.
class callback_gil {
public:
    callback_gil();
    ~callback_gil();
    callback_gil(const callback_gil&) = delete;
    callback_gil& operator=(const callback_gil&) = delete;

private:
    PyGILState_STATE m_state;
};

/// The element type of a numpy dtype (or anything np.dtype() accepts); throws InvalidArgument for others.
ovcl::element::Type type_from_dtype(nb::handle dtype);
/// np.dtype of an element type.
nb::object dtype_of(ovcl::element::Type type);
/// A Type, a type name ("f32"), a numpy dtype or scalar type.
ovcl::element::Type to_type(nb::handle value);
/// A Shape from any sequence of ints (or a Shape).
ovcl::Shape to_shape(nb::handle value);
/// A PartialShape from a PartialShape, a Shape, a text ("[1,?,3]") or a sequence of ints (-1: dynamic),
/// Dimensions or (min, max) pairs.
ovcl::PartialShape to_partial_shape(nb::handle value);

/// A numpy array viewing the tensor's memory; the array keeps the tensor alive. Remote tensors throw.
nb::object tensor_view(const ovcl::Tensor& tensor);
/// A numpy array over `data` (byte strides; empty: dense C order), kept alive by `owner`.
nb::object array_over(void* data, const ovcl::Shape& shape, const ovcl::Strides& byte_strides,
                      ovcl::element::Type type, nb::handle owner);
/// A numpy array holding a copy of the tensor's elements (remote tensors are read back).
nb::object tensor_copy(const ovcl::Tensor& tensor);
/// A tensor over `array`: sharing its memory when `shared` and it is C-contiguous (the tensor keeps the
/// array alive), else a copy. `type`: the element type wanted (undefined: the array's); a copy converts.
ovcl::Tensor tensor_from_array(nb::handle array, bool shared, ovcl::element::Type type = ovcl::element::undefined);

/// Python value -> Any for a property or a remote parameter (`key` decides handles: ints become void*).
ovcl::Any to_any(const std::string& key, nb::handle value);
ovcl::AnyMap to_any_map(nb::handle dict);
/// Any -> the natural Python value (bool, int, float, str, list, dict, int for handles).
nb::object from_any(const ovcl::Any& value);
/// A property key: a str, or a property object of ovcl.properties (called with no argument).
std::string to_key(nb::handle key);

/// A port of `ports` by index, tensor name or port object; throws NotFound naming the key.
const ovcl::Output<ovcl::Node>& find_port(const ovcl::OutputVector& ports, nb::handle key, const char* what);
/// The same, or null when no port matches (no exception: it is on the path of every get_tensor by name).
const ovcl::Output<ovcl::Node>* match_port(const ovcl::OutputVector& ports, nb::handle key);

/// The Python exception object for a C++ exception (ovcl's kinds as ovcl.Error subclasses), e.g. for a callback.
nb::object exception_object(const std::exception_ptr& error);

void bind_types(nb::module_& m);
void bind_tensor(nb::module_& m);
void bind_model(nb::module_& m);
void bind_core(nb::module_& m);
void bind_infer_request(nb::module_& m);
void bind_async_queue(nb::module_& m);
void bind_preprocess(nb::module_& m);

}  // namespace ovcl_py
