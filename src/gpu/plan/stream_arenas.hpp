// Device memory shared by the requests of one stream.
//
// A stream's requests put their commands into one in-order queue, one request's whole inference (writes, kernels,
// reads) at a time (InferRequest::enqueue holds the stream's enqueue lock for it). The device therefore runs them
// one after another, and a request's intermediate tensors are dead once its last command ran: the next request of
// the stream may use the same memory. So the arenas of the memory plan belong to the stream, not to the request,
// as OpenVINO's GPU plugin gives each stream one network whose requests share its memory. With four requests on
// two streams that is half the device memory, and on a CPU device (PoCL) half the cache footprint.
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
