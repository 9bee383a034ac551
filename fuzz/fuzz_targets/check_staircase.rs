//! Solver against oracle on `staircase` positions decoded from the fuzzer's bytes.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    grundy_fuzzing::targets::check_target(grundy_games::Game::Staircase, data)
});
