#include "plan/stream_arenas.hpp"

#include <numeric>

#include "ops/gpu_env.hpp"

namespace ovcl {
namespace gpu {

std::vector<cl::Buffer> StreamArenas::take(const cl::Context& context, const std::vector<size_t>& bytes) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_arenas.size() < bytes.size()) {
        m_arenas.resize(bytes.size());
        m_bytes.resize(bytes.size(), 0);
    }
    for (size_t i = 0; i < bytes.size(); ++i) {
        if (m_bytes[i] >= bytes[i] && m_arenas[i]())
            continue;
        m_arenas[i] = make_buffer(context, bytes[i], CL_MEM_READ_WRITE);
        m_bytes[i] = bytes[i];
    }
    return {m_arenas.begin(), m_arenas.begin() + static_cast<std::ptrdiff_t>(bytes.size())};
}

size_t StreamArenas::bytes() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return std::accumulate(m_bytes.begin(), m_bytes.end(), size_t{0});
}

}  // namespace gpu
}  // namespace ovcl
