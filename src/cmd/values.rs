//! `grundy values DIR`: exploring a game given by its rules before proving anything. Every
//! input the schema enumerates up to a size is valued by the rules (the Grundy value under
//! normal play, else the outcome for the player to move), tabled by value and shape; then
//! each one-parameter family (a path of k vertices, a star of k rays, a single value k)
//! as a value sequence, with its period when one shows.

use crate::error::{Error, Outcome};
use crate::game::{case_json, AnswerKind, CaseResult, RulesGame};
use crate::outln;
use crate::package::Package;
use grundy_fuzzing::schema_enum::{self, Bounds, Family};
use grundy_games::schema::{Instance, Schema, Value};
use grundy_oracle::ruleset::Outcome as Result3;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The arguments of `grundy values`.
#[derive(clap::Args, Debug)]
pub struct ValuesArgs {
    /// The package folder (with `[game] rules`).
    pub dir: PathBuf,
    /// Every input up to this size: vertices of a tree or graph, an integer's distance
    /// from its minimum.
    #[arg(long, default_value_t = 6)]
    pub size: i64,
    /// Array values from their minimum up to the minimum plus this.
    #[arg(long, default_value_t = 3)]
    pub values: i64,
    /// Most edges of an enumerated graph.
    #[arg(long, default_value_t = 6)]
    pub edges: usize,
    /// The families' parameter k runs 1..=K (0..=K for a single value).
    #[arg(long, default_value_t = 30)]
    pub family: i64,
    /// Most inputs enumerated.
    #[arg(long, default_value_t = 20_000)]
    pub max_inputs: usize,
    /// Show what the rules print (stdout and stderr) as they print it.
    #[arg(long)]
    pub rules_stderr: bool,
}

/// A row of the table of values: inputs, shape → count, the smallest input.
type Row = (usize, BTreeMap<String, usize>, String);

/// A value in words: the Grundy value, or the outcome for the player to move; for a game
/// whose first player chooses the start, the winning starts (`{1,3}`, `{}` for none).
fn shown(game: &RulesGame, r: &CaseResult) -> String {
    if game.spec.answer == AnswerKind::WinningStarts {
        return format!("{{{}}}", r.winning_starts.join(","));
    }
    match (r.value, r.outcome) {
        (Some(v), _) => v.to_string(),
        (None, Result3::Win) => "win".into(),
        (None, Result3::Lose) => "lose".into(),
        (None, Result3::Draw) => "draw".into(),
    }
}

/// The shape of an input: its first tree's or graph's family, else its values.
fn shape(schema: &Schema, inst: &Instance) -> String {
    let case = &inst.cases[0];
    for v in &case.values {
        if let Value::Edges { n, edges, .. } = v {
            return format!("{} {n}", crate::suite::shape_of_edges(*n, edges, false));
        }
    }
    one_line(&schema.write(inst))
}

/// An input on one line (its lines joined by ` / `).
fn one_line(text: &str) -> String {
    text.trim_end().replace('\n', " / ")
}

fn value_of(
    game: &RulesGame,
    schema: &Schema,
    inst: &Instance,
) -> Result<CaseResult, grundy_judging::game::Unanswered> {
    game.solve_case(&case_json(schema, &inst.cases[0]), schema.size(inst))
}

impl ValuesArgs {
    /// Runs the command.
    pub fn run(self) -> Result<Outcome, Error> {
        if self.rules_stderr {
            grundy_judging::rules::show_stderr();
        }
        let pkg = Package::load(&self.dir)?;
        let Some(spec) = pkg.game.clone() else {
            return Err(Error::usage(format!(
                "{}: `grundy values` needs a game given by its rules (`[game] rules = \"rules.py\"` in problem.toml)",
                self.dir.display()
            )));
        };
        let game = RulesGame::new(spec)?;
        // The inputs the rules answer: `[game] small` caps the values enumerated.
        let schema = pkg.rules_schema.as_ref().unwrap_or(&pkg.schema);
        let bounds = Bounds {
            size: self.size.clamp(0, 64),
            values: self.values.clamp(0, 64),
            edges: self.edges.min(16),
            limit: self.max_inputs.max(1),
        };
        let (all, cut) = schema_enum::instances(schema, &bounds)
            .map_err(|e| Error::usage(format!("{}: {e}", self.dir.display())))?;
        // The size reached, not the size asked for: a cut enumeration stops early.
        let reached = all.iter().map(|i| schema.size(i)).max().unwrap_or(0);
        outln!(
            "grundy values {}: {} input{} up to size {reached}{} (values up to +{}){}",
            pkg.name,
            all.len(),
            if all.len() == 1 { "" } else { "s" },
            if reached as i64 == bounds.size {
                String::new()
            } else {
                format!(" of the {} asked for", bounds.size)
            },
            bounds.values,
            if cut {
                format!(", stopped at --max-inputs {}", bounds.limit)
            } else {
                String::new()
            }
        );
        value_table(&game, schema, &all);
        family_values(&game, schema, self.family);
        Ok(Outcome::Passed)
    }
}

