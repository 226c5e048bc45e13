#include "ops/einsum.hpp"

#include <algorithm>
#include <initializer_list>
#include <map>

#include "shape_infer/einsum_infer.hpp"

namespace ovcl {
namespace gpu {

namespace {

std::string label_name(int label) {
    return label >= 0 ? std::string("'") + static_cast<char>(label) + "'" : "an ellipsis axis";
}

bool has(const std::vector<int>& labels, int label) {
    return std::find(labels.begin(), labels.end(), label) != labels.end();
}

// The Transpose order that takes axes labelled `from` to the labels `to` (the same labels).
std::vector<int64_t> order_of(const std::vector<int>& from, const std::vector<int>& to) {
    std::vector<int64_t> order;
    for (int label : to)
        order.push_back(std::find(from.begin(), from.end(), label) - from.begin());
    return order;
}

bool identity(const std::vector<int64_t>& order) {
    for (size_t i = 0; i < order.size(); ++i)
        if (order[i] != static_cast<int64_t>(i))
            return false;
    return true;
}

std::vector<int> joined(std::initializer_list<const std::vector<int>*> parts) {
    std::vector<int> out;
    for (const auto* p : parts)
        out.insert(out.end(), p->begin(), p->end());
    return out;
}

}  // namespace

bool lower_einsum(const Node& node, EinsumLowering& low, std::string& why) {
    const size_t n = node.get_input_size();
    if (n != 1 && n != 2) {
        why = std::to_string(n) + " operands: the device runs one or two (a MatMul)";
        return false;
    }
    const element::Type type = node.get_output_element_type(0);
    if (type != element::f32 && type != element::f16 && type != element::i32 && type != element::i64) {
        why = "element type " + type.to_string() + ": MatMul takes f32, f16, i32 and i64";
        return false;
    }
    std::vector<int64_t> ranks;
    for (size_t i = 0; i < n; ++i) {
        if (node.get_input_partial_shape(i).is_dynamic()) {
            why = "input " + std::to_string(i) + " has a dynamic shape";
            return false;
        }
        ranks.push_back(static_cast<int64_t>(node.get_input_shape(i).size()));
    }
    const shape_infer::EinsumEquation eq = shape_infer::einsum_equation(node, ranks);
    std::map<int, size_t> extent;
    for (size_t i = 0; i < n; ++i) {
        const Shape& shape = node.get_input_shape(i);
        for (size_t a = 0; a < shape.size(); ++a) {
            const int label = eq.inputs[i][a];
            const auto [it, fresh] = extent.emplace(label, shape[a]);
            if (std::count(eq.inputs[i].begin(), eq.inputs[i].end(), label) > 1)
                why = "operand " + std::to_string(i) + " repeats label " + label_name(label) + " (a diagonal)";
            else if (shape[a] == 0)
                why = "operand " + std::to_string(i) + " is empty";
            else if (!fresh && it->second != shape[a])
                why = "label " + label_name(label) + " has extent " + std::to_string(it->second) + " and " +
                      std::to_string(shape[a]) + " (a broadcast)";
            if (!why.empty())
                return false;
        }
    }
    // An operand keeps the labels the output or the other operand has; it sums the others away first.
    std::vector<std::vector<int>> kept(n);
    low = EinsumLowering{};
    low.reduce.resize(n);
    for (size_t i = 0; i < n; ++i) {
        for (size_t a = 0; a < eq.inputs[i].size(); ++a) {
            const int label = eq.inputs[i][a];
            if (has(eq.output, label) || (n == 2 && has(eq.inputs[1 - i], label)))
                kept[i].push_back(label);
            else
                low.reduce[i].push_back(static_cast<int64_t>(a));
        }
        if (!low.reduce[i].empty() && !type.is_real()) {
            why = "sums " + type.to_string() + " data over label " + label_name(eq.inputs[i][low.reduce[i][0]]) +
                  ": the reduction kernels take f32 and f16";
            return false;
        }
    }
    if (n == 1) {
        low.output = order_of(kept[0], eq.output);
        return true;
    }
    // Batch labels (both operands and the output), M (the first and the output), N (the second and the output),
    // K (both operands, summed by the product).
    std::vector<int> batch, m, nn, k;
    for (int label : eq.output)
        (has(kept[0], label) && has(kept[1], label) ? batch : has(kept[0], label) ? m : nn).push_back(label);
    for (int label : kept[0])
        if (has(kept[1], label) && !has(eq.output, label))
            k.push_back(label);
    const auto product_of = [&](const std::vector<int>& labels) {
        size_t p = 1;
        for (int label : labels)
            p *= extent.at(label);
        return p;
    };
    // Each operand as [batch, rows, columns], or transposed where that is its own layout (MatMul's transpose_a/b).
    const std::vector<int>* rows_cols[2][2] = {{&m, &k}, {&k, &nn}};
    bool* transposed[2] = {&low.transpose_a, &low.transpose_b};
    for (size_t i = 0; i < 2; ++i) {
        const std::vector<int>& rows = *rows_cols[i][0];
        const std::vector<int>& cols = *rows_cols[i][1];
        const std::vector<int64_t> plain = order_of(kept[i], joined({&batch, &rows, &cols}));
        const std::vector<int64_t> flipped = order_of(kept[i], joined({&batch, &cols, &rows}));
        *transposed[i] = !identity(plain) && identity(flipped);
        low.order.push_back(*transposed[i] ? flipped : plain);
        Shape matrix;
        if (!batch.empty())
            matrix.push_back(product_of(batch));
        matrix.push_back(product_of(*transposed[i] ? cols : rows));
        matrix.push_back(product_of(*transposed[i] ? rows : cols));
        low.matrix.push_back(matrix);
    }
    const std::vector<int> product = joined({&batch, &m, &nn});
    for (int label : product)
        low.product.push_back(extent.at(label));
    low.output = order_of(product, eq.output);
    return true;
}

Validation EinsumOp::validate(const Node& node, const DeviceInfo& device) const {
    EinsumLowering lowering;
    std::string why;
    if (!lower_einsum(node, lowering, why))
        return Validation::no(why);
    return DecomposedOp::validate(node, device);
}

}  // namespace gpu
}  // namespace ovcl
