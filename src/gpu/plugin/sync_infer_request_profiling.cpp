// What a request reports of its last inference: per-step profiling from the OpenCL events
// (ENABLE_PROFILING) and the device commands on the trace's timeline (OVCL_TRACE).
#include "plugin/sync_infer_request.hpp"
#include "runtime/stage_profiling.hpp"
#include "runtime/trace.hpp"

namespace ovcl {
namespace gpu {

namespace {
/// Start and end of a profiled command in device nanoseconds; {0, 0} when not available.
std::pair<cl_ulong, cl_ulong> command_times(const cl::Event& ev) {
    cl_ulong start = 0, end = 0;
    if (!ev() || ev.getProfilingInfo(CL_PROFILING_COMMAND_START, &start) != CL_SUCCESS ||
        ev.getProfilingInfo(CL_PROFILING_COMMAND_END, &end) != CL_SUCCESS || end < start)
        return {0, 0};
    return {start, end};
}

std::chrono::microseconds total_time(const std::vector<cl::Event>& events) {
    cl_ulong total = 0;
    for (const auto& ev : events) {
        const auto [start, end] = command_times(ev);
        total += end - start;
    }
    return std::chrono::microseconds(total / 1000);
}
}  // namespace

void InferRequest::trace_device_commands() const {
    if (m_stream.device_track < 0 || !m_events_on)
        return;
    auto to_host = [&](cl_ulong device_ns) {
        return trace::Clock::time_point(std::chrono::duration_cast<trace::Clock::duration>(
            std::chrono::nanoseconds(device_ns) + m_stream.host_minus_device));
    };
    auto emit = [&](const std::vector<cl::Event>& events, const std::string& name) {
        for (const auto& ev : events) {
            const auto [start, end] = command_times(ev);
            if (end)
                trace::slice(m_stream.device_track, name, to_host(start), to_host(end));
        }
    };
    emit(m_write_events, "write input");
    const Plan& plan = *m_plan->plan;
    for (size_t s = 0; s < plan.steps.size(); ++s)
        emit(m_events[s], plan.steps[s].node->get_friendly_name());
    emit(m_read_events, "read output");
    const auto now = trace::Clock::now();  // the inference's host<->device traffic, as slice args
    trace::slice(m_stream.device_track, "transfer bytes", now, now,
                 "host_to_device=" + std::to_string(m_bytes.to_device) +
                     " device_to_host=" + std::to_string(m_bytes.to_host));
}

std::vector<ProfilingInfo> InferRequest::get_profiling_info() const {
    if (!m_model->config().common.perf_count || !m_plan)
        return {};
    std::vector<ProfilingInfo> out;
    const Plan& plan = *m_plan->plan;
    for (size_t s = 0; s < plan.steps.size(); ++s) {
        const Step& step = plan.steps[s];
        ProfilingInfo p;
        p.node_name = step.node->get_friendly_name();
        p.node_type = step.node->get_type_name();
        if (step.kind == Step::Kind::VIEW) {
            p.status = ProfilingInfo::Status::OPTIMIZED_OUT;
            p.exec_type = "view";
        } else if (step.kind == Step::Kind::HOST) {
            p.status = ProfilingInfo::Status::EXECUTED;
            p.exec_type = m_host_impl[s].empty() ? "ref" : m_host_impl[s] + "_runtime";
            p.real_time = p.cpu_time = m_host_times[s];
        } else {
            p.status = ProfilingInfo::Status::EXECUTED;
            p.exec_type = step.config.impl_name;
            p.real_time = total_time(m_events[s]);
        }
        out.push_back(p);
    }
    static const char* const names[NUM_STAGES] = {"Preprocess", "Upload", "StartPipeline", "WaitPipeline", "Postprocess"};
    append_stage_times(out, names, m_durations);
    // The copies themselves run on the device queue: their event times, apart from the host stages.
    for (const auto& [name, events] : {std::make_pair("input writes", &m_write_events),
                                       std::make_pair("output reads", &m_read_events)}) {
        ProfilingInfo p;
        p.status = ProfilingInfo::Status::EXECUTED;
        p.node_name = name;
        p.node_type = "Transfer";
        p.exec_type = "device";
        p.real_time = total_time(*events);
        out.push_back(p);
    }
    // Bytes moved between host and device memory (remote and host-visible tensors move none):
    // exec_type holds the count, so the benchmark's -pc table shows it.
    for (const auto& [name, bytes] : {std::make_pair("bytes host->device", m_bytes.to_device),
                                      std::make_pair("bytes device->host", m_bytes.to_host)}) {
        ProfilingInfo p;
        p.status = ProfilingInfo::Status::EXECUTED;
        p.node_name = name;
        p.node_type = "TransferBytes";
        p.exec_type = std::to_string(bytes);
        out.push_back(p);
    }
    return out;
}

}  // namespace gpu
}  // namespace ovcl