/// The table of values: per value, the inputs that have it, their shapes and the
/// smallest; then the inputs the rules refused.
fn value_table(game: &RulesGame, schema: &Schema, all: &[Instance]) {
    let mut table: BTreeMap<(u8, u32, String), Row> = BTreeMap::new();
    let mut refused = 0usize;
    let mut first_refusal = None;
    for inst in all {
        let v = match value_of(game, schema, inst) {
            Ok(r) => shown(game, &r),
            Err(e) => {
                refused += 1;
                first_refusal.get_or_insert(e);
                continue;
            }
        };
        let key = match v.parse::<u32>() {
            Ok(g) => (0, g, v.clone()),
            Err(_) => (1, 0, v.clone()),
        };
        let row = table
            .entry(key)
            .or_insert_with(|| (0, BTreeMap::new(), one_line(&schema.write(inst))));
        row.0 += 1;
        *row.1.entry(shape(schema, inst)).or_insert(0) += 1;
    }
    outln!(
        "  {:<6} {:>7}  {:<50}  smallest input",
        "value",
        "inputs",
        "shapes"
    );
    for ((_, _, v), (count, shapes, smallest)) in &table {
        let mut by: Vec<(&String, &usize)> = shapes.iter().collect();
        by.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let mut s: String = by
            .iter()
            .take(6)
            .map(|(k, c)| format!("{k} ×{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        if by.len() > 6 {
            s += &format!(", … ({} shapes)", by.len());
        }
        if s.chars().count() > 50 {
            s = cut_to(&s, 48);
        }
        let smallest = if smallest.len() > 40 {
            cut_to(smallest, 40)
        } else {
            smallest.clone()
        };
        outln!("  {v:<6} {count:>7}  {s:<50}  {smallest}");
    }
    if let Some(e) = first_refusal {
        outln!(
            "  not valued: {refused} input(s), e.g.: {}",
            e.0.lines().next().unwrap_or("")
        );
    }
}

/// Text cut to `n` characters, with `…` when it was longer.
fn cut_to(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

/// The values along each one-parameter family of inputs (paths, stars, a single value …),
/// k up to `most`, and the period they show.
fn family_values(game: &RulesGame, schema: &Schema, most: i64) {
    for family in schema_enum::families(schema) {
        let from = if family == Family::Value { 0 } else { 1 };
        let mut seq = Vec::new();
        let mut stop = None;
        for k in from..=most.max(from) {
            let Some(inst) = schema_enum::member(schema, family, k) else {
                stop = Some(format!("k = {k} is past the limits"));
                break;
            };
            match value_of(game, schema, &inst) {
                Ok(r) => seq.push(shown(game, &r)),
                Err(e) => {
                    stop = Some(format!("k = {k}: {}", e.0.lines().next().unwrap_or("")));
                    break;
                }
            }
        }
        if seq.is_empty() {
            continue;
        }
        let last = from + seq.len() as i64 - 1;
        outln!(
            "{}, k = {from}..{last}: {}",
            family.describe(schema_enum::has_vertex_array(schema)),
            seq.join(" ")
        );
        match schema_enum::period(&seq) {
            Some((p, q)) => {
                outln!(
                    "  repeats with period {q} from k = {}{} up to k = {last} (seen, not proved)",
                    from + p as i64,
                    if p > 0 {
                        format!(" (a preperiod of {p})")
                    } else {
                        String::new()
                    }
                )
            }
            None => outln!("  no period found up to k = {last}"),
        }
        if let Some(why) = stop {
            outln!("  stopped: {why}");
        }
    }
}
