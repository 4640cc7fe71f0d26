import { runMocha } from './runner';

export function run(): Promise<void> {
  return runMocha(() => {
    require('./activation.test');
    require('./library.test');
    require('./cites.test');
    require('./completion.test');
    require('./rename.test');
    require('./support.test');
    require('./score.test');
    require('./draft.test');
    require('./neural.test');
    require('./llama-runtime.test');
    require('./commands.test');
    require('./models.test');
    require('./writer.test');
    require('./verify.test');
    // Last: it gives the library's title-only work an abstract and a PDF.
    require('./grounding.test');
  });
}
