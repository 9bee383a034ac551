// The input validator of a grundy package, for Polygon and Codeforces (testlib's validator
// convention), written by `grundy testset --layout polygon`. It accepts exactly what
// `grundy validate DIR FILE` accepts: the schema below (the items, the limits, the bounds
// that name other integers, the sums over test cases, written from problem.toml) read as
// grundy reads it, then the strict layout (one space between tokens, no space at a line's
// start or end, no blank line, "\n" line ends, a final newline, no leading zero, "+" or
// "-0", as many tokens on each line as the format puts there). It is the same reader as
// the Kattis export's validator.py, in C++. testlib.h is the judge's: Polygon provides it.
#include "testlib.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace std;
typedef long long ll;

// GRUNDY_SCHEMA

// ---- The schema.

struct QueryKind {
    bool tagged;
    ll tag;
    vector<string> fields;
};

struct Item {
    string kind;  // ints, tree, graph, array, queries
    vector<string> names;
    string count, edges, weights, len, values, name;
    bool parents = false, loops = false, multi = false, connected = false, cactus = false,
         distinct = false;
    vector<QueryKind> kinds;
};

static map<string, pair<ll, ll> > limits;
static map<string, pair<vector<string>, vector<string> > > dependent;
static vector<pair<string, ll> > sums;
static string tests_kind, tests_name;
static vector<Item> items;

static vector<string> words(istringstream &in) {
    size_t k = 0;
    in >> k;
    vector<string> out(k);
    for (size_t i = 0; i < k; i++) in >> out[i];
    return out;
}

static bool flag(istringstream &in) {
    int b = 0;
    in >> b;
    return b != 0;
}

static void parse_schema() {
    istringstream in(SCHEMA);
    string word;
    size_t k = 0;
    in >> word >> k;  // limits
    for (size_t i = 0; i < k; i++) {
        string n;
        ll lo, hi;
        in >> n >> lo >> hi;
        limits[n] = make_pair(lo, hi);
    }
    in >> word >> k;  // dependent
    for (size_t i = 0; i < k; i++) {
        string n;
        in >> n;
        vector<string> lo = words(in);
        vector<string> hi = words(in);
        dependent[n] = make_pair(lo, hi);
    }
    in >> word >> k;  // sums
    for (size_t i = 0; i < k; i++) {
        string n;
        ll most;
        in >> n >> most;
        sums.push_back(make_pair(n, most));
    }
    in >> word >> tests_kind;  // tests
    if (tests_kind == "count") in >> tests_name;
    in >> word >> k;  // items
    for (size_t i = 0; i < k; i++) {
        Item it;
        in >> it.kind;
        if (it.kind == "ints") {
            it.names = words(in);
        } else if (it.kind == "tree") {
            in >> it.count;
            it.parents = flag(in);
            in >> it.weights;
        } else if (it.kind == "graph") {
            in >> it.count >> it.edges;
            it.loops = flag(in);
            it.multi = flag(in);
            it.connected = flag(in);
            it.cactus = flag(in);
            in >> it.weights;
        } else if (it.kind == "array") {
            in >> it.len >> it.values;
            it.distinct = flag(in);
            in >> it.name;
        } else {
            in >> it.count;
            size_t kinds = 0;
            in >> kinds;
            for (size_t j = 0; j < kinds; j++) {
                QueryKind q;
                string tag;
                in >> tag;
                q.tagged = tag != "-";
                q.tag = q.tagged ? atoll(tag.c_str()) : 0;
                q.fields = words(in);
                it.kinds.push_back(q);
            }
        }
        items.push_back(it);
    }
}

// ---- The integers, read as grundy reads them (any white space between tokens).

struct Tokens {
    vector<string> toks;
    size_t pos;

