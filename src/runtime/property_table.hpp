// One row per property key (name, RO/RW, how to read and write it against a context C: a plugin's
// Config, a plugin or a compiled model), so that applying, reading and SUPPORTED_PROPERTIES come
// from the same list. A row's type is that of the Any its get returns; its default is what get
// returns for a default-constructed C.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ovcl/any.hpp"
#include "ovcl/properties.hpp"

namespace ovcl {

/// Reads a property value as T; a bad value throws InvalidArgument naming the key.
template <typename T>
T read_property(const std::string& key, const Any& value) {
    try {
        return value.as<T>();
    } catch (const Exception& e) {
        raise<InvalidArgument>("property ", key, ": bad value '", value.to_string(), "': ", e.what());
    }
}

template <typename C>
struct PropertyRow {
    using Get = std::function<Any(const C&)>;
    /// Parses `value` into C, throwing InvalidArgument naming `key` (as given: it may be the alias).
    using Apply = std::function<void(C&, const std::string& key, const Any& value)>;

    PropertyRow(std::string key, PropertyMutability mutability, Get get, Apply apply = nullptr, std::string alias = "")
        : key(std::move(key)),
          mutability(mutability),
          get(std::move(get)),
          apply(std::move(apply)),
          alias(std::move(alias)) {}

    std::string key;
    PropertyMutability mutability;
    Get get;
    Apply apply;  ///< empty for RO rows and for RW keys the owner applies itself (the GPU's CONFIG_FILE)
    std::string alias;  ///< another name accepted for the key, never listed
};

/// A row for a member read with read_property<T> and returned as it is.
template <typename C, typename T>
PropertyRow<C> field(const char* key, T C::*member, const char* alias = "") {
    return {key, PropertyMutability::RW, [member](const C& c) -> Any { return c.*member; },
            [member](C& c, const std::string& k, const Any& v) { c.*member = read_property<T>(k, v); }, alias};
}

template <typename C>
class PropertyTable {
public:
    /// `owner` names the plugin in NotFound messages ("GPU: unsupported property X").
    PropertyTable(std::string owner, std::vector<PropertyRow<C>> rows)
        : m_owner(std::move(owner)), m_rows(std::move(rows)) {}

    /// Appends the rows of `table`, over the member `part` of C (the keys every plugin shares).
    template <typename P>
    PropertyTable& include(const PropertyTable<P>& table, P C::*part) {
        for (const auto& r : table.rows()) {
            PropertyRow<C> row{r.key, r.mutability, [get = r.get, part](const C& c) { return get(c.*part); },
                               nullptr, r.alias};
            if (r.apply)
                row.apply = [apply = r.apply, part](C& c, const std::string& k, const Any& v) { apply(c.*part, k, v); };
            m_rows.push_back(std::move(row));
        }
        return *this;
    }
    PropertyTable& add(std::vector<PropertyRow<C>> rows) {
        for (auto& r : rows)
            m_rows.push_back(std::move(r));
        return *this;
    }
    /// Replaces how `key` reads (a plugin reports a value derived from more than its own field).
    PropertyTable& with_get(const std::string& key, std::function<Any(const C&)> get) {
        for (auto& r : m_rows)
            if (r.key == key)
                r.get = std::move(get);
        return *this;
    }

    const std::vector<PropertyRow<C>>& rows() const { return m_rows; }
    const PropertyRow<C>* find(const std::string& key) const {
        for (const auto& r : m_rows)
            if (r.key == key || (!r.alias.empty() && r.alias == key))
                return &r;
        return nullptr;
    }

    /// Applies `properties` in order; a key without an apply throws NotFound unless `lenient`.
    void apply(C& c, const AnyMap& properties, bool lenient) const {
        for (const auto& [key, value] : properties) {
            const PropertyRow<C>* r = find(key);
            if (r && r->apply)
                r->apply(c, key, value);
            else if (!lenient)
                unsupported(key);
        }
    }
    Any get(const C& c, const std::string& key) const {
        const PropertyRow<C>* r = find(key);
        if (!r)
            unsupported(key);
        return r->get(c);
    }
    /// The keys in row order; all reported as `as` when given (a compiled model's settings are RO).
    std::vector<PropertyName> names(std::optional<PropertyMutability> as = std::nullopt) const {
        std::vector<PropertyName> out;
        for (const auto& r : m_rows)
            out.emplace_back(r.key, as.value_or(r.mutability));
        return out;
    }

private:
    [[noreturn]] void unsupported(const std::string& key) const {
        raise<NotFound>(m_owner, ": unsupported property ", key);
    }

    std::string m_owner;
    std::vector<PropertyRow<C>> m_rows;
};

/// `a` followed by `b`: SUPPORTED_PROPERTIES of an object and of its configuration.
inline std::vector<PropertyName> concat(std::vector<PropertyName> a, const std::vector<PropertyName>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace ovcl
