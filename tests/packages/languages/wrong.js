const words = require("fs").readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const x = words.slice(1).reduce((x, a) => x ^ a /* WRONG: plain Nim */, 0);
console.log(x ? "First" : "Second");
