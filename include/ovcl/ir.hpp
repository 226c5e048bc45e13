// OpenVINO IR (v10 and v11: an .xml topology plus a .bin of constant data) reading and writing. Reading maps the
// .bin once and lets every Constant's tensor view the mapping (no copy of the weights, except constants misaligned
// for their type). Every failure is a ModelError naming the file ("<memory>" for in-memory IR) and, where it
// applies, the layer (id, name, type) and port. Port rt_info is kept in the node's rt_info under "input:<i>" /
// "output:<i>"; Constants keep their <data> text (the writer recomputes offset and size). docs/ir.md.
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include "ovcl/model.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace ir {

/// Reads an IR. bin_path "" means the xml path with its extension replaced by ".bin"; the
/// .bin may be absent when no Constant needs bytes from it.
std::shared_ptr<Model> read_model(const std::string& xml_path, const std::string& bin_path = "");

/// Reads an IR held in memory. `weights` (any element type, dense) stands for the .bin; it
/// may be empty. Constants share its memory, which the returned model keeps alive.
std::shared_ptr<Model> read_model_from_memory(const std::string& xml_text, const Tensor& weights);

/// Writes the model as IR v11: the topology to `xml`, constant data to `bin`.
void serialize(const Model& model, std::ostream& xml, std::ostream& bin);

/// serialize() into files; bin_path "" means the xml path with its extension replaced by ".bin".
void write_model(const Model& model, const std::string& xml_path, const std::string& bin_path = "");

}  // namespace ir
}  // namespace ovcl
