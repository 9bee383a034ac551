//! The regression corpus on disk: `DIR/<problem>/NAME.in` + `NAME.out` (the layout that
//! online-judge-tools, CPH and Polygon users know). Writes are atomic (a temporary file in
//! the same folder, then a rename), so an interrupted run never leaves half a case.

use grundy_games::Problem;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("case");
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Saves a case: the expected output first, then the input (a case exists once its `.in`
/// does). Returns the path of the `.in` file.
pub fn save_case(
    dir: &Path,
    problem: Problem,
    name: &str,
    input: &str,
    expected: &[u8],
    note: &str,
) -> std::io::Result<PathBuf> {
    let folder = dir.join(problem.name());
    let input_path = folder.join(format!("{name}.in"));
    write_atomic(&folder.join(format!("{name}.out")), expected)?;
    write_atomic(&input_path, input.as_bytes())?;
    if !note.is_empty() {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(folder.join("README.md"))?;
        writeln!(f, "- `{name}`: {note}")?;
    }
    Ok(input_path)
}

/// One case of a corpus.
#[derive(Clone, Debug)]
pub struct Case {
    /// The problem (from the folder name).
    pub problem: Problem,
    /// The case name (file stem).
    pub name: String,
    /// Path of `NAME.in`.
    pub input: PathBuf,
    /// Path of `NAME.out` (may be missing on disk).
    pub output: PathBuf,
}

/// Lists every case under `dir`, sorted by problem and name. Folders whose name is not a
/// problem id are reported as errors.
pub fn list(dir: &Path) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    let mut folders: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let fname = folder.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let Some(problem) = Problem::from_name(fname) else {
            return Err(format!(
                "{}: not a problem folder (expected one of agc017d, cot3, poj3710, p2972, chip, cut, hackenbush, paint, staircase)",
                folder.display()
            ));
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map_err(|e| format!("{}: cannot read: {e}", folder.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        files.sort();
        for input in files {
            let name = input
                .file_stem()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_string();
            cases.push(Case {
                problem,
                output: input.with_extension("out"),
                name,
                input,
            });
        }
    }
    Ok(cases)
}
