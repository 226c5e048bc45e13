#pragma once

#include <memory>

#include "ovcl/except.hpp"

namespace ovcl {

/// An object from a plugin library plus a handle that keeps the library loaded. The object
/// is released before the library (member order), as OpenVINO's SoPtr does.
template <typename T>
struct SoPtr {
    std::shared_ptr<void> so;  ///< the library handle; declared first so it is destroyed last
    std::shared_ptr<T> ptr;
    T* operator->() const { return ptr.get(); }
    T& operator*() const { return *ptr; }
    explicit operator bool() const { return static_cast<bool>(ptr); }
    /// The object; throws naming `what` when empty (a default-constructed handle).
    T& get(const char* what) const {
        if (!ptr)
            raise<Exception>(what, " is empty");
        return *ptr;
    }
};

}  // namespace ovcl
