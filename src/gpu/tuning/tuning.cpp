#include "tuning/tuning.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <mutex>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "runtime/file_read.hpp"
#include "ocl/device_context.hpp"
#include "ops/gpu_env.hpp"
#include "tuning/tuning_runner.hpp"

namespace ovcl {
namespace gpu {
namespace tuning {

namespace {

using nlohmann::json;

// A candidate replaces the heuristic's pick only when its median is this much lower: on a loaded machine two
// equal kernels differ by a few percent from run to run, and a change of kernel for noise is churn.
constexpr double kMargin = 0.97;
constexpr int kFormat = 1;

std::string device_key(const DeviceInfo& d) { return d.name + " | " + d.driver_version; }

std::string shape_text(const PartialShape& s) {
    std::ostringstream os;
    os << s;
    return os.str();
}

json read_store(const std::string& path, bool& exists) {
    std::string text;
    exists = ovcl::detail::read_regular_file_if_exists(path, ovcl::detail::kMaxTextFileBytes, "tuning store", text);
    if (!exists)
        return json::object();
    json j = json::parse(text);  // throws json::exception on malformed text
    if (!j.is_object() || j.value("format", 0) != kFormat || !j.contains("devices") || !j["devices"].is_object())
        throw std::runtime_error("not an ovcl tuning store of format " + std::to_string(kFormat));
    return j;
}

// One event as a line of JSON appended to $OVCL_GPU_TUNING_LOG, when it is set (read at each event, so a test or a
// user can turn it on at any time): "timed" (a candidate, its median), "rejected", "tuned" (an op and its
// choice), "hit" (a choice taken from the store), "written" (the store file).
void log_event(const json& event) {
    const char* path = std::getenv("OVCL_GPU_TUNING_LOG");
    if (!path || !*path)
        return;
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    std::ofstream(path, std::ios::app) << event.dump() << "\n";
}

}  // namespace

struct Scope::Session {
    TuningMode mode = TuningMode::DISABLED;
    std::string cache_dir, path;  // path "": tuned in memory only
    const DeviceContext* device = nullptr;
    cl::CommandQueue queue;
    json store = json{{"format", kFormat}, {"devices", json::object()}};

