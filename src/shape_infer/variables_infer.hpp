// Shape and type inference of the variables ops: ReadValue-3/6 and Assign-3/6.
#pragma once

#include <string>

#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

/// What a ReadValue declares about its variable (IR v11 attributes variable_type/variable_shape;
/// absent ones are dynamic: any type, any shape).
struct VariableDecl {
    std::string id;
    element::Type type = element::dynamic;
    PartialShape shape = PartialShape::dynamic();
    bool has_shape = false;
};

/// The node's variable_id (required, non-empty) and, for ReadValue, its declared type and shape.
VariableDecl variable_decl(const Node& node);

}  // namespace shape_infer
}  // namespace ovcl
