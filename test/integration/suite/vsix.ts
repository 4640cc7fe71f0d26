import { runMocha } from './runner';

export function run(): Promise<void> {
  return runMocha(() => {
    require('./vsix.test');
  });
}
