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
    SoPtr() = default;
    SoPtr(std::shared_ptr<void> library, std::shared_ptr<T> object) : so(std::move(library)), ptr(std::move(object)) {}
    SoPtr(const SoPtr&) = default;
    SoPtr(SoPtr&&) noexcept = default;
    /// Assignment releases the old object before the old library: the defaulted one would assign `so` first and
    /// could unload the library while the old object's code was still to run (its destructor).
    SoPtr& operator=(SoPtr other) noexcept {
        std::shared_ptr<void> old_library = std::move(so);
        ptr = std::move(other.ptr);
        so = std::move(other.so);
        return *this;
    }

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

/// `obj` (code of a plugin library) shared so that the library stays loaded until the object is gone: a tensor
/// may outlive the Core, every compiled model and every request of the plugin that made it.
template <typename T>
std::shared_ptr<T> keeping_library(std::shared_ptr<T> obj, std::shared_ptr<void> so) {
    if (!obj || !so)
        return obj;
    T* raw = obj.get();
    return std::shared_ptr<T>(raw, [obj = std::move(obj), so = std::move(so)](T*) mutable {
        obj.reset();  // the object first, then (perhaps) the library its destructor lives in
        so.reset();
    });
}

}  // namespace ovcl
