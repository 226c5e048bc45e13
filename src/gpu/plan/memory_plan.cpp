#include "plan/memory_plan.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "ops/gpu_env.hpp"
#include "plan/plan.hpp"

namespace ovcl {
namespace gpu {

namespace {

size_t align_up(size_t v, size_t alignment) { return (v + alignment - 1) / alignment * alignment; }

bool overlap_in_time(const Block& a, const Block& b) { return a.first <= b.last && b.first <= a.last; }

}  // namespace

BlockLayout place_blocks(const std::vector<Block>& blocks, size_t alignment, size_t max_arena_bytes) {
    alignment = std::max<size_t>(alignment, 1);
    BlockLayout layout;
    layout.placements.resize(blocks.size());
    // Largest first: the big tensors settle the arena's size, the small ones fill the gaps they leave. Ties go to the
    // earlier block, so the layout depends on nothing but the plan.
    std::vector<size_t> order(blocks.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return blocks[a].bytes > blocks[b].bytes; });
    std::vector<size_t> placed;
    for (size_t b : order) {
        const Block& block = blocks[b];
        const size_t bytes = std::max<size_t>(block.bytes, 1);  // OpenCL has no empty buffers
        for (size_t arena = 0;; ++arena) {
            if (arena == layout.arena_bytes.size())
                layout.arena_bytes.push_back(0);
            // The blocks of this arena alive at the same time as this one, by offset.
            std::vector<size_t> busy;
            for (size_t p : placed)
                if (layout.placements[p].arena == arena && overlap_in_time(blocks[p], block))
                    busy.push_back(p);
            std::sort(busy.begin(), busy.end(),
                      [&](size_t x, size_t y) { return layout.placements[x].offset < layout.placements[y].offset; });
            // The smallest gap that fits, else after the last of them.
            size_t best = SIZE_MAX, best_gap = SIZE_MAX, end = 0;
            for (size_t p : busy) {
                const Slot& s = layout.placements[p];
                const size_t start = align_up(end, alignment);
                if (s.offset >= start && s.offset - start >= bytes && s.offset - start < best_gap) {
                    best = start;
                    best_gap = s.offset - start;
                }
                end = std::max(end, s.offset + s.bytes);
            }
            if (best == SIZE_MAX)
                best = align_up(end, alignment);
            const bool empty_arena = layout.arena_bytes[arena] == 0;
            if (best + bytes > max_arena_bytes && !empty_arena)
                continue;  // full: the next arena (a new one at the end)
            layout.placements[b] = Slot{arena, best, bytes};
            layout.arena_bytes[arena] = std::max(layout.arena_bytes[arena], best + bytes);
            break;
        }
        placed.push_back(b);
    }
    return layout;
}

BlockLayout share_whole_buffers(const std::vector<Block>& blocks) {
    BlockLayout layout;
    layout.placements.resize(blocks.size());
    std::vector<size_t> order(blocks.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return blocks[a].bytes > blocks[b].bytes; });
    std::vector<std::vector<size_t>> holders;  // per buffer: the blocks placed in it
    for (size_t b : order) {
        const size_t bytes = std::max<size_t>(blocks[b].bytes, 1);
        // Largest first, so every buffer so far is large enough: the smallest with no block alive at the same time.
        size_t best = SIZE_MAX;
        for (size_t buffer = 0; buffer < holders.size(); ++buffer) {
            const bool free = std::none_of(holders[buffer].begin(), holders[buffer].end(),
                                           [&](size_t p) { return overlap_in_time(blocks[p], blocks[b]); });
            if (free && layout.arena_bytes[buffer] >= bytes &&
                (best == SIZE_MAX || layout.arena_bytes[buffer] < layout.arena_bytes[best]))
                best = buffer;
        }
        if (best == SIZE_MAX) {
            best = holders.size();
            holders.emplace_back();
            layout.arena_bytes.push_back(bytes);
        }
        holders[best].push_back(b);
        layout.placements[b] = Slot{best, 0, bytes};
    }
    return layout;
}

size_t largest_live_set(const std::vector<Block>& blocks) {
    // +bytes when a block starts, -bytes after its last step: the running sum is what is alive.
    std::vector<std::pair<size_t, int64_t>> events;  // (2 * step [+1 for "after"], delta)
    for (const Block& b : blocks) {
        events.emplace_back(2 * b.first, static_cast<int64_t>(b.bytes));
        events.emplace_back(2 * b.last + 1, -static_cast<int64_t>(b.bytes));
    }
    std::sort(events.begin(), events.end());
    int64_t alive = 0, most = 0;
    for (const auto& [when, delta] : events) {
        alive += delta;
        most = std::max(most, alive);
    }
    return static_cast<size_t>(most);
}

RequestBuffers make_request_buffers(const Plan& plan, std::vector<cl::Buffer> arenas) {
    RequestBuffers buffers;
    buffers.arenas = std::move(arenas);
    std::vector<size_t> arena_bytes;
    for (const cl::Buffer& arena : buffers.arenas)
        arena_bytes.push_back(arena.getInfo<CL_MEM_SIZE>());
    for (size_t i = 0; i < plan.slots.size(); ++i) {
        const Slot& s = plan.slots[i];
        cl::Buffer& arena = buffers.arenas.at(s.arena);
        // The whole arena (in a plan without sub-buffers, every slot is at offset 0 of its own): no sub-buffer.
        if (s.offset == 0 && (s.bytes == arena_bytes[s.arena] || !plan.sub_buffers)) {
            buffers.slots.push_back(arena);
            continue;
        }
        const cl_buffer_region region{s.offset, std::max<size_t>(s.bytes, 1)};
        cl_int err = CL_SUCCESS;
        buffers.slots.push_back(arena.createSubBuffer(CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err));
        check(err, "clCreateSubBuffer",
              "slot " + std::to_string(i) + " (" + std::to_string(s.bytes) + " bytes at offset " +
                  std::to_string(s.offset) + " of arena " + std::to_string(s.arena) + ")");
    }
    return buffers;
}

}  // namespace gpu
}  // namespace ovcl
