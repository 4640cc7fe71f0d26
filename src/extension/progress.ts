// A cancellable progress notification whose Cancel reaches the core as an AbortSignal: the core knows nothing of
// vscode's CancellationToken, and takes a `signal` (enrichLibrary, verifyEntries, an engine's citationSentence).
import * as vscode from 'vscode';

/** What a notification's progress takes: a message beside the title, and the bar's advance in percent. */
export type NotificationProgress = vscode.Progress<{ message?: string; increment?: number }>;

/**
 * Runs `work` under a cancellable progress notification titled `title` (e.g. 'CiteScribe: verifying references');
 * the notification's Cancel aborts `signal`. What the work does when aborted (most throw CancelledError) is its own.
 */
export function withCancellableProgress<T>(title: string, work: (progress: NotificationProgress, signal: AbortSignal) => Thenable<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    return work(progress, controller.signal);
  });
}
