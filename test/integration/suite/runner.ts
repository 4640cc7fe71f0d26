// Runs mocha inside the extension host. Each suite entry (extension.ts, …) is bundled with this runner.
import Mocha from 'mocha';

export function runMocha(register: () => void): Promise<void> {
  // CITESCRIBE_IT_GREP runs only the tests whose titles match, while working on them; CI runs them all.
  const grep = process.env.CITESCRIBE_IT_GREP || undefined;
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: SummaryReporterFactory(), grep });
  // Test files call describe/it at load: expose mocha's globals before requiring them.
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  register();
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}

// Spec output plus the closing line CI reads ("N passed, N failed, N skipped"), printed from inside the host.
function SummaryReporterFactory() {
  const Base = Mocha.reporters.Spec;
  return class SummaryReporter extends Base {
    constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
      super(runner, options);
      runner.once('end', () => {
        const s = this.stats;
        console.log(`[extension host] ${s.passes} passed, ${s.failures} failed, ${s.pending} skipped`);
        console.log(`${s.passes} passed, ${s.failures} failed, ${s.pending} skipped`);
      });
    }
  };
}
