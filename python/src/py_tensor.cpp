// Tensor (numpy in and out, shared or copied), RemoteTensor and RemoteContext.
#include <sstream>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "py_common.hpp"

namespace ovcl_py {

using namespace ovcl;

namespace {

void copy_into(const Tensor& src, Tensor& dst) {
    nb::gil_scoped_release release;
    src.copy_to(dst);
}

// Tensor.copy_from: from a tensor or anything numpy reads, into this tensor's memory (remote: uploaded).
void copy_from(Tensor& self, nb::handle source) {
    if (nb::isinstance<Tensor>(source)) {
        copy_into(nb::cast<const Tensor&>(source), self);
        return;
    }
    Tensor src = tensor_from_array(source, false, self.get_element_type());
    if (src.get_shape() != self.get_shape() && self.get_size() != src.get_size())
        raise<InvalidArgument>("copy_from: an array of shape ", src.get_shape(), " does not fit a tensor of shape ",
                               self.get_shape());
    if (src.get_shape() != self.get_shape())
        src.set_shape(self.get_shape());
    copy_into(src, self);
}

nb::dict params_dict(const AnyMap& params) {
    nb::dict d;
    for (const auto& [k, v] : params)
        d[k.c_str()] = from_any(v);
    return d;
}

}  // namespace

void bind_tensor(nb::module_& m) {
    nb::class_<Tensor>(m, "Tensor", "Typed, shaped memory, as ov.Tensor. Copies of a Tensor share memory.")
        .def("__init__", [](Tensor* t, nb::handle array, bool shared_memory) {
            new (t) Tensor(tensor_from_array(array, shared_memory));
        }, nb::arg("array"), nb::arg("shared_memory") = false,
             "From a numpy array (or anything numpy.asarray reads): a copy, or sharing the array's memory when "
             "shared_memory is True and the array is C-contiguous.")
        .def("__init__", [](Tensor* t, nb::handle type, nb::handle shape) {
            new (t) Tensor(to_type(type), to_shape(shape));
        }, nb::arg("type"), nb::arg("shape"), "A new host tensor of `type` (Type, name or numpy dtype) and `shape`.")
        .def_prop_ro("data", [](const Tensor& t) { return tensor_view(t); },
                     "A numpy array viewing the tensor's memory (not for remote tensors).")
        .def_prop_rw("shape", [](const Tensor& t) { return t.get_shape(); },
                     [](Tensor& t, nb::handle s) { t.set_shape(to_shape(s)); })
        .def("get_shape", &Tensor::get_shape)
        .def("set_shape", [](Tensor& t, nb::handle s) { t.set_shape(to_shape(s)); }, nb::arg("shape"))
        .def_prop_ro("element_type", &Tensor::get_element_type)
        .def("get_element_type", &Tensor::get_element_type)
        .def_prop_ro("size", &Tensor::get_size)
        .def("get_size", &Tensor::get_size)
        .def_prop_ro("byte_size", &Tensor::get_byte_size)
        .def("get_byte_size", &Tensor::get_byte_size)
        .def_prop_ro("strides", [](const Tensor& t) { return std::vector<size_t>(t.get_strides().begin(),
                                                                                   t.get_strides().end()); },
                     "Byte strides per axis.")
        .def("is_continuous", &Tensor::is_continuous)
        .def("copy_to", [](const Tensor& self, Tensor& dst) { copy_into(self, dst); }, nb::arg("target"),
             "Copies every element into `target` (same type; it takes this shape). Either side may be remote.")
        .def("copy_from", &copy_from, nb::arg("source"), "Copies a tensor or an array into this tensor.")
        .def("__repr__", [](const Tensor& t) {
            std::ostringstream os;
            os << "<Tensor: shape" << t.get_shape() << " type: " << t.get_element_type() << ">";
            return os.str();
        });

    nb::class_<RemoteTensor, Tensor>(m, "RemoteTensor",
                                     "A tensor in a device's memory (an OpenCL buffer of GPU), as ov.RemoteTensor.")
        .def("get_device_name", &RemoteTensor::get_device_name)
        .def("get_params", [](const RemoteTensor& t) { return params_dict(t.get_params()); },
             "The tensor's parameters: SHARED_MEM_TYPE, MEM_HANDLE (the cl_mem as an int), ...");

    nb::class_<RemoteContext>(m, "RemoteContext", "A device context (an OpenCL context of GPU), as ov.RemoteContext.")
        .def("get_device_name", &RemoteContext::get_device_name)
        .def("get_params", [](const RemoteContext& c) { return params_dict(c.get_params()); },
             "OCL_CONTEXT, OCL_DEVICE, OCL_QUEUE as ints, CONTEXT_TYPE.")
        .def("create_tensor", [](RemoteContext& c, nb::handle type, nb::handle shape, nb::handle params) {
            AnyMap p = to_any_map(params);
            return c.create_tensor(to_type(type), to_shape(shape), p);
        }, nb::arg("type"), nb::arg("shape"), nb::arg("params") = nb::dict(),
             "A device buffer; params {'SHARED_MEM_TYPE': 'OCL_BUFFER', 'MEM_HANDLE': int} wrap an application's "
             "cl_mem.")
        .def("create_host_tensor", [](RemoteContext& c, nb::handle type, nb::handle shape) {
            return c.create_host_tensor(to_type(type), to_shape(shape));
        }, nb::arg("type"), nb::arg("shape"), "Host-visible memory the device reads and writes without copies.");
}

}  // namespace ovcl_py
