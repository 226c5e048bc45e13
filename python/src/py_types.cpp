// Type, Shape, Dimension, PartialShape and Layout, with OpenVINO's Python names and text forms.
#include <sstream>

#include <nanobind/operators.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "py_common.hpp"

namespace ovcl_py {

using namespace ovcl;

namespace {
template <typename T>
std::string text(const T& v) {
    std::ostringstream os;
    os << v;
    return os.str();
}
}  // namespace

void bind_types(nb::module_& m) {
    auto type = nb::class_<element::Type>(m, "Type", "An element type, as ov.Type: Type.f32, Type('i64').");
    type.def("__init__", [](element::Type* t, nb::handle v) { new (t) element::Type(to_type(v)); }, nb::arg("type"),
             "From a type name ('f32', 'FP32'), a numpy dtype or scalar type.")
        .def("get_type_name", &element::Type::get_type_name)
        .def_prop_ro("type_name", &element::Type::get_type_name)
        .def_prop_ro("size", &element::Type::size, "Bytes per element.")
        .def_prop_ro("bitwidth", &element::Type::bitwidth)
        .def_prop_ro("is_real", &element::Type::is_real)
        .def_prop_ro("is_integral", &element::Type::is_integral)
        .def_prop_ro("is_signed", &element::Type::is_signed)
        .def_prop_ro("is_static", &element::Type::is_static)
        .def("to_dtype", [](const element::Type& t) { return dtype_of(t); }, "The numpy dtype.")
        .def("__eq__", [](const element::Type& a, nb::handle b) {
            try { return a == to_type(b); } catch (const std::exception&) { return false; }
        })
        .def("__hash__", [](const element::Type& t) { return static_cast<size_t>(static_cast<element::Type_t>(t)); })
        .def("__str__", &element::Type::get_type_name)
        .def("__repr__", [](const element::Type& t) { return "<Type: '" + t.get_type_name() + "'>"; });
    for (element::Type t : {element::undefined, element::dynamic, element::boolean, element::u8, element::i8,
                            element::u16, element::i16, element::u32, element::i32, element::u64, element::i64,
                            element::f16, element::f32, element::f64})
        type.attr(t.get_type_name().c_str()) = t;
    nb::implicitly_convertible<std::string, element::Type>();

    nb::class_<Shape>(m, "Shape", "A static shape, as ov.Shape.")
        .def("__init__", [](Shape* s, nb::handle dims) { new (s) Shape(to_shape(dims)); }, nb::arg("dims"))
        .def("__init__", [](Shape* s) { new (s) Shape(); })
        .def("__len__", [](const Shape& s) { return s.size(); })
        .def("__getitem__", [](const Shape& s, long long i) {
            long long n = static_cast<long long>(s.size());
            if (i < -n || i >= n)
                throw nb::index_error("shape index out of range");
            return s[static_cast<size_t>(i < 0 ? i + n : i)];
        })
        .def("__iter__", [](const Shape& s) { return nb::iter(nb::cast(std::vector<size_t>(s.begin(), s.end()))); })
        .def("__eq__", [](const Shape& a, nb::handle b) {
            try { return a == to_shape(b); } catch (const std::exception&) { return false; }
        })
        .def("to_string", [](const Shape& s) { return text(s); })
        .def("__str__", [](const Shape& s) { return text(s); })
        .def("__repr__", [](const Shape& s) { return "<Shape: " + text(s) + ">"; });

    nb::class_<Dimension>(m, "Dimension", "A dimension: a value, a range, or dynamic (as ov.Dimension).")
        .def(nb::init<>())
        .def(nb::init<Dimension::value_type>(), nb::arg("value"))
        .def(nb::init<Dimension::value_type, Dimension::value_type>(), nb::arg("min"), nb::arg("max"))
        .def_static("dynamic", &Dimension::dynamic)
        .def_prop_ro("is_dynamic", &Dimension::is_dynamic)
        .def_prop_ro("is_static", &Dimension::is_static)
        .def("get_length", &Dimension::get_length)
        .def("get_min_length", &Dimension::get_min_length)
        .def("get_max_length", &Dimension::get_max_length)
        .def("compatible", &Dimension::compatible)
        .def(nb::self == nb::self)
        .def("__eq__", [](const Dimension& a, Dimension::value_type b) { return a == Dimension(b); })
        .def("__str__", [](const Dimension& d) { return text(d); })
        .def("__repr__", [](const Dimension& d) { return "<Dimension: " + text(d) + ">"; });
    nb::implicitly_convertible<Dimension::value_type, Dimension>();

    nb::class_<PartialShape>(m, "PartialShape", "A shape with dynamic dimensions or rank (as ov.PartialShape).")
        .def("__init__", [](PartialShape* s, nb::handle v) { new (s) PartialShape(to_partial_shape(v)); },
             nb::arg("dims"), "From a sequence of ints (-1: dynamic), Dimensions, (min, max) pairs, or '[1,?,3]'.")
        .def_static("dynamic", [](int64_t rank) { return PartialShape::dynamic(rank); }, nb::arg("rank") = -1)
        .def_prop_ro("rank", [](const PartialShape& s) -> nb::object {
            return s.rank_is_static() ? nb::object(nb::int_(s.size())) : nb::none();
        }, "The rank, None when dynamic.")
        .def_prop_ro("is_dynamic", &PartialShape::is_dynamic)
        .def_prop_ro("is_static", &PartialShape::is_static)
        .def("to_shape", &PartialShape::to_shape)
        .def("get_shape", &PartialShape::to_shape)
        .def("compatible", &PartialShape::compatible)
        .def("__len__", [](const PartialShape& s) { return s.size(); })
        .def("__getitem__", [](const PartialShape& s, long long i) {
            long long n = static_cast<long long>(s.size());
            if (i < -n || i >= n)
                throw nb::index_error("partial shape index out of range");
            return s[static_cast<size_t>(i < 0 ? i + n : i)];
        })
        .def("__iter__", [](const PartialShape& s) {
            return nb::iter(nb::cast(std::vector<Dimension>(s.begin(), s.end())));
        })
        .def("__eq__", [](const PartialShape& a, nb::handle b) {
            try { return a == to_partial_shape(b); } catch (const std::exception&) { return false; }
        })
        .def("to_string", [](const PartialShape& s) { return text(s); })
        .def("__str__", [](const PartialShape& s) { return text(s); })
        .def("__repr__", [](const PartialShape& s) { return "<PartialShape: " + text(s) + ">"; });
    nb::implicitly_convertible<Shape, PartialShape>();

    nb::class_<Layout>(m, "Layout", "A tensor layout ('NCHW', '[N,C,H,W]', 'N...C'), as ov.Layout.")
        .def(nb::init<>())
        .def(nb::init<const std::string&>(), nb::arg("layout"))
        .def_prop_ro("empty", &Layout::empty)
        .def("has_name", &Layout::has_name)
        .def("get_index_by_name", &Layout::get_index_by_name)
        .def("to_string", &Layout::to_string)
        .def(nb::self == nb::self)
        .def("__str__", &Layout::to_string)
        .def("__repr__", [](const Layout& l) { return "<Layout: '" + l.to_string() + "'>"; });
    nb::implicitly_convertible<std::string, Layout>();
}

}  // namespace ovcl_py
