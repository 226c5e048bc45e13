#include "shape_infer/rearrange_infer.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "ovcl/detail/checked_math.hpp"

namespace ovcl {
namespace shape_infer {

namespace {

struct Blocks {
    int64_t size;  ///< block_size
    size_t spatial;  ///< K
};

Blocks block_attrs(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_type(node, in, 0, {});
    const std::string mode = lower_attr(node, "mode");
    if (mode != "blocks_first" && mode != "depth_first")
        raise<ModelError>(node.describe(), ": mode '", node.get_attr<std::string>("mode"),
                          "' is not blocks_first or depth_first");
    const int64_t bs = node.get_attr<int64_t>("block_size", 1);
    if (bs < 1)
        raise<ModelError>(node.describe(), ": block_size ", bs, " must be at least 1");
    const PartialShape& s = in[0].shape;
    if (s.rank_is_static() && s.size() < 3)
        raise<ModelError>(node.describe(), ": data of rank ", s.size(), "; expected 3 or more");
    return {bs, s.rank_is_static() ? s.size() - 2 : 0};
}

}  // namespace

Outputs depth_to_space(const Node& node, const Inputs& in) {
    const Blocks b = block_attrs(node, in);
    PartialShape s = in[0].shape;
    if (s.rank_is_dynamic())
        return {{in[0].type, s}};
    int64_t div = 1;
    for (size_t i = 0; i < b.spatial; ++i)
        div = checked::mul(div, b.size);
    if (s[1].is_static()) {
        if (s[1].get_length() % div != 0)
            raise<ModelError>(node.describe(), ": channels ", s[1].get_length(), " are not a multiple of block_size^",
                              b.spatial, " = ", div);
        s[1] = Dimension(s[1].get_length() / div);
    } else {
        s[1] = Dimension::dynamic();
    }
    for (size_t i = 2; i < s.size(); ++i)
        s[i] = s[i].is_static() ? Dimension(checked::mul(s[i].get_length(), b.size)) : Dimension::dynamic();
    return {{in[0].type, s}};
}

Outputs space_to_depth(const Node& node, const Inputs& in) {
    const Blocks b = block_attrs(node, in);
    PartialShape s = in[0].shape;
    if (s.rank_is_dynamic())
        return {{in[0].type, s}};
    int64_t mul = 1;
    for (size_t i = 0; i < b.spatial; ++i)
        mul = checked::mul(mul, b.size);
    s[1] = s[1].is_static() ? Dimension(checked::mul(s[1].get_length(), mul)) : Dimension::dynamic();
    for (size_t i = 2; i < s.size(); ++i) {
        if (s[i].is_dynamic())
            continue;
        if (s[i].get_length() % b.size != 0)
            raise<ModelError>(node.describe(), ": dimension ", i, " (", s[i].get_length(),
                              ") is not a multiple of block_size ", b.size);
        s[i] = Dimension(s[i].get_length() / b.size);
    }
    return {{in[0].type, s}};
}

Outputs shuffle_channels(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_type(node, in, 0, {});
    const PartialShape& s = in[0].shape;
    const int64_t group = node.get_attr<int64_t>("group", 1);
    if (group < 1)
        raise<ModelError>(node.describe(), ": group ", group, " must be at least 1");
    if (s.rank_is_static()) {
        if (s.size() == 0)
            raise<ModelError>(node.describe(), ": data must have rank 1 or more");
        const auto axis = static_cast<size_t>(
            normalize_axis(node, node.get_attr<int64_t>("axis", 1), static_cast<int64_t>(s.size())));
        if (s[axis].is_static() && s[axis].get_length() % group != 0)
            raise<ModelError>(node.describe(), ": axis ", axis, " (", s[axis].get_length(),
                              ") is not a multiple of group ", group);
    }
    return {{in[0].type, s}};
}

Outputs roll(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    check_integer(node, in, 2);
    const PartialShape &shift = in[1].shape, &axes = in[2].shape;
    if (shift.rank_is_static() && shift.size() > 1)
        raise<ModelError>(node.describe(), ": shift must be a scalar or 1-D, got ", shift);
    if (axes.rank_is_static() && axes.size() != 1)
        raise<ModelError>(node.describe(), ": axes must be 1-D, got ", axes);
    if (shift.rank_is_static() && shift.size() == 1 && axes.rank_is_static() && !shift[0].compatible(axes[0]))
        raise<ModelError>(node.describe(), ": ", shift, " shifts for ", axes, " axes");
    if (const auto a = const_i64(in[2]); a && in[0].shape.rank_is_static())
        for (int64_t v : *a)
            normalize_axis(node, v, static_cast<int64_t>(in[0].shape.size()));
    return {{in[0].type, in[0].shape}};
}

Outputs reverse_sequence(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    const PartialShape &d = in[0].shape, &l = in[1].shape;
    if (l.rank_is_static() && l.size() != 1)
        raise<ModelError>(node.describe(), ": seq_lengths must be 1-D, got ", l);
    if (d.rank_is_static()) {
        const auto r = static_cast<int64_t>(d.size());
        if (r < 2)
            raise<ModelError>(node.describe(), ": data of rank ", r, "; expected 2 or more");
        const auto b = static_cast<size_t>(normalize_axis(node, node.get_attr<int64_t>("batch_axis", 0), r));
        const auto s = static_cast<size_t>(normalize_axis(node, node.get_attr<int64_t>("seq_axis", 1), r));
        if (b == s)
            raise<ModelError>(node.describe(), ": batch_axis and seq_axis are the same axis ", b);
        if (l.rank_is_static() && !l[0].compatible(d[b]))
            raise<ModelError>(node.describe(), ": ", l[0], " sequence lengths for a batch of ", d[b]);
    }
    return {{in[0].type, d}};
}

namespace {
// The block shape and the two per-axis amounts of SpaceToBatch / BatchToSpace, when constant; nullopt else.
struct BlockArgs {
    std::vector<int64_t> block, begin, end;
};

std::optional<BlockArgs> block_args(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 4);
    check_type(node, in, 0, {});
    for (size_t i = 1; i < 4; ++i) {
        check_integer(node, in, i);
        if (in[i].shape.rank_is_static() && in[i].shape.size() != 1)
            raise<ModelError>(node.describe(), ": input ", i, " must be 1-D, got ", in[i].shape);
    }
    const PartialShape& d = in[0].shape;
    if (d.rank_is_static() && d.size() < 2)
        raise<ModelError>(node.describe(), ": data of rank ", d.size(), "; expected 2 or more");
    const auto b = const_i64(in[1]), pb = const_i64(in[2]), pe = const_i64(in[3]);
    if (!b || !pb || !pe || d.rank_is_dynamic())
        return std::nullopt;
    if (b->size() != d.size() || pb->size() != d.size() || pe->size() != d.size())
        raise<ModelError>(node.describe(), ": block_shape and the pads or crops need one value per axis of ", d);
    if (b->at(0) != 1)
        raise<ModelError>(node.describe(), ": block_shape[0] is ", b->at(0), "; it must be 1");
    for (size_t a = 0; a < d.size(); ++a)
        if (b->at(a) < 1 || pb->at(a) < 0 || pe->at(a) < 0)
            raise<ModelError>(node.describe(), ": block sizes must be at least 1 and pads or crops non-negative");
    return BlockArgs{*b, *pb, *pe};
}


// SpaceToBatch (`to_batch`) and BatchToSpace: the same walk over the axes, each op the other's inverse.
Outputs block_move(const Node& node, const Inputs& in, bool to_batch) {
    const auto args = block_args(node, in);
    const PartialShape& d = in[0].shape;
    if (!args)
        return {{in[0].type, d.rank_is_static() ? PartialShape::dynamic(static_cast<int64_t>(d.size()))
                                                : PartialShape::dynamic()}};
    std::vector<Dimension> out(d.size());
    int64_t blocks = 1;
    for (size_t a = 1; a < d.size(); ++a) {
        const int64_t block = args->block[a], cut = checked::add(args->begin[a], args->end[a]);
        blocks = checked::mul(blocks, block);
        if (d[a].is_dynamic())
            continue;
        if (to_batch) {  // pad, then split into blocks
            const int64_t padded = checked::add(d[a].get_length(), cut);
            if (padded % block != 0)
                raise<ModelError>(node.describe(), ": axis ", a, " padded to ", padded, " is not a multiple of block ",
                                  block);
            out[a] = Dimension(padded / block);
        } else {  // join the blocks, then crop
            const int64_t full = checked::mul(d[a].get_length(), block);
            if (cut > full)
                raise<ModelError>(node.describe(), ": crops of axis ", a, " exceed its ", full, " elements");
            out[a] = Dimension(full - cut);
        }
    }
    if (d[0].is_static()) {
        const int64_t batch = d[0].get_length();
        if (!to_batch && batch % blocks != 0)
            raise<ModelError>(node.describe(), ": batch ", batch, " is not a multiple of the ", blocks, " blocks");
        out[0] = Dimension(to_batch ? checked::mul(batch, blocks) : batch / blocks);
    }
    return {{in[0].type, PartialShape(out)}};
}
}  // namespace

Outputs space_to_batch(const Node& node, const Inputs& in) { return block_move(node, in, true); }

Outputs batch_to_space(const Node& node, const Inputs& in) { return block_move(node, in, false); }

}  // namespace shape_infer
}  // namespace ovcl
