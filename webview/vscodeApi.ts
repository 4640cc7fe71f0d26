// The one handle on the VS Code webview API. acquireVsCodeApi may be called only once per page, so every view gets
// this wrapper instead of calling it again.

export interface WebviewApi<State, Outgoing> {
  postMessage(message: Outgoing): void;
  getState(): State | undefined;
  setState(state: State): void;
}

declare function acquireVsCodeApi(): { postMessage(m: unknown): void; getState(): unknown; setState(s: unknown): void };

let api: ReturnType<typeof acquireVsCodeApi> | undefined;

export function vscodeApi<State, Outgoing>(): WebviewApi<State, Outgoing> {
  api ??= acquireVsCodeApi();
  const raw = api;
  return {
    postMessage: (m) => raw.postMessage(m),
    getState: () => (raw.getState() ?? undefined) as State | undefined,
    setState: (s) => raw.setState(s),
  };
}
