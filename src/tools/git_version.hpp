// The commit the tool was built from, for `ovcl --version` (generated: cmake/OvclGitVersion.cmake).
#pragma once

namespace ovcl {
namespace cli {

/// `git describe --always --dirty` of the source tree at build time; "unknown" outside a git checkout.
const char* git_version();

}  // namespace cli
}  // namespace ovcl
