// The memory plan of a request: where each intermediate tensor lives on the device. Plan::build (plan.hpp) gives
// every storage root (a value that is no view) a block alive from the step that first writes it to the step that
// last reads it; place_blocks() gives each block an arena offset "greedy by size" (largest first, each into the
// smallest gap between the blocks it overlaps in time), as TFLite's GPU delegate and OpenVINO's CPU plugin plan
// memory. make_request_buffers makes a buffer per arena and a sub-buffer per slot, so kernels see ordinary buffers.
#pragma once

#include <cstddef>
#include <vector>

#include "ocl/ocl.hpp"

namespace ovcl {
namespace gpu {

struct Plan;

/// One region a request allocates: `bytes` at `offset` in arena `arena`. A value, its views, and (for an in-place
/// Concat) each input of the Concat have a slot; slots of values alive at the same time never overlap, except an
/// in-place Concat input, which lies inside its output.
struct Slot {
    size_t arena = 0;
    size_t offset = 0;
    size_t bytes = 0;
};

/// A storage root: written first at step `first`, read last at step `last` (both included).
struct Block {
    size_t first = 0;
    size_t last = 0;
    size_t bytes = 0;
};

struct BlockLayout {
    std::vector<Slot> placements;     ///< per block
    std::vector<size_t> arena_bytes;  ///< size of each arena
};

/// Offsets for `blocks`, each a multiple of `alignment`; an arena holds at most `max_arena_bytes` (the device's
/// CL_DEVICE_MAX_MEM_ALLOC_SIZE) unless one block alone is larger (it then gets an arena of its own, and allocating it
/// fails with the device's error).
BlockLayout place_blocks(const std::vector<Block>& blocks, size_t alignment, size_t max_arena_bytes);

/// A layout without offsets, for devices whose sub-buffers can't be used (DeviceInfo::sub_buffers): every block at
/// offset 0 of a whole buffer (an "arena") that only blocks alive at other steps share, as OpenVINO's GPU plugin
/// reuses its memory pool's buffers. Largest block first, each into the smallest buffer free at its steps.
BlockLayout share_whole_buffers(const std::vector<Block>& blocks);

/// The most bytes alive at any one step: no layout of these blocks can take less.
size_t largest_live_set(const std::vector<Block>& blocks);

/// The device memory of one request for `plan`: `arenas` (at least plan.arena_bytes each; a stream's requests share
/// them, stream_arenas.hpp) and one sub-buffer of them per Plan::slots entry (indexed as Value::index), or the arena
/// itself for a slot that is all of it or in a plan without sub-buffers. The arenas are held so the sub-buffers stay
/// valid.
struct RequestBuffers {
    std::vector<cl::Buffer> arenas;
    std::vector<cl::Buffer> slots;
};
RequestBuffers make_request_buffers(const Plan& plan, std::vector<cl::Buffer> arenas);

}  // namespace gpu
}  // namespace ovcl
