// ovcl_soak: a bounded soak run (scripts/soak; not part of ctest). For N minutes, cycles of
//   compile_model -> 8 async requests x R rounds of start_async/wait (outputs checked against
//   REF) -> destroy, on each device named, with a new Core every 10th cycle,
// sampling at the end of each cycle (nothing of the cycle alive) the process RSS
// (/proc/self/status VmRSS) and the live OpenCL references counted by libovcl_cl_fault
// (creates + retains - releases per kind). It prints a table and fails (exit 1) when, after the
// warm-up, RSS grows by more than --rss-slack-mb or any OpenCL count differs from its value at
// the end of the warm-up by more than --cl-slack, or an output is wrong.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "cl_fault.h"
#include "ovcl/core.hpp"
#include "tools/default_models.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
    double minutes = 10;
    double warmup_minutes = -1;  // default: a fifth of the run, at most 2 minutes
    std::vector<std::string> devices{"GPU", "REF"};
    int requests = 8;
    int rounds = 4;
    double sample_seconds = 30;
    double rss_slack_mb = 24;
    int64_t cl_slack = 0;
    std::string model = "transformer";
};

[[noreturn]] void usage(const std::string& why) {
    std::cerr << "ovcl_soak: " << why << "\n"
              << "usage: ovcl_soak [--minutes N] [--warmup-minutes W] [--devices GPU,REF] [--requests 8]\n"
                 "                 [--rounds 4] [--sample-seconds 30] [--rss-slack-mb 24] [--cl-slack 0]\n"
                 "                 [--model transformer|cnn]\n";
    std::exit(2);
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc)
                usage(a + " needs a value");
            return argv[++i];
        };
        auto number = [&](double lo) {
            const std::string v = value();
            char* end = nullptr;
            const double d = std::strtod(v.c_str(), &end);
            if (v.empty() || *end || !(d >= lo))
                usage(a + " expects a number >= " + std::to_string(lo) + ", got '" + v + "'");
            return d;
        };
        if (a == "--minutes")
            o.minutes = number(0.01);
        else if (a == "--warmup-minutes")
            o.warmup_minutes = number(0);
        else if (a == "--requests")
            o.requests = static_cast<int>(number(1));
        else if (a == "--rounds")
            o.rounds = static_cast<int>(number(1));
        else if (a == "--sample-seconds")
            o.sample_seconds = number(0.1);
        else if (a == "--rss-slack-mb")
            o.rss_slack_mb = number(0);
        else if (a == "--cl-slack")
            o.cl_slack = static_cast<int64_t>(number(0));
        else if (a == "--model")
            o.model = value();
        else if (a == "--devices") {
            o.devices.clear();
            std::string list = value(), item;
            for (size_t p = 0; p <= list.size(); ++p) {
                if (p == list.size() || list[p] == ',') {
                    if (!item.empty())
                        o.devices.push_back(item);
                    item.clear();
                } else {
                    item += list[p];
                }
            }
            if (o.devices.empty())
                usage("--devices is empty");
        } else {
            usage("unknown argument '" + a + "'");
        }
    }
    if (o.warmup_minutes < 0)
        o.warmup_minutes = std::min(2.0, o.minutes / 5);
    if (o.warmup_minutes >= o.minutes)
        usage("--warmup-minutes must be shorter than --minutes");
    return o;
}

double rss_mb() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::strtod(line.c_str() + 6, nullptr) / 1024.0;  // kB
    return -1;
}

using ClCounts = std::array<int64_t, OVCL_CL_OBJECT_COUNT>;
ClCounts cl_counts() {
    ClCounts c{};
    for (int k = 0; k < OVCL_CL_OBJECT_COUNT; ++k)
        c[static_cast<size_t>(k)] = ovcl_fault_live(k);
    return c;
}
const char* kKinds[] = {"mem", "event", "kernel", "program", "queue", "context"};

ovcl::Tensor random_input(const ovcl::Output<ovcl::Node>& port, uint32_t seed) {
    ovcl::Tensor t(port.get_element_type(), port.get_shape());
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-1.f, 1.f);
    auto* p = t.data<float>();
    for (size_t i = 0; i < t.get_size(); ++i)
        p[i] = dist(rng);
    return t;
}

double max_abs_diff(const ovcl::Tensor& a, const ovcl::Tensor& b) {
    double d = 0;
    for (size_t i = 0; i < a.get_size(); ++i)
        d = std::max(d, static_cast<double>(std::abs(a.data<float>()[i] - b.data<float>()[i])));
    return d;
}

}  // namespace

