// Skipping a device-parameterized test where the device is absent (GPU without an OpenCL device).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "ovcl/core.hpp"

namespace ovcl {
namespace test {

/// REF always; "GPU" when GPU.0 exists.
inline bool device_present(Core& core, const std::string& device) {
    if (device == "REF")
        return true;
    const auto devices = core.get_available_devices();
    return std::find(devices.begin(), devices.end(), device + ".0") != devices.end();
}

}  // namespace test
}  // namespace ovcl

#define OVCL_REQUIRE_DEVICE(core, device)              \
    if (!::ovcl::test::device_present(core, device)) \
    GTEST_SKIP() << device << ": no OpenCL device (install pocl-opencl-icd for a CPU device)"
