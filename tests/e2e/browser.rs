//! The pages grundy writes, rendered by a real browser: headless Chromium (Debian's
//! `chromium`, installed by `.ci/run`) loads the check report, the values page and the
//! growth page from their files, and the DOM
//! it built and a screenshot are checked — one drawn witness per group with the witness's
//! vertices, and a picture that is not blank. Ignored by the plain test command (a fresh
//! machine has no browser); `.ci/run` runs them with `--ignored` after installing it.

use crate::common;
use crate::play::{json, start};
use common::{example, grundy, solution};
use std::path::Path;
use std::process::Command;

/// The browser's command, `chromium` where Debian puts it.
fn chromium() -> String {
    std::env::var("GRUNDY_CHROMIUM").unwrap_or_else(|_| "chromium".into())
}

/// The page's DOM after the browser rendered it (and ran its script for 5 s of virtual
/// time: its requests answered, its clicks handled).
fn dom(url: &str) -> String {
    let out = Command::new(chromium())
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .arg("--virtual-time-budget=5000")
        .arg(url)
        .output()
        .expect("chromium runs (installed by .ci/run: apt-get install chromium)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A screenshot of the page; returns how many distinct colours it has and the share of
/// pixels that are not white.
fn screenshot(url: &str, png: &Path) -> (usize, f64) {
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .arg("--virtual-time-budget=5000")
        .arg(format!("--screenshot={}", png.display()))
        .arg("--window-size=1000,1300")
        .arg(url)
        .output()
        .unwrap();
    assert!(png.is_file(), "{}", String::from_utf8_lossy(&out.stderr));
    let decoder = png::Decoder::new(std::fs::File::open(png).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let px = info.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(px).collect();
    let colours: std::collections::HashSet<&[u8]> = pixels.iter().copied().collect();
    let ink = pixels.iter().filter(|p| p[..3] != [255, 255, 255]).count();
    (colours.len(), ink as f64 / pixels.len() as f64)
}

/// The page at `url` pictured (`target/screenshots/NAME.png`, whence the guide's
/// screenshots) and not blank: more than 8 colours, and more than `least` of its pixels
/// not white.
fn pictured(url: &str, name: &str, least: f64) {
    let png = common::repo(&format!("target/screenshots/{name}.png"));
    std::fs::create_dir_all(png.parent().unwrap()).unwrap();
    let _ = std::fs::remove_file(&png);
    let (colours, ink) = screenshot(url, &png);
    assert!(
        colours > 8 && ink > least,
        "a blank screenshot of {name}: {colours} colours, {ink:.3} ink"
    );
}

/// `grundy check --report html`: the page shows each group's witness drawn, with as many
/// vertices as the witness has, and its screenshot is a picture.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn the_check_page_draws_each_witness_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    let out = grundy()
        .current_dir(dir.path())
        .args(["check", "agc017d", "--cases", "60", "--report", "html"])
        .arg(&page)
        .arg("--")
        .arg(solution("agc017d_mex.cpp"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("report page: {}", page.display())),
        "{err}"
    );
    let dom = dom(&format!("file://{}", page.display()));
    let groups = dom.matches("<section class=\"group\"").count();
    let drawn: Vec<&str> = dom.split("<figure class=\"drawn\">").skip(1).collect();
    assert!(
        groups >= 1 && drawn.len() == groups,
        "{groups} groups, {} drawings",
        drawn.len()
    );
    // The witness shrinks to 3 vertices: three vertices in its drawing, its winning first
    // move ringed.
    let first = drawn[0].split("</figure>").next().unwrap();
    assert_eq!(first.matches("class=\"vertex\"").count(), 3, "{first}");
    assert_eq!(first.matches("class=\"ring\"").count(), 1, "{first}");
    pictured(&format!("file://{}", page.display()), "check-report", 0.02);
}

/// `grundy values --report html`: the page in a browser has the table of values and each
/// family's sequence plotted, a point per k, the period shaded; its screenshot is a
/// picture.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn the_values_page_plots_each_family_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("values.html");
    let out = grundy()
        .args(["values"])
        .arg(example("subtraction"))
        .args(["--report", "html"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let dom = dom(&format!("file://{}", page.display()));
    assert!(dom.contains("<table class=\"values\">"), "{dom}");
    let family: Vec<&str> = dom.split("<section class=\"family\">").skip(1).collect();
    assert_eq!(family.len(), 1, "one family: a single value k");
    // k = 0..30: 31 points, and the period of 7 shaded.
    assert_eq!(family[0].matches("class=\"point\"").count(), 31);
    assert!(family[0].contains(">period 7</text>"));
    pictured(&format!("file://{}", page.display()), "values-page", 0.02);
}

/// `grundy scale --report html`: the page in a browser plots the growth — the times
/// measured, the fitted curve, the limit it crosses; its screenshot is a picture.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn the_scale_page_plots_the_growth_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("scale.html");
    let out = grundy()
        .current_dir(dir.path())
        .args(["scale", "agc017d", "--shape", "caterpillar", "--runs", "3"])
        .args(["--tl", "0.5", "--report", "html"])
        .arg(&page)
        .arg("--")
        .arg(solution("agc017d_quadratic.cpp"))
        .output()
        .unwrap();
    // Over the limit before the maximum size: exit 1, the page written all the same.
    assert_eq!(out.status.code(), Some(1));
    let dom = dom(&format!("file://{}", page.display()));
    assert_eq!(dom.matches("<section class=\"growth\">").count(), 1);
    assert!(dom.matches("class=\"point\"").count() >= 4, "{dom}");
    assert!(dom.contains("class=\"fitted\"") && dom.contains("class=\"limit\""));
    pictured(&format!("file://{}", page.display()), "scale-page", 0.02);
}

/// An interactive failure of a built-in game, drawn move by move: in a browser the
/// stepper shows the first frame only (the others hidden until their button is chosen),
/// its position drawn with the move played from it ringed.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn the_game_of_an_interactive_failure_steps_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let game = example("cut-interactive");
    let out = grundy()
        .current_dir(dir.path())
        .args(["check"])
        .arg(&game)
        .arg("--first")
        .arg("--")
        .arg(game.join("wrong-first-legal-move.py"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let steps = dir
        .path()
        .join("failures/cut-interactive/wrong-first-legal-move.check-1-1.steps.html");
    let dom = dom(&format!("file://{}", steps.display()));
    let frames = dom.matches("<div class=\"frame f").count();
    assert!(frames >= 2, "{dom}");
    assert_eq!(dom.matches("class=\"ring\"").count(), frames - 1);
    pictured(&format!("file://{}", steps.display()), "steps", 0.01);
}

/// `grundy play`: the page in a browser takes a click on a winning move (the page's
/// `autoplay` clicks the first green button), redraws, and the jury answers; the move
/// clicked was one the server listed as winning. A click on a losing move is answered
/// with a winning one: the player is left a lost position. Its screenshot is a picture.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn the_play_page_takes_a_click_and_the_jury_answers_in_a_browser() {
    let dir = example("node-kayles");
    let server = start(&[
        dir.as_os_str(),
        std::ffi::OsStr::new("--seed"),
        std::ffi::OsStr::new("6"),
    ]);
    let s = json(&server.addr, "GET", "/state");
    let winning: Vec<String> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["wins"] == true)
        .map(|m| m["label"].as_str().unwrap().to_string())
        .collect();
    assert!(
        !winning.is_empty(),
        "seed 6's position is won for the first player: {s}"
    );
    let won = dom(&format!("http://{}/?autoplay=1", server.addr));
    assert!(won.contains("1. you: "), "the click was not played:\n{won}");
    let after = json(&server.addr, "GET", "/state");
    let history = after["history"].as_array().unwrap();
    assert!(
        winning.contains(&history[0]["label"].as_str().unwrap().to_string()),
        "{after}"
    );
    // The jury answered (or could not: the clicked move won outright).
    assert!(history.len() == 2 || after["over"] == true, "{after}");
    assert!(
        won.contains("2. jury: ") || won.contains("you win"),
        "{won}"
    );
    // A losing move clicked (`autoplay=lose`): the jury, in a won position, answers with
    // a winning move, so the position comes back lost for the player (or over).
    let _ = json(&server.addr, "POST", "/new");
    let lost = dom(&format!("http://{}/?autoplay=lose", server.addr));
    assert!(
        lost.contains("2. jury: "),
        "the jury did not answer:\n{lost}"
    );
    let after = json(&server.addr, "GET", "/state");
    let first = after["history"][0]["label"].as_str().unwrap().to_string();
    assert!(
        !winning.contains(&first),
        "a losing move was clicked: {after}"
    );
    assert!(
        after["outcome"] == "lose" || after["over"] == true,
        "the jury's reply left the player a won position: {after}"
    );
    assert!(
        lost.contains("this position is lost for you") || lost.contains("the jury wins"),
        "{lost}"
    );
    // A fresh game for the screenshot: the start with its coloured moves.
    let _ = json(&server.addr, "POST", "/new");
    pictured(&format!("http://{}/", server.addr), "play", 0.02);
}

/// The play page's input box: an input typed there (the test's `edit=` types it and
/// clicks "play this input") is played — the server's game is the new one, drawn with its
/// vertices — and a malformed one is said on the page with its line and column.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn an_input_edited_on_the_play_page_is_played_in_a_browser() {
    let server = start(&[std::ffi::OsStr::new("agc017d")]);
    let input = "5\n1 2\n1 3\n3 4\n3 5\n";
    let dom = dom(&format!(
        "http://{}/?edit={}",
        server.addr,
        input.replace(' ', "%20").replace('\n', "%0A")
    ));
    let s = json(&server.addr, "GET", "/state");
    assert_eq!(s["input"], input, "{s}");
    let drawn = dom
        .split("id=\"drawing\"")
        .nth(1)
        .unwrap_or_else(|| panic!("no drawing:\n{dom}"));
    assert_eq!(drawn.matches("class=\"vertex\"").count(), 5, "{dom}");
    let dom = dom_of_edit(&server.addr, "5%0A1%202%0A9%203%0A");
    assert!(
        dom.contains("line 3") && dom.contains("column"),
        "the error is not on the page:\n{dom}"
    );
    assert_eq!(json(&server.addr, "GET", "/state")["input"], input);
}

