// The checker of a grundy package for Polygon and Codeforces (testlib's checker
// convention: check INPUT OUTPUT ANSWER), written by `grundy testset --layout polygon`.
// It compares the contestant's output with the jury's answer the way the package's
// [checker] kind says, as grundy judges:
//   lines     line by line, each line's tokens equal (the white space inside a line and
//             empty lines at the end do not matter): what Polygon's std::lcmp.cpp does;
//   tokens    token by token, lines do not matter: what Polygon's std::wcmp.cpp does;
//   floats    token by token, numbers equal within ABS absolute or REL relative (of the
//             answer's number), any other token exactly;
//   unordered the same tokens in any order (as multisets);
//   moves     one line per test case, a winning first move of the game (any of them), or
//             the NONE word exactly when there is none. The moves of every test are in
//             TABLE, computed by grundy from the game's rules when the tests were written:
//             the test is found there by its input's FNV-1a hash, so only the tests
//             written with this checker can be judged;
//   interactive  the interactor judged the game: its verdict stands, and what it wrote is
//             accepted.
// testlib.h is the judge's: Polygon provides it.
#include "testlib.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
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

static string fnv1a(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) quitf(_fail, "cannot read the input %s", path);
    unsigned long long h = 0xcbf29ce484222325ULL;
    int c;
    while ((c = fgetc(f)) != EOF) h = (h ^ (unsigned long long)(unsigned char)c) * 0x100000001b3ULL;
    fclose(f);
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx", h);
    return hex;
}

struct Case {
    vector<string> moves, winning;
};

// The cases of the test whose input hashes to `digest`, from TABLE.
static vector<Case> cases_of(const string &digest) {
    istringstream table(TABLE);
    string line;
    while (getline(table, line)) {
        istringstream head(line);
        string word, hash;
        int count = -1;
        head >> word >> hash >> count;
        if (word != "test" || hash != digest) continue;
        vector<Case> out(count < 0 ? 0 : count);
        for (size_t k = 0; k < out.size(); k++) {
            int m = -1;
            if (!getline(table, line) || sscanf(line.c_str(), "case %d", &m) != 1 || m < 0)
                quitf(_fail, "the table of winning moves is malformed");
            for (int i = 0; i < m; i++) {
                if (!getline(table, line) || line.size() < 2)
                    quitf(_fail, "the table of winning moves is malformed");
                out[k].moves.push_back(line.substr(2));
                if (line[0] == 'W') out[k].winning.push_back(line.substr(2));
            }
        }
        return out;
    }
    quitf(_fail, "this input (FNV-1a %s) is not one of the tests grundy wrote with this checker",
          digest.c_str());
    return vector<Case>();
}

static bool has(const vector<string> &v, const string &s) {
    return find(v.begin(), v.end(), s) != v.end();
}

static void judge_moves(const char *input) {
    vector<Case> cases = cases_of(fnv1a(input));
    vector<string> lines;
    while (!ouf.eof()) lines.push_back(joined(tokens_of(ouf.readLine())));
    string none = NONE;
    if (none.empty()) {
        // Empty lines are answers: each stands where there is no winning move (and missing
        // last lines count as empty ones).
        while (lines.size() > cases.size() && lines.back().empty()) lines.pop_back();
        while (lines.size() < cases.size()) lines.push_back("");
    } else {
        vector<string> kept;
        for (size_t i = 0; i < lines.size(); i++)
            if (!lines[i].empty()) kept.push_back(lines[i]);
        lines = kept;
    }
    if (lines.size() != cases.size())
        quitf(_pe, "expected %d line(s), one move per test case, found %d", (int)cases.size(),
              (int)lines.size());
    for (size_t k = 0; k < cases.size(); k++) {
        string at = cases.size() > 1 ? format("test case %d: ", (int)k + 1) : string();
        const string &said = lines[k];
        const Case &c = cases[k];
        if (said == none) {
            if (!c.winning.empty())
                quitf(_wa, "%sprinted `%s` (no winning move), but `%s` wins", at.c_str(),
                      shown(said).c_str(), c.winning[0].c_str());
            continue;
        }
        if (!has(c.moves, said))
            quitf(_wa, "%s`%s` is not a move of the start position", at.c_str(), shown(said).c_str());
        if (!has(c.winning, said)) {
            if (c.winning.empty())
                quitf(_wa, "%s`%s` does not win: the start is lost, `%s` was expected", at.c_str(),
                      shown(said).c_str(), none.c_str());
            quitf(_wa, "%s`%s` does not win (it leaves the opponent a winning position); winning moves: `%s`%s",
                  at.c_str(), shown(said).c_str(), c.winning[0].c_str(),
                  c.winning.size() > 1 ? ", …" : "");
        }
    }
    quitf(_ok, "%d winning move(s)", (int)cases.size());
}

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    if (MODE == INTERACTIVE) quitf(_ok, "the interactor judged the game");
    if (MODE == MOVES) judge_moves(argv[1]);
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