    explicit Tokens(const string &data) : pos(0) {
        string cur;
        for (size_t i = 0; i <= data.size(); i++) {
            char c = i < data.size() ? data[i] : ' ';
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f') {
                if (!cur.empty()) toks.push_back(cur);
                cur.clear();
            } else {
                cur += c;
            }
        }
    }

    bool at_end() const { return pos >= toks.size(); }

    ll integer(ll lo, ll hi, const string &what, bool sign = true) {
        ensuref(pos < toks.size(), "expected %s, found the end of the input", what.c_str());
        const string &t = toks[pos++];
        size_t s = (sign && !t.empty() && t[0] == '-') ? 1 : 0;
        bool digits = t.size() > s && t.size() - s <= 40;
        for (size_t i = s; digits && i < t.size(); i++) digits = t[i] >= '0' && t[i] <= '9';
        ensuref(digits, "expected %s (an integer), found '%s'", what.c_str(),
                t.substr(0, 40).c_str());
        size_t first = s;
        while (first + 1 < t.size() && t[first] == '0') first++;
        bool fits = t.size() - first <= 19;
        __int128 v = 0;
        for (size_t i = first; fits && i < t.size(); i++) v = v * 10 + (t[i] - '0');
        if (s == 1) v = -v;
        ensuref(fits && v >= lo && v <= hi, "%s = %s is out of its range [%lld, %lld]",
                what.c_str(), t.c_str(), lo, hi);
        return (ll)v;
    }
};

// ---- Bounds that name other integers: postfix expressions, as grundy evaluates them.

static bool evaluate(const vector<string> &ops, const map<string, ll> &env, ll &out) {
    vector<__int128> st;
    for (size_t i = 0; i < ops.size(); i++) {
        const string &op = ops[i];
        if (op == "+" || op == "-" || op == "*" || op == "/") {
            __int128 c = st.back();
            st.pop_back();
            __int128 a = st.back();
            st.pop_back();
            if (op == "+") {
                st.push_back(a + c);
            } else if (op == "-") {
                st.push_back(a - c);
            } else if (op == "*") {
                st.push_back(a * c);
            } else {
                if (c == 0) return false;
                __int128 q = (a < 0 ? -a : a) / (c < 0 ? -c : c);
                st.push_back((a >= 0) == (c >= 0) ? q : -q);
            }
        } else if (op == "neg") {
            st.back() = -st.back();
        } else if (op.compare(0, 4, "min:") == 0 || op.compare(0, 4, "max:") == 0) {
            size_t k = (size_t)atoll(op.c_str() + 4);
            __int128 best = st[st.size() - k];
            for (size_t j = st.size() - k; j < st.size(); j++)
                best = op[1] == 'i' ? min(best, st[j]) : max(best, st[j]);
            st.resize(st.size() - k);
            st.push_back(best);
        } else if (!op.empty() && (isdigit((unsigned char)op[0]) ||
                                   (op[0] == '-' && op.size() > 1))) {
            st.push_back((__int128)atoll(op.c_str()));
        } else {
            map<string, ll>::const_iterator at = env.find(op);
            if (at == env.end()) return false;
            st.push_back(at->second);
        }
    }
    __int128 lo = LLONG_MIN, hi = LLONG_MAX;
    out = (ll)max(lo, min(hi, st[0]));
    return true;
}

static pair<ll, ll> range_in(const string &name, const map<string, ll> &env) {
    pair<ll, ll> r = limits[name];
    map<string, pair<vector<string>, vector<string> > >::const_iterator d = dependent.find(name);
    if (d == dependent.end()) return r;
    ll a, b;
    if (evaluate(d->second.first, env, a)) r.first = max(r.first, a);
    if (evaluate(d->second.second, env, b)) r.second = min(r.second, b);
    return r;
}

// ---- Trees and graphs.

static int root_of(vector<int> &up, int v) {
    while (up[v] != v) {
        up[v] = up[up[v]];
        v = up[v];
    }
    return v;
}

static bool is_tree(int n, const vector<pair<int, int> > &edges) {
    vector<int> up(n);
    for (int i = 0; i < n; i++) up[i] = i;
    for (size_t i = 0; i < edges.size(); i++) {
        int a = root_of(up, edges[i].first), b = root_of(up, edges[i].second);
        if (a == b) return false;
        up[a] = b;
    }
    return true;
}

