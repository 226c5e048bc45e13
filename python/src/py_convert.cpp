// numpy <-> Tensor and Python <-> Any conversions (py_common.hpp).
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

#include <nanobind/stl/string.h>

#include "py_common.hpp"

namespace ovcl_py {

using namespace ovcl;

namespace {

struct DtypeName {
    element::Type type;
    const char* numpy;
};
constexpr DtypeName kDtypes[] = {
    {element::f32, "float32"}, {element::f16, "float16"}, {element::f64, "float64"}, {element::i8, "int8"},
    {element::u8, "uint8"},    {element::i16, "int16"},   {element::u16, "uint16"},  {element::i32, "int32"},
    {element::u32, "uint32"},  {element::i64, "int64"},   {element::u64, "uint64"},  {element::boolean, "bool"},
};

nb::module_ numpy() {
    static nb::module_* np = new nb::module_(nb::module_::import_("numpy"));  // lives as long as the process
    return *np;
}

// A host tensor over a numpy array's buffer (C-contiguous), keeping the array alive.
class ArrayTensor final : public ITensor {
public:
    ArrayTensor(element::Type type, Shape shape, void* data, std::shared_ptr<PyObject> owner)
        : m_type(type), m_shape(std::move(shape)), m_data(data), m_owner(std::move(owner)) {
        m_strides = strides_of(m_shape);
        m_capacity = get_byte_size();
    }
    element::Type get_element_type() const override { return m_type; }
    const Shape& get_shape() const override { return m_shape; }
    void set_shape(const Shape& shape) override {
        if (shape_byte_size(shape, m_type.size()) > m_capacity)
            raise<InvalidArgument>("a tensor sharing a numpy array of ", m_capacity, " bytes cannot take the shape ",
                                   shape, " (", shape_byte_size(shape, m_type.size()), " bytes)");
        m_shape = shape;
        m_strides = strides_of(m_shape);
    }
    const Strides& get_strides() const override { return m_strides; }
    void* data() override { return m_data; }

private:
    Strides strides_of(const Shape& shape) const {
        Strides s = row_major_strides(shape);
        for (auto& v : s)
            v *= m_type.size();
        return s;
    }
    element::Type m_type;
    Shape m_shape;
    Strides m_strides;
    void* m_data;
    size_t m_capacity = 0;
    std::shared_ptr<PyObject> m_owner;
};

bool is_handle_key(const std::string& key) {
    return key == "MEM_HANDLE" || key == "OCL_CONTEXT" || key == "OCL_QUEUE" || key == "OCL_DEVICE";
}

// callback_gil's states: set once Python shuts down, after which Python frees every thread state itself.
std::atomic<bool> g_finalizing{false};

// States whose threads have ended, for a thread holding the GIL to free. Never destroyed: threads may end after
// static destructors ran.
struct EndedStates {
    std::mutex mutex;
    std::vector<PyThreadState*> states;
    std::atomic<bool> any{false};
};
EndedStates& ended_states() {
    static auto* ended = new EndedStates;
    return *ended;
}

// The Python state a thread keeps (callback_gil); handed to ended_states() as the thread ends, since freeing it
// here would take the GIL, which the thread joining this one may hold.
struct KeptState {
    PyThreadState* state = nullptr;
    ~KeptState() {
        if (!state || g_finalizing)
            return;
        EndedStates& ended = ended_states();
        std::lock_guard<std::mutex> lock(ended.mutex);
        ended.states.push_back(state);
        ended.any = true;
    }
};
thread_local KeptState t_kept;

void free_ended_states() {  // with the GIL
    EndedStates& ended = ended_states();
    if (!ended.any)
        return;
    std::vector<PyThreadState*> states;
    {
        std::lock_guard<std::mutex> lock(ended.mutex);
        states.swap(ended.states);
        ended.any = false;
    }
    for (PyThreadState* state : states) {
        PyThreadState_Clear(state);
        PyThreadState_Delete(state);
    }
}

}  // namespace

callback_gil::callback_gil() {
    const bool fresh = PyGILState_GetThisThreadState() == nullptr;  // a thread Python did not start, first hold
    m_state = PyGILState_Ensure();
    if (fresh) {
        // One more count that is never released: the state outlives this hold (PyGILState_Release frees it at 0).
        PyGILState_Ensure();
        t_kept.state = PyThreadState_Get();
        static const bool registered = [] {
            nb::module_::import_("atexit").attr("register")(nb::cpp_function([] { g_finalizing = true; }));
            return true;
        }();
        (void)registered;
    }
    if (!g_finalizing)
        free_ended_states();
}

callback_gil::~callback_gil() { PyGILState_Release(m_state); }

std::shared_ptr<PyObject> py_ref(nb::handle object) {
    if (!object.ptr() || object.is_none())
        return nullptr;
    Py_INCREF(object.ptr());
    return std::shared_ptr<PyObject>(object.ptr(), [](PyObject* o) {
        if (!Py_IsInitialized())
            return;
        callback_gil gil;
        Py_DECREF(o);
    });
}

element::Type type_from_dtype(nb::handle dtype) {
    nb::object dt = numpy().attr("dtype")(dtype);
    std::string name = nb::cast<std::string>(dt.attr("name"));
    for (const auto& d : kDtypes)
        if (name == d.numpy)
            return d.type;
    raise<InvalidArgument>("numpy dtype ", name, " has no ovcl element type (", "f32 f16 f64 i8 u8 i16 u16 i32 u32 ",
                           "i64 u64 boolean are supported)");
}

nb::object dtype_of(element::Type type) {
    // Made once per type: every infer() result asks for one (tensor_copy).
    static nb::object* dtypes[std::size(kDtypes)] = {};
    for (size_t i = 0; i < std::size(kDtypes); ++i) {
        if (kDtypes[i].type != type)
            continue;
        if (!dtypes[i])
            dtypes[i] = new nb::object(numpy().attr("dtype")(kDtypes[i].numpy));  // lives as long as the process
        return *dtypes[i];
    }
    raise<InvalidArgument>("element type ", type, " has no numpy dtype");
}

element::Type to_type(nb::handle value) {
    if (nb::isinstance<element::Type>(value))
        return nb::cast<element::Type>(value);
    if (nb::isinstance<nb::str>(value)) {
        std::string s = nb::cast<std::string>(value);
        try {
            return element::Type(s);
        } catch (const InvalidArgument&) {
            return type_from_dtype(value);  // "float32"
        }
    }
    return type_from_dtype(value);
}

Shape to_shape(nb::handle value) {
    if (nb::isinstance<Shape>(value))
        return nb::cast<Shape>(value);
    Shape s;
    for (nb::handle d : nb::iter(value)) {
        long long v = nb::cast<long long>(d);
        if (v < 0)
            raise<InvalidArgument>("a static shape cannot have the dimension ", v);
        s.push_back(static_cast<size_t>(v));
    }
    return s;
}

PartialShape to_partial_shape(nb::handle value) {
    if (nb::isinstance<PartialShape>(value))
        return nb::cast<PartialShape>(value);
    if (nb::isinstance<Shape>(value))
        return PartialShape(nb::cast<Shape>(value));
    if (nb::isinstance<nb::str>(value))
        return PartialShape(nb::cast<std::string>(value));
    std::vector<Dimension> dims;
    for (nb::handle d : nb::iter(value)) {
        if (nb::isinstance<Dimension>(d))
            dims.push_back(nb::cast<Dimension>(d));
        else if (nb::isinstance<nb::tuple>(d) || nb::isinstance<nb::list>(d)) {
            nb::sequence pair = nb::borrow<nb::sequence>(d);
            if (nb::len(pair) != 2)
                raise<InvalidArgument>("a dimension range is a (min, max) pair");
            dims.emplace_back(nb::cast<int64_t>(pair[0]), nb::cast<int64_t>(pair[1]));
        } else if (nb::isinstance<nb::str>(d)) {
            dims.push_back(PartialShape("[" + nb::cast<std::string>(d) + "]")[0]);
        } else {
            dims.emplace_back(nb::cast<int64_t>(d));
        }
    }
    return PartialShape(std::move(dims));
}

nb::object tensor_view(const Tensor& tensor) {
    auto* keep = new Tensor(tensor);
    nb::capsule owner(keep, [](void* p) noexcept { delete static_cast<Tensor*>(p); });
    return array_over(tensor.data(), tensor.get_shape(), tensor.get_strides(), tensor.get_element_type(), owner);
}

nb::object array_over(void* data, const Shape& shape, const Strides& byte_strides, element::Type type,
                      nb::handle owner) {
    const size_t esize = type.size();
    std::vector<int64_t> elem_strides(byte_strides.size());
    for (size_t i = 0; i < byte_strides.size(); ++i)
        elem_strides[i] = static_cast<int64_t>(byte_strides[i] / esize);
    nb::dlpack::dtype dl{};
    switch (type) {
    case element::Type_t::f32: dl = nb::dtype<float>(); break;
    case element::Type_t::f64: dl = nb::dtype<double>(); break;
    case element::Type_t::f16: dl = {static_cast<uint8_t>(nb::dlpack::dtype_code::Float), 16, 1}; break;
    case element::Type_t::i8: dl = nb::dtype<int8_t>(); break;
    case element::Type_t::u8: dl = nb::dtype<uint8_t>(); break;
    case element::Type_t::i16: dl = nb::dtype<int16_t>(); break;
    case element::Type_t::u16: dl = nb::dtype<uint16_t>(); break;
    case element::Type_t::i32: dl = nb::dtype<int32_t>(); break;
    case element::Type_t::u32: dl = nb::dtype<uint32_t>(); break;
    case element::Type_t::i64: dl = nb::dtype<int64_t>(); break;
    case element::Type_t::u64: dl = nb::dtype<uint64_t>(); break;
    case element::Type_t::boolean: dl = nb::dtype<bool>(); break;
    default: raise<InvalidArgument>("element type ", type, " has no numpy dtype");
    }
    nb::ndarray<nb::numpy> array(data, shape.size(), shape.data(), owner,
                                 byte_strides.empty() ? nullptr : elem_strides.data(), dl);
    nb::object out = nb::cast(array, nb::rv_policy::reference);
    // numpy imports a 64-bit integer as `long long` ('q'), equal to but not the same dtype as np.int64 ('l' on
    // LP64): libraries that look a dtype up by its type, OpenVINO's Tensor among them, refuse it. A view retypes it.
    if (type == element::i64 || type == element::u64)
        out = out.attr("view")(dtype_of(type));
    return out;
}

nb::object tensor_copy(const Tensor& tensor) {
    const Shape shape = tensor.get_shape();
    const element::Type type = tensor.get_element_type();
    const size_t bytes = shape_byte_size(shape, type.size());
    if (tensor.is_continuous() && !tensor.is<IRemoteTensor>()) {
        // np.empty and a memcpy: a third of the cost of exporting a buffer to numpy through nanobind.
        static nb::object* empty = new nb::object(numpy().attr("empty"));  // lives as long as the process
        nb::tuple dims = nb::steal<nb::tuple>(PyTuple_New(static_cast<Py_ssize_t>(shape.size())));
        for (size_t i = 0; i < shape.size(); ++i)
            PyTuple_SET_ITEM(dims.ptr(), static_cast<Py_ssize_t>(i), nb::int_(shape[i]).release().ptr());
        nb::object array = (*empty)(dims, dtype_of(type));
        Py_buffer view;
        if (PyObject_GetBuffer(array.ptr(), &view, PyBUF_WRITABLE) != 0)
            throw nb::python_error();
        if (bytes)
            std::memcpy(view.buf, tensor.data(), bytes);
        PyBuffer_Release(&view);
        return array;
    }
    // Strided and remote tensors: one allocation owned by the array, filled by copy_to.
    void* buffer = std::malloc(bytes ? bytes : 1);
    if (!buffer)
        throw std::bad_alloc();
    nb::capsule owner(buffer, [](void* p) noexcept { std::free(p); });
    if (bytes) {
        Tensor host(type, shape, buffer);
        nb::gil_scoped_release release;
        tensor.copy_to(host);
    }
    return array_over(buffer, shape, {}, type, owner);
}

Tensor tensor_from_array(nb::handle value, bool shared, element::Type type) {
    nb::object array = numpy().attr("asarray")(value);
    element::Type have = type_from_dtype(array.attr("dtype"));
    if (type == element::undefined)
        type = have;
    bool contiguous = nb::cast<bool>(array.attr("flags").attr("c_contiguous"));
    if (!shared || type != have || !contiguous) {
        array = numpy().attr("ascontiguousarray")(array, dtype_of(type));
        Tensor t(type, to_shape(array.attr("shape")));
        auto buffer = nb::cast<nb::ndarray<nb::ro>>(array);
        if (t.get_byte_size())
            std::memcpy(t.data(), buffer.data(), t.get_byte_size());
        return t;
    }
    // A read-only array is shared too, as OpenVINO shares it: the request only reads an input.
    auto buffer = nb::cast<nb::ndarray<nb::ro>>(array);
    return Tensor(std::make_shared<ArrayTensor>(type, to_shape(array.attr("shape")), const_cast<void*>(buffer.data()),
                                                py_ref(array)));
}

std::string to_key(nb::handle key) {
    if (nb::isinstance<nb::str>(key))
        return nb::cast<std::string>(key);
    if (PyCallable_Check(key.ptr()))
        return nb::cast<std::string>(key());
    raise<InvalidArgument>("a property key is a str or a property of ovcl.properties, not ",
                           nb::cast<std::string>(nb::str(key.type())));
}

Any to_any(const std::string& key, nb::handle value) {
    if (nb::hasattr(value, "value") && nb::hasattr(value, "name") && !nb::isinstance<nb::str>(value))
        value = value.attr("value");  // an enum member of ovcl.properties
    if (nb::isinstance<nb::bool_>(value))
        return nb::cast<bool>(value);
    if (nb::isinstance<nb::int_>(value)) {
        if (is_handle_key(key))
            return reinterpret_cast<void*>(nb::cast<uintptr_t>(value));
        return nb::cast<int64_t>(value);
    }
    if (nb::isinstance<nb::float_>(value))
        return nb::cast<double>(value);
    if (nb::isinstance<nb::str>(value))
        return nb::cast<std::string>(value);
    if (nb::isinstance<element::Type>(value))
        return nb::cast<element::Type>(value).get_type_name();
    if (nb::isinstance<nb::dict>(value))
        return to_any_map(value);
    if (nb::isinstance<nb::list>(value) || nb::isinstance<nb::tuple>(value)) {
        std::vector<std::string> items;
        for (nb::handle v : nb::iter(value))
            items.push_back(to_any(key, v).as<std::string>());
        return items;
    }
    return nb::cast<std::string>(nb::str(value));
}

AnyMap to_any_map(nb::handle dict) {
    AnyMap out;
    if (dict.is_none())
        return out;
    if (!nb::isinstance<nb::dict>(dict))
        raise<InvalidArgument>("properties are a dict, not ", nb::cast<std::string>(nb::str(dict.type())));
    for (auto [k, v] : nb::borrow<nb::dict>(dict)) {
        std::string key = to_key(k);
        out[key] = to_any(key, v);
    }
    return out;
}

nb::object from_any(const Any& v) {
    if (v.empty())
        return nb::none();
    if (v.is<bool>())
        return nb::bool_(v.as<bool>());
    if (v.is<void*>())
        return nb::int_(reinterpret_cast<uintptr_t>(v.as<void*>()));
#define OVCL_PY_INT(T) \
    if (v.is<T>())     \
        return nb::int_(v.as<T>());
    OVCL_PY_INT(int32_t) OVCL_PY_INT(uint32_t) OVCL_PY_INT(int64_t) OVCL_PY_INT(uint64_t) OVCL_PY_INT(unsigned long)
    OVCL_PY_INT(long long) OVCL_PY_INT(unsigned long long) OVCL_PY_INT(int) OVCL_PY_INT(unsigned)
#undef OVCL_PY_INT
    if (v.is<float>() || v.is<double>())
        return nb::float_(v.as<double>());
    if (v.is<std::vector<std::string>>()) {
        nb::list l;
        for (const auto& s : v.as<std::vector<std::string>>())
            l.append(s);
        return l;
    }
    if (v.is<std::vector<PropertyName>>()) {
        nb::list l;
        for (const auto& s : v.as<std::vector<PropertyName>>())
            l.append(static_cast<const std::string&>(s));
        return l;
    }
    if (v.is<std::tuple<unsigned, unsigned, unsigned>>()) {
        auto [a, b, c] = v.as<std::tuple<unsigned, unsigned, unsigned>>();
        return nb::make_tuple(a, b, c);
    }
    if (v.is<AnyMap>()) {
        nb::dict d;
        for (const auto& [k, x] : v.as<AnyMap>())
            d[k.c_str()] = from_any(x);
        return d;
    }
    return nb::str(v.as<std::string>().c_str());
}

const Output<Node>* match_port(const OutputVector& ports, nb::handle key) {
    if (nb::isinstance<Output<Node>>(key)) {
        const Output<Node>& want = nb::cast<const Output<Node>&>(key);
        for (const auto& p : ports)
            if (p == want)
                return &p;
        // A port of another model of the same IR (the user's model for a compiled model's port): by its names.
        for (const auto& p : ports)
            if (!want.get_names().empty() && p.get_names() == want.get_names())
                return &p;
        return nullptr;
    }
    if (nb::isinstance<nb::int_>(key)) {
        long long i = nb::cast<long long>(key);
        return i >= 0 && static_cast<size_t>(i) < ports.size() ? &ports[static_cast<size_t>(i)] : nullptr;
    }
    if (nb::isinstance<nb::str>(key)) {
        std::string name = nb::cast<std::string>(key);
        for (const auto& p : ports)
            if (p.get_names().count(name))
                return &p;
        return nullptr;
    }
    return nullptr;
}

const Output<Node>& find_port(const OutputVector& ports, nb::handle key, const char* what) {
    if (const Output<Node>* p = match_port(ports, key))
        return *p;
    if (nb::isinstance<Output<Node>>(key))
        raise<NotFound>("the port ", nb::cast<const Output<Node>&>(key).get_any_name(), " is not an ", what,
                        " of this model");
    if (nb::isinstance<nb::int_>(key))
        raise<NotFound>(what, " index ", nb::cast<long long>(key), " is out of range: the model has ", ports.size(),
                        " ", what, "s");
    if (nb::isinstance<nb::str>(key)) {
        std::string known;
        for (const auto& p : ports)
            for (const auto& n : p.get_names())
                known += (known.empty() ? "" : ", ") + n;
        raise<NotFound>("no ", what, " is named '", nb::cast<std::string>(key), "' (the ", what, "s: ",
                        known.empty() ? "none" : known, ")");
    }
    raise<InvalidArgument>("an ", what, " is found by index, name or port, not by ",
                           nb::cast<std::string>(nb::str(key.type())));
}

}  // namespace ovcl_py
