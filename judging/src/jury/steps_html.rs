//! An interactive failure's game as a stepper: the position drawn before every move of
//! the transcript, one frame at a time, chosen by buttons (no script: each frame shows
//! when its radio button is checked). `grundy check` saves it beside the witness
//! (`NAME.steps.html`, a page of its own) for a built-in game, whose positions grundy can
//! draw; the report page (`--report html`) shows it in the witness's group.

use crate::html::esc;
use crate::jury::Arena;
use grundy_games::board::Board;
use std::fmt::Write as _;

/// A frame's ring: the vertex of the move played from it.
const NEXT: &str = "#2a6fb0";

/// Who wrote the transcript's `>` lines and its `<` lines, as captions name them.
pub type Sides<'a> = [&'a str; 2];

/// The sides of a judged game: grundy's jury (or the setter's interactor) and the program.
pub const JUDGED: Sides<'static> = ["the jury", "the program"];

/// A position's picture (HTML), the label of the move played from it given (to ring).
pub type Picture<'a, A> = dyn FnMut(&mut A, &<A as Arena>::Pos, Option<&str>) -> String + 'a;

/// A position of the game, its caption, and the move played from it (label, by the jury).
type Frame<P> = (String, P, Option<(String, bool)>);

/// The positions of the game a transcript played from `start` (whose test case the jury
/// first prints as `echo`): the start, then the position after each line that is a legal
/// move of the position it was said in (the echoed test case, the side words and the end
/// word are not moves). Each frame: its caption (the mover named by `sides`) and its picture — `draw` of the position
/// and the label of the move played from it (to ring), HTML. A failure of the arena
/// (rules that raise) ends the frames there.
pub fn game_steps<A: Arena>(
    arena: &mut A,
    start: A::Pos,
    echo: &str,
    transcript: &str,
    sides: Sides<'_>,
    draw: &mut Picture<'_, A>,
) -> Vec<(String, String)> {
    let by = |jury: bool| sides[usize::from(!jury)];
    // Each position: its caption, and the move played from it (its label, by the jury).
    let mut frames: Vec<Frame<A::Pos>> = vec![("the start".into(), start, None)];
    let tokens = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut echo = echo.lines().map(tokens).peekable();
    for line in transcript.lines() {
        // `[  0.012] > text`: who wrote it, and the text.
        let Some((_, rest)) = line.split_once("] ") else {
            continue;
        };
        let (jury, text) = match rest.split_at_checked(2) {
            Some(("> ", t)) => (true, t),
            Some(("< ", t)) => (false, t),
            _ => continue,
        };
        let said = tokens(text);
        if jury && echo.peek() == Some(&said) {
            echo.next();
            continue;
        }
        // The echo is over at the program's first line.
        if !jury {
            echo.by_ref().for_each(drop);
        }
        let last = frames.len() - 1;
        let Ok(moves) = arena.moves(&frames[last].1) else {
            break;
        };
        let Some(m) = moves.iter().find(|m| tokens(&arena.label(m)) == said) else {
            continue;
        };
        let Ok(next) = arena.after(&frames[last].1, m) else {
            break;
        };
        frames[last].2 = Some((said.clone(), jury));
        frames.push((
            format!("after move {}: `{said}` by {}", frames.len(), by(jury)),
            next,
            None,
        ));
    }
    frames
        .into_iter()
        .map(|(caption, pos, next)| {
            let caption = match &next {
                Some((said, jury)) => {
                    format!("{caption}; next: `{said}` by {} (ringed)", by(*jury))
                }
                None => format!("{caption}; no move follows"),
            };
            let picture = draw(arena, &pos, next.as_ref().map(|(said, _)| said.as_str()));
            (caption, picture)
        })
        .collect()
}

/// [`game_steps`] of a built-in game: each position drawn with its input's ids, the
/// vertex or edge of the move played from it ringed.
pub fn board_steps(
    start: Board,
    echo: &str,
    transcript: &str,
    sides: Sides<'_>,
) -> Vec<(String, String)> {
    let mut arena = crate::jury::builtin::Engines::default();
    game_steps(
        &mut arena,
        start,
        echo,
        transcript,
        sides,
        &mut |_, board, next| {
            let view = board.view();
            let ring = |m: grundy_games::board::Move| (next == Some(&m.label())).then_some(NEXT);
            grundy_draw::position_svg_marked(&view.position, grundy_draw::Ids::of(&view), &ring)
        },
    )
}