/// The play page's DOM after it typed the (URL-encoded) input `edit` and played it.
fn dom_of_edit(addr: &str, edit: &str) -> String {
    dom(&format!("http://{addr}/?edit={edit}"))
}

/// `grundy harden --report html`: in a browser, a section per weakness shown with its
/// shrunk tree drawn and its game as a stepper (the first frame shown, its move ringed);
/// its screenshot is a picture.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn the_harden_page_shows_each_weakness_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("harden.html");
    let game = example("cut-interactor");
    let out = grundy()
        .current_dir(dir.path())
        .arg("harden")
        .arg(&game)
        .args(["--seed", "3", "--cases", "10", "--interactor"])
        .arg(game.join("weak-interactor.py"))
        .args(["--report", "html"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let dom = dom(&format!("file://{}", page.display()));
    let sections: Vec<&str> = dom
        .split("<section class=\"group weakness\"")
        .skip(1)
        .collect();
    assert!(!sections.is_empty(), "{dom}");
    for s in &sections {
        assert!(s.contains("<figure class=\"drawn\">"), "{s}");
        assert!(s.contains("<section class=\"steps\">"), "{s}");
    }
    pictured(&format!("file://{}", page.display()), "harden-page", 0.02);
}

/// `grundy testset --report html`: in a browser, every test drawn with what it kills; its
/// screenshot is a picture.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn the_testset_page_draws_every_test_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("testset.html");
    let out = grundy()
        .current_dir(dir.path())
        .arg("testset")
        .arg(example("node-kayles"))
        .args(["--out", "tests", "--report", "html"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let dom = dom(&format!("file://{}", page.display()));
    let tests = dom.matches("<section class=\"group test\"").count();
    let written = std::fs::read_dir(dir.path().join("tests"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "in")
        })
        .count();
    assert_eq!(tests, written, "a section per test written");
    assert_eq!(dom.matches("<figure class=\"drawn\">").count(), tests);
    pictured(&format!("file://{}", page.display()), "testset-page", 0.02);
}

/// `grundy hunt --report html`: in a browser, the climb plotted with the limit across and
/// the slowest input's summary; its screenshot is a picture.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn the_hunt_page_plots_the_climb_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("hunt.html");
    let out = grundy()
        .current_dir(dir.path())
        .args([
            "hunt", "agc017d", "--from", "random", "--tl", "0.5", "--time", "30",
        ])
        .args(["--report", "html"])
        .arg(&page)
        .arg("--")
        .arg(solution("agc017d_quadratic.cpp"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "a TLE is found");
    let dom = dom(&format!("file://{}", page.display()));
    let rows = dom.matches("<tr><td>").count();
    assert!(rows >= 2, "{dom}");
    assert_eq!(dom.matches("class=\"point\"").count(), rows);
    assert!(dom.contains("class=\"limit\"") && dom.contains("verdict: TLE"));
    pictured(&format!("file://{}", page.display()), "hunt-page", 0.02);
}

/// `grundy time --report html`: in a browser, each reference's times on every input
/// plotted against the recommended limit, a row per input; its screenshot is a picture.
#[test]
#[ignore = "needs a browser: .ci/run installs chromium and runs it"]
fn the_time_page_plots_each_reference_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("time.html");
    let out = grundy()
        .current_dir(dir.path())
        .env("GRUNDY_CACHE", dir.path())
        .args(["time", "agc017d", "--ref"])
        .arg(solution("agc017d_correct.cpp"))
        .args(["--hunt-time", "2", "--report", "html"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dom = dom(&format!("file://{}", page.display()));
    assert_eq!(dom.matches("<section class=\"growth\">").count(), 1);
    let rows = dom.matches("<tr><td>").count();
    assert!(rows >= 5, "{dom}");
    assert_eq!(dom.matches("class=\"point\"").count(), rows);
    assert!(dom.contains("class=\"limit\"") && dom.contains("recommended time limit"));
    pictured(&format!("file://{}", page.display()), "time-page", 0.02);
}
