// Mocha's spec reporter plus the plain closing line CI reads: "N passed, N failed, N skipped".
'use strict';
const Mocha = require('mocha');
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SpecWithTotals extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const s = this.stats;
      // Printed after spec's own epilogue so it is the last line of the suite.
      process.nextTick(() => console.log(`\n${s.passes} passed, ${s.failures} failed, ${s.pending} skipped`));
    });
  }
}
module.exports = SpecWithTotals;
