#include "expression.hpp"

#include <algorithm>
#include <cctype>
#include <limits>

#include "ovcl/detail/checked_math.hpp"
#include "ovcl/except.hpp"

namespace ovcl {
namespace ext {

std::string Ref::text() const {
    if (kind == Kind::ATTRIBUTE)
        return name;
    std::string s = (kind == Kind::INPUT ? "in" : "out") + std::to_string(port) + ".";
    switch (field) {
    case Field::DIM: return s + "d" + std::to_string(dim);
    case Field::SIZE: return s + "size";
    case Field::RANK: return s + "rank";
    }
    return s;
}

// How deeply an expression may nest (parentheses, unary minus, operands of operands): the parser and
// the evaluator recurse that deep, and no launch geometry needs a tenth of it.
constexpr int kMaxDepth = 200;

// Recursive descent over the grammar
//   expr  := term (('+' | '-') term)*
//   term  := unary (('*' | '/' | '%') unary)*
//   unary := '-' unary | primary
//   primary := number | '(' expr ')' | func '(' expr ',' expr ')' | ref | attribute
class Parser {
public:
    explicit Parser(const std::string& text) : m_text(text) { m_e.m_text = text; }

    Expression run() {
        skip();
        if (m_pos == m_text.size())
            fail("it is empty");
        m_e.m_root = expr();
        skip();
        if (m_pos != m_text.size())
            fail(std::string("unexpected '") + m_text[m_pos] + "'");
        return std::move(m_e);
    }

private:
    using Op = Expression::Item::Op;

