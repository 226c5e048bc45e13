// Device memory shared by the requests of one stream: they enqueue one whole inference at a time on one in-order
// queue (InferRequest::enqueue holds the stream's enqueue lock), so a request's intermediate tensors are dead before
// the next request's commands run, and the memory plan's arenas belong to the stream, as in OpenVINO's GPU plugin.
// What that saves: docs/async_pipeline.md, "GPU pipeline".
#pragma once

#include <cstddef>
#include <mutex>
#include <vector>

#include "ocl/ocl.hpp"

namespace ovcl {
namespace gpu {

class StreamArenas {
public:
    /// Arenas of at least `bytes[i]` bytes each: those the stream's other requests use when they are large enough,
    /// else larger ones, which replace them here (requests holding the smaller ones keep them until they prepare
    /// again: memory is then shared again from their next plan on).
    std::vector<cl::Buffer> take(const cl::Context& context, const std::vector<size_t>& bytes);

    /// Bytes of the arenas held now (what the stream's requests share).
    size_t bytes() const;

private:
    mutable std::mutex m_mutex;
    std::vector<cl::Buffer> m_arenas;
    std::vector<size_t> m_bytes;
};

}  // namespace gpu
}  // namespace ovcl
