// The checker of a grundy package for Polygon and Codeforces (testlib's checker
// convention: check INPUT OUTPUT ANSWER), written by `grundy testset --layout polygon`.
// It compares the contestant's output with the jury's answer the way the package's
// [checker] kind says, as grundy judges:
//   lines     line by line, each line's tokens equal (the white space inside a line and
//             empty lines at the end do not matter): what Polygon's std::lcmp.cpp does;
//   tokens    token by token, lines do not matter: what Polygon's std::wcmp.cpp does;
//   floats    token by token, numbers equal within ABS absolute or REL relative (of the
//             answer's number), any other token exactly;
//   unordered the same tokens in any order (as multisets).
// testlib.h is the judge's: Polygon provides it.
#include "testlib.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

using namespace std;

// GRUNDY_MODE

static string shown(const string &s) { return s.size() <= 64 ? s : s.substr(0, 61) + "..."; }

static string joined(const vector<string> &words) {
    string out;
    for (size_t i = 0; i < words.size(); i++) out += (i ? " " : "") + words[i];
    return out;
}

static vector<string> tokens_of(const string &line) {
    vector<string> out;
    string cur;
    for (size_t i = 0; i <= line.size(); i++) {
        char c = i < line.size() ? line[i] : ' ';
        if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    return out;
}

// Every line of a stream, as its tokens; the empty lines at the end dropped.
static vector<vector<string> > lines_of(InStream &in) {
    vector<vector<string> > out;
    while (!in.eof()) out.push_back(tokens_of(in.readLine()));
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

static vector<string> all_tokens(InStream &in) {
    vector<string> out;
    while (!in.seekEof()) out.push_back(in.readToken());
    return out;
}

static bool number(const string &s, double &x) {
    if (s.empty()) return false;
    char *end = 0;
    x = strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && std::isfinite(x);
}

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    if (MODE == LINES) {
        vector<vector<string> > want = lines_of(ans), got = lines_of(ouf);
        for (size_t i = 0; i < want.size() && i < got.size(); i++)
            if (want[i] != got[i])
                quitf(_wa, "line %d: expected '%s', found '%s'", (int)i + 1,
                      shown(joined(want[i])).c_str(),
                      shown(joined(got[i])).c_str());
        if (want.size() != got.size())
            quitf(_wa, "expected %d lines, found %d", (int)want.size(), (int)got.size());
        quitf(_ok, "%d lines", (int)want.size());
    }
    vector<string> want = all_tokens(ans), got = all_tokens(ouf);
    if (MODE == UNORDERED) {
        sort(want.begin(), want.end());
        sort(got.begin(), got.end());
        if (want != got)
            quitf(_wa, "expected %d tokens in any order, found %d tokens that differ from them",
                  (int)want.size(), (int)got.size());
        quitf(_ok, "%d tokens in any order", (int)want.size());
    }
    for (size_t i = 0; i < want.size() && i < got.size(); i++) {
        double x, y;
        if (MODE == FLOATS && number(want[i], x)) {
            if (!number(got[i], y))
                quitf(_wa, "token %d: expected the number %s, found '%s'", (int)i + 1,
                      shown(want[i]).c_str(), shown(got[i]).c_str());
            double d = fabs(x - y);
            if (d > ABS && d > REL * fabs(x))
                quitf(_wa, "token %d: expected %s, found %s", (int)i + 1, shown(want[i]).c_str(),
                      shown(got[i]).c_str());
        } else if (want[i] != got[i]) {
            quitf(_wa, "token %d: expected '%s', found '%s'", (int)i + 1, shown(want[i]).c_str(),
                  shown(got[i]).c_str());
        }
    }
    if (want.size() != got.size())
        quitf(_wa, "expected %d tokens, found %d", (int)want.size(), (int)got.size());
    quitf(_ok, "%d tokens", (int)want.size());
}