// Connected (from vertex 1) and, for a cactus, every edge on at most one cycle: a
// depth-first search from vertex 1 (no recursion) whose back edges each walk up the tree.
static void graph_rules(int n, const vector<pair<int, int> > &edges, const Item &it) {
    vector<vector<pair<int, int> > > adj(n);
    for (size_t e = 0; e < edges.size(); e++) {
        int a = edges[e].first, b = edges[e].second;
        adj[a].push_back(make_pair(b, (int)e));
        if (a != b) adj[b].push_back(make_pair(a, (int)e));
    }
    vector<char> reached(n, 0), done(n, 0);
    vector<int> parent_edge(n, -1);
    vector<size_t> next(n, 0);
    vector<pair<int, pair<int, int> > > back;
    if (n > 0) {
        reached[0] = 1;
        int v = 0;
        while (true) {
            if (next[v] == adj[v].size()) {
                done[v] = 1;
                int pe = parent_edge[v];
                if (pe < 0) break;
                v = edges[pe].first == v ? edges[pe].second : edges[pe].first;
                continue;
            }
            int w = adj[v][next[v]].first, e = adj[v][next[v]].second;
            next[v]++;
            if (w == v || e == parent_edge[v]) continue;
            if (!reached[w]) {
                reached[w] = 1;
                parent_edge[w] = e;
                v = w;
            } else if (!done[w]) {
                back.push_back(make_pair(e, make_pair(v, w)));
            }
        }
    }
    if (it.connected)
        for (int v = 0; v < n; v++) ensuref(reached[v], "the graph is not connected");
    if (it.cactus) {
        vector<char> used(edges.size(), 0);
        for (size_t i = 0; i < back.size(); i++) {
            int v = back[i].second.first, high = back[i].second.second;
            while (v != high) {
                int pe = parent_edge[v];
                if (pe < 0) break;
                ensuref(!used[pe], "an edge lies on two cycles: the graph must be a cactus");
                used[pe] = 1;
                v = edges[pe].first == v ? edges[pe].second : edges[pe].first;
            }
        }
    }
}

// ---- One test case; `lines` gets the tokens the format puts on each line.

static ll value_of(const map<string, ll> &env, const string &name) {
    map<string, ll>::const_iterator at = env.find(name);
    return at == env.end() ? 0 : at->second;
}

