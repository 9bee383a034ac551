//! An arbitrary position of any game prints and parses back to itself.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_fuzzing::targets::roundtrip_target(data));
