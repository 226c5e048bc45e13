#include "trace.hpp"

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <vector>

namespace ovcl {
namespace trace {

namespace {

struct Slice {
    int track;
    std::string name, detail;
    Clock::time_point begin, end;
};

struct Track {
    Group group;
    std::string name;
};

class Recorder {
public:
    Recorder() {
        if (const char* path = std::getenv("OVCL_TRACE"); path && *path)
            set_output(path);
    }
    ~Recorder() { flush(); }

    void set_output(const std::string& path) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_path = path;
        m_on = !path.empty();
    }
    bool on() const { return m_on.load(std::memory_order_relaxed); }

    int new_track(Group group, const std::string& name) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_tracks.push_back({group, name});
        return static_cast<int>(m_tracks.size()) - 1;
    }
    int executor_track(const std::string& name) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            auto it = m_executor_tracks.find(name);
            if (it != m_executor_tracks.end())
                return it->second;
        }
        const int t = new_track(Group::EXECUTORS, name);
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_executor_tracks.emplace(name, t).first->second;  // a racing twin loses; its track stays empty
    }
    void add(Slice s) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_slices.push_back(std::move(s));
    }

    void flush() {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_path.empty())
            return;
        using nlohmann::json;
        static const char* const group_names[] = {"requests", "executors", "device"};
        json events = json::array();
        for (int g = 0; g < 3; ++g)
            events.push_back({{"ph", "M"}, {"name", "process_name"}, {"pid", g + 1}, {"args", {{"name", group_names[g]}}}});
        for (size_t t = 0; t < m_tracks.size(); ++t) {
            const int pid = static_cast<int>(m_tracks[t].group) + 1;
            events.push_back({{"ph", "M"}, {"name", "thread_name"}, {"pid", pid}, {"tid", t},
                              {"args", {{"name", m_tracks[t].name}}}});
            events.push_back({{"ph", "M"}, {"name", "thread_sort_index"}, {"pid", pid}, {"tid", t},
                              {"args", {{"sort_index", t}}}});
        }
        auto us = [this](Clock::time_point t) {
            return std::chrono::duration<double, std::micro>(t - m_epoch).count();
        };
        for (const auto& s : m_slices) {
            json e = {{"ph", "X"},
                      {"name", s.name},
                      {"pid", static_cast<int>(m_tracks.at(static_cast<size_t>(s.track)).group) + 1},
                      {"tid", s.track},
                      {"ts", us(s.begin)},
                      {"dur", std::max(0.0, us(s.end) - us(s.begin))}};
            if (!s.detail.empty())
                e["args"] = {{"detail", s.detail}};
            events.push_back(std::move(e));
        }
        std::ofstream out(m_path);
        out << json{{"traceEvents", events}, {"displayTimeUnit", "ms"}}.dump();
    }

private:
    std::mutex m_mutex;
    std::atomic<bool> m_on{false};
    std::string m_path;
    const Clock::time_point m_epoch = Clock::now();
    std::vector<Track> m_tracks;
    std::map<std::string, int> m_executor_tracks;
    std::vector<Slice> m_slices;
};

Recorder& recorder() {
    static Recorder r;  // destroyed at exit, which writes the file
    return r;
}

}  // namespace

bool enabled() { return recorder().on(); }
void set_output(const std::string& path) { recorder().set_output(path); }
void flush() { recorder().flush(); }
int new_track(Group group, const std::string& name) { return recorder().new_track(group, name); }
int executor_track(const std::string& executor_name) { return recorder().executor_track(executor_name); }

void slice(int track, const std::string& name, Clock::time_point begin, Clock::time_point end,
           const std::string& detail) {
    if (track >= 0)
        recorder().add({track, name, detail, begin, end});
}

}  // namespace trace
}  // namespace ovcl
