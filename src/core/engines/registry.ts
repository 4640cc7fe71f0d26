// Engines by id. The default engine is always there; others (ONNX, server) register themselves at start-up.
import type { Engine } from '../types';
import { DefaultEngine, DEFAULT_ENGINE_ID } from './default-engine';

export interface EngineCreateOptions {
  /** Package root, for engines that load bundled resources (models). */
  packageRoot?: string;
  /** Free-form settings for engines that need them (model path, server URL …). */
  settings?: Record<string, unknown>;
}

export type EngineFactory = (options: EngineCreateOptions) => Engine | Promise<Engine>;

// The default engine is registered here, so that importing the registry alone is enough to create it.
const factories = new Map<string, EngineFactory>([[DEFAULT_ENGINE_ID, () => new DefaultEngine()]]);

export function registerEngine(id: string, factory: EngineFactory): void {
  factories.set(id, factory);
}

export function availableEngines(): string[] {
  return [...factories.keys()].sort();
}

export class EngineUnavailableError extends Error {
  constructor(id: string) {
    super(`engine ${id} is not available (available: ${availableEngines().join(', ') || 'none'})`);
    this.name = 'EngineUnavailableError';
  }
}

export async function createEngine(id: string, options: EngineCreateOptions = {}): Promise<Engine> {
  const factory = factories.get(id);
  if (!factory) throw new EngineUnavailableError(id);
  return factory(options);
}