/// [`game_steps`] of a game given by its rules, on an input of one test case: each
/// position is the rules' state, written as the rules' `repr` of it under the input's
/// drawing (the input as it was: the rules' states are their own), on which the vertex a
/// move names (a label that is one vertex id) is ringed. Empty when the rules fail on the
/// start.
pub fn rules_steps(
    game: &crate::rules_game::RulesGame,
    schema: &grundy_games::schema::Schema,
    input: &grundy_games::schema::Instance,
    transcript: &str,
    sides: Sides<'_>,
) -> Vec<(String, String)> {
    use grundy_oracle::ruleset::{Explorer, RulesError};
    let [case] = input.cases.as_slice() else {
        return Vec::new();
    };
    let json = crate::rules_game::case_json(schema, case);
    let echo = schema.write(input);
    game.with_worker(|w| {
        let (root, _) = w
            .start_case(&json, false)
            .map_err(|f| RulesError::Explorer(Box::new(f)))?;
        let (mut arena, start) = crate::jury::rules::arena(w, root, game.spec.options());
        Ok(game_steps(
            &mut arena,
            start,
            &echo,
            transcript,
            sides,
            &mut |a, pos, next| {
                let ring = |v: u32| (next == Some(&(v + 1).to_string())).then_some(NEXT);
                let drawn =
                    grundy_draw::instance_svg_marked(schema, input, &ring).unwrap_or_default();
                format!(
                    "{drawn}<p class=\"label\">the rules' state</p><pre class=\"state\">{}</pre>",
                    esc(&a.worker().describe(pos.id()))
                )
            },
        ))
    })
    .unwrap_or_default()
}

/// The stepper of `frames` (each a caption and a picture, HTML; with its style); `id`
/// tells two steppers of one page apart (letters, digits, `-`).
pub fn stepper(id: &str, frames: &[(String, String)]) -> String {
    let mut style = String::from(".steps .frame,.steps input{display:none}.steps .nav label{display:inline-block;min-width:2em;text-align:center;margin:.1em;padding:.2em .4em;border:1px solid #888;border-radius:4px;cursor:pointer;font-family:monospace}");
    let mut h = String::new();
    for k in 0..frames.len() {
        let _ = write!(
            h,
            "<input type=\"radio\" name=\"{id}\" id=\"{id}-{k}\"{}>",
            if k == 0 { " checked" } else { "" }
        );
        let _ = write!(
            style,
            "#{id}-{k}:checked~.f{k}{{display:block}}#{id}-{k}:checked~.nav label[for={id}-{k}]{{background:#2a6fb0;color:#fff}}"
        );
    }
    h += "\n<div class=\"nav\">";
    for k in 0..frames.len() {
        let _ = write!(
            h,
            "<label for=\"{id}-{k}\">{}</label>",
            if k == 0 {
                "start".to_string()
            } else {
                k.to_string()
            }
        );
    }
    h += "</div>\n";
    for (k, (caption, svg)) in frames.iter().enumerate() {
        let _ = writeln!(
            h,
            "<div class=\"frame f{k}\"><p class=\"label\">{}</p><figure class=\"step\">{}</figure></div>",
            esc(caption),
            svg.find("<svg").map_or(svg.as_str(), |at| &svg[at..])
        );
    }
    format!("<section class=\"steps\">\n<style>{style}</style>\n<p class=\"label\">the game, move by move (choose a step)</p>\n{h}</section>\n")
}

/// The stepper as a page of its own (`NAME.steps.html`).
pub fn page(title: &str, id: &str, frames: &[(String, String)]) -> String {
    crate::html::head(title) + &stepper(id, frames) + crate::html::FOOT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_of_the_transcript_is_a_frame() {
        // A path 1 - 2 - 3 (agc017d: a move cuts the edge above its vertex).
        let pos = grundy_games::Problem::Agc017d
            .parse(b"3\n1 2\n2 3\n", true)
            .unwrap()
            .remove(0);
        let start = Board::new(&pos).unwrap();
        let transcript = "[  0.000] > 3\n[  0.000] > 1 2\n[  0.000] > 2 3\n[  0.010] < First\n[  0.020] < 3\n[  0.021] > 2\n";
        let frames = board_steps(start, "3\n1 2\n2 3\n", transcript, JUDGED);
        assert_eq!(frames.len(), 3, "{frames:?}");
        assert_eq!(frames[0].0, "the start; next: `3` by the program (ringed)");
        assert_eq!(
            frames[1].0,
            "after move 1: `3` by the program; next: `2` by the jury (ringed)"
        );
        assert_eq!(frames[0].1.matches("class=\"ring\"").count(), 1);
        assert_eq!(
            frames[2].0,
            "after move 2: `2` by the jury; no move follows"
        );
        assert_eq!(frames[0].1.matches("class=\"vertex\"").count(), 3);
        assert_eq!(frames[2].1.matches("class=\"vertex\"").count(), 1);
        let html = stepper("g1", &frames);
        assert_eq!(html.matches("type=\"radio\"").count(), 3);
        assert!(html.contains("#g1-2:checked~.f2{display:block}"));
    }
}