    [[noreturn]] void fail(const std::string& what) const {
        raise<Exception>("bad expression '", m_text, "': ", what, " at column ", m_pos + 1);
    }
    void skip() {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }
    bool eat(char c) {
        skip();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    int add(Op op, int64_t value = 0, int a = -1, int b = -1) {
        const int depth = 1 + std::max(a < 0 ? 0 : m_depth[static_cast<size_t>(a)],
                                       b < 0 ? 0 : m_depth[static_cast<size_t>(b)]);
        if (depth > kMaxDepth)
            fail("it nests deeper than " + std::to_string(kMaxDepth) + " levels");
        m_e.m_items.push_back({op, value, a, b});
        m_depth.push_back(depth);
        return static_cast<int>(m_e.m_items.size()) - 1;
    }
    // Counts the parser's own recursion ('(' and unary '-'), which adds no items.
    struct Nest {
        explicit Nest(Parser& p) : m_p(p) {
            if (++m_p.m_nesting > kMaxDepth)
                m_p.fail("it nests deeper than " + std::to_string(kMaxDepth) + " levels");
        }
        ~Nest() { --m_p.m_nesting; }
        Parser& m_p;
    };

    int expr() {
        int left = term();
        for (;;) {
            if (eat('+'))
                left = add(Op::ADD, 0, left, term());
            else if (eat('-'))
                left = add(Op::SUB, 0, left, term());
            else
                return left;
        }
    }
    int term() {
        int left = unary();
        for (;;) {
            if (eat('*'))
                left = add(Op::MUL, 0, left, unary());
            else if (eat('/'))
                left = add(Op::DIV, 0, left, unary());
            else if (eat('%'))
                left = add(Op::MOD, 0, left, unary());
            else
                return left;
        }
    }
    int unary() {
        if (eat('-')) {
            const Nest nest(*this);
            return add(Op::NEG, 0, unary());
        }
        return primary();
    }
    int primary() {
        skip();
        if (m_pos == m_text.size())
            fail("expected a number, a name or '(' but the text ends");
        const char c = m_text[m_pos];
        if (eat('(')) {
            const Nest nest(*this);
            const int inner = expr();
            if (!eat(')'))
                fail("expected ')'");
            return inner;
        }
        if (std::isdigit(static_cast<unsigned char>(c)))
            return add(Op::NUM, number());
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_')
            return named();
        fail(std::string("expected a number, a name or '(' but found '") + c + "'");
    }
    int64_t number() {
        const size_t start = m_pos;
        int64_t v = 0;
        while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) {
            const int d = m_text[m_pos] - '0';
            if (v > (std::numeric_limits<int64_t>::max() - d) / 10) {
                m_pos = start;
                fail("the number is too large");
            }
            v = v * 10 + d;
            ++m_pos;
        }
        return v;
    }
    std::string word() {
        const size_t start = m_pos;
        while (m_pos < m_text.size() &&
               (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
            ++m_pos;
        return m_text.substr(start, m_pos - start);
    }
    int named() {
        const size_t start = m_pos;
        const std::string name = word();
        if (eat('('))
            return call(name, start);
        skip();
        const bool port_ref = m_pos < m_text.size() && m_text[m_pos] == '.';
        if (port_ref)
            return port(name, start);
        Ref r;
        r.kind = Ref::Kind::ATTRIBUTE;
        r.name = name;
        return reference(r);
    }
    int call(const std::string& name, size_t start) {
        Op op;
        if (name == "min")
            op = Op::MIN;
        else if (name == "max")
            op = Op::MAX;
        else if (name == "ceil_div")
            op = Op::CEIL_DIV;
        else if (name == "round_up")
            op = Op::ROUND_UP;
        else {
            m_pos = start;
            fail("unknown function '" + name + "' (min, max, ceil_div and round_up are known)");
        }
        const Nest nest(*this);
        const int a = expr();
        if (!eat(','))
            fail("expected ',' between the two arguments of " + name);
        const int b = expr();
        if (!eat(')'))
            fail("expected ')' after the arguments of " + name);
        return add(op, 0, a, b);
    }
    // in<k>.d<j> | in<k>.size | in<k>.rank (and out<k>...)
    int port(const std::string& name, size_t start) {
        Ref r;
        size_t digits = 0;
        if (name.rfind("in", 0) == 0) {
            r.kind = Ref::Kind::INPUT;
            digits = 2;
        } else if (name.rfind("out", 0) == 0) {
            r.kind = Ref::Kind::OUTPUT;
            digits = 3;
        }
        const std::string index = digits ? name.substr(digits) : "";
        if (!digits || index.empty() || index.find_first_not_of("0123456789") != std::string::npos ||
            index.size() > 6) {
            m_pos = start;
            fail("'" + name + "' is not a port (in<k> or out<k>, e.g. in0.d1)");
        }
        r.port = std::stoul(index);
        ++m_pos;  // the '.'
        const size_t field_at = m_pos;
        const std::string field = word();
        if (field == "size") {
            r.field = Ref::Field::SIZE;
        } else if (field == "rank") {
            r.field = Ref::Field::RANK;
        } else if (field.size() > 1 && field.size() <= 7 && field[0] == 'd' &&
                   field.find_first_not_of("0123456789", 1) == std::string::npos) {
            r.field = Ref::Field::DIM;
            r.dim = std::stoul(field.substr(1));
        } else {
            m_pos = field_at;
            fail("expected d<j>, size or rank after '" + name + ".'");
        }
        return reference(r);
    }
    int reference(const Ref& r) {
        m_e.m_refs.push_back(r);
        return add(Op::REF, static_cast<int64_t>(m_e.m_refs.size()) - 1);
    }

    const std::string& m_text;
    size_t m_pos = 0;
    int m_nesting = 0;
    std::vector<int> m_depth;  ///< per item: the height of its subtree
    Expression m_e;
};

Expression Expression::parse(const std::string& text) { return Parser(text).run(); }

std::optional<int64_t> Expression::evaluate(const Lookup& lookup) const {
    try {
        return eval(m_root, lookup);
    } catch (const std::exception& e) {
        raise<Exception>("expression '", m_text, "': ", e.what());
    }
}

std::optional<int64_t> Expression::eval(int index, const Lookup& lookup) const {
    const Item& it = m_items[static_cast<size_t>(index)];
    if (it.op == Item::Op::NUM)
        return it.value;
    if (it.op == Item::Op::REF)
        return lookup(m_refs[static_cast<size_t>(it.value)]);
    const auto a = eval(it.a, lookup);
    if (it.op == Item::Op::NEG)
        return a ? std::optional<int64_t>(checked::neg(*a)) : std::nullopt;
    const auto b = eval(it.b, lookup);
    if (!a || !b)
        return std::nullopt;
    const int64_t x = *a, y = *b;
    const bool divides = it.op == Item::Op::DIV || it.op == Item::Op::MOD || it.op == Item::Op::CEIL_DIV ||
                         it.op == Item::Op::ROUND_UP;
    if (divides && y == 0)
        raise<Exception>("division by zero");
    // Every operation is checked: a result that leaves int64 is an error, never a wrapped value.
    switch (it.op) {
    case Item::Op::ADD: return checked::add(x, y);
    case Item::Op::SUB: return checked::sub(x, y);
    case Item::Op::MUL: return checked::mul(x, y);
    case Item::Op::DIV: return checked::div(x, y);
    case Item::Op::MOD: return checked::mod(x, y);
    case Item::Op::MIN: return std::min(x, y);
    case Item::Op::MAX: return std::max(x, y);
    case Item::Op::CEIL_DIV: return checked::div(checked::sub(checked::add(x, y), int64_t{1}), y);
    case Item::Op::ROUND_UP: return checked::mul(checked::div(checked::sub(checked::add(x, y), int64_t{1}), y), y);
    default: return std::nullopt;
    }
}

std::vector<std::string> split_expression_list(const std::string& text) {
    std::vector<std::string> out;
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        return out;
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text[i] : ',';
        if (c == '(')
            ++depth;
        else if (c == ')')
            --depth;
        else if (c == ',' && depth <= 0) {
            out.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    return out;
}

std::vector<Expression> parse_expression_list(const std::string& text) {
    std::vector<Expression> out;
    for (const auto& part : split_expression_list(text))
        out.push_back(Expression::parse(part));
    return out;
}

}  // namespace ext
}  // namespace ovcl
