//! The benchmarks' binary parses durations as `grundy` does: an absurd one is refused
//! with exit code 2, not a panic.

#[test]
fn an_infinite_duration_is_refused() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_grundy-bench"))
        .args(["campaign", "--seconds", "inf"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
