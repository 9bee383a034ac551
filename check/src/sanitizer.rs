//! What a sanitized build's stderr says, in one line: the kind of error and the source
//! line where it happened — AddressSanitizer (`heap-buffer-overflow, READ of 4 bytes at
//! sol.cpp:23 in dfs`), UndefinedBehaviorSanitizer (`index 16 out of bounds for type
//! 'int [16]' at sol.cpp:12`), the checks of libstdc++'s debug mode (`attempt to subscript
//! container with out-of-bounds index 5 …`, with the line ASan's trace of the abort
//! gives), and a Rust debug build's panic (`attempt to add with overflow at sol.rs:9`) —
//! with the sanitizer's own lines that matter, cut to fit a terminal.

/// A sanitizer's finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The kind and place in one line.
    pub summary: String,
    /// What the kind is, without the place (groups tell findings apart by it and by the
    /// place).
    pub kind: String,
    /// The sanitizer's own lines that matter: the error, the access, the first frames.
    pub excerpt: Vec<String>,
    /// True for a stack overflow (ASan's `stack-overflow`): a deeper build's frames, not
    /// undefined behaviour, when the ordinary build does not overflow.
    pub stack_overflow: bool,
}

/// Frames of a trace kept in the excerpt.
const FRAMES: usize = 4;

/// Reads a sanitized run's stderr; `None` when no sanitizer spoke.
pub fn read(stderr: &[u8]) -> Option<Finding> {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    asan(&lines)
        .or_else(|| ubsan(&lines))
        .or_else(|| rust_panic(&lines))
}

/// The first frame of a trace in the program's own source: `(function, file:line)`.
fn user_frame<'a>(lines: impl Iterator<Item = &'a str>) -> Option<(String, String)> {
    for l in lines {
        let l = l.trim();
        if !l.starts_with('#') {
            continue;
        }
        // `#0 0x55d5c3 in dfs(int, int) /path/sol.cpp:23` (the function may hold spaces).
        let Some((_, rest)) = l.split_once(" in ") else {
            continue;
        };
        let Some((func, place)) = rest.rsplit_once(' ') else {
            continue;
        };
        let place = place.trim_start_matches('(').trim_end_matches(')');
        let own = !place.starts_with("../")
            && !place.starts_with("/usr/")
            && !place.contains("libasan")
            && !place.contains("libubsan")
            && !place.contains("libc.so")
            && place.contains(':');
        if own {
            return Some((short_function(func), short_place(place)));
        }
    }
    None
}

/// `dfs(int, int)` → `dfs`.
fn short_function(f: &str) -> String {
    f.split('(').next().unwrap_or(f).to_string()
}

/// `/path/to/sol.cpp:23:5` → `sol.cpp:23` (the file's name and line).
fn short_place(place: &str) -> String {
    let file_and_rest = place.rsplit('/').next().unwrap_or(place);
    let mut parts = file_and_rest.split(':');
    match (parts.next(), parts.next()) {
        (Some(f), Some(line)) if line.chars().all(|c| c.is_ascii_digit()) && !line.is_empty() => {
            format!("{f}:{line}")
        }
        _ => file_and_rest.to_string(),
    }
}

/// AddressSanitizer: `==123==ERROR: AddressSanitizer: KIND on address …`, the access
/// (`READ of size 4 at …`), the trace.
fn asan(lines: &[&str]) -> Option<Finding> {
    let at = lines
        .iter()
        .position(|l| l.contains("ERROR: AddressSanitizer:"))?;
    let head = lines[at].split("ERROR: AddressSanitizer:").nth(1)?.trim();
    let kind = head
        .split(" on ")
        .next()
        .unwrap_or(head)
        .split_whitespace()
        .next()
        .unwrap_or(head)
        .to_string();
    let access = lines[at + 1..].iter().take(3).find_map(|l| {
        let l = l.trim();
        let word = ["READ", "WRITE"].into_iter().find(|w| l.starts_with(w))?;
        let size = l.split("of size ").nth(1)?.split_whitespace().next()?;
        Some(format!("{word} of {size} bytes"))
    });
    // What libstdc++'s debug mode said before its abort, when that is the error.
    let debug_mode = lines[..at]
        .iter()
        .position(|l| l.trim_start().starts_with("Error:"))
        .map(|i| {
            lines[i]
                .trim()
                .trim_start_matches("Error:")
                .trim()
                .to_string()
        });
    let frame = user_frame(lines[at..].iter().copied());
    let mut summary = match (&debug_mode, &access) {
        (Some(msg), _) => msg.clone(),
        (None, Some(a)) => format!("{kind}, {a}"),
        (None, None) => kind.clone(),
    };
    if let Some((func, place)) = &frame {
        summary += &format!(" at {place} in {func}");
    }
    let mut excerpt: Vec<String> = Vec::new();
    if let Some(i) = lines[..at]
        .iter()
        .position(|l| l.trim_start().starts_with("Error:"))
    {
        excerpt.extend(lines[i.saturating_sub(1)..=i].iter().map(|l| l.to_string()));
    }
    let error = lines[at];
    excerpt.push(error[error.find("ERROR:").unwrap_or(0)..].to_string());
    excerpt.extend(
        lines[at + 1..]
            .iter()
            .filter(|l| {
                let t = l.trim();
                t.starts_with("READ") || t.starts_with("WRITE") || t.starts_with('#')
            })
            .take(FRAMES + 1)
            .map(|l| l.to_string()),
    );
    if let Some(s) = lines.iter().find(|l| l.starts_with("SUMMARY:")) {
        excerpt.push(s.to_string());
    }
    Some(Finding {
        stack_overflow: kind == "stack-overflow",
        kind: debug_mode.unwrap_or(kind),
        summary,
        excerpt: excerpt.into_iter().map(cut).collect(),
    })
}

