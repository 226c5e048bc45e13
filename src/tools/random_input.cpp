#include "tools/random_input.hpp"

#include <string>
#include <type_traits>

namespace ovcl {
namespace cli {

Tensor random_input(element::Type type, const Shape& shape, std::mt19937& rng, const std::string& name) {
    Tensor t;
    try {
        t = Tensor(type, shape);
    } catch (const Exception& e) {
        raise<InvalidArgument>("input '", name, "': ", e.what());
    }
    dispatch_type(type, [&](auto tag) {
        using E = decltype(tag);
        auto* d = static_cast<E*>(t.data());
        for (size_t i = 0; i < t.get_size(); ++i) {
            const uint32_t r = static_cast<uint32_t>(rng());
            if constexpr (std::is_same_v<E, float16> || std::is_floating_point_v<E>)
                d[i] = E(static_cast<float>(r >> 8) * (2.0f / 16777216.0f) - 1.0f);
            else if constexpr (std::is_same_v<E, char>)
                d[i] = static_cast<char>(r & 1);
            else
                d[i] = static_cast<E>(r % 10);
        }
    });
    return t;
}

}  // namespace cli
}  // namespace ovcl