int main(int argc, char** argv) {
    const Options opt = parse(argc, argv);
    const auto model = ovcl::default_models::make(opt.model);
    const auto in_port = model->inputs().at(0);

    // Inputs per request and their expected outputs (REF).
    std::vector<ovcl::Tensor> inputs, expected;
    {
        ovcl::Core core;
        auto ref = core.compile_model(model, "REF");
        auto req = ref.create_infer_request();
        for (int r = 0; r < opt.requests; ++r) {
            inputs.push_back(random_input(in_port, 1000u + static_cast<uint32_t>(r)));
            req.set_input_tensor(inputs.back());
            req.infer();
            const ovcl::Tensor out = req.get_output_tensor();
            ovcl::Tensor copy(out.get_element_type(), out.get_shape());
            std::copy_n(out.data<float>(), out.get_size(), copy.data<float>());
            expected.push_back(copy);
        }
    }

    std::printf("ovcl_soak: model %s, devices", opt.model.c_str());
    for (const auto& d : opt.devices)
        std::printf(" %s", d.c_str());
    std::printf(", %d requests x %d rounds per compile, %.1f min (warm-up %.1f), bounds: RSS +%.0f MB, "
                "OpenCL refs +-%lld\n",
                opt.requests, opt.rounds, opt.minutes, opt.warmup_minutes, opt.rss_slack_mb,
                static_cast<long long>(opt.cl_slack));
    std::printf("%8s %7s %9s %9s", "time_s", "cycles", "infers", "rss_mb");
    for (const char* k : kKinds)
        std::printf(" %8s", k);
    std::printf("\n");

    const auto start = Clock::now();
    auto minutes_since_start = [&] { return std::chrono::duration<double>(Clock::now() - start).count() / 60; };
    std::optional<ovcl::Core> core;
    uint64_t cycles = 0, infers = 0;
    double worst_diff = 0;
    bool baseline_taken = false, failed = false;
    double rss_base = 0, rss_max_after = 0;
    ClCounts cl_base{};
    std::string why;
    auto next_sample = start;

    while (minutes_since_start() < opt.minutes) {
        if (!core || cycles % 10 == 0) {
            core.reset();  // the plugins' device contexts go with it
            core.emplace();
        }
        for (const auto& device : opt.devices) {
            auto compiled = core->compile_model(model, device);
            std::vector<ovcl::InferRequest> reqs;
            for (int r = 0; r < opt.requests; ++r)
                reqs.push_back(compiled.create_infer_request());
            for (int round = 0; round < opt.rounds; ++round) {
                for (int r = 0; r < opt.requests; ++r) {
                    reqs[static_cast<size_t>(r)].set_input_tensor(inputs[static_cast<size_t>(r)]);
                    reqs[static_cast<size_t>(r)].start_async();
                }
                for (int r = 0; r < opt.requests; ++r) {
                    reqs[static_cast<size_t>(r)].wait();
                    const double d = max_abs_diff(reqs[static_cast<size_t>(r)].get_output_tensor(),
                                                  expected[static_cast<size_t>(r)]);
                    worst_diff = std::max(worst_diff, d);
                    if (!(d <= 1e-3) && !failed) {
                        failed = true;
                        why = device + " output differs from REF by " + std::to_string(d);
                    }
                    ++infers;
                }
            }
        }  // requests and compiled models destroyed here
        ++cycles;

        const double rss = rss_mb();
        const ClCounts cl = cl_counts();
        const double elapsed_min = minutes_since_start();
        if (!baseline_taken && elapsed_min >= opt.warmup_minutes) {
            baseline_taken = true;
            rss_base = rss_max_after = rss;
            cl_base = cl;
            std::printf("-- warm-up over: baseline RSS %.1f MB\n", rss);
        } else if (baseline_taken) {
            rss_max_after = std::max(rss_max_after, rss);
            if (rss - rss_base > opt.rss_slack_mb && !failed) {
                failed = true;
                why = "RSS grew from " + std::to_string(rss_base) + " MB to " + std::to_string(rss) + " MB";
            }
            for (int k = 0; k < OVCL_CL_OBJECT_COUNT; ++k)
                if (std::llabs(cl[static_cast<size_t>(k)] - cl_base[static_cast<size_t>(k)]) > opt.cl_slack &&
                    !failed) {
                    failed = true;
                    why = std::string("live OpenCL ") + kKinds[k] + " references went from " +
                          std::to_string(cl_base[static_cast<size_t>(k)]) + " to " +
                          std::to_string(cl[static_cast<size_t>(k)]);
                }
        }
        if (Clock::now() >= next_sample || minutes_since_start() >= opt.minutes || failed) {
            std::printf("%8.0f %7llu %9llu %9.1f", elapsed_min * 60, static_cast<unsigned long long>(cycles),
                        static_cast<unsigned long long>(infers), rss);
            for (int64_t v : cl)
                std::printf(" %8lld", static_cast<long long>(v));
            std::printf("\n");
            std::fflush(stdout);
            next_sample = Clock::now() + std::chrono::milliseconds(static_cast<int64_t>(opt.sample_seconds * 1000));
        }
        if (failed)
            break;
    }
    core.reset();
    std::printf("summary: %llu cycles, %llu inferences, worst |out - REF| %.2g, RSS after warm-up %.1f -> max %.1f MB "
                "(+%.1f, bound +%.0f); OpenCL refs at the end of cycles vs warm-up:",
                static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(infers), worst_diff,
                rss_base, rss_max_after, rss_max_after - rss_base, opt.rss_slack_mb);
    const ClCounts end = cl_counts();
    for (int k = 0; k < OVCL_CL_OBJECT_COUNT; ++k)
        std::printf(" %s %lld", kKinds[k], static_cast<long long>(cl_base[static_cast<size_t>(k)]));
    std::printf("; after the last Core:");
    for (int k = 0; k < OVCL_CL_OBJECT_COUNT; ++k)
        std::printf(" %s %lld", kKinds[k], static_cast<long long>(end[static_cast<size_t>(k)]));
    std::printf("\n");
    if (!baseline_taken) {
        std::printf("FAIL: the run ended before the warm-up did\n");
        return 1;
    }
    if (failed) {
        std::printf("FAIL: %s\n", why.c_str());
        return 1;
    }
    std::printf("PASS: memory and OpenCL objects flat after warm-up\n");
    return 0;
}
