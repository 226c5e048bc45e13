// Shapes and input data of `ovcl benchmark`: -shape and -b reshape the model, -data_shape gives
// the tensor shapes of dynamic inputs, -i feeds .npy files; other inputs get seeded random data.
// Every request gets its tensors before the measurement starts (benchmark_app's "inference only"
// mode): filling inputs is not timed.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "ovcl/model.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace cli {

/// Parses a -shape / -data_shape value: "name[1,3,224,224][1,3,448,448],name2[1,4]", or
/// "[1,3,224,224]" (key "": every input). `flag` names the option in errors.
std::map<std::string, std::vector<PartialShape>> parse_shape_list(const std::string& text, const char* flag);

/// The name a port goes by in options and messages: its first tensor name, else its node's name.
std::string input_name(const Output<Node>& port);

/// Applies -shape and -b (dimension 0 of every input: the batch of NCHW / NC / N... layouts; IR
/// here carries no layout) to `model`. Returns false when neither is given. Throws
/// InvalidArgument naming the input for an unknown name or a shape of the wrong rank.
bool reshape_model(Model& model, const std::string& shape_arg, uint32_t batch);

/// The batch the throughput counts: -b when given, else dimension 0 of the first input that has
/// a static one, else 1.
uint32_t batch_size(const OutputVector& inputs, uint32_t batch);

struct PreparedInputs {
    /// For each request, a tensor per model input.
    std::vector<std::vector<std::pair<Output<Node>, Tensor>>> per_request;
    /// One line per input: "name (f32, [1,3,224,224], static): random (seed 1)".
    std::vector<std::string> descriptions;
    /// Per input: whether it is filled with random values (no -i file).
    std::vector<bool> random;
    /// benchmark_app's latency groups: group g holds every input's tensor shape g (modulo its count),
    /// as " name: [1,3,32,32] name2: [1,4]"; request r runs group r % size().
    std::vector<std::string> groups;
};

/// Tensors for `requests` requests. `input_args`: the -i values; `data_shape_arg`: -data_shape.
/// Throws InvalidArgument naming the input and file for a type or shape the input cannot take,
/// and for a dynamic input without -data_shape or -i.
PreparedInputs prepare_inputs(const OutputVector& inputs, const std::vector<std::string>& input_args,
                              const std::string& data_shape_arg, uint32_t seed, size_t requests);

}  // namespace cli
}  // namespace ovcl