static map<string, ll> read_case(Tokens &t, vector<size_t> &lines) {
    map<string, ll> env;
    bool have_last = false;
    ll last_n = 0, last_m = 0;
    for (size_t i = 0; i < items.size(); i++) {
        const Item &it = items[i];
        if (it.kind == "ints") {
            for (size_t j = 0; j < it.names.size(); j++) {
                pair<ll, ll> r = range_in(it.names[j], env);
                env[it.names[j]] = t.integer(r.first, r.second, it.names[j]);
            }
            lines.push_back(it.names.size());
        } else if (it.kind == "tree") {
            ll n = max(1LL, value_of(env, it.count));
            bool w = it.weights != "-";
            vector<pair<int, int> > edges;
            for (ll v = 1; v < n; v++) {
                if (it.parents) {
                    edges.push_back(make_pair((int)t.integer(1, n, "a parent", false) - 1, (int)v));
                } else {
                    int a = (int)t.integer(1, n, "an edge's end", false) - 1;
                    int b = (int)t.integer(1, n, "an edge's end", false) - 1;
                    edges.push_back(make_pair(a, b));
                    if (w) t.integer(limits[it.weights].first, limits[it.weights].second, "a weight");
                }
            }
            if (it.parents && w)
                for (ll v = 1; v < n; v++)
                    t.integer(limits[it.weights].first, limits[it.weights].second, "a weight");
            ensuref(is_tree((int)n, edges), "the edges do not form a tree (a loop or a cycle)");
            if (it.parents) {
                if (n > 1) {
                    lines.push_back((size_t)(n - 1));
                    if (w) lines.push_back((size_t)(n - 1));
                }
            } else {
                for (ll v = 1; v < n; v++) lines.push_back(w ? 3 : 2);
            }
            have_last = true;
            last_n = n;
            last_m = n - 1;
        } else if (it.kind == "graph") {
            ll n = value_of(env, it.count);
            ll m = max(0LL, value_of(env, it.edges));
            bool w = it.weights != "-";
            vector<pair<int, int> > edges;
            set<pair<int, int> > seen;
            for (ll e = 0; e < m; e++) {
                int a = (int)t.integer(1, n, "an edge's end", false) - 1;
                int b = (int)t.integer(1, n, "an edge's end", false) - 1;
                ensuref(a != b || it.loops, "edge %lld is a loop, and loops are not allowed", e + 1);
                pair<int, int> key = make_pair(min(a, b), max(a, b));
                if (!it.multi) {
                    ensuref(!seen.count(key), "edge %lld repeats an earlier edge", e + 1);
                    seen.insert(key);
                }
                edges.push_back(make_pair(a, b));
                if (w) t.integer(limits[it.weights].first, limits[it.weights].second, "a weight");
            }
            graph_rules((int)n, edges, it);
            for (ll e = 0; e < m; e++) lines.push_back(w ? 3 : 2);
            have_last = true;
            last_n = n;
            last_m = m;
        } else if (it.kind == "array") {
            ll k = max(0LL, value_of(env, it.len));
            if (it.values == "vertex") {
                ll n = have_last ? last_n : 0;
                set<ll> seen;
                for (ll j = 0; j < k; j++) {
                    ll v = t.integer(1, n, it.name, false);
                    if (it.distinct) {
                        ensuref(!seen.count(v), "vertex %lld is listed twice in %s", v, it.name.c_str());
                        seen.insert(v);
                    }
                }
            } else {
                pair<ll, ll> r = range_in(it.values, env);
                for (ll j = 0; j < k; j++) t.integer(r.first, r.second, it.values);
            }
            lines.push_back((size_t)k);
        } else {
            ll q = max(0LL, value_of(env, it.count));
            ll n = have_last ? last_n : 0, m = have_last ? last_m : 0;
            for (ll j = 0; j < q; j++) {
                const QueryKind *kd = 0;
                if (it.kinds.size() == 1 && !it.kinds[0].tagged) {
                    kd = &it.kinds[0];
                } else {
                    ll lo = 0, hi = 0;
                    bool any = false;
                    for (size_t x = 0; x < it.kinds.size(); x++) {
                        if (!it.kinds[x].tagged) continue;
                        lo = any ? min(lo, it.kinds[x].tag) : it.kinds[x].tag;
                        hi = any ? max(hi, it.kinds[x].tag) : it.kinds[x].tag;
                        any = true;
                    }
                    ll tag = t.integer(lo, hi, "a query's type");
                    for (size_t x = 0; x < it.kinds.size() && !kd; x++)
                        if (it.kinds[x].tagged && it.kinds[x].tag == tag) kd = &it.kinds[x];
                    ensuref(kd != 0, "query type %lld is not one of the kinds", tag);
                }
                for (size_t f = 0; f < kd->fields.size(); f++) {
                    const string &field = kd->fields[f];
                    if (field == "vertex")
                        t.integer(1, n, "a query's vertex");
                    else if (field == "edge")
                        t.integer(1, m, "a query's edge");
                    else
                        t.integer(limits[field].first, limits[field].second, field);
                }
                lines.push_back(kd->fields.size() + (kd->tagged ? 1 : 0));
            }
        }
    }
    return env;
}

// ---- The layout a strict reader wants.

