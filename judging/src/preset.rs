//! Judge presets: `[judge] like = "codeforces"` gives a package the limits of the judge it
//! will run on — above all the stack, which Codeforces, AtCoder, Kattis and DOMjudge make as
//! large as the memory limit, where grundy's default is the 8 MiB of a shell's `ulimit -s`.
//! Keys written beside `like` in `[judge]` still win.

/// A judge whose limits a package can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Codeforces: 256 MiB, the stack as large as the memory, CPU time.
    Codeforces,
    /// AtCoder: 1024 MiB, the stack as large as the memory, time as the run's elapsed
    /// time.
    AtCoder,
    /// Kattis (and problemtools): 2048 MiB, the stack as large as the memory, CPU time,
    /// 8 MiB of output.
    Kattis,
    /// An ICPC contest on DOMjudge: 2048 MiB, the stack within the memory, CPU time,
    /// 8 MiB of output.
    Icpc,
}

impl Preset {
    /// The names `like` takes.
    pub const NAMES: [&'static str; 4] = ["codeforces", "atcoder", "kattis", "icpc"];

    /// The preset named `name` (as `like` writes it).
    pub fn parse(name: &str) -> Option<Preset> {
        match name {
            "codeforces" => Some(Preset::Codeforces),
            "atcoder" => Some(Preset::AtCoder),
            "kattis" => Some(Preset::Kattis),
            "icpc" => Some(Preset::Icpc),
            _ => None,
        }
    }

    /// The judge's name, as people write it.
    pub fn title(self) -> &'static str {
        match self {
            Preset::Codeforces => "Codeforces",
            Preset::AtCoder => "AtCoder",
            Preset::Kattis => "Kattis",
            Preset::Icpc => "ICPC (DOMjudge)",
        }
    }

    /// The memory limit in MiB a problem there usually has (what `memory` defaults to).
    pub fn memory_mib(self) -> u64 {
        match self {
            Preset::Codeforces => 256,
            Preset::AtCoder => 1024,
            Preset::Kattis | Preset::Icpc => 2048,
        }
    }

    /// The output limit in MiB (what `output` defaults to).
    pub fn output_mib(self) -> u64 {
        match self {
            Preset::Codeforces | Preset::AtCoder => 64,
            Preset::Kattis | Preset::Icpc => 8,
        }
    }

    /// The wall-clock backstop as a multiple of the time limit (what `wall_factor`
    /// defaults to): 1 where the judge limits the elapsed time itself.
    pub fn wall_factor(self) -> f64 {
        match self {
            Preset::AtCoder => 1.0,
            _ => 2.0,
        }
    }

    /// How the judge measures the time limit, in a report's words.
    pub fn time_text(self) -> &'static str {
        match self {
            Preset::AtCoder => {
                "the time limit on the elapsed time (the wall backstop is the limit itself)"
            }
            _ => "the time limit on CPU time",
        }
    }

    /// The macros the judge defines when it compiles C and C++, from its own published
    /// compile commands: Codeforces `ONLINE_JUDGE`; AtCoder `ONLINE_JUDGE` and `ATCODER`;
    /// DOMjudge's default C and C++ scripts `ONLINE_JUDGE` and `DOMJUDGE`; Kattis
    /// (problemtools' languages.yaml) none.
    pub fn macros(self) -> &'static [&'static str] {
        match self {
            Preset::Codeforces => &["ONLINE_JUDGE"],
            Preset::AtCoder => &["ONLINE_JUDGE", "ATCODER"],
            Preset::Kattis => &[],
            Preset::Icpc => &["ONLINE_JUDGE", "DOMJUDGE"],
        }
    }

    /// The macros in words for the header.
    fn macros_text(self) -> String {
        match self.macros() {
            [] => "C and C++ compiled with no macro defined".into(),
            m => format!(
                "C and C++ compiled with {}",
                m.iter()
                    .map(|n| format!("-D{n}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        }
    }

    /// The header line of a check under this preset.
    pub fn describe(self) -> String {
        format!(
            "judged like {}: the stack as large as the memory limit, {}, {}; keys of [judge] beside `like` override it",
            self.title(),
            self.time_text(),
            self.macros_text()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        for n in Preset::NAMES {
            assert!(Preset::parse(n).is_some(), "{n}");
        }
        assert_eq!(Preset::parse("Codeforces"), None);
    }
}
