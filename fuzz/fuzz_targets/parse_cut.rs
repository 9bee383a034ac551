//! Raw bytes into the `cut` parser and validator: errors only, never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let problem = grundy_games::Problem::from_name("cut").expect("a problem id");
    grundy_fuzzing::targets::parse_target(problem, data)
});
