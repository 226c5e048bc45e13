#include "shape_infer/image_patches_infer.hpp"

#include <string>

#include "shape_infer/convolution_infer.hpp"

namespace ovcl {
namespace shape_infer {

PatchAxis extract_patch_axis(const Node& node, int64_t in, int64_t k, int64_t s, int64_t r) {
    const int64_t span = dilated(k, r);
    const AutoPad pad = parse_auto_pad(node);
    if (pad == AutoPad::Valid)
        return {in < span ? 0 : (in - span) / s + 1, 0};
    const int64_t count = ceil_div(in, s);
    const int64_t total = std::max<int64_t>(0, checked::sub(checked::add(checked::mul(count - 1, s), span), in));
    return {count, pad == AutoPad::SameUpper ? total / 2 : total - total / 2};
}

int64_t col2im_blocks(int64_t size, int64_t k, int64_t s, int64_t d, int64_t pb, int64_t pe) {
    const int64_t room = checked::sub(padded(size, pb, pe), dilated(k, d));
    return room < 0 ? 0 : room / s + 1;
}

Outputs extract_image_patches(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_type(node, in, 0, {});
    const auto pad = node.get_attr<std::string>("auto_pad", "valid");
    if (pad != "valid" && pad != "same_upper" && pad != "same_lower")
        raise<ModelError>(node.describe(), ": auto_pad must be valid, same_upper or same_lower, not \"", pad, "\"");
    const auto sizes = spatial_attr(node, "sizes", 2, std::nullopt, 1);
    const auto strides = spatial_attr(node, "strides", 2, std::nullopt, 1);
    const auto rates = spatial_attr(node, "rates", 2, std::nullopt, 1);
    const PartialShape& data = in[0].shape;
    if (data.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic(4)}};
    if (data.size() != 4)
        raise<ModelError>(node.describe(), ": the data must be 4-D [N, C, H, W], got ", data);
    std::vector<Dimension> out{data[0], map_dim(data[1], [&](int64_t c) { return checked::mul(checked::mul(c, sizes[0]), sizes[1]); })};
    for (size_t i = 0; i < 2; ++i)
        out.push_back(map_dim(data[2 + i], [&](int64_t e) {
            return extract_patch_axis(node, e, sizes[i], strides[i], rates[i]).count;
        }));
    return {{in[0].type, PartialShape(out)}};
}

Outputs col2im(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    check_type(node, in, 0, {});
    check_integer(node, in, 1);
    merge_types(node, in, 1, 2);
    for (size_t i = 1; i < 3; ++i)
        if (in[i].shape.rank_is_static() && !in[i].shape.compatible(PartialShape{2}))
            raise<ModelError>(node.describe(), ": input ", i, " must hold two values, got ", in[i].shape);
    const auto strides = spatial_attr(node, "strides", 2, 1, 1);
    const auto dilations = spatial_attr(node, "dilations", 2, 1, 1);
    const auto pb = spatial_attr(node, "pads_begin", 2, 0, 0);
    const auto pe = spatial_attr(node, "pads_end", 2, 0, 0);
    const PartialShape& data = in[0].shape;
    if (data.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    if (data.size() != 2 && data.size() != 3)
        raise<ModelError>(node.describe(), ": the data must be [N, C * kh * kw, L] or [C * kh * kw, L], got ", data);
    const bool batched = data.size() == 3;
    const Dimension cols = data[batched ? 1 : 0], length = data[batched ? 2 : 1];
    const auto size = const_i64(in[1]), kernel = const_i64(in[2]);
    for (const auto* v : {&size, &kernel})
        if (*v && (*v)->size() == 2 && ((**v)[0] < 1 || (**v)[1] < 1))
            raise<ModelError>(node.describe(), ": output_size and kernel_size must be positive");
    Dimension channels = Dimension::dynamic();
    if (kernel) {
        const int64_t area = checked::mul((*kernel)[0], (*kernel)[1]);
        if (cols.is_static() && cols.get_length() % area != 0)
            raise<ModelError>(node.describe(), ": ", cols.get_length(), " columns are not a multiple of the kernel's ", area);
        channels = map_dim(cols, [&](int64_t c) { return c / area; });
    }
    if (size && kernel && length.is_static()) {
        int64_t blocks = 1;
        for (size_t i = 0; i < 2; ++i)
            blocks = checked::mul(blocks, col2im_blocks((*size)[i], (*kernel)[i], strides[i], dilations[i], pb[i], pe[i]));
        if (blocks != length.get_length())
            raise<ModelError>(node.describe(), ": the data has ", length.get_length(), " blocks, the geometry makes ", blocks);
    }
    std::vector<Dimension> out;
    if (batched)
        out.push_back(data[0]);
    out.push_back(channels);
    for (size_t i = 0; i < 2; ++i)
        out.push_back(size ? Dimension((*size)[i]) : Dimension::dynamic());
    return {{in[0].type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