    json& ops() { return store["devices"][device_key(device->device)]; }
    void write();
    /// `planned`: the device as the selector sees it (its candidates; Config::planning_device).
    size_t tune(const TunableOp& op, const Node& node, const std::vector<std::string>& names,
                const DeviceInfo& planned);
};

namespace {
thread_local Scope::Session* t_session = nullptr;
}

TuningMode parse_mode(const std::string& text) {
    if (text == "DISABLED" || text.empty())
        return TuningMode::DISABLED;
    if (text == "CREATE")
        return TuningMode::CREATE;
    if (text == "USE_EXISTING")
        return TuningMode::USE_EXISTING;
    raise<InvalidArgument>("property ", kProperty, ": '", text, "' is not DISABLED, CREATE or USE_EXISTING");
}

std::string to_string(TuningMode mode) {
    switch (mode) {
    case TuningMode::CREATE: return "CREATE";
    case TuningMode::USE_EXISTING: return "USE_EXISTING";
    default: return "DISABLED";
    }
}

Stats& stats() {
    static Stats s;
    return s;
}

std::string op_signature(const Node& node) {
    std::string s = node.get_type_name() + "-" + std::to_string(node.get_version()) + "|in:";
    for (size_t i = 0; i < node.get_input_size(); ++i)
        s += (i ? "," : "") + node.get_input_element_type(i).get_type_name() +
             shape_text(node.get_input_partial_shape(i)) + (node.input_value(i).node->is_constant() ? "c" : "");
    s += "|out:";
    for (size_t i = 0; i < node.get_output_size(); ++i)
        s += (i ? "," : "") + node.get_output_element_type(i).get_type_name() +
             shape_text(node.get_output_partial_shape(i));
    s += "|";
    for (const auto& [name, value] : node.get_attributes())
        s += name + "=" + value + ";";
    return s;
}

Scope::Scope(TuningMode mode, const std::string& cache_dir, const DeviceContext& device) {
    if (mode == TuningMode::DISABLED)
        return;
    m_session = std::make_unique<Session>();
    Session& s = *m_session;
    s.mode = mode;
    s.cache_dir = cache_dir;
    s.device = &device;
    s.queue = device.make_queue(false);  // its own queue: the timed runs wait for nothing else
    s.path = cache_dir.empty() ? "" : cache_dir + "/" + kStoreFile;
    if (!s.path.empty()) {
        try {
            bool exists = false;
            json j = read_store(s.path, exists);
            if (exists)
                s.store = std::move(j);
        } catch (const std::exception& e) {
            if (mode == TuningMode::USE_EXISTING)
                raise<InvalidArgument>("property ", kProperty, "=USE_EXISTING: the tuning store ", s.path,
                                       " cannot be used (", e.what(), "); delete it or tune again with CREATE");
            // CREATE: start afresh; the next write replaces the file.
        }
    }
    m_previous = t_session;
    t_session = m_session.get();
}

Scope::~Scope() {
    if (m_session)
        t_session = m_previous;
}

void Scope::Session::write() {
    if (path.empty())
        return;
    json merged = store;
    try {  // keep what another process stored since this one read the file
        bool exists = false;
        json disk = read_store(path, exists);
        for (auto& [dev, entries] : disk["devices"].items())
            for (auto& [sig, entry] : entries.items())
                if (!merged["devices"][dev].contains(sig))
                    merged["devices"][dev][sig] = entry;
    } catch (const std::exception&) {
        // unreadable: replaced by ours
    }
    std::ostringstream tmp_name;
    tmp_name << path << ".tmp." << ::getpid() << "." << std::hash<std::thread::id>{}(std::this_thread::get_id());
    const std::string tmp = tmp_name.str();
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << merged.dump(1) << "\n";
        if (!out) {  // an unwritable CACHE_DIR costs the next compile a re-tune, never this one
            std::remove(tmp.c_str());
            return;
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return;
    }
    store = std::move(merged);
    ++stats().stores_written;
    log_event({{"event", "written"}, {"path", path}});
}

// The candidates are prepared and run once each (program builds, PoCL's JIT per local size, a check of the output
// against the heuristic's), then timed round-robin, kTimedRuns rounds: a load that changes over seconds (other
// processes) then weighs on every candidate alike instead of on whichever ran at the time.
size_t Scope::Session::tune(const TunableOp& op, const Node& node, const std::vector<std::string>& names,
                            const DeviceInfo& planned) {
    Runner runner(node, tuning_inputs(node), device->context, queue, *device->programs, planned, cache_dir);
    const std::string signature = op_signature(node);
    std::vector<Runner::Prepared> prepared;
    std::vector<size_t> valid;  // candidates whose results match the heuristic's
    TensorVector reference;
    json timings = json::object();
    const auto reject = [&](size_t i, const std::string& why) {
        ++stats().rejected;
        log_event({{"event", "rejected"}, {"op", signature}, {"candidate", names[i]}, {"why", why}});
        timings[names[i]] = "rejected: " + why;
    };
    for (size_t i = 0; i < names.size(); ++i) {
        try {
            prepared.push_back(runner.prepare(op, i));
            runner.run(prepared.back());
        } catch (const Exception& e) {
            if (i == 0)
                throw;  // the heuristic's pick fails the compile as it would without tuning
            prepared.emplace_back();
            reject(i, e.what());  // e.g. a device that cannot build or launch this variant
            continue;
        }
        const TensorVector out = runner.outputs();
        if (i == 0)
            reference = out;
        else if (!same_results(out, reference)) {
            reject(i, "results differ from " + names[0]);
            continue;
        }
        valid.push_back(i);
    }
    std::vector<std::vector<double>> times(names.size());
    for (int r = 0; r < kTimedRuns; ++r)
        for (size_t i : valid)
            times[i].push_back(runner.run(prepared[i]));
    std::vector<double> median(names.size(), 0.0);
    size_t best = 0;
    for (size_t i : valid) {
        std::nth_element(times[i].begin(), times[i].begin() + times[i].size() / 2, times[i].end());
        median[i] = times[i][times[i].size() / 2];
        ++stats().candidates_timed;
        log_event({{"event", "timed"}, {"op", signature}, {"candidate", names[i]}, {"median_us", median[i]}});
        timings[names[i]] = median[i];
        if (i > 0 && median[i] < median[best] * (best == 0 ? kMargin : 1.0))
            best = i;
    }
    ++stats().ops_tuned;
    log_event({{"event", "tuned"}, {"op", signature}, {"choice", names[best]}});
    ops()[signature] = json{{"choice", names[best]}, {"median_us", timings}};
    write();
    return best;
}

OpConfig configure(const GpuOp& op, const Node& node, const DeviceInfo& device) {
    if (const auto* tunable = dynamic_cast<const TunableOp*>(&op))
        return tunable->configure_candidate(node, device, select(*tunable, node, device));
    return op.configure(node, device);
}

size_t select(const TunableOp& op, const Node& node, const DeviceInfo& device) {
    Scope::Session* s = t_session;
    if (!s || s->mode == TuningMode::DISABLED || s->device->device.device() != device.device())
        return 0;
    const std::vector<std::string> names = op.candidate_names(node, device);
    if (names.size() < 2)
        return 0;
    const json& ops = s->ops();
    const auto entry = ops.find(op_signature(node));
    if (entry != ops.end() && entry->is_object() && entry->contains("choice") && (*entry)["choice"].is_string()) {
        const auto it = std::find(names.begin(), names.end(), (*entry)["choice"].get<std::string>());
        if (it != names.end()) {  // a stored name this build no longer has counts as no entry
            ++stats().store_hits;
            log_event({{"event", "hit"}, {"op", entry.key()}, {"choice", *it}});
            return static_cast<size_t>(it - names.begin());
        }
    }
    return s->mode == TuningMode::CREATE ? s->tune(op, node, names, device) : 0;
}

TensorVector run_candidate(const Node& node, const TensorVector& inputs, size_t index, const cl::Context& context,
                           const cl::CommandQueue& queue, ProgramCache& programs, const DeviceInfo& device) {
    const auto* op = dynamic_cast<const TunableOp*>(find_gpu_op(node));
    if (!op)
        raise<InvalidArgument>(node.describe(), ": the GPU implementation of ", node.get_type_name(),
                               " has no candidates to choose from");
    const Validation v = validate_node(node, device);
    if (!v.supported)
        raise<NotImplemented>(node.describe(), " cannot run on ", device.name, ": ", v.reason);
    const size_t count = op->candidate_names(node, device).size();
    if (index >= count)
        raise<InvalidArgument>(node.describe(), ": candidate ", index, " of ", count);
    Runner runner(node, inputs, context, queue, programs, device, "");
    runner.run(runner.prepare(*op, index));
    return runner.outputs();
}

}  // namespace tuning
}  // namespace gpu
}  // namespace ovcl
