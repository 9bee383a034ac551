//! The judges' layouts a test set is written in (`grundy testset --layout`).

/// A judge's layout of the files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `NN.in`, `NN.ans` in OUT.
    Plain,
    /// Polygon: `tests/NN`, `tests/NN.a`, and `problem.xml` with the limits, the checker
    /// (`files/check.cpp`), a testlib validator made from the schema
    /// (`files/validator.cpp`) and the solutions by Polygon's tags (`solutions/`).
    Polygon,
    /// Kattis / ICPC problem package: `data/`, `problem.yaml`, `.timelimit`, the statement,
    /// the input validator, the checker as an output validator (`build`, `run`),
    /// `submissions/`.
    Kattis,
    /// DOMjudge: the Kattis package with `domjudge-problem.ini`, and zipped as `OUT.zip`
    /// for DOMjudge's problem import.
    Domjudge,
}

impl Layout {
    /// Every layout by its name on the command line.
    pub const NAMES: [(&'static str, Layout); 4] = [
        ("plain", Layout::Plain),
        ("polygon", Layout::Polygon),
        ("kattis", Layout::Kattis),
        ("domjudge", Layout::Domjudge),
    ];

    /// The layout in one line (what `--layout`'s help says of it).
    pub fn describe(self) -> &'static str {
        match self {
            Layout::Plain => "`NN.in`, `NN.ans` in OUT",
            Layout::Polygon => "Polygon: `tests/NN`, `tests/NN.a`, and `problem.xml` with the limits, the checker (`files/check.cpp`), a testlib validator made from the schema (`files/validator.cpp`) and the solutions by Polygon's tags (`solutions/`)",
            Layout::Kattis => "Kattis / ICPC problem package: `data/`, `problem.yaml`, `.timelimit`, the statement, the input validator, the checker as an output validator (`build`, `run`), `submissions/`",
            Layout::Domjudge => "DOMjudge: the Kattis package with `domjudge-problem.ini`, and zipped as `OUT.zip` for DOMjudge's problem import",
        }
    }

    /// The layout named `name`.
    pub fn parse(name: &str) -> Option<Layout> {
        Layout::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, l)| *l)
    }

    /// The Kattis package's tree (Kattis and DOMjudge).
    pub fn is_kattis(self) -> bool {
        matches!(self, Layout::Kattis | Layout::Domjudge)
    }

    /// The judge the layout is for, in messages.
    pub(crate) fn judge(self) -> &'static str {
        match self {
            Layout::Plain => "contest",
            Layout::Polygon => "Polygon",
            Layout::Kattis => "Kattis",
            Layout::Domjudge => "DOMjudge",
        }
    }
}
