// Core and CompiledModel for Python, with OpenVINO's Python signatures.
#include <sstream>

#include <nanobind/stl/map.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/unique_ptr.h>
#include <nanobind/stl/vector.h>

#include "py_common.hpp"
#include "py_infer_request.hpp"

namespace ovcl_py {

using namespace ovcl;

namespace {

std::string fspath(nb::handle path) { return nb::cast<std::string>(nb::module_::import_("os").attr("fspath")(path)); }

bool is_path(nb::handle v) { return nb::isinstance<nb::str>(v) || nb::hasattr(v, "__fspath__"); }

// bytes, bytearray, memoryview, or a file-like object's read().
std::string read_bytes(nb::handle source) {
    nb::object data = nb::hasattr(source, "read") ? source.attr("read")() : nb::borrow(source);
    nb::object b = nb::module_::import_("builtins").attr("bytes")(data);
    return std::string(PyBytes_AsString(b.ptr()), static_cast<size_t>(PyBytes_Size(b.ptr())));
}

// Without a device, the first GPU when there is one, else REF (ovcl has no AUTO device).
std::string default_device(const Core& core) {
    for (const auto& d : core.get_available_devices())
        if (d.rfind("GPU", 0) == 0)
            return d;
    return "REF";
}

std::unique_ptr<PyInferRequest> new_request(CompiledModel& m) {
    InferRequest r;
    {
        nb::gil_scoped_release release;
        r = m.create_infer_request();
    }
    return std::make_unique<PyInferRequest>(std::move(r));
}

std::shared_ptr<Model> read_model(Core& core, nb::handle model, nb::handle weights) {
    if (nb::isinstance<Model>(model))
        return nb::cast<std::shared_ptr<Model>>(model);
    if (is_path(model) && !(nb::isinstance<nb::str>(model) && nb::cast<std::string>(model).rfind('<', 0) == 0)) {
        std::string xml = fspath(model), bin = weights.is_none() ? "" : fspath(weights);
        nb::gil_scoped_release release;
        return core.read_model(xml, bin);
    }
    // The IR's text (bytes, or a str starting with '<') and its weights (bytes or a u8 Tensor).
    std::string xml = nb::isinstance<nb::str>(model) ? nb::cast<std::string>(model) : read_bytes(model);
    Tensor w;
    if (nb::isinstance<Tensor>(weights)) {
        w = nb::cast<Tensor>(weights);
    } else if (!weights.is_none()) {
        std::string bytes = read_bytes(weights);
        w = Tensor(element::u8, Shape{bytes.size()});
        std::copy(bytes.begin(), bytes.end(), w.data<uint8_t>());
    }
    nb::gil_scoped_release release;
    return core.read_model(xml, w);
}

PyCompiledModel compile_model(Core& core, nb::handle model, nb::handle device, nb::handle config) {
    AnyMap props = to_any_map(config);
    if (nb::isinstance<RemoteContext>(device)) {
        RemoteContext ctx = nb::cast<RemoteContext>(device);
        std::shared_ptr<Model> m = read_model(core, model, nb::none());
        nb::gil_scoped_release release;
        return PyCompiledModel(core.compile_model(m, ctx, props));
    }
    std::string name = device.is_none() ? default_device(core) : nb::cast<std::string>(device);
    if (!nb::isinstance<Model>(model) && is_path(model)) {
        std::string path = fspath(model);
        nb::gil_scoped_release release;
        return PyCompiledModel(core.compile_model(path, name, props));
    }
    std::shared_ptr<Model> m = read_model(core, model, nb::none());
    nb::gil_scoped_release release;
    return PyCompiledModel(core.compile_model(m, name, props));
}

PyCompiledModel import_model(Core& core, nb::handle stream, nb::handle device, nb::handle config) {
    std::istringstream is(read_bytes(stream));
    AnyMap props = to_any_map(config);
    if (nb::isinstance<RemoteContext>(device)) {
        RemoteContext ctx = nb::cast<RemoteContext>(device);
        nb::gil_scoped_release release;
        return PyCompiledModel(core.import_model(is, ctx, props));
    }
    std::string name = nb::cast<std::string>(device);
    nb::gil_scoped_release release;
    return PyCompiledModel(core.import_model(is, name, props));
}

nb::object call(PyCompiledModel& self, nb::handle inputs, bool share_inputs, bool share_outputs) {
    if (!self.request)
        self.request = new_request(self.model);
    return self.request->infer(inputs, share_inputs, share_outputs);
}

}  // namespace

void bind_core(nb::module_& m) {
    nb::class_<PyCompiledModel>(m, "CompiledModel", "A model compiled for one device, as ov.CompiledModel.")
        .def("__init__", [](PyCompiledModel* self, const PyCompiledModel& other) {
            new (self) PyCompiledModel(other.model);
        }, nb::arg("other"))
        .def_prop_ro("inputs", [](const PyCompiledModel& c) { return writable(c.model.inputs()); })
        .def_prop_ro("outputs", [](const PyCompiledModel& c) { return writable(c.model.outputs()); })
        .def("input", [](const PyCompiledModel& c, nb::handle key) {
            return find_port(writable(c.model.inputs()), key, "input");
        }, nb::arg("key") = 0)
        .def("output", [](const PyCompiledModel& c, nb::handle key) {
            return find_port(writable(c.model.outputs()), key, "output");
        }, nb::arg("key") = 0)
        .def("create_infer_request", [](PyCompiledModel& c) { return new_request(c.model); })
        .def("__call__", &call, nb::arg("inputs").none() = nb::none(), nb::arg("share_inputs") = false,
             nb::arg("share_outputs") = false,
             "Infers on the compiled model's own request and returns the outputs as an OVDict (see "
             "InferRequest.infer).")
        .def("infer_new_request", [](PyCompiledModel& c, nb::handle inputs) {
            return new_request(c.model)->infer(inputs, false, false);
        }, nb::arg("inputs").none() = nb::none())
        .def("export_model", [](const PyCompiledModel& c) {
            std::ostringstream os;
            {
                nb::gil_scoped_release release;
                c.model.export_model(os);
            }
            std::string s = os.str();
            return nb::bytes(s.data(), s.size());
        }, "The compiled model as bytes, for Core.import_model.")
        .def("get_property", [](const PyCompiledModel& c, nb::handle name) {
            return from_any(c.model.get_property(to_key(name)));
        }, nb::arg("property"))
        .def("set_property", [](PyCompiledModel& c, nb::handle props) { c.model.set_property(to_any_map(props)); },
             nb::arg("properties"))
        .def("get_runtime_model", [](const PyCompiledModel& c) {
            return std::const_pointer_cast<Model>(c.model.get_runtime_model());
        })
        .def("get_context", [](const PyCompiledModel& c) { return c.model.get_context(); });

    nb::class_<Version>(m, "Version")
        .def_ro("build_number", &Version::build_number)
        .def_ro("description", &Version::description)
        .def("__repr__", [](const Version& v) { return "<Version: " + v.description + " " + v.build_number + ">"; });

    nb::class_<Core>(m, "Core", "The entry point, as ov.Core: reads models, finds device plugins, compiles.")
        .def(nb::init<const std::string&>(), nb::arg("xml_config_file") = "")
        .def_prop_ro("available_devices", &Core::get_available_devices)
        .def("get_available_devices", &Core::get_available_devices)
        .def("get_versions", &Core::get_versions, nb::arg("device_name"))
        .def("read_model", &read_model, nb::arg("model"), nb::arg("weights").none() = nb::none(),
             "An IR from a path (and its .bin, or `weights`), or from the XML as bytes/str and the weights as "
             "bytes or a u8 Tensor.")
        .def("compile_model", &compile_model, nb::arg("model"), nb::arg("device_name").none() = nb::none(),
             nb::arg("config").none() = nb::none(),
             "Compiles a Model or an IR path for a device name or a RemoteContext. Without a device: the first GPU, "
             "else REF.")
        .def("import_model", &import_model, nb::arg("model_stream"), nb::arg("device_name"),
             nb::arg("config").none() = nb::none(), "From CompiledModel.export_model's bytes (or a file object).")
        .def("query_model", [](Core& c, nb::handle model, const std::string& device, nb::handle config) {
            std::shared_ptr<Model> md = read_model(c, model, nb::none());
            AnyMap props = to_any_map(config);
            nb::gil_scoped_release release;
            return c.query_model(md, device, props);
        }, nb::arg("model"), nb::arg("device_name"), nb::arg("config").none() = nb::none(),
             "{op friendly name: device} for the ops the device supports.")
        .def("get_property", [](const Core& c, const std::string& device, nb::handle name) {
            return from_any(c.get_property(device, to_key(name)));
        }, nb::arg("device_name"), nb::arg("property"))
        .def("set_property", [](Core& c, nb::handle props) { c.set_property(to_any_map(props)); },
             nb::arg("properties"))
        .def("set_property", [](Core& c, const std::string& device, nb::handle props) {
            c.set_property(device, to_any_map(props));
        }, nb::arg("device_name"), nb::arg("properties"))
        .def("register_plugin", [](Core& c, const std::string& plugin, const std::string& device, nb::handle cfg) {
            c.register_plugin(plugin, device, to_any_map(cfg));
        }, nb::arg("plugin_name"), nb::arg("device_name"), nb::arg("config").none() = nb::none())
        .def("register_plugins", &Core::register_plugins, nb::arg("xml_config_file"))
        .def("unload_plugin", &Core::unload_plugin, nb::arg("device_name"))
        .def("add_extension", [](Core& c, nb::handle path) { c.add_extension(fspath(path)); }, nb::arg("path"),
             "A custom-kernel config (.xml) of ops with OpenCL kernels (docs/extensions.md).")
        .def("create_context", [](Core& c, const std::string& device, nb::handle params) {
            return c.create_context(device, to_any_map(params));
        }, nb::arg("device_name"), nb::arg("params") = nb::dict())
        .def("get_default_context", &Core::get_default_context, nb::arg("device_name"));
}

}  // namespace ovcl_py
