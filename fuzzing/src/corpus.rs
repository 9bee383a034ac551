//! The regression corpus on disk: `DIR/<problem>/NAME.in` + `NAME.out` (the layout that
//! online-judge-tools, CPH and Polygon users know). Writes are atomic (a temporary file in
//! the same folder, then a rename), so an interrupted run never leaves half a case.

use grundy_games::Problem;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically: a complete temporary file renamed over it. A path
/// that names something other than a regular file (a device such as `/dev/stdout` or
/// `/dev/full`, a pipe) is written in place, never replaced; a symbolic link has its
/// target replaced, not the link.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        let mut f = std::fs::OpenOptions::new().write(true).open(path)?;
        f.write_all(bytes)?;
        return f.flush();
    }
    let target = std::fs::canonicalize(path);
    let path = target.as_deref().unwrap_or(path);
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

/// Writes `bytes` to `path` only if `path` does not exist (a hard link of a complete
/// temporary file: atomic, and never replaces anything). `Ok(false)` when it existed.
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<bool> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("case");
    let tmp = dir.join(format!(".{name}.{}.new", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    let linked = std::fs::hard_link(&tmp, path);
    let _ = std::fs::remove_file(&tmp);
    match linked {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e),
    }
}

/// Checks that a corpus (or save) folder can be used: it exists, or its parent does (it
/// is then created). A typo such as `/typo/path/corpus` is an error, not a new tree.
pub fn ensure_folder(dir: &Path) -> std::io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "{}: no such folder (create {} first)",
                parent.display(),
                dir.display()
            ),
        ));
    }
    std::fs::create_dir_all(dir)
}

/// Saves a case as `DIR/PROBLEM/NAME.in` + `NAME.out` (+ one file per `(extension,
/// bytes)` of `extra`, e.g. the program's `.actual` output), and appends `note` to the
/// folder's README. A different case already saved under NAME is never overwritten: the
/// case goes to NAME-2, NAME-3, …; the same case under NAME is reused. The expected
/// output is written first and the input last (a case exists once its `.in` does).
/// Returns the path of the `.in` file.
pub fn save_case(
    dir: &Path,
    problem: &str,
    name: &str,
    input: &str,
    expected: &[u8],
    extra: &[(&str, &[u8])],
    note: &str,
) -> std::io::Result<PathBuf> {
    ensure_folder(dir)?;
    let folder = dir.join(problem);
    std::fs::create_dir_all(&folder)?;
    for k in 1u32.. {
        let stem = if k == 1 {
            name.to_string()
        } else {
            format!("{name}-{k}")
        };
        let input_path = folder.join(format!("{stem}.in"));
        let output_path = folder.join(format!("{stem}.out"));
        if input_path.exists() || output_path.exists() {
            let same = std::fs::read(&input_path).is_ok_and(|b| b == input.as_bytes())
                && std::fs::read(&output_path).is_ok_and(|b| b == expected);
            if same {
                return Ok(input_path);
            }
            continue;
        }
        if !write_new(&output_path, expected)? {
            continue;
        }
        for (ext, bytes) in extra {
            write_atomic(&folder.join(format!("{stem}.{ext}")), bytes)?;
        }
        if !write_new(&input_path, input.as_bytes())? {
            let _ = std::fs::remove_file(&output_path);
            continue;
        }
        if !note.is_empty() {
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(folder.join("README.md"))?;
            writeln!(f, "- `{stem}`: {note}")?;
        }
        return Ok(input_path);
    }
    unreachable!("some NAME-k is free")
}

/// [`save_case`] for a failure of `grundy check`: no README note.
pub fn save_finding(
    dir: &Path,
    problem: &str,
    name: &str,
    input: &str,
    expected: &[u8],
    extra: &[(&str, &[u8])],
) -> std::io::Result<PathBuf> {
    save_case(dir, problem, name, input, expected, extra, "")
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

/// Why a corpus cannot be listed: a folder that cannot be read (the I/O error kept as
/// the [`source`](std::error::Error::source)), or one whose name is not a problem id.
#[derive(Debug)]
pub struct ListError {
    message: String,
    source: Option<std::io::Error>,
}

impl ListError {
    fn unreadable(folder: &Path, e: std::io::Error) -> ListError {
        ListError {
            message: format!("{}: cannot read: {e}", folder.display()),
            source: Some(e),
        }
    }
}

impl std::fmt::Display for ListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ListError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// Lists every case under `dir`, sorted by problem and name. Folders whose name is not a
/// problem id are reported as errors.
pub fn list(dir: &Path) -> Result<Vec<Case>, ListError> {
    let mut cases = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| ListError::unreadable(dir, e))?;
    // Hidden folders (`.git`, editors' state) are not part of a corpus.
    let mut folders: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() && !is_hidden(p))
        .collect();
    folders.sort();
    for folder in folders {
        let fname = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some(problem) = Problem::from_name(&fname) else {
            let names: Vec<&str> = Problem::ALL.iter().map(|p| p.name()).collect();
            return Err(ListError {
                message: format!(
                    "{}: not a problem folder (expected one of {})",
                    folder.display(),
                    names.join(", ")
                ),
                source: None,
            });
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map_err(|e| ListError::unreadable(&folder, e))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "in") && !is_hidden(p))
            .collect();
        files.sort();
        for input in files {
            let name = input
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
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

fn is_hidden(p: &Path) -> bool {
    p.file_name()
        .is_some_and(|n| n.as_encoded_bytes().first() == Some(&b'.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_or_a_link_is_written_through_never_replaced() {
        // A pipe (what a device or `/dev/stdout` is to this function: not a regular
        // file, in a scratch folder so that a regression harms nothing): written into,
        // read on the other side, and still a pipe afterwards.
        let dir = std::env::temp_dir().join(format!("grundy-corpus-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("report.fifo");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let (tx, rx) = std::sync::mpsc::channel();
            let reader = fifo.clone();
            std::thread::spawn(move || {
                let _ = tx.send(std::fs::read(&reader).unwrap_or_default());
            });
            write_atomic(&fifo, b"report\n").unwrap();
            let got = rx.recv_timeout(std::time::Duration::from_secs(10));
            assert_eq!(got.as_deref(), Ok(&b"report\n"[..]));
            let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
            assert!(!kind.is_file(), "the pipe was replaced by a file");
        }
        // A symbolic link: its target gets the bytes, the link stays a link.
        let (target, link) = (dir.join("target.json"), dir.join("link.json"));
        std::fs::write(&target, b"old").unwrap();
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