/// UndefinedBehaviorSanitizer: `sol.cpp:12:5: runtime error: MESSAGE`.
fn ubsan(lines: &[&str]) -> Option<Finding> {
    let at = lines.iter().position(|l| l.contains(": runtime error: "))?;
    let (place, message) = lines[at].split_once(": runtime error: ")?;
    let message = message.trim().to_string();
    let summary = format!("{message} at {}", short_place(place.trim()));
    let mut excerpt = vec![lines[at].to_string()];
    excerpt.extend(
        lines[at + 1..]
            .iter()
            .filter(|l| l.trim().starts_with('#'))
            .take(FRAMES)
            .map(|l| l.to_string()),
    );
    Some(Finding {
        summary,
        kind: message,
        excerpt: excerpt.into_iter().map(cut).collect(),
        stack_overflow: false,
    })
}

/// A Rust panic: `thread 'main' panicked at sol.rs:9:5:` then the message.
fn rust_panic(lines: &[&str]) -> Option<Finding> {
    let at = lines
        .iter()
        .position(|l| l.starts_with("thread '") && l.contains("panicked at "))?;
    let place = lines[at]
        .split("panicked at ")
        .nth(1)?
        .trim_end_matches(':')
        .trim();
    // Older toolchains put the message first: `panicked at 'msg', sol.rs:9:5`.
    let (message, place) = match place.strip_prefix('\'') {
        Some(rest) => {
            let (m, p) = rest.rsplit_once("', ")?;
            (m.to_string(), p.to_string())
        }
        None => (lines.get(at + 1)?.trim().to_string(), place.to_string()),
    };
    let stack_overflow = message.contains("has overflowed its stack");
    Some(Finding {
        summary: format!("{message} at {}", short_place(&place)),
        kind: message,
        excerpt: lines[at..lines.len().min(at + 2)]
            .iter()
            .map(|l| cut(l.to_string()))
            .collect(),
        stack_overflow,
    })
}

/// A line cut to fit a terminal, its length shown.
fn cut(line: String) -> String {
    const WIDTH: usize = 160;
    if line.chars().count() <= WIDTH {
        return line;
    }
    let kept: String = line.chars().take(WIDTH).collect();
    format!("{kept}… ({} characters)", line.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_asan_report_gives_the_kind_the_access_and_the_line() {
        let stderr = "=================================================================\n\
==5057==ERROR: AddressSanitizer: global-buffer-overflow on address 0x555dc5588e00 at pc 0x555dc53feebb bp 0x7fff96e4e220 sp 0x7fff96e4e218\n\
WRITE of size 4 at 0x555dc5588e00 thread T0\n\
    #0 0x555dc53feeba in main /work/tests/solutions/agc017d_latent_oob.cpp:27\n\
    #1 0x7f9796a45249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58\n\
\n\
SUMMARY: AddressSanitizer: global-buffer-overflow /work/tests/solutions/agc017d_latent_oob.cpp:27 in main\n";
        let f = read(stderr.as_bytes()).expect("a finding");
        assert_eq!(
            f.summary,
            "global-buffer-overflow, WRITE of 4 bytes at agc017d_latent_oob.cpp:27 in main"
        );
        assert_eq!(f.kind, "global-buffer-overflow");
        assert!(!f.stack_overflow);
        assert!(f.excerpt.iter().any(|l| l.starts_with("SUMMARY:")));
    }

    #[test]
    fn a_frame_in_a_library_is_passed_over_for_the_program_s_own() {
        let stderr = "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1\n\
READ of size 4 at 0x1 thread T0\n\
    #0 0x1 in std::vector<int>::operator[](unsigned long) /usr/include/c++/12/bits/stl_vector.h:1123\n\
    #1 0x2 in dfs(int, int) /tmp/sol.cpp:23\n";
        let f = read(stderr.as_bytes()).unwrap();
        assert_eq!(
            f.summary,
            "heap-buffer-overflow, READ of 4 bytes at sol.cpp:23 in dfs"
        );
    }

    #[test]
    fn a_ubsan_report_gives_the_message_and_the_line() {
        let stderr = "/work/tests/solutions/agc017d_row16.cpp:27:78: runtime error: index 16 out of bounds for type 'int [16]'\n";
        let f = read(stderr.as_bytes()).unwrap();
        assert_eq!(
            f.summary,
            "index 16 out of bounds for type 'int [16]' at agc017d_row16.cpp:27"
        );
    }

    #[test]
    fn a_rust_panic_gives_the_message_and_the_line() {
        let stderr = "thread 'main' panicked at sol.rs:9:5:\nattempt to add with overflow\nnote: run with `RUST_BACKTRACE=1`\n";
        let f = read(stderr.as_bytes()).unwrap();
        assert_eq!(f.summary, "attempt to add with overflow at sol.rs:9");
    }

    #[test]
    fn a_stack_overflow_is_marked_and_silence_is_no_finding() {
        let stderr = "==9==ERROR: AddressSanitizer: stack-overflow on address 0x7ff (pc 0x1 bp 0x2 sp 0x3 T0)\n    #0 0x1 in g(int, int) /tmp/sol.cpp:11\n";
        let f = read(stderr.as_bytes()).unwrap();
        assert!(f.stack_overflow);
        assert_eq!(f.summary, "stack-overflow at sol.cpp:11 in g");
        assert_eq!(read(b"Traceback (most recent call last):\n"), None);
    }
}
