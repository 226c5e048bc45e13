// The IRs that tools/make_models.py writes with the `openvino` wheel (ResNet-50, MobileNet-V2, a BERT-base-like
// encoder), for the tests that check ovcl on them. Python is $OVCL_PYTHON, else <build>/venv/bin/python3 (where
// scripts/setup installs the wheel), else python3 on PATH. A test without a Python that imports openvino and numpy
// is skipped, saying why.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace ovcl {
namespace test {

inline std::filesystem::path source_dir() {
    return std::filesystem::path(OVCL_TEST_DATA_DIR).parent_path().parent_path();
}
inline std::filesystem::path build_dir() { return std::filesystem::path(OVCL_BUILD_BIN_DIR).parent_path(); }

inline std::string shell_quoted(const std::string& s) { return "'" + s + "'"; }

inline std::string python() {
    if (const char* p = std::getenv("OVCL_PYTHON"); p && *p)
        return p;
    const std::filesystem::path venv = build_dir() / "venv" / "bin" / "python3";
    return std::filesystem::exists(venv) ? venv.string() : "python3";
}

/// Whether `py` imports `modules` ("openvino, numpy").
inline bool python_imports(const std::string& py, const std::string& modules) {
    return std::system((shell_quoted(py) + " -c 'import " + modules + "' >/dev/null 2>&1").c_str()) == 0;
}

/// Empty when `py` imports openvino and numpy; else why a test that needs them is skipped.
inline std::string openvino_wheel_missing(const std::string& py) {
    if (python_imports(py, "openvino, numpy"))
        return {};
    return py + " cannot import openvino and numpy (pip install openvino numpy, or scripts/setup, which installs them "
                "into build/venv; OVCL_PYTHON names another Python)";
}

/// Empty when `py` imports nncf (tools/make_models.py's quantized models need it); else why the test is skipped.
inline std::string nncf_missing(const std::string& py) {
    if (python_imports(py, "nncf"))
        return {};
    return py + " cannot import nncf, which quantizes the *_int8 models (pip install nncf, or scripts/setup)";
}

inline std::string file_tail(const std::filesystem::path& file, size_t chars) {
    std::ifstream in(file);
    const std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return s.size() > chars ? s.substr(s.size() - chars) : s;
}

/// Runs tools/make_models.py for one model (IR, inputs, OpenVINO CPU's outputs; no benchmark) into `dir`; empty on
/// success, else the command and the end of its log.
inline std::string make_openvino_model(const std::string& py, const std::string& model,
                                       const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    const std::filesystem::path script = source_dir() / "tools" / "make_models.py";
    const std::filesystem::path log = dir / "make_models.log";
    const std::string cmd = shell_quoted(py) + " " + shell_quoted(script.string()) + " --out " +
                            shell_quoted(dir.string()) + " --models " + model + " --no-benchmark >" +
                            shell_quoted(log.string()) + " 2>&1";
    if (std::system(cmd.c_str()) == 0)
        return {};
    return cmd + "\n" + file_tail(log, 3000);
}

}  // namespace test
}  // namespace ovcl