static void lexical(const string &data) {
    for (size_t i = 0; i < data.size(); i++) {
        ensuref(data[i] != '\r', "a carriage return: lines end with \\n alone");
        ensuref(data[i] != '\t' && data[i] != '\v' && data[i] != '\f',
                "a tab or form feed: tokens are separated by one space");
    }
    vector<string> rows;
    string cur;
    for (size_t i = 0; i < data.size(); i++) {
        if (data[i] == '\n') {
            rows.push_back(cur);
            cur.clear();
        } else {
            cur += data[i];
        }
    }
    if (!data.empty() && data[data.size() - 1] != '\n') rows.push_back(cur);
    for (size_t k = 0; k < rows.size(); k++) {
        const string &line = rows[k];
        int at = (int)k + 1;
        ensuref(!line.empty(), "line %d: a blank line", at);
        ensuref(line[0] != ' ', "line %d: a space at the start of the line", at);
        ensuref(line[line.size() - 1] != ' ', "line %d: a space at the end of the line", at);
        ensuref(line.find("  ") == string::npos, "line %d: two spaces between tokens", at);
        istringstream toks(line);
        string tok;
        while (toks >> tok) {
            string digits = tok[0] == '-' ? tok.substr(1) : tok;
            bool numeric = !digits.empty();
            for (size_t i = 0; numeric && i < digits.size(); i++)
                numeric = digits[i] >= '0' && digits[i] <= '9';
            bool plus = tok[0] == '+' && tok.size() > 1;
            for (size_t i = 1; plus && i < tok.size(); i++) plus = tok[i] >= '0' && tok[i] <= '9';
            ensuref(!plus, "line %d: an integer written with `+`", at);
            ensuref(!(numeric && digits.size() > 1 && digits[0] == '0'), "line %d: a leading zero", at);
            ensuref(!(numeric && tok[0] == '-' && digits == "0"), "line %d: `-0`", at);
        }
    }
    ensuref(data.empty() || data[data.size() - 1] == '\n', "no newline at the end of the input");
}

static vector<size_t> per_line(vector<size_t> counts) {
    while (!counts.empty() && counts.back() == 0) counts.pop_back();
    return counts;
}

static void validate(const string &data) {
    Tokens t(data);
    vector<size_t> lines;
    vector<map<string, ll> > cases;
    if (tests_kind == "count") {
        pair<ll, ll> r = limits[tests_name];
        ll count = t.integer(r.first, r.second, tests_name + " (the number of test cases)");
        lines.push_back(1);
        for (ll c = 0; c < count; c++) cases.push_back(read_case(t, lines));
    } else if (tests_kind == "eof") {
        do {
            cases.push_back(read_case(t, lines));
        } while (!t.at_end());
    } else {
        cases.push_back(read_case(t, lines));
    }
    ensuref(t.at_end(), "more tokens after the end of the input");
    for (size_t s = 0; s < sums.size(); s++) {
        __int128 total = 0;
        for (size_t c = 0; c < cases.size(); c++) {
            total += value_of(cases[c], sums[s].first);
            ensuref(total <= sums[s].second, "the sum of %s over the test cases is more than %lld",
                    sums[s].first.c_str(), sums[s].second);
        }
    }
    lexical(data);
    vector<size_t> got;
    size_t start = 0;
    for (size_t i = 0; i <= data.size(); i++) {
        if (i == data.size() || data[i] == '\n') {
            istringstream row(data.substr(start, i - start));
            string tok;
            size_t n = 0;
            while (row >> tok) n++;
            got.push_back(n);
            start = i + 1;
        }
    }
    got = per_line(got);
    vector<size_t> want = per_line(lines);
    for (size_t k = 0; k < got.size() && k < want.size(); k++)
        ensuref(got[k] == want[k], "line %d: %d tokens, where the format puts %d", (int)k + 1,
                (int)got[k], (int)want[k]);
    ensuref(got.size() == want.size(), "the input has %d lines, where the format has %d",
            (int)got.size(), (int)want.size());
}

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    parse_schema();
    string data;
    while (!inf.eof()) data += inf.readChar();
    validate(data);
    inf.readEof();
    return 0;
}
