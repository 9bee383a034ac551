//! The input validator a judge runs (the Kattis / ICPC format's `input_validators/`), for
//! a package with a schema: the schema written as `schema.json` beside `validator.py`, a
//! small reader in Python (shipped inside grundy) that accepts exactly what `grundy
//! validate DIR FILE` accepts — the items, the limits, the bounds that name other
//! integers, the sums over test cases and the strict layout — and exits 42 (valid) or 43
//! (invalid, the reason on stderr). The e2e tests hold the two to the same decision on
//! valid inputs and on many broken ones.

use crate::file::File;
use grundy_games::schema::{Elements, Field, Item, Schema, Tests};
use serde_json::{json, Value};

/// The schema a judge's validator holds the inputs to: the package's own, else its
/// engine's (`agc017d` and `cot3` carry one; `poj3710`'s and `p2972`'s formats cannot be
/// written as a schema yet): `None` when there is none.
pub(crate) fn input_schema(
    pkg: &grundy_judging::package::Package,
) -> Result<Option<Schema>, grundy_judging::error::Error> {
    if !pkg.schema.items.is_empty() {
        return Ok(Some(pkg.schema.clone()));
    }
    match pkg.engine {
        Some(problem) => grundy_judging::package::builtin_schema(problem),
        None => Ok(None),
    }
}

/// The validator's reader, written into each package.
pub const VALIDATOR_PY: &str = include_str!("validator.py");

/// The schema as the Python reader reads it.
pub fn schema_json(schema: &Schema) -> Value {
    let items: Vec<Value> = schema
        .items
        .iter()
        .map(|it| match it {
            Item::Ints(names) => json!({"kind": "ints", "names": names}),
            Item::Tree {
                count,
                parents,
                weights,
            } => json!({"kind": "tree", "count": count, "parents": parents, "weights": weights}),
            Item::Graph {
                count,
                edges,
                rules,
                weights,
            } => json!({
                "kind": "graph", "count": count, "edges": edges, "weights": weights,
                "loops": rules.loops, "multi": rules.multi,
                "connected": rules.connected, "cactus": rules.cactus,
            }),
            Item::Array {
                len,
                values,
                distinct,
                name,
                ..
            } => json!({
                "kind": "array", "len": len, "distinct": distinct, "name": name,
                "values": match values {
                    Elements::Vertex => "vertex",
                    Elements::Range(lim) => lim.as_str(),
                },
            }),
            Item::Queries { count, kinds } => json!({
                "kind": "queries", "count": count,
                "kinds": kinds.iter().map(|k| json!({
                    "tag": k.tag,
                    "fields": k.fields.iter().map(|f| match f {
                        Field::Vertex => "vertex",
                        Field::Edge => "edge",
                        Field::Value(name) => name.as_str(),
                    }).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            }),
        })
        .collect();
    let tests = match &schema.tests {
        Tests::One => json!({"kind": "one"}),
        Tests::Count(name) => json!({"kind": "count", "name": name}),
        Tests::UntilEof => json!({"kind": "eof"}),
    };
    let dependent: serde_json::Map<String, Value> = schema
        .dependent
        .iter()
        .map(|(name, (lo, hi))| (name.clone(), json!([lo.postfix(), hi.postfix()])))
        .collect();
    json!({
        "items": items,
        "tests": tests,
        "limits": schema.limits,
        "dependent": dependent,
        "sums": schema.sums,
    })
}

/// The validator's files under `input_validators/grundy/`: the reader, the schema, and a
/// `build` and `run` script (problemtools and DOMjudge run a folder program this way).
pub(crate) fn files(schema: &Schema, package: &str) -> Vec<File> {
    let dir = "input_validators/grundy";
    let schema = serde_json::to_string_pretty(&schema_json(schema)).unwrap_or_default();
    vec![
        File {
            path: format!("{dir}/validator.py"),
            bytes: VALIDATOR_PY.as_bytes().to_vec(),
            executable: false,
        },
        File {
            path: format!("{dir}/schema.json"),
            bytes: format!("{schema}\n").into_bytes(),
            executable: false,
        },
        File {
            path: format!("{dir}/build"),
            bytes: b"#!/bin/sh\n# Nothing to build: the validator is a Python script.\nexit 0\n".to_vec(),
            executable: true,
        },
        File {
            path: format!("{dir}/run"),
            bytes: format!(
                "#!/bin/sh\n# The input validator of {package}, written by `grundy testset`: the input on stdin;\n# exit 42 when it is valid, 43 when not (the reason on stderr).\nexec python3 \"$(dirname \"$0\")/validator.py\" \"$@\"\n"
            )
            .into_bytes(),
            executable: true,
        },
    ]
}
