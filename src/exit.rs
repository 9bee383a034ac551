//! The exit code of a command: its outcome, or its error printed once (never for a closed
//! pipe or an interruption), and a failure to write standard output; a termination
//! signal received during the command wins. The codes themselves are the library's
//! ([`grundy_judging::error`]: `EXIT_OK`, `EXIT_FAIL`, and each error kind's).

use grundy_judging::error::{Error, ErrorKind, Outcome, EXIT_FAIL, EXIT_OK};

/// The exit code of a command's result, after printing its error (once) and any failure
/// to write standard output. A termination signal received during the command wins.
pub fn exit_code(result: Result<Outcome, Error>) -> i32 {
    let result = match (result, grundy_judging::output::failure()) {
        (Ok(_), Some(e)) => Err(e),
        (r, _) => r,
    };
    if let Some(sig) = grundy_sandbox::contain::received() {
        eprintln!(
            "stopped by {}; findings so far are saved",
            grundy_sandbox::contain::signal_name(sig)
        );
        return 128 + sig;
    }
    match result {
        Ok(Outcome::Passed) => EXIT_OK,
        Ok(Outcome::Failed) => EXIT_FAIL,
        Err(e) => {
            if !matches!(e.kind(), ErrorKind::BrokenPipe | ErrorKind::Interrupted) {
                eprintln!("error: {e}");
            }
            e.exit_code()
        }
    }
}
