#include "tools/benchmark_report.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "ovcl/except.hpp"

namespace ovcl {
namespace cli {
namespace {

using nlohmann::json;

double ms(std::chrono::microseconds t) {
    return static_cast<double>(t.count()) / 1000.0;
}

std::string fixed(double v, int digits = 3) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.*f", digits, v);
    return buf;
}

/// benchmark_app's console columns: names of 20 characters or more are cut to 16 + "...".
std::string column(const std::string& s) {
    return s.size() >= 20 ? s.substr(0, 16) + "..." : s;
}

std::string output_path(const std::string& folder, const std::string& file) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!folder.empty()) {
        fs::create_directories(folder, ec);
        if (!fs::is_directory(folder))
            raise<InvalidArgument>("-report_folder ", folder, ": cannot create the directory",
                                   ec ? " (" + ec.message() + ")" : std::string());
    }
    return (fs::path(folder.empty() ? "." : folder) / file).string();
}

std::ofstream open_report(const std::string& path) {
    std::ofstream out(path);
    if (!out)
        raise<InvalidArgument>(path, ": cannot write the report");
    return out;
}

struct Totals {
    std::chrono::microseconds real{0}, cpu{0};
};
Totals totals(const Counters& counters) {
    Totals t;
    for (const auto& p : counters)
        if (counts_in_total(p)) {
            t.real += p.real_time;
            t.cpu += p.cpu_time;
        }
    return t;
}

double share(const ProfilingInfo& p, const Totals& t) {
    return t.real.count() > 0 && counts_in_total(p) ? static_cast<double>(p.real_time.count()) / t.real.count() : 0;
}

json counters_json(const Counters& counters, bool with_share) {
    const Totals t = totals(counters);
    json nodes = json::array();
    for (const auto& p : counters) {
        json n = {{"name", p.node_name},
                  {"node_type", p.node_type},
                  {"status", status_name(p.status)},
                  {"real_time", fixed(ms(p.real_time))},
                  {"cpu_time", fixed(ms(p.cpu_time))},
                  {"exec_type", p.exec_type}};
        if (with_share)
            n["%"] = fixed(share(p, t) * 100, 2) + "%";
        nodes.push_back(std::move(n));
    }
    return {{"nodes", nodes}, {"total_real_time", fixed(ms(t.real))}, {"total_cpu_time", fixed(ms(t.cpu))}};
}

void counters_csv(std::ostream& out, const Counters& counters) {
    out << "layerName;execStatus;layerType;execType;realTime (ms);cpuTime (ms)\n";
    for (const auto& p : counters)
        out << p.node_name << ';' << status_name(p.status) << ';' << p.node_type << ';' << p.exec_type << ';'
            << fixed(ms(p.real_time)) << ';' << fixed(ms(p.cpu_time)) << '\n';
    const Totals t = totals(counters);
    out << "Total;;;;" << fixed(ms(t.real)) << ';' << fixed(ms(t.cpu)) << "\n\n";
}

}  // namespace

std::ostream& info() {
    return std::cout << "[ INFO ] ";
}
std::ostream& warning() {
    return std::cout << "[ WARNING ] ";
}

std::string status_name(ProfilingInfo::Status status) {
    switch (status) {
        case ProfilingInfo::Status::NOT_RUN:
            return "NOT_RUN";
        case ProfilingInfo::Status::OPTIMIZED_OUT:
            return "OPTIMIZED_OUT";
        case ProfilingInfo::Status::EXECUTED:
            return "EXECUTED";
    }
    return "UNKNOWN";
}

bool counts_in_total(const ProfilingInfo& p) {
    return p.node_type != "Stage";
}

void StatisticsReport::add(Section section, std::string key, std::string value) {
    m_sections[static_cast<int>(section)].emplace_back(std::move(key), std::move(value));
}

std::string StatisticsReport::write(const std::string& folder, bool as_json) const {
    static const char* const csv_titles[] = {"Command line parameters", "Configuration setup", "Execution results"};
    static const char* const json_keys[] = {"cmd_options", "configuration_setup", "execution_results"};
    const std::string path = output_path(folder, as_json ? "benchmark_report.json" : "benchmark_report.csv");
    std::ofstream out = open_report(path);
    if (as_json) {
        json doc = json::object();
        for (int s = 0; s < 3; ++s) {
            if (m_sections[s].empty())
                continue;
            json section = json::object();
            for (const auto& [k, v] : m_sections[s])
                section[k] = v;
            doc[json_keys[s]] = section;
        }
        out << doc.dump(4) << '\n';
    } else {
        for (int s = 0; s < 3; ++s) {
            if (m_sections[s].empty())
                continue;
            out << csv_titles[s] << '\n';
            for (const auto& [k, v] : m_sections[s])
                out << k << ';' << v << '\n';
            out << '\n';
        }
    }
    if (!out)
        raise<InvalidArgument>(path, ": cannot write the report");
    return path;
}

Counters average_counters(const std::vector<Counters>& per_request) {
    Counters avg;
    std::map<std::string, size_t> index;
    for (const auto& counters : per_request)
        for (const auto& p : counters) {
            const auto [it, fresh] = index.emplace(p.node_name, avg.size());
            if (fresh) {
                avg.push_back(p);
            } else {
                avg[it->second].real_time += p.real_time;
                avg[it->second].cpu_time += p.cpu_time;
            }
        }
    const auto n = static_cast<int64_t>(std::max<size_t>(1, per_request.size()));
    for (auto& p : avg) {
        p.real_time /= n;
        p.cpu_time /= n;
    }
    return avg;
}

