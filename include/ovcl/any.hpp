// ovcl::Any: a copyable value of any type that converts to and from text, as OpenVINO's
// ov::Any does, so properties given as strings ("YES", "4", "f16") read as typed values.
#pragma once

#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "ovcl/except.hpp"

namespace ovcl {

class Any;
using AnyMap = std::map<std::string, Any>;

namespace detail {
template <typename T, typename = void>
struct has_ostream : std::false_type {};
template <typename T>
struct has_ostream<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};
template <typename T, typename = void>
struct has_istream : std::false_type {};
template <typename T>
struct has_istream<T, std::void_t<decltype(std::declval<std::istream&>() >> std::declval<T&>())>>
    : std::true_type {};
template <typename T>
struct is_tuple : std::false_type {};
template <typename... T>
struct is_tuple<std::tuple<T...>> : std::true_type {};
template <typename T>
struct is_vector : std::false_type {};
template <typename T>
struct is_vector<std::vector<T>> : std::true_type {};

bool parse_bool(const std::string& s);  ///< YES/NO, true/false, 1/0 (case-insensitive)

template <typename T>
std::string to_text(const T& v);
template <typename T>
T from_text(const std::string& s);

template <typename T>
std::string to_text(const T& v) {
    if constexpr (std::is_same_v<T, std::string>) {
        return v;
    } else if constexpr (std::is_same_v<T, bool>) {
        return v ? "YES" : "NO";
    } else if constexpr (is_vector<T>::value) {
        std::string out;
        for (size_t i = 0; i < v.size(); ++i)
            out += (i ? " " : "") + to_text(v[i]);
        return out;
    } else if constexpr (is_tuple<T>::value) {  // "a,b,c", as OpenVINO prints a range
        std::string out;
        std::apply([&](const auto&... e) { ((out += (out.empty() ? "" : ",") + to_text(e)), ...); }, v);
        return out;
    } else if constexpr (has_ostream<T>::value) {
        std::ostringstream os;
        os << v;
        return os.str();
    } else {
        raise<Exception>("value of type ", typeid(T).name(), " has no text form");
    }
}

template <typename T>
T from_text(const std::string& s) {
    if constexpr (std::is_same_v<T, std::string>) {
        return s;
    } else if constexpr (std::is_same_v<T, bool>) {
        return parse_bool(s);
    } else if constexpr (is_vector<T>::value) {
        T out;
        std::istringstream is(s);
        std::string tok;
        while (is >> tok) {
            for (std::string part; !tok.empty();) {  // accept "a,b c" too
                auto comma = tok.find(',');
                part = tok.substr(0, comma);
                tok = comma == std::string::npos ? "" : tok.substr(comma + 1);
                if (!part.empty())
                    out.push_back(from_text<typename T::value_type>(part));
            }
        }
        return out;
    } else if constexpr (is_tuple<T>::value) {
        T out;
        std::istringstream is(s);
        std::apply([&](auto&... e) {
            std::string part;
            ((std::getline(is, part, ','), e = from_text<std::decay_t<decltype(e)>>(part)), ...);
        }, out);
        return out;
    } else if constexpr (has_istream<T>::value) {
        std::istringstream is(s);
        T v{};
        is >> v;
        if (is.fail() || !(is >> std::ws).eof())
            raise<InvalidArgument>("cannot read '", s, "' as ", typeid(T).name());
        if constexpr (std::is_unsigned_v<T>)
            if (s.find('-') != std::string::npos)
                raise<InvalidArgument>("cannot read '", s, "' as an unsigned value");
        return v;
    } else {
        raise<InvalidArgument>("cannot read '", s, "': type ", typeid(T).name(), " has no text form");
    }
}
}  // namespace detail

class Any {
    struct Base {
        virtual ~Base() = default;
        virtual const std::type_info& type() const = 0;
        virtual const void* addr() const = 0;
        virtual std::string text() const = 0;
        virtual bool equal(const Base& o) const = 0;
        virtual bool arithmetic(long double& out) const = 0;
    };
    template <typename T>
    struct Impl final : Base {
        explicit Impl(T v) : value(std::move(v)) {}
        const std::type_info& type() const override { return typeid(T); }
        const void* addr() const override { return &value; }
        std::string text() const override { return detail::to_text(value); }
        bool equal(const Base& o) const override {
            if (o.type() != typeid(T))
                return text() == o.text();
            if constexpr (std::is_same_v<T, AnyMap>)
                return text() == o.text();
            else
                return value == *static_cast<const T*>(o.addr());
        }
        bool arithmetic(long double& out) const override {
            if constexpr (std::is_arithmetic_v<T>) {
                out = static_cast<long double>(value);
                return true;
            } else {
                return false;
            }
        }
        T value;
    };

public:
    Any() = default;
    template <typename T, typename D = std::decay_t<T>,
              typename = std::enable_if_t<!std::is_same_v<D, Any> && !std::is_same_v<D, const char*> &&
                                          !std::is_array_v<std::remove_reference_t<T>>>>
    Any(T&& v) : m_impl(std::make_shared<Impl<D>>(std::forward<T>(v))) {}  // NOLINT
    Any(const char* s) : Any(std::string(s)) {}  // NOLINT

    bool empty() const { return !m_impl; }
    template <typename T>
    bool is() const { return m_impl && m_impl->type() == typeid(T); }

    /// The value as T: the stored value when it is a T, its text form when T is string,
    /// parsed from text when a string is stored, numeric conversion between arithmetic types.
    template <typename T>
    T as() const {
        if (!m_impl)
            raise<Exception>("the value is empty");
        if (m_impl->type() == typeid(T))
            return *static_cast<const T*>(m_impl->addr());
        if constexpr (std::is_same_v<T, std::string>) {
            return m_impl->text();
        } else {
            if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
                long double v;
                if (m_impl->arithmetic(v)) {
                    if (std::is_unsigned_v<T> && v < 0)
                        raise<InvalidArgument>("value ", static_cast<double>(v), " is negative");
                    return static_cast<T>(v);
                }
            }
            if (m_impl->type() == typeid(std::string))
                return detail::from_text<T>(*static_cast<const std::string*>(m_impl->addr()));
            return detail::from_text<T>(m_impl->text());
        }
    }
    std::string to_string() const { return m_impl ? m_impl->text() : std::string(); }
    bool operator==(const Any& o) const {
        if (!m_impl || !o.m_impl)
            return !m_impl && !o.m_impl;
        return m_impl->equal(*o.m_impl);
    }
    bool operator!=(const Any& o) const { return !(*this == o); }

private:
    std::shared_ptr<const Base> m_impl;
};

std::ostream& operator<<(std::ostream& os, const Any& a);
std::ostream& operator<<(std::ostream& os, const AnyMap& m);

}  // namespace ovcl