Counters sort_counters(const Counters& counters, const std::string& mode) {
    Counters out;
    for (const auto& p : counters)
        if (counts_in_total(p) && !(mode == "simple_sort" && p.status == ProfilingInfo::Status::NOT_RUN))
            out.push_back(p);
    if (mode != "no_sort")
        std::stable_sort(out.begin(), out.end(),
                         [](const ProfilingInfo& a, const ProfilingInfo& b) { return a.real_time > b.real_time; });
    return out;
}

void print_counters(std::ostream& os, const Counters& counters) {
    char line[512];
    for (const auto& p : counters) {
        std::snprintf(line, sizeof(line),
                      "%-20s %-20s layerType: %-20s execType: %-20s realTime (ms): %-10.3f "
                      "cpuTime (ms): %-10.3f\n",
                      column(p.node_name).c_str(), status_name(p.status).c_str(), column(p.node_type).c_str(),
                      p.exec_type.c_str(), ms(p.real_time), ms(p.cpu_time));
        os << line;
    }
    const Totals t = totals(counters);
    os << "Total time:     " << fixed(ms(t.real)) << " milliseconds\n"
       << "Total CPU time: " << fixed(ms(t.cpu)) << " milliseconds\n\n";
}

void print_sorted_counters(std::ostream& os, const Counters& sorted) {
    const Totals t = totals(sorted);
    char line[512];
    double shares = 0;
    for (const auto& p : sorted) {
        const double s = share(p, t);
        shares += s;
        const std::string pct = s * 100 < 0.005 ? "N/A" : fixed(s * 100, 2) + "%";
        std::snprintf(line, sizeof(line),
                      "%-20s %-20s layerType: %-20s execType: %-20s realTime (ms): %-10.3f "
                      "cpuTime (ms): %-10.3f proportion: %-8s\n",
                      column(p.node_name).c_str(), status_name(p.status).c_str(), column(p.node_type).c_str(),
                      p.exec_type.c_str(), ms(p.real_time), ms(p.cpu_time), pct.c_str());
        os << line;
    }
    os << "Total time:       " << fixed(ms(t.real)) << " milliseconds\n"
       << "Total CPU time:   " << fixed(ms(t.cpu)) << " milliseconds\n"
       << "Total proportion: " << fixed(shares * 100, 2) << " %\n\n";
}

std::string write_counters_report(const std::string& folder, const std::string& report_type, bool as_json,
                                  const std::vector<Counters>& per_request) {
    const bool detailed = report_type == "detailed_counters";
    const std::string path = output_path(folder, "benchmark_" + report_type + "_report." + (as_json ? "json" : "csv"));
    std::ofstream out = open_report(path);
    if (as_json) {
        json doc;
        if (detailed) {
            json all = json::array();
            for (const auto& c : per_request)
                all.push_back(counters_json(c, false));
            doc = {{"report_type", "detailed"}, {"detailed_performance", all}};
        } else {
            doc = {{"report_type", "average"},
                   {"avg_performance", counters_json(average_counters(per_request), false)}};
        }
        out << doc.dump(4) << '\n';
    } else if (detailed) {
        for (const auto& c : per_request)
            counters_csv(out, c);
    } else {
        counters_csv(out, average_counters(per_request));
    }
    if (!out)
        raise<InvalidArgument>(path, ": cannot write the report");
    return path;
}

std::string write_sorted_report(const std::string& folder, bool as_json, const Counters& sorted) {
    const std::string path = output_path(folder, std::string("benchmark_sorted_report.") + (as_json ? "json" : "csv"));
    std::ofstream out = open_report(path);
    if (as_json) {
        out << json{{"report_type", "sorted"}, {"avg_performance", counters_json(sorted, true)}}.dump(4) << '\n';
    } else {
        // benchmark_app writes this one with Python's csv module: commas, not semicolons.
        const Totals t = totals(sorted);
        out << "layerName,execStatus,layerType,execType,realTime (ms),cpuTime (ms),proportion (%)\n";
        auto quoted = [](const std::string& s) {
            if (s.find_first_of(",\"\n") == std::string::npos)
                return s;
            std::string q = "\"";
            for (char c : s)
                q += c == '"' ? std::string("\"\"") : std::string(1, c);
            return q + "\"";
        };
        for (const auto& p : sorted)
            out << quoted(p.node_name) << ',' << status_name(p.status) << ',' << quoted(p.node_type) << ','
                << quoted(p.exec_type) << ',' << fixed(ms(p.real_time)) << ',' << fixed(ms(p.cpu_time)) << ','
                << fixed(share(p, t) * 100, 2) << "%\n";
        out << "\nTotal time: " << fixed(ms(t.real), 2) << " milliseconds\n"
            << "Total CPU time: " << fixed(ms(t.cpu), 2) << " milliseconds\n";
    }
    if (!out)
        raise<InvalidArgument>(path, ": cannot write the report");
    return path;
}

}  // namespace cli
}  // namespace ovcl
